"""Who opened a page as a Telegram Mini App: the ``initData`` Telegram signed, checked as Telegram prescribes.

Telegram hands a Mini App its launch data in the address's fragment (``#tgWebAppData=…``); the page sends that
string here unchanged. It is believed only when its ``hash`` is the HMAC-SHA256, under the key
HMAC-SHA256("WebAppData", bot token), of every other received pair sorted by key and joined as ``key=value`` lines,
and its ``auth_date`` is at most a day old.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl

MAX_AGE = 86_400.0  # seconds: older launch data is refused
MAX_LENGTH = 8_192  # characters of initData read at all


class InitDataError(ValueError):
    """Launch data that signs nobody in; ``reason`` is ``missing``, ``malformed``, ``forged`` or ``expired``."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"Telegram's launch data is {reason}")
        self.reason = reason


@dataclass(frozen=True)
class TelegramUser:
    """The Telegram user the launch data names, and the page it was opened for (``start_param``), if any."""

    id: int
    name: str
    language: str | None
    start_param: str | None


def check_init_data(init_data: str, bot_token: str, now: float, max_age: float = MAX_AGE) -> TelegramUser:
    """The user ``init_data`` was signed for by the bot ``bot_token``; raise :class:`InitDataError` unless its hash is
    right and it is at most ``max_age`` seconds old at ``now``.

    >>> check_init_data("auth_date=1&hash=00", "1:A", now=2.0)
    Traceback (most recent call last):
    ...
    bot.web.telegram_auth.InitDataError: Telegram's launch data is forged
    """
    if not init_data or not bot_token:
        raise InitDataError("missing")
    if len(init_data) > MAX_LENGTH:
        raise InitDataError("malformed")
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise InitDataError("malformed") from None
    fields = dict(pairs)
    received = fields.pop("hash", "")
    if len(fields) + 1 != len(pairs) or not received:
        raise InitDataError("malformed")  # a key given twice, or no hash
    checked = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    expected = hmac.new(secret, checked.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, received.lower()):
        raise InitDataError("forged")
    try:
        signed_at = float(fields["auth_date"])
        user = json.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError):
        raise InitDataError("malformed") from None
    if not now - max_age <= signed_at <= now + 300:
        raise InitDataError("expired")
    name = str(user.get("username") or " ".join(filter(None, (user.get("first_name"), user.get("last_name")))) or user_id)
    language = user.get("language_code")
    return TelegramUser(user_id, name, language if isinstance(language, str) else None, fields.get("start_param"))

"""Every message the bot says, in English, Russian, Persian and Hungarian.

:func:`text` fills a message's placeholders; Persian messages are marked right-to-left.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import en, errors_fa, errors_hu, errors_ru, fa, hu, ru

# English move errors are the rules' own words; the other languages translate each error code.
CATALOGUES: dict[str, dict[str, str]] = {
    "en": en.MESSAGES,
    "ru": {**ru.MESSAGES, **errors_ru.ERRORS},
    "fa": {**fa.MESSAGES, **errors_fa.ERRORS},
    "hu": {**hu.MESSAGES, **errors_hu.ERRORS},
}
LANGUAGES: tuple[str, ...] = tuple(CATALOGUES)
RIGHT_TO_LEFT = frozenset({"fa"})
RLM = "\u200f"


def supported(language: str | None) -> str | None:
    """``language`` reduced to a supported code (``"ru-RU"`` → ``"ru"``), or ``None``."""
    if not language:
        return None
    code = language.lower().replace("_", "-").split("-")[0]
    return code if code in CATALOGUES else None


def text(language: str, key: str, **params: Any) -> str:
    """The message ``key`` in ``language`` (English when missing) with ``params`` filled in."""
    return template(language, key).format(**params)


def template(language: str, key: str) -> str:
    """The unfilled message ``key`` in ``language`` (English when missing)."""
    return CATALOGUES.get(language, en.MESSAGES).get(key) or en.MESSAGES[key]


def has(language: str, key: str) -> bool:
    """Whether ``language``'s catalogue has its own ``key``."""
    return key in CATALOGUES.get(language, {})


def mark_direction(language: str, message: str) -> str:
    """Start every line with a right-to-left mark for right-to-left languages."""
    if language not in RIGHT_TO_LEFT:
        return message
    return "\n".join(RLM + line if line and not line.startswith(RLM) else line for line in message.split("\n"))

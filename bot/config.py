"""Configuration from the environment (and a ``.env`` file), checked at start-up."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

from bot.i18n import LANGUAGES
from storage import sqlite_path

_USERINFO = re.compile(r"(?P<scheme>[A-Za-z][\w+.-]*://)(?P<user>[^:/?#@\s]*)(?P<password>:[^/?#\s]*)?@(?=[^@/?#\s]*(?:[/?#\s'\"]|$))")
_SECRET_PARAMETER = re.compile(r"(?i)\b(password|passwd|pass|pwd|sslpassword|secret|token|key|api_key|access_token)=[^&#\s'\"]*")
_BOT_TOKEN = re.compile(r"(?<!\d)\d{3,}:[\w-]{10,}")


def mask_secrets(text: str) -> str:
    """``text`` with every password, token and secret a URL or setting may carry replaced by ``***``.

    >>> mask_secrets("postgresql://bot:p@ss:w@rd@db/bot?sslpassword=x&host=h")
    'postgresql://bot:***@db/bot?sslpassword=***&host=h'
    >>> mask_secrets("https://me:secret@api.example.org/bot123456:ABCdefGHIjklMNO/getMe")
    'https://me:***@api.example.org/bot***/getMe'
    """
    text = _USERINFO.sub(lambda m: f"{m['scheme']}{m['user']}{':***' if m['password'] else ''}@", text)
    text = _SECRET_PARAMETER.sub(lambda m: f"{m.group(1)}=***", text)
    return _BOT_TOKEN.sub("***", text)


class ConfigError(ValueError):
    """A setting has a value the bot cannot use; the message names it (with every secret masked)."""

    def __init__(self, message: str) -> None:
        super().__init__(mask_secrets(message))


@dataclass(frozen=True)
class Config:
    """Every setting, with its default."""

    discord_token: str | None = None
    telegram_token: str | None = None
    telegram_api_url: str | None = None
    discord_api_url: str | None = None  # Discord's REST base (a proxy that shares one rate limit between processes)
    discord_gateway_url: str | None = None  # the gateway to connect to, where Discord's own answer is not wanted
    database_url: str = "sqlite:///data/bot.sqlite3"
    log_level: str = "INFO"
    default_language: str = "en"
    ai_time_budget: float = 2.0
    rate_limit: int = 20
    remind_after_hours: float = 12.0
    boards_dir: str = ""  # empty: "boards" beside the SQLite database
    discord_message_content: bool = True
    discord_shard_count: int | None = None
    discord_shard_ids: tuple[int, ...] | None = None
    telegram_webhook_url: str | None = None  # served on HTTP_LISTEN, at this address's path
    telegram_webhook_secret: str | None = None  # None: derived from the token (webhook_secret)
    log_format: str = "text"
    http_listen: str | None = None
    public_url: str | None = None  # where people reach the web pages; the terminal's default is HTTP_LISTEN's address
    telegram_mini_app: str | None = None  # the short name of the bot's Mini App (BotFather): the pages open in groups
    telegram_picture_chat: int | None = None  # where pictures are uploaded for inline games (their messages take no upload)
    bot_admins: tuple[str, ...] = ()
    vacation_days: int = 14
    challenge_days: float = 7.0
    unhealthy_after: float = 300.0  # seconds without reaching any platform before /healthz answers 503
    trusted_proxies: str = "127.0.0.0/8, ::1"  # whose X-Forwarded-For the pages believe

    @property
    def terminal(self) -> bool:
        """True when no chat platform is configured: the bot is a chat in the terminal."""
        return not (self.discord_token or self.telegram_token)

    @property
    def webhook_secret(self) -> str:
        """The secret Telegram sends with each webhook update: ``TELEGRAM_WEBHOOK_SECRET``, else one derived from the
        token (the same in every process and after every restart)."""
        return self.telegram_webhook_secret or derived_secret(self.telegram_token or "")

    @property
    def mode(self) -> str:
        """What ``run`` will do with these settings, in a sentence for ``check-config``."""
        if self.terminal:
            parts = ["the chat in this terminal (no DISCORD_TOKEN or TELEGRAM_TOKEN)"]
        else:
            parts = []
            if self.telegram_token:
                secret = "from TELEGRAM_WEBHOOK_SECRET" if self.telegram_webhook_secret else "derived from the token"
                parts.append(f"Telegram by webhook at {self.telegram_webhook_url} (served on HTTP_LISTEN {self.http_listen}; "
                             f"secret {secret})" if self.telegram_webhook_url else "Telegram by polling")
            if self.discord_token:
                parts.append("Discord" + (f" (shards {self.discord_shard_ids or 'all'} of {self.discord_shard_count})"
                                          if self.discord_shard_count else "")
                             + (f" through {self.discord_api_url}" if self.discord_api_url else ""))
        if self.http_listen:
            parts.append(f"pages, /healthz and /metrics on {self.http_listen}"
                         + (f" (public address {self.public_url})" if self.public_url else ""))
        database = "PostgreSQL" if self.database_path is None else f"SQLite at {self.database_path}"
        return "; ".join(parts) + f"; database: {database}"

    @property
    def pictures_dir(self) -> Path:
        """Where the terminal chat keeps board pictures: ``BOARDS_DIR``, or beside the SQLite database."""
        if self.boards_dir:
            return Path(self.boards_dir)
        return Path(self.database_path or "data/bot.sqlite3").parent / "boards"

    @property
    def log_file(self) -> Path:
        """Where the terminal chat writes its log (beside the database), so no log line interrupts the chat."""
        return Path(self.database_path or "data/bot.sqlite3").parent / "bot.log"

    @property
    def database_path(self) -> str | None:
        """The SQLite file, or None when the database is PostgreSQL."""
        return sqlite_path(self.database_url)

    def __repr__(self) -> str:  # tokens and passwords never appear in logs
        hidden = {"discord_token", "telegram_token", "telegram_webhook_secret"}
        shown = ", ".join(f"{k}={'***' if k in hidden and v else mask_secrets(repr(v))}" for k, v in self.__dict__.items())
        return f"Config({shown})"


PAGE_PATHS = ("/g/", "/c/", "/static", "/auth/", "/signin/", "/app", "/me/", "/learn", "/healthz", "/metrics")
FROM_FILES = ("TELEGRAM_TOKEN", "DISCORD_TOKEN", "TELEGRAM_WEBHOOK_SECRET", "DATABASE_URL")  # NAME_FILE works too


def read_secret(name: str, path: str) -> str:
    """The secret in the file ``path`` names (a Docker or systemd credential), stripped; :class:`ConfigError` naming
    the setting when it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ConfigError(f"{name} names {path!r}, which cannot be read: {exc.strerror or exc}") from None


def with_password(url: str, password: str) -> str:
    """``url`` (``postgresql://user@host/db``) with ``password`` put in, quoted.

    >>> with_password("postgresql://bot@db:5432/bot", "p@ss/w")
    'postgresql://bot:p%40ss%2Fw@db:5432/bot'
    """
    parts = urlsplit(url)
    if not parts.scheme.startswith("postgres") or not parts.username:
        raise ConfigError("DATABASE_PASSWORD_FILE needs a DATABASE_URL of PostgreSQL with a user and no password, "
                          "such as postgresql://bot@db:5432/bot")
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:{quote(password, safe='')}@{host}"))


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(text: str) -> tuple[Network, ...]:
    """Addresses and networks separated by commas (``127.0.0.1, 10.0.0.0/8, ::1``); ValueError naming a bad one.

    >>> [str(n) for n in networks("127.0.0.1, 172.16.0.0/12,::1")]
    ['127.0.0.1/32', '172.16.0.0/12', '::1/128']
    """
    found = []
    for part in (p.strip() for p in text.split(",")):
        if part:
            try:
                found.append(ipaddress.ip_network(part, strict=False))
            except ValueError:
                raise ValueError(f"{part!r} is no address or network") from None
    return tuple(found)


def derived_secret(token: str) -> str:
    """A webhook secret made from the bot's token: as secret as the token, the same in every process (a keyed hash in
    Telegram's alphabet ``A-Z a-z 0-9 _ -``).

    >>> derived_secret("123:ABC") == derived_secret("123:ABC") != derived_secret("123:ABD")
    True
    >>> len(derived_secret("123:ABC"))
    64
    """
    return hmac.new(token.encode(), b"telegram webhook secret", hashlib.sha256).hexdigest()


def host_and_port(name: str, value: str) -> tuple[str, int]:
    """``host:port`` split; :class:`ConfigError` naming the setting when it is not one."""
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(f"{name} must look like 127.0.0.1:8080 (an address and a port), not {value!r}")
    return host, int(port)


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines of a ``.env`` file (comments and blank lines skipped)."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


def load(environ: dict[str, str] | None = None, dotenv: Path | None = Path(".env")) -> Config:
    """Read the settings; raise :class:`ConfigError` with a clear message for a bad value."""
    values = read_dotenv(dotenv) if dotenv else {}
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        if not value and values.get(f"{name}_FILE", "").strip() and name in FROM_FILES:
            value = read_secret(f"{name}_FILE", values[f"{name}_FILE"].strip())
        return value or None

    def number(name: str, default: float, low: float, high: float) -> float:
        raw = get(name)
        if raw is None:
            return default
        try:
            value = float(raw)
        except ValueError:
            raise ConfigError(f"{name} must be a number, not {raw!r}") from None
        if not low <= value <= high:
            raise ConfigError(f"{name} must be between {low:g} and {high:g}, not {raw}")
        return value

    level = (get("LOG_LEVEL") or "INFO").upper()
    if level not in logging.getLevelNamesMapping():
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}")
    language = (get("DEFAULT_LANGUAGE") or "en").lower()
    if language not in LANGUAGES:
        raise ConfigError(f"DEFAULT_LANGUAGE must be one of {', '.join(LANGUAGES)}, not {language!r}")
    api_url = get("TELEGRAM_API_URL")
    if api_url and not api_url.startswith(("http://", "https://")):
        raise ConfigError(f"TELEGRAM_API_URL must start with http:// or https://, not {api_url!r}")
    discord_api = get("DISCORD_API_URL")
    if discord_api and not re.fullmatch(r"https?://[^\s/]+(/[^\s]*)?", discord_api):
        raise ConfigError(f"DISCORD_API_URL is Discord's REST base or a proxy's, such as https://discord.com/api/v10, "
                          f"not {discord_api!r}")
    discord_gateway = get("DISCORD_GATEWAY_URL")
    if discord_gateway and not re.fullmatch(r"wss?://[^\s/]+(/[^\s]*)?", discord_gateway):
        raise ConfigError(f"DISCORD_GATEWAY_URL is a gateway's address, such as wss://gateway.discord.gg/, "
                          f"not {discord_gateway!r}")
    database_url = get("DATABASE_URL") or f"sqlite:///{get('DATABASE_PATH') or 'data/bot.sqlite3'}"
    password_file = get("DATABASE_PASSWORD_FILE")
    if password_file:
        database_url = with_password(database_url, read_secret("DATABASE_PASSWORD_FILE", password_file))
    if sqlite_path(database_url) is None and not database_url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            f"DATABASE_URL must be sqlite:///path or postgresql://user:password@host/database, not {database_url!r}"
        )
    webhook = get("TELEGRAM_WEBHOOK_URL")
    if webhook and not webhook.startswith("https://"):
        raise ConfigError(f"TELEGRAM_WEBHOOK_URL must be an https:// address Telegram can reach, not {webhook!r}")
    http_listen = get("HTTP_LISTEN")
    if http_listen:
        host_and_port("HTTP_LISTEN", http_listen)
    if get("TELEGRAM_WEBHOOK_LISTEN"):
        raise ConfigError("TELEGRAM_WEBHOOK_LISTEN is no longer used: the webhook is served with the pages on HTTP_LISTEN "
                          "(point the proxy's webhook path there) — remove the setting")
    if webhook and not http_listen:
        raise ConfigError("TELEGRAM_WEBHOOK_URL needs HTTP_LISTEN: the webhook is served there, beside the pages")
    hook_path = urlsplit(webhook).path.rstrip("/") if webhook else ""
    if webhook and (not hook_path or hook_path.startswith(PAGE_PATHS)):
        raise ConfigError(f"TELEGRAM_WEBHOOK_URL needs a path of its own, such as https://bot.example.org/telegram "
                          f"(not one of the pages' {', '.join(PAGE_PATHS)}), not {webhook!r}")
    telegram_token = get("TELEGRAM_TOKEN")
    if telegram_token and not re.fullmatch(r"\d{1,20}:[A-Za-z0-9_-]{1,200}", telegram_token):
        raise ConfigError("TELEGRAM_TOKEN is the token BotFather gave, the bot's number, a colon and its secret (such as "
                          "123456789:AAH…); what is set has another shape")  # the value itself is never printed
    secret = get("TELEGRAM_WEBHOOK_SECRET")
    if secret and not re.fullmatch(r"[A-Za-z0-9_-]{16,256}", secret):
        raise ConfigError("TELEGRAM_WEBHOOK_SECRET must be 16 to 256 letters, digits, _ or - (Telegram's rule, and long "
                          "enough not to be guessed)")
    public_url = get("PUBLIC_URL")
    if public_url and not public_url.startswith(("https://", "http://")):
        raise ConfigError(f"PUBLIC_URL must be the pages' address, starting with https:// (or http://), not {public_url!r}")
    if public_url and not http_listen:
        raise ConfigError("PUBLIC_URL needs HTTP_LISTEN: the pages it links to are served there")
    picture_chat = get("TELEGRAM_PICTURE_CHAT")
    if picture_chat is not None and not re.fullmatch(r"-?\d{1,20}", picture_chat):
        raise ConfigError(f"TELEGRAM_PICTURE_CHAT is the id of a chat the bot may post in (a number such as "
                          f"-1001234567890), not {picture_chat!r}")
    mini_app = get("TELEGRAM_MINI_APP")
    if mini_app and not re.fullmatch(r"[A-Za-z0-9_]{3,30}", mini_app):
        raise ConfigError(f"TELEGRAM_MINI_APP is the Mini App's short name from BotFather (letters, digits, _), not {mini_app!r}")
    if mini_app and not public_url:
        raise ConfigError("TELEGRAM_MINI_APP needs PUBLIC_URL: the Mini App is the game pages")
    proxies = get("TRUSTED_PROXIES") or Config.trusted_proxies
    try:
        networks(proxies)
    except ValueError as exc:
        raise ConfigError(f"TRUSTED_PROXIES lists addresses or networks (127.0.0.1, 10.0.0.0/8): {exc}") from None
    log_format = (get("LOG_FORMAT") or "text").lower()
    if log_format not in ("text", "json"):
        raise ConfigError(f"LOG_FORMAT must be text or json, not {log_format!r}")
    shard_count = get("DISCORD_SHARD_COUNT")
    shards = int(number("DISCORD_SHARD_COUNT", 1, 1, 10_000)) if shard_count else None
    shard_ids: tuple[int, ...] | None = None
    if get("DISCORD_SHARD_IDS"):
        if shards is None:
            raise ConfigError("DISCORD_SHARD_IDS needs DISCORD_SHARD_COUNT (the total number of shards)")
        try:
            shard_ids = tuple(int(part) for part in (get("DISCORD_SHARD_IDS") or "").replace(" ", "").split(","))
        except ValueError:
            raise ConfigError(
                f"DISCORD_SHARD_IDS must be numbers separated by commas, not {get('DISCORD_SHARD_IDS')!r}"
            ) from None
        if any(not 0 <= shard < shards for shard in shard_ids):
            raise ConfigError(f"DISCORD_SHARD_IDS must be between 0 and {shards - 1} (DISCORD_SHARD_COUNT is {shards})")
    admins = tuple(part.strip() for part in (get("BOT_ADMINS") or "").split(",") if part.strip())
    for admin in admins:
        if ":" not in admin:
            raise ConfigError(f"BOT_ADMINS lists platform:user-id pairs such as telegram:12345, not {admin!r}")
    return Config(
        database_url=database_url,
        discord_shard_count=shards,
        discord_shard_ids=shard_ids,
        telegram_webhook_url=webhook,
        telegram_webhook_secret=secret,
        log_format=log_format,
        http_listen=http_listen,
        public_url=public_url.rstrip("/") if public_url else None,
        telegram_mini_app=mini_app,
        telegram_picture_chat=int(picture_chat) if picture_chat is not None else None,
        bot_admins=admins,
        vacation_days=int(number("VACATION_DAYS", 14, 0, 366)),
        challenge_days=number("CHALLENGE_DAYS", 7.0, 0.01, 366),
        unhealthy_after=number("UNHEALTHY_AFTER", 300.0, 1, 86400),
        trusted_proxies=proxies,
        discord_token=get("DISCORD_TOKEN"),
        telegram_token=telegram_token,
        telegram_api_url=api_url,
        discord_api_url=discord_api.rstrip("/") if discord_api else None,
        discord_gateway_url=discord_gateway,
        log_level=level,
        default_language=language,
        ai_time_budget=number("AI_TIME_BUDGET", 2.0, 0.05, 120),
        rate_limit=int(number("RATE_LIMIT", 20, 1, 10_000)),
        remind_after_hours=number("REMIND_AFTER_HOURS", 12.0, 0.01, 24 * 30),
        boards_dir=get("BOARDS_DIR") or "",
        discord_message_content=(get("DISCORD_MESSAGE_CONTENT") or "1").lower() not in ("0", "false", "no", "off"),
    )

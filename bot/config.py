"""Configuration from the environment (and a ``.env`` file), checked at start-up."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import LANGUAGES


class ConfigError(ValueError):
    """A setting has a value the bot cannot use; the message names it."""


@dataclass(frozen=True)
class Config:
    """Every setting, with its default."""

    discord_token: str | None = None
    telegram_token: str | None = None
    telegram_api_url: str | None = None
    database_path: str = "./data/bot.sqlite3"
    log_level: str = "INFO"
    default_language: str = "en"
    ai_time_budget: float = 2.0
    rate_limit: int = 20
    remind_after_hours: float = 12.0
    boards_dir: str = "./data/boards"
    discord_message_content: bool = True

    def __repr__(self) -> str:  # tokens never appear in logs
        hidden = {"discord_token", "telegram_token"}
        shown = ", ".join(f"{k}={'***' if k in hidden and v else v!r}" for k, v in self.__dict__.items())
        return f"Config({shown})"


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
    return Config(
        discord_token=get("DISCORD_TOKEN"),
        telegram_token=get("TELEGRAM_TOKEN"),
        telegram_api_url=api_url,
        database_path=get("DATABASE_PATH") or "./data/bot.sqlite3",
        log_level=level,
        default_language=language,
        ai_time_budget=number("AI_TIME_BUDGET", 2.0, 0.05, 120),
        rate_limit=int(number("RATE_LIMIT", 20, 1, 10_000)),
        remind_after_hours=number("REMIND_AFTER_HOURS", 12.0, 0.01, 24 * 30),
        boards_dir=get("BOARDS_DIR") or "./data/boards",
        discord_message_content=(get("DISCORD_MESSAGE_CONTENT") or "1").lower() not in ("0", "false", "no", "off"),
    )

"""Logging set-up: one line per event, as text or as JSON.

Handlers add ``extra={"game_id": …, "chat": …, "user_id": …}``; those fields appear in both
formats. Tokens never reach a log line: the configuration hides them, and :class:`JsonFormatter`
drops anything that looks like a bot token.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FIELDS = ("game_id", "chat", "user_id", "platform", "command", "seconds", "left_out")
_TOKEN = re.compile(r"(?<!\d)\d{6,}:[A-Za-z0-9_-]{30,}\b|\b[A-Za-z0-9_-]{24,}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}\b")


def scrub(text: str) -> str:
    """``text`` with anything shaped like a Telegram or Discord token replaced by ``***``.

    >>> scrub("GET /bot123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef0123/getMe")
    'GET /bot***/getMe'
    """
    return _TOKEN.sub("***", text)


class JsonFormatter(logging.Formatter):
    """A JSON object per line: time, level, logger, message and the known context fields."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": scrub(record.getMessage()),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                data[name] = value
        if record.exc_info:
            data["error"] = scrub(self.formatException(record.exc_info))
        return json.dumps(data, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """``time level logger: message key=value …``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        extras = " ".join(f"{name}={getattr(record, name)}" for name in FIELDS if getattr(record, name, None) is not None)
        return scrub(f"{line} {extras}" if extras else line)


class RepeatFilter(logging.Filter):
    """At most ``per_minute`` lines of one kind (the same logger, level and message template) in any minute; the
    first line let through after some were left out says how many (``left_out``). A failure that repeats in a tight loop (a full
    table of open files makes ``socket.accept()`` fail thousands of times a second) is then a few lines, not a
    disk filled."""

    def __init__(self, per_minute: int = 10, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.per_minute = per_minute
        self._clock = clock
        self._kinds: dict[tuple[str, int, str], list[Any]] = {}  # kind → [window start, lines let through, left out]

    def filter(self, record: logging.LogRecord) -> bool:
        now = self._clock()
        kind = (record.name, record.levelno, str(record.msg))
        seen = self._kinds.get(kind)
        if seen is None or now - seen[0] >= 60.0:
            left_out = seen[2] if seen else 0
            self._kinds[kind] = [now, 1, 0]
            if len(self._kinds) > 5000:  # forget kinds gone quiet
                self._kinds = {k: v for k, v in self._kinds.items() if now - v[0] < 60.0}
            if left_out:
                record.left_out = left_out
            return True
        if seen[1] < self.per_minute:
            seen[1] += 1
            return True
        seen[2] += 1
        return False


def configure(level: str, fmt: str, file: Path | None = None) -> None:
    """Send every log line to standard error in ``fmt`` (``text`` or ``json``); with ``file`` (the terminal
    chat), every line goes there and only errors to standard error: the chat itself shows no log lines."""
    formatter = JsonFormatter() if fmt == "json" else TextFormatter()
    handler: logging.Handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter)
    handlers = [handler]
    if file is not None:
        handler.setLevel(logging.ERROR)
        file.parent.mkdir(parents=True, exist_ok=True)
        to_file = logging.FileHandler(file, encoding="utf-8")
        to_file.setFormatter(formatter)
        handlers.append(to_file)
    for each in handlers:
        each.addFilter(RepeatFilter())
    root = logging.getLogger()
    root.handlers[:] = handlers
    root.setLevel(level)
    for noisy in ("httpx", "discord.gateway", "aiohttp.access"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, root.level))

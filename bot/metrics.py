"""Counters for the operations endpoint, written out in Prometheus' text format.

One :data:`METRICS` per process. The service counts moves, AI think time and errors; platform API
retries are counted from the chat libraries' own log lines (:class:`RetryCounter`), so every retry
they make is seen without wrapping their HTTP clients.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from dataclasses import dataclass, field


@dataclass
class Metrics:
    moves: int = 0
    errors: int = 0
    platform_retries: int = 0
    ai_moves: int = 0
    ai_seconds: float = 0.0
    started: float = field(default_factory=time.time)
    _recent_moves: deque[float] = field(default_factory=deque)

    def move_made(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.moves += 1
        self._recent_moves.append(now)
        self._forget(now)

    def moves_last_minute(self, now: float | None = None) -> int:
        self._forget(time.monotonic() if now is None else now)
        return len(self._recent_moves)

    def _forget(self, now: float) -> None:
        while self._recent_moves and self._recent_moves[0] < now - 60:
            self._recent_moves.popleft()

    def ai_thought(self, seconds: float) -> None:
        self.ai_moves += 1
        self.ai_seconds += seconds

    def render(self, active_games: int | None) -> str:
        """The figures in Prometheus' exposition format."""
        lines = [
            ("bot_moves_total", "counter", "Moves applied by this process.", self.moves),
            ("bot_moves_per_minute", "gauge", "Moves applied in the last 60 seconds.", self.moves_last_minute()),
            ("bot_ai_moves_total", "counter", "Moves chosen by the built-in opponent.", self.ai_moves),
            ("bot_ai_think_seconds_total", "counter", "Time the built-in opponent spent choosing moves.",
             round(self.ai_seconds, 6)),
            ("bot_errors_total", "counter", "Events or clock checks that failed with an internal error.", self.errors),
            ("bot_platform_api_retries_total", "counter", "Calls to a chat platform's API that were retried.",
             self.platform_retries),
            ("bot_uptime_seconds", "gauge", "Seconds since this process started.", round(time.time() - self.started, 3)),
        ]
        if active_games is not None:
            lines.append(("bot_active_games", "gauge", "Games being played (all processes).", active_games))
        out = []
        for name, kind, text, value in lines:
            out += [f"# HELP {name} {text}", f"# TYPE {name} {kind}", f"{name} {value}"]
        return "\n".join(out) + "\n"


METRICS = Metrics()

# Loggers of the chat libraries and what they say when they retry a call.
RETRY_SIGNS = {
    "telegram.ext.AIORateLimiter": "retrying",  # "Rate limit hit. Retrying after … seconds"
    "discord.http": "retrying",  # "We are being rate limited. … Retrying in … seconds."
}


class RetryCounter(logging.Handler):
    """Counts the chat libraries' log lines about retried API calls into :data:`METRICS`."""

    def emit(self, record: logging.LogRecord) -> None:
        sign = RETRY_SIGNS.get(record.name)
        if sign is not None and sign in record.getMessage().lower():
            METRICS.platform_retries += 1


def count_retries() -> None:
    """Attach :class:`RetryCounter` to the chat libraries' loggers (once)."""
    for name in RETRY_SIGNS:
        logger = logging.getLogger(name)
        if not any(isinstance(h, RetryCounter) for h in logger.handlers):
            logger.addHandler(RetryCounter(level=logging.DEBUG))
            if logger.level == logging.NOTSET or logger.level > logging.INFO:
                logger.setLevel(logging.INFO)

"""This process's figures for ``/metrics``, in Prometheus' format (``prometheus_client``).

One :data:`METRICS` per process, on its own registry with the standard ``process_*`` and ``python_*`` figures. The
service counts moves, errors and how long things take; the web server counts its open event streams; the database's
figures (the outbox backlog, the games being played, waits for a pooled connection) are read when ``/metrics`` is
asked (:meth:`Metrics.read_store`). Platform API retries are counted from the chat libraries' own log lines
(:class:`RetryCounter`), so every retry they make is seen without wrapping their HTTP clients.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)

CONTENT_TYPE = CONTENT_TYPE_LATEST
QUICK = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)  # seconds: answers and pictures
THINKING = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0, 30.0)  # seconds: around a 2 s budget


class Metrics:
    """The figures, with the methods the bot calls as things happen; ``moves``, ``errors``, ``platform_retries`` read
    the counters back (for the tests)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        r = self.registry
        self._moves = Counter("bot_moves", "Moves applied by this process.", registry=r)
        self._moves_per_minute = Gauge("bot_moves_per_minute", "Moves applied by this process in the last 60 seconds.",
                                       registry=r)
        self._errors = Counter("bot_errors", "Events or clock checks that failed with an internal error.", registry=r)
        self._retries = Counter("bot_platform_api_retries", "Calls to a chat platform's API that were retried.",
                                registry=r)
        self._replies = Histogram("bot_reply_seconds", "From an event's arrival to its replies being ready.",
                                  buckets=QUICK, registry=r)
        self._thinking = Histogram("bot_ai_think_seconds", "The built-in opponent's time to choose a move.",
                                   ["game", "level"], buckets=THINKING, registry=r)
        self._drawing = Histogram("bot_board_draw_seconds", "Drawing one board picture.", buckets=QUICK, registry=r)
        self._render_restarts = Counter("bot_render_worker_restarts", "Drawing processes started again after one died "
                                        "or hung.", registry=r)
        self._streams = Gauge("bot_event_streams_open", "The pages' open live streams (Server-Sent Events).", registry=r)
        self._streams_refused = Counter("bot_event_streams_refused", "Live streams refused: an address or the process "
                                        "had as many open as allowed.", registry=r)
        self._outbox = Gauge("bot_outbox_pending", "What the chats are owed and not yet sent (all processes).",
                             registry=r)
        self._outbox_age = Gauge("bot_outbox_oldest_pending_seconds", "Age of the oldest item the chats are owed: the "
                                 "figure to alert on (0: nothing owed).", registry=r)
        self._active = Gauge("bot_active_games", "Games being played (all processes).", registry=r)
        self._pool_waits = Gauge("bot_db_pool_waits", "Statements that waited for a free pooled database connection "
                                 "(a counter kept by the store).", registry=r)
        self._pool_wait_seconds = Gauge("bot_db_pool_wait_seconds", "Seconds statements waited in all for a pooled "
                                        "database connection (a counter kept by the store).", registry=r)
        self._platform_up = Gauge("bot_platform_up", "1 while the chat platform answers, 0 while it does not.",
                                  ["platform"], registry=r)
        self._lessons = Counter("bot_lesson_steps", "Lessons' steps reached by learners (step 0: a lesson begun; the "
                                "lesson's length: finished), by game.", ["game", "step"], registry=r)
        self._started = Gauge("bot_start_time_seconds", "When this process started (Unix time).", registry=r)
        self._started.set(time.time())
        self._recent_moves: deque[float] = deque()

    # -- as things happen --------------------------------------------------------------------------------------------

    def move_made(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._moves.inc()
        self._recent_moves.append(now)
        self._forget(now)

    def lesson_reached(self, game: str, step: int) -> None:
        """A learner reached ``step`` of ``game``'s lesson (0: began it; its length: finished it)."""
        self._lessons.labels(game, str(step)).inc()

    def lesson_count(self, game: str, step: int) -> int:
        return int(self._lessons.labels(game, str(step))._value.get())

    def error(self) -> None:
        self._errors.inc()

    def retried(self) -> None:
        self._retries.inc()

    def replied(self, seconds: float) -> None:
        self._replies.observe(seconds)

    def ai_thought(self, seconds: float, game: str = "", level: str = "") -> None:
        self._thinking.labels(game=game, level=level).observe(seconds)

    def board_drawn(self, seconds: float) -> None:
        self._drawing.observe(seconds)

    def render_worker_restarted(self) -> None:
        self._render_restarts.inc()

    def stream_opened(self) -> None:
        self._streams.inc()

    def stream_closed(self) -> None:
        self._streams.dec()

    def stream_refused(self) -> None:
        self._streams_refused.inc()

    def platform_state(self, platform: str, up: bool) -> None:
        self._platform_up.labels(platform=platform).set(1 if up else 0)

    # -- read back ---------------------------------------------------------------------------------------------------

    @property
    def moves(self) -> int:
        return int(self.registry.get_sample_value("bot_moves_total") or 0)

    @property
    def errors(self) -> int:
        return int(self.registry.get_sample_value("bot_errors_total") or 0)

    @property
    def platform_retries(self) -> int:
        return int(self.registry.get_sample_value("bot_platform_api_retries_total") or 0)

    def moves_last_minute(self, now: float | None = None) -> int:
        self._forget(time.monotonic() if now is None else now)
        return len(self._recent_moves)

    def _forget(self, now: float) -> None:
        while self._recent_moves and self._recent_moves[0] < now - 60:
            self._recent_moves.popleft()

    async def read_store(self, store: Any) -> None:
        """The database's figures, read now (each left as it was when the database does not answer)."""
        try:
            pending, oldest = await store.outbox_backlog()
            self._outbox.set(pending)
            self._outbox_age.set(max(0.0, time.time() - oldest) if oldest is not None else 0.0)
            self._active.set(await store.active_game_count())
        except Exception:  # the database is down: /healthz says so; the figures stay as last read
            pass
        waits, seconds = store.pool_waits()
        self._pool_waits.set(waits)
        self._pool_wait_seconds.set(seconds)

    def exposition(self) -> bytes:
        """Every figure in Prometheus' text format."""
        self._moves_per_minute.set(self.moves_last_minute())
        return generate_latest(self.registry)


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
            METRICS.retried()


def count_retries() -> None:
    """Attach :class:`RetryCounter` to the chat libraries' loggers (once)."""
    for name in RETRY_SIGNS:
        logger = logging.getLogger(name)
        if not any(isinstance(h, RetryCounter) for h in logger.handlers):
            logger.addHandler(RetryCounter(level=logging.DEBUG))
            if logger.level == logging.NOTSET or logger.level > logging.INFO:
                logger.setLevel(logging.INFO)

"""How every Telegram API call is sent: within Telegram's rates, per chat, retried when the network fails.

:class:`ChatRateLimiter` is python-telegram-bot's rate-limiter hook. Unlike the library's own
limiter, a flood wait (429 with ``retry_after``) holds only the chat Telegram named, and network
errors, timeouts and 5xx answers are retried with a growing pause; what still fails is raised for
the caller (the outbox sends it again later).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from aiolimiter import AsyncLimiter
from telegram.error import BadRequest, NetworkError, RetryAfter
from telegram.ext import BaseRateLimiter

from bot.metrics import METRICS

log = logging.getLogger(__name__)
JSONResult = bool | dict[str, Any] | list[dict[str, Any]]
T = TypeVar("T")

OVERALL_PER_SECOND = 30  # messages a second to all chats together
GROUP_PER_MINUTE = 20  # messages a minute to one group
NETWORK_TRIES = 4  # tries of a call whose network or server fails (pauses 0.5, 1, 2 s between them)
BOARDS = frozenset({"sendPhoto", "editMessageMedia", "sendAnimation"})  # they go first when a group's budget is short
FLOOD_TRIES = 4  # tries of a call Telegram asks to wait for


def backoff(attempt: int) -> float:
    """The pause before try ``attempt + 1`` after a network failure.

    >>> [backoff(n) for n in range(4)]
    [0.5, 1.0, 2.0, 4.0]
    """
    return 0.5 * 2.0**attempt


class ChatRateLimiter(BaseRateLimiter[int]):
    """Telegram's limits kept per chat; network failures retried. ``rate_limit_args`` is unused."""

    def __init__(self, overall: int = OVERALL_PER_SECOND, group_per_minute: int = GROUP_PER_MINUTE,
                 sleep: Callable[[float], Coroutine[Any, Any, None]] = asyncio.sleep) -> None:
        self._overall = AsyncLimiter(overall, 1)
        self._group_per_minute = group_per_minute
        self._groups: dict[int | str, AsyncLimiter] = {}
        self._held_until: dict[int | str, float] = {}  # chat → when Telegram lets us write to it again
        self._sleep = sleep
        self._boards_waiting: dict[int | str, int] = {}  # group → boards waiting for its budget
        self._boards_sent: dict[int | str, asyncio.Event] = {}  # group → set while no board waits
        self._closing: asyncio.Event | None = None

    def close(self) -> None:
        """The bot is stopping: every call still waiting for its turn fails at once (a board is sent again by the
        outbox after the restart), so a backlog never holds the stop up."""
        self._stopping().set()

    def _stopping(self) -> asyncio.Event:
        if self._closing is None:
            self._closing = asyncio.Event()
        return self._closing

    async def _unless_stopping(self, waiting: Coroutine[Any, Any, T]) -> T:
        """Wait for ``waiting`` and return what it returns, or raise :class:`NetworkError` as soon as :meth:`close` is
        called (a request under way then is abandoned: what it owed is sent again by the outbox after the restart)."""
        work = asyncio.ensure_future(waiting)
        stopped = asyncio.ensure_future(self._stopping().wait())
        try:
            await asyncio.wait({work, stopped}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopped.cancel()
        if not work.done():
            work.cancel()
            raise NetworkError("the bot is stopping: sent again after the restart")
        return work.result()

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, JSONResult]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> JSONResult:
        chat = _chat_key(data.get("chat_id"))
        floods = failures = 0
        while True:
            await self._unless_stopping(self._wait_for(chat))
            try:
                return await self._call(chat, callback, args, kwargs, board=endpoint in BOARDS)
            except RetryAfter as exc:
                floods += 1
                if floods >= FLOOD_TRIES:
                    raise
                wait = _seconds(exc.retry_after) + 0.1
                if chat is not None:
                    self._held_until[chat] = max(self._held_until.get(chat, 0.0), time.monotonic() + wait)
                METRICS.retried()
                log.info("Telegram asks to wait %.1f s before %s to chat %s; retrying then", wait, endpoint, chat)
                if chat is None:
                    await self._unless_stopping(self._sleep(wait))
            except BadRequest:
                raise  # the request itself is wrong: sending it again changes nothing
            except NetworkError as exc:  # connection lost, timeout, 5xx
                if failures + 1 >= NETWORK_TRIES:
                    raise
                METRICS.retried()
                log.info("%s to chat %s failed (%s); retrying in %.1f s", endpoint, chat, exc, backoff(failures))
                await self._unless_stopping(self._sleep(backoff(failures)))
                failures += 1

    async def _wait_for(self, chat: int | str | None) -> None:
        """Wait while Telegram holds ``chat`` after a flood wait (other chats go on meanwhile)."""
        while chat is not None:
            left = self._held_until.get(chat, 0.0) - time.monotonic()
            if left <= 0:
                self._held_until.pop(chat, None)
                return
            await self._sleep(left)

    async def _call(self, chat: int | str | None, callback: Callable[..., Coroutine[Any, Any, JSONResult]], args: Any,
                    kwargs: dict[str, Any], *, board: bool = False) -> JSONResult:
        """Make the call within the overall rate and, for a group, the group's rate, a board before other messages."""
        if chat is None:
            return await callback(*args, **kwargs)
        if _is_group(chat):
            await self._group_turn(chat, board)
        await self._unless_stopping(self._overall.acquire())
        return await self._unless_stopping(callback(*args, **kwargs))

    async def _group_turn(self, chat: int | str, board: bool) -> None:
        """Take one of the group's messages a minute; while a board waits for one, other messages wait behind it."""
        group = self._groups.get(chat)
        if group is None:
            group = self._groups[chat] = AsyncLimiter(self._group_per_minute, 60)
        sent = self._boards_sent.setdefault(chat, asyncio.Event())
        if not board:
            while self._boards_waiting.get(chat):
                await self._unless_stopping(sent.wait())
            await self._unless_stopping(group.acquire())
            return
        self._boards_waiting[chat] = self._boards_waiting.get(chat, 0) + 1
        sent.clear()
        try:
            await self._unless_stopping(group.acquire())
        finally:
            self._boards_waiting[chat] -= 1
            if not self._boards_waiting[chat]:
                del self._boards_waiting[chat]
                sent.set()


def _chat_key(chat_id: object) -> int | str | None:
    if chat_id is None:
        return None
    with contextlib.suppress(TypeError, ValueError):
        return int(str(chat_id))
    return str(chat_id)


def _is_group(chat: int | str) -> bool:
    """Negative ids and ``@names`` are groups and channels; private chats have positive ids."""
    return isinstance(chat, str) or chat < 0


def _seconds(value: object) -> float:
    total = getattr(value, "total_seconds", None)
    return float(total()) if callable(total) else float(value)  # type: ignore[arg-type]

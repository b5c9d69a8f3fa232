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
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.error import BadRequest, NetworkError, RetryAfter
from telegram.ext import BaseRateLimiter

from bot.metrics import METRICS

log = logging.getLogger(__name__)
JSONResult = bool | dict[str, Any] | list[dict[str, Any]]

OVERALL_PER_SECOND = 30  # messages a second to all chats together
GROUP_PER_MINUTE = 20  # messages a minute to one group
NETWORK_TRIES = 4  # tries of a call whose network or server fails (pauses 0.5, 1, 2 s between them)
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
            await self._wait_for(chat)
            try:
                return await self._call(chat, callback, args, kwargs)
            except RetryAfter as exc:
                floods += 1
                if floods >= FLOOD_TRIES:
                    raise
                wait = _seconds(exc.retry_after) + 0.1
                if chat is not None:
                    self._held_until[chat] = max(self._held_until.get(chat, 0.0), time.monotonic() + wait)
                METRICS.platform_retries += 1
                log.info("Telegram asks to wait %.1f s before %s to chat %s; retrying then", wait, endpoint, chat)
                if chat is None:
                    await self._sleep(wait)
            except BadRequest:
                raise  # the request itself is wrong: sending it again changes nothing
            except NetworkError as exc:  # connection lost, timeout, 5xx
                if failures + 1 >= NETWORK_TRIES:
                    raise
                METRICS.platform_retries += 1
                log.info("%s to chat %s failed (%s); retrying in %.1f s", endpoint, chat, exc, backoff(failures))
                await self._sleep(backoff(failures))
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
                    kwargs: dict[str, Any]) -> JSONResult:
        """Make the call within the overall rate and, for a group, the group's rate."""
        if chat is None:
            return await callback(*args, **kwargs)
        if not _is_group(chat):
            async with self._overall:
                return await callback(*args, **kwargs)
        group = self._groups.get(chat)
        if group is None:
            group = self._groups[chat] = AsyncLimiter(self._group_per_minute, 60)
        async with group, self._overall:
            return await callback(*args, **kwargs)


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

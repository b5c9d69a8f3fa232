"""Work done for whoever opens a page (the solvers' verdict on an explored position, a shared link's card): it takes
the processor only after every search of the built-in opponent (the fair share's last place: a bot move waits at most
for the one piece of it already running), with at most a few pieces waiting (more are refused at once, :class:`Busy`),
and each result is kept by what it is of, so the same position or the same card is computed once however often it is
asked for, and by however many at once.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Hashable
from typing import TypeVar

from bot.service.fair_share import FAIR, FairShare
from bot.service.lru import Recent

T = TypeVar("T")
WAITING_AT_MOST = 8  # pieces of strangers' work waiting for the processor; more are refused (Busy) at once
RETRY_AFTER = 5  # seconds a refused asker is told to wait


class Busy(Exception):
    """Too much strangers' work is waiting: ask again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int = RETRY_AFTER) -> None:
        super().__init__(f"busy: ask again in {retry_after} s")
        self.retry_after = retry_after


class StrangerLane:
    """Runs strangers' work after the bot's searches, at most ``waiting_at_most`` waiting, ``kept`` results kept."""

    def __init__(self, share: FairShare = FAIR, waiting_at_most: int = WAITING_AT_MOST, kept: int = 20_000) -> None:
        self._share = share
        self.waiting_at_most = waiting_at_most
        self.waiting = 0
        self._known: Recent[Hashable, object] = Recent(kept)
        self._running: dict[Hashable, asyncio.Future[object]] = {}

    def kept(self, key: Hashable) -> object | None:
        """What was computed for ``key``, while it is kept (``None`` otherwise)."""
        return self._known.get(key)

    async def run(self, key: Hashable, work: Callable[[], T]) -> T:
        """``work()``'s result for ``key``: kept from before, shared with the same work already waiting or running, or
        computed now in a worker thread when its turn comes after the bot's searches; :class:`Busy` when too much
        waits already."""
        if key in self._known:
            return self._known[key]  # type: ignore[return-value]
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)  # type: ignore[arg-type]
        if self.waiting >= self.waiting_at_most:
            raise Busy()
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        self.waiting += 1
        entered = False
        try:
            async with self._share.turn(math.inf, "beginner", 0.0):
                entered = True
                self.waiting -= 1
                result = await asyncio.to_thread(work)
        except BaseException as exc:
            if not entered:
                self.waiting -= 1
            future.set_exception(exc)
            future.exception()  # retrieved: nothing is logged when no one else waited for it
            raise
        finally:
            self._running.pop(key, None)
        self._known[key] = result
        future.set_result(result)
        return result


__all__ = ["RETRY_AFTER", "Busy", "StrangerLane"]

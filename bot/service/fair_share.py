"""The built-in opponent's searches share the processor fairly: at most :attr:`FairShare.slots` at once, the others
waiting in the order of their deadlines, and each given the share of the time left to its deadline that leaves the
ones waiting behind it theirs.

The engines' compiled loops hold Python's global lock, so two searches in one process take turns rather than run
side by side (two at once take as long as one after the other): one slot per process is the default, and more
processors are used by more bot processes on one PostgreSQL database. A search is never given less than its level's
floor (:data:`FLOORS`): under a load the floors cannot meet, answers come late rather than weak.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

# Seconds a search of each level is given at least, whatever waits: the master's floor keeps a search a few plies
# deep (its book and its proofs come first, as ever); the levels below play the moves of a shallower search anyway.
FLOORS = {"beginner": 0.0, "easy": 0.01, "normal": 0.02, "hard": 0.02, "master": 0.03}


class FairShare:
    """Hands out the processor: ``async with share.turn(deadline, level) as seconds`` waits for a slot and says how
    long the search may take."""

    def __init__(self, slots: int = 1, clock: Callable[[], float] = time.monotonic) -> None:
        self.slots = slots
        self._clock = clock
        self._running = 0
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []  # (deadline, arrival, its wake-up)
        self._arrivals = itertools.count()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    @property
    def running(self) -> int:
        return self._running

    def share(self, deadline: float, level: str, full: float) -> float:
        """The seconds a search starting now may take: its part of the time left to ``deadline``, the searches waiting
        counted in (not strangers' work, which has no deadline and waits for them all), at most ``full`` (its level's
        whole budget) and at least the level's floor."""
        left = deadline - self._clock()
        queued = sum(1 for waiting, _, _ in self._waiting if waiting != math.inf) / self.slots  # strangers' work waits
        return max(FLOORS.get(level, 0.0), min(full, left / (1 + queued)))

    @asynccontextmanager
    async def turn(self, deadline: float, level: str, full: float) -> AsyncIterator[float]:
        """Wait for a slot (the earliest deadline first), then yield the search's share in seconds."""
        if self._running >= self.slots or self._waiting:
            wake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            entry = (deadline, next(self._arrivals), wake)
            heapq.heappush(self._waiting, entry)
            try:
                await wake
            except BaseException:
                if entry in self._waiting:
                    self._waiting.remove(entry)
                    heapq.heapify(self._waiting)
                elif wake.done() and not wake.cancelled():
                    self._release()  # the slot it was handed goes on to the next one
                raise
        else:
            self._running += 1
        try:
            yield self.share(deadline, level, full)
        finally:
            self._release()

    def _release(self) -> None:
        """The running search is done: its slot goes to the waiting one with the earliest deadline."""
        while self._waiting:
            _, _, wake = heapq.heappop(self._waiting)
            if not wake.done():
                wake.set_result(None)  # the slot passes on: the number running stays
                return
        self._running -= 1


FAIR = FairShare()  # this process's searches take turns on the processor; strangers' work comes after them all

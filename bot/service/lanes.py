"""One asyncio lock per key that exists only while someone holds or waits for it.

The games repository holds a game with it; the front ends run each chat's updates in order with
it while different chats go on at once.

>>> import asyncio
>>> lanes = Lanes[str]()
>>> async def twice():
...     async with lanes.hold("chat"):
...         inside = len(lanes)
...     return inside, len(lanes)
>>> asyncio.run(twice())
(1, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class Lanes(Generic[K]):
    """Locks by key; a key's waiters go in the order they came (asyncio's locks are fair)."""

    def __init__(self) -> None:
        self._locks: dict[K, asyncio.Lock] = {}
        self._users: dict[K, int] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.asynccontextmanager
    async def hold(self, key: K) -> AsyncIterator[None]:
        """Hold ``key`` against every other holder of it in this process."""
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[key] -= 1
            if not self._users[key]:  # nobody holds or waits: the lock goes, so locks never pile up
                del self._users[key]
                del self._locks[key]

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
from collections import deque
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


class FairLanes(Generic[K]):
    """Lanes whose waiters are served fairly between senders: a key's holders come one at a time, and while several
    senders wait, they take turns (each sender's own in the order they came). So one person's twenty messages in a
    group do not hold everyone else's move back until they are all answered.

    >>> async def busy_group():
    ...     lanes, order = FairLanes[str](), []
    ...     async def say(who, n):
    ...         async with lanes.hold("group", who):
    ...             order.append(f"{who}{n}")
    ...             await asyncio.sleep(0)
    ...     await asyncio.gather(*[say("ann", n) for n in range(3)], say("bob", 0))
    ...     return order
    >>> asyncio.run(busy_group())
    ['ann0', 'bob0', 'ann1', 'ann2']
    """

    def __init__(self) -> None:
        self._busy: set[K] = set()
        self._waiting: dict[K, dict[Hashable, deque[asyncio.Future[None]]]] = {}

    def __len__(self) -> int:
        return len(self._busy)

    @contextlib.asynccontextmanager
    async def hold(self, key: K, who: Hashable = None) -> AsyncIterator[None]:
        """Hold ``key`` against every other holder of it in this process, taking turns between the ``who``s."""
        if key in self._busy:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(key, {}).setdefault(who, deque()).append(turn)
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._pass_on(key, who)  # it was this waiter's turn: give it to the next
                else:
                    self._forget(key, who, turn)
                raise
        else:
            self._busy.add(key)
        try:
            yield
        finally:
            self._pass_on(key, who)

    def _pass_on(self, key: K, last: Hashable) -> None:
        """Give ``key`` to the sender who waited longest for a turn, not ``last`` (who just had one) while others
        wait; each goes to the back after their turn. Free it when nobody waits."""
        senders = self._waiting.get(key)
        if senders and len(senders) > 1 and next(iter(senders)) == last:
            senders[last] = senders.pop(last)
        while senders:
            who, turns = next(iter(senders.items()))
            del senders[who]
            turn = turns.popleft()
            if turns:
                senders[who] = turns  # their next message waits behind everyone else's turn
            if not turn.cancelled():
                turn.set_result(None)
                return
        self._waiting.pop(key, None)
        self._busy.discard(key)

    def _forget(self, key: K, who: Hashable, turn: asyncio.Future[None]) -> None:
        senders = self._waiting.get(key, {})
        turns = senders.get(who)
        if turns is not None and turn in turns:
            turns.remove(turn)
            if not turns:
                del senders[who]

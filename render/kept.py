"""Pictures' parts drawn once and kept: a bounded store that the drawing threads share."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``limit`` values, the least recently used going first; safe to share between threads.

    >>> kept = Kept[int](2)
    >>> kept.get("a", lambda: 1), kept.get("b", lambda: 2), kept.get("a", lambda: 9)
    (1, 2, 1)
    >>> kept.get("c", lambda: 3), kept.get("b", lambda: 20)
    (3, 20)
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made by ``make()`` (outside the lock) when there is none."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = make()
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.limit:
                self._values.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._values)

"""A dict that keeps only the entries used most recently, for the service's caches."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(OrderedDict[K, V]):
    """At most ``limit`` entries; reading or writing one makes it the newest, the oldest goes first.

    >>> cache = Recent[str, int](2)
    >>> cache["a"], cache["b"] = 1, 2
    >>> cache.get("a")
    1
    >>> cache["c"] = 3
    >>> sorted(cache)
    ['a', 'c']
    """

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __getitem__(self, key: K) -> V:
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def get(self, key: K, default: V | None = None) -> V | None:  # type: ignore[override]
        if key not in self:
            return default
        return self[key]

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)

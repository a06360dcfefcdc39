"""What a game works out once and reuses for every later log that meets the same thing again: a seating's
fixed facts, a discipline's definition read. Kept process-wide, so bounded; the values are never changed once
made, so sharing them between logs and threads is safe.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(dict[K, V]):
    """At most ``limit`` values; when full, the older half goes (a dict keeps the order values came in)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        if len(self) >= self.limit:
            for old in list(self)[:self.limit // 2]:
                self.pop(old, None)  # another thread may have dropped it first
        self[key] = value
        return value

    def made(self, key: K, make: Callable[[K], V]) -> V:
        """The value kept for ``key``, made by ``make(key)`` (and kept) where there is none."""
        value = self.get(key)
        return self.keep(key, make(key)) if value is None else value

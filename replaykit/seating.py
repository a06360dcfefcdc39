"""Players seated clockwise in the order a log lists them: who sits to whose left, and turn orders.

Every game's fixed rules start from a seating; ``Seating`` is that part, shared, with the game's own
``Rules`` adding the rest (deck, rewards…).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Seating:
    seating: tuple[str, ...]

    @property
    def player_count(self) -> int:
        return len(self.seating)

    @cached_property
    def seat(self) -> dict[str, int]:
        """Each player's seat, from 0; a repeated name keeps its first seat."""
        seats: dict[str, int] = {}
        for index, name in enumerate(self.seating):
            seats.setdefault(name, index)
        return seats

    def is_player(self, name: object) -> bool:
        return type(name) is str and name in self.seat

    def left_of(self, player: str) -> str:
        """Play passes clockwise, to the left: the next seat in the list."""
        return self.seating[(self.seat[player] + 1) % len(self.seating)]

    def right_of(self, player: str) -> str:
        return self.seating[(self.seat[player] - 1) % len(self.seating)]

    def turn_order(self, first: str) -> tuple[str, ...]:
        """Everyone once, clockwise from ``first``."""
        start = self.seat[first]
        return self.seating[start:] + self.seating[:start]

    @cached_property
    def clockwise(self) -> dict[str, tuple[str, ...]]:
        """Each player's way round the table: everyone else clockwise from their left, then the player."""
        return {name: self.seating[start + 1:] + self.seating[:start + 1] for name, start in self.seat.items()}

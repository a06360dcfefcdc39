"""The pile of Discipline cards: which card is on top, postponing one face up under the pile, racing one.

With the log's ``discipline_deck`` the pile's order is known and followed exactly. Without it any
face-down card may be the one on top; postponed cards lie face up at the bottom, in the order they were
postponed, and come up only once no face-down card is left.
"""

from __future__ import annotations


class Pile:
    """The live Discipline pile of one replay."""

    def __init__(self, names: list[str], order: list[str] | None = None) -> None:
        self.ordered = order is not None
        self.face_down: list[str] = list(order if order is not None else names)  # known order: top first
        self.face_up: list[str] = []  # at the bottom, top first

    def __contains__(self, name: object) -> bool:
        return name in self.face_down or name in self.face_up

    def __len__(self) -> int:
        return len(self.face_down) + len(self.face_up)

    def top(self) -> str | None:
        """The card on top when it is known (``None`` for an empty pile or an unknown face-down order)."""
        if self.face_down:
            return self.face_down[0] if self.ordered or len(self.face_down) == 1 else None
        return self.face_up[0] if self.face_up else None

    def on_top(self, name: str) -> bool:
        if self.face_down:
            return self.face_down[0] == name if self.ordered else name in self.face_down
        return bool(self.face_up) and self.face_up[0] == name

    def is_face_up(self, name: str) -> bool:
        return name in self.face_up

    def postpone(self, name: str) -> None:
        """The card goes face up under the pile (when it is in the pile at all)."""
        if name in self:
            self.take(name)
            self.face_up.append(name)

    def take(self, name: str) -> None:
        """The raced card leaves the pile."""
        if name in self.face_down:
            self.face_down.remove(name)
        elif name in self.face_up:
            self.face_up.remove(name)

"""The fixed facts of one game of David & Goliath (``Rules``): the players in seating order, and the deck
that follows from their number. ``dg_replay.rules`` exports it with the rule functions.

Kept apart from those functions, which are compiled (mypyc): a compiled class cannot extend the core's
interpreted ``Seating``, and a game's facts are made once per game, never in a loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from dg_replay.cards import Card, deck
from replaykit.seating import Seating

MIN_PLAYERS = 3
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Rules(Seating):
    """One game's fixed facts: the players in clockwise seating order and everything that follows."""

    def __post_init__(self) -> None:
        # The seats worked out as the game starts rather than on their first read: under Python 3.11 that first
        # read of a ``cached_property`` takes a lock and costs more than the dict itself, once per game validated.
        self.__dict__["seat"] = Seating.seat.func(self)

    @property
    def deck_defined(self) -> bool:
        """Outside 3–6 players the rulebook gives no deck, so deck and hand checks cannot apply."""
        return MIN_PLAYERS <= len(self.seating) <= MAX_PLAYERS

    @property
    def max_value(self) -> int:
        return 3 * len(self.seating)

    @cached_property
    def deck(self) -> frozenset[Card]:
        return deck(self.max_value) if self.deck_defined else frozenset()

"""The fixed rules of Olympi Cards (player range, deck, rewards, victory points), apart from any log.

``Rules`` is the fixed game for one seating, as OpenSpiel keeps a Game apart from its States: who sits
next to whom and what each retirement earns. The replay and the simulator both play by these tables.

``Limits`` (the sizes past which a document is not a log, re-exported by ``log``) lives here, where the
module is not compiled: a compiled class cannot extend the core's interpreted ``TextLimits``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from olympi_replay.cards import COLORS, COPIES, VALUES
from replaykit.seating import Seating
from replaykit.texts import TextLimits

MIN_PLAYERS = 2
MAX_PLAYERS = 7
HAND_SIZE = 6
RACES = 9
DECK_SIZE = len(COLORS) * len(VALUES) * COPIES
MEDALS = ("gold", "silver", "bronze")
VP = {"gold": 4, "silver": 2, "bronze": 1}
RECORD_VP = 2


class Reward(NamedTuple):
    """What one retirement (or, with two players, one pass) earns."""

    medal: str | None  # for two players: the medal conceded to the opponent
    first_player: bool  # takes the First-player card
    draw: int  # cards drawn at once


# Index: how many players retired before. The last player's gold is not in these lists.
RETIREMENTS: dict[int, tuple[Reward, ...]] = {
    3: (Reward("bronze", False, 3), Reward("silver", True, 1)),
    4: (Reward(None, False, 3), Reward("bronze", True, 2), Reward("silver", False, 1)),
    5: (Reward(None, False, 3), Reward("bronze", True, 2), Reward("bronze", False, 1), Reward("silver", False, 0)),
    6: (Reward(None, False, 3), Reward(None, True, 2), Reward(None, False, 1), Reward("bronze", False, 0),
        Reward("silver", False, 0)),
    7: (Reward(None, False, 3), Reward(None, True, 3), Reward(None, False, 2), Reward(None, False, 1),
        Reward("bronze", False, 0), Reward("silver", False, 0)),
}
# Two players: the k-th pass of a race draws k cards and concedes a medal; the second passer takes the
# First-player card (a ruling), and the third pass ends the race.
PASSES: tuple[Reward, ...] = (Reward("bronze", False, 1), Reward("silver", True, 2), Reward("gold", False, 3))


@dataclass(frozen=True)
class Rules(Seating):
    """One game's fixed facts: the players in clockwise seating order and what follows from them."""

    @property
    def two_players(self) -> bool:
        return len(self.seating) == 2

    @property
    def deck_after_deal(self) -> int:
        return DECK_SIZE - HAND_SIZE * len(self.seating)

    def reward(self, retired_before: int) -> Reward:
        """The reward of a player retiring after ``retired_before`` others (3+ players)."""
        table = RETIREMENTS[len(self.seating)]
        return table[retired_before] if retired_before < len(table) else Reward("gold", False, 0)


@dataclass(frozen=True)
class Limits(TextLimits):
    """Sizes past which a document is not a log at all (a ``schema`` finding), not a game with too much in it
    (names, notes and meta are bounded by the core's ``TextLimits``)."""

    max_races: int = 20  # a game has nine; more is reported as too-many-races up to this bound
    max_turns: int = 400  # turns in one race: 90 cards and seven players' retirements fit many times
    max_cards: int = 120  # any list of cards or names (a hand, the deck, a draw, players, winners)
    max_disciplines: int = 40
    max_rule_depth: int = 8
    max_rule_items: int = 20
    max_rule_nodes: int = 32  # parts of one rule in all: every play walks the whole rule


DEFAULT_LIMITS = Limits()


def vp(medals: Mapping[str, int], records: int) -> int:
    """Victory points of a medal count and a number of World Records."""
    points = RECORD_VP * records
    for medal in MEDALS:  # a loop, not sum() of a generator: every race's close counts each seat's points
        points += VP[medal] * medals.get(medal, 0)
    return points


def winners(scores: Mapping[str, int], cards: Mapping[str, int], seating: Sequence[str]) -> list[str]:
    """Most VP; a tie goes to the most cards in hand; still tied, a shared win in seating order (a ruling)."""
    if not seating:
        return []
    best = max((scores.get(name, 0), cards.get(name, 0)) for name in seating)
    return [name for name in seating if (scores.get(name, 0), cards.get(name, 0)) == best]

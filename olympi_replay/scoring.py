"""What a race and a game are worth in Olympi Cards: each retirement's (or pass's) reward, victory points and
the winners. ``rules`` re-exports all of it with the rest of the fixed rules.

Kept apart from ``rules.Rules`` so that it can be compiled (mypyc): ``Rules`` extends the core's interpreted
``Seating``, which a compiled class cannot, while these are asked from compiled code at every retirement and
for every seat as each race closes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, NamedTuple

# Final: compiled code reads them as constants, not from the module's dict.
MEDALS: Final[tuple[str, ...]] = ("gold", "silver", "bronze")
VP: Final[dict[str, int]] = {"gold": 4, "silver": 2, "bronze": 1}
RECORD_VP: Final = 2


class Reward(NamedTuple):
    """What one retirement (or, with two players, one pass) earns."""

    medal: str | None  # for two players: the medal conceded to the opponent
    first_player: bool  # takes the First-player card
    draw: int  # cards drawn at once


# Index: how many players retired before. The last player's gold is not in these lists.
RETIREMENTS: Final[dict[int, tuple[Reward, ...]]] = {
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
PASSES: Final[tuple[Reward, ...]] = (Reward("bronze", False, 1), Reward("silver", True, 2), Reward("gold", False, 3))
LAST_PLAYER: Final = Reward("gold", False, 0)


def reward(players: int, retired_before: int) -> Reward:
    """The reward of a player retiring after ``retired_before`` others, in a game of ``players`` (3+)."""
    table = RETIREMENTS[players]
    return table[retired_before] if retired_before < len(table) else LAST_PLAYER


def vp(medals: dict[str, int], records: int) -> int:
    """Victory points of a medal count (a dict, or a Counter) and a number of World Records. Only the medals won
    are looked at: every seat's points are counted as each race closes, most seats with few kinds of medal."""
    points = RECORD_VP * records
    for medal, count in medals.items():
        points += VP[medal] * count
    return points


def winners(scores: Mapping[str, int], cards: Mapping[str, int], seating: Sequence[str]) -> list[str]:
    """Most VP; a tie goes to the most cards in hand; still tied, a shared win in seating order (a ruling)."""
    if not seating:
        return []
    best = max((scores.get(name, 0), cards.get(name, 0)) for name in seating)
    return [name for name in seating if (scores.get(name, 0), cards.get(name, 0)) == best]

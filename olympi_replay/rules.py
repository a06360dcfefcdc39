"""The fixed rules of Olympi Cards (player range, deck, rewards, victory points), apart from any log.

``Rules`` is the fixed game for one seating, as OpenSpiel keeps a Game apart from its States: who sits
next to whom and what each retirement earns. The replay and the simulator both play by these tables. The
rewards, victory points and winners are ``scoring``'s (compiled), re-exported here.

``Limits`` (the sizes past which a document is not a log, re-exported by ``log``) lives here, where the
module is not compiled: a compiled class cannot extend the core's interpreted ``TextLimits``.
"""

from __future__ import annotations

from dataclasses import dataclass

from olympi_replay import scoring
from olympi_replay.cards import COLORS, COPIES, VALUES
from olympi_replay.scoring import MEDALS as MEDALS
from olympi_replay.scoring import PASSES as PASSES
from olympi_replay.scoring import RECORD_VP as RECORD_VP
from olympi_replay.scoring import RETIREMENTS as RETIREMENTS
from olympi_replay.scoring import VP as VP
from olympi_replay.scoring import Reward as Reward
from olympi_replay.scoring import vp as vp
from olympi_replay.scoring import winners as winners
from replaykit.kept import Kept
from replaykit.seating import Seating
from replaykit.texts import TextLimits

MIN_PLAYERS = 2
MAX_PLAYERS = 7
HAND_SIZE = 6
RACES = 9
DECK_SIZE = len(COLORS) * len(VALUES) * COPIES


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
        return scoring.reward(len(self.seating), retired_before)


# The rules of the seatings met lately: a game's Rules never change once made, and what the seating derives (each
# player's way round the table, their seats) is worked out in Python once a Rules, where many logs of an archive
# seat the same players.
SEATINGS: Kept[tuple[str, ...], Rules] = Kept(256)  # seatings met (``replaykit.kept``)


def seated_rules(seating: tuple[str, ...]) -> Rules:
    """The Rules of ``seating``, made once while it is kept (``SEATINGS``): its names are those strings first
    read for it, which the reader reads a log's names as (``Reader.seats``)."""
    return SEATINGS.made(seating, Rules)


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

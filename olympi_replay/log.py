"""The typed Olympi Cards log the reader produces and the replay consumes, its size limits, and the one
way this game places a finding (by race and turn, both always present), and the ``Table`` the parts of a
replay report to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from olympi_replay.cards import Card
from olympi_replay.cards_state import Cards, Proof
from olympi_replay.disciplines import Discipline
from olympi_replay.rules import Rules
from replaykit.findings import Finding
from replaykit.texts import TextLimits

GAME_ID = "olympi"


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


def finding(code: str, severity: str, message: str, race: int | None = None, turn: int | None = None,
            player: str | None = None, path: str = "") -> Finding:
    """A finding placed by this game's units, both always present."""
    return Finding(code, severity, message, player, path, (("race", race), ("turn", turn)))


@dataclass(slots=True)
class Turn:
    player: str | None
    action: str | None
    cards: list[Card] | None = None  # a play's cards
    draw: list[Card] | None = None  # None: not given
    reshuffle: list[Card] | None = None
    note: str | None = None
    malformed: bool = False


@dataclass(slots=True)
class Awards:
    """A race's claims; ``None`` in ``medals`` or an absent key in ``given`` means: nothing to compare."""

    medals: dict[str, list[str]] | None = None
    first_player: str | None = None
    record: str | None = None
    given: frozenset[str] = frozenset()  # which of first_player and record were claimed readably


@dataclass(slots=True)
class Race:
    discipline: str | None
    postponed: str | None = None
    turns: list[Turn] = field(default_factory=list)
    awards: Awards = field(default_factory=Awards)
    note: str | None = None
    malformed: bool = False  # not replayed (its discipline still leaves the pile)


@dataclass(slots=True)
class Log:
    players: list[str] | None = None
    first_player: str | None = None
    world_record: bool = False
    disciplines: list[Discipline | str] | None = None  # a string is a catalogue id
    discipline_deck: list[str] | None = None
    hands: dict[str, list[Card]] | None = None  # malformed hands are left out: they count as not given
    deck: list[Card] | None = None
    races: list[Race] | None = None
    scores: dict[str, int] | None = None
    winners: list[str] | None = None
    meta: dict = field(default_factory=dict)
    stopped: bool = False  # game, players, disciplines or races unreadable: nothing can be replayed


class Table(Protocol):
    """What the parts of a replay (the deal in ``opening``, a race in ``race``) see of the game they belong to.
    ``replay.GameReplay`` is one; naming this protocol instead of it keeps those modules below the replay,
    which imports them."""

    rules: Rules
    cards: Cards
    first_player: str | None
    world_record: bool
    proof: Proof

    def add(self, code: str, message: str, path: str, race: int | None = None, turn: int | None = None,
            player: str | None = None, severity: str = "error") -> None: ...

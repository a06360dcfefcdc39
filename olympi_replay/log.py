"""The typed Olympi Cards log the reader produces and the replay consumes, its size limits, and the one
way this game places a finding (by race and turn, both always present), and the ``Table`` the parts of a
replay report to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from olympi_replay.cards_state import Cards, Proof
from olympi_replay.disciplines import Discipline
from olympi_replay.rules import DEFAULT_LIMITS as DEFAULT_LIMITS
from olympi_replay.rules import Limits as Limits
from olympi_replay.rules import Rules
from replaykit.findings import Finding
from replaykit.native import mypyc_attr

GAME_ID = "olympi"


def finding(code: str, severity: str, message: str, race: int | None = None, turn: int | None = None,
            player: str | None = None, path: str = "") -> Finding:
    """A finding placed by this game's units, both always present."""
    return Finding(code, severity, message, player, path, (("race", race), ("turn", turn)))


@mypyc_attr(acyclic=True)  # as ``report.TurnRecord``: out of the collector's reach
class Turn:
    """One turn as read. A plain class rather than a dataclass: compiled, it is made without the Python-level
    ``__init__`` a dataclass gets (one per turn of the log)."""

    __slots__ = ("action", "cards", "draw", "malformed", "note", "player", "reshuffle")

    def __init__(self, player: str | None, action: str | None, cards: list[int] | None = None,
                 draw: list[int] | None = None, reshuffle: list[int] | None = None, note: str | None = None,
                 malformed: bool = False) -> None:
        self.player = player
        self.action = action
        self.cards = cards  # a play's cards, each as its index (``cards.CARD_INDEX``), as every card read
        self.draw = draw  # None: not given
        self.reshuffle = reshuffle
        self.note = note
        self.malformed = malformed


@mypyc_attr(acyclic=True)  # as ``Turn``
class Awards:
    """A race's claims; ``None`` in ``medals`` or an absent key in ``given`` means: nothing to compare."""

    __slots__ = ("first_player", "given", "medals", "record")

    def __init__(self) -> None:
        self.medals: dict[str, list[str]] | None = None
        self.first_player: str | None = None
        self.record: str | None = None
        self.given: frozenset[str] = frozenset()  # which of first_player and record were claimed readably


@mypyc_attr(acyclic=True)  # as ``Turn``
class Race:
    """One race entry as read (plain classes, as ``Turn``)."""

    __slots__ = ("awards", "discipline", "malformed", "note", "postponed", "turns")

    def __init__(self, discipline: str | None, malformed: bool = False) -> None:
        self.discipline = discipline
        self.postponed: str | None = None
        self.turns: list[Turn] = []
        self.awards = Awards()
        self.note: str | None = None
        self.malformed = malformed  # not replayed (its discipline still leaves the pile)


@dataclass(slots=True)
class Log:
    players: list[str] | None = None
    first_player: str | None = None
    world_record: bool = False
    disciplines: list[Discipline | str] | None = None  # a string is a catalogue id
    discipline_deck: list[str] | None = None
    hands: dict[str, list[int]] | None = None  # malformed hands are left out: they count as not given
    deck: list[int] | None = None
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
    findings: list[Finding]
    first_player: str | None
    world_record: bool
    proof: Proof

    def add(self, code: str, message: str, path: str, race: int | None = None, turn: int | None = None,
            player: str | None = None, severity: str = "error") -> None: ...

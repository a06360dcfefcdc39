"""What a replay found and computed, and its JSON form (spec section 4, with the detail charts need).

Per play: who, the set or the pass, and every player's cards left after it. Per trick: leader, the last
set's player, base size, last value, cards left and who went out. Per round: the ranks due, the seating
played, the deal as recorded, the revolution and its kind, the transfers as performed, who went out when,
points and totals, and what the log claims beside them (so a page can show claims beside truth).
Reports are plain data; the command line and the API render ``to_dict()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dalmuti_replay.cards import Card
from dalmuti_replay.log import GAME_ID
from dalmuti_replay.rules import Options
from replaykit.findings import Finding, split
from replaykit.native import mypyc_attr

ROUND_CLAIMS = ("ranks", "finish", "points", "totals")
SESSION_CLAIMS = ("totals", "winners")


def texts(cards: list[Card] | None) -> list[str] | None:
    return None if cards is None else [str(card) for card in cards]


def copied(claim: object) -> object:
    """A claim as the report keeps it: a list or a dict copied."""
    if isinstance(claim, list):
        return list(claim)
    if isinstance(claim, dict):
        return dict(claim)
    return claim


def claims_of(claims: dict[str, object], keys: tuple[str, ...]) -> dict[str, object]:
    """Every claim key, null when the log makes no such claim; lists and dicts copied."""
    return {key: copied(claims.get(key)) for key in keys}


@mypyc_attr(acyclic=True)  # as ``log.Play``: no reference cycle, out of the collector's reach
class PlayRecord:
    """One play, and its player's cards left after it when the play changed them (``left``, else ``None``).
    Only what changed: everyone's count at every play would make a report grow with players × plays. This
    record and the trick's are plain classes rather than dataclasses: compiled, they are made without a
    Python-level ``__init__`` (one per play of the log)."""

    __slots__ = ("cards", "left", "note", "number", "player", "went_out")

    def __init__(self, number: int, player: str, cards: list[Card] | None, left: int | None = None,
                 went_out: bool = False, note: str | None = None) -> None:
        self.number = number
        self.player = player
        self.cards = cards
        self.left = left
        self.went_out = went_out
        self.note = note

    @property
    def cards_left(self) -> dict[str, int]:
        return {} if self.left is None else {self.player: self.left}

    def to_dict(self) -> dict:
        return {"number": self.number, "player": self.player, "cards": texts(self.cards),
                "pass": self.cards is None, "cards_left": self.cards_left, "out": self.went_out,
                "note": self.note}


@mypyc_attr(acyclic=True)  # as ``PlayRecord``
class TrickRecord:
    """One trick: its leader, the last set's player (``winner``), the base set's size, the last set's value,
    everyone's cards left and who went out when it ended, and its plays."""

    __slots__ = ("cards_left", "leader", "note", "number", "out", "plays", "size", "value", "winner")

    def __init__(self, number: int, note: str | None = None) -> None:
        self.number = number
        self.leader: str | None = None
        self.winner: str | None = None
        self.size: int | None = None
        self.value: int | None = None
        self.cards_left: dict[str, int] = {}
        self.out: list[str] = []
        self.plays: list[PlayRecord] = []
        self.note = note

    def fork(self) -> TrickRecord:
        """A copy with its own list of plays, which a fork of the round extends."""
        twin = TrickRecord(self.number, self.note)
        twin.leader, twin.winner, twin.size, twin.value = self.leader, self.winner, self.size, self.value
        twin.cards_left, twin.out, twin.plays = self.cards_left, self.out, list(self.plays)
        return twin

    def to_dict(self) -> dict:
        return {"number": self.number, "leader": self.leader, "winner": self.winner, "size": self.size,
                "value": self.value, "cards_left": dict(self.cards_left), "out": list(self.out),
                "plays": [play.to_dict() for play in self.plays], "note": self.note}


@mypyc_attr(acyclic=True)  # as ``PlayRecord``
class TransferRecord:
    """A transfer as performed: ``kind`` is a duty's kind (rules.DUTY_ORDER) or "not-due". A plain class, as the
    round's record is: compiled, a dataclass is made through its Python-level ``__init__``."""

    __slots__ = ("cards", "giver", "kind", "receiver")

    def __init__(self, kind: str, giver: str, receiver: str, cards: list[Card]) -> None:
        self.kind = kind
        self.giver = giver
        self.receiver = receiver
        self.cards = cards

    def to_dict(self) -> dict:
        return {"kind": self.kind, "from": self.giver, "to": self.receiver, "cards": texts(self.cards)}


@mypyc_attr(acyclic=True)  # as ``PlayRecord``
class OutRecord:
    """A player out of cards: when (trick and play) and the points it scored."""

    __slots__ = ("play", "player", "points", "trick")

    def __init__(self, player: str, trick: int | None, play: int | None, points: int) -> None:
        self.player = player
        self.trick = trick
        self.play = play
        self.points = points

    def to_dict(self) -> dict:
        return {"player": self.player, "trick": self.trick, "play": self.play, "points": self.points}


@mypyc_attr(acyclic=True)  # as ``PlayRecord``
class RoundRecord:
    """One round: ``ranks`` the order due at the start, before any revolution; ``order`` the seating played,
    after a Great Revolution; ``start`` the cards each holds as play begins (the State's count); ``hands`` the
    deal as recorded, readable hands only; ``claims`` the ranks, finish, points and totals as the log says.
    A plain class: compiled, a dataclass is made through its Python-level ``__init__``, and the tax phase makes
    a copy of this record each time it is replayed."""

    __slots__ = ("bonus", "claims", "complete", "dealt", "finish", "hands", "joined", "note", "number", "order",
                 "out", "points", "ranks", "revolution", "revolution_kind", "start", "taxes", "totals", "tricks")

    def __init__(self, number: int, ranks: list[str], order: list[str], joined: list[str] | None = None,
                 dealt: dict[str, int] | None = None, note: str | None = None) -> None:
        self.number = number
        self.ranks = ranks
        self.order = order
        self.joined: list[str] = [] if joined is None else joined
        self.dealt: dict[str, int] = {} if dealt is None else dealt
        self.start: dict[str, int] = {}
        self.revolution: str | None = None
        self.revolution_kind: str | None = None  # "plain" or "great"
        self.taxes: list[TransferRecord] = []
        self.tricks: list[TrickRecord] = []
        self.finish: list[str] = []
        self.out: list[OutRecord] = []
        self.bonus: dict[str, int] = {}
        self.points: dict[str, int] = {}
        self.totals: dict[str, int] = {}
        self.complete = False
        self.note = note
        self.hands: dict[str, list[Card]] = {}
        self.claims: dict[str, object] = {}

    def shallow(self) -> RoundRecord:
        """A copy sharing every field (``copy.copy`` is many times slower)."""
        twin = RoundRecord(self.number, self.ranks, self.order, self.joined, self.dealt, self.note)
        twin.start, twin.revolution, twin.revolution_kind = self.start, self.revolution, self.revolution_kind
        twin.taxes, twin.tricks, twin.finish, twin.out = self.taxes, self.tricks, self.finish, self.out
        twin.bonus, twin.points, twin.totals, twin.complete = self.bonus, self.points, self.totals, self.complete
        twin.hands, twin.claims = self.hands, self.claims
        return twin

    def to_dict(self) -> dict:
        return {"number": self.number, "ranks": list(self.ranks), "order": list(self.order),
                "joined": list(self.joined), "dealt": dict(self.dealt), "start": dict(self.start),
                "hands": {name: texts(cards) for name, cards in self.hands.items()},
                "revolution": self.revolution,
                "revolution_kind": self.revolution_kind, "taxes": [tax.to_dict() for tax in self.taxes],
                "tricks": [trick.to_dict() for trick in self.tricks], "finish": list(self.finish),
                "out": [out.to_dict() for out in self.out], "bonus": dict(self.bonus),
                "points": dict(self.points), "totals": dict(self.totals), "complete": self.complete,
                "note": self.note, "claims": claims_of(self.claims, ROUND_CLAIMS)}


@dataclass(slots=True)
class SessionReport:
    players: list[str]
    findings: list[Finding]
    meta: dict = field(default_factory=dict)
    options: Options = field(default_factory=Options)
    end: dict | None = None
    complete: bool = False
    ranks: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    rounds: list[RoundRecord] = field(default_factory=list)
    unlisted: int = 0  # shape findings counted but not built (replaykit.engine.DETAILED_FINDINGS)
    claims: dict[str, object] = field(default_factory=dict)  # the final totals and winners as the log says

    @property
    def valid(self) -> bool:
        return not any(finding.is_error for finding in self.findings)

    def to_dict(self) -> dict:
        errors, warnings = split(self.findings)
        return {"kind": "game", "game": GAME_ID, "valid": not errors, "complete": self.complete,
                "players": list(self.players), "meta": self.meta, "errors": errors, "warnings": warnings,
                "result": {"ranks": list(self.ranks), "points": dict(self.totals), "winners": list(self.winners)},
                "options": {name: getattr(self.options, name) for name in Options.names()},
                "end": None if self.end is None else dict(self.end),
                "rounds": [record.to_dict() for record in self.rounds],
                "claims": claims_of(self.claims, SESSION_CLAIMS)}

"""What a replay found and computed, and its JSON form (the report), with detail for charts and pages.

Reports are plain data. ``to_dict()`` derives ``errors`` and ``warnings`` from ``findings`` when called,
so a cap on findings applied later shows in the JSON as well.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from olympi_replay.cards import Card, texts
from olympi_replay.disciplines import Discipline, sentence, to_json
from olympi_replay.log import GAME_ID
from olympi_replay.rules import MEDALS
from replaykit.findings import Finding, split


@dataclass(slots=True)
class TurnRecord:
    """One turn as replayed: ``action`` as taken (a pass with 3+ players is taken as a retire)."""

    number: int
    player: str | None
    action: str | None
    cards: list[Card] = field(default_factory=list)
    drew: int = 0
    draw: list[Card] | None = None  # the cards drawn when the log shows them all
    reshuffled: bool = False
    ignored: bool = False
    note: str | None = None
    hand_after: int | None = None  # the player's hand size after the turn (None: not a player)

    def to_dict(self) -> dict:
        return {"number": self.number, "player": self.player, "action": self.action, "cards": texts(self.cards),
                "drew": self.drew, "draw": None if self.draw is None else texts(self.draw),
                "reshuffled": self.reshuffled, "ignored": self.ignored, "note": self.note,
                "hand_after": self.hand_after}


@dataclass(slots=True)
class Retirement:
    """A player leaving the race (two players: a pass), or the last player's gold (``turn`` may be null)."""

    player: str
    turn: int | None
    place: int  # 1 for the first to retire; the last player's place is the number of players
    medal: str | None
    drew: int
    first_player: bool

    def to_dict(self) -> dict:
        return {"player": self.player, "turn": self.turn, "place": self.place, "medal": self.medal,
                "drew": self.drew, "first_player": self.first_player}


@dataclass(slots=True)
class RaceRecord:
    number: int
    discipline: str
    postponed: str | None
    first_player: str | None
    definition: Discipline | None = None  # None: an undeclared discipline
    order: list[str] = field(default_factory=list)
    medals: dict[str, list[str]] = field(default_factory=dict)
    drawn: dict[str, int] = field(default_factory=dict)
    record: str | None = None
    took_first_player: str | None = None
    finished: bool = False
    scores_after: dict[str, int] = field(default_factory=dict)
    hands_after: dict[str, int] = field(default_factory=dict)
    turns: list[TurnRecord] = field(default_factory=list)
    retirements: list[Retirement] = field(default_factory=list)
    reshuffles: int = 0
    note: str | None = None

    def to_dict(self) -> dict:
        definition = self.definition
        return {
            "number": self.number, "discipline": self.discipline, "postponed": self.postponed,
            "first_player": self.first_player, "order": list(self.order),
            "medals": {name: list(won) for name, won in self.medals.items()}, "drawn": dict(self.drawn),
            "record": self.record, "finished": self.finished, "scores_after": dict(self.scores_after),
            "hands_after": dict(self.hands_after), "took_first_player": self.took_first_player,
            "cards_per_play": None if definition is None else definition.cards_per_play,
            "rule": None if definition is None else sentence(definition.rule, definition.cards_per_play),
            "turns": [turn.to_dict() for turn in self.turns],
            "retirements": [retirement.to_dict() for retirement in self.retirements],
            "reshuffles": self.reshuffles, "note": self.note,
        }


@dataclass(slots=True)
class Result:
    scores: dict[str, int]
    winners: list[str]
    medals: dict[str, dict[str, int]]
    records: dict[str, int]
    cards: dict[str, int]

    def to_dict(self) -> dict:
        breakdown = {name: {**{medal: self.medals[name].get(medal, 0) for medal in MEDALS},
                            "records": self.records[name], "cards": self.cards[name]} for name in self.scores}
        return {"scores": dict(self.scores), "winners": list(self.winners), "breakdown": breakdown}


def discipline_dict(definition: Discipline) -> dict:
    return {"name": definition.name, "title": definition.title, "source": definition.source,
            "cards_per_play": definition.cards_per_play,
            "rule": None if definition.rule is None else to_json(definition.rule),
            "sentence": sentence(definition.rule, definition.cards_per_play), "note": definition.note}


@dataclass(slots=True)
class GameReport:
    players: list[str]
    findings: list[Finding]
    meta: dict = field(default_factory=dict)
    complete: bool = False
    result: Result | None = None  # None when the replay stopped (an unreadable log)
    first_player: str | None = None
    world_record: bool = False
    disciplines: list[Discipline] = field(default_factory=list)
    races: list[RaceRecord] = field(default_factory=list)
    hands: dict[str, list[Card]] | None = None  # the deal as the log gives it, for the hands it accepts
    claims: dict = field(default_factory=lambda: {"scores": None, "winners": None})
    unlisted: int = 0  # shape findings counted but not built (replaykit.engine.DETAILED_FINDINGS)

    @property
    def valid(self) -> bool:
        return not any(finding.is_error for finding in self.findings)

    def to_dict(self) -> dict:
        errors, warnings = split(self.findings)
        return {
            "kind": "game", "game": GAME_ID, "valid": not errors, "complete": self.complete,
            "players": list(self.players), "meta": self.meta, "errors": errors, "warnings": warnings,
            "result": None if self.result is None else self.result.to_dict(),
            "first_player": self.first_player, "options": {"world_record": self.world_record},
            "disciplines": [discipline_dict(definition) for definition in self.disciplines],
            "races": [race.to_dict() for race in self.races],
            "hands": None if self.hands is None else {name: texts(cards) for name, cards in self.hands.items()},
            "claims": {"scores": self.claims["scores"], "winners": self.claims["winners"]},
        }

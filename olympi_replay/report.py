"""What a replay found and computed, and its JSON form (the report), with detail for charts and pages.

Reports are plain data. ``to_dict()`` derives ``errors`` and ``warnings`` from ``findings`` when called,
so a cap on findings applied later shows in the JSON as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from olympi_replay.cards import index_texts
from olympi_replay.disciplines import Discipline, sentence, to_json
from olympi_replay.log import GAME_ID
from olympi_replay.rules import MEDALS
from replaykit.findings import Finding, split
from replaykit.native import mypyc_attr


# Nothing a record holds leads back to it: compiled, it is left out of the collector's reach (``acyclic``),
# which walked every record of every report after each validation.
@mypyc_attr(acyclic=True)
class TurnRecord:
    """One turn as replayed: ``action`` as taken (a pass with 3+ players is taken as a retire). A plain class,
    as ``Retirement``: compiled, it is made without a dataclass's Python-level ``__init__`` (one per turn)."""

    __slots__ = ("action", "cards", "draw", "drew", "hand_after", "ignored", "note", "number", "player",
                 "reshuffled")

    def __init__(self, number: int, player: str | None, action: str | None, cards: tuple[int, ...] = (),
                 drew: int = 0, draw: tuple[int, ...] | None = None, reshuffled: bool = False, ignored: bool = False,
                 note: str | None = None, hand_after: int | None = None) -> None:
        self.number = number
        self.player = player
        self.action = action
        # Tuples, for the records live as long as their report: a tuple of cards (which are never tracked once
        # the collector has seen them) leaves the garbage collector's lists at its first collection, where a
        # list is walked at every one after (two in five of a report's objects were these lists).
        self.cards = cards
        self.drew = drew
        self.draw = draw  # the cards drawn when the log shows them all
        self.reshuffled = reshuffled
        self.ignored = ignored
        self.note = note
        self.hand_after = hand_after  # the player's hand size after the turn (None: not a player)

    def copy(self) -> TurnRecord:
        return TurnRecord(self.number, self.player, self.action, self.cards, self.drew, self.draw, self.reshuffled,
                          self.ignored, self.note, self.hand_after)

    def to_dict(self) -> dict:
        return {"number": self.number, "player": self.player, "action": self.action, "cards": index_texts(self.cards),
                "drew": self.drew, "draw": None if self.draw is None else index_texts(self.draw),
                "reshuffled": self.reshuffled, "ignored": self.ignored, "note": self.note,
                "hand_after": self.hand_after}


@mypyc_attr(acyclic=True)  # as ``TurnRecord``
class Retirement:
    """A player leaving the race (two players: a pass), or the last player's gold (``turn`` may be null)."""

    __slots__ = ("drew", "first_player", "medal", "place", "player", "turn")

    def __init__(self, player: str, turn: int | None, place: int, medal: str | None, drew: int,
                 first_player: bool) -> None:
        self.player = player
        self.turn = turn
        self.place = place  # 1 for the first to retire; the last player's place is the number of players
        self.medal = medal
        self.drew = drew
        self.first_player = first_player

    def to_dict(self) -> dict:
        return {"player": self.player, "turn": self.turn, "place": self.place, "medal": self.medal,
                "drew": self.drew, "first_player": self.first_player}


@mypyc_attr(acyclic=True)  # as ``TurnRecord``
class RaceRecord:
    """One race as replayed (a plain class, as ``TurnRecord``)."""

    __slots__ = ("definition", "discipline", "drawn", "finished", "first_player", "hands_after", "medals", "note",
                 "number", "order", "postponed", "record", "reshuffles", "retirements", "scores_after",
                 "took_first_player", "turns")

    def __init__(self, number: int, discipline: str, postponed: str | None, first_player: str | None,
                 definition: Discipline | None = None, note: str | None = None) -> None:
        self.number = number
        self.discipline = discipline
        self.postponed = postponed
        self.first_player = first_player
        self.definition = definition  # None: an undeclared discipline
        self.order: list[str] = []
        self.medals: dict[str, list[str]] = {}
        self.drawn: dict[str, int] = {}
        self.record: str | None = None
        self.took_first_player: str | None = None
        self.finished = False
        self.scores_after: dict[str, int] = {}
        self.hands_after: dict[str, int] = {}
        self.turns: list[TurnRecord] = []
        self.retirements: list[Retirement] = []
        self.reshuffles = 0
        self.note = note

    def copy(self) -> RaceRecord:
        """A copy for a race under way, cloned with its game: the lists and dicts a race adds to are its own,
        the turns and retirements in them shared."""
        other = RaceRecord(self.number, self.discipline, self.postponed, self.first_player, self.definition,
                           self.note)
        other.order, other.drawn, other.turns = list(self.order), dict(self.drawn), list(self.turns)
        other.medals = {name: list(won) for name, won in self.medals.items()}
        other.retirements = list(self.retirements)
        other.record, other.took_first_player, other.finished = self.record, self.took_first_player, self.finished
        other.scores_after, other.hands_after, other.reshuffles = self.scores_after, self.hands_after, \
            self.reshuffles
        return other

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


@mypyc_attr(acyclic=True)  # as ``TurnRecord``
class GameReport:
    """The whole replay's report (a plain class, as ``RaceRecord``: compiled, it is made without a dataclass's
    Python-level ``__init__``, twice a validation and again for each copy of a state)."""

    __slots__ = ("claims", "complete", "disciplines", "findings", "first_player", "hands", "meta", "players", "races",
                 "result", "unlisted", "world_record")

    def __init__(self, players: list[str], findings: list[Finding], meta: dict | None = None, complete: bool = False,
                 result: Result | None = None, first_player: str | None = None, world_record: bool = False,
                 disciplines: list[Discipline] | None = None, races: list[RaceRecord] | None = None,
                 hands: dict[str, list[int]] | None = None, claims: dict | None = None, unlisted: int = 0) -> None:
        self.players = players
        self.findings = findings
        self.meta: dict = {} if meta is None else meta
        self.complete = complete
        self.result = result  # None when the replay stopped (an unreadable log)
        self.first_player = first_player
        self.world_record = world_record
        self.disciplines: list[Discipline] = [] if disciplines is None else disciplines
        self.races: list[RaceRecord] = [] if races is None else races
        self.hands = hands  # the deal as the log gives it, for the hands it accepts
        self.claims: dict = {"scores": None, "winners": None} if claims is None else claims
        self.unlisted = unlisted  # shape findings counted but not built (replaykit.engine.DETAILED_FINDINGS)

    @property
    def valid(self) -> bool:
        return not any(finding.is_error for finding in self.findings)

    def copy(self) -> GameReport:
        """A copy sharing every field's value."""
        return GameReport(self.players, self.findings, self.meta, self.complete, self.result, self.first_player,
                          self.world_record, self.disciplines, self.races, self.hands, self.claims, self.unlisted)

    def to_dict(self) -> dict:
        errors, warnings = split(self.findings)
        return {
            "kind": "game", "game": GAME_ID, "valid": not errors, "complete": self.complete,
            "players": list(self.players), "meta": self.meta, "errors": errors, "warnings": warnings,
            "result": None if self.result is None else self.result.to_dict(),
            "first_player": self.first_player, "options": {"world_record": self.world_record},
            "disciplines": [discipline_dict(definition) for definition in self.disciplines],
            "races": [race.to_dict() for race in self.races],
            "hands": None if self.hands is None else {name: index_texts(cards) for name, cards in self.hands.items()},
            "claims": {"scores": self.claims["scores"], "winners": self.claims["winners"]},
        }

"""What a replay found and computed, and its JSON form (docs/ARCHITECTURE.md, with detail for charts).

Reports are plain data: the web pages, the API and the command line all render ``to_dict()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from dg_replay.cards import TEXT_OF_CARD, Card, card_text
from dg_replay.reader import GAME_ID, MATCH_ID, Play
from replaykit.findings import Finding, split

# Every card of a report is written out: the table is read by compiled code, ``card_text`` is called past it.
CARD_TEXTS: Final = TEXT_OF_CARD


def text_of(card: Card) -> str:
    return CARD_TEXTS.get(card) or card_text(card)


class TrickRecord:
    """One trick as re-executed: its plays as recorded and, once resolved, who took what. A plain class
    rather than a dataclass: compiled, it is made without a Python-level ``__init__`` (one per trick)."""

    __slots__ = ("captures", "claimed", "high", "low", "note", "number", "plays", "resolved", "scores_after")

    def __init__(self, number: int, plays: list[Play], note: str | None,
                 claimed: dict[str, list[Card]] | None = None, resolved: bool = False, high: int | None = None,
                 low: int | None = None, captures: dict[str, list[Card]] | None = None,
                 scores_after: dict[str, int] | None = None) -> None:
        self.number = number
        self.plays = plays
        self.note = note
        self.claimed = claimed  # the log's captures claim, as written
        self.resolved = resolved
        self.high = high  # 0-based index into plays
        self.low = low
        self.captures: dict[str, list[Card]] = {} if captures is None else captures
        self.scores_after: dict[str, int] = {} if scores_after is None else scores_after

    def player_at(self, index: int | None) -> str | None:
        return None if index is None else self.plays[index].player

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "leader": self.plays[0].player if self.plays else None,
            "resolved": self.resolved,
            "plays": [{"player": play.player, "card": None if play.card is None else text_of(play.card),
                       "note": play.note} for play in self.plays],
            "high": self.player_at(self.high),
            "low": self.player_at(self.low),
            "high_play": None if self.high is None else self.high + 1,
            "low_play": None if self.low is None else self.low + 1,
            "captures": {name: [text_of(card) for card in cards] for name, cards in self.captures.items()},
            "scores_after": dict(self.scores_after),
            "claimed": None if self.claimed is None else {name: [text_of(card) for card in cards]
                                                          for name, cards in self.claimed.items()},
            "note": self.note,
        }


def _common(kind: str, game: str, findings: list[Finding], complete: bool, players: list[str], meta: dict,
            scores: dict[str, int], winners: list[str], claims: dict) -> dict:
    """The keys a game report and a match report share, in the order reports are read."""
    errors, warnings = split(findings)
    return {"kind": kind, "game": game, "valid": not errors, "complete": complete, "players": list(players),
            "meta": meta, "errors": errors, "warnings": warnings,
            "result": {"scores": dict(scores), "winners": list(winners)}, "claims": claims}


def _valid(findings: list[Finding]) -> bool:
    return not any(finding.is_error for finding in findings)


class GameReport:
    """One game's report. A plain class rather than a dataclass: compiled, it is made without a Python-level
    ``__init__`` (one per log validated)."""

    __slots__ = ("claimed_scores", "claimed_winners", "complete", "dealer", "findings", "hands", "meta", "players",
                 "scored", "scores", "tricks", "unlisted", "winners")

    def __init__(self, players: list[str], findings: list[Finding], dealer: str | None = None,
                 meta: dict | None = None, *, claimed_scores: dict[str, int] | None = None,
                 claimed_winners: list[str] | None = None) -> None:
        self.players = players
        self.findings = findings
        self.dealer = dealer
        self.meta: dict = {} if meta is None else meta
        self.complete = False
        self.scores: dict[str, int] = {}
        self.winners: list[str] = []
        self.tricks: list[TrickRecord] = []
        self.scored = True  # False when a schema problem hid a trick's plays: the scores are then partial
        self.hands: dict[str, list[Card]] | None = None  # the deal as the log gives it (readable cards)
        self.claimed_scores = claimed_scores
        self.claimed_winners = claimed_winners
        self.unlisted = 0  # errors counted but not built (replaykit.engine.DETAILED_FINDINGS)

    @property
    def valid(self) -> bool:
        return _valid(self.findings)

    def to_dict(self) -> dict:
        claims = {"scores": self.claimed_scores, "winners": self.claimed_winners}
        report = _common("game", GAME_ID, self.findings, self.complete, self.players, self.meta, self.scores,
                         self.winners, claims)
        report["dealer"] = self.dealer
        report["hands"] = None if self.hands is None else {name: [text_of(card) for card in cards]
                                                           for name, cards in self.hands.items()}
        report["tricks"] = [trick.to_dict() for trick in self.tricks]
        return report


@dataclass(slots=True)
class MatchReport:
    players: list[str]
    findings: list[Finding]
    games: list[GameReport | None] = field(default_factory=list)
    meta: dict = field(default_factory=dict)
    complete: bool = False
    totals: dict[str, int] = field(default_factory=dict)
    winners: list[str] = field(default_factory=list)
    claimed_totals: dict[str, int] | None = None
    unlisted: int = 0  # errors counted but not built (replaykit.engine.DETAILED_FINDINGS)

    @property
    def valid(self) -> bool:
        return _valid(self.findings)

    def to_dict(self) -> dict:
        claims = {"scores": self.claimed_totals, "winners": None}
        report = _common("match", MATCH_ID, self.findings, self.complete, self.players, self.meta, self.totals,
                         self.winners, claims)
        report["games"] = [None if game is None else game.to_dict() for game in self.games]
        return report

"""David & Goliath (Reinhard Staupe): the pure rules engine and strict replay validator.

``validate(document)`` takes any parsed JSON value — a game log or a match log — and returns a report
listing every schema problem and rule violation as findings; it never raises for the user's mistakes.
The rules, reader and replay modules use only the standard library.
"""

from __future__ import annotations

from dg_replay.cards import Card
from dg_replay.match import replay_match
from dg_replay.reader import DEFAULT_LIMITS, GAME_ID, MATCH_ID, Limits, MatchLog, Reader
from dg_replay.replay import replay_game
from dg_replay.report import GameReport, MatchReport
from dg_replay.rules import Rules, resolve_trick, score, winners
from replaykit.jsonio import JSONReadError, read_json

__all__ = [
    "DEFAULT_LIMITS", "GAME_ID", "MATCH_ID", "Card", "GameReport", "JSONReadError", "Limits", "MatchReport", "Rules",
    "read_json", "resolve_trick", "score", "validate", "winners",
]


def validate(document: object, limits: Limits = DEFAULT_LIMITS) -> GameReport | MatchReport:
    """Read and replay one document; schema findings come first, then rule findings in game order."""
    reader = Reader(limits)
    log = reader.document(document)
    if log is None:
        report = GameReport([], reader.findings)
    elif isinstance(log, MatchLog):
        report = replay_match(log, reader.findings)
    else:
        report = replay_game(log, reader.findings)
    report.unlisted += reader.unlisted
    return report

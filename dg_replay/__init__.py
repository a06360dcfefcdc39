"""David & Goliath (Reinhard Staupe): the pure rules engine and strict replay validator.

``validate(document)`` takes any parsed JSON value — a game log or a match log — and returns a report
listing every schema problem and rule violation as findings; it never raises for the user's mistakes.
``load`` also returns the State after the log's last play (``dg_replay.state``, ``dg_replay.match_state``),
where the rules live. Everything here uses only the standard library.
"""

from __future__ import annotations

from collections.abc import Callable

from dg_replay.cards import Card
from dg_replay.match import replay_match
from dg_replay.match_state import MatchState
from dg_replay.reader import DEFAULT_LIMITS, GAME_ID, MATCH_ID, Limits, MatchLog, Reader
from dg_replay.replay import replay_game, start
from dg_replay.report import GameReport, MatchReport
from dg_replay.rules import Rules, score, winners
from dg_replay.state import GameState
from replaykit.jsonio import JSONReadError, read_json

__all__ = [
    "DEFAULT_LIMITS", "GAME_ID", "MATCH_ID", "Card", "GameReport", "GameState", "JSONReadError", "Limits",
    "MatchReport", "MatchState", "Rules", "load", "new_state", "read_json", "score", "validate", "winners",
]


def load(document: object, limits: Limits = DEFAULT_LIMITS, observe: Callable[[str, object], None] | None = None,
         ) -> tuple[GameReport | MatchReport, GameState | MatchState | None]:
    """Read one document and play it on a State; schema findings come first, then rule findings in game order.

    Returns the report and the state after the last play (``None`` when the log names no players).
    ``observe(anchor, state)`` is called with the new state (anchor ``""``) and after every step.
    """
    reader = Reader(limits)
    log = reader.document(document)
    state: GameState | MatchState | None = None
    if log is None:
        report: GameReport | MatchReport = GameReport([], reader.findings)
    elif isinstance(log, MatchLog):
        report, state = replay_match(log, reader.findings, observe, limits)
    else:
        report, state = replay_game(log, reader.findings, observe, limits)
    report.unlisted += reader.unlisted
    return report, state


def validate(document: object, limits: Limits = DEFAULT_LIMITS) -> GameReport | MatchReport:
    """Read and replay one document (``load``'s report)."""
    return load(document, limits)[0]


def new_state(setup: object) -> GameState | MatchState:
    """A game or a match from a log's setup (players, dealer, the deal where recorded); its plays, if it has
    any, are left out. ``ValueError`` when no game can start from it (no readable players)."""
    log = Reader().document(setup)
    if log is None or log.players is None:
        raise ValueError('A game starts from a log with its "players" (and "dealer", "hands" where known).')
    if isinstance(log, MatchLog):
        match = MatchState(log.players)
        match.has_games = log.has_games
        return match
    log.tricks = []
    return start(log)

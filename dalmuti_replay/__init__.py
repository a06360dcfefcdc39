"""Il Grande Dalmuti: the pure rules engine and strict replay validator.

``validate(document)`` takes any parsed JSON value and returns a report listing every schema problem
and rule violation as findings, placed by round, trick and play; it never raises for the user's
mistakes. Everything here uses only the standard library and ``replaykit``.
"""

from __future__ import annotations

from dalmuti_replay.cards import Card
from dalmuti_replay.log import GAME_ID
from dalmuti_replay.reader import DEFAULT_LIMITS, Limits
from dalmuti_replay.report import SessionReport
from dalmuti_replay.rules import Options, Table

__all__ = ["DEFAULT_LIMITS", "GAME_ID", "Card", "Limits", "Options", "SessionReport", "Table", "validate"]


def validate(document: object, limits: Limits = DEFAULT_LIMITS) -> SessionReport:
    """Read and replay one document through the State: schema findings first, then rule findings in
    session order, then the claims."""
    from dalmuti_replay.load import load

    return load(document, limits)[0]

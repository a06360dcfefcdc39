"""Olympi Cards (Paolo Mori): the pure rules engine and strict replay validator.

``validate(document)`` takes any parsed JSON value and returns a report listing every schema problem and
rule violation as findings placed by race and turn; it never raises for the user's mistakes. Standard
library and ``replaykit`` only.
"""

from __future__ import annotations

from olympi_replay.cards import Card
from olympi_replay.log import DEFAULT_LIMITS, GAME_ID, Limits
from olympi_replay.report import GameReport

__all__ = ["DEFAULT_LIMITS", "GAME_ID", "Card", "GameReport", "Limits", "validate"]


def validate(document: object, limits: Limits = DEFAULT_LIMITS) -> GameReport:
    """Read and replay one log through the State; schema findings come first, then rule findings in game
    order."""
    from olympi_replay.loading import load  # the loader imports this package's modules

    return load(document, limits)[0]

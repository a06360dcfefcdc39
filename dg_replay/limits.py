"""The sizes past which a David & Goliath document is not a log at all, rather than a game with too much in it.

Kept apart from the reader, which is compiled (mypyc): a compiled class cannot extend the core's interpreted
``TextLimits``, and this one is read once per document, never in a loop. ``dg_replay.reader`` exports it
as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from replaykit.texts import TextLimits


@dataclass(frozen=True)
class Limits(TextLimits):
    """Sizes past which a document is not a log at all (schema), rather than a game with too much in it
    (names, notes and meta are bounded by the core's ``TextLimits``)."""

    max_tricks: int = 40
    max_plays: int = 40
    max_cards: int = 120
    max_games: int = 30
    max_keys: int = 40  # entries of an object keyed by player (hands, captures, scores, totals): a table seats 6


DEFAULT_LIMITS = Limits()

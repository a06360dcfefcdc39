"""The sizes past which a David & Goliath document is not a log at all, rather than a game with too much in it.

Kept apart from the reader, which is compiled (mypyc): a compiled class cannot extend the core's interpreted
``TextLimits``, and this one is read once per document, never in a loop. ``dg_replay.reader`` exports it
as before. The sentences that refuse a document past them are here too, worded once for the reader and the
State.
"""

from __future__ import annotations

from dataclasses import dataclass

from dg_replay.words import say
from replaykit.texts import TextLimits
from replaykit.words import Text


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


# The structural bounds, worded once: the reader refuses a log past them, and the State (``actions``,
# ``match_state``) never offers nor accepts a step that would take a log past them.
def too_many_tricks(limits: Limits, count: int) -> Text | None:
    return say("A game has 15 tricks; {count} is not a log of one game.", count=count) \
        if count > limits.max_tricks else None


def too_many_plays(limits: Limits, number: int, count: int) -> Text | None:
    return say("Trick {number} has {count} plays, far more than any table.", number=number, count=count) \
        if count > limits.max_plays else None


def too_many_games(limits: Limits, count: int) -> Text | None:
    return say("A match has one game per player; {count} games is not a match log.", count=count) \
        if count > limits.max_games else None

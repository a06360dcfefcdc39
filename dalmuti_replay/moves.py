"""Rule 7's test of a set, written once, and the compact form of a play that the search and the State share.

``right_size`` (a set has as many cards as the trick's base set) and ``lower`` (its value is strictly below
the last set's) are the two halves of "may be laid on this trick": the replay's check (``tricks``) reports
each apart as ``set-size`` and ``not-lower``, and every move generator (``legal.sets_of`` for the State's
choices, ``position`` for the search) keeps exactly the candidates both accept, through ``shapes``.

A play in compact form is a ``Move``: ``(value, real, jesters)`` — ``real`` cards of ``value`` with
``jesters`` Jesters, or ``(13, 0, k)`` for k Jesters alone — and ``PASS``. Cards of one value are
equivalent, so one move stands for every way of picking them; the log's card lists are made only at the
edge (``cards_of``, ``move_of``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from dalmuti_replay.cards import JESTER, JESTER_VALUE, Card, is_mixed, set_value


class Move(NamedTuple):
    """A set by its shape (``value``, ``real`` numbered cards, ``jesters``), or ``PASS`` (all zero)."""

    value: int
    real: int
    jesters: int

    @property
    def size(self) -> int:
        return self.real + self.jesters


PASS = Move(0, 0, 0)


def right_size(count: int, base: int | None) -> bool:
    """Rule 7: a set has exactly as many cards as the trick's base set (any number when it is the base)."""
    return base is None or count == base


def lower(value: int, last: int | None) -> bool:
    """Rule 7: a set's value is strictly lower than the last set's (anything goes on a lead)."""
    return last is None or value < last


def shapes(held: Iterable[tuple[int, int]], jesters: int, base: int | None, last: int | None) -> list[Move]:
    """Every distinct set a hand may lay on a trick: ``held`` its numbered values and how many of each, best
    first; ``jesters`` its Jesters; ``base`` and ``last`` as ``right_size`` and ``lower`` take them. Each
    value with 1 to all its cards and 0 to all the Jesters, then Jesters alone (value 13, rule 3's ruling)."""
    found = []
    for value, count in held:
        if not lower(value, last):
            break  # values come best first: none after this one is lower either
        for real in range(1, count + 1):
            for extra in range(jesters + 1):
                if right_size(real + extra, base):
                    found.append(Move(value, real, extra))
    if lower(JESTER_VALUE, last):
        found.extend(Move(JESTER_VALUE, 0, count) for count in range(1, jesters + 1) if right_size(count, base))
    return found


def cards_of(move: Move) -> list[Card]:
    """The cards of a set, as the log writes them: the numbered cards, then the Jesters."""
    return [Card(move.value)] * move.real + [JESTER] * move.jesters


def move_of(cards: list[Card] | None) -> Move | None:
    """The compact form of a log's play (``None`` cards: a pass); ``None`` for a set of mixed values."""
    if cards is None:
        return PASS
    if not cards or is_mixed(cards):
        return None
    jesters = sum(card.jester for card in cards)
    return Move(set_value(cards), len(cards) - jesters, jesters)

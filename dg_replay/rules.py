"""The rules of David & Goliath, apart from any log.

``Rules`` is the fixed game — seating, deck, trick count — in the way OpenSpiel separates a Game from
its States; the functions resolve one trick, score captured cards and name the winners. The State
(``dg_replay.state``) plays by these and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from dg_replay.cards import COLORS, Card, deck
from replaykit.seating import Seating

MIN_PLAYERS = 3
MAX_PLAYERS = 6
TRICKS_PER_GAME = 15
HAND_SIZE = 15


@dataclass(frozen=True)
class Rules(Seating):
    """One game's fixed facts: the players in clockwise seating order and everything that follows."""

    @property
    def deck_defined(self) -> bool:
        """Outside 3–6 players the rulebook gives no deck, so deck and hand checks cannot apply."""
        return MIN_PLAYERS <= len(self.seating) <= MAX_PLAYERS

    @cached_property
    def max_value(self) -> int:
        return 3 * len(self.seating)

    @cached_property
    def deck(self) -> frozenset[Card]:
        return deck(self.max_value) if self.deck_defined else frozenset()


def playable(hand: int, led: int) -> int:
    """Rule 4, must follow, on bit sets of cards: of ``hand``, the cards that may join a trick whose led
    colour's cards are ``led`` — that colour's, where the hand holds any, else every card."""
    return hand & led or hand


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """Who played the highest and the lowest card (0-based play indexes) and who took what."""

    high: int
    low: int | None
    captures: dict[Any, list[Card]]  # keyed as the plays name their players (names, or seats in a search)


def resolve_trick(plays: Sequence[Sequence]) -> TrickOutcome:
    """Apply rules 5 and 6 to the cards in order of play.

    The highest card is found first, ties going to the card played last; the lowest is then found
    among the other cards, ties again to the last. So a trick of equal values gives the last card as
    highest and the second-to-last as lowest, as the Polish rulebook orders it. Each play is a sequence
    starting (player, card, ...).
    """
    if not plays:
        raise ValueError("an empty trick has no highest card")
    # Built from C-level list operations: this runs for every trick of every log validated.
    cards = [play[1] for play in plays]
    values = [card.value for card in cards]
    last = len(values) - 1
    high = last - values[::-1].index(max(values))
    others = cards[:high] + cards[high + 1:]
    captures: dict[Any, list[Card]] = {}
    if others:
        rest = values[:high] + values[high + 1:]
        low = len(rest) - 1 - rest[::-1].index(min(rest))
        low += low >= high  # back to an index into the whole trick
        captures[plays[low][0]] = [cards[high]]
        captures.setdefault(plays[high][0], []).extend(others)
    else:  # a lone card: its player takes it back
        low = None
        captures[plays[high][0]] = [cards[high]]
    return TrickOutcome(high, low, captures)


def color_score(values: Iterable[int]) -> int:
    """Rule 8 for one colour: one or two cards score their values, three or more one point each."""
    values = list(values)
    return sum(values) if len(values) <= 2 else len(values)


def score_by_color(cards: Iterable[Card]) -> dict[str, int]:
    """Points per colour letter, every colour present (zero when none was taken)."""
    values: dict[str, list[int]] = {color: [] for color in COLORS}
    for card in cards:
        values[card.color].append(card.value)
    return {color: color_score(found) for color, found in values.items()}


def score(cards: Iterable[Card]) -> int:
    return sum(score_by_color(cards).values())


class Tally:
    """A player's captures kept as the two numbers per colour rule 8 needs, so a score after every
    trick costs five additions rather than a rescan of everything taken."""

    __slots__ = ("counts", "sums")

    def __init__(self) -> None:
        self.counts = dict.fromkeys(COLORS, 0)
        self.sums = dict.fromkeys(COLORS, 0)

    def take(self, cards: Iterable[Card], sign: int = 1) -> int:
        """Add captured cards (``sign`` -1: give them back); returns the player's score now."""
        counts, sums = self.counts, self.sums
        for color, value in cards:
            counts[color] += sign
            sums[color] += sign * value
        points = 0
        for color, total in sums.items():
            count = counts[color]
            points += total if count <= 2 else count
        return points

    def copy(self) -> Tally:
        twin = Tally()
        twin.counts, twin.sums = dict(self.counts), dict(self.sums)
        return twin


def winners(scores: dict[str, int], seating: Sequence[str]) -> list[str]:
    """The highest score wins; equal highest scores share the win (a ruling), listed in seating order."""
    if not scores:
        return []
    best = max(scores.values())
    return [name for name in seating if scores.get(name) == best]

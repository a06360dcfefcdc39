"""The rules of David & Goliath, apart from any log.

``Rules`` (``dg_replay.fixed``, exported here) is the fixed game — seating, deck — in the way OpenSpiel
separates a Game from its States; the functions judge must-follow, rank and share one trick (``high_low``,
``captures_of``), score captured cards and name the winners.
The State (``dg_replay.state``) plays by these and nothing else.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from dg_replay.bits import COLOR_COUNT, SLOT_BY_CODE, color_slot
from dg_replay.cards import COLORS, Card, deck
from dg_replay.fixed import MAX_PLAYERS as MAX_PLAYERS
from dg_replay.fixed import MIN_PLAYERS as MIN_PLAYERS
from dg_replay.fixed import Rules as Rules

TRICKS_PER_GAME: Final = 15  # Final: compiled code reads it as a constant
HAND_SIZE: Final = 15


def playable(hand: int, led: int) -> int:
    """Rule 4, must follow: of ``hand``, what may join a trick whose led colour is ``led`` — that colour's part
    of the hand, where it holds any, else all of it. The one statement of the rule, on bit sets: of cards for
    the search (``dg_replay.position``: a hand and the led colour's cards), of colours for the log's State (its
    check and its choices, ``playing.may_play``: the colours a player is shown to hold and the led one)."""
    return hand & led or hand


def dealable(supply: dict[str, int], need: dict[Any, int], voids: dict[Any, set[str]]) -> bool:
    """Whether cards of each colour (``supply``: colour -> count) can be dealt so that each seat gets exactly
    its ``need`` and no card of a colour it is shown not to hold (``voids``, rule 4 seen from the other
    side): a transportation problem over five colours, decided by Hall's condition on every set of colours."""
    if sum(supply.values()) != sum(need.values()):
        return False
    every = (1 << len(COLORS)) - 1
    # each seat still short of cards with the colours it may take, as bits
    takers = [(count, sum(1 << bit for bit, color in enumerate(COLORS) if color not in voids[seat]))
              for seat, count in need.items() if count]
    if all(able == every for _count, able in takers):  # no seat lacks a colour: any split of the cards fits
        return True
    counts = [supply[color] for color in COLORS]
    for mask in range(1, every + 1):
        room = sum(count for count, able in takers if able & mask)
        if sum(count for bit, count in enumerate(counts) if mask >> bit & 1) > room:
            return False
    return True


def high_low(cards: list[Card]) -> tuple[int, int]:
    """Rule 5 on the cards in order of play: the indexes of the highest card, ties going to the card played
    last, and of the lowest among the others, ties again to the last (-1 for a lone card). So a trick of equal
    values gives the last card as highest and the second-to-last as lowest, as the Polish rulebook orders it."""
    high = 0
    for index in range(1, len(cards)):
        if cards[index].value >= cards[high].value:
            high = index
    low = -1
    for index, card in enumerate(cards):
        if index != high and (low < 0 or card.value <= cards[low].value):
            low = index
    return high, low


def captures_of(cards: list[Card], high: int, low: int, taker: Any, loser: Any) -> dict[Any, list[Card]]:
    """Rule 6 once ``high_low`` has ranked the trick: ``loser`` (who played the lowest card) takes the highest,
    ``taker`` (who played the highest) the rest; a lone card goes back to its player. Keyed as the caller names
    players (names, or seats in a search)."""
    if low < 0:
        return {taker: [cards[high]]}
    rest = [card for index, card in enumerate(cards) if index != high]
    if loser == taker:  # one player both took the high card and played the low one (their name twice)
        return {loser: [cards[high], *rest]}
    return {loser: [cards[high]], taker: rest}


def color_points(count: int, total: int) -> int:
    """Rule 8 for one colour, from how many of its cards were taken and their values' sum: one or two cards
    score their values, three or more one point each. Every score of the game is made by this function."""
    return total if count <= 2 else count


def color_class(count: int, total: int) -> int:
    """What the rest of a game's scoring of one colour depends on, its points so far set apart: two captures
    of a colour in the same class (``count`` cards of values summing to ``total``) gain the same points from
    any further cards. While at most two cards are taken the points are their sum, so count and sum are the
    class; from three cards on ``color_points`` counts cards only, so each further card adds one and every
    such capture is one class. A small int, for the search's keys (``dg_replay.position``)."""
    return count << 6 | total if count <= 2 else 255


def color_score(values: Iterable[int]) -> int:
    """``color_points`` of the values of one colour's cards."""
    values = list(values)
    return color_points(len(values), sum(values))


def score_by_color(cards: Iterable[Card]) -> dict[str, int]:
    """Points per colour letter, every colour present (zero when none was taken)."""
    values: dict[str, list[int]] = {color: [] for color in COLORS}
    for card in cards:
        values[card.color].append(card.value)
    return {color: color_score(found) for color, found in values.items()}


def score(cards: Iterable[Card]) -> int:
    return sum(score_by_color(cards).values())


class Tally:
    """A player's captures kept as what rule 8 needs — per colour the count and the values' sum — so a score
    after every trick costs an update per card taken rather than a rescan. Each colour's points are worked out
    from the two when asked (``by_color``), and at each card taken only for the colour it touches."""

    __slots__ = ("counts", "score", "sums")

    def __init__(self) -> None:
        # Per colour, in ``COLORS`` order (lists indexed by ``color_slot``, not dicts keyed by letter).
        self.counts = [0] * COLOR_COUNT
        self.sums = [0] * COLOR_COUNT
        self.score = 0  # the sum of ``by_color()``, moved by each colour's change rather than summed again

    def take(self, cards: list[Card], sign: int = 1) -> int:
        """Add captured cards (``sign`` -1: give them back); returns the player's score now."""
        counts, sums = self.counts, self.sums
        score = self.score
        for color, value in cards:
            index = SLOT_BY_CODE[ord(color)]  # ``color_slot``, inline: read for every card taken
            count, total = counts[index], sums[index]
            score -= color_points(count, total)
            count, total = count + sign, total + sign * value
            counts[index], sums[index] = count, total
            score += color_points(count, total)
        self.score = score
        return score

    def by_color(self) -> list[int]:
        """Each colour's points (rule 8), in ``COLORS`` order."""
        return [color_points(count, total) for count, total in zip(self.counts, self.sums, strict=True)]

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What the rest of the game's scoring can depend on: per colour the count and the points (while the
        count is at most two the points are the sum; from three cards on rule 8 counts cards only)."""
        return tuple(self.counts), tuple(self.by_color())

    def points(self, color: str) -> int:
        """What the cards of ``color`` taken so far score (rule 8)."""
        index = color_slot(color)
        return color_points(self.counts[index], self.sums[index])

    def copy(self) -> Tally:
        twin = Tally.__new__(Tally)
        twin.counts, twin.sums, twin.score = list(self.counts), list(self.sums), self.score
        return twin


def deal(seating: Sequence[str], max_value: int, rng: random.Random) -> dict[str, list[Card]]:
    """A shuffled deck dealt: each seat's ``HAND_SIZE`` cards, sorted. One of ``deal_count`` equally likely
    deals (the table's chance step before each game: too many to list, so drawn)."""
    cards = sorted(deck(max_value))
    rng.shuffle(cards)
    return {name: sorted(cards[seat * HAND_SIZE:][:HAND_SIZE]) for seat, name in enumerate(seating)}


def deal_count(players: int) -> int:
    """How many different deals ``deal`` draws from: the multinomial (15·n)! / (15!)^n."""
    return math.factorial(HAND_SIZE * players) // math.factorial(HAND_SIZE) ** players


def match_totals(games: Iterable[Mapping[str, int] | None], seating: Sequence[str]) -> dict[str, int]:
    """Each seat's match total: its scores summed over the games (``None``: a game that could not be read
    scores nothing), every seat listed."""
    totals = dict.fromkeys(seating, 0)
    for scores in games:
        if scores is not None:
            for name in totals:
                totals[name] += scores.get(name, 0)
    return totals


def winners(scores: dict[str, int], seating: Sequence[str]) -> list[str]:
    """The highest score wins; equal highest scores share the win (a ruling), listed in seating order."""
    if not scores:
        return []
    best = max(scores.values())
    return [name for name in seating if scores.get(name) == best]

"""The rules of David & Goliath, apart from any log.

``Rules`` (``dg_replay.fixed``, exported here) is the fixed game — seating, deck — in the way OpenSpiel
separates a Game from its States; the functions resolve one trick, score captured cards and name the winners.
The State (``dg_replay.state``) plays by these and nothing else.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Final, cast, overload

from dg_replay.cards import COLOR_INDEX, COLORS, Card, deck
from dg_replay.fixed import MAX_PLAYERS as MAX_PLAYERS
from dg_replay.fixed import MIN_PLAYERS as MIN_PLAYERS
from dg_replay.fixed import Rules as Rules

TRICKS_PER_GAME: Final = 15  # Final: compiled code reads it as a constant
HAND_SIZE: Final = 15
# A Tally's lists, made for each seat of every game, and where each colour sits in them (read for every card
# taken): statics of this compiled module, not names looked up in its namespace.
COLOR_COUNT: Final = len(COLORS)
COLOR_SLOT: Final = COLOR_INDEX

@overload
def playable(hand: int, led: int) -> int: ...


@overload
def playable(hand: AbstractSet[Card], led: AbstractSet[Card]) -> AbstractSet[Card]: ...


def playable(hand, led):  # typed by the overloads: a bit set of cards, or a set of them (mypyc takes no
    # type variable constrained to both)
    """Rule 4, must follow: of ``hand``, the cards that may join a trick whose led colour's cards are ``led``
    — that colour's, where the hand holds any, else every card. The one statement of the rule: on bit sets
    for the search (``dg_replay.position``), on sets of cards for the log's State (its check and its choices,
    where ``hand`` is what the player is shown to hold)."""
    return hand & led or hand


def dealable(supply: dict[str, int], need: dict[Any, int], voids: dict[Any, set[str]]) -> bool:
    """Whether cards of each colour (``supply``: colour -> count) can be dealt so that each seat gets exactly
    its ``need`` and no card of a colour it is shown not to hold (``voids``, rule 4 seen from the other
    side): a transportation problem over five colours, decided by Hall's condition on every set of colours."""
    if sum(supply.values()) != sum(need.values()):
        return False
    for mask in range(1, 1 << len(COLORS)):
        colors = [color for bit, color in enumerate(COLORS) if mask >> bit & 1]
        room = sum(count for seat, count in need.items() if any(color not in voids[seat] for color in colors))
        if sum(supply[color] for color in colors) > room:
            return False
    return True


class TrickOutcome:
    """Who played the highest and the lowest card (0-based play indexes) and who took what. A plain class
    rather than a dataclass: compiled, it is made without a Python-level ``__init__`` (one per trick)."""

    __slots__ = ("captures", "high", "low")

    def __init__(self, high: int, low: int | None, captures: dict[Any, list[Card]]) -> None:
        self.high = high
        self.low = low
        self.captures = captures  # keyed as the plays name their players (names, or seats in a search)


def resolve_trick(plays: list) -> TrickOutcome:
    """Rules 5 and 6 on a trick given as tuples starting (player, card, ...), as the package exports them.
    The State and the search (``dg_replay.position``) ask ``high_low`` and ``captures_of`` themselves, on the
    cards and players they keep, rather than building these tuples and an outcome for every trick."""
    if not plays:
        raise ValueError("an empty trick has no highest card")
    # A cast to tuple: its item is read as a tuple's, not through the generic protocol a list of Any would use.
    cards: list[Card] = [cast(tuple, play)[1] for play in plays]
    high, low = high_low(cards)
    return TrickOutcome(high, None if low < 0 else low,
                        captures_of(cards, high, low, plays[high][0], None if low < 0 else plays[low][0]))


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
    captures: dict[Any, list[Card]] = {loser: [cards[high]]}
    taken = captures.get(taker)
    if taken is None:  # else one player both took the high card and played the low one (their name twice)
        taken = captures[taker] = []
    for index, card in enumerate(cards):
        if index != high:
            taken.append(card)
    return captures


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
    """A player's captures kept as what rule 8 needs — per colour the count, the values' sum and so its
    points — so a score after every trick costs an update per card taken rather than a rescan."""

    __slots__ = ("by_color", "counts", "score", "sums")

    def __init__(self) -> None:
        # Per colour, in ``COLORS`` order (lists indexed by ``COLOR_INDEX``, not dicts keyed by letter).
        self.counts = [0] * COLOR_COUNT
        self.sums = [0] * COLOR_COUNT
        self.by_color = [0] * COLOR_COUNT  # each colour's points: ``color_points`` of the two above
        self.score = 0  # the sum of ``by_color``, moved by each colour's change rather than summed again

    def take(self, cards: list[Card], sign: int = 1) -> int:
        """Add captured cards (``sign`` -1: give them back); returns the player's score now."""
        counts, sums, by_color, index_of = self.counts, self.sums, self.by_color, COLOR_SLOT
        score = self.score
        for color, value in cards:
            index = index_of[color]
            count = counts[index] = counts[index] + sign
            total = sums[index] = sums[index] + sign * value
            points = color_points(count, total)
            score += points - by_color[index]
            by_color[index] = points
        self.score = score
        return score

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What the rest of the game's scoring can depend on: per colour the count and the points (while the
        count is at most two the points are the sum; from three cards on rule 8 counts cards only)."""
        return tuple(self.counts), tuple(self.by_color)

    def points(self, color: str) -> int:
        """What the cards of ``color`` taken so far score (rule 8)."""
        return self.by_color[COLOR_INDEX[color]]

    def copy(self) -> Tally:
        twin = Tally.__new__(Tally)
        twin.counts, twin.sums, twin.by_color = list(self.counts), list(self.sums), list(self.by_color)
        twin.score = self.score
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

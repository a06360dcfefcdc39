"""Cards of Il Grande Dalmuti, their written form, the deck in use and the sets players lay down.

A card is a value from 1 (the Dalmuti, the best) to 12 (the peasants), or a Jester. Text round-trips:
``Card.parse("7")``, ``Card.parse("J")``, ``str(card)``. A Jester alone is worth 13, the worst value,
but joins any set and takes its value. Values outside the deck in use (a 12 in a five-player game, a
``"13"``) are still cards: the replay reports them as ``card-not-in-deck`` and counts them at face value.
"""

from __future__ import annotations

import collections
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple

from dalmuti_replay.words import say

JESTER_TEXT: Final = "J"
JESTER_VALUE: Final = 13  # a Jester alone, or Jesters alone, rank below every numbered card
TOP_VALUE: Final = 12
JESTERS_IN_DECK: Final = 2
CARD_PATTERN = re.compile(r"J|[1-9][0-9]*")
# Longer digit strings are still well-formed cards, just absurdly far outside every deck; capping their
# value keeps int() away from huge inputs (its cost grows with the square of the digits) without changing
# any verdict. Up to 40 digits a value is read, and quoted, exactly.
_LONGEST_EXACT = 40
_CAPPED_VALUE = 10**_LONGEST_EXACT
NO_CARDS = say("no cards")
# Counter.update's helper, in C: it counts cards into a dict with the dict's own C operations when the dict's
# ``get`` and ``__setitem__`` are dict's (a dict, a Counter), each card hashed once. Read by getattr:
# typeshed's stubs leave it out, and mypy (so mypyc) would refuse the module
count_into: Callable[[dict[Card, int], Iterable[Card]], None] = getattr(collections, "_count_elements")  # noqa: B009


class Card(NamedTuple):
    """A card: ``value`` 1 or more; a Jester has value 13 and ``jester`` set, unlike a written ``"13"``.

    A NamedTuple so cards hash and compare in C; sorting puts better (lower) cards first.
    """

    value: int
    jester: bool = False

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the text form; raises ``ValueError`` for anything that is not a card."""
        card = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        if not isinstance(text, str) or CARD_PATTERN.fullmatch(text) is None:
            raise ValueError(f'{text!r} is not a card; write a value like "7", or "J" for a Jester')
        return cls(int(text) if len(text) <= _LONGEST_EXACT else _CAPPED_VALUE)

    @classmethod
    def read(cls, data: object) -> Card | None:
        """The card a JSON value spells, or ``None``."""
        if type(data) is not str:
            return None
        try:
            return cls.parse(data)
        except ValueError:
            return None

    def __str__(self) -> str:
        return JESTER_TEXT if self.jester else str(self.value)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JESTER = Card(JESTER_VALUE, True)
CARD_BY_TEXT: dict[str, Card] = {str(value): Card(value) for value in range(1, 20)} | {JESTER_TEXT: JESTER}


def text_code(text: str) -> int:
    """A small number for a text of one or two ASCII characters, a different one for each; -1 for any other
    text."""
    if len(text) == 1 and ord(text[0]) < 128:
        return ord(text[0])
    if len(text) == 2 and ord(text[0]) < 128 and ord(text[1]) < 128:
        return 128 * (ord(text[0]) + 1) + ord(text[1])  # past every one-character code
    return -1


def by_code(cards: dict[str, Card]) -> list[Card | None]:
    table: list[Card | None] = [None] * (max(text_code(text) for text in cards) + 1)
    for text, card in cards.items():
        table[text_code(text)] = card
    return table


# CARD_BY_TEXT indexed by text_code: a parsed log's card texts are new strings, each hashed before a dict
# lookup; this reads them without hashing
CARD_BY_CODE: Final = by_code(CARD_BY_TEXT)


def card_of(text: object) -> Card:
    """``CARD_BY_TEXT[text]``, read through ``CARD_BY_CODE``: ``KeyError`` for a text that is not there,
    ``TypeError`` for what is not text."""
    if not isinstance(text, str):
        raise TypeError(text)
    code = text_code(text)
    card = CARD_BY_CODE[code] if 0 <= code < len(CARD_BY_CODE) else None
    if card is None:
        raise KeyError(text)
    return card


def deck_top(players: int, full_deck: bool = False) -> int:
    """The highest numbered value in play: the 12s (and with four players the 11s) leave small games."""
    if full_deck or players >= 6:
        return TOP_VALUE
    return TOP_VALUE - 1 if players == 5 else TOP_VALUE - 2


def deck(top: int) -> Counter[Card]:
    """How many copies of each card the deck holds: v copies of value v up to ``top``, and two Jesters. A
    new Counter each time, copied from the first made for that ``top`` (every round makes one)."""
    copies = DECKS.get(top)
    if copies is None:
        cards = [CARD_BY_TEXT[str(value)] if value < 20 else Card(value) for value in range(1, top + 1)]
        copies = {card: copies_in_deck(card) for card in [*cards, JESTER]}
        DECKS[top] = copies
    counts: Counter[Card] = Counter.__new__(Counter)  # as in ``counted``: Counter's __init__ is Python code
    dict.update(counts, copies)
    return counts


DECKS: Final[dict[int, dict[Card, int]]] = {}  # ``deck``'s, by top: a few (10, 11, 12 in play)


def copies_in_deck(card: Card) -> int:
    """How many copies of a card of the deck in use it holds: v of value v, and two Jesters."""
    return JESTERS_IN_DECK if card.jester else card.value


def deck_size(top: int) -> int:
    return top * (top + 1) // 2 + JESTERS_IN_DECK


def in_deck(card: Card, top: int) -> bool:
    return card.jester or card.value <= top


def set_value(cards: list[Card]) -> int:
    """A set's value: its first numbered card's (a mixed set's too), or 13 for Jesters alone."""
    for card in cards:
        if not card.jester:
            return card.value
    return JESTER_VALUE


def is_mixed(cards: list[Card]) -> bool:
    """True when the numbered cards of a set are not all of one value."""
    first = None
    for card in cards:
        if not card.jester:
            if first is None:
                first = card.value
            elif card.value != first:
                return True
    return False


def card_index(card: Card) -> int:
    """A small number for each card of value 1 to 13, a Jester and a written 13 apart (for tallies kept in a list
    of ``TALLY_SIZE``); -1 for a card past 13."""
    value = card.value
    if not 0 < value <= JESTER_VALUE:
        return -1
    return 2 * value + 1 if card.jester else 2 * value  # not ``+ card.jester``: an int and a bool add as objects


TALLY_SIZE: Final = 2 * JESTER_VALUE + 2


def counted(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card, in the order first seen, as ``Counter(cards)`` counts them but in a plain dict (a known
    hand): compiled code reads and changes a dict's items natively, a Counter's ``get`` as a method. Tallied in a
    list (``card_index``) and each card then set once: a card's hash (a tuple's) costs more than the list."""
    hand: dict[Card, int] = {}
    listed = list(cards)
    tally = [0] * TALLY_SIZE
    firsts: list[Card] = []
    for card in listed:
        index = card_index(card)
        if index < 0:
            count_into(hand, listed)  # a card far outside every deck: counted by hashing every card
            return hand
        if not tally[index]:
            firsts.append(card)
        tally[index] = tally[index] + 1
    for card in firsts:
        hand[card] = tally[card_index(card)]
    return hand


def held_cards(hand: dict[Card, int]) -> list[Card]:
    """Every card of a hand (``counted``), each as often as held, in the hand's order (``Counter.elements``)."""
    return [card for card, count in hand.items() for _ in range(count)]


def best_held(hand: dict[Card, int], count: int) -> list[Card]:
    """The ``count`` lowest-valued cards of a hand given as how many of each card it holds (a count of 0 or less
    holds none), a Jester counting 13 (the taxes' "best cards"): its few distinct cards sorted, not every copy."""
    best: list[Card] = []
    for card in sorted(hand):
        copies = min(hand[card], count - len(best))
        for _ in range(copies):
            best.append(card)
        if len(best) >= count:
            break
    return best


def show(cards: Iterable[Card]) -> str:
    """Cards as a player writes them in a sentence: ``7 7 J`` (``no cards``, in the reader's language)."""
    return " ".join(str(card) for card in cards) or NO_CARDS

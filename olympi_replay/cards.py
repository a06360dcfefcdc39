"""Olympi Cards' Performance cards and their two written forms.

A card is a colour and a value from 1 to 9; the deck holds two copies of each of the 45 cards. The
colours are those of the Olympic rings (a ruling of this project: the rulebook names none). A card
round-trips to text (``Card.parse("K7")``, ``str(card) == "K7"``), the form every report uses; logs may
also spell it ``{"color": "black", "value": 7}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from olympi_replay.words import say

# The rings' order, used wherever cards are listed by colour.
COLORS = ("B", "Y", "K", "G", "R")
COLOR_NAMES = {"B": "blue", "Y": "yellow", "K": "black", "G": "green", "R": "red"}
COLOR_LETTERS = {name: letter for letter, name in COLOR_NAMES.items()}
VALUES = range(1, 10)
COPIES: Final = 2  # Final: compiled code reads it as a constant

CARD_TEXT_EXAMPLE = '"K7"'
CARD_OBJECT_EXAMPLE = '{"color": "black", "value": 7}'


class Card(NamedTuple):
    """A Performance card: ``color`` is the colour's letter (``B Y K G R``), ``value`` 1 to 9.

    The form of a card at the edges (a log's object form, the views' tests, the search's world); a replay holds
    each card as its index (``CARD_INDEX``), as a small int is hashed and counted natively where a tuple is not.
    """

    color: str
    value: int

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the string form; raises ``ValueError`` for anything that is not a card of the deck."""
        card = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            raise ValueError(f"{text!r} is not a card; write a colour letter (B Y K G R) and a value 1 to 9, "
                             f"like {CARD_TEXT_EXAMPLE}")
        return card

    @classmethod
    def from_object(cls, data: object) -> Card | None:
        """Read either JSON form; ``None`` when ``data`` is neither."""
        if type(data) is str:
            return CARD_BY_TEXT.get(data)
        if type(data) is dict and len(data) == 2:
            color, value = data.get("color"), data.get("value")
            letter = COLOR_LETTERS.get(color) if type(color) is str else None
            # type() rather than isinstance: true is not the value 1.
            if letter is not None and type(value) is int and 1 <= value <= 9:
                return CARD_BY_TEXT[f"{letter}{value}"]
        return None

    @property
    def color_name(self) -> str:
        return COLOR_NAMES[self.color]

    def __str__(self) -> str:
        return f"{self.color}{self.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARD_BY_TEXT: dict[str, Card] = {f"{color}{value}": Card(color, value) for color in COLORS for value in VALUES}
ALL_CARDS: tuple[Card, ...] = tuple(CARD_BY_TEXT.values())
# A card's compact form: its place among the cards in the order a hand is shown in (``card_order``: the
# rings' colours, then value), so that a play's sorted indexes list its cards in that order too, as every
# other list of cards does.
CARDS_BY_INDEX: tuple[Card, ...] = ALL_CARDS
CARD_INDEX: dict[Card, int] = {card: index for index, card in enumerate(CARDS_BY_INDEX)}
CARD_COUNT: Final = 45  # the distinct cards: len(CARDS_BY_INDEX), a constant for compiled code
# A replay holds each card as its index (a log's text read straight into it, ``race_reader.card_index``): a
# small int is hashed, compared and counted natively, where a Card was hashed as a tuple at every card dealt,
# drawn and played. Its text is read from ``CARD_TEXTS`` by index (its value and colour from ``disciplines``).
CARD_TEXTS: Final[tuple[str, ...]] = tuple(str(card) for card in CARDS_BY_INDEX)


def card_order(card: Card) -> tuple[int, int]:
    """The order a hand is shown in: by colour as the rings go, then by value."""
    return COLORS.index(card.color), card.value


def full_deck() -> list[Card]:
    """The 90 Performance cards, in a fixed order (shuffle a copy)."""
    return [card for card in ALL_CARDS for _ in range(COPIES)]


def texts(cards: Sequence[Card]) -> list[str]:
    """The string forms of cards, for reports and logs."""
    return [str(card) for card in cards]


def shown(cards: Sequence[Card]) -> str:
    """Cards as a player reads them in a message: ``K7 B3``, or ``no card``."""
    return " ".join(str(card) for card in cards) or say("no card")


def index_texts(indexes: Sequence[int]) -> list[str]:
    """``texts`` of cards held as indexes."""
    return [CARD_TEXTS[index] for index in indexes]


def index_shown(indexes: Sequence[int]) -> str:
    """``shown`` of cards held as indexes."""
    return " ".join(CARD_TEXTS[index] for index in indexes) or say("no card")


def natural(indexes: Sequence[int]) -> list[Card]:
    """Cards held as indexes, as cards: a sort key that orders plays as the cards themselves compare (by colour
    letter, then value), the order choices have always been listed in."""
    return [CARDS_BY_INDEX[index] for index in indexes]

"""Cards of David & Goliath and their two written forms.

A card is a colour and a value. It round-trips to text (``Card.parse("G12")``, ``str(card) == "G12"``),
the form every report uses; logs may also spell it ``{"color": "green", "value": 12}``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# Rulebook order; charts and tables list colours this way.
COLORS = ("B", "Y", "G", "R", "P")
COLOR_INDEX = {letter: index for index, letter in enumerate(COLORS)}  # a colour's place in per-colour lists
COLOR_NAMES = {"B": "blue", "Y": "yellow", "G": "green", "R": "red", "P": "purple"}
COLOR_LETTERS = {name: letter for letter, name in COLOR_NAMES.items()}

CARD_PATTERN = re.compile(r"[BYGRP][1-9][0-9]*")
CARD_TEXT_EXAMPLE = '"G12"'
CARD_OBJECT_EXAMPLE = '{"color": "green", "value": 12}'


class Card(NamedTuple):
    """A card: ``color`` is the colour's letter (``B Y G R P``), ``value`` is 1 or more.

    A NamedTuple rather than a dataclass: cards are hashed and compared in every trick, and tuples do
    that in C.
    """

    color: str
    value: int

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the string form; raises ``ValueError`` for anything that is not one."""
        card = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            if not isinstance(text, str) or CARD_PATTERN.fullmatch(text) is None:
                raise ValueError(f"{text!r} is not a card; write a colour letter and a value, like {CARD_TEXT_EXAMPLE}")
            card = cls(text[0], int(text[1:]))
        return card

    @classmethod
    def from_object(cls, data: object) -> Card | None:
        """Read either JSON form; ``None`` when ``data`` is neither."""
        if type(data) is str:
            card = CARD_BY_TEXT.get(data)
            if card is not None:
                return card
            try:
                return cls.parse(data)
            except ValueError:
                return None
        if type(data) is dict and len(data) == 2:
            color = data.get("color")
            letter = COLOR_LETTERS.get(color) if type(color) is str else None
            value = data.get("value")
            if letter is not None and type(value) is int and value >= 1:
                return cls(letter, value)
        return None

    @property
    def color_name(self) -> str:
        return COLOR_NAMES[self.color]

    def __str__(self) -> str:
        return f"{self.color}{self.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


# Every card any deck can hold, read by a dict lookup: logs are mostly cards, and this is their hot path.
CARD_BY_TEXT: dict[str, Card] = {f"{color}{value}": Card(color, value) for color in COLORS for value in range(1, 19)}
TEXT_OF_CARD: dict[Card, str] = {card: text for text, card in CARD_BY_TEXT.items()}


def card_text(card: Card) -> str:
    """``str(card)``, but a dict lookup for every card of a real deck: reports write thousands."""
    return TEXT_OF_CARD.get(card) or str(card)


def cards_text(cards: list[Card]) -> str:
    """Cards as a finding lists them: ``G4 G7``, or ``nothing``."""
    return " ".join(str(card) for card in cards) or "nothing"


def deck(max_value: int) -> frozenset[Card]:
    """Every card valued 1..max_value in each of the five colours."""
    return frozenset(Card(color, value) for color in COLORS for value in range(1, max_value + 1))

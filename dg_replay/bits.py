"""Cards as small ints where the validator reads and plays a log: a colour's place found from its letter, the
per-colour bit sets the State keeps, and a card written as text read without hashing the string.

A known hand (``GameState.hands``) and the cards played so far (``GameState.played``) are each a list of five
ints, one per colour in ``COLORS`` order, bit ``value`` set for each card of that colour held or played (up to
``BIT_LIMIT``: a card valued past it is kept apart, in a set). A card leaves a hand as one bit cleared, rule 4
asks whether one int is nonzero (``playing.may_play``), and a copy is a list of five ints, where a set or a
dict of ``Card`` tuples hashed every card at every step. Cards are made of the bits only at the edges: the
views, the choices, the search's position, a finding's words (``hand_cards``, ``known_hand``).

The State's own questions of these are here too: a known hand's cards (``known_hand``), a card valued past
``BIT_LIMIT`` played (``odd_step``), the trick a card played again was first played in (``first_played``).

The reader's hot path meets a card as a short string, ``"G12"``; ``card_of_text`` finds its card by reading the
string's characters where a dict lookup would first hash the string (a new one for every card of a log).

Compiled by mypyc with the state (``[tool.card-replay.native]``): ``ord`` of a character and an item of a list
are native there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dg_replay.cards import CARD_BY_TEXT, COLOR_INDEX, COLORS, Card

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState

COLOR_COUNT: Final = len(COLORS)
# Each colour's place in ``COLORS`` by its letter's code point (-1: not a colour's letter): a list read through
# ``ord``, where a dict would look the letter up (read for every card dealt, played or taken).
SLOT_BY_CODE: Final = [COLOR_INDEX.get(chr(code), -1) for code in range(128)]
TOP_VALUE: Final = 18  # the highest value of any deck (six players), the last of ``CARD_AT``'s rows
# The highest value kept as a bit: a card past it (a value no deck has, from a log's mistake, however large) is
# kept apart as a card (``GameState.odd``), since a bit per value would take memory as large as the value. Bits
# up to 61 also stay in compiled code's unboxed ints.
BIT_LIMIT: Final = 61
# The reader's own card objects (``CARD_BY_TEXT``), by colour's place and value (index 0 unused).
CARD_AT: Final = [[CARD_BY_TEXT.get(f"{color}{value}") or Card(color, value) for value in range(TOP_VALUE + 1)]
                  for color in COLORS]


def color_slot(color: str) -> int:
    """``COLOR_INDEX[color]`` for a colour's letter: the place of its count, its sum or its bits in per-colour
    lists."""
    return SLOT_BY_CODE[ord(color)]


def card_of_text(text: str) -> Card | None:
    """``CARD_BY_TEXT.get(text)``: the card of any deck that ``text`` writes (a colour's letter and a value from
    1 to 18 with no leading zero), else ``None``."""
    size = len(text)
    if size == 2:
        value = ord(text[1]) - 48  # "1" to "9"
        if value < 1 or value > 9:
            return None
    elif size == 3:
        value = ord(text[2]) - 38  # "10" to "18": a "1", then "0" to "8"
        if ord(text[1]) != 49 or value < 10 or value > TOP_VALUE:
            return None
    else:
        return None
    code = ord(text[0])
    slot = SLOT_BY_CODE[code] if code < 128 else -1
    return CARD_AT[slot][value] if slot >= 0 else None


def hand_cards(hand: list[int]) -> list[Card]:
    """The cards of ``hand`` (or of any such bits) in the order a hand is shown: colour (``COLORS``), then
    value."""
    cards = []
    for slot, bits in enumerate(hand):
        row = CARD_AT[slot]
        while bits:
            low = bits & -bits
            value = low.bit_length() - 1
            cards.append(row[value] if value <= TOP_VALUE else Card(COLORS[slot], value))
            bits ^= low
    return cards


def has_card(hand: list[int], card: Card) -> bool:
    """Whether ``card``'s bit is set in ``hand`` (or in any such bits)."""
    return bool(hand[color_slot(card.color)] >> card.value & 1)


def known_hand(state: GameState, name: str) -> list[Card]:
    """The cards ``name``'s known hand holds now, in the order a hand is shown (colour, then value), those
    valued past ``bits.BIT_LIMIT`` (``GameState.odd``) included."""
    cards = hand_cards(state.hands[name])
    odd = state.odd.get(name)
    return sorted([*cards, *odd], key=lambda card: (color_slot(card.color), card.value)) if odd else cards


def odd_step(state: GameState, player: str | None, card: Card, hand_known: bool) -> tuple[bool, bool]:
    """``GameState.plays`` for a card valued past ``bits.BIT_LIMIT``, kept as a card rather than a bit: whether
    it was played before, and whether ``player``'s hand held it where the hand is known (it leaves it now)."""
    played = state.odd.setdefault(None, set())
    again = card in played
    played.add(card)
    hand = state.odd.get(player) if hand_known else None  # under None: the cards played, never a hand
    in_hand = not hand_known or (hand is not None and card in hand)
    if hand is not None:
        hand.discard(card)
    return again, in_hand


def first_played(state: GameState, card: Card) -> int:
    """The number of the trick ``card`` was first played in (asked only for a card played again)."""
    return next(record.number for record in state.tricks for play in record.plays if play.card == card)

"""Performance cards: the 90-card deck and both written forms, round-tripping to text."""

from __future__ import annotations

from collections import Counter

import pytest

from olympi_replay.cards import (
    ALL_CARDS,
    CARD_INDEX,
    CARD_TEXTS,
    Card,
    full_deck,
    index_shown,
    index_texts,
    natural,
    shown,
)
from olympi_replay.disciplines import COLOR_OF, VALUE_OF
from olympi_replay.race_reader import card_index, card_indexes


def test_the_deck_has_two_copies_of_45_cards():
    deck = full_deck()
    assert len(deck) == 90 and len(set(deck)) == 45
    assert set(Counter(deck).values()) == {2}
    assert {card.color for card in deck} == set("BYKGR") and {card.value for card in deck} == set(range(1, 10))


@pytest.mark.parametrize("card", ALL_CARDS)
def test_cards_round_trip_to_text_and_object(card):
    assert Card.parse(str(card)) == card
    assert Card.from_object({"color": card.color_name, "value": card.value}) == card
    assert eval(repr(card)) == card


@pytest.mark.parametrize("value", ["K0", "K10", "k7", "P7", "K", "7", " K7", "K07", 7, None, [],
                                   {"color": "black", "value": 10}, {"color": "black", "value": True},
                                   {"color": "purple", "value": 1}, {"color": "black", "value": 7, "x": 1},
                                   {"color": "black"}])
def test_anything_else_is_no_card(value):
    assert Card.from_object(value) is None
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(value)  # type: ignore[arg-type]


def test_cards_are_shown_plainly():
    assert shown([Card("K", 7), Card("B", 3)]) == "K7 B3"
    assert shown([]) == "no card"
    assert Card("K", 7).color_name == "black"


def test_a_replay_holds_a_card_as_its_index_in_the_rings_order():
    # Colours blue, yellow, black, green, red, nine values each: index = colour's place × 9 + value - 1.
    assert card_index("B1") == 0 and card_index("Y1") == 9 and card_index("K3") == 20
    assert card_index("R2") == 37 and card_index("R9") == 44
    assert CARD_TEXTS[20] == "K3" and VALUE_OF[20] == 3 and COLOR_OF[20] == 2 and COLOR_OF[37] == 4
    assert all(CARD_INDEX[card] == card_index(str(card)) for card in ALL_CARDS)


@pytest.mark.parametrize("text", ["K0", "K10", "k7", "P7", "K", "7", " K7", "K07", "7K", "", "B:", "Ř7", "K٧"])
def test_a_text_that_is_no_card_has_no_index(text):
    assert card_index(text) == -1
    assert card_indexes(["K7", text]) is None


def test_a_list_of_cards_in_the_string_form_is_read_as_indexes():
    assert card_indexes(["K7", "B1", "K7"]) == [24, 0, 24] and card_indexes([]) == []
    assert card_indexes(["K7", 7]) is None and card_indexes([["K7"]]) is None  # only strings are read so


def test_cards_held_as_indexes_are_written_and_shown_as_cards_are():
    assert index_texts([20, 0]) == ["K3", "B1"] and index_shown([20, 0]) == "K3 B1"
    assert index_shown([]) == "no card"
    # Plays as the cards themselves compare: by colour letter (B G K R Y), then value; Y1 (index 9) after G2 (28).
    assert sorted([(9,), (28, 9), (28,), (0, 44)], key=natural) == [(0, 44), (28,), (28, 9), (9,)]

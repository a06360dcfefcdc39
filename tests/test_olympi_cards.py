"""Performance cards: the 90-card deck and both written forms, round-tripping to text."""

from __future__ import annotations

from collections import Counter

import pytest

from olympi_replay.cards import ALL_CARDS, Card, full_deck, shown


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

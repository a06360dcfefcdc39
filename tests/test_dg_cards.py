"""Cards round-trip to text and read from both JSON forms."""

import pytest

from dg_replay.cards import Card, deck


@pytest.mark.parametrize("text", ["G12", "B1", "Y9", "R18", "P3", "G100"])
def test_string_form_round_trips(text):
    card = Card.parse(text)
    assert str(card) == text
    assert Card.parse(str(card)) == card


def test_parse_reads_colour_and_value():
    card = Card.parse("G12")
    assert (card.color, card.value, card.color_name) == ("G", 12, "green")


@pytest.mark.parametrize("text", ["", "G", "G0", "G012", "g12", "X5", "G-1", "G1.5", " G1", "G1 ", "12G"])
def test_parse_rejects_anything_else(text):
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_object_form():
    assert Card.from_object({"color": "green", "value": 12}) == Card("G", 12)
    assert Card.from_object("P7") == Card("P", 7)


@pytest.mark.parametrize("value", [
    {"color": "Green", "value": 12}, {"color": "green", "value": 0}, {"color": "green", "value": True},
    {"color": "green", "value": 2.0}, {"color": "green"}, {"color": "green", "value": 3, "x": 1},
    {"colour": "green", "value": 3}, None, 12, ["G", 12], "G0",
])
def test_object_form_rejects_anything_else(value):
    assert Card.from_object(value) is None


@pytest.mark.parametrize(("max_value", "size"), [(9, 45), (12, 60), (15, 75), (18, 90)])
def test_deck_sizes(max_value, size):
    cards = deck(max_value)
    assert len(cards) == size
    assert max(card.value for card in cards) == max_value
    assert {card.color for card in cards} == set("BYGRP")

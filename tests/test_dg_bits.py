"""Cards as small ints (``dg_replay.bits``): a colour's place from its letter, a card read from its text without
a dict, and the per-colour bit sets the State keeps for a known hand and for the cards played; rule 4 and a
card played twice asked of them. Expected values are worked out by hand from the encoding (bit ``value`` of
the colour's int, colours in ``B Y G R P`` order)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay import new_state, validate
from dg_replay.bits import BIT_LIMIT, card_of_text, color_slot, hand_cards, has_card, known_hand
from dg_replay.cards import CARD_BY_TEXT, COLORS, Card


def test_a_colours_place_is_its_place_in_the_rulebook_order():
    assert [color_slot(letter) for letter in "BYGRP"] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(("text", "card"), [("B1", Card("B", 1)), ("Y9", Card("Y", 9)), ("G10", Card("G", 10)),
                                            ("R18", Card("R", 18)), ("P12", Card("P", 12))])
def test_a_card_of_every_deck_is_read_from_its_text(text, card):
    assert card_of_text(text) == card
    assert card_of_text(text) is CARD_BY_TEXT[text]  # the reader's own object, so later lookups find it alike


@pytest.mark.parametrize("text", ["", "G", "G0", "G19", "G20", "G100", "G012", "G01", "g5", "X5", "G-1", "G1 ",
                                  " G1", "12G", "GG1", "G1\u0663", "\u00c71", "G\u0661", "\U0001f0a11"])
def test_anything_else_is_left_to_the_readers_slow_path(text):
    # Past 18 (G19, G100), a leading zero, a lowercase or unknown letter, other digits: not a card of any deck.
    assert card_of_text(text) is None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("BYGRPXg0123456789 \u0663"), max_size=4))
def test_reading_a_text_agrees_with_the_table_of_every_deck(text):
    assert card_of_text(text) == CARD_BY_TEXT.get(text)


def test_a_hand_is_a_bit_per_value_in_each_colours_int():
    # Blue holds the 1 (bit 1 = 2), green the 4 and 9 (16 + 512), purple the 18 (262144).
    hand = [2, 0, 16 + 512, 0, 1 << 18]
    assert [str(card) for card in hand_cards(hand)] == ["B1", "G4", "G9", "P18"]  # colour, then value
    assert has_card(hand, Card("G", 9)) and not has_card(hand, Card("G", 8)) and not has_card(hand, Card("Y", 9))
    assert hand_cards([0, 0, 0, (1 << 25) + 8, 0]) == [Card("R", 3), Card("R", 25)]  # past every deck: a bit too


def dealt(hands: dict[str, list]) -> object:
    """A three-player game's state from its deal (dealer Cy), nothing played."""
    return new_state({"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy", "hands": hands})


@settings(max_examples=50, deadline=None)
@given(st.lists(st.builds(Card, st.sampled_from(COLORS), st.integers(1, 2 * BIT_LIMIT)), max_size=20, unique=True))
def test_a_dealt_hands_cards_are_its_cards_in_hand_order(cards):
    # However the hand is kept (bits up to BIT_LIMIT, a set past it), it shows its cards colour by colour.
    state = dealt({"Ann": [str(card) for card in cards], "Ben": [], "Cy": []})
    assert known_hand(state, "Ann") == sorted(cards, key=lambda card: (COLORS.index(card.color), card.value))


def test_a_value_far_past_every_deck_is_a_card_not_a_bit():
    # G10**30 would need a 10**30-bit int: it is kept as a card, dealt to Ben, played by him, and shows green
    # held while he has it (rule 4: he plays R5 on Ann's green lead).
    huge = {"color": "green", "value": 10 ** 30}
    log = {"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy",
           "hands": {"Ann": ["G1", "B2"], "Ben": ["R5", huge], "Cy": ["Y3", "B4"]},
           "tricks": [{"plays": [{"player": "Ann", "card": "G1"}, {"player": "Ben", "card": "R5"},
                                 {"player": "Cy", "card": "Y3"}]},
                      {"plays": [{"player": "Ben", "card": huge}, {"player": "Cy", "card": huge}]}]}
    codes = [(made.code, made.player) for made in validate(log).findings if made.player in ("Ben", "Cy")]
    assert ("must-follow-suit", "Ben") in codes
    assert codes.count(("card-not-in-deck", "Ben")) == 2  # one in the deal, one played
    assert ("card-not-in-deck", "Cy") in codes  # Cy's copy: past the deck first, so not also "already played"
    state = dealt({"Ann": ["G1"], "Ben": [huge], "Cy": []})
    assert known_hand(state, "Ben") == [Card("G", 10 ** 30)]


def test_a_card_played_twice_names_the_trick_it_was_first_played_in():
    # Three players, dealer Cy: Ann leads G1 in trick 1 and Ben takes it with G9 (high), Ann's G1 low; Ben leads
    # trick 2 with G9 again: already played in trick 1, however the state keeps the cards played.
    log = {"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy",
           "tricks": [{"plays": [{"player": "Ann", "card": "G1"}, {"player": "Ben", "card": "G9"},
                                 {"player": "Cy", "card": "G5"}]},
                      {"plays": [{"player": "Ben", "card": "G9"}]}]}
    messages = [made.message for made in validate(log).findings if made.code == "card-already-played"]
    assert messages == ["Ben plays G9, which was already played in trick 1."]


def test_a_known_hand_loses_each_card_played_and_the_copy_keeps_its_own_bits():
    hands = {"Ann": ["G1", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "B1", "B2", "B3", "B4", "B5"],
             "Ben": ["G2", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "B6", "B7", "B8", "B9", "P1", "P2"],
             "Cy": ["G3", "G4", "G5", "G6", "G7", "G8", "G9", "R1", "P3", "P4", "P5", "P6", "P7", "P8", "P9"]}
    state = new_state({"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy", "hands": hands})
    twin = state.clone()
    state.apply({"player": "Ann", "card": "G1"})
    # Ann's green int loses bit 1 (it was 2, G1 alone); the copy taken before the play still holds it.
    assert state.hands["Ann"][color_slot("G")] == 0 and twin.hands["Ann"][color_slot("G")] == 2
    assert has_card(state.played, Card("G", 1)) and not has_card(twin.played, Card("G", 1))
    state.undo()
    assert state.hands["Ann"] == twin.hands["Ann"] and state.played == twin.played == [0] * len(COLORS)


def test_a_card_far_past_every_deck_played_twice_is_found_whoever_played_it_first():
    # Seven players: no deck, so no card is outside it, and the second G10**30 is a card already played, even
    # though the first was played by nobody the log names (a schema finding of its own).
    huge = {"color": "green", "value": 10 ** 30}
    players = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus"]
    log = {"game": "david-goliath", "players": players,
           "tricks": [{"plays": [{"card": huge}, {"player": "Ben", "card": huge}]}]}
    found = [(made.code, made.player) for made in validate(log).findings]
    assert ("card-already-played", "Ben") in found

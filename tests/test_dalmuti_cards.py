"""Cards of Il Grande Dalmuti: text round-trips, decks per player count, set values with Jesters."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dalmuti_replay.cards import (
    CARD_BY_TEXT,
    JESTER,
    Card,
    best_held,
    card_index,
    card_of,
    copies_in_deck,
    counted,
    deck,
    deck_size,
    deck_top,
    held_cards,
    in_deck,
    is_mixed,
    set_value,
)


def cards(text):
    return [Card.parse(item) for item in text.split()]


@pytest.mark.parametrize("text", ["1", "7", "12", "J", "13", "40"])
def test_text_round_trips(text):
    assert str(Card.parse(text)) == text


def test_a_jester_is_not_a_written_13():
    assert Card.parse("J") == JESTER and Card.parse("J").jester
    assert Card.parse("13") != JESTER and not Card.parse("13").jester


@pytest.mark.parametrize("text", ["0", "07", "j", "", " 7", "7.0", "JJ", "-1"])
def test_anything_else_is_not_a_card(text):
    with pytest.raises(ValueError):
        Card.parse(text)
    assert Card.read(text) is None


def test_read_takes_only_text():
    assert Card.read(7) is None and Card.read(["7"]) is None and Card.read("7") == Card(7)


def test_a_huge_value_is_still_a_card_outside_every_deck():
    card = Card.parse("9" * 5000)
    assert not in_deck(card, 12)


def test_a_value_of_up_to_40_digits_is_quoted_as_written():
    written = "99999999999999999999999999"  # 26 digits
    assert str(Card.parse(written)) == written and str(Card.parse("9" * 40)) == "9" * 40


@pytest.mark.parametrize(("players", "full", "top", "size"), [
    (4, False, 10, 57), (5, False, 11, 68), (6, False, 12, 80), (8, False, 12, 80), (4, True, 12, 80),
    (5, True, 12, 80), (12, False, 12, 80)])
def test_deck_per_player_count(players, full, top, size):
    assert deck_top(players, full) == top
    assert deck_size(top) == size == sum(deck(top).values())
    assert deck(top)[JESTER] == 2
    assert all(deck(top)[Card(value)] == value for value in range(1, top + 1))


def test_jesters_join_a_set_and_alone_are_13():
    assert set_value(cards("7 7 J")) == 7
    assert set_value(cards("J 7 7")) == 7
    assert set_value(cards("J")) == 13 and set_value(cards("J J")) == 13
    assert not is_mixed(cards("7 7 J")) and is_mixed(cards("7 6"))
    assert set_value(cards("6 7")) == 6  # a mixed set counts as its first numbered card


def test_best_cards_count_a_jester_as_13():
    assert best_held(counted(cards("J 12 3 9 3")), 2) == cards("3 3")
    assert best_held(counted(cards("J 12")), 2) == cards("12 J")


def test_best_held_takes_the_best_copies_of_a_counted_hand():
    # Rule 6 worked by hand: two 3s are the best two cards, the Jester (13) the worst, so the best four of
    # 3 3 5 5 5 J are 3 3 5 5; cards counted 0 or less are not held.
    hand = {JESTER: 1, Card(5): 3, Card(3): 2, Card(1): 0, Card(2): -1}
    assert best_held(hand, 4) == cards("3 3 5 5")
    assert best_held(hand, 6) == cards("3 3 5 5 5 J")
    assert best_held(hand, 9) == cards("3 3 5 5 5 J")  # a hand smaller than the count gives all it holds
    assert best_held(hand, 0) == [] and best_held({}, 2) == []


@given(st.lists(st.sampled_from([*CARD_BY_TEXT.values(), Card(40)]), max_size=25), st.integers(0, 26))
def test_best_held_is_the_best_of_every_copy(hand, count):
    assert best_held(Counter(hand), count) == sorted(hand)[:count] == best_held(counted(hand), count)


def test_each_card_to_13_has_its_own_index_and_its_copies_in_the_deck():
    # 1 -> 2, 12 -> 24; a written 13 and a Jester (alone worth 13) are different cards, 26 and 27
    assert [card_index(card) for card in cards("1 12 13 J")] == [2, 24, 26, 27]
    assert card_index(Card(14)) == -1 and card_index(Card(10**12)) == -1
    assert len({card_index(card) for card in CARD_BY_TEXT.values() if card.value <= 13}) == 14
    # rule 2: v copies of the value v, two Jesters
    assert [copies_in_deck(card) for card in cards("1 7 12 J")] == [1, 7, 12, 2]


@given(st.lists(st.sampled_from([*CARD_BY_TEXT.values(), Card(40), Card(10**12)]), max_size=30))
def test_a_hand_is_counted_as_a_counter_counts_it(dealt):
    hand = counted(dealt)
    assert hand == Counter(dealt) and list(hand) == list(Counter(dealt))  # the same counts, in the order first seen


def test_a_hand_is_a_plain_dict_of_counts_that_gives_up_cards_as_a_dict():
    hand = counted([Card(7), JESTER, Card(7)])
    assert type(hand) is dict and hand == {Card(7): 2, JESTER: 1}
    assert held_cards(hand) == [Card(7), Card(7), JESTER]  # each card as often as held, in the order first seen
    hand[Card(7)] -= 1
    del hand[JESTER]
    assert held_cards(hand) == [Card(7)] and hand.get(JESTER, 0) == 0
    with pytest.raises(KeyError):
        del hand[JESTER]  # a card no longer held
    assert held_cards({Card(3): 0, Card(4): -1}) == []  # a count of 0 or less holds none, as Counter.elements


@pytest.mark.parametrize(("text", "card"), [("1", Card(1)), ("7", Card(7)), ("10", Card(10)), ("12", Card(12)),
                                            ("13", Card(13)), ("19", Card(19)), ("J", JESTER)])
def test_card_of_reads_the_written_cards(text, card):
    assert card_of(text) == card


@pytest.mark.parametrize("text", ["", "0", "20", "01", "j", "1J", "123", "١", "7\u0307", "\x007"])
def test_card_of_refuses_other_texts_as_the_table_does(text):
    with pytest.raises(KeyError):
        card_of(text)


@pytest.mark.parametrize("value", [7, None, ["7"], b"7"])
def test_card_of_refuses_what_is_not_text(value):
    with pytest.raises(TypeError):
        card_of(value)


@given(st.text(max_size=3) | st.sampled_from(sorted(CARD_BY_TEXT)))
def test_card_of_is_the_table_s_lookup(text):
    """``card_of`` reads through a list indexed by the characters' codes; it must agree with the table."""
    if text in CARD_BY_TEXT:
        assert card_of(text) is CARD_BY_TEXT[text]
    else:
        with pytest.raises(KeyError):
            card_of(text)

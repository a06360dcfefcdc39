"""Card state: known and unknown parts of hands, draws from known and unknown decks, reshuffles of the
discard pile, and which cards are still free."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from olympi_replay.cards import CARD_INDEX, Card
from olympi_replay.cards_state import Cards


def index(text: str) -> int:
    """A card as a replay holds it: its index."""
    return CARD_INDEX[Card.parse(text)]


K1, K2, K3, B1 = index("K1"), index("K2"), index("K3"), index("B1")


def table() -> Cards:
    cards = Cards(("Ann", "Bruno"))
    cards.hands["Ann"].unknown = 2
    cards.hands["Bruno"].gain(K1)
    cards.hands["Bruno"].gain(K2)
    cards.learn(K1)
    cards.learn(K2)
    return cards


def test_plays_take_known_cards_first_then_free_unknown_ones():
    cards = table()
    assert cards.play("Bruno", (K1,)) == []
    assert cards.play("Ann", (K1, K1)) == [(1, "too-many-copies")]  # K1 known in Bruno's play and Ann's first
    assert cards.play("Ann", (K3,)) == [(0, "card-not-in-hand")]
    assert cards.hands["Ann"].size == 0 and cards.table == [K1, K1, K1]


def test_draws_from_a_known_deck_then_a_reshuffle_then_short():
    cards = table()
    cards.set_deck([B1], 1)
    cards.learn(B1)
    cards.discards = [K3]
    cards.learn(K3)
    drawn = cards.draw("Ann", 3, [K3])
    assert drawn.known == [B1, K3] and drawn.reshuffled and drawn.short and not drawn.reshuffle_wrong
    assert cards.hands["Ann"].size == 4 and cards.deck_size == 0


def test_a_wrong_reshuffle_makes_the_deck_unknown():
    cards = table()
    cards.set_deck(None, 0)
    cards.discards = [K3, K3]
    cards.learn(K3)
    cards.learn(K3)
    drawn = cards.draw("Ann", 1, [K3])
    assert drawn.reshuffle_wrong and drawn.unknown == 1 and cards.deck_size == 1
    assert cards.free(K3)  # the reshuffled cards are unknown again
    assert cards.learn_drawn("Ann", K3) and cards.hands["Ann"].count(K3) == 1


def test_a_hand_counts_each_card_it_is_known_to_hold_and_lists_them_in_the_rings_order():
    hand = Cards(("Ann",)).hands["Ann"]
    for card in (index("R2"), K3, index("B9"), K3, index("Y1")):
        hand.gain(card)
    assert hand.count(K3) == 2 and hand.count(K1) == 0 and hand.held == 5
    # blue, yellow, black, green, red (the rings' order), then by value
    assert hand.cards() == [index("B9"), index("Y1"), K3, K3, index("R2")]
    assert hand.lose(K3) and hand.count(K3) == 1 and not hand.lose(K1) and hand.held == 4


def test_the_copies_known_of_a_card_are_counted_up_to_a_third_one():
    cards = Cards(("Ann",))
    assert cards.copies(K3) == 0 and cards.learn(K3) and cards.learn(K3) and not cards.free(K3)
    assert not cards.learn(K3) and cards.copies(K3) == 3  # a third copy: the log is wrong, and it is counted


def test_a_reshuffle_list_without_a_reshuffle_is_wrong():
    cards = table()
    cards.set_deck(None, 5)
    assert cards.draw("Ann", 1, []).reshuffle_wrong


def test_the_race_s_plays_are_discarded_at_its_end():
    cards = table()
    cards.play("Bruno", (K1, K2))
    cards.end_race()
    assert cards.discards == [K1, K2] and cards.table == []
    assert cards.sizes() == {"Ann": 2, "Bruno": 0}


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["play", "draw", "name"]), st.lists(st.sampled_from(range(6)),
                                                                              max_size=3)), max_size=30))
def test_a_hand_s_size_is_its_known_cards_and_its_unseen_ones(steps):
    # The size is kept as cards come and go (Hand.held), never counted: it must stay the sum of the known cards' counts.
    cards = table()
    cards.set_deck(list(range(6)) * 2, 12)
    for kind, listed in steps:
        for name in ("Ann", "Bruno"):
            if kind == "play":
                cards.play(name, tuple(listed))
            elif kind == "draw":
                cards.draw(name, len(listed), None)
            else:
                for card in listed:
                    cards.learn_drawn(name, card)
            hand = cards.hands[name]
            assert hand.size == sum(hand.known) + hand.unknown == len(hand.cards()) + hand.unknown
            assert hand.copy().size == hand.size and hand.copy().cards() == hand.cards()

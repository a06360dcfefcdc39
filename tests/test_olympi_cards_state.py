"""Card state: known and unknown parts of hands, draws from known and unknown decks, reshuffles of the
discard pile, and which cards are still free."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from olympi_replay.cards import ALL_CARDS, Card
from olympi_replay.cards_state import Cards

K1, K2, K3, B1 = Card("K", 1), Card("K", 2), Card("K", 3), Card("B", 1)


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
    assert cards.play("Bruno", [K1]) == []
    assert cards.play("Ann", [K1, K1]) == [(1, "too-many-copies")]  # K1 known in Bruno's play and Ann's first
    assert cards.play("Ann", [K3]) == [(0, "card-not-in-hand")]
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
    assert cards.learn_drawn("Ann", K3) and cards.hands["Ann"].known[K3] == 1


def test_a_reshuffle_list_without_a_reshuffle_is_wrong():
    cards = table()
    cards.set_deck(None, 5)
    assert cards.draw("Ann", 1, []).reshuffle_wrong


def test_the_race_s_plays_are_discarded_at_its_end():
    cards = table()
    cards.play("Bruno", [K1, K2])
    cards.end_race()
    assert cards.discards == [K1, K2] and cards.table == []
    assert cards.sizes() == {"Ann": 2, "Bruno": 0}


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["play", "draw", "name"]), st.lists(st.sampled_from(ALL_CARDS[:6]),
                                                                              max_size=3)), max_size=30))
def test_a_hand_s_size_is_its_known_cards_and_its_unseen_ones(steps):
    # The size is kept as cards come and go (Hand.held), never counted: it must stay the sum of the known cards' counts.
    cards = table()
    cards.set_deck(list(ALL_CARDS[:6]) * 2, 12)
    for kind, listed in steps:
        for name in ("Ann", "Bruno"):
            if kind == "play":
                cards.play(name, listed)
            elif kind == "draw":
                cards.draw(name, len(listed), None)
            else:
                for card in listed:
                    cards.learn_drawn(name, card)
            hand = cards.hands[name]
            assert hand.size == sum(hand.known.values()) + hand.unknown
            assert hand.copy().size == hand.size and hand.copy().known == hand.known

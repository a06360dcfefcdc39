"""Card state: known and unknown parts of hands, draws from known and unknown decks, reshuffles of the
discard pile, and which cards are still free."""

from __future__ import annotations

from olympi_replay.cards import Card
from olympi_replay.cards_state import Cards

K1, K2, K3, B1 = Card("K", 1), Card("K", 2), Card("K", 3), Card("B", 1)


def table() -> Cards:
    cards = Cards(("Ann", "Bruno"))
    cards.hands["Ann"].unknown = 2
    cards.hands["Bruno"].known.update([K1, K2])
    cards.known.update([K1, K2])
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
    cards.known[B1] += 1
    cards.discards = [K3]
    cards.known[K3] += 1
    drawn = cards.draw("Ann", 3, [K3])
    assert drawn.known == [B1, K3] and drawn.reshuffled and drawn.short and not drawn.reshuffle_wrong
    assert cards.hands["Ann"].size == 4 and cards.deck_size == 0


def test_a_wrong_reshuffle_makes_the_deck_unknown():
    cards = table()
    cards.set_deck(None, 0)
    cards.discards = [K3, K3]
    cards.known[K3] += 2
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

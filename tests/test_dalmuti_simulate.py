"""The simulator: reproducible, legal, and covering every variant, revolutions, joins and both ends."""

from collections import Counter

import pytest

from dalmuti_replay import validate
from dalmuti_replay.cards import Card
from dalmuti_replay.legal import sets_of
from dalmuti_replay.rules import Options
from dalmuti_replay.simulate import simulate


def test_the_same_seed_plays_the_same_session():
    assert simulate(6, 42) == simulate(6, 42)
    assert simulate(6, 42) != simulate(6, 43)


@pytest.mark.parametrize("variant", Options.names())
def test_every_variant_simulates_clean(variant):
    log = simulate(7, 3, black_market=True) if variant == "black_market" else simulate(6, 3, **{variant: True})
    assert log["options"] == {variant: True}
    assert validate(log).findings == []


def test_without_hands_or_claims():
    log = simulate(5, 1, hands=False, claims=False)
    assert not any("hands" in entry or "finish" in entry for entry in log["rounds"])
    assert "winners" not in log and validate(log).findings == []


def test_great_and_plain_revolutions_happen():
    kinds = set()
    for seed in range(80):
        kinds |= {record.revolution_kind for record in validate(simulate(5, seed, rounds=2)).rounds}
    assert {"great", "plain"} <= kinds


def test_market_and_black_market_conflict():
    with pytest.raises(ValueError):
        simulate(6, 1, market=True, black_market=True)
    with pytest.raises(ValueError):
        simulate(3, 1)


def test_sets_of_a_hand():
    hand = Counter([Card(5), Card(5), Card(13, True)])
    assert sorted(sets_of(hand, 2, 6)) == [[Card(5), Card(5)], [Card(5), Card(13, True)]]
    assert [Card(13, True)] in sets_of(hand, None, None)
    assert sets_of(hand, 2, 5) == []

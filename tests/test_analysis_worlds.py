"""The worlds a sampled estimate searches (``sample_world(seat, rng)``) and what a seat has seen
(``observation(seat)``), in every game whose State offers them, where every hand is known (a play valued by
worlds because its search ran out of budget; the worlds of logs without the hands are held to the log's proof in
``tests/test_analysis_hidden_hands.py``).

A world keeps the seat's own hand, every seat's count of cards and every card played; it only moves the cards
the seat cannot see (the other hands and, in a two-player Olympi race, the deck) among the places that hide
them, never giving a seat a colour it showed it lacks (David & Goliath, rule 4). And the seat's observation
is the same in every world however the hidden cards lie, which is what "no other seat's hidden card in it"
means: it cannot tell the worlds apart. In Il Grande Dalmuti a seat also saw the transfers it took part in
(rule 6): a hand-worked round holds its worlds to them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dalmuti_replay.position import unpack
from dalmuti_replay.shown import elements
from dg_replay.cards import COLORS
from dg_replay.position import bits_of
from replaykit import registry
from tests.dalmuti_helpers import session, trick
from tests.test_search_games import GAMES, back, endgame

ENDGAMES = 120
WORLDS = 6


def holdings(position) -> list[Counter]:
    """Each seat's cards, as a multiset of the game's compact cards."""
    kind = type(position).__module__
    if kind == "dg_replay.position":
        return [Counter(bits_of(hand)) for hand in position.hands]
    if kind == "dalmuti_replay.position":
        return [Counter(elements(unpack(hand))) for hand in position.hands]
    if kind == "olympi_replay.position":
        return [Counter(hand) for hand in position.hands]
    return [Counter(position.hands[name]) for name in position.players]  # the toy game


def unseen_stock(position) -> Counter:
    """The cards in no hand that no seat sees: a two-player Olympi race's deck (its order or its cards)."""
    if type(position).__module__ != "olympi_replay.position":
        return Counter()
    if position.deck is not None:
        return Counter(position.deck)
    return Counter({card: count for card, count in enumerate(position.pool) if count})


def lacking(position, seat: int) -> set[str]:
    """The colours a David & Goliath seat showed it lacks (rule 4); none in the other games."""
    if type(position).__module__ != "dg_replay.position":
        return set()
    return {color for color in COLORS if position.voids()[seat] & position.color_bits[color]}


def color_of(position, card: int) -> str | None:
    """A David & Goliath card's colour (``None`` in the other games, where no colour can be lacked)."""
    return position.cards[card].color if type(position).__module__ == "dg_replay.position" else None


@pytest.mark.parametrize("engine", GAMES, ids=lambda engine: engine.id)
def test_a_world_moves_only_the_cards_the_seat_cannot_see_and_its_observation_cannot_tell_them_apart(engine):
    rng = random.Random(f"worlds/{engine.id}")
    told_apart = 0  # positions where two worlds placed the hidden cards differently
    for _ in range(ENDGAMES):
        position, steps = endgame(engine, rng)
        seat = position.turn
        if seat < 0:
            back(position, steps)
            continue
        held, seen = holdings(position), position.observation(seat)
        hidden = sum((cards for other, cards in enumerate(held) if other != seat), Counter()) + unseen_stock(position)
        arrangements = set()
        for _world in range(WORLDS):
            world = position.sample_world(seat, rng)
            dealt = holdings(world)
            assert dealt[seat] == held[seat]
            assert [sum(cards.values()) for cards in dealt] == [sum(cards.values()) for cards in held]
            moved = sum((cards for other, cards in enumerate(dealt) if other != seat), Counter()) + unseen_stock(world)
            assert moved == hidden  # no card the seat could know of, and none lost
            for other, cards in enumerate(dealt):
                assert not {color_of(world, card) for card in cards} & lacking(position, other)
            assert world.observation(seat) == seen
            assert world.legal_actions() == position.legal_actions()
            arrangements.add(tuple(tuple(sorted(cards.items())) for cards in dealt))
        told_apart += len(arrangements) > 1
        back(position, steps)
    assert told_apart >= ENDGAMES // 4  # the observations were equal across worlds that differ


# Il Grande Dalmuti, four players, round 1 with taxes (57 cards: each value 1–10 as many times as it says, two
# Jesters). Dealt: Anna (Great Dalmuti) ten 10s, two 9s, a 7 and both Jesters; Bruno (Little Dalmuti) the 1, a
# 2, two 3s, four 4s, four 5s and two 9s; Carla (Little Peon) a 5, eight 8s and five 9s; Dario (Great Peon) a
# 2, a 3, six 6s and six 7s. Dario pays his best, 2 and 3, to Anna; Carla her 5 to Bruno; Anna gives Dario two
# 10s, Bruno gives Carla a 9 (rule 6). Anna leads the 2 she received; the others pass.
A, B, C, D = "Anna", "Bruno", "Carla", "Dario"
DEALT = {A: ["10"] * 10 + ["9", "9", "7", "J", "J"], B: ["1", "2", "3", "3"] + ["4"] * 4 + ["5"] * 4 + ["9", "9"],
         C: ["5"] + ["8"] * 8 + ["9"] * 5, D: ["2", "3"] + ["6"] * 6 + ["7"] * 6}
TAXES = [{"from": D, "to": A, "cards": ["2", "3"]}, {"from": C, "to": B, "cards": ["5"]},
         {"from": A, "to": D, "cards": ["10", "10"]}, {"from": B, "to": C, "cards": ["9"]}]


def dalmuti_spots() -> dict[str, object]:
    """The positions before each play of the round above, by anchor."""
    engine = registry.engines()["grande-dalmuti"]
    log = session([A, B, C, D], {"hands": DEALT, "taxes": TAXES, "tricks": [trick((A, "2"), (B,), (C,), (D,))]})
    spots, before = {}, [None]

    def observe(anchor, state) -> None:
        if anchor:
            spots[anchor] = before[0]
        before[0] = state.searchable()

    engine.load(log, engine.default_limits, observe=observe)
    return spots


def test_a_dalmuti_world_keeps_what_the_seat_saw_in_the_transfers_it_took_part_in():
    spots = dalmuti_spots()
    lead = spots["round-1-trick-1-play-1"]
    assert lead.hidden() == 0 and lead.players[lead.turn] == A
    dario_had = unpack(lead.hands[3])
    assert dario_had == {6: 6, 7: 6, 10: 2}
    dario_places = set()
    for seed in range(40):
        world = [unpack(hand) for hand in lead.sample_world(lead.turn, random.Random(seed)).hands]
        # Anna gave Dario two 10s: his in every world of hers. He paid 2 and 3, his best: she deals him no card
        # below 3, so the 1 and the other 2 are Bruno's or Carla's.
        assert world[3].get(10, 0) == 2 and min(world[3]) >= 3
        assert world[1].get(1, 0) + world[2].get(1, 0) == 1 and world[1].get(2, 0) + world[2].get(2, 0) == 1
        dario_places.add(tuple(sorted(world[3].items())))
    assert len(dario_places) > 1  # the rest of his hand is dealt at random
    # Bruno, answering: he gave Carla a 9 and took her 5, her best: a 9 is hers and nothing below 5, in each world.
    answer = spots["round-1-trick-1-play-2"]
    assert answer.players[answer.turn] == B
    for seed in range(40):
        world = [unpack(hand) for hand in answer.sample_world(answer.turn, random.Random(seed)).hands]
        assert world[2].get(9, 0) >= 1 and min(world[2]) >= 5
    # Dario, last to answer: he gave Anna 2 and 3 and she has laid a 2 since: the 3 is hers in each world.
    last = spots["round-1-trick-1-play-4"]
    assert last.players[last.turn] == D and last.observation(3)["gave"] == {0: {3: 1}}
    for seed in range(40):
        assert unpack(last.sample_world(last.turn, random.Random(seed)).hands[0]).get(3, 0) >= 1

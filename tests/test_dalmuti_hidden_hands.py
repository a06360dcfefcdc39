"""Il Grande Dalmuti logs without the hands: what the recorded taxes prove (rule 6: a transfer's cards were its
giver's and are its receiver's; a Peon pays his best cards, a Jester counting 13, so he was dealt nothing
better than the worst he paid) kept in every sampled world, and a round whose taxes were owed but left out of
the log valued from its first play (``dalmuti_replay.position``, ``dalmuti_replay.hidden``)."""

from __future__ import annotations

import copy
import random
from bisect import bisect_left
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dalmuti_replay.hidden import deal, dealable, open_seats, slack_of
from dalmuti_replay.position import unpack
from dalmuti_replay.simulate import simulate
from replaykit.analysis import Budget, analyse
from replaykit.registry import engines
from replaykit.search import shuffle
from tests.dalmuti_helpers import session, trick
from tests.test_analysis_hidden_hands import HANDS, ROUND, by_step, values

DALMUTI = engines()["grande-dalmuti"]
A, B, C, D = "Anna", "Bruno", "Carla", "Dario"
JESTER = 13
SMALL = Budget(max_nodes=100_000, max_total=300_000, worlds=2, max_sampled=40_000)


def value(text: str) -> int:
    return JESTER if text == "J" else int(text)


def positions(log: dict) -> list:
    """Each step of ``log`` as the analysis meets it: its anchor, the action, and the position before it
    completed from the steps from there on (``learn``)."""
    steps, before = [], [None]

    def observe(anchor, state) -> None:
        if anchor:
            steps.append((anchor, state.last_action(), before[0]))
        before[0] = state.searchable()

    DALMUTI.load(log, DALMUTI.default_limits, observe=observe)
    later = [(anchor, action) for anchor, action, _spot in steps]
    return [(anchor, action, None if spot is None else spot.learn(later[at:]))
            for at, (anchor, action, spot) in enumerate(steps)]


# Four players, round 1 with taxes (57 cards: 1–10, each value as many times as it says, and two Jesters; 15
# to Anna, 14 to each other). Dario, the Great Peon, pays 2 and 3: he was dealt no 1, no other 2 and nothing
# else below 3. Carla, the Little Peon, pays a 5: nothing below 5. Anna gives Dario two 10s, Bruno gives Carla
# a 9. Anna leads her 2 (the one received) and the others pass.
TAXED = session([A, B, C, D], {
    "taxes": [{"from": D, "to": A, "cards": ["2", "3"]}, {"from": C, "to": B, "cards": ["5"]},
              {"from": A, "to": D, "cards": ["10", "10"]}, {"from": B, "to": C, "cards": ["9"]}],
    "tricks": [trick((A, "2"), (B,), (C,), (D,))]})


def test_the_worlds_keep_the_cards_the_taxes_prove_and_deal_no_peon_a_card_better_than_his_tax():
    spot = next(spot for anchor, _action, spot in positions(TAXED) if anchor == "round-1-trick-1-play-1")
    # Proven: Anna the 2 and 3 she received, Bruno the 5, Carla the 9, Dario the two 10s; the rest unplaced.
    assert [unpack(hand) for hand in spot.hands] == [{2: 1, 3: 1}, {5: 1}, {9: 1}, {10: 2}]
    assert spot.missing == [13, 13, 13, 12] and spot.hidden() == 51
    low = {1: 1, 2: 1, 3: 2, 4: 4}  # the cards below 5 left unplaced: the 1, the other 2, two 3s, four 4s
    assert {key: copies for key, copies in unpack(spot.pool).items() if key < 5} == low
    for seed in range(30):
        world = [unpack(hand) for hand in spot.sample_world(spot.turn, random.Random(seed)).hands]
        assert [sum(hand.values()) for hand in world] == [15, 14, 14, 14]
        assert world[0][2] >= 1 and world[0][3] >= 1 and world[1][5] >= 1 and world[2][9] >= 1
        assert world[3][10] >= 2
        assert not any(key < 5 for key in world[2])  # Carla: nothing below her 5
        assert not any(key < 3 for key in world[3])  # Dario: nothing below his 3
        # So the 1 and the other 2 are Anna's or Bruno's.
        assert world[0].get(1, 0) + world[1].get(1, 0) == 1 and world[0][2] + world[1].get(2, 0) == 2


def proof(log: dict, round_index: int, laid: list[dict]) -> tuple[list[Counter], list[int]]:
    """Worked from the rules, not the code: per player, the values the round's transfers and the sets
    ``laid`` so far leave proven in his hand (received less given, less laid), and a Peon's floor."""
    players = list(log["players"])
    held = [Counter() for _ in players]
    floors = [0] * len(players)
    taxes = log["rounds"][round_index].get("taxes") or []
    for number, transfer in enumerate(taxes):
        cards = Counter(value(text) for text in transfer["cards"])
        giver, receiver = players.index(transfer["from"]), players.index(transfer["to"])
        held[giver] -= cards
        if number < 2:  # the simulator lists the Great then the Little Peon's tax first
            floors[giver] = max(cards)
        held[receiver] += cards
    for entry in laid:
        if entry.get("cards"):
            held[players.index(entry["player"])] -= Counter(value(text) for text in entry["cards"])
    return held, floors


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), tricks=st.integers(1, 8), pick=st.integers(0, 10**6),
       world_seed=st.integers(0, 10**6))
def test_no_sampled_world_breaks_what_the_taxes_prove(seed, tricks, pick, world_seed):
    log = simulate(4, seed, hands=False, rounds=1)
    round_log = log["rounds"][0]
    if round_log.get("revolution"):
        return  # a plain revolution: no taxes, nothing for them to prove
    round_log["tricks"] = round_log["tricks"][:tricks]  # stopped early: cards are left unplaced
    steps = positions(log)
    plays = [at for at, (anchor, _action, spot) in enumerate(steps)
             if "-trick-" in anchor and spot is not None and spot.hidden() > 0]
    at = plays[pick % len(plays)]
    anchor, _action, spot = steps[at]
    laid = [action for earlier, action, _spot in steps[:at] if "-trick-" in earlier]
    held, floors = proof(log, 0, laid)
    order = [log["players"].index(name) for name in spot.players]  # the seats in the round's seating
    world = [Counter(unpack(hand)) for hand in spot.sample_world(spot.turn, random.Random(world_seed)).hands]
    assert sum(spot.counts) == sum(sum(hand.values()) for hand in world)
    for seat, player in enumerate(order):
        assert not held[player] - world[seat]  # every proven card stays in its hand
        below = {key: copies for key, copies in world[seat].items() if key < floors[player]}
        # A card below a Peon's floor can only be one he received and still holds.
        assert all(copies <= held[player][key] for key, copies in below.items()), (anchor, seat)


def test_a_simulated_deal_keeps_to_the_proof_of_its_taxes():
    # The true hands (the same session with its deal) are one world the proof allows.
    for seed in range(6):
        bare, dealt = simulate(4, seed, hands=False, rounds=1), simulate(4, seed, hands=True, rounds=1)
        if bare["rounds"][0].get("revolution"):
            continue
        true_spots = {anchor: spot for anchor, _action, spot in positions(dealt)}
        for anchor, _action, spot in positions(bare):
            truth = true_spots[anchor]
            if "-trick-" not in anchor or spot is None or truth is None:
                continue
            for seat, (proven, whole) in enumerate(zip(spot.hands, truth.hands, strict=True)):
                proven, whole = Counter(unpack(proven)), Counter(unpack(whole))
                assert not proven - whole
                assert not any(key < spot.floors[seat] for key in (whole - proven))


# The test_analysis_hidden_hands round (four players), its taxes owed (no settling round) and not recorded.
def untaxed(hands: bool) -> dict:
    entry: dict = {"tricks": copy.deepcopy(ROUND)}
    if hands:
        entry["hands"] = copy.deepcopy(HANDS)
    return session([A, B, C, D], entry)


def test_a_round_whose_taxes_the_log_leaves_out_is_valued_from_its_first_play():
    # Without the taxes recorded the four hands are unknown after them (the validator's own reading), but
    # Anna, Bruno and Carla lay every card they hold and Dario holds the rest: the hands are those the round
    # shows, so every play, the first included, is judged as in the settling round with the same sets.
    settled = analyse(DALMUTI, session([A, B, C, D], {"tricks": copy.deepcopy(ROUND)},
                                       options={"settling_round": True}), SMALL)
    for hands in (False, True):
        result = analyse(DALMUTI, untaxed(hands), SMALL)
        assert result["plays"] == settled["plays"] and result["unsearched"] == 0
        plays = by_step(result)
        assert plays["round-1-trick-1-play-1"]["player"] == A and plays["round-1-trick-1-play-1"]["legal"]
        # Carla's lead of trick 6 (test_analysis_hidden_hands): six 6s take her out third, anything else last.
        expected = {("6",) * 6: 2, **{("6",) * count: 1 for count in range(1, 6)}, ("5",): 1}
        assert plays["round-1-trick-6-play-1"]["exact"] and values(plays["round-1-trick-6-play-1"]) == expected


def test_a_round_whose_taxes_are_left_out_and_hands_unknown_is_estimated_from_its_first_play():
    log = copy.deepcopy(TAXED)
    del log["rounds"][0]["taxes"]
    plays = by_step(analyse(DALMUTI, log, Budget(worlds=2, max_sampled=100_000)))
    assert list(plays) == [f"round-1-trick-1-play-{number}" for number in range(1, 5)]
    assert plays["round-1-trick-1-play-1"]["player"] == A and not plays["round-1-trick-1-play-1"]["exact"]


def test_a_deal_keeps_to_the_floors_where_it_can_and_gives_them_up_where_no_deal_could():
    # Seat 0 paid a tax whose worst card is a 3: of a 1 and a 5, the 1 can only be seat 1's.
    for seed in range(10):
        assert deal([1, 5], {0: 1, 1: 1}, [3, 0], random.Random(seed)) == {0: [5], 1: [1]}
    # Two 1s and one place that may take them: a log breaking rule 6. Each seat still gets its count.
    assert deal([1, 1], {0: 1, 1: 1}, [3, 0], random.Random(0)) == {0: [1], 1: [1]}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=1, max_size=12), st.lists(st.integers(0, 13), min_size=1, max_size=5),
       st.randoms(use_true_random=False))
def test_the_seats_open_to_a_card_are_those_that_leave_the_rest_dealable(cards, floors, rng):
    # Asked at once of every seat (slack per level), the same seats as asking the Hall check of each in turn
    need = {seat: 0 for seat in range(len(floors))}
    for _card in cards:
        need[rng.randrange(len(floors))] += 1
    levels = sorted(set(cards))
    left = dict.fromkeys(levels, 0)
    for value in cards[1:]:
        left[value] += 1
    value = cards[0]
    first = {seat: bisect_left(levels, floors[seat]) for seat in need}
    expected = []
    for seat, places in need.items():
        if places and floors[seat] <= value:
            fewer = {**need, seat: places - 1}
            if dealable(cards[1:], fewer, floors):
                expected.append(seat)
    assert open_seats(levels.index(value), slack_of(levels, left, need, first), need, first) == expected


def test_the_worlds_shuffle_puts_every_order_alike():
    # 6,000 seeded shuffles of three cards: each of the six orders about 1,000 times (binomial sd 29)
    orders = Counter()
    for seed in range(6000):
        cards = [1, 2, 3]
        shuffle(cards, random.Random(seed))
        orders[tuple(cards)] += 1
    assert len(orders) == 6 and all(850 < count < 1150 for count in orders.values())


def test_the_first_lead_after_a_market_left_unmade_is_valued():
    # Rule 12's market is optional: round 2 records its four taxes and no market, so once they are made play may
    # begin, and the round's first lead is a play like any other (it was left unsearched while the market was open)
    log = simulate(6, 3, hands=False, rounds=2, market=True)
    assert len(log["rounds"][1]["taxes"]) == 4
    found = analyse(DALMUTI, log, Budget(worlds=2, max_sampled=20_000))
    assert "round-2-trick-1-play-1" in [play["step"] for play in found["plays"]]
    assert "round-2-trick-1-play-1" not in found["unsearched_steps"]
    assert "round-2-transfer-4" in found["unsearched_steps"]  # a tax, from a position that still owes one

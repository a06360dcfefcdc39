"""The searchable Il Grande Dalmuti round (``dalmuti_replay.position``): hand-worked positions valued from the
rules, undo, keys, observations and sampled worlds, and the search against a plain minimax."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dalmuti_replay import load as loading
from dalmuti_replay.moves import PASS, Move
from dalmuti_replay.position import Position
from dalmuti_replay.simulate import simulate
from replaykit.search import TERMINAL, Search

J = 13  # the Jesters' value in a packed hand
ABCD = ("Anna", "Bruno", "Carla", "Dario")


def position(hands: list[dict[int, int]], turn: int = 0, finish: tuple[int, ...] = ()) -> Position:
    spot = Position(ABCD, hands, turn)
    spot.finish = list(finish)
    return spot


def round_positions(seed: int, players: int = 4) -> list[Position]:
    """Every searchable position a simulated round of ``players`` passes through, in order."""
    found: list[Position] = []

    def observe(_anchor, state):
        spot = state.searchable()
        if spot is not None and spot.turn >= 0:
            found.append(spot)

    loading.load(simulate(players, seed, rounds=1), observe=observe)
    return found


def minimax(spot: Position, seat: int) -> int:
    """The value the plain way: every line of play, no table, no cut-off."""
    if spot.turn == TERMINAL:
        return spot.returns()[seat]
    values = []
    for move in spot.legal_actions():
        spot.apply_action(move)
        values.append(minimax(spot, seat))
        spot.undo_action()
    return max(values) if spot.turn == seat else min(values)


def test_a_three_seat_endgame_is_valued_from_the_rules():
    # Dario is out first (4 points). Anna leads holding 2 and 9; Bruno holds a 5, Carla a 7.
    # Leading the 2: nobody holds a lower card, both pass, Anna leads the 9 and is out second: 3 points.
    # Leading the 9: Bruno's 5 (or his pass, then Carla's 7) goes below it, and the best Anna can do is lay
    # the 2 on it and go out third: 2 points. So the 2 is best and the 9 costs 1.
    spot = position([{2: 1, 9: 1}, {5: 1}, {7: 1}, {}], finish=(3,))
    values = Search(0).action_values(spot)
    assert values == {Move(2, 1, 0): 3, Move(9, 1, 0): 2}
    assert minimax(spot, 0) == 3


def test_the_rulebook_sets_on_a_base_of_three_eights():
    spot = position([{1: 1}, {7: 2, 9: 3, J: 1}, {12: 1}, {12: 1}], turn=1)
    spot.base, spot.last_value, spot.last, spot.needed = 3, 8, 0, 3
    # 7 7 J is legal; 7 7 has the wrong size; 9 9 9 is not lower; Jesters alone (13) never go below an 8.
    assert set(spot.legal_actions()) == {Move(7, 2, 1), PASS}


def test_jesters_fill_in_and_alone_count_thirteen():
    following = position([{1: 1}, {5: 1, 6: 2, J: 2}, {12: 1}, {12: 1}], turn=1)
    following.base, following.last_value, following.last, following.needed = 2, 7, 0, 3
    assert set(following.legal_actions()) == {Move(5, 1, 1), Move(6, 1, 1), Move(6, 2, 0), PASS}
    leading = position([{J: 2}, {1: 1}, {2: 1}, {3: 1}])
    assert set(leading.legal_actions()) == {Move(J, 0, 1), Move(J, 0, 2)}


def test_after_the_last_sets_player_goes_out_and_all_pass_his_left_neighbour_leads():
    spot = position([{3: 1}, {5: 1, 9: 1}, {7: 1, 8: 1}, {10: 1, 11: 1}])
    spot.apply_action(Move(3, 1, 0))
    assert spot.finish == [0] and spot.turn == 1
    for seat in (1, 2, 3):
        assert spot.turn == seat and PASS in spot.legal_actions()
        spot.apply_action(PASS)
    assert (spot.turn, spot.base, spot.last_value) == (1, None, None)
    assert PASS not in spot.legal_actions()  # a leader may not pass


def test_the_round_ends_when_one_player_alone_holds_cards_and_he_is_last():
    spot = position([{1: 1}, {}, {}, {6: 2}], finish=(1, 2))
    spot.apply_action(Move(1, 1, 0))
    assert spot.turn == TERMINAL and spot.finish == [1, 2, 0, 3]
    assert spot.returns() == (2, 4, 3, 1)  # rule 9: 4, 3, 2, 1 in the order out
    spot.undo_action()
    # Before the end, the standing: Anna's 1 card against Dario's 2 puts her third (2 points), him last (1).
    assert spot.turn == 0 and spot.finish == [1, 2] and spot.returns() == (2, 4, 3, 1)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
def test_undo_restores_every_position_and_keys_are_equal_exactly_when_positions_are(seed, picks):
    spots = round_positions(seed)
    spot = spots[picks[0] % len(spots)].copy()

    def snapshot(spot):
        return (tuple(spot.hands), tuple(spot.counts), spot.turn, spot.base, spot.last_value, spot.last,
                spot.passes, tuple(spot.finish), spot.legal_actions())

    seen: dict = {}
    trail = []
    for pick in picks:
        if spot.turn < 0:
            break
        trail.append((spot.key(), snapshot(spot)))
        spot.apply_action(spot.legal_actions()[pick % len(spot.legal_actions())])
    trail.append((spot.key(), snapshot(spot)))
    for key, shot in trail:
        assert (key is None) == (shot[3] is not None)  # kept at the start of a trick only
        if key is not None:
            assert seen.setdefault(key, shot) == shot
    assert len(set(seen.values())) == len(seen)  # different positions, different keys
    for key, shot in reversed(trail[:-1]):
        spot.undo_action()
        assert (spot.key(), snapshot(spot)) == (key, shot)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 10**6), world_seed=st.integers(0, 10**6))
def test_a_sampled_world_keeps_what_the_seat_saw_and_the_observation_hides_the_others_hands(seed, pick, world_seed):
    spots = round_positions(seed)
    spot = spots[pick % len(spots)]
    seat = spot.turn
    world = spot.sample_world(seat, random.Random(world_seed))
    assert world.observation(seat) == spot.observation(seat)
    assert world.counts == spot.counts and world.hands[seat] == spot.hands[seat]
    assert world.legal_actions() == spot.legal_actions()
    observed = spot.observation(seat)
    assert sum(observed["others_hold"].values()) == sum(spot.counts) - spot.counts[seat]
    assert set(observed) == {"seat", "players", "hand", "counts", "others_hold", "turn", "base", "last_value",
                             "last", "passes", "finish", "gave", "floors"}  # no seat's hand but its own
    # of the others' hands, only what its own transfers showed it (tests/test_analysis_worlds.py)
    assert all(other != seat for other in observed["gave"]) and all(other != seat for other in observed["floors"])


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_search_agrees_with_a_plain_minimax_on_small_endgames(seed):
    small = [spot for spot in round_positions(seed) if sum(spot.counts) <= 9]
    for spot in small[:6]:
        for seat in range(len(spot.players)):
            assert Search(seat).value(spot.copy()) == minimax(spot.copy(), seat)


def test_a_played_set_is_read_back_from_the_log_and_written_as_the_log_writes_it():
    spot = position([{4: 2, J: 1}, {1: 1}, {2: 1}, {3: 1}])
    move = spot.action_of({"player": "Anna", "cards": ["4", "J"]})
    assert move == Move(4, 1, 1)
    assert spot.action_to_log(move) == {"player": "Anna", "cards": ["4", "J"]}
    assert spot.action_of({"player": "Anna", "cards": ["4", "5"]}) is None  # mixed values
    assert spot.action_of({"player": "Bruno", "cards": ["1"]}) is None  # not his turn
    assert spot.action_of({"player": "Anna", "pass": True}) is None  # a leader may not pass

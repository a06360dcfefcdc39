"""replaykit.search: the paranoid alpha-beta with its transposition table, held to hand-worked Toy Tricks
positions, to a plain recursive minimax on thousands of small random endgames, and to a hand-worked chance
game; the toy State's undo and key, which the search walks; sampled worlds (PIMC) for a seat."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replaykit.search import CHANCE, TERMINAL, OutOfBudget, Search, sampled_action_values
from tests.plugin_fixtures import toy_engine

ENGINE = toy_engine()
NAMES = ("Ann", "Bob", "Cy", "Di")


def toy(hands: dict[str, list[int]], plays: list[tuple[str, int]] = ()):
    state = ENGINE.new_state({"game": "toy", "players": list(hands), "hands": hands})
    for player, card in plays:
        assert state.apply({"player": player, "card": card}, strict=True) == []
    return state


def minimax(state, seat: int) -> float:
    """The value by definition: every line played out, no pruning, no table."""
    if state.turn == TERMINAL:
        return state.returns()[seat]
    if state.turn == CHANCE:
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            state.apply_action(outcome)
            total += probability * minimax(state, seat)
            state.undo_action()
        return total
    values = []
    for action in state.legal_actions():
        state.apply_action(action)
        values.append(minimax(state, seat))
        state.undo_action()
    return max(values) if state.turn == seat else min(values)


# Ann [2,3,5,7], Bob [1,4,6,8]. Trick 1: Ann 3, Bob 4 (Bob takes it). Trick 2: Bob 8, Ann 5 (Bob). Trick 3:
# Bob leads 6, Ann holds 2 and 7, Bob keeps 1.
#   Ann plays 7: she takes trick 3, leads 2 over Bob's 1 and takes trick 4: 2 tricks.
#   Ann plays 2: Bob takes trick 3 and leads 1; Ann's 7 takes trick 4: 1 trick.
ENDGAME = ({"Ann": [2, 3, 5, 7], "Bob": [1, 4, 6, 8]}, [("Ann", 3), ("Bob", 4), ("Bob", 8), ("Ann", 5), ("Bob", 6)])


def test_each_choice_is_worth_the_tricks_it_guarantees_worked_by_hand():
    state = toy(*ENDGAME)
    assert state.turn == 0 and state.legal_actions() == [2, 7]
    assert Search(seat=0).action_values(state) == {2: 1, 7: 2}
    assert Search(seat=0).value(state) == 2
    # Bob is sure of the two tricks he took, no more: Ann, playing against him, plays 7.
    assert Search(seat=1).value(state) == 2


def test_a_search_leaves_the_position_as_it_found_it():
    state = toy(*ENDGAME)
    before = (state.key(), state.view(), state.to_log())
    Search(seat=0).action_values(state)
    assert (state.key(), state.view(), state.to_log()) == before


def random_endgame(rng: random.Random):
    """A Toy Tricks deal of 2 to 4 players with up to 3, 2 or 1 whole tricks left, and part of one."""
    players = rng.randint(2, 4)
    state = toy({NAMES[index]: cards for index, cards in enumerate(_deal(rng, players))})
    left = rng.randint(1, 5 - players) * players + rng.randrange(players)
    while 4 * players - state.played > left:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_search_agrees_with_a_plain_minimax_on_thousands_of_random_endgames():
    rng = random.Random(2026)
    for _ in range(2000):
        state = random_endgame(rng)
        seat = rng.randrange(len(state.players))
        expected = {}
        for action in state.legal_actions():
            state.apply_action(action)
            expected[action] = minimax(state, seat)
            state.undo_action()
        assert Search(seat).action_values(state) == expected, state.key()
        best = max(expected.values()) if state.turn == seat else min(expected.values())
        assert Search(seat).value(state) == best


def test_a_search_past_its_budget_says_so():
    state = toy({"Ann": [1, 3, 5, 7], "Bob": [2, 4, 6, 8], "Cy": [9, 10, 11, 12]})
    with pytest.raises(OutOfBudget):
        Search(seat=0, max_nodes=50).value(state)


def test_positions_reached_by_two_orders_share_a_key_and_a_table_entry():
    hands = {"Ann": [2, 3, 5, 7], "Bob": [1, 4, 6, 8]}
    # Ann takes trick 1 with 7 over 1 and trick 2 with 5 over 4, or the same two tricks the other way round.
    one = toy(hands, [("Ann", 7), ("Bob", 1), ("Ann", 5), ("Bob", 4)])
    two = toy(hands, [("Ann", 5), ("Bob", 4), ("Ann", 7), ("Bob", 1)])
    assert one.key() == two.key()
    three = toy(hands, [("Ann", 7), ("Bob", 4), ("Ann", 5), ("Bob", 1)])  # Bob keeps 6 and 8 either way
    assert three.key() == one.key()
    other = toy(hands, [("Ann", 7), ("Bob", 6), ("Ann", 5), ("Bob", 4)])  # Bob keeps 1 and 8
    assert other.key() != one.key()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 16))
def test_undo_takes_back_any_sequence_of_steps_exactly(seed, players, steps):
    rng = random.Random(seed)
    state = toy({NAMES[index]: cards for index, cards in enumerate(_deal(rng, players))})
    marks = []
    for _ in range(steps):
        if state.turn == TERMINAL:
            break
        marks.append((state.key(), state.view(), state.legal_actions(), state.to_log(), state.returns()))
        state.apply_action(rng.choice(state.legal_actions()))
    while marks:
        state.undo_action()
        assert (state.key(), state.view(), state.legal_actions(), state.to_log(), state.returns()) == marks.pop()


def _deal(rng: random.Random, players: int) -> list[list[int]]:
    deck = list(range(1, 4 * players + 1))
    rng.shuffle(deck)
    return [sorted(deck[index * 4:(index + 1) * 4]) for index in range(players)]


class Dice:
    """A hand-worked chance game: Ann picks "safe" (1 point) or "roll"; a roll is a fair die, and Bob then
    picks "keep" (Ann scores the die) or "halve" (Ann scores half of it, rounded down)."""

    def __init__(self) -> None:
        self.path: list = []

    @property
    def turn(self) -> int:
        if not self.path:
            return 0
        if self.path == ["roll"]:
            return CHANCE
        return 1 if len(self.path) == 2 else TERMINAL

    def legal_actions(self):
        return ["safe", "roll"] if not self.path else ["keep", "halve"]

    def chance_outcomes(self):
        return [(face, 1 / 6) for face in range(1, 7)]

    def apply_action(self, action) -> None:
        self.path.append(action)

    def undo_action(self) -> None:
        self.path.pop()

    def returns(self):
        if self.path == ["safe"]:
            return (1, 0)
        face, bob = self.path[1], self.path[2]
        return (face if bob == "keep" else face // 2, 0)

    def key(self):
        return tuple(self.path)


def test_a_chance_step_is_worth_the_average_of_its_outcomes_worked_by_hand():
    # Bob halves every roll: 0, 1, 1, 2, 2, 3 over six faces, 9/6 = 1.5 on average, better than 1 for "safe".
    assert Search(seat=0).action_values(Dice()) == {"safe": 1, "roll": pytest.approx(1.5)}
    assert minimax(Dice(), 0) == pytest.approx(1.5)


def test_sampled_worlds_keep_what_the_seat_saw_and_average_the_exact_values():
    # Ann took trick 1 with 12 and leads trick 2 holding 1, 6 and 9; Bob and Cy hold 4, 5, 7, 8, 10 and 11
    # between them, three each, and Ann cannot tell who holds which.
    state = toy({"Ann": [1, 6, 9, 12], "Bob": [2, 5, 8, 11], "Cy": [3, 4, 7, 10]},
                [("Ann", 12), ("Bob", 2), ("Cy", 3)])
    assert state.turn == 0
    seen = state.observation(0)
    rng = random.Random(7)
    worlds = [state.sample_world(0, rng) for _ in range(12)]
    for world in worlds:
        assert world.observation(0) == seen  # her hand, the plays and the size of each hand
        assert world.hands["Bob"] | world.hands["Cy"] == {4, 5, 7, 8, 10, 11}
        assert len(world.hands["Bob"]) == len(world.hands["Cy"]) == 3
    assert len({frozenset(world.hands["Bob"]) for world in worlds}) > 1
    estimate = sampled_action_values(worlds, seat=0, max_nodes=10**6)
    exact = [Search(0).action_values(world) for world in worlds]
    assert estimate.worlds == 12 and set(estimate.means) == {1, 6, 9}
    for action, mean in estimate.means.items():
        values = [world_values[action] for world_values in exact]
        assert mean == pytest.approx(sum(values) / 12)
        assert estimate.spreads[action] == pytest.approx((sum((v - mean) ** 2 for v in values) / 12) ** 0.5)


def test_an_observation_holds_no_card_of_another_seat():
    state = toy({"Ann": [1, 6, 9, 12], "Bob": [2, 5, 8, 11], "Cy": [3, 4, 7, 10]}, [("Ann", 12)])
    seen = state.observation(1)
    assert seen["hand"] == [2, 5, 8, 11] and seen["held"] == [3, 4, 4]
    shown = {play["card"] for play in seen["plays"]}
    assert shown == {12} and not ({1, 6, 9} | {3, 4, 7, 10}) & set(seen["hand"])


def test_a_bounded_look_ahead_values_a_position_by_the_result_so_far_worked_by_hand():
    # ENDGAME: Bob has taken two tricks and leads 6; Ann answers with 2 or 7, three cards left in all. Looking
    # one step ahead stops at the start of trick 4: Ann has then taken trick 3 with her 7 (1 trick), or
    # nothing with her 2 (0 tricks), whatever trick 4 would bring.
    state = toy(*ENDGAME)
    assert state.plays_left() == 3
    assert Search(seat=0, stop_at=2).action_values(state) == {2: 0, 7: 1}
    assert Search(seat=1, stop_at=2).action_values(state) == {2: 3, 7: 2}


def test_a_world_too_large_for_its_budget_is_searched_as_far_ahead_as_fits():
    # Ann leads the first trick of three players: the whole game does not fit 3,000 positions, the end of
    # trick 1 and of trick 2 do. Each world's values are then those of a search that looks as far ahead.
    state = toy({"Ann": [1, 6, 9, 12], "Bob": [2, 5, 8, 11], "Cy": [3, 4, 7, 10]})
    worlds = [state.sample_world(0, random.Random(seed)) for seed in range(4)]
    with pytest.raises(OutOfBudget):
        Search(0, max_nodes=3_000).action_values(worlds[0])
    estimate = sampled_action_values(worlds, seat=0, max_nodes=3_000, step=3)
    assert estimate.worlds == 4 and estimate.reach in (1, 4, 7, 10)
    bounded = [Search(0, stop_at=12 - estimate.reach).action_values(world) for world in worlds]
    for action, mean in estimate.means.items():
        assert mean == pytest.approx(sum(values[action] for values in bounded) / 4)
    assert estimate.nodes > 3_000  # each world spent from its own budget


def test_a_world_where_no_look_ahead_fits_is_left_out():
    state = toy({"Ann": [1, 6, 9, 12], "Bob": [2, 5, 8, 11], "Cy": [3, 4, 7, 10]})
    # Even one step ahead takes a position for each of Ann's four cards: three are not enough.
    estimate = sampled_action_values([state.sample_world(0, random.Random(1))], seat=0, max_nodes=3)
    assert estimate.worlds == 0 and estimate.means == {} and estimate.nodes == 4


def test_after_a_first_world_where_nothing_fits_a_hopeful_estimate_deals_no_other():
    state = toy({"Ann": [1, 6, 9, 12], "Bob": [2, 5, 8, 11], "Cy": [3, 4, 7, 10]})
    dealt = []

    def worlds(count: int):
        for seed in range(count):
            dealt.append(seed)
            yield state.sample_world(0, random.Random(seed))

    estimate = sampled_action_values(worlds(8), seat=0, max_nodes=3, hopeful=True)
    assert dealt == [0] and estimate.worlds == 0 and estimate.nodes == 4
    dealt.clear()  # unless told otherwise, each world is tried
    assert sampled_action_values(worlds(8), seat=0, max_nodes=3).worlds == 0 and dealt == list(range(8))
    dealt.clear()  # with room for the first look-ahead every world is dealt and searched
    assert sampled_action_values(worlds(8), seat=0, max_nodes=10**6, hopeful=True).worlds == 8
    assert dealt == list(range(8))

"""dg_replay.position: the David & Goliath position a search walks. Its legal plays are exactly the State's
choices on every step of simulated games (a perft-style check), its scores the report's; undo takes back
any sequence exactly; the search over it agrees with a plain minimax on random endgames; hand-worked
tricks from the rulebooks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay.engine import ENGINE
from dg_replay.cards import Card
from dg_replay.position import Position
from dg_replay.simulate import simulate
from replaykit.search import TERMINAL, Search
from tests.test_search import minimax


def cards(*texts: str) -> list[Card]:
    return [Card.parse(text) for text in texts]


def test_the_rulebook_trick_gives_the_lowest_card_the_highest_and_the_rest_to_the_highest():
    # Rulebook 000: Andrea leads green 4; Ben green 12; Clara green 7; Dennis red 2 (no green); Emma green 2.
    # Emma takes green 12 (12 points); Ben takes green 4, green 7, green 2 (three greens: 3) and red 2 (2).
    names = ["Andrea", "Ben", "Clara", "Dennis", "Emma"]
    hands = dict(zip(names, (cards("G4"), cards("G12"), cards("G7"), cards("R2"), cards("G2")), strict=True))
    position = Position(names, hands, "Andrea", max_value=15)
    for card in ("G4", "G12", "G7", "R2", "G2"):
        position.apply_action(position.index(Card.parse(card)))
    assert position.returns() == (0, 5, 0, 0, 12)
    assert position.leader == 1 and position.turn == TERMINAL


def test_a_player_holding_the_led_colour_must_follow_it_and_one_without_it_plays_anything():
    names = ["Ann", "Ben", "Cy"]
    hands = {"Ann": cards("G4", "B1"), "Ben": cards("G9", "R3"), "Cy": cards("R5", "Y2")}
    position = Position(names, hands, "Ann", max_value=9)
    assert [position.card(index) for index in position.legal_actions()] == cards("B1", "G4")  # a lead: any card
    position.apply_action(position.index(Card.parse("G4")))
    assert [position.card(index) for index in position.legal_actions()] == cards("G9")  # Ben holds green
    position.apply_action(position.index(Card.parse("G9")))
    assert [position.card(index) for index in position.legal_actions()] == cards("Y2", "R5")  # Cy holds none


def walk(log: dict):
    """Each GameState before a play of ``log``, with the play made there."""
    before, steps = [None], []

    def observe(_anchor, state):
        if before[0] is not None:
            steps.append((before[0], state.tricks[-1].plays[-1].card))
        before[0] = state.clone()

    report, _state = ENGINE.load(log, ENGINE.default_limits, observe=observe)
    return report, steps


def position_of(log: dict) -> Position:
    players, dealer = log["players"], log["dealer"]
    leader = players[(players.index(dealer) + 1) % len(players)]
    return Position(players, {name: cards(*hand) for name, hand in log["hands"].items()}, leader,
                    max_value=3 * len(players))


def test_the_legal_plays_are_the_states_choices_on_every_step_of_simulated_games():
    for seed in range(40):
        log = simulate(3 + seed % 4, seed)
        report, steps = walk(log)
        position = position_of(log)
        for state, played in steps:
            offered = {Card.parse(choice.action["card"]) for choice in state.choices()}
            assert {position.card(index) for index in position.legal_actions()} == offered
            assert state.to_move == position.players[position.turn]
            position.apply_action(position.index(played))
        assert position.turn == TERMINAL
        assert dict(zip(position.players, position.returns(), strict=True)) == report.to_dict()["result"]["scores"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_undo_takes_back_any_sequence_of_plays_exactly(seed, steps):
    rng = random.Random(seed)
    position = position_of(simulate(3 + seed % 4, seed))
    marks = []
    for _ in range(steps):
        if position.turn == TERMINAL:
            break
        marks.append((position.key(), position.legal_actions(), position.returns(), position.turn))
        position.apply_action(rng.choice(position.legal_actions()))
    while marks:
        position.undo_action()
        assert (position.key(), position.legal_actions(), position.returns(), position.turn) == marks.pop()


def endgame(rng: random.Random, players: int, left: int) -> Position:
    """A simulated deal played at random until ``left`` plays remain."""
    position = position_of(simulate(players, rng.randrange(10**6)))
    for _ in range(15 * players - left):
        position.apply_action(rng.choice(position.legal_actions()))
    return position


def test_the_search_agrees_with_a_plain_minimax_on_random_endgames():
    rng = random.Random(28)
    for round_ in range(300):
        players = 3 + round_ % 2
        position = endgame(rng, players, rng.randint(1, 2 * players + 1))
        seat = rng.randrange(players)
        expected = {}
        for action in position.legal_actions():
            position.apply_action(action)
            expected[action] = minimax(position, seat)
            position.undo_action()
        assert Search(seat).action_values(position) == expected

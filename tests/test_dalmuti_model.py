"""The Il Grande Dalmuti State as a model (issue 28): undo, returns, observations, the deal's odds, keys, the
compact plays — one generator for the choices, the check and the search — and the computer analysis."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dalmuti_replay import load as loading
from dalmuti_replay.engine import ENGINE
from dalmuti_replay.load import new_state
from dalmuti_replay.moves import PASS, Move, cards_of
from dalmuti_replay.simulate import simulate
from replaykit.analysis import Budget, analyse
from replaykit.state import Uniform
from tests.state_helpers import errors
from tests.test_adapters_grande_dalmuti import MINIMAL

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("sample_games", "grande-dalmuti").glob("*.json"))
FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def moment(state) -> tuple:
    return (json.dumps(state.view(), sort_keys=True), [choice.action for choice in state.choices(random.Random(0))],
            state.key())


@settings(max_examples=12, deadline=None)
@given(players=st.integers(4, 6), seed=st.integers(0, 10**6), steps=st.integers(1, 120))
def test_undo_restores_view_choices_and_key_after_any_sequence(players, seed, steps):
    rng = random.Random(seed)
    state = new_state({"game": "grande-dalmuti", "players": FOUR + ["Elena", "Fabio"][:players - 4],
                       "end": {"rounds": 2}})
    seen = []
    for _ in range(steps):
        if state.is_over():
            break
        seen.append(moment(state))
        if state.chance and rng.random() < 0.2:
            state.leave_unseen()
        else:
            choice = rng.choice(state.choices(rng))
            # Plays strictly now and then: where the log hides a hand, a step may prove an earlier one wrong.
            state.apply(choice.action, strict="player" in choice.action and choice.known and rng.random() < 0.3)
    keys = [key for *_rest, key in seen]
    assert len(set(keys)) == len(keys)  # every step changes the position, and so its key
    for before in reversed(seen):
        state.undo()
        assert moment(state) == before
    state.undo()  # new_state began round 1: before it, the session had no round
    assert state.logs == [] and state.to_log()["rounds"] == []
    with pytest.raises(ValueError):
        state.undo()


def expected_returns(report) -> tuple:
    last = report.rounds[-1]
    return tuple((last.finish.index(name) + 1 if name in last.finish else None, report.totals[name])
                 for name in last.order)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.stem)
def test_returns_at_the_end_are_the_reports_finish_and_totals_on_every_sample(path):
    report, state = loading.load(json.loads(path.read_text()))
    if state is None or not report.rounds or not state.session.replaying:
        assert not report.rounds or state is None or not state.session.replaying
        return
    assert state.returns() == expected_returns(report)


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (6, 3), (8, 4)])
def test_returns_at_the_end_are_the_reports_finish_and_totals_on_simulated_sessions(players, seed):
    report, state = loading.load(simulate(players, seed, benevolent_rulers=True, chosen_one=True))
    assert state.returns() == expected_returns(report)
    assert sorted(place for place, _points in state.returns()) == list(range(1, players + 1))


def test_a_deal_is_a_uniform_draw_among_the_decks_orders():
    state = new_state({"game": "grande-dalmuti", "players": FOUR})
    outcomes = state.chance_outcomes()
    assert isinstance(outcomes, Uniform)
    # 4 players: values 1 to 10 (v copies of v) and two Jesters, 57 cards.
    assert outcomes.count == math.factorial(57) // (math.prod(math.factorial(v) for v in range(1, 11)) * 2)
    deal = outcomes.draw(random.Random(3))
    assert sorted(len(hand) for hand in deal["hands"].values()) == [14, 14, 14, 15]
    assert errors(state.apply(deal)) == [] and state.chance_outcomes() == []


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_an_observation_holds_no_other_seats_hidden_card(seed):
    log = simulate(5, seed, rounds=1)
    hands = log["rounds"][0]["hands"]
    checked = []

    def observe(_anchor, state):
        for seat, name in enumerate(state.seats()):
            seen = state.observation(seat)
            play = state.session.current
            if play is None or play.state.hands.get(name) is None:
                continue
            assert seen["hand"] == [str(card) for card in sorted(Counter(play.state.hands[name]).elements())]
            for transfer in seen["transfers"]:
                assert "cards" not in transfer or name in (transfer["from"], transfer["to"])
            text = json.dumps({key: value for key, value in seen.items() if key not in ("hand", "transfers")})
            for other in hands:
                assert other == name or json.dumps(hands[other]) not in text
            checked.append(seat)

    loading.load(log, observe=observe)
    assert checked


def candidates(hand) -> list[Move]:
    """Every set of values the hand holds (up to one card more than it holds of each) and a pass."""
    jesters = hand.get(13, 0)
    found = [PASS, *(Move(13, 0, count) for count in range(1, jesters + 2))]
    for value, count in hand.items():
        if value != 13:
            found += [Move(value, real, extra) for real in range(1, count + 2) for extra in range(jesters + 1)]
    return found


@pytest.mark.parametrize("players,seed", [(4, 11), (4, 12), (5, 13), (6, 14), (7, 15)])
def test_perft_the_generated_plays_are_exactly_the_candidates_the_check_accepts(players, seed):
    log = simulate(players, seed, rounds=2)
    checked = [0]

    def observe(_anchor, state):
        spot = state.searchable()
        if spot is None or spot.turn < 0 or state.round is None or state.round.tricks is None:
            return
        player = spot.players[spot.turn]
        trial = state.clone()
        trial.history = []
        accepted = set()
        for move in candidates(spot.observation(spot.turn)["hand"]):
            action = {"player": player, "pass": True} if move == PASS else \
                {"player": player, "cards": [str(card) for card in cards_of(move)]}
            if not errors(trial.apply(action)):
                accepted.add(move)
            trial.undo()
        offered = {spot.action_of(choice.action) for choice in state.choices()}
        assert accepted == offered == set(state.legal_actions()) == set(spot.legal_actions()), state.moment
        checked[0] += 1

    loading.load(log, observe=observe)
    assert checked[0] > 50


def test_the_last_action_is_the_step_as_the_log_writes_it():
    log = simulate(4, 21, rounds=1)
    plays = [play for trick in log["rounds"][0]["tricks"] for play in trick["plays"]]
    seen = []
    loading.load(log, observe=lambda anchor, state: seen.append(state.last_action()) if "play" in anchor else None)
    assert seen == plays


DEALT = [path for path in SAMPLES if '"hands"' in path.read_text()]


@pytest.mark.parametrize("path", DEALT, ids=lambda path: path.stem)
def test_the_analysis_values_the_last_plays_of_every_sample_with_its_deal(path):
    result = analyse(ENGINE, json.loads(path.read_text()), Budget(max_nodes=20_000, max_total=60_000, worlds=0))
    assert result is not None
    exact = [play for play in result["plays"] if play["exact"]]
    if result["plays"]:
        assert exact, path.stem
    for play in exact:
        values = {written(choice["action"]): choice["value"] for choice in play["choices"]}
        assert play["cost"] == max(values.values()) - values[written(play["played"])]


def written(action: dict) -> tuple:
    return action["player"], tuple(sorted(action.get("cards") or ["pass"]))


# The log format's minimal example (tests.test_adapters_grande_dalmuti.MINIMAL) with its deal: at four players
# the deck runs to the 10s (57 cards), Anna 15, the others 14; each hand holds exactly the sets it lays, and
# Carla, who only passes, the rest.
MINIMAL_DEAL = {"Anna": ["9"] * 5 + ["10"] * 10, "Bruno": ["3"] * 2 + ["6"] * 6 + ["8"] * 5 + ["J"],
                "Carla": ["1", "3"] + ["5"] * 5 + ["8"] * 3 + ["9"] * 4,
                "Dario": ["2"] * 2 + ["4"] * 4 + ["7"] * 7 + ["J"]}
SMALL = Budget(max_nodes=20_000, max_total=60_000, worlds=0)


def minimal_dealt() -> dict:
    log = json.loads(json.dumps(MINIMAL))
    log["rounds"][0]["hands"] = MINIMAL_DEAL
    return log


def test_a_trick_opened_with_a_note_is_no_play_of_the_analysis():
    log = minimal_dealt()
    log["rounds"][0]["tricks"][2]["note"] = "Dario leads his sevens"  # the step {"trick": 3} before its plays
    assert ENGINE.validate(log).valid
    result = analyse(ENGINE, log, SMALL)
    # Tricks of 4, 6, 4 and 3 plays, every one legal; the trick's own step is nobody's choice.
    assert [play["step"] for play in result["plays"]] == [
        f"round-1-trick-{trick}-play-{play}" for trick, plays in ((1, 4), (2, 6), (3, 4), (4, 3))
        for play in range(1, plays + 1)]
    assert all(play["legal"] for play in result["plays"]) and result["unsearched"] == 0


def test_an_empty_trick_the_validator_refuses_is_listed_as_not_legal():
    log = minimal_dealt()
    log["rounds"][0]["tricks"].insert(2, {"plays": []})  # a trick needs a play: a schema error at trick 3
    listed = {play["step"]: play for play in analyse(ENGINE, log, SMALL)["plays"]}
    assert listed["round-1-trick-3"]["played"] == {"trick": 3}
    assert not listed["round-1-trick-3"]["legal"] and listed["round-1-trick-3"]["cost"] is None

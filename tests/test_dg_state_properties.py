"""Properties of the David & Goliath State over simulated games: the State and the validator agree, choices
are exact where hands are known and never rule out a legal card where they are not, patches are the log."""

from __future__ import annotations

import copy
import random
from itertools import pairwise

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay import new_state, validate
from dg_replay.engine import ENGINE
from dg_replay.simulate import simulate, simulate_match
from replaykit.state import play_out

games = st.builds(lambda players, seed: simulate(players, seed), st.integers(3, 6), st.integers(0, 10_000))
SOME = settings(max_examples=20, deadline=None)


def setup_of(log: dict, hands: bool = True) -> dict:
    keys = ("game", "players", "dealer", "hands") if hands else ("game", "players", "dealer")
    return {key: copy.deepcopy(log[key]) for key in keys}


def plays_of(log: dict) -> list[dict]:
    return [{"player": play["player"], "card": play["card"]} for trick in log["tricks"] for play in trick["plays"]]


@SOME
@given(games)
def test_a_legal_game_applied_play_by_play_gives_no_finding_and_the_validators_scores(log):
    state = new_state(setup_of(log))
    for action in plays_of(log):
        assert state.apply(action) == []
    assert state.is_over() and state.to_move is None and state.choices() == []
    report = validate(log)
    assert {seat["name"]: seat["score"] for seat in state.view()["seats"]} == report.scores == log["scores"]
    assert sum(len(seat["pile"]) for seat in state.view()["seats"]) == 15 * len(log["players"])
    assert validate(state.to_log()).findings == []


@SOME
@given(games)
def test_known_hands_offer_exactly_the_legal_cards_and_each_applies_cleanly(log):
    state = new_state(setup_of(log))
    for action in plays_of(log):
        offered = state.choices()
        name = state.to_move
        hand = set(state.view()["seats"][state.rules.seating.index(name)]["hand"])
        led = state.view()["middle"][0]["cards"][0][0] if state.is_open() and state.view()["middle"] else None
        following = {card for card in hand if card[0] == led} if led else set()
        assert {choice.action["card"] for choice in offered} == (following or hand)
        assert all(choice.known and choice.action["player"] == name for choice in offered)
        assert action in [choice.action for choice in offered]
        for choice in offered[:3]:
            assert not [finding for finding in state.clone().apply(choice.action) if finding.is_error]
        state.apply(action)


@SOME
@given(games)
def test_unknown_hands_never_rule_out_the_card_actually_played(log):
    state = new_state(setup_of(log, hands=False))
    for action in plays_of(log):
        offered = {choice.action["card"]: choice for choice in state.choices()}
        assert action["card"] in offered and not offered[action["card"]].known
        assert state.apply(action) == []


@SOME
@given(games, st.data())
def test_a_patch_of_any_action_gives_the_log_of_the_state_after_it(log, data):
    actions = plays_of(log)
    cut = data.draw(st.integers(0, len(actions) - 1))
    state = new_state(setup_of(log))
    document = setup_of(log)
    for action in actions[:cut]:
        document = jsonpatch.apply_patch(document, state.patch(action))
        state.apply(action)
    deck = [f"{color}{value}" for color in "BYGRP" for value in range(1, 3 * len(log["players"]) + 2)]
    action = {"player": data.draw(st.sampled_from([*log["players"], "Zed"])), "card": data.draw(st.sampled_from(deck))}
    document = jsonpatch.apply_patch(document, state.patch(action))
    applied = state.apply(action)
    report, loaded = ENGINE.load(document, ENGINE.default_limits)
    assert loaded.view() == state.view()
    assert {finding.to_dict()["code"] for finding in applied if finding.is_error} <= {
        finding.code for finding in report.findings}


@settings(max_examples=6, deadline=None)
@given(st.integers(3, 6), st.integers(0, 1000))
def test_a_match_played_out_from_its_setup_by_random_choices_validates_clean(players, seed):
    rng = random.Random(seed)
    state = new_state({"game": "david-goliath-match", "players": ["A", "B", "C", "D", "E", "F"][:players]})
    play_out(state, lambda _state, options, pick: pick.choice(options), rng)
    report = validate(state.to_log())
    assert report.valid and not report.findings and report.complete
    assert report.totals == state.totals()


@settings(max_examples=6, deadline=None)
@given(st.integers(3, 6), st.integers(0, 1000))
def test_simulated_matches_pass_the_deal_clockwise_and_validate_clean(players, seed):
    match = simulate_match(players, seed)
    dealers = [game["dealer"] for game in match["games"]]
    seats = match["players"]
    assert all(seats[(seats.index(before) + 1) % players] == after for before, after in pairwise(dealers))
    assert validate(match).findings == []


@settings(max_examples=8, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10_000))
def test_random_choices_where_no_hand_is_known_still_make_a_legal_game(players, seed):
    # Each player's choices leave out the colours they failed to follow, and any card after which the unseen
    # cards could no longer be dealt to the hands they must fill: so no later play proves an earlier revoke.
    rng = random.Random(seed)
    state = new_state({"game": "david-goliath", "players": ["A", "B", "C", "D", "E", "F"][:players], "dealer": "A"})
    play_out(state, lambda _state, options, pick: pick.choice(options), rng)
    assert validate(state.to_log()).findings == []

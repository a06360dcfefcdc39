"""Properties of Olympi Cards' State: a log's steps applied one by one give the validator's report and
write the same log back; every choice applies without an error, whether the hands are known or not; on a
known hand a play the choices leave out is an error; a random game played through ``choices()`` ends."""

from __future__ import annotations

import copy
import random

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from olympi_replay.engine import ENGINE
from olympi_replay.simulate import simulate

CLAIMS = ("scores", "winners")


def without_claims(log: dict) -> dict:
    bare = {key: value for key, value in copy.deepcopy(log).items() if key not in CLAIMS}
    for race in bare["races"]:
        race.pop("awards", None)
    return bare


def steps(log: dict) -> list[dict]:
    """A log's steps as actions: each race's start, then its turns as written."""
    found = []
    for race in log["races"]:
        found.append({key: race[key] for key in ("discipline", "postponed") if key in race})
        found += race["turns"]
    return found


def games():
    return st.builds(lambda players, seed, hands, deck, record: without_claims(
        simulate(players, seed, hands=hands, deck=deck, world_record=record)),
        st.integers(2, 7), st.integers(0, 10**6), st.booleans(), st.booleans(), st.booleans())


@settings(max_examples=30, deadline=None)
@given(games(), st.data())
def test_a_log_applied_step_by_step_is_the_validator_s_report(log, data):
    # A fault put in: a card changed or a turn's player swapped, recorded "as played".
    actions = steps(log)
    index = data.draw(st.integers(0, len(actions) - 1))
    action = actions[index]
    if "player" in action:
        action["player"] = data.draw(st.sampled_from(log["players"]))
        if action.get("cards"):
            action["cards"][0] = data.draw(st.sampled_from(["K1", "Y9", "R5", "B5", "G3"]))
    state = ENGINE.new_state({**log, "races": []})
    for action in actions:
        state.apply(action)
    written = state.to_log()
    assert steps(written) == actions
    assert state.report().to_dict() == ENGINE.validate(written).to_dict()


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 7), st.integers(0, 10**6), st.booleans(), st.booleans())
def test_every_choice_applies_without_an_error_known_hand_or_not(players, seed, hands, deck):
    log = without_claims(simulate(players, seed, hands=hands, deck=deck))
    rng = random.Random(seed)
    state = ENGINE.new_state({**log, "races": []})
    patched = state.to_log()
    while not state.is_over():
        options = state.choices(rng)
        assert options, state.moment
        for choice in rng.sample(options, min(3, len(options))):
            assert not [f for f in state.clone().apply(choice.action) if f.is_error], choice
        action = rng.choice(options).action
        patched = jsonpatch.apply_patch(patched, state.patch(action))
        state.apply(action, strict=True)
    # The game recorded by its patches alone is the state's log, and it validates clean and complete.
    assert patched == state.to_log()
    report = ENGINE.validate(patched)
    assert report.valid and report.complete


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 7), st.integers(0, 10**6), st.data())
def test_on_a_known_hand_a_play_left_out_of_the_choices_is_an_error(players, seed, data):
    log = without_claims(simulate(players, seed))
    state = ENGINE.new_state({**log, "races": []})
    for action in steps(log)[:data.draw(st.integers(1, 40))]:
        state.apply(action)
    if state.to_move is None:
        return
    player = state.to_move
    offered = {tuple(choice.action.get("cards", ())) for choice in state.choices()}
    seat = next(entry for entry in state.view()["seats"] if entry["name"] == player)
    per_play = 2 if state.view()["discipline"] == "Cycling" else 1
    held = [seat["hand"][i:i + per_play] for i in range(0, len(seat["hand"]) - per_play + 1)]
    for cards in held:
        if tuple(sorted(cards)) not in {tuple(sorted(play)) for play in offered}:
            found = state.clone().apply({"player": player, "action": "play", "cards": cards})
            assert any(finding.code == "rule-broken" for finding in found), cards


@given(st.integers(2, 7), st.integers(0, 10**6), st.booleans())
@settings(max_examples=20, deadline=None)
def test_simulated_games_are_played_through_the_state_and_end_complete(players, seed, record):
    report = ENGINE.validate(simulate(players, seed, world_record=record))
    assert report.complete and report.valid

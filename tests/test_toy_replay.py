"""The toy game plugin's rules and State (tests/plugins/toy_replay), against the State contract
(replaykit/state.py). Expected values are worked by hand from docs/rulings.md of the toy game."""

from __future__ import annotations

import copy
import json
import random

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replaykit.state import IllegalAction
from tests.plugin_fixtures import PLUGINS, toy_engine

ENGINE = toy_engine()
SETUP = {"game": "toy", "players": ["Ann", "Bob"], "hands": {"Ann": [2, 5, 7, 8], "Bob": [1, 3, 4, 6]}}


def sample(name: str) -> dict:
    return json.loads((PLUGINS / "toy_replay" / "samples" / f"{name}.json").read_text())


def codes(findings) -> list[str]:
    return [finding.code for finding in findings]


def test_a_new_game_offers_the_first_player_every_card_of_her_hand():
    state = ENGINE.new_state(SETUP)
    assert state.to_move == "Ann" and not state.chance and state.moment == "trick-1-play-1"
    assert [choice.action for choice in state.choices()] == [{"player": "Ann", "card": card} for card in (2, 5, 7, 8)]
    assert state.choices()[0].label == "Ann plays 2" and all(choice.known for choice in state.choices())


def test_the_highest_card_takes_the_trick_and_its_taker_leads_the_next():
    state = ENGINE.new_state(SETUP)
    assert state.apply({"player": "Ann", "card": 2}) == [] and state.apply({"player": "Bob", "card": 6}) == []
    assert state.to_move == "Bob" and state.moment == "trick-2-play-1"
    seats = {seat["name"]: seat for seat in state.view()["seats"]}
    assert seats["Bob"]["score"] == 1 and seats["Bob"]["pile"] == ["2", "6"] and seats["Ann"]["hand"] == ["5", "7", "8"]


def test_an_illegal_play_is_a_finding_and_is_recorded_as_played():
    state = ENGINE.new_state(SETUP)
    (wrong,) = state.apply({"player": "Bob", "card": 1})
    assert (wrong.code, wrong.path, wrong.where, wrong.player) == ("wrong-turn", "/plays/0/player",
                                                                  (("trick", 1), ("play", 1)), "Bob")
    assert state.view()["middle"] == [{"player": "Bob", "cards": ["1"]}]
    assert codes(state.apply({"player": "Ann", "card": 1})) == ["wrong-turn", "card-not-in-hand"]
    # Two 1s: the first played takes the trick, so Bob leads trick 2 and Ann's 9 is out of turn too.
    assert state.view()["seats"][1]["score"] == 1 and state.to_move == "Bob"
    assert codes(state.apply({"player": "Ann", "card": 9})) == ["wrong-turn", "card-not-in-deck"]


def test_strict_mode_refuses_an_illegal_play_and_changes_nothing():
    state = ENGINE.new_state(SETUP)
    before = state.to_log()
    with pytest.raises(IllegalAction) as refused:
        state.apply({"player": "Ann", "card": 1}, strict=True)
    assert codes(refused.value.findings) == ["card-not-in-hand"]
    assert state.to_log() == before and state.to_move == "Ann"


@pytest.mark.parametrize("action", [None, 3, "Ann 8", {"player": "Ann"}, {"player": "Ann", "card": "8"},
                                    {"player": "Ann", "card": 8, "note": "x"}, {"player": 1, "card": True}])
def test_an_action_of_another_shape_is_a_schema_finding_and_no_patch(action):
    state = ENGINE.new_state(SETUP)
    found = state.apply(action)
    assert found and set(codes(found)) == {"schema"} and all(f.path.startswith("/plays/0") for f in found)
    assert state.to_log() == SETUP and state.to_move == "Ann"
    with pytest.raises(ValueError, match="not a Toy Tricks play"):
        state.patch(action)


def test_a_patch_records_the_action_in_the_log_it_was_read_from():
    state = ENGINE.new_state(SETUP)
    assert state.patch({"player": "Ann", "card": 8}) == [{"op": "add", "path": "/plays", "value": [
        {"player": "Ann", "card": 8}]}]
    state.apply({"player": "Ann", "card": 8})
    assert state.patch({"player": "Bob", "card": 9}) == [{"op": "add", "path": "/plays/-", "value": {
        "player": "Bob", "card": 9}}]


def test_a_whole_game_played_from_its_setup_by_patches_alone_validates_clean():
    rng = random.Random(5)
    log, state = copy.deepcopy(SETUP), ENGINE.new_state(SETUP)
    while not state.is_over():
        action = rng.choice(state.choices()).action
        log = jsonpatch.apply_patch(log, state.patch(action))
        state.apply(action)
    assert log == state.to_log()
    report = ENGINE.validate(log)
    assert report.valid and report.to_dict()["complete"] and not report.findings


def test_a_clone_is_independent():
    state = ENGINE.new_state(SETUP)
    twin = state.clone()
    twin.apply({"player": "Ann", "card": 8})
    assert state.to_move == "Ann" and twin.to_move == "Bob" and state.view() != twin.view()


def test_load_observes_the_start_and_every_step_by_its_anchor():
    anchors = [anchor for anchor, _view in ENGINE.snapshots(sample("unfinished-2-players"))]
    assert anchors == ["", "trick-1-play-1", "trick-1-play-2", "trick-2-play-1", "trick-2-play-2", "trick-3-play-1"]


def test_no_game_starts_from_players_it_cannot_seat():
    report, state = ENGINE.load(sample("illegal-player-count"), ENGINE.default_limits)
    assert state is None and codes(report.findings) == ["player-count"]
    with pytest.raises(ValueError, match="2 to 4 players, not 1"):
        ENGINE.new_state({"game": "toy", "players": ["Ann"], "hands": {"Ann": [1, 2, 3, 4]}})


def test_the_worked_examples_of_the_rulings():
    # A 9 with two players is no card of the game and cannot take the trick: Ann's 8 does.
    report = ENGINE.validate(sample("illegal-card-not-in-deck")).to_dict()
    assert report["tricks"][0]["taker"] == "Ann" and report["result"]["scores"] == {"Ann": 3, "Bob": 1}
    # Zed's play fills its place in trick 1 and takes nothing; his claimed score is a finding of its own.
    report = ENGINE.validate(sample("illegal-unknown-player")).to_dict()
    assert [(f["code"], f["path"]) for f in report["errors"]] == [("unknown-player", "/plays/1/player"),
                                                                 ("unknown-player", "/scores/Zed")]
    # A miscounted claim: one finding per player whose score differs.
    report = ENGINE.validate(sample("illegal-score-mismatch")).to_dict()
    assert [(f["player"], f["path"]) for f in report["errors"]] == [("Ann", "/scores/Ann"), ("Bob", "/scores/Bob")]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000), cut=st.integers(0, 16))
def test_the_log_of_a_state_validates_to_the_findings_applied_to_it(players, seed, cut):
    log = ENGINE.simulate(players, seed)
    rng = random.Random(seed)
    plays = log.pop("plays")[:cut]
    for play in plays:  # some plays by the wrong player, some of a wrong card
        if rng.random() < 0.3:
            play["card"] = rng.randint(0, 4 * players + 1)
    state, found = ENGINE.new_state(log), []
    for play in plays:
        found += state.apply(play)
    replayed = ENGINE.validate({**state.to_log(), "scores": state.scores})
    assert [finding for finding in replayed.findings if finding.code != "incomplete-game"] == found


def test_a_what_if_walk_judges_each_listed_step_from_the_position_before_it():
    from replaykit.state import at_each_step

    log = {"game": "toy", "players": ["Ann", "Bob"], "hands": {"Ann": [2, 5, 7, 8], "Bob": [1, 3, 4, 6]},
           "plays": [{"player": "Ann", "card": 8}, {"player": "Bob", "card": 1}, {"player": "Ann", "card": 2}]}
    def judge(before, step: str) -> dict:
        return {"step": step, "to_move": before.to_move}

    steps = {ENGINE.replay(log)[1].moment: "not a step of this log"}  # the next step: never replayed
    assert at_each_step(ENGINE, log, steps, judge, most=5) == {}
    anchors = [anchor for anchor, _view in ENGINE.snapshots(log)][1:]  # each play's own anchor
    found = at_each_step(ENGINE, log, dict.fromkeys(anchors, "x"), judge, most=2)
    # Only the first two listed steps are judged, each from the position before it (Ann, then Bob to move).
    assert [entry["to_move"] for entry in found.values()] == ["Ann", "Bob"]
    assert list(found) == anchors[:2]

"""The simulator plays legal games: every simulated log validates without error, its claims equal the
replay's result, and the same seed gives the same game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from olympi_replay import validate
from olympi_replay.simulate import simulate


def check_clean(log: dict) -> dict:
    report = validate(log)
    assert [f.to_dict() for f in report.findings if f.code != "unchecked-rule"] == []
    # The one discipline without a rule is the only source of warnings, once per race it is played in.
    no_rule = {entry["name"] for entry in log["disciplines"] if "rule" not in entry}
    for finding in report.findings:
        assert log["races"][finding.unit("race") - 1]["discipline"] in no_rule
    return report.to_dict()


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7), st.integers(0, 10**6), st.booleans(), st.booleans(), st.booleans())
def test_simulated_games_validate_and_their_claims_are_the_result(players, seed, hands, deck, world_record):
    log = simulate(players, seed, hands=hands, deck=deck, world_record=world_record)
    report = check_clean(log)
    assert report["valid"] and report["complete"]
    assert report["result"]["scores"] == log["scores"]
    assert report["result"]["winners"] == log["winners"]
    for race, claimed in zip(report["races"], log["races"], strict=True):
        assert race["medals"] == claimed["awards"]["medals"]
        assert race["took_first_player"] == claimed["awards"]["first_player"]
        assert race["record"] == claimed["awards"].get("record")


def test_claims_can_be_left_out():
    log = simulate(4, 9, hands=False, deck=False, claims=False)
    assert "scores" not in log and all("awards" not in race for race in log["races"])
    assert all("draw" not in turn and "reshuffle" not in turn for race in log["races"] for turn in race["turns"])
    check_clean(log)


def test_the_same_seed_plays_the_same_game():
    assert simulate(5, 42) == simulate(5, 42)
    assert simulate(5, 42) != simulate(5, 43)


def test_simulated_games_cover_the_interesting_cases():
    logs = [simulate(players, seed, world_record=True) for players in range(2, 8) for seed in range(6)]
    reports = [validate(log).to_dict() for log in logs]
    races = [race for report in reports for race in report["races"]]
    assert any(race["postponed"] for race in races)
    assert any(race["record"] for race in races)
    assert any(race["reshuffles"] for race in races)
    assert any(turn["action"] == "retire" and turn["player"] == race["order"][-1]
               for race in races for turn in race["turns"])  # a closing retire
    assert any(race["cards_per_play"] == 2 for race in races)


def test_player_count_is_checked():
    with pytest.raises(ValueError):
        simulate(8, 1)

"""Properties of the whole validator: any single fault put into a legal log is found at its place with no
error before it, and no JSON value, however mangled, makes it raise."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from olympi_replay import validate
from olympi_replay.simulate import simulate
from tests.helpers import json_values, mutate

LOGS = {(players, seed): simulate(players, seed, world_record=seed % 2 == 0) for players in range(2, 8)
        for seed in range(3)}


def order(race: int | None, turn: int | None) -> tuple[float, float]:
    """Replay order: a race's own checks (no turn) after its turns, the final claims (no race) last."""
    return (float("inf") if race is None else race, float("inf") if turn is None else turn)


def assert_first_error_at(log: dict, race: int, turn: int | None, code: str) -> None:
    report = validate(log)
    errors = [f for f in report.findings if f.is_error]
    assert any(f.code == code and f.unit("race") == race and f.unit("turn") == turn for f in errors), \
        [f.to_dict() for f in errors]
    for finding in errors:
        assert order(finding.unit("race"), finding.unit("turn")) >= order(race, turn), finding.to_dict()


def pick(data, items):
    return data.draw(st.sampled_from(items))


logs = st.sampled_from(sorted(LOGS))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs, st.data())
def test_a_turn_by_someone_else_is_found_at_its_place(key, data):
    log = copy.deepcopy(LOGS[key])
    r, t = pick(data, [(r, t) for r, race in enumerate(log["races"]) for t in range(len(race["turns"]))])
    entry = log["races"][r]["turns"][t]
    entry["player"] = pick(data, [name for name in log["players"] if name != entry["player"]])
    codes = {f.code for f in validate(log).findings if (f.unit("race"), f.unit("turn")) == (r + 1, t + 1)}
    assert codes & {"wrong-turn", "wrong-first-player", "already-retired", "race-over"}
    assert_first_error_at(log, r + 1, t + 1, sorted(codes)[0])


@settings(max_examples=60, deadline=None)
@given(logs, st.data())
def test_a_wrong_card_count_is_found_at_its_place(key, data):
    log = copy.deepcopy(LOGS[key])
    plays = [(r, t) for r, race in enumerate(log["races"]) for t, entry in enumerate(race["turns"])
             if entry["action"] == "play"]
    r, t = pick(data, plays)
    cards = log["races"][r]["turns"][t]["cards"]
    cards.append(cards[0])
    assert_first_error_at(log, r + 1, t + 1, "wrong-card-count")


@settings(max_examples=60, deadline=None)
@given(logs, st.data())
def test_a_wrong_draw_is_found_at_its_place(key, data):
    log = copy.deepcopy(LOGS[key])
    draws = [(r, t) for r, race in enumerate(log["races"]) for t, entry in enumerate(race["turns"])
             if entry.get("draw")]
    r, t = pick(data, draws)
    listed = log["races"][r]["turns"][t]["draw"]
    index = data.draw(st.integers(0, len(listed) - 1))
    listed[index] = pick(data, [f"{c}{v}" for c in "BYKGR" for v in range(1, 10) if f"{c}{v}" != listed[index]])
    assert_first_error_at(log, r + 1, t + 1, "draw-mismatch")


@settings(max_examples=60, deadline=None)
@given(logs, st.data())
def test_a_wrong_claim_is_found_at_its_race(key, data):
    log = copy.deepcopy(LOGS[key])
    r = data.draw(st.integers(0, 8))
    awards = log["races"][r]["awards"]
    if data.draw(st.booleans()):
        awards["medals"].setdefault(pick(data, log["players"]), []).append("bronze")
        code = "medal-mismatch"
    else:
        awards["first_player"] = pick(data, [None, *log["players"]])
        code = "first-player-mismatch"
        if awards["first_player"] == LOGS[key]["races"][r]["awards"]["first_player"]:
            return
    assert_first_error_at(log, r + 1, None, code)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_value_gets_a_report(value):
    report = validate(value)
    json.dumps(report.to_dict())
    assert not report.valid or isinstance(value, dict)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs, st.data())
def test_mangled_logs_get_a_report(key, data):
    log = mutate(copy.deepcopy(LOGS[key]), data)
    report = validate(log)
    json.dumps(report.to_dict())
    assert all(len(f.where) == 2 for f in report.findings)

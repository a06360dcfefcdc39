"""The marshmallow schemas of record for Olympi Cards: the log schema accepts exactly the documents the
engine's reader accepts, and the report schema dumps every report exactly as the engine writes it."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from olympi_replay import validate
from olympi_replay.reader import Reader
from olympi_replay.simulate import simulate
from schemas import of_record
from schemas.games.olympi import OlympiLogSchema, ReportSchema
from tests.helpers import json_values, mutate

SAMPLES = Path(__file__).resolve().parents[1] / "sample_games" / "olympi"
LOGS = [simulate(players, seed, world_record=seed % 2 == 1, hands=seed != 2) for players in (2, 4, 7)
        for seed in range(3)]


def reader_accepts(document: object) -> bool:
    reader = Reader()
    reader.document(document)
    return not reader.findings


def schema_accepts(document: object) -> bool:
    try:
        OlympiLogSchema().load(document)
    except ValidationError:
        return False
    return True


def agree(document: object) -> None:
    assert reader_accepts(document) == schema_accepts(document), json.dumps(document)[:2000]


# Values that probe the places where JSON types are easily confused.
tricky = st.sampled_from([True, False, 1, 0, 2, 1.0, "", "K7", "K0", "x" * 41, None, [], {}, ["K7"],
                          {"color": "black", "value": 7}, {"free": True}, {"value": ">", "than": "own"},
                          {"value_in": [1, 9]}, {"value_in": [True, 9]}, {"all_of": []}, "gold", "play", "pass"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(LOGS))), st.data())
def test_reader_and_schema_agree_on_mutated_logs(index, data):
    agree(mutate(copy.deepcopy(LOGS[index]), data))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(LOGS))), st.data())
def test_reader_and_schema_agree_on_tricky_values(index, data):
    log = copy.deepcopy(LOGS[index])
    node, parent, key = log, None, None
    for _ in range(data.draw(st.integers(1, 6))):
        keys = sorted(node) if isinstance(node, dict) else range(len(node))
        if not keys:
            break
        parent, key = node, data.draw(st.sampled_from(list(keys)))
        if not isinstance(node[key], dict | list) or data.draw(st.booleans()):
            break
        node = node[key]
    if parent is not None:
        parent[key] = data.draw(tricky)
    agree(log)


@pytest.mark.parametrize("rule", [
    {"free": True}, {"free": 1}, {"value": ">", "than": "own", "x": 1}, {"sum_in": [1, 1000]}, {"sum_in": [1, 1001]},
    {"any_of": [{"all_of": [{"color": "same", "as": "previous"}]}]}, {"any_of": [{"color": "red", "as": "own"}]},
    {"all_of": [{"free": True}] * 21}, {"value": ">"}, [], "free",
])
def test_reader_and_schema_agree_on_rules(rule):
    log = copy.deepcopy(LOGS[0])
    log["disciplines"][0]["rule"] = rule
    agree(log)


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_reader_and_schema_agree_on_any_json(value):
    agree(value)


def test_the_schema_loads_cards_in_their_string_form():
    log = copy.deepcopy(LOGS[0])
    log["races"][0]["turns"][0] = {"player": log["players"][0], "action": "play",
                                   "cards": [{"color": "black", "value": 7}]}
    assert OlympiLogSchema().load(log)["races"][0]["turns"][0]["cards"] == ["K7"]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 7), st.integers(0, 10**6), st.booleans())
def test_report_schema_dumps_simulated_reports_unchanged(players, seed, world_record):
    report = validate(simulate(players, seed, world_record=world_record)).to_dict()
    assert ReportSchema().dump(report) == report


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=lambda path: path.name)
def test_report_schema_dumps_sample_reports_unchanged(path):
    report = validate(json.loads(path.read_text(encoding="utf-8"))).to_dict()
    assert ReportSchema().dump(report) == report


def test_the_schemas_are_found_by_game_id():
    logs, reports = of_record("olympi")
    assert logs == {"olympi": ("OlympiLog", OlympiLogSchema)}
    assert reports == {"olympi": ("OlympiReport", ReportSchema)}

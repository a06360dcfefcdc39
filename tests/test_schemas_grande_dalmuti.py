"""The marshmallow schemas of record for Il Grande Dalmuti: the log schema and the engine's reader call
the same documents well-formed, and the report schema dumps every report exactly as the engine writes it."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from dalmuti_replay import validate
from dalmuti_replay.rules import Options
from dalmuti_replay.simulate import simulate
from schemas import of_record
from schemas.games.grande_dalmuti import LOGS, REPORTS, DalmutiLogSchema, DalmutiOptionsSchema, DalmutiReportSchema
from tests.dalmuti_helpers import FOUR, session, trick
from tests.helpers import json_values, mutate

SAMPLES = sorted((Path(__file__).resolve().parents[1] / "sample_games" / "grande-dalmuti").glob("*.json"))
logs = st.builds(lambda players, seed, hands, claims, join, market: simulate(
    players, seed, hands=hands, claims=claims, rounds=2, join=join, market=market),
    st.integers(4, 7), st.integers(0, 2**32 - 1), st.booleans(), st.booleans(), st.integers(0, 1), st.booleans())


def schema_says_well_formed(document) -> bool:
    try:
        DalmutiLogSchema().load(copy.deepcopy(document))
    except ValidationError:
        return False
    return True


def engine_says_well_formed(document) -> bool:
    return not any(finding.code == "schema" for finding in validate(document).findings)


def agree(document):
    assert schema_says_well_formed(document) == engine_says_well_formed(document), (
        [f.to_dict() for f in validate(document).findings if f.code == "schema"])


# A simulated session costs some 30 ms, a mutation and its two readings some 6: each of 30 sessions is mutated
# four times, each time afresh, 120 mutated logs as before.
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs, st.data())
def test_the_schema_and_the_reader_agree_on_mutated_logs(log, data):
    for _ in range(4):
        agree(mutate(copy.deepcopy(log), data))


@settings(max_examples=60, deadline=None)
@given(json_values)
def test_they_agree_on_arbitrary_rounds_and_plays(value):
    agree(session(FOUR, {"tricks": [{"plays": [value]}]}))
    agree(session(FOUR, {"tricks": [], "taxes": [value]}))
    agree(session(FOUR, value))


@pytest.mark.parametrize("document", [
    session(FOUR, {"tricks": [trick(("Anna", "3"))]}),
    session(FOUR, {"tricks": [], "join": ["Ezio"], "ranks": FOUR}),
    session(FOUR, {"tricks": []}, {"tricks": [], "join": ["Ezio"]}),
    session(FOUR, {"tricks": [{"plays": [{"player": "Anna", "pass": 1}]}]}),
    session(FOUR, {"tricks": [{"plays": [{"player": "Anna", "cards": ["3"], "pass": True}]}]}),
    session(FOUR, {"tricks": [{"plays": []}]}),
    session(FOUR, {"tricks": []}, end={"rounds": 1, "points": 3}),
    session(FOUR, {"tricks": []}, end={"rounds": True}),
    session(FOUR, {"tricks": []}, options={"market": 1}),
    session(FOUR, {"tricks": [], "hands": {"Anna": []}, "taxes": [{"from": "A", "to": "B", "cards": []}]}),
    session(FOUR, {"tricks": [{"plays": [{"player": "Anna", "cards": ["03"]}]}]}),
    {**session(FOUR, {"tricks": []}), "version": 1.0},
    session(FOUR),
])
def test_they_agree_on_the_edges(document):
    agree(document)


def test_the_options_schema_lists_every_variant():
    assert list(DalmutiOptionsSchema().fields) == list(Options.names())


def test_the_project_finds_them_as_the_game_s_schemas_of_record():
    assert of_record("grande-dalmuti") == (LOGS, REPORTS)
    assert LOGS["grande-dalmuti"][1] is DalmutiLogSchema and REPORTS["grande-dalmuti"][1] is DalmutiReportSchema


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs, st.data())
def test_dumping_a_report_loses_nothing(log, data):
    for document in (log, mutate(copy.deepcopy(log), data)):
        report = validate(document).to_dict()
        assert DalmutiReportSchema().dump(report) == report


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: path.name)
def test_dumping_a_sample_report_loses_nothing(path):
    report = validate(json.loads(path.read_text(encoding="utf-8"))).to_dict()
    assert DalmutiReportSchema().dump(report) == report

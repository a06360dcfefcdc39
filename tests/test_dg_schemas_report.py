"""The report schemas describe exactly the engine's report dict, and document it for OpenAPI."""

from __future__ import annotations

import copy

import pytest
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

import dg_replay
from dg_replay.simulate import simulate, simulate_match
from schemas.games.david_goliath.report import (
    DavidGoliathFindingSchema,
    DavidGoliathMatchReportSchema,
    DavidGoliathReportSchema,
    DavidGoliathTrickReportSchema,
)

EXAMPLE = {  # the single-game report of docs/ARCHITECTURE.md, filled in
    "kind": "game", "game": "david-goliath", "valid": False, "complete": True,
    "players": ["Andrea", "Ben", "Clara", "Dennis", "Emma"], "dealer": "Emma", "meta": {"title": "Sample"},
    "errors": [{"code": "must-follow-suit", "severity": "error", "message": "Clara had to follow green.",
                "trick": 3, "play": 2, "player": "Clara", "path": "/tricks/2/plays/1"}],
    "warnings": [{"code": "incomplete-game", "severity": "warning", "message": "Only 1 trick.",
                  "trick": None, "play": None, "player": None, "path": ""}],
    "result": {"scores": {"Andrea": 0, "Ben": 25, "Clara": 0, "Dennis": 0, "Emma": 12}, "winners": ["Ben"]},
    "tricks": [{"number": 1, "leader": "Andrea", "resolved": True,
                "plays": [{"player": "Andrea", "card": "G4", "note": None},
                          {"player": "Ben", "card": "G12", "note": "greedy"},
                          {"player": "Clara", "card": "G7", "note": None},
                          {"player": "Dennis", "card": "R2", "note": None},
                          {"player": "Emma", "card": "G2", "note": None}],
                "high": "Ben", "low": "Emma", "high_play": 2, "low_play": 5,
                "captures": {"Emma": ["G12"], "Ben": ["G4", "G7", "R2", "G2"]},
                "scores_after": {"Andrea": 0, "Ben": 25, "Clara": 0, "Dennis": 0, "Emma": 12},
                "note": "Rulebook 000"}],
}


def test_the_documented_example_dumps_unchanged():
    assert DavidGoliathReportSchema().dump(EXAMPLE) == EXAMPLE


def test_dump_keeps_only_documented_fields():
    assert "debug" not in DavidGoliathReportSchema().dump({**EXAMPLE, "debug": 1})


def test_finding_game_number_only_when_present():
    finding = EXAMPLE["errors"][0]
    assert "game" not in DavidGoliathFindingSchema().dump(finding)
    assert DavidGoliathFindingSchema().dump({**finding, "game": 2})["game"] == 2


def test_unresolved_trick_dumps_its_nulls():
    trick = {"number": 15, "leader": None, "resolved": False, "plays": [{"player": None, "card": None, "note": None}],
             "high": None, "low": None, "high_play": None, "low_play": None, "captures": {}, "scores_after": {},
             "note": None}
    assert DavidGoliathTrickReportSchema().dump(trick) == trick


def broken_game() -> dict:
    log = copy.deepcopy(simulate(4, 2))
    log["tricks"][3]["plays"][1]["card"] = "nonsense"
    log["tricks"][5]["plays"][0]["note"] = "misplayed?"
    log["tricks"] = log["tricks"][:9]
    log["tricks"][8]["plays"].pop()
    log["meta"] = {"title": "broken"}
    return log


@pytest.mark.parametrize("document", [
    simulate(3, 1), simulate(6, 8, hands=False, claims=False), broken_game(), None, [1, 2], {"game": "chess"},
], ids=["game", "bare game", "broken game", "null", "list", "other game"])
def test_engine_game_reports_round_trip(document):
    report = dg_replay.validate(document).to_dict()
    assert report["kind"] == "game"
    assert DavidGoliathReportSchema().dump(report) == report


def test_engine_match_reports_round_trip():
    match = copy.deepcopy(simulate_match(3, 7))
    match["games"][1]["tricks"][0]["plays"][0]["card"] = "G0"
    match["games"].append("not a game")
    report = dg_replay.validate(match).to_dict()
    assert report["kind"] == "match" and report["games"][-1] is None
    assert DavidGoliathMatchReportSchema().dump(report) == report


def test_schemas_name_every_key_of_the_engine_report():
    game = dg_replay.validate(simulate(3, 1)).to_dict()
    match = dg_replay.validate(simulate_match(3, 1)).to_dict()
    assert set(DavidGoliathReportSchema().fields) == set(game)
    assert set(DavidGoliathMatchReportSchema().fields) == set(match)
    assert set(DavidGoliathTrickReportSchema().fields) == set(game["tricks"][0])
    assert set(DavidGoliathFindingSchema().fields) == {*EXAMPLE["errors"][0], "game"}


@pytest.fixture(scope="module")
def openapi() -> dict:
    spec = APISpec("Replay", "1", "3.0.3", plugins=[MarshmallowPlugin()])
    spec.components.schema("DavidGoliathReport", schema=DavidGoliathReportSchema)
    spec.components.schema("DavidGoliathMatchReport", schema=DavidGoliathMatchReportSchema)
    return spec.to_dict()["components"]["schemas"]


def test_openapi_describes_every_field(openapi):
    for name in ("DavidGoliath" + part for part in ("Report", "MatchReport", "TrickReport", "PlayReport", "Finding",
                                                    "Result")):
        for field, spec in openapi[name]["properties"].items():
            assert spec.get("description"), f"{name}.{field} has no description"


def test_openapi_marks_nullable_and_required(openapi):
    finding = openapi["DavidGoliathFinding"]
    assert finding["properties"]["trick"]["nullable"] is True
    assert finding["properties"]["severity"]["enum"] == ["error", "warning"]
    assert finding["properties"]["path"]["example"] == "/tricks/2/plays/1"
    assert set(finding["required"]) == {"code", "severity", "message", "trick", "play", "player", "path"}
    assert openapi["DavidGoliathReport"]["properties"]["kind"]["enum"] == ["game"]
    # apispec's OpenAPI 3.0 spelling of "a Report or null"
    assert openapi["DavidGoliathMatchReport"]["properties"]["games"]["items"] == {
        "anyOf": [{"type": "object", "nullable": True}, {"$ref": "#/components/schemas/DavidGoliathReport"}]}

"""The report: the contract's fields in their order, the extra detail for charts, and errors and warnings
derived from the findings when the report is written."""

from __future__ import annotations

from olympi_replay import validate
from olympi_replay.simulate import simulate


def test_top_level_fields_in_order():
    report = validate(simulate(3, 1)).to_dict()
    assert list(report)[:9] == ["kind", "game", "valid", "complete", "players", "meta", "errors", "warnings",
                                "result"]
    assert report["kind"] == "game" and report["game"] == "olympi"
    assert set(report["result"]) == {"scores", "winners", "breakdown"}
    assert set(report["result"]["breakdown"]["Ann"]) == {"gold", "silver", "bronze", "records", "cards"}


def test_each_race_has_the_contract_s_fields_and_its_turns():
    log = simulate(5, 3, world_record=True)
    report = validate(log).to_dict()
    for race, written in zip(report["races"], log["races"], strict=True):
        assert {"number", "discipline", "postponed", "first_player", "order", "medals", "drawn", "record",
                "finished", "scores_after", "hands_after"} <= set(race)
        assert [turn["player"] for turn in race["turns"]] == [turn["player"] for turn in written["turns"]]
        assert [r["player"] for r in race["retirements"]] == race["order"]
        assert race["order"][-1] in race["medals"] and "gold" in race["medals"][race["order"][-1]]
        assert set(race["hands_after"]) == set(log["players"])
    assert report["races"][-1]["scores_after"] == report["result"]["scores"]
    assert {name: entry["cards"] for name, entry in report["result"]["breakdown"].items()} == \
        report["races"][-1]["hands_after"]


def test_errors_follow_the_findings_list():
    log = simulate(3, 1)
    log["scores"]["Ann"] += 1
    report = validate(log)
    assert [error["code"] for error in report.to_dict()["errors"]] == ["score-mismatch"]
    report.findings.clear()
    assert report.to_dict()["errors"] == [] and report.valid

"""The annotated Il Grande Dalmuti samples: each gets the verdict expected.toml gives it, and together they
show every code of the catalogue (in each of its severities), both kinds of revolution, a newcomer, a
points target and every variant of the options table."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from dalmuti_replay import validate
from dalmuti_replay.engine import ENGINE
from dalmuti_replay.rules import Options

FOLDER = Path(__file__).resolve().parents[1] / "sample_games" / "grande-dalmuti"
EXPECTED = tomllib.loads((FOLDER / "expected.toml").read_text(encoding="utf-8"))
FILES = sorted(path.name for path in FOLDER.glob("*.json"))


def load(name: str) -> dict:
    return json.loads((FOLDER / name).read_text(encoding="utf-8"))


def test_expected_lists_exactly_the_samples():
    assert sorted(EXPECTED) == FILES and len(FILES) >= 12


@pytest.mark.parametrize("name", FILES)
def test_each_sample_gets_its_expected_verdict(name):
    report = validate(load(name)).to_dict()
    assert {"valid": report["valid"], "complete": report["complete"],
            "errors": sorted({finding["code"] for finding in report["errors"]}),
            "warnings": sorted({finding["code"] for finding in report["warnings"]})} == EXPECTED[name]


@pytest.mark.parametrize("name", FILES)
def test_each_sample_is_annotated(name):
    meta = load(name)["meta"]
    assert meta["title"].strip() and len(meta["notes"]) > 80


def test_every_code_of_the_catalogue_is_shown_in_each_severity():
    shown = {(code, severity) for verdict in EXPECTED.values()
             for severity, codes in (("error", verdict["errors"]), ("warning", verdict["warnings"])) for code in codes}
    assert {(entry.code, severity) for entry in ENGINE.codes for severity in entry.severities} <= shown


def test_the_samples_show_revolutions_a_join_a_points_target_and_every_variant():
    reports = {name: validate(load(name)) for name in FILES}
    kinds = {record.revolution_kind for report in reports.values() for record in report.rounds}
    assert {"great", "plain"} <= kinds
    assert any(record.joined for report in reports.values() if report.valid for record in report.rounds)
    assert any(report.valid and report.complete and report.end == {"points": report.end.get("points")}
               and report.end.get("points") for report in reports.values())
    used = {name for report in reports.values() for name in Options.names() if getattr(report.options, name)}
    assert used == set(Options.names())

"""The annotated Il Grande Dalmuti samples show both kinds of revolution, a newcomer, a points target and
every variant of the options table. (Their verdicts, notes and codes: tests/test_contract.py, every game.)"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from dalmuti_replay import validate
from dalmuti_replay.rules import Options

FOLDER = Path(__file__).resolve().parents[1] / "sample_games" / "grande-dalmuti"
EXPECTED = tomllib.loads((FOLDER / "expected.toml").read_text(encoding="utf-8"))
FILES = sorted(path.name for path in FOLDER.glob("*.json"))


def load(name: str) -> dict:
    return json.loads((FOLDER / name).read_text(encoding="utf-8"))


def test_the_samples_show_revolutions_a_join_a_points_target_and_every_variant():
    reports = {name: validate(load(name)) for name in FILES}
    kinds = {record.revolution_kind for report in reports.values() for record in report.rounds}
    assert {"great", "plain"} <= kinds
    assert any(record.joined for report in reports.values() if report.valid for record in report.rounds)
    assert any(report.valid and report.complete and report.end == {"points": report.end.get("points")}
               and report.end.get("points") for report in reports.values())
    used = {name for report in reports.values() for name in Options.names() if getattr(report.options, name)}
    assert used == set(Options.names())

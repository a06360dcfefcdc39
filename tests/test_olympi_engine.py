"""Olympi Cards as a registered engine: its fixed facts, its finding catalogue, and the generic command
line validating and simulating its logs."""

from __future__ import annotations

import io
import json

from olympi_replay.engine import ENGINE
from replaykit import registry
from replaykit.cli import main
from tests.olympi_helpers import log_of, race

SPEC_CODES = [
    "schema", "player-count", "duplicate-player", "unknown-player", "discipline-count", "duplicate-discipline",
    "unknown-discipline", "hand-size", "deck-size", "too-many-copies", "wrong-discipline", "postpone-not-allowed",
    "wrong-first-player", "wrong-turn", "already-retired", "race-over", "wrong-action", "wrong-card-count",
    "rule-broken", "card-not-in-hand", "draw-count", "draw-mismatch", "reshuffle-mismatch", "unfinished-race",
    "too-many-races", "medal-mismatch", "first-player-mismatch", "record-mismatch", "score-mismatch",
    "winner-mismatch", "unchecked-rule", "deck-exhausted", "incomplete-game",
]


def test_the_engine_is_registered_with_its_facts():
    assert registry.engines()["olympi"] is ENGINE
    assert (ENGINE.name, ENGINE.log_games, ENGINE.players, ENGINE.units) == (
        "Olympi Cards", ("olympi",), (2, 7), ("race", "turn"))


def test_the_catalogue_is_the_contract_s_table():
    assert [code.code for code in ENGINE.codes] == SPEC_CODES
    warnings = {code.code for code in ENGINE.codes if code.severities == ("warning",)}
    assert warnings == {"unchecked-rule", "deck-exhausted", "incomplete-game"}
    assert all(code.summary.endswith(".") for code in ENGINE.codes)


def test_limits_come_from_settings():
    limits = ENGINE.limits({"max_name": 10, "max_tricks": 3})
    assert limits.max_name == 10 and limits.max_text == 2000


def test_the_command_line_simulates_and_validates(tmp_path):
    out = io.StringIO()
    assert main(["simulate", "olympi", "--players", "7", "--seed", "2", "--world-record", "--no-hands"], out) == 0
    log = json.loads(out.getvalue())
    assert len(log["players"]) == 7 and log["options"] == {"world_record": True} and "hands" not in log
    path = tmp_path / "game.json"
    path.write_text(out.getvalue())
    out = io.StringIO()
    assert main(["validate", str(path)], out) == 0
    assert out.getvalue().splitlines()[-1].startswith(f"{path}: valid")


def test_the_command_line_places_findings_by_race_and_turn(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(log_of(["Ann", "Bruno", "Chiara"], race("Nuoto", "Ann K7", "Bruno K5"),
                                      first_player="Ann")))
    out = io.StringIO()
    assert main(["validate", str(path)], out) == 1
    assert f"{path}: race 1, turn 2 (Bruno): rule-broken: " in out.getvalue()
    out = io.StringIO()
    main(["validate", "--json", str(path)], out)
    report = json.loads(out.getvalue())
    assert report["game"] == "olympi" and report["errors"][0]["race"] == 1 and report["errors"][0]["turn"] == 2

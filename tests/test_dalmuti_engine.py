"""The registered engine: catalogue, units, registry entry point and the generic command line."""

import io
import json

from dalmuti_replay.engine import ENGINE
from replaykit import registry
from replaykit.cli import main

SPEC_CODES = [
    "schema", "player-count", "duplicate-player", "unknown-player", "option-conflict", "card-not-in-deck",
    "hand-size", "too-many-copies", "revolution-invalid", "tax-missing", "tax-not-due", "tax-wrong-count",
    "tax-wrong-cards", "card-not-in-hand", "wrong-leader", "lead-pass", "wrong-turn", "set-size", "mixed-values",
    "not-lower", "trick-unfinished", "play-after-end", "incomplete-round", "rank-mismatch", "finish-mismatch",
    "points-mismatch", "winner-mismatch", "session-over", "incomplete-session"]
BOTH = {"player-count", "tax-missing", "incomplete-round"}


def test_the_catalogue_is_the_contract_s():
    assert [code.code for code in ENGINE.codes] == SPEC_CODES
    for code in ENGINE.codes:
        expected = ("error", "warning") if code.code in BOTH else (
            ("warning",) if code.code == "incomplete-session" else ("error",))
        assert code.severities == expected and code.summary


def test_fixed_facts():
    assert (ENGINE.id, ENGINE.name, ENGINE.log_games) == ("grande-dalmuti", "Il Grande Dalmuti", ("grande-dalmuti",))
    assert ENGINE.players == (4, 8) and ENGINE.units == ("round", "trick", "play")
    assert ENGINE.default_limits.max_name == 40 and ENGINE.default_limits.max_text == 2000


def test_registered_through_the_entry_point():
    assert registry.engines()["grande-dalmuti"] is ENGINE
    engine, report = registry.validate(ENGINE.simulate(5, 1))
    assert engine is ENGINE and report.valid


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_the_command_line_simulates_and_validates(tmp_path):
    status, out, _ = run("simulate", "grande-dalmuti", "--players", "6", "--seed", "4", "--join", "--market",
                         "--points-end", "--no-hands")
    log = json.loads(out)
    assert status == 0 and log["options"] == {"market": True} and "points" in log["end"]
    path = tmp_path / "session.json"
    log["rounds"][0]["tricks"][0]["plays"][0]["player"] = "Zoe"
    path.write_text(json.dumps(log))
    status, out, _ = run("validate", str(path))
    assert status == 1 and f"{path}: round 1, trick 1, play 1: unknown-player" in out
    status, out, _ = run("validate", "--json", str(path))
    assert json.loads(out)["errors"][0]["round"] == 1

"""The annotated David & Goliath samples show every code of the contract's table, are pretty-printed, give
the command line's exit status, and the rulebook examples come out as the rulebooks say. (Their verdicts
and notes: tests/test_contract.py, every game.)"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from dg_replay import validate

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_games" / "david-goliath"
EXPECTED = tomllib.loads((SAMPLES / "expected.toml").read_text(encoding="utf-8"))
FILES = sorted(path.name for path in SAMPLES.glob("*.json"))

# Every code of the spec's table (section 3); trick-size must appear both as an error and as a warning.
ERROR_CODES = {
    "schema", "player-count", "duplicate-player", "unknown-player", "card-not-in-deck", "hand-size",
    "duplicate-card", "wrong-leader", "wrong-turn", "trick-size", "card-already-played", "card-not-in-hand",
    "must-follow-suit", "too-many-tricks", "capture-mismatch", "score-mismatch", "winner-mismatch",
}
WARNING_CODES = {"incomplete-game", "dealer-rotation", "match-length", "trick-size"}


def load(name: str) -> dict:
    return json.loads((SAMPLES / name).read_text(encoding="utf-8"))


def report(name: str) -> dict:
    return validate(load(name)).to_dict()


@pytest.mark.parametrize("name", FILES)
def test_sample_is_pretty_printed(name):
    text = (SAMPLES / name).read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("name", [name for name in FILES if not EXPECTED[name]["valid"]])
def test_illegal_sample_points_at_its_fault_with_a_note(name):
    log = load(name)
    games = log.get("games", [log])
    notes = [play.get("note") for game in games for trick in game["tricks"] for play in trick["plays"]]
    notes += [trick.get("note") for game in games for trick in game["tricks"]]
    assert any(notes) or "games" in log


def test_samples_cover_every_code_of_the_spec():
    errors = {code for entry in EXPECTED.values() for code in entry["errors"]}
    warnings = {code for entry in EXPECTED.values() for code in entry["warnings"]}
    assert errors == ERROR_CODES
    assert warnings == WARNING_CODES


@pytest.mark.parametrize("name", FILES)
def test_cli_exit_status(name):
    done = subprocess.run([sys.executable, "-m", "dg_replay", "validate", str(SAMPLES / name)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == (0 if EXPECTED[name]["valid"] else 1), done.stdout + done.stderr


def test_legal_games_cover_three_to_six_players_with_and_without_hands_and_object_cards():
    counts = {len(load(f"legal-{n}-players.json")["players"]) for n in range(3, 7)}
    assert counts == {3, 4, 5, 6}
    logs = [load(f"legal-{n}-players.json") for n in range(3, 7)]
    assert any("hands" not in log for log in logs)
    assert any(isinstance(play["card"], dict) for log in logs for trick in log["tricks"] for play in trick["plays"])


def test_italian_rulebook_trick():
    log = load("rulebook-trick-italian.json")
    assert [(play["player"], play["card"]) for play in log["tricks"][0]["plays"]] == [
        ("Andrea", "G4"), ("Ben", "G12"), ("Clara", "G7"), ("Dennis", "R2"), ("Emma", "G2")]
    tricks = report("rulebook-trick-italian.json")["tricks"]
    assert tricks[0]["captures"] == {"Emma": ["G12"], "Ben": ["G4", "G7", "R2", "G2"]}
    assert tricks[0]["high"] == "Ben" and tricks[0]["low"] == "Emma"
    assert tricks[1]["leader"] == "Ben"


def test_polish_rulebook_trick():
    log = load("rulebook-trick-polish.json")
    assert [(play["player"], play["card"]) for play in log["tricks"][0]["plays"]] == [
        ("Franek", "G4"), ("Sylwia", "G9"), ("Piotr", "R2"), ("Gosia", "G7")]
    tricks = report("rulebook-trick-polish.json")["tricks"]
    assert tricks[0]["captures"] == {"Piotr": ["G9"], "Sylwia": ["G4", "R2", "G7"]}
    assert tricks[1]["leader"] == "Sylwia"


def test_scoring_sample_player_takes_the_rulebook_cards_for_52():
    found = report("rulebook-scoring.json")
    taken = sorted(card for trick in found["tricks"] for card in trick["captures"].get("Andrea", []))
    assert taken == sorted(["R4", "R10", "R11", "Y8", "G5", "G9", "B2", "B3", "B6", "B10", "B12", "P10", "P12"])
    assert found["result"]["scores"]["Andrea"] == 52


def test_all_equal_trick_gives_last_card_highest_and_second_to_last_lowest():
    tricks = report("all-equal-trick.json")["tricks"]
    equal = [trick for trick in tricks if len({play["card"][1:] for play in trick["plays"]}) == 1]
    assert equal
    trick = equal[0]
    assert trick["high_play"] == len(trick["plays"]) and trick["low_play"] == len(trick["plays"]) - 1


def test_match_sample_is_a_full_match_with_totals():
    match = load("match-4-players.json")
    assert match["game"] == "david-goliath-match" and len(match["games"]) == len(match["players"]) == 4
    assert report("match-4-players.json")["result"]["scores"] == match["totals"]

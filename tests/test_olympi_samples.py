"""The annotated Olympi Cards samples show every player count, the World Record variant and a reshuffle,
the rulebook's worked examples come out as the contract says, and the format document's first example
validates clean. (Their verdicts, notes and codes: tests/test_contract.py, every game.)"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from olympi_replay import validate

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_games" / "olympi"
EXPECTED = tomllib.loads((SAMPLES / "expected.toml").read_text(encoding="utf-8"))
FILES = sorted(path.name for path in SAMPLES.glob("*.json"))


def load(name: str) -> dict:
    return json.loads((SAMPLES / name).read_text(encoding="utf-8"))


def test_samples_cover_every_player_count_the_variant_and_a_reshuffle():
    logs = [load(name) for name in FILES]
    assert {len(log["players"]) for log in logs} >= set(range(2, 8))
    assert any(log.get("options", {}).get("world_record") and EXPECTED[name]["valid"]
               for name, log in zip(FILES, logs, strict=True))
    reports = [validate(log).to_dict() for log in logs]
    assert any(race["reshuffles"] for report in reports if report["valid"] for race in report["races"])
    assert any(race["record"] for report in reports if report["valid"] for race in report["races"])


def test_the_worked_examples_come_out_as_the_contract_says():
    three = validate(load("rulebook-three-players.json")).to_dict()["result"]
    assert three["scores"] == {"Ann": 4, "Bruno": 1, "Chiara": 2}
    assert [entry["cards"] for entry in three["breakdown"].values()] == [4, 9, 6]
    two = validate(load("rulebook-two-players.json")).to_dict()["result"]
    assert two["scores"] == {"Ann": 5, "Bruno": 2}
    assert [entry["cards"] for entry in two["breakdown"].values()] == [6, 9]


def test_the_format_document_s_first_example_validates_clean():
    text = (ROOT / "docs" / "games" / "olympi" / "format.md").read_text(encoding="utf-8")
    example = json.loads(re.search(r"```json\n(.*?)\n```", text, re.DOTALL).group(1))
    assert validate(example).findings == []


def test_the_format_document_states_the_reader_s_limits():
    from olympi_replay import DEFAULT_LIMITS as limits

    text = " ".join((ROOT / "docs" / "games" / "olympi" / "format.md").read_text(encoding="utf-8").split())
    for phrase in (f"1 to {limits.max_name} characters", f"at most {limits.max_text:,}",
                   f"at most {limits.max_races} races",
                   f"{limits.max_turns} turns in one race", f"{limits.max_cards} entries in any list",
                   f"{limits.max_disciplines} disciplines", f"nested at most {limits.max_rule_depth} levels",
                   f"at most {limits.max_rule_items} rules"):
        assert phrase in text, phrase

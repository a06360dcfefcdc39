"""Olympi's moments: races with their rule in words, turns, retirements and findings, and the steps."""

from __future__ import annotations

import json

from api.adapters import finding_anchor
from api.games.olympi import timeline as timeline_module
from olympi_replay import validate
from olympi_replay.simulate import simulate
from tests.conftest import ROOT
from tests.olympi_helpers import log_of, race

SAMPLES = ROOT / "sample_games" / "olympi"
THREE = ["Ann", "Bruno", "Chiara"]


def rulebook_three() -> dict:
    """The rulebook's example: Bruno retires (bronze, 3 cards), Chiara (silver, FP, 1), Ann takes gold."""
    return validate(log_of(THREE, race("Corsa", "Ann K3", "Bruno retire", "Chiara K5", "Ann K7", "Chiara retire"),
                           first_player="Ann")).to_dict()


def test_a_race_tells_its_discipline_rule_turns_and_rewards():
    report = rulebook_three()
    (row,) = timeline_module.timeline(report)["races"]
    assert row["discipline"] == "Corsa" and row["rule"] == report["races"][0]["rule"] == "Play a card, any value " \
        "and colour."
    assert [(turn["player"], turn["action"]) for turn in row["turns"]] == [
        ("Ann", "play"), ("Bruno", "retire"), ("Chiara", "play"), ("Ann", "play"), ("Chiara", "retire")]
    assert row["turns"][0]["cards"] == [{"card": "K3", "color": "black"}]
    bruno, chiara = row["turns"][1], row["turns"][4]
    assert bruno["retirement"]["medal"] == "bronze" and bruno["drew"] == 3 and bruno["place"] == "1st"
    assert bruno["story"] == "Bruno retires 1st: bronze, 3 cards."
    assert chiara["story"] == "Chiara retires 2nd: silver, 1 card, the First-player card."
    assert row["story"] == "Corsa: Bruno bronze; Chiara silver; Ann gold. Chiara takes the First-player card."
    assert row["scores_after"] == {"Ann": 4, "Bruno": 1, "Chiara": 2}


def test_two_players_passes_say_what_the_other_takes():
    report = validate(log_of(["Ann", "Bruno"], race("Corsa", "Ann K3", "Bruno pass", "Ann K5", "Bruno K6",
                                                    "Ann pass", "Bruno pass"), first_player="Ann")).to_dict()
    turns = timeline_module.timeline(report)["races"][0]["turns"]
    assert turns[1]["story"] == "Bruno passes (1st pass): 1 card; Ann takes bronze."
    assert turns[4]["gives"] == "Bruno takes silver"


def test_an_undeclared_discipline_says_so_and_a_postponed_card_is_kept():
    log = log_of(THREE, race("Nowhere", "Ann K3", "Bruno retire", "Chiara retire"),
                 race("Corsa", "Bruno retire", "Chiara retire", postponed="Nuoto"), first_player="Ann")
    rows = timeline_module.timeline(validate(log).to_dict())["races"]
    assert rows[0]["rule"] == timeline_module.NOT_DECLARED
    assert [finding["code"] for finding in rows[0]["errors"]] == ["unknown-discipline"]
    assert rows[1]["postponed"] == "Nuoto" and rows[1]["discipline"] == "Corsa"


def test_findings_are_placed_in_their_turn():
    log = log_of(THREE, race("Nuoto", "Ann K5", "Bruno K3", "Chiara retire", "Ann retire"), first_player="Ann")
    turns = timeline_module.timeline(validate(log).to_dict())["races"][0]["turns"]
    assert [finding["code"] for finding in turns[1]["errors"]] == ["rule-broken"]
    assert not turns[0]["errors"] and not turns[2]["errors"]


def test_steps_are_the_setup_each_turn_and_each_race_s_outcome():
    report = validate(simulate(4, 3)).to_dict()
    shown = timeline_module.timeline(report)
    steps = timeline_module.steps(shown)
    assert steps[0]["id"] == "setup" and steps[0]["major"]
    assert f"{report['first_player']} holds the First-player card" in steps[0]["story"]
    turns = sum(len(race["turns"]) for race in report["races"])
    assert len(steps) == 1 + turns + len(report["races"])
    majors = [step["id"] for step in steps if step.get("major")]
    assert majors == ["setup", *(f"race-{number}" for number in range(1, 10))]
    first = steps[1]
    assert first["id"] == "race-1-turn-1" and first["status"] == "Race 1 of 9 · turn 1" and first["x"] == 1
    outcome = next(step for step in steps if step["id"] == "race-4")
    assert outcome["x"] == 4 and outcome["story"] == shown["races"][3]["story"]
    assert all(step["x"] == int(step["id"].split("-")[1]) for step in steps[1:])


def resolves(anchor: str, ids: set[str]) -> bool:
    parts = anchor.split("-")
    while parts:
        if "-".join(parts) in ids:
            return True
        del parts[-2:]
    return False


def test_every_finding_inside_a_replayed_race_links_to_a_moment_of_every_sample():
    for path in sorted(SAMPLES.glob("*.json")):
        report = validate(json.loads(path.read_text())).to_dict()
        ids = {step["id"] for step in timeline_module.steps(timeline_module.timeline(report))}
        replayed = {race["number"] for race in report["races"]}
        for finding in report["errors"] + report["warnings"]:
            if finding["race"] in replayed:
                assert resolves(finding_anchor(finding, ("race", "turn")), ids), (path.name, finding)


def test_a_document_that_is_no_log_has_no_races():
    shown = timeline_module.timeline(validate([1, 2]).to_dict())
    assert shown["races"] == [] and shown["players"] == []
    assert [step["id"] for step in timeline_module.steps(shown)] == ["setup"]

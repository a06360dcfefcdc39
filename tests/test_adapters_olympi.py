"""Olympi's adapter: standings with the log's claims beside them, key moments, where findings outside any
turn are seen, facts, and the four charts it offers."""

from __future__ import annotations

import json

import api.games.olympi as olympi
from api.games.olympi import timeline as timeline_module
from olympi_replay import validate
from olympi_replay.simulate import simulate
from tests.conftest import ROOT

SAMPLES = ROOT / "sample_games" / "olympi"


def sample(name: str) -> dict:
    return validate(json.loads((SAMPLES / f"{name}.json").read_text())).to_dict()


def moments(report: dict) -> list[dict]:
    return olympi.key_moments(report, timeline_module.timeline(report))


def test_standings_show_the_claims_beside_the_computed_vp():
    report = sample("illegal-claims")
    shown = olympi.ADAPTER.standings(report)
    # Bruno wins on 25 VP; the sheet claims 26 for Ann, who has 23, and names Chiara as the winner
    assert [(row["name"], row["value"], row["claimed"]) for row in shown["rows"]] == [
        ("Bruno", 25, 25), ("Ann", 23, 26), ("Chiara", 21, 21)]
    assert shown["claimed_winners"] == report["claims"]["winners"]
    assert shown["best"] == "winner"  # played legally to its end: only the sheet's claims are wrong
    clean = olympi.ADAPTER.standings(sample("clean-5-players"))
    assert clean["best"] == "winner" and [row["name"] for row in clean["rows"] if row["best"]] == ["Bruno"]
    unfinished = olympi.ADAPTER.standings(sample("rulebook-three-players"))
    assert unfinished["best"] == "leading" and unfinished["label"] == "Standing so far"


def test_key_moments_are_errors_golds_early_exits_records_and_reshuffles_in_game_order():
    report = sample("illegal-turns")
    found = moments(report)
    errors = [moment for moment in found if moment["kind"] == "error"]
    assert [moment["step"] for moment in errors][:3] == ["race-1-turn-3", "race-1-turn-5", "race-1-turn-7"]
    assert errors[0]["label"] == "Race 1, turn 3 · Chiara: broke the discipline's rule"
    (winner,) = [name for name, won in report["races"][0]["medals"].items() if "gold" in won]
    assert {"step": "race-1", "kind": "gold", "label": f"Race 1: {winner} wins Nuoto"} in found
    record = moments(sample("clean-3-players-world-record"))
    assert any(moment["kind"] == "record" and moment["step"] == "race-2" for moment in record)
    reshuffle = moments(sample("clean-7-players-reshuffle"))
    assert any(moment["kind"] == "reshuffle" for moment in reshuffle)
    early = [moment for moment in moments(validate(simulate(4, 1)).to_dict()) if moment["kind"] == "cards"]
    assert early and all("out first for 3 cards" in moment["label"] for moment in early)
    ids = {step["id"] for step in timeline_module.steps(timeline_module.timeline(report))}
    assert {moment["step"] for moment in found} <= ids


def test_key_moments_keep_every_error_when_there_are_many():
    log = simulate(4, 3)
    for race in log["races"]:
        race["awards"]["first_player"] = "Ann" if race["awards"].get("first_player") != "Ann" else "Bruno"
    report = validate(log).to_dict()
    found = moments(report)
    assert len(found) <= olympi.MOST_KEY_MOMENTS
    assert sum(moment["kind"] == "error" for moment in found) == len(report["errors"]) == 9


def test_findings_outside_any_turn_are_seen_at_the_setup_or_the_result():
    report = sample("illegal-setup")
    targets = {finding["path"]: olympi.target(finding) for finding in report["errors"] if finding["race"] is None}
    assert targets["/hands/Chiara"] == targets["/deck"] == targets["/first_player"] == "setup"
    assert targets["/disciplines/5"] == targets["/discipline_deck"] == "setup"
    claims = sample("illegal-claims")
    assert {olympi.target(f) for f in claims["errors"] if f["path"] in ("/scores/Ann", "/winners")} == {"result"}
    assert olympi.target({"path": "/races"}) is None and olympi.target({"path": ""}) is None


def test_facts_and_charts():
    report = sample("clean-3-players-world-record")
    assert olympi.game_facts(report) == ["3 players", "9 races", "World Record variant"]
    charts = olympi.figures(report)
    assert [chart["id"] for chart in charts] == ["vp", "order", "hands", "medals"]
    assert [chart["timeline"] for chart in charts] == [True, True, True, False]
    assert olympi.ADAPTER.partial == "games/olympi/moments.html"


def test_key_moments_past_their_bound_keep_every_race_s_winner():
    """Nine races, each with its winner and, for many, a first retirement for cards: past 16 moments the winners
    are kept (the list once ended at race 8)."""
    report = validate(simulate(4, 1)).to_dict()
    found = moments(report)
    winners = [moment for moment in found if moment["kind"] == "gold"]
    assert len(winners) == 9 and winners[-1]["step"] == "race-9"
    assert len(found) == olympi.MOST_KEY_MOMENTS  # more than 16 were found: the bound was met


def test_a_wrong_score_claimed_for_the_game_is_told_at_its_last_race():
    log = simulate(4, 3)
    # nine races of at most 6 VP each (a gold, 4, and a World Record, 2) give no such total
    log["scores"] = {"Ann": 1000}
    found = moments(validate(log).to_dict())
    assert found[-1] == {"step": "race-9", "kind": "error", "label": "The game's result · Ann: a score added up wrong"}

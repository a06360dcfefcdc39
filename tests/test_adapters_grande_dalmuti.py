"""Il Grande Dalmuti's web adapter: its moments, steps, key moments, standings and where findings go."""

from __future__ import annotations

import copy
import functools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import api.games.grande_dalmuti as adapter
from api.adapters import adapter_for, finding_anchor
from api.analysis import innermost
from api.games.grande_dalmuti.timeline import steps, timeline
from dalmuti_replay import validate
from dalmuti_replay.engine import ENGINE
from replaykit.words import Languages, render
from tests.conftest import ROOT, compile_catalogues
from tests.dalmuti_helpers import FOUR, session, sim, trick
from tests.helpers import json_values, mutate

SAMPLES = ROOT / "sample_games" / "grande-dalmuti"

# The log format's minimal example: Anna goes out at once, then Bruno, then Dario; Carla comes last.
MINIMAL = session(FOUR, {
    "tricks": [trick(("Anna", " ".join(["10"] * 10)), ("Bruno",), ("Carla",), ("Dario",)),
               trick(("Anna", "9 9 9 9 9"), ("Bruno", "8 8 8 8 8"), ("Carla",), ("Dario", "4 4 4 4 J"), ("Bruno",),
                     ("Carla",)),
               trick(("Dario", "7 7 7 7 7 7 7"), ("Bruno", "6 6 6 6 6 6 J"), ("Carla",), ("Dario",)),
               trick(("Bruno", "3 3"), ("Carla",), ("Dario", "2 2"))]}, options={"settling_round": True})


def report_of(log: dict) -> dict:
    return validate(log).to_dict()


def sample(name: str) -> dict:
    return report_of(json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8")))


def test_the_engine_finds_this_adapter():
    assert adapter_for(ENGINE) is adapter.ADAPTER
    assert adapter.ADAPTER.partial == "games/grande-dalmuti/moments.html"


def test_each_play_is_told_with_the_set_it_beats_and_who_goes_out():
    rows = timeline(report_of(MINIMAL))["rounds"]
    plays = rows[0]["tricks"][1]["plays"]
    stories = {step["id"]: step["story"] for step in adapter.ADAPTER.steps({"rounds": rows})}
    assert stories[plays[0]["id"]] == "Anna plays 9 9 9 9 9, leading. Anna goes out 1st (4 points)."
    assert stories[plays[1]["id"]] == "Bruno plays 8 8 8 8 8 on Anna's 9 9 9 9 9."
    assert stories[plays[2]["id"]] == "Carla passes."
    assert [play["wins"] for play in plays] == [False, False, False, True, False, False]
    assert rows[0]["tricks"][1]["story"] == "Trick 2: Dario's 4 4 4 4 J wins it; out: Anna."
    assert rows[0]["finish"] == ["Anna", "Bruno", "Dario", "Carla"]


def test_polish_names_a_set_as_a_set_so_its_value_is_not_read_as_a_count_of_players():
    compile_catalogues("dalmuti_replay")
    story = timeline(report_of(MINIMAL))["rounds"][0]["tricks"][3]["story"]
    # "2 2 gracza Dario" would read as "2 players"; "zestaw 2 2 gracza Dario" is Dario's set of 2s
    assert render(story, Languages("pl")).startswith("Lewa 4: bierze ją zestaw 2 2 gracza Dario;")


def test_the_last_player_finishes_with_cards_and_is_not_told_as_going_out():
    # Trick 4: Bruno leads his last two cards and Dario beats them with his last two; Carla, with 14 cards, is left
    # alone, so she finishes last without going out (rule 9).
    last_trick = timeline(report_of(MINIMAL))["rounds"][0]["tricks"][3]
    assert last_trick["out"] == ["Bruno", "Dario", "Carla"]
    assert last_trick["story"] == ("Trick 4: Dario's 2 2 wins it; out: Bruno, Dario. "
                                   "Carla is left last, still holding cards.")


def test_steps_walk_setup_plays_and_trick_ends_along_one_x_axis():
    shown = timeline(report_of(MINIMAL))
    walked = steps(shown)
    ids = [step["id"] for step in walked]
    assert ids[:6] == ["round-1", "round-1-trick-1-play-1", "round-1-trick-1-play-2", "round-1-trick-1-play-3",
                       "round-1-trick-1-play-4", "round-1-trick-1"]
    assert [step["id"] for step in walked if step.get("major")] == ["round-1", *(f"round-1-trick-{n}" for n in
                                                                               range(1, 5))]
    plays = [step for step in walked if "-play-" in step["id"]]
    assert [step["x"] for step in plays] == list(range(2, 2 + len(plays)))
    assert walked[5]["x"] == walked[4]["x"]  # a trick's end stands where its last play does
    assert walked[7]["status"] == "Round 1 of 1 · trick 2 · play 2"


def test_the_x_axis_runs_on_across_rounds():
    walked = steps(timeline(report_of(sim())))
    xs = [step["x"] for step in walked if not step["id"].count("trick") or "-play-" in step["id"]]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    assert sum(step["id"].count("-") == 1 for step in walked) == 3


def test_every_finding_in_a_round_links_to_a_moment_that_holds_it():
    for name in ("illegal-tricks", "illegal-taxes", "illegal-deal", "unfinished-session", "wrong-claims-extra-round"):
        report = sample(name)
        ids = {step["id"] for step in steps(timeline(report))}
        for finding in report["errors"]:
            if isinstance(finding.get("round"), int):
                anchor = finding_anchor(finding, ("round", "trick", "play"))
                assert innermost(anchor, ids) in ids, (name, anchor)


def test_setup_story_tells_the_revolution_and_the_cards_handed_over():
    great = timeline(sample("great-revolution"))["rounds"]
    revolt = next(row for row in great if row["revolution"])
    assert "Great Revolution" in revolt["story"] and revolt["order"] == revolt["ranks"][::-1]
    taxed = timeline(report_of(sim()))["rounds"][1]
    assert "Great Peon's tax" in taxed["story"]
    assert all(f"{tax['from']} gives" in taxed["story"] for tax in taxed["taxes"])
    great = next(tax for tax in taxed["taxes"] if len(tax["cards"]) == 2)  # the Great Peon's two cards
    first, second = great["cards"]
    assert f"{great['from']} gives {first} and {second} to {great['to']}" in taxed["story"]  # not "1 5": one card?


def test_a_wrong_tax_is_flagged_on_the_transfer_it_is_about():
    row = timeline(sample("illegal-taxes"))["rounds"][1]
    flagged = {(tax["from"], tax["kind"]) for tax in row["taxes"] if tax["flagged"]}
    assert ("Carla", "great-tax") in flagged and ("Bruno", "not-due") in flagged
    assert not any(tax["flagged"] for tax in row["taxes"] if tax["from"] == "Dario")


def test_claims_that_differ_from_the_replay_are_named():
    rows = timeline(sample("wrong-claims-extra-round"))["rounds"]
    assert "finish" in rows[0]["wrong_claims"]
    assert {"ranks", "points"} <= set(rows[1]["wrong_claims"])
    assert timeline(report_of(sim()))["rounds"][0]["wrong_claims"] == []


def test_standings_put_the_claimed_totals_beside_the_points():
    log = sim()
    log["totals"] = {**log["totals"], "Anna": log["totals"]["Anna"] + 5}
    report = report_of(log)
    shown = adapter.totals_beside_claims(report)
    anna = next(row for row in shown["rows"] if row["name"] == "Anna")
    assert anna["value"] == report["result"]["points"]["Anna"] and anna["claimed"] == anna["value"] + 5
    # played legally to its end: a miscounted sheet does not change who won by the rules
    assert shown["claimed_winners"] == log["winners"] and shown["best"] == "winner"
    assert shown["label"] == "Result"
    valid = adapter.totals_beside_claims(report_of(sim()))
    assert valid["best"] == "winner" and [row["name"] for row in valid["rows"] if row["best"]] == sim()["winners"]


def test_key_moments_show_errors_revolutions_first_out_and_the_end():
    report = sample("great-revolution")
    found = adapter.key_moments(report, timeline(report))
    kinds = [moment["kind"] for moment in found]
    assert "revolution" in kinds and kinds.count("out") == 3 and kinds[-1] == "end"
    assert any("Great Revolution by Elena" in moment["label"] for moment in found)
    # the session is over: it is won, not led (Dario's points are the most after its last round)
    assert found[-1]["label"] == "Session ends: won by Dario"
    ids = {step["id"] for step in steps(timeline(report))}
    assert all(moment["step"] in ids for moment in found)
    broken = sample("illegal-tricks")
    errors = [m for m in adapter.key_moments(broken, timeline(broken)) if m["kind"] == "error"]
    assert errors[0] == {"step": "round-1-trick-4-play-2", "kind": "error",
                         "label": "Round 1 trick 4 play 2 · Elena: a set of the wrong size"}


def test_the_session_s_own_wrong_claims_are_a_key_moment_at_its_end():
    # MINIMAL's one round is the session (settling round, no end declared): Anna, out first, wins; Bruno is claimed
    log = {**copy.deepcopy(MINIMAL), "winners": ["Bruno"]}
    report = report_of(log)
    found = adapter.key_moments(report, timeline(report))
    assert found[-2:] == [
        {"step": found[-1]["step"], "kind": "error", "label": "The session's result: the wrong winners named"},
        {"step": found[-1]["step"], "kind": "end", "label": "Session ends: won by Anna"}]


def test_findings_outside_every_round_go_to_the_result_or_the_first_round():
    assert adapter.target({"path": "/totals/Anna"}) == "result"
    assert adapter.target({"path": "/winners"}) == "result"
    assert adapter.target({"path": "/players/2"}) == "round-1"
    assert adapter.target({"path": ""}) is None


def test_a_document_that_is_no_log_has_no_moments():
    report = report_of([1, 2, 3])
    shown = timeline(report)
    assert shown["rounds"] == [] and steps(shown) == []
    assert adapter.key_moments(report, shown) == [] and adapter.ADAPTER.table(report, shown) is None


def present(report: dict) -> None:
    """Everything the page asks of the adapter, for one report."""
    shown = adapter.ADAPTER.timeline(report)
    json.dumps([shown, steps(shown), adapter.figures(report), adapter.ADAPTER.table(report, shown),
                adapter.key_moments(report, shown), adapter.totals_beside_claims(report),
                adapter.session_facts(report)])


@functools.cache
def simulated(players: int, seed: int) -> dict:
    """A session of the 155 the test below mutates, simulated once (each costs some 50 ms); never changed."""
    return ENGINE.simulate(players, seed)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_log_is_still_presented(data):
    log = copy.deepcopy(simulated(data.draw(st.integers(4, 8)), data.draw(st.integers(0, 30))))
    present(report_of(mutate(log, data)))


@settings(max_examples=60, deadline=None)
@given(document=json_values)
def test_arbitrary_json_is_still_presented(document):
    present(report_of({**document, "game": "grande-dalmuti"} if isinstance(document, dict) else document))

"""The analysis pages' server side, round two: every finding code in words (key moments, groups), findings
grouped by code past a handful, a path shown once, the result of a game played legally to its end, a
refused revolution told as a claim, the link preview, and Retry-After only where it means something."""

from __future__ import annotations

import html
import json
import re

import jsonpatch
import pytest

from api import analysis, homes
from api.adapters import adapter_for, standings
from api.adapters.wording import is_claim, moment_label, title
from app import create_app
from replaykit import registry
from tests.conftest import ROOT, app_config

# Every registered game's samples, the toy game's too, found through each game's home.
SAMPLES = sorted(path for engine in registry.engines().values()
                 for path in homes.folder(engine, "samples").glob("*.json"))


def report_of(path) -> tuple:
    engine, report = registry.validate(json.loads(path.read_text()))
    return engine, report.to_dict()


def test_every_code_of_every_game_has_words():
    untitled = {(engine.id, entry.code) for engine in registry.engines().values() for entry in engine.codes
                if not entry.title}
    assert untitled == set()
    assert title("must-follow-suit") == "did not follow suit (a revoke)"
    assert moment_label("Trick 6", {"code": "must-follow-suit", "player": "Clara"}) == \
        "Trick 6 · Clara: did not follow suit (a revoke)"
    both = [{"code": "set-size", "player": "Elena"}, {"code": "not-lower", "player": "Elena"}]
    assert moment_label("Round 1 trick 4 play 2", *both) == \
        "Round 1 trick 4 play 2 · Elena: a set of the wrong size; a set not lower than the last"


@pytest.mark.parametrize("path", SAMPLES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_no_key_moment_shows_a_raw_code(path):
    engine, report = report_of(path)
    adapter = adapter_for(engine)
    codes = {entry.code for entry in engine.codes if "-" in entry.code}
    for moment in adapter.key_moments(report, adapter.timeline(report)):
        assert not [code for code in codes if re.search(rf"\b{re.escape(code)}\b", moment["label"])], moment


def test_a_path_is_shown_once_not_again_as_the_place():
    finding = {"code": "schema", "severity": "error", "message": '"game" must be …', "path": "/game"}
    shown = analysis.located([finding], ("trick", "play"), step_ids=set())
    assert shown[0]["where"] == "" and shown[0]["path"] == "/game"
    whole = analysis.located([{**finding, "path": ""}], ("trick", "play"), step_ids=set())
    assert whole[0]["where"] == "whole log"


def test_findings_are_grouped_by_code_past_six():
    turn, revoke = {"code": "wrong-turn", "severity": "error"}, {"code": "must-follow-suit", "severity": "error"}
    findings = [turn] * 4 + [revoke] * 2
    assert analysis.grouped(findings) == []  # six: one list
    groups = analysis.grouped([*findings, {"code": "wrong-turn", "severity": "error"}])
    assert [(group["code"], group["title"], len(group["findings"])) for group in groups] == [
        ("wrong-turn", "played out of turn", 5), ("must-follow-suit", "did not follow suit (a revoke)", 2)]


def test_the_round_keys_and_buttons_jump_by_the_outermost_unit_of_moments_two_units_deep_or_more():
    assert analysis.outer_unit(["round-1", "round-1-trick-1-play-1"]) == "round"
    assert analysis.outer_unit(["deal", "trick-1-play-1", "trick-1"]) == "trick"
    assert analysis.outer_unit(["setup", "race-1", "race-1-turn-1"]) == "race"
    assert analysis.outer_unit(["setup", "game-1", "game-1-trick-1-play-1"]) == "game"
    assert analysis.outer_unit(["setup", "round-1", "round-2"]) is None  # one unit deep: nothing inside to skip


def test_a_game_played_legally_to_its_end_has_a_result_even_with_a_miscounted_sheet():
    _engine, miscounted = report_of(ROOT / "sample_games/david-goliath/illegal-miscounted-score.json")
    assert {finding["code"] for finding in miscounted["errors"]} == {"score-mismatch", "winner-mismatch"}
    shown = standings(miscounted)
    assert shown["label"] == "Result" and shown["best"] == "winner"
    _engine, revoke = report_of(ROOT / "sample_games/david-goliath/illegal-revoke.json")
    assert standings(revoke)["best"] == "leading"  # a rule was broken: the game has no winner
    _engine, unfinished = report_of(ROOT / "sample_games/david-goliath/unfinished-game.json")
    assert standings(unfinished)["label"] == "Standing so far"


def test_a_refused_revolution_is_told_as_a_claim():
    engine, report = report_of(ROOT / "sample_games/grande-dalmuti/illegal-taxes.json")
    first = adapter_for(engine).timeline(report)["rounds"][0]
    assert first["revolution"] == "Carla" and first["revolution_refused"]
    assert "Carla declares a revolution, which is not allowed" in first["story"]
    assert "holds both Jesters" not in first["story"]


@pytest.fixture
def limited(tmp_path):
    return create_app(app_config(tmp_path, RATELIMIT_ENABLED=True, VALIDATE_RATE_LIMIT="1/minute")).test_client()


def test_retry_after_is_sent_only_with_a_refusal(limited):
    body = (ROOT / "sample_games/david-goliath/legal-3-players.json").read_bytes()
    answered = limited.post("/api/v1/validate", data=body, content_type="application/json")
    assert answered.status_code == 200 and "Retry-After" not in answered.headers
    refused = limited.post("/api/v1/validate", data=body, content_type="application/json")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


def test_a_game_page_has_a_link_preview(client):
    page = client.get("/samples/david-goliath/illegal-revoke").get_data(as_text=True)
    assert '<meta property="og:title" content="A revoke, proven by the deal">' in page
    assert ('<meta property="og:description" content="David &amp; Goliath · 4 players · dealt by Andrea: '
            'invalid, 1 error, 0 warnings.">') in page
    # PUBLIC_ORIGIN's default (where `make run` serves), not the test client's Host "localhost"
    assert '<meta property="og:url" content="http://127.0.0.1:5000/samples/david-goliath/illegal-revoke">' in page


def test_a_branch_starts_from_the_log_before_the_step_tried(client):
    answer = client.get("/samples/david-goliath/legal-3-players/before/trick-1-play-2.json")
    found = answer.get_json()
    assert answer.status_code == 200 and found["moment"] == "trick-1-play-2"
    assert [len(trick["plays"]) for trick in found["log"]["tricks"]] == [1]  # the lead only
    deal = client.get("/samples/david-goliath/legal-3-players/before/deal.json").get_json()
    assert deal["moment"] == "trick-1-play-1" and not deal["log"].get("tricks")  # the deal: the first play
    assert client.get("/samples/david-goliath/legal-3-players/before/trick-99.json").status_code == 404
    match = client.get("/samples/david-goliath/match-4-players/before/game-1-trick-1-play-2.json")
    assert match.status_code == 404  # a branch starts from a single game, not a match


def test_an_olympi_branch_before_a_turn_that_follows_a_draw_offers_the_draw_first(client):
    # The rulebook's two-player race: Ann plays K7, Bruno passes (and so draws a card, unnamed in the log),
    # then Ann plays K8 at turn 3. Before turn 3, the table's step comes first: Bruno's one card drawn.
    found = client.get("/samples/olympi/rulebook-two-players/before/race-1-turn-3.json").get_json()
    assert found["moment"] == "race-1-turn-3"
    assert [turn["action"] for turn in found["log"]["races"][0]["turns"]] == ["play", "pass"]
    answer = client.post("/api/v1/choices", json=found["log"]).get_json()
    assert answer["chance"] and [choice["chance"] for choice in answer["choices"]] == [True]
    assert answer["choices"][0]["label"].startswith("Bruno draws ")
    drawn = jsonpatch.apply_patch(found["log"], answer["choices"][0]["patch"])
    after = client.post("/api/v1/choices", json=drawn).get_json()
    assert after["to_move"] == "Ann" and after["moment"] == "race-1-turn-3"
    assert {"player": "Ann", "action": "play", "cards": ["K8"]} in [choice["action"] for choice in after["choices"]]
    before_first = client.get("/samples/olympi/rulebook-two-players/before/race-1-turn-1.json").get_json()
    assert before_first["moment"] == "race-1-turn-1" and not before_first["log"]["races"][0]["turns"]


@pytest.mark.parametrize("language, crumbs, heading", [
    ("en", ["‹ game 1", "Game 2 of 4", "game 3 ›"], "· game 2"),
    ("it", ["‹ partita 1", "Partita 2 di 4", "partita 3 ›"], "· partita 2"),
    ("pl", ["‹ partia 1", "Partia 2 z 4", "partia 3 ›"], "· partia 2")])
def test_a_game_of_a_match_is_named_in_the_reader_s_language(client, language, crumbs, heading):
    page = client.get(f"/samples/david-goliath/match-4-players/g/2?lang={language}").get_data(as_text=True)
    trail = re.search(r'<nav class="crumbs"[^>]*>(.*?)</nav>', page).group(1)
    assert re.findall(r">([^<>]+)</(?:a|span)>", trail)[1:] == crumbs
    assert re.search(r"<h1>[^<]*</h1>", page).group().endswith(f"{heading}</h1>")


@pytest.mark.parametrize("path, end, last", [
    ("/samples/david-goliath/illegal-revoke", "trick-15", "trick-15-play-4"),  # 15 tricks of four plays
    ("/samples/grande-dalmuti/illegal-taxes", "round-3-trick-2", "round-3-trick-2-play-9")])
def test_at_the_game_s_last_moment_a_branch_tries_its_last_play(client, path, end, last):
    found = client.get(f"{path}/before/{end}.json").get_json()
    assert found["moment"] == last
    assert found == client.get(f"{path}/before/{last}.json").get_json()


def test_polish_other_sets_need_no_player_s_gender(client):
    moments = client.get("/samples/grande-dalmuti/four-players-three-rounds/moments.json?lang=pl").get_json()
    summaries = [entry["summary"] for entry in moments["whatif"]["plays"].values()]
    assert summaries and all(re.search(r"któr[ey] gracz \w+ mógł tu położyć", summary) for summary in summaries)


# The games whose score sheet claims a total for the whole game, and under which key (``recorder()["claims"]``)
CLAIMING = [engine for engine in registry.engines().values()
            if adapter_for(engine).recorder is not None and adapter_for(engine).recorder().get("claims")]


@pytest.mark.parametrize("engine", CLAIMING, ids=lambda engine: engine.id)
def test_a_wrong_claim_of_the_whole_game_is_a_key_moment_at_its_end(engine):
    adapter = adapter_for(engine)
    log = engine.simulate(max(engine.players[0], 4), 3)
    first = log["players"][0]
    log[adapter.recorder()["claims"]] = {first: 1000}  # a total no game of these rules gives: a claim no step holds
    report = engine.validate(log).to_dict()
    [claim] = report["errors"]
    assert is_claim(claim["code"]) and claim["path"] == f"/{adapter.recorder()['claims']}/{first}"
    shown = adapter.timeline(report)
    found = adapter.key_moments(report, shown)
    claimed = [moment for moment in found if moment["kind"] == "error"]
    assert len(claimed) == 1 and claimed[0]["label"].endswith(f" · {first}: {title(claim['code'])}")
    # at the game's last step among the moments, after every other moment but the end's own
    assert claimed[0]["step"] == [step["id"] for step in adapter.steps(shown) if step["id"] in
                                  {moment["step"] for moment in found}][-1]
    assert found.index(claimed[0]) >= len(found) - 2


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_accuracy_table_s_headings_are_the_terms_the_rulings_page_defines(client, language):
    page = client.get(f"/samples/david-goliath/legal-3-players?lang={language}").get_data(as_text=True)
    table = re.search(r'<table class="doc-table computer-seats"><thead>(.*?)</thead>', page).group(1)
    heads = [html.unescape(head) for head in re.findall(r'<th scope="col">([^<]*)</th>', table)][1:]  # not "Player"
    rules = client.get(f"/rules/david-goliath?lang={language}").get_data(as_text=True)
    terms = [html.unescape(term) for term in re.findall(r"<dt>([^<]*)</dt>", rules)]
    # a term may name several columns ("Plays valued exactly, best plays, mean cost"): each is one of its parts
    parts = {part.strip().casefold() for term in terms for part in [term, *term.split(", ")]}
    assert len(heads) == 4 and all(head.casefold() in parts for head in heads), (heads, terms)

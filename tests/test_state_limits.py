"""A structural limit is a rule too: at every bound the reader enforces, the State neither offers nor takes
a step past it.

For each game and each bound (D&G: tricks of a game, plays of a trick, games of a match; Il Grande
Dalmuti: rounds, tricks of a round, plays of a trick, transfers of a round, plays of a session; Olympi:
races, turns of a race) a log is read with the bound set to exactly what it holds. Then the game is over
for the State, ``choices()`` is empty, and ``apply`` of the next step answers the very ``schema`` finding the
reader gives for the log with that step written in, records nothing, and strict mode refuses it; one more
unit of room and the same step is offered again.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace

import jsonpatch
import pytest

from app import create_app
from dalmuti_replay.simulate import simulate as simulate_dalmuti
from dg_replay.simulate import simulate as simulate_dg
from dg_replay.simulate import simulate_match
from olympi_replay.simulate import simulate as simulate_olympi
from replaykit import registry
from replaykit.state import IllegalAction
from tests.conftest import app_config

ENGINES = registry.engines()
DG, DALMUTI, OLYMPI = ENGINES["david-goliath"], ENGINES["grande-dalmuti"], ENGINES["olympi"]


def reader_says(engine, log: dict, action: dict, limits) -> list[dict]:
    """The reader's schema findings for ``log`` with ``action`` written in (by a state of default limits)."""
    roomy = engine.replay(log)[1]
    written = jsonpatch.apply_patch(log, roomy.patch(action))
    return [finding.to_dict() for finding in engine.validate(written, limits).findings if finding.code == "schema"]


def next_step(engine, log: dict, kind: str | None = None) -> dict:
    """The first step offered at the end of ``log`` under default limits (of ``kind``'s first key, if given)."""
    offered = engine.replay(log)[1].choices(random.Random(7))
    return next(choice.action for choice in offered if kind is None or kind in choice.action)


def assert_refused_at_the_bound(engine, log: dict, limits, action: dict, roomier) -> list[dict]:
    report, state = engine.replay(log, limits)
    assert not [finding for finding in report.findings if finding.code == "schema"]  # the log is at, not past, it
    assert state.is_over() and state.to_move is None
    assert state.choices(random.Random(1)) == []
    before = state.to_log()
    found = [finding.to_dict() for finding in state.apply(action)]
    assert found == reader_says(engine, log, action, limits) and len(found) == 1
    assert found[0]["code"] == "schema" and found[0]["severity"] == "error"
    assert state.to_log() == before, "a refused step was recorded"
    with pytest.raises(IllegalAction):
        state.apply(action, strict=True)
    with pytest.raises(ValueError):
        state.patch(action)  # no log the reader reads holds it
    more = engine.replay(log, roomier)[1]
    assert not more.is_over() and action in [choice.action for choice in more.choices(random.Random(7))]
    return found


def claims_removed(log: dict, *keys: str) -> dict:
    return {key: value for key, value in copy.deepcopy(log).items() if key not in keys}


# -- David & Goliath ---------------------------------------------------------------------------------


def dg_log(tricks: int) -> dict:
    log = claims_removed(simulate_dg(3, 1), "scores", "winners")
    log["tricks"] = [{"plays": trick["plays"]} for trick in log["tricks"][:tricks]]
    return log


def test_dg_no_trick_past_max_tricks() -> None:
    log, limits = dg_log(3), replace(DG.default_limits, max_tricks=3)
    found = assert_refused_at_the_bound(DG, log, limits, next_step(DG, log), replace(limits, max_tricks=4))
    assert (found[0]["path"], found[0]["message"]) == ("/tricks", "A game has 15 tricks; 4 is not a log of one game.")


def test_dg_no_play_past_max_plays() -> None:
    log, limits = dg_log(1), replace(DG.default_limits, max_plays=2)
    log["tricks"][0]["plays"] = log["tricks"][0]["plays"][:2]
    found = assert_refused_at_the_bound(DG, log, limits, next_step(DG, log), replace(limits, max_plays=3))
    assert (found[0]["path"], found[0]["trick"], found[0]["message"]) == (
        "/tricks/0/plays", 1, "Trick 1 has 3 plays, far more than any table.")


def test_dg_match_no_game_past_max_games() -> None:
    match = claims_removed(simulate_match(3, 2), "totals")
    match["games"] = [claims_removed(game, "scores", "winners") for game in match["games"][:2]]
    limits = replace(DG.default_limits, max_games=2)
    found = assert_refused_at_the_bound(DG, match, limits, next_step(DG, match, "dealer"),
                                        replace(limits, max_games=3))
    assert (found[0]["path"], found[0]["message"]) == ("/games", "A match has one game per player; 3 games is not a "
                                                                 "match log.")


def match_at_forty_tricks() -> tuple[dict, dict]:
    """The issue's case: a match whose first game holds 40 tricks (the reader's bound), and a 41st trick."""
    match = claims_removed(simulate_match(3, 4), "totals")
    game = dg_log(15)
    game["tricks"] = json.loads(json.dumps((game["tricks"] * 3)[:40]))
    match["games"] = [game]
    first = game["tricks"][0]["plays"][0]
    return match, {**first, "trick": 41}


def test_dg_match_at_forty_tricks_takes_no_forty_first() -> None:
    match, action = match_at_forty_tricks()
    state = DG.replay(match)[1]
    assert all("card" not in choice.action for choice in state.choices(random.Random(3)))  # the next game's deal
    found = [finding.to_dict() for finding in state.apply(action)]
    written = copy.deepcopy(match)
    written["games"][0]["tricks"].append({"plays": [{"player": action["player"], "card": action["card"]}]})
    assert found == [finding.to_dict() for finding in DG.validate(written).findings if finding.code == "schema"]
    assert (found[0]["game"], found[0]["path"]) == (1, "/games/0/tricks")
    assert len(state.to_log()["games"][0]["tricks"]) == 40


def test_the_api_refuses_a_step_past_a_bound_and_offers_none(client, tmp_path) -> None:
    match, action = match_at_forty_tricks()
    answer = client.post("/api/v1/apply", json={"log": match, "action": action})
    assert answer.status_code == 422
    assert "A game has 15 tricks; 41 is not a log of one game." in answer.get_json()["detail"]
    application = create_app(app_config(tmp_path, LOG_MAX_TRICKS=3))  # the State asks the configured bounds
    try:
        strict = application.test_client()
        log = dg_log(3)
        body = strict.post("/api/v1/choices", data=json.dumps(log), content_type="application/json").get_json()
        assert (body["over"], body["choices"], body["to_move"]) == (True, [], None)
        body = client.post("/api/v1/choices", data=json.dumps(log), content_type="application/json").get_json()
        assert body["choices"] and not body["over"]  # the default bound leaves room for trick 4
        answer = strict.post("/api/v1/apply", json={"log": log, "action": body["choices"][0]["action"]})
        assert answer.status_code == 422
        assert "A game has 15 tricks; 4 is not a log of one game." in answer.get_json()["detail"]
    finally:
        application.extensions["card_replay"].repository.dispose()


# -- Il Grande Dalmuti -----------------------------------------------------------------------------------


def dalmuti_log() -> dict:
    return claims_removed(simulate_dalmuti(4, 1), "totals", "winners")


def dalmuti_round(entry: dict, tricks: int, plays: int | None = None) -> dict:
    """A round's entry with its first ``tricks`` tricks (the last cut to ``plays`` plays), claims left out."""
    kept = {key: value for key, value in entry.items() if key not in ("finish", "points", "totals")}
    kept["tricks"] = copy.deepcopy(entry["tricks"][:tricks])
    if plays is not None:
        kept["tricks"][-1]["plays"] = kept["tricks"][-1]["plays"][:plays]
    return kept


def test_dalmuti_no_round_past_max_rounds() -> None:
    log = dalmuti_log()
    log["rounds"] = log["rounds"][:1]
    limits = replace(DALMUTI.default_limits, max_rounds=1)
    found = assert_refused_at_the_bound(DALMUTI, log, limits, {"round": 2}, replace(limits, max_rounds=2))
    assert (found[0]["path"], found[0]["message"]) == ("/rounds", '"rounds" has 2 rounds; a log may have at most 1.')


def test_dalmuti_no_trick_past_max_tricks_of_a_round() -> None:
    log = dalmuti_log()
    log["rounds"] = [dalmuti_round(log["rounds"][0], 2)]
    limits = replace(DALMUTI.default_limits, max_tricks=2)
    found = assert_refused_at_the_bound(DALMUTI, log, limits, next_step(DALMUTI, log), replace(limits, max_tricks=3))
    assert (found[0]["path"], found[0]["round"], found[0]["message"]) == (
        "/rounds/0/tricks", 1, '"tricks" has 3 tricks; a log may have at most 2.')


def test_dalmuti_no_play_past_max_plays_of_a_trick() -> None:
    log = dalmuti_log()
    log["rounds"] = [dalmuti_round(log["rounds"][0], 1, 2)]
    limits = replace(DALMUTI.default_limits, max_plays=2)
    found = assert_refused_at_the_bound(DALMUTI, log, limits, next_step(DALMUTI, log), replace(limits, max_plays=3))
    assert (found[0]["path"], found[0]["trick"], found[0]["message"]) == (
        "/rounds/0/tricks/0/plays", 1, '"plays" has 3 plays; a log may have at most 2.')


def test_dalmuti_no_transfer_past_max_transfers_of_a_round() -> None:
    log = dalmuti_log()
    first = dalmuti_round(log["rounds"][0], 0)
    first["taxes"] = first["taxes"][:1]  # one of the four transfers owed is paid
    log["rounds"] = [first]
    limits = replace(DALMUTI.default_limits, max_transfers=1)
    action = next_step(DALMUTI, log, "from")
    found = assert_refused_at_the_bound(DALMUTI, log, limits, action, replace(limits, max_transfers=2))
    assert (found[0]["path"], found[0]["round"], found[0]["message"]) == (
        "/rounds/0/taxes", 1, '"taxes" has 2 transfers; a log may have at most 1.')


def test_dalmuti_no_play_past_max_session_plays() -> None:
    log = dalmuti_log()
    log["rounds"] = [dalmuti_round(log["rounds"][0], 2, 3)]
    held = sum(len(trick["plays"]) for trick in log["rounds"][0]["tricks"])
    limits = replace(DALMUTI.default_limits, max_session_plays=held)
    found = assert_refused_at_the_bound(DALMUTI, log, limits, next_step(DALMUTI, log),
                                        replace(limits, max_session_plays=held + 1))
    assert (found[0]["path"], found[0]["message"]) == (
        "/rounds", f"The session has {held + 1} plays and passes in all; a log may have at most {held}. Split it "
                   "into several logs, a few rounds each.")


# -- Olympi Cards ----------------------------------------------------------------------------------------


def olympi_log(races: int, turns: int | None = None) -> dict:
    log = claims_removed(simulate_olympi(3, 1), "scores", "winners")
    log["races"] = [{key: value for key, value in race.items() if key != "awards"} for race in log["races"][:races]]
    if turns is not None:
        log["races"][-1]["turns"] = log["races"][-1]["turns"][:turns]
    return log


def test_olympi_no_race_past_max_races() -> None:
    log, limits = olympi_log(2), replace(OLYMPI.default_limits, max_races=2)
    found = assert_refused_at_the_bound(OLYMPI, log, limits, next_step(OLYMPI, log), replace(limits, max_races=3))
    assert (found[0]["path"], found[0]["message"]) == ("/races", "A game has nine races; 3 is not a log of one game.")


def test_olympi_no_turn_past_max_turns_of_a_race() -> None:
    log, limits = olympi_log(1, 2), replace(OLYMPI.default_limits, max_turns=2)
    found = assert_refused_at_the_bound(OLYMPI, log, limits, next_step(OLYMPI, log), replace(limits, max_turns=3))
    assert (found[0]["path"], found[0]["race"], found[0]["message"]) == (
        "/races/0/turns", 1, "A race of 3 turns is far longer than any race can be.")

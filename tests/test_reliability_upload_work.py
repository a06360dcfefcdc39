"""Issue 27, item 1: an upload's work is bounded before it starts, and the table views a stored game keeps
are each made from the last one in proportion to what changed.

The measure is steps × seats (``replaykit.work``, ``Engine.work``); ``UPLOAD_MAX_WORK`` bounds it on both
upload paths (``api.workload``). The views are checked against views made from nothing at every step, and
their cost is counted (seats worked out again), not timed.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape

from api import verdicts
from app import create_app
from dalmuti_replay.engine import ENGINE as DALMUTI
from dg_replay import views
from dg_replay.engine import ENGINE as DG
from dg_replay.match_state import MatchState
from dg_replay.simulate import simulate, simulate_match
from olympi_replay.engine import ENGINE as OLYMPI
from olympi_replay.simulate import simulate as olympi_simulate
from replaykit import registry
from scripts.hostile import BREAKING, PASSING
from scripts.hostile import olympi as heaviest
from tests.conftest import app_config
from tests.test_pages import csrf_token

PLAYERS = ["A", "B", "C", "D", "E", "F"]


def dg_game(tricks: int, plays: int = 40, players: list[str] = PLAYERS) -> dict:
    """No deal given: every hand is what the plays prove. Cards repeat, so every pile keeps growing."""
    trick = {"plays": [{"player": players[index % len(players)], "card": f"B{index % 12 + 1}"}
                       for index in range(plays)]}
    return {"game": "david-goliath", "players": players, "tricks": [trick] * tricks}


def dg_match(games_count: int, players: list[str] = PLAYERS) -> dict:
    return {"game": "david-goliath-match", "players": players, "games": [dg_game(40, 40, players)] * games_count}


def body(document: dict) -> bytes:
    return json.dumps(document, separators=(",", ":")).encode()


# -- the measure, worked out by hand ---------------------------------------------------------------------

def test_the_match_at_every_limit_measures_its_steps_times_its_seats():
    # 30 games of 40 tricks of 40 plays: each game its deal and 1,600 plays, 6 seats; and the match's start.
    assert DG.work(dg_match(30)) == 6 + 30 * 1_601 * 6 == 288_186
    names = [f"P{index}" for index in range(120)]
    assert DG.work(dg_match(30, names)) == 120 + 30 * 1_601 * 120 == 5_763_720
    assert DG.work(dg_game(15, 4, PLAYERS[:4])) == (1 + 60) * 4 == 244


def test_every_game_counts_its_own_steps():
    dalmuti = {"game": "grande-dalmuti", "players": ["A", "B", "C", "D"],
               "rounds": [{"join": ["E"], "taxes": [{}, {}], "tricks": [{"plays": [{}] * 4}, {"plays": [{}] * 4}]}]}
    assert DALMUTI.work(dalmuti) == (1 + 1 + 2 + 8) * (4 + 1) == 60  # start, round, taxes, plays × 5 seats
    olympi = {"game": "olympi", "players": ["A", "B", "C"], "races": [{"turns": [{}] * 5}, {"turns": [{}] * 5}]}
    assert OLYMPI.work(olympi) == (1 + 2 + 10) * 3 == 39  # start, two races' starts, ten turns × 3 seats


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["game", "players", "games", "tricks", "plays", "rounds", "races", "turns",
                                         "taxes", "join"]), inner, max_size=4), max_leaves=30))
def test_the_measure_of_any_json_value_is_a_count_never_an_error(document):
    for engine in registry.engines().values():
        assert engine.work(document) >= 0
        for game in engine.log_games:
            assert engine.work({**document, "game": game} if isinstance(document, dict) else [document]) >= 0


# -- the bound on both upload paths ----------------------------------------------------------------------

@pytest.fixture
def bounded(tmp_path):
    """An app whose bound is a simulated 4-player game's measure: (1 + 60 plays) × 4 seats."""
    application = create_app(app_config(tmp_path, UPLOAD_MAX_WORK=244))
    yield application
    application.extensions["card_replay"].repository.dispose()


def stored_count(application) -> int:
    return application.extensions["card_replay"].repository.count()


def test_the_match_at_every_limit_is_refused_before_any_replay(client, app, monkeypatch):
    replays = []
    monkeypatch.setattr(verdicts, "replay", lambda *args: replays.append(args))
    answer = client.post("/api/v1/games", data=body(dg_match(30)), content_type="application/json")
    assert answer.status_code == 422
    assert answer.mimetype == "application/problem+json"
    problem = answer.get_json()
    assert (problem["measure"], problem["work"], problem["limit"]) == ("steps × seats", 288_186, 120_000)
    assert "288,186" in problem["detail"] and "120,000" in problem["detail"]
    assert replays == [] and stored_count(app) == 0
    # every member is one the API's description names (a strict client refused "work" before)
    documented = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]["Problem"]
    assert set(problem) <= set(documented["properties"])


def test_a_match_of_120_players_is_refused_whatever_its_length(client):
    names = [f"P{index}" for index in range(120)]
    answer = client.post("/api/v1/games", data=body(dg_match(30, names)), content_type="application/json")
    assert answer.status_code == 422 and answer.get_json()["work"] == 5_763_720


def test_an_upload_at_the_bound_is_stored_and_one_step_more_is_not(bounded):
    client = bounded.test_client()
    log = simulate(4, 11)  # 15 tricks of 4 plays
    assert client.post("/api/v1/games", data=body(log), content_type="application/json").status_code == 201
    log["tricks"][-1]["plays"].append(dict(log["tricks"][-1]["plays"][0]))  # a 61st play: 62 × 4 = 248
    answer = client.post("/api/v1/games", data=body(log), content_type="application/json")
    assert answer.status_code == 422 and answer.get_json()["work"] == 248
    assert stored_count(bounded) == 1
    # validating computes no table view: it is not bounded
    assert client.post("/api/v1/validate", data=body(log), content_type="application/json").status_code == 200


def test_the_upload_form_refuses_it_too(bounded):
    client = bounded.test_client()
    log = simulate(5, 3)  # (1 + 75) × 5 = 380
    answer = client.post("/", data={"text": "", "csrf_token": csrf_token(client),
                                    "file": (io.BytesIO(body(log)), "game.json")}, content_type="multipart/form-data")
    assert answer.status_code == 422
    page = answer.get_data(as_text=True)
    assert "380" in page and stored_count(bounded) == 0
    # the form's own advice (the form always stores: validating without storing is the API's), and the file's
    # log kept in the text area, since a browser never sends a file back
    assert "Split it into smaller logs (a match into its games) and upload each." in page
    assert "without storing" not in page and str(escape(body(log).decode())) in page


def test_the_form_refusing_it_is_the_form_again_with_the_pasted_log_kept(bounded):
    # Before: an error page, and the pasted log was gone.
    client = bounded.test_client()
    text = json.dumps(simulate(5, 3))
    answer = client.post("/", data={"text": text, "csrf_token": csrf_token(client)}, content_type="multipart/form-data",
                         headers={"Accept-Language": "it"})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'id="upload-problem"' in page and 'class="upload-form"' in page
    assert str(escape(text)) in page  # the text area holds it, to split or validate instead
    assert "380" in page and "Questo registro è troppo grande per essere salvato" in page
    assert stored_count(bounded) == 0


# -- views made from the last one ------------------------------------------------------------------------

def from_nothing(state) -> dict:
    """The view of a copy that remembers no earlier view: everything worked out again."""
    twin = state.clone()
    for game in (twin.games[-1:] if isinstance(twin, MatchState) else [twin]):
        if game is not None:
            game.shown = {}
    if isinstance(twin, MatchState):
        twin.seen, twin.before = {}, (-1, {})
    return twin.view()


def messy(seed: int, match: bool) -> dict:
    """Plays in any order by players and strangers, repeated cards, tricks short and long, no deal."""
    rng = random.Random(seed)
    names = ["A", "B", "C", "D"]
    tricks = [{"plays": [{"player": rng.choice([*names, "Z"]), "card": f"{rng.choice('BGRYP')}{rng.randint(1, 14)}"}
                         for _ in range(rng.randint(0, 7))]} for _ in range(rng.randint(1, 17))]
    game = {"game": "david-goliath", "players": names, "tricks": tricks}
    return {"game": "david-goliath-match", "players": names, "games": [game] * 3} if match else game


logs = st.one_of(
    st.builds(lambda players, seed, hands: simulate(players, seed, hands=hands), st.integers(3, 6),
              st.integers(0, 10_000), st.booleans()),
    st.builds(lambda players, seed, hands: simulate_match(players, seed, hands=hands), st.integers(3, 6),
              st.integers(0, 10_000), st.booleans()),
    st.builds(messy, st.integers(0, 10_000), st.booleans()))


@settings(max_examples=30, deadline=None)
@given(logs)
def test_each_view_equals_the_view_worked_out_from_nothing(log):
    steps = []
    DG.load(log, DG.default_limits, observe=lambda anchor, state: steps.append((state.view(), from_nothing(state))))
    assert steps and all(view == fresh for view, fresh in steps)


@settings(max_examples=15, deadline=None)
@given(st.builds(messy, st.integers(0, 10_000), st.just(True)) | st.builds(
    lambda players, seed: simulate_match(players, seed, hands=False), st.integers(3, 6), st.integers(0, 10_000)))
def test_a_matchs_table_views_made_part_by_part_are_those_of_its_whole_snapshots(log):
    verdict = verdicts.validate(log)
    adapter, parts = verdict.adapter, verdict.adapter.parts(verdict.report)
    assert verdict.boards() == {str(number): adapter.table(part, adapter.timeline(part), verdict.snapshots(number))
                                for number, part in enumerate(parts, start=1) if part is not None}


def seats_worked_out(document: dict, monkeypatch) -> int:
    made = []
    seat_view = views.seat_view
    monkeypatch.setattr(views, "seat_view", lambda state, name: made.append(name) or seat_view(state, name))
    DG.snapshots(document)
    return len(made)


def test_a_view_works_out_only_the_seats_that_played_or_took_a_trick(monkeypatch):
    # 6 seats at the start; then each play changes its player's seat and each trick taken changes at most
    # two (the highest card takes the others, the lowest the highest): at most 6 + 40 × (40 + 2).
    counted = seats_worked_out(dg_game(40), monkeypatch)
    assert counted <= 6 + 40 * (40 + 2)
    # Before, every view worked out every seat: 6 × (1 + 1,600), and each trick more cost more than the last.
    # Now five tricks more cost the same seats worked out, however many came before:
    five, ten, fifteen = (seats_worked_out(dg_game(tricks), monkeypatch) for tricks in (5, 10, 15))
    assert ten - five == fifteen - ten


@settings(max_examples=10, deadline=None)
@given(st.builds(lambda players, seed, hands: olympi_simulate(players, seed, hands=hands), st.integers(2, 7),
                 st.integers(0, 10_000), st.booleans()) | st.builds(
    lambda turns, breaking: heaviest(32, BREAKING if breaking else PASSING, races=2, turns=turns),
    st.integers(1, 120), st.booleans()))
def test_an_olympi_view_counts_only_the_turns_since_the_last_one(log):
    # A copy remembers no earlier view: its middle is worked out from the whole race.
    steps = []
    OLYMPI.load(log, OLYMPI.default_limits, observe=lambda anchor, state: steps.append((state.view(),
                                                                                       state.clone().view())))
    assert steps and all(view == fresh for view, fresh in steps)

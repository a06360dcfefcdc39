"""The background analysis as the pages use it (api/background.py): an upload queues its game's analysis, a
worker (another process, or the same app after a restart) runs it, and ``…/analysis.json`` answers its
progress and then the page's data; samples are analysed on demand; each client's analyses are bounded (429
with Retry-After); another site's page cannot ask for one; the rulings page states the marks' thresholds."""

from __future__ import annotations

import json

import pytest

from api import background
from api.adapters.charts import player_color
from app import create_app
from dg_replay.simulate import simulate
from replaykit import analysis
from replaykit.analysis import Budget
from tests.conftest import app_config
from tests.test_deploy import unit

# A small search, so that a whole game is analysed in well under a second even on a busy machine.
SMALL = Budget(max_nodes=2_000, max_total=5_000, worlds=2, world_nodes=200, max_sampled=5_000)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(background, "BUDGET", SMALL)


def upload(client, log: dict) -> str:
    answer = client.post("/api/v1/games", data=json.dumps(log), content_type="application/json")
    assert answer.status_code == 201
    return answer.json["id"]


def test_an_upload_queues_its_analysis_and_a_worker_after_a_restart_runs_it(tmp_path):
    log = simulate(3, 7)
    first = create_app(app_config(tmp_path))
    game = upload(first.test_client(), log)
    assert first.test_client().get(f"/games/{game}/analysis.json").json == {"state": "queued", "ahead": 0}
    first.extensions["card_replay"].repository.dispose()

    second = create_app(app_config(tmp_path))  # the process that queued it is gone
    assert background.work_once(second)
    assert not background.work_once(second)  # nothing left
    answer = second.test_client().get(f"/games/{game}/analysis.json")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    shown = answer.json["analysis"]
    plays = [f"trick-{trick}-play-{play}" for trick in range(1, len(log["tricks"]) + 1) for play in (1, 2, 3)]
    assert sorted(shown["steps"]) == sorted(plays)  # every play of the game, by its moment
    last = shown["steps"][plays[-1]]
    assert last["exact"] and last["cost"] == "0"  # the last play of a trick has one choice: nothing better
    assert last["played"] == log["tricks"][-1]["plays"][-1]["card"]
    traces = shown["figure"]["data"]
    assert [trace["name"] for trace in traces] == log["players"]  # in seating order, coloured as every chart
    assert [trace["line"]["color"] for trace in traces] == [player_color(seat) for seat in range(3)]
    assert answer.json["rules"] == "/rules/david-goliath#computer-analysis"
    second.extensions["card_replay"].repository.dispose()


def test_the_cleanup_drops_the_analysis_of_a_deleted_game(app):
    client = app.test_client()
    stored = client.post("/api/v1/games", data=json.dumps(simulate(3, 9)), content_type="application/json").json
    client.delete(f"/api/v1/games/{stored['id']}", headers={"Authorization": f"Bearer {stored['delete_token']}"})
    cleaned = app.test_cli_runner().invoke(args=["cleanup"])
    assert "(and 1 analyses of games no longer kept)" in cleaned.output
    assert not background.work_once(app)  # nothing left to run


def test_the_worker_command_runs_what_is_queued(app):
    client = app.test_client()
    client.post("/samples/david-goliath/legal-3-players/analysis.json")
    client.post("/samples/david-goliath/legal-4-players/analysis.json", environ_base={"REMOTE_ADDR": "192.0.2.8"})
    ran = app.test_cli_runner().invoke(args=["analysis-worker", "--until-idle"])
    assert ran.exit_code == 0 and "2 jobs run" in ran.output
    assert client.get("/samples/david-goliath/legal-4-players/analysis.json").json["state"] == "done"


def test_a_sample_is_analysed_when_its_page_asks(app):
    client = app.test_client()
    address = "/samples/david-goliath/legal-3-players/analysis.json"
    assert client.get(address).json["state"] == "none"
    asked = client.post(address)
    assert (asked.status_code, asked.json["state"]) == (202, "queued")
    assert background.work_once(app)
    done = client.post(address)  # asking again once it is done costs nothing and answers the result
    assert (done.status_code, done.json["state"]) == (200, "done")
    assert done.json["analysis"]["valued"] > 0
    match = client.post("/samples/david-goliath/match-4-players/g/2/analysis.json")
    assert match.json["state"] == "queued"
    background.work_once(app)
    part = client.get("/samples/david-goliath/match-4-players/g/2/analysis.json").json["analysis"]
    assert part["steps"] and all(step.startswith("trick-") for step in part["steps"])  # game 2's plays only


def test_an_analysis_made_by_an_earlier_method_is_made_again(app, monkeypatch):
    # A new way of valuing plays (replaykit.analysis.METHOD) gives other values from the same log and budget:
    # what was stored before it is not shown as current.
    client = app.test_client()
    address = "/samples/david-goliath/legal-3-players/analysis.json"
    client.post(address)
    assert background.work_once(app)
    assert client.get(address).json["state"] == "done"
    monkeypatch.setattr(analysis, "METHOD", analysis.METHOD + 1)
    assert client.get(address).json["state"] == "none"
    assert client.post(address).json["state"] == "queued"


def test_a_client_over_its_bound_is_told_when_to_ask_again(tmp_path):
    app = create_app(app_config(tmp_path, ANALYSIS_MAX_PENDING=1))
    client = app.test_client()
    assert client.post("/samples/david-goliath/legal-3-players/analysis.json").status_code == 202
    refused = client.post("/samples/david-goliath/legal-4-players/analysis.json")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "10"
    other = client.post("/samples/david-goliath/legal-4-players/analysis.json",
                        environ_base={"REMOTE_ADDR": "192.0.2.8"})
    assert other.status_code == 202  # another client is not held back
    # an upload over the bound is stored all the same; its page asks for the analysis later
    game = upload(client, simulate(3, 8))
    assert client.get(f"/games/{game}/analysis.json").json["state"] == "none"
    app.extensions["card_replay"].repository.dispose()


def test_another_site_cannot_ask_for_an_analysis(client):
    address = "/samples/david-goliath/legal-3-players/analysis.json"
    assert client.post(address, headers={"Origin": "https://evil.example"}).status_code == 403
    assert client.post(address, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert client.get(address).json["state"] == "none"


def test_unknown_games_and_samples_are_404(client):
    assert client.get("/games/no-such-game/analysis.json").status_code == 404
    assert client.post("/samples/david-goliath/no-such-sample/analysis.json").status_code == 404


def test_the_game_page_names_its_analysis_and_the_rulings_page_states_the_thresholds(client):
    page = client.get("/samples/david-goliath/legal-3-players").get_data(as_text=True)
    assert 'data-analysis="/samples/david-goliath/legal-3-players/analysis.json"' in page
    assert "analysis.js" in page
    rules = client.get("/rules/david-goliath").get_data(as_text=True)
    assert 'id="computer-analysis"' in rules
    # replaykit.analysis.MARKS: a blunder costs 6 or more, a mistake 3, an inaccuracy 1
    for mark, threshold in (("Blunder", 6), ("Mistake", 3), ("Inaccuracy", 1)):
        assert f"<li>{mark}: cost {threshold} or more</li>" in rules


def test_production_runs_the_worker_as_its_own_service():
    service = unit("card-replay-analysis.service")["Service"]
    assert service["ExecStart"].endswith("flask --app app analysis-worker")
    assert service["Restart"] == "always" and service["UMask"] == "0077"
    # the same database as the web service's
    assert service["Environment"] == unit("card-replay.service")["Service"]["Environment"]

"""POST /api/v1/analyse: each play's choices valued, within the request's search budget; clear errors for what
cannot be analysed."""

from __future__ import annotations

from api.analyse import SEARCH_BUDGET
from app import create_app
from dg_replay.simulate import simulate
from replaykit.analysis import Budget
from tests.conftest import app_config
from tests.plugin_fixtures import PLUGINS, installed


def test_a_game_with_its_deal_is_valued_from_the_end_and_its_last_values_are_the_final_scores(client):
    log = simulate(3, 11)
    answer = client.post("/api/v1/analyse", json=log)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["game"] == "david-goliath" and body["unsearched"] == 0 and len(body["plays"]) == 45
    final = client.post("/api/v1/validate", json=log).get_json()["result"]["scores"]
    for play in body["plays"][-3:]:
        assert play["exact"] and play["cost"] == 0
        assert play["choices"] == [{"action": play["played"], "value": final[play["player"]]}]
    exact = [play["exact"] for play in body["plays"]]
    assert exact == sorted(exact)  # valued from the end back until the budget ran out, never a gap
    assert set(body["seats"]) == set(log["players"])


def test_the_search_of_one_request_stops_at_its_budget(client, monkeypatch):
    # Five positions in all: the last play (one card left, one position: the end) and the one before it
    # (two positions) fit; the third from the end needs three positions for its one card and does not.
    monkeypatch.setattr("api.analyse.SEARCH_BUDGET", Budget(max_nodes=5, max_total=5, worlds=0))
    plays = client.post("/api/v1/analyse", json=simulate(3, 11)).get_json()["plays"]
    assert [play["exact"] for play in plays] == [False] * 43 + [True, True]


def test_plays_left_without_a_value_are_counted_and_the_seats_figures_leave_them_out(client, monkeypatch):
    # No estimates, and the exact search stops two plays from the end (as above): 43 legal plays unvalued
    monkeypatch.setattr("api.analyse.SEARCH_BUDGET", Budget(max_nodes=5, max_total=5, worlds=0))
    body = client.post("/api/v1/analyse", json=simulate(3, 11)).get_json()
    unvalued = [play for play in body["plays"] if play["cost"] is None]
    assert body["unvalued"] == len(unvalued) == 43
    assert all(play["legal"] and not play["exact"] and play["estimate"] is None for play in unvalued)
    assert sum(seat["plays"] + seat["estimated"]["plays"] for seat in body["seats"].values()) == 2


def test_the_plays_before_the_horizon_are_estimates_within_the_request_budget(client):
    log = simulate(4, 11)
    body = client.post("/api/v1/analyse", json=log).get_json()
    estimated = [play for play in body["plays"] if play["estimate"]]
    assert estimated and all(not play["exact"] and play["cost"] is not None for play in estimated)
    assert all(play["estimate"]["sampled"] == SEARCH_BUDGET.worlds for play in estimated)
    # Each world's search may pass its budget by the one position that tells it so.
    spent = sum(play["estimate"]["nodes"] for play in estimated)
    assert spent <= SEARCH_BUDGET.max_sampled + SEARCH_BUDGET.worlds * len(estimated)
    for play in estimated:
        assert {choice["action"]["card"] for choice in play["choices"]} >= {play["played"]["card"]}
        assert all(choice["spread"] >= 0 for choice in play["choices"])
    assert client.post("/api/v1/analyse", json=log).get_json() == body  # drawn from a fixed seed


def test_a_transcript_that_stops_early_is_estimated_within_the_request_budget(client):
    log = simulate(4, 2, hands=False, claims=False)
    log["tricks"] = log["tricks"][:10]  # the cards of tricks 11 to 15 are never shown
    body = client.post("/api/v1/analyse", json=log).get_json()
    assert len(body["plays"]) == 40 and body["unsearched"] == 0 and not any(play["exact"] for play in body["plays"])
    estimated = [play for play in body["plays"] if play["estimate"]]
    assert estimated and sum(play["estimate"]["nodes"] for play in estimated) <= \
        SEARCH_BUDGET.max_sampled + SEARCH_BUDGET.worlds * len(estimated)


def test_an_analysis_is_charged_its_search_on_top_of_its_body(tmp_path):
    limited = app_config(tmp_path, RATELIMIT_ENABLED=True, VALIDATE_RATE_LIMIT="100 per minute")
    client = create_app(limited).test_client()
    log = simulate(3, 11)
    remaining = [client.post(path, json=log).headers["X-RateLimit-Remaining"]
                 for path in ("/api/v1/validate", "/api/v1/analyse", "/api/v1/analyse", "/api/v1/validate")]
    # a small body is one unit, an analysis 40 more (api.guards.ANALYSIS_UNITS), from the same allowance
    assert remaining == ["99", "58", "17", "16"]
    assert client.post("/api/v1/analyse", json=log).status_code == 429  # 41 units, 16 left


def test_what_cannot_be_analysed_is_a_problem_that_says_why(client):
    not_json = client.post("/api/v1/analyse", data=b"{", content_type="application/json")
    assert not_json.status_code == 400 and not_json.mimetype == "application/problem+json"
    no_log = client.post("/api/v1/analyse", json={"game": "david-goliath", "players": 3})
    assert no_log.status_code == 422 and no_log.get_json()["errors"][0]["path"] == "/players"


def test_any_game_whose_state_offers_a_search_is_analysed_and_one_that_does_not_is_refused(tmp_path, monkeypatch):
    log = {"game": "toy", "players": ["Ann", "Bob"], "hands": {"Ann": [2, 3, 5, 7], "Bob": [1, 4, 6, 8]},
           "plays": [{"player": "Ann", "card": 3}, {"player": "Bob", "card": 4}]}
    with installed(PLUGINS):
        application = create_app(app_config(tmp_path))
        client = application.test_client()
        analysed = client.post("/api/v1/analyse", json=log)
        from toy_replay.state import ToyState
        monkeypatch.delattr(ToyState, "searchable")
        refused = client.post("/api/v1/analyse", json=log)
        monkeypatch.undo()
        application.extensions["card_replay"].repository.dispose()
    assert analysed.status_code == 200 and analysed.get_json()["game"] == "toy"
    assert [play["step"] for play in analysed.get_json()["plays"]] == ["trick-1-play-1", "trick-1-play-2"]
    assert refused.status_code == 422 and refused.mimetype == "application/problem+json"
    assert refused.get_json()["detail"] == "Toy Tricks offers no computer analysis yet."


def test_a_log_whose_game_cannot_start_says_why_in_its_errors(client):
    # Three players (rule 1: 4 to 8): nothing is replayed, and the refusal points at the reason, not at
    # "no game starts in this log"
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla"], "rounds": [
        {"tricks": [{"plays": [{"player": "Anna", "cards": ["10"]}, {"player": "Bruno", "pass": True}]}]}]}
    refused = client.post("/api/v1/analyse", json=session)
    assert refused.status_code == 422
    assert refused.get_json()["detail"] == "No game of Il Grande Dalmuti can start from this log; errors says why."
    assert [error["code"] for error in refused.get_json()["errors"]] == ["player-count"]


def test_a_log_that_starts_no_game_is_refused_as_such(client):
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"], "rounds": []}
    refused = client.post("/api/v1/analyse", json=session)
    assert refused.status_code == 422 and refused.mimetype == "application/problem+json"
    assert refused.get_json()["detail"] == "No game of Il Grande Dalmuti starts in this log: there is nothing to " \
                                           "analyse."
    italian = client.post("/api/v1/analyse", json=session, headers={"Accept-Language": "it"}).get_json()
    # "del gioco", never "di Il Grande Dalmuti": the preposition takes no article a game's name may begin with
    assert italian["detail"] == "In questo log non comincia nessuna partita del gioco Il Grande Dalmuti: non c'è " \
                                "niente da analizzare."
    # A round played, though its deal is not recorded, is a game started: Bruno's pass is a play, estimated
    # from worlds dealing the cards the log never shows
    played = client.post("/api/v1/analyse", json={**session, "rounds": [{"tricks": [{"plays": [
        {"player": "Anna", "cards": ["10"]}, {"player": "Bruno", "pass": True}]}]}]})
    assert played.status_code == 200
    assert "round-1-trick-1-play-2" in [play["step"] for play in played.get_json()["plays"]]

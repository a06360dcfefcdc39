"""POST /api/v1/analyse: each play's choices valued, within the request's search budget; clear errors for what
cannot be analysed."""

from __future__ import annotations

from dg_replay.simulate import simulate
from replaykit.analysis import Budget


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
    monkeypatch.setattr("api.analyse.SEARCH_BUDGET", Budget(max_nodes=5, max_total=5))
    plays = client.post("/api/v1/analyse", json=simulate(3, 11)).get_json()["plays"]
    assert [play["exact"] for play in plays] == [False] * 43 + [True, True]


def test_a_transcript_that_stops_early_has_no_play_searched(client):
    log = simulate(4, 2, hands=False, claims=False)
    log["tricks"] = log["tricks"][:10]
    body = client.post("/api/v1/analyse", json=log).get_json()
    assert body["plays"] == [] and body["unsearched"] == 40


def test_what_cannot_be_analysed_is_a_problem_that_says_why(client):
    not_json = client.post("/api/v1/analyse", data=b"{", content_type="application/json")
    assert not_json.status_code == 400 and not_json.mimetype == "application/problem+json"
    no_log = client.post("/api/v1/analyse", json={"game": "david-goliath", "players": 3})
    assert no_log.status_code == 422 and no_log.get_json()["errors"][0]["path"] == "/players"
    other = client.post("/api/v1/analyse", json={"game": "grande-dalmuti", "players": ["A", "B", "C", "D"],
                                                 "rounds": []})
    assert other.status_code == 422
    assert other.get_json()["detail"] == "Il Grande Dalmuti offers no computer analysis yet."

"""docs/RELIABILITY.md, "Answer size": a report answer is at most 256 KiB plus 3 × the body, whatever the game
(api.workload.bounded_answer). An Il Grande Dalmuti trick lists every seat's cards left, so a session of
20 long-named players whose 5,000 tricks are each a lone pass would be answered 16 times its size: it is refused
with a 422 that names the measure, on validate, on an API upload and on the form, and nothing is stored."""

from __future__ import annotations

import json

import pytest

from api.storage import StoredGame
from tests.test_pages import submit

PLAYERS = [f"{number:02d}" + "x" * 38 for number in range(20)]  # 40 characters each: the longest a name may be
# 50 rounds of 100 tricks of one pass: 5,000 plays (a session may hold 6,000), 100,000 plays × seats (an upload
# may come to 120,000)
LOG = {"game": "grande-dalmuti", "players": PLAYERS, "options": {"full_deck": True},
       "rounds": [{"tricks": [{"plays": [{"player": PLAYERS[0], "pass": True}]}] * 100}] * 50}
BODY = json.dumps(LOG, separators=(",", ":")).encode()


def stored(app) -> int:
    with app.extensions["card_replay"].repository.sessions() as session:
        return session.query(StoredGame).count()


@pytest.mark.parametrize("path", ["/api/v1/validate", "/api/v1/games"])
def test_a_report_past_the_bound_is_refused_naming_its_size(app, client, path):
    answer = client.post(path, data=BODY, content_type="application/json")
    problem = answer.get_json()
    assert answer.status_code == 422 and len(answer.data) < 1024
    assert problem["measure"] == "answer bytes" and problem["limit"] == 256 * 1024 + 3 * len(BODY)
    assert problem["work"] > problem["limit"]
    assert problem["detail"].startswith("This log's report would take ") and "Split it" in problem["detail"]
    assert stored(app) == 0


def test_the_form_refuses_it_too_and_keeps_the_log(app, client):
    page = submit(client, text=BODY.decode())
    assert page.status_code == 422 and "This log&#39;s report would take" in page.get_data(as_text=True)
    assert stored(app) == 0


def test_the_numbers_are_written_as_the_reader_writes_them(client):
    detail = client.post("/api/v1/validate", data=BODY, content_type="application/json",
                         headers={"Accept-Language": "it"}).get_json()["detail"]
    assert f"{len(BODY):,}".replace(",", ".") in detail  # 391.587: Italian groups thousands with a point


def test_a_real_session_of_twenty_players_is_answered_within_the_bound(client):
    from replaykit import registry

    log = registry.engines()["grande-dalmuti"].simulate(20, 3)
    body = json.dumps(log).encode()
    answer = client.post("/api/v1/validate", data=body, content_type="application/json")
    assert answer.status_code == 200 and len(answer.data) <= 256 * 1024 + 3 * len(body)

"""Rate-limit counters shared by every worker, every restart, the form and the API (api.ratelimits)."""

from __future__ import annotations

import json
import re
import sqlite3
import threading

import pytest
from flask import Response
from sqlalchemy.exc import OperationalError

from api import guards
from api.guards import WORK_UNIT_BYTES
from api.ratelimits import SQLStorage
from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import app_config
from tests.test_hardening import assert_problem
from tests.test_pages import submit

LOG = json.dumps(simulate(3, 51))


def limited(tmp_path, **extra):
    return create_app(app_config(tmp_path, **{"RATELIMIT_ENABLED": True, "UPLOAD_RATE_LIMIT": "3 per minute", **extra}))


def api_upload(client, body: str = LOG, address: str = "127.0.0.1"):
    return client.post("/api/v1/games", data=body, content_type="application/json",
                       environ_base={"REMOTE_ADDR": address})


def test_form_and_api_uploads_draw_on_one_allowance(tmp_path):
    client = limited(tmp_path).test_client()
    assert [api_upload(client).status_code for _ in range(2)] == [201, 201]
    assert submit(client, text=LOG).status_code == 303
    assert_problem(api_upload(client), 429)
    refused = submit(client, text=LOG)
    assert refused.status_code == 429 and refused.headers["Retry-After"].isdigit()
    # the form again with the pasted log (before: an error page, the log gone), in the reader's words
    page = refused.get_data(as_text=True)
    assert 'id="upload-problem"' in page and "Too many requests from you in a short time" in page
    assert "&#34;players&#34;" in page


def test_workers_and_restarts_share_the_count(tmp_path):
    first, second = limited(tmp_path).test_client(), limited(tmp_path).test_client()  # two workers, one database
    assert [api_upload(client).status_code for client in (first, second, first)] == [201, 201, 201]
    assert_problem(api_upload(second), 429)
    assert_problem(api_upload(limited(tmp_path).test_client()), 429)  # a restarted worker remembers


def test_another_storage_may_be_configured(tmp_path):
    client = limited(tmp_path, RATELIMIT_STORAGE_URI="memory://").test_client()
    assert [api_upload(client).status_code for _ in range(4)] == [201, 201, 201, 429]


def test_an_upload_costs_one_per_started_64_kib_so_a_heavy_one_uses_up_the_allowance_sooner(tmp_path):
    client = limited(tmp_path, UPLOAD_RATE_LIMIT="8 per minute").test_client()
    heavy = LOG + " " * (4 * WORK_UNIT_BYTES - 1 - len(LOG))  # the same log in 4 started units of 64 KiB
    light = [api_upload(client, address="192.0.2.1") for _ in range(9)]
    assert [response.status_code for response in light] == [201] * 8 + [429]
    assert [response.headers["X-RateLimit-Remaining"] for response in light[:3]] == ["7", "6", "5"]
    charged = [api_upload(client, heavy, address="192.0.2.2") for _ in range(3)]
    assert [response.status_code for response in charged] == [201, 201, 429]
    assert [response.headers["X-RateLimit-Remaining"] for response in charged[:2]] == ["4", "0"]


def test_a_client_has_one_upload_worked_on_at_a_time(tmp_path, monkeypatch):
    application = limited(tmp_path, UPLOAD_RATE_LIMIT="40 per minute")
    repository = application.extensions["card_replay"].repository
    inside, release, add = threading.Event(), threading.Event(), repository.add

    def held(*args, **kwargs):  # the first upload stays under way until the test lets it go
        if not inside.is_set():
            inside.set()
            release.wait(30)
        return add(*args, **kwargs)

    monkeypatch.setattr(repository, "add", held)
    first: list = []
    under_way = threading.Thread(target=lambda: first.append(api_upload(application.test_client())))
    under_way.start()
    try:
        assert inside.wait(30)
        client = application.test_client()
        refused = api_upload(client)
        # its own reason, not the rate limit's "too many requests", which it is not
        assert assert_problem(refused, 429)["detail"] == ("Your previous upload is still being worked on: send this "
                                                           "one once it is answered.")
        assert refused.headers["Retry-After"] == "2"
        assert submit(client, text=LOG).status_code == 429, "the form is the same client's upload"
        assert api_upload(client, address="192.0.2.3").status_code == 201, "another client is not held back"
    finally:
        release.set()
        under_way.join()
    assert first[0].status_code == 201
    assert api_upload(application.test_client()).status_code == 201, "the mark goes with the answer"


@pytest.fixture
def storage(tmp_path):
    found = SQLStorage(f"sql+sqlite:///{tmp_path / 'limits.sqlite3'}")
    yield found
    found.engine.dispose()


def test_the_storage_counts_within_a_window_and_starts_again_after_it(storage, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("api.ratelimits.time.time", lambda: clock[0])
    assert [storage.incr("k", 60) for _ in range(3)] == [1, 2, 3]
    assert storage.get("k") == 3 and storage.get_expiry("k") == 1060.0
    assert storage.incr("k", 60, amount=2) == 5
    clock[0] = 1060.0
    assert storage.get("k") == 0
    assert storage.incr("k", 60) == 1 and storage.get_expiry("k") == 1120.0
    storage.clear("k")
    assert storage.get("k") == 0 and storage.check()
    storage.incr("a", 60)
    storage.incr("b", 60)
    assert storage.reset() == 2


def test_hits_counted_while_the_database_is_locked_are_added_to_what_it_holds(storage, monkeypatch):
    assert [storage.incr("k", 60) for _ in range(3)] == [1, 2, 3]
    count = storage._count

    def locked(*_args):
        raise OperationalError("INSERT", {}, sqlite3.OperationalError("database is locked"))

    monkeypatch.setattr(storage, "_count", locked)
    assert [storage.incr("k", 60) for _ in range(2)] == [4, 5]  # 3 in the database, then 1 and 2 in memory
    assert storage.get("k") == 5
    monkeypatch.setattr(storage, "_count", count)
    assert storage.incr("k", 60) == 6  # the database answers again: its 4th hit, and the 2 counted in memory
    assert storage.get("k") == 6


def test_the_limit_is_explained_in_the_reader_s_language_not_by_the_limiter_s_rule(tmp_path):
    client = limited(tmp_path).test_client()
    for _ in range(3):
        api_upload(client)
    response = client.post("/api/v1/games", data=LOG, content_type="application/json",
                           headers={"Accept-Language": "it"})
    problem = assert_problem(response, 429)
    assert problem["title"] == "Troppe richieste" and "per 1 minute" not in problem["detail"]
    # when to come back, as Retry-After says it: within the minute of the limit ("attendi un momento" before)
    seconds = int(response.headers["Retry-After"])
    assert 1 <= seconds <= 60
    assert problem["detail"] == f"Troppe richieste da parte tua in poco tempo; riprova tra {seconds} s."


def test_a_refusal_never_says_to_retry_in_0_seconds(tmp_path):
    # The limiter counts down to the window's end rounded down: in its last second it said "Retry-After: 0".
    application = limited(tmp_path)
    with application.test_request_context("/api/v1/games", method="POST"):
        for said, sent in (("0", "1"), ("-1", "1"), ("1", "1"), ("54", "54")):
            response = Response(status=429, headers={"Retry-After": said})
            assert guards.retry_only_when_refused(response).headers["Retry-After"] == sent


@pytest.mark.parametrize(("limit", "said"), [
    ("40 per minute; 2 per day", r"You have used your allowance for the day; try again in (23 h \d+|24 h 0) min\."),
    ("40 per minute; 2 per hour", r"You have used your allowance for the hour; try again in (5\d|1 h 0) min\.")])
def test_a_day_s_or_an_hour_s_allowance_used_up_is_said_as_such(tmp_path, limit, said):
    # An organiser at the daily allowance read "Too many requests from you in a short time; try again in 86397 s."
    client = limited(tmp_path, UPLOAD_RATE_LIMIT=limit).test_client()
    answers = [api_upload(client) for _ in range(2)]
    assert [answer.status_code for answer in answers] == [201, 201]
    # the headers count the allowance nearer its end, not the minute's 40 with 39 and 38 left
    assert [(answer.headers["X-RateLimit-Limit"], answer.headers["X-RateLimit-Remaining"]) for answer in answers] \
        == [("2", "1"), ("2", "0")]
    refused = api_upload(client)
    assert re.fullmatch(said, assert_problem(refused, 429)["detail"])
    assert int(refused.headers["Retry-After"]) > 60 * 50


def test_where_a_branch_starts_is_charged_as_two_validations_of_the_stored_log(tmp_path):
    # ``…/before/<moment>.json`` replays the stored log twice: a 4-unit log costs 1 + 2 × 4 of validate's
    # allowance, which the validations share; an unknown game, read as 0 bytes, costs 1 + 2 × 1.
    client = limited(tmp_path, UPLOAD_RATE_LIMIT="40 per minute", VALIDATE_RATE_LIMIT="30 per minute").test_client()
    heavy = LOG + " " * (4 * WORK_UNIT_BYTES - 1 - len(LOG))  # 4 started units of 64 KiB
    game_id = api_upload(client, heavy).get_json()["id"]
    path = f"/games/{game_id}/before/trick-2-play-1.json"
    answers = [client.get(path) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [200, 200, 200]
    assert [answer.headers["X-RateLimit-Remaining"] for answer in answers] == ["21", "12", "3"]
    validated = client.post("/api/v1/validate", data=LOG, content_type="application/json")
    assert validated.status_code == 200 and validated.headers["X-RateLimit-Remaining"] == "2"
    assert_problem(client.get(path), 429)
    assert_problem(client.get("/games/nobody/before/trick-2-play-1.json"), 429)  # 1 + 2 × 1 > 2 left

"""Bad input and hostile clients: every limit and every error status, answered clearly, never a 5xx,
never a stack trace, and nothing already stored is lost."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import api.verdicts
from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import app_config
from tests.helpers import json_values, mutate
from tests.test_pages import submit

PROBLEM = "application/problem+json"


def post(client, body, path="/api/v1/validate", content_type="application/json"):
    data = body if isinstance(body, bytes) else json.dumps(body)
    return client.post(path, data=data, content_type=content_type)


def assert_problem(response, status):
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json(force=True)
    assert body["status"] == status and body["title"] and body["detail"]
    assert "Traceback" not in response.get_data(as_text=True)
    return body


@pytest.mark.parametrize(("raw", "reason"), [
    (b'{"game": "david-goliath", "game": "x"}', 'key "game" appears twice'),
    (b'{"players": [NaN]}', "NaN is not a JSON number"),
    (b'{"scores": {"A": Infinity}}', "Infinity is not a JSON number"),
    (b"[" * 100 + b"]" * 100, "nested more than 32"),
    (b'{"scores": {"A": 1' + b"0" * 400 + b"}}", "far too large"),
    (b'{"game": ', "The JSON ends before every bracket it opens is closed"),
    (b'{"game": "olympi",}', "A comma before a closing bracket"),
    (b"\xff\xfe\x00", "UTF-16 (or UTF-32), not UTF-8"),
    (b'{"players": ["\xe9"]}', "not UTF-8 text: save it as UTF-8 and send it again (line 1, "
                               "column 15)"),
])
@pytest.mark.parametrize("path", ["/api/v1/validate", "/api/v1/games"])
def test_malformed_json_is_a_clear_400(client, raw, reason, path):
    assert reason in assert_problem(post(client, raw, path), 400)["detail"]


def test_body_over_the_size_limit_is_413(tmp_path):
    client = create_app(app_config(tmp_path, MAX_CONTENT_LENGTH=1000)).test_client()
    body = assert_problem(post(client, simulate(4, 1)), 413)
    assert "Too Large" in body["title"]


def test_wrong_content_type_is_415(client):
    detail = assert_problem(post(client, json.dumps(simulate(3, 1)).encode(), content_type="text/plain"), 415)["detail"]
    assert "application/json" in detail and "text/plain" in detail


def test_unknown_id_and_unknown_path_are_404_problems(client):
    assert_problem(client.get("/api/v1/games/no-such-game"), 404)
    assert_problem(client.get("/api/v1/nothing-here"), 404)


def test_wrong_method_is_405_with_allow(client):
    response = client.get("/api/v1/validate")
    assert_problem(response, 405)
    assert "POST" in response.headers["Allow"]


def test_not_a_log_is_422_with_pointed_findings(client):
    log = simulate(4, 2)
    log["scores"][log["players"][0]] = 2.5  # integers are strict: 2.5 is not a score
    log["tricks"][3]["plays"][1]["card"] = "G0"
    errors = assert_problem(post(client, log), 422)["errors"]
    assert {(error["path"], error["trick"], error["play"]) for error in errors} == {
        (f"/scores/{log['players'][0]}", None, None), ("/tricks/3/plays/1/card", 4, 2)}


@pytest.mark.parametrize(("setting", "mutate", "path"), [
    ("LOG_MAX_NAME", lambda log: log["players"].__setitem__(0, "N" * 41), "/players/0"),
    ("LOG_MAX_TEXT", lambda log: log["tricks"][0].__setitem__("note", "x" * 2001), "/tricks/0/note"),
    ("LOG_MAX_TRICKS", lambda log: log.__setitem__("tricks", log["tricks"] * 3), "/tricks"),
    ("LOG_MAX_PLAYS", lambda log: log["tricks"][0].__setitem__("plays", log["tricks"][0]["plays"] * 11),
     "/tricks/0/plays"),
    ("LOG_MAX_CARDS", lambda log: log["hands"].__setitem__("Andrea", log["hands"]["Andrea"] * 9), "/hands/Andrea"),
    ("max_keys", lambda log: log["scores"].update({f"N{index}": 0 for index in range(41)}), "/scores"),
    ("max_title", lambda log: log.__setitem__("meta", {"title": "T" * 1_000_000}), "/meta/title"),
    ("LOG_MAX_TEXT", lambda log: log.__setitem__("meta", {"notes": "n" * 2001}), "/meta/notes"),
])
def test_size_limits_are_schema_errors_at_their_place(client, setting, mutate, path):
    log = simulate(4, 3)
    mutate(log)
    assert path in [error["path"] for error in assert_problem(post(client, log), 422)["errors"]]


def test_a_body_of_countless_mistakes_gets_a_short_report_quickly(client):
    # 1.9 MB: 8,000 entries in "hands" of 120 non-cards each (once a 184 MB report after 11 s of CPU)
    log = {"game": "david-goliath", "players": ["A", "B", "C"], "tricks": [],
           "hands": {f"k{index}": [0] * 120 for index in range(8000)}}
    response = post(client, json.dumps(log, separators=(",", ":")).encode())
    errors = assert_problem(response, 422)["errors"]
    assert [error["path"] for error in errors] == ["/hands"]
    assert len(response.data) < 2000
    log["hands"] = {f"k{index}": [0] * 120 for index in range(40)}  # within bounds: every non-card a finding
    response = post(client, log)
    codes = [error["code"] for error in assert_problem(response, 422)["errors"]]
    assert len(codes) == 201 and codes[-1] == "more-findings"
    assert len(response.data) < 60_000


@pytest.mark.parametrize("game", ["david-goliath", "david-goliath-match", "no-such-game"])
def test_a_lone_surrogate_is_a_400_and_nothing_is_stored(client, game):
    raw = ('{"game": "' + game + '", "players": ["A\\ud800", "B", "C"], "tricks": []}').encode()
    for path in ("/api/v1/validate", "/api/v1/games"):
        assert "lone UTF-16 surrogate" in assert_problem(post(client, raw, path), 400)["detail"]
    response = submit(client, text=raw.decode())
    assert response.status_code == 400 and "lone UTF-16 surrogate" in response.get_data(as_text=True)
    repository = client.application.extensions["card_replay"].repository
    assert repository.count() == 0


def test_sixteen_tricks_are_the_rule_finding_not_a_schema_error(client):
    log = simulate(3, 4)
    log["tricks"].append(log["tricks"][0])
    response = post(client, log)
    assert response.status_code == 200
    assert "too-many-tricks" in [error["code"] for error in response.get_json()["errors"]]


def test_limits_are_configurable(tmp_path):
    (tmp_path / "depth").mkdir()
    (tmp_path / "text").mkdir()
    client = create_app(app_config(tmp_path / "depth", JSON_MAX_DEPTH=4)).test_client()
    assert "nested more than 4" in assert_problem(post(client, b"[[[[[1]]]]]"), 400)["detail"]
    client = create_app(app_config(tmp_path / "text", LOG_MAX_TEXT=5)).test_client()
    log = simulate(3, 5)
    log["tricks"][0]["note"] = "longer"
    assert assert_problem(post(client, log), 422)["errors"][0]["path"] == "/tricks/0/note"


def test_uploads_are_rate_limited_with_retry_after(tmp_path):
    client = create_app(app_config(tmp_path, RATELIMIT_ENABLED=True, UPLOAD_RATE_LIMIT="2 per minute")).test_client()
    log = simulate(3, 6)
    assert [post(client, log, "/api/v1/games").status_code for _ in range(2)] == [201, 201]
    response = post(client, log, "/api/v1/games")
    assert_problem(response, 429)
    assert int(response.headers["Retry-After"]) > 0


def test_a_bug_is_a_plain_500_and_loses_nothing(client, monkeypatch):
    stored = post(client, simulate(4, 7), "/api/v1/games").get_json()["id"]
    monkeypatch.setattr(api.verdicts, "replay", lambda *args: 1 / 0)
    body = assert_problem(post(client, simulate(4, 8), "/api/v1/games"), 500)
    assert "ZeroDivisionError" not in json.dumps(body)
    monkeypatch.undo()
    assert client.get(f"/api/v1/games/{stored}/log").status_code == 200


def test_pages_get_friendly_html_errors(client):
    response = client.get("/games/no-such-game")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "Traceback" not in response.get_data(as_text=True)


def test_the_form_needs_its_csrf_token(tmp_path):
    client = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True)).test_client()
    response = client.post("/", data={"text": json.dumps(simulate(3, 1))})
    assert response.status_code == 400 and response.mimetype == "text/html"


@pytest.mark.parametrize("path", ["/", "/api/v1/samples", "/api/v1/nothing"])
def test_security_headers_everywhere(client, path):
    headers = client.get(path).headers
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-eval" not in policy and "script-src 'self' 'unsafe-inline'" not in policy
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"]


fuzz = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@fuzz
@given(json_values)
def test_arbitrary_json_never_gets_a_5xx(client, document):
    response = post(client, document)
    assert response.status_code in (200, 400, 422), response.get_data(as_text=True)  # 400: e.g. a huge number


@fuzz
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_get_a_5xx(client, raw):
    assert post(client, raw).status_code in (200, 400, 422)


@fuzz
@given(st.integers(3, 6), st.integers(0, 1000), st.data())
def test_mutated_logs_never_get_a_5xx(client, players, seed, data):
    log = mutate(simulate(players, seed), data)
    assert post(client, log, "/api/v1/games").status_code in (201, 400, 422)


def test_a_stored_log_the_reader_now_refuses_is_a_clear_answer_not_a_500(app, client):
    # Stored before lone surrogates were refused: its pages said 500 for good.
    record = app.extensions["card_replay"].repository.add(
        b'{"game": "david-goliath", "players": ["A\\ud800", "B", "C"], "tricks": []}', "david-goliath", True)
    assert "can no longer be read" in assert_problem(client.get(f"/api/v1/games/{record.id}"), 422)["detail"]
    page = client.get(f"/games/{record.id}")
    assert page.status_code == 422 and "can no longer be read" in page.get_data(as_text=True)


def test_the_page_of_a_log_of_thousands_of_mistakes_lists_the_capped_findings(client):
    # 40 tricks of 40 plays of one card by a stranger: over 3,000 rule findings (once an 8.5 MB page)
    log = {"game": "david-goliath", "players": ["A", "B", "C", "D", "E", "F"],
           "tricks": [{"plays": [{"player": "Z", "card": "B1"}] * 40}] * 40}
    stored = post(client, log, "/api/v1/games").get_json()
    assert len(stored["report"]["errors"]) == 201
    page = client.get(f"/games/{stored['id']}").get_data(as_text=True)
    assert "more-findings" in page
    assert page.count("which was already played in trick 1") < 300

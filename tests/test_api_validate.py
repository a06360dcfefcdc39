"""POST /api/v1/validate: every status through the Flask test client."""

from __future__ import annotations

import io
import json

import pytest

from app import create_app
from tests.conftest import app_config
from tests.helpers import log_of

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One app for the module's tests, each with a client of its own: validation answers from the request
    alone and stores nothing (the one upload tried is refused), and an app costs some 55 ms to create."""
    application = create_app(app_config(tmp_path_factory.mktemp("app")))
    yield application
    application.extensions["card_replay"].repository.dispose()


def test_a_legal_log_answers_200_with_a_valid_report(client, legal_log):
    response = client.post("/api/v1/validate", json=legal_log)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    report = response.get_json()
    assert report["kind"] == "game" and report["valid"] is True and report["complete"] is True
    assert len(report["tricks"]) == 15
    assert report["result"]["scores"] == legal_log["scores"]


def test_an_illegal_log_still_answers_200_with_the_findings(client, legal_log):
    legal_log["scores"][legal_log["players"][0]] += 1
    response = client.post("/api/v1/validate", json=legal_log)
    assert response.status_code == 200
    report = response.get_json()
    assert report["valid"] is False
    assert report["errors"][0]["code"] == "score-mismatch"
    assert report["errors"][0]["path"] == f"/scores/{legal_log['players'][0]}"


def test_a_multipart_upload_in_the_field_file_is_read(client, legal_log):
    data = {"file": (io.BytesIO(json.dumps(legal_log).encode()), "game.json", "application/json")}
    response = client.post("/api/v1/validate", data=data, content_type="multipart/form-data")
    assert response.status_code == 200
    assert response.get_json()["valid"] is True


def test_a_log_sent_as_the_text_of_the_field_file_is_read_too(client, legal_log):
    # curl -F 'file=<game.json' sends the file's text as a plain field, not a file part: it was a 400 that said
    # the log must be in the field "file", where it was
    answer = client.post("/api/v1/validate", data={"file": json.dumps(legal_log)}, content_type="multipart/form-data")
    assert answer.status_code == 200 and answer.get_json()["valid"] is True


def test_a_multipart_upload_without_the_field_file_is_400(client):
    data = {"other": (io.BytesIO(b"{}"), "game.json")}
    response = client.post("/api/v1/validate", data=data, content_type="multipart/form-data")
    assert response.status_code == 400
    assert response.mimetype == PROBLEM
    assert '"file"' in response.get_json()["detail"]


def test_malformed_json_is_400_with_a_clear_message(client):
    response = client.post("/api/v1/validate", data=b'{"game": "david-goliath",', content_type="application/json")
    assert response.status_code == 400
    assert response.mimetype == PROBLEM
    problem = response.get_json()
    assert problem["status"] == 400 and "line 1" in problem["detail"]


def test_duplicate_keys_and_nan_are_400(client):
    for body in (b'{"game": "david-goliath", "game": "x"}', b'{"players": NaN}', b"", b"\xff\xfe"):
        response = client.post("/api/v1/validate", data=body, content_type="application/json")
        assert response.status_code == 400, body
        assert response.get_json()["detail"]


def test_a_document_without_a_log_shape_is_422_with_schema_findings(client):
    body = {"game": "david-goliath", "players": ["A"], "tricks": [{"plays": [{"player": "B"}]}]}
    response = client.post("/api/v1/validate", json=body)
    assert response.status_code == 422
    assert response.mimetype == PROBLEM
    problem = response.get_json()
    assert problem["status"] == 422
    assert problem["errors"] and {finding["code"] for finding in problem["errors"]} == {"schema"}
    assert problem["errors"][0]["path"] == "/tricks/0/plays/0/card"
    assert problem["errors"][0]["trick"] == 1


def test_json_that_is_no_object_is_422(client):
    for body in ([1, 2], "text", 3, None):
        response = client.post("/api/v1/validate", data=json.dumps(body), content_type="application/json")
        assert response.status_code == 422
        assert response.get_json()["errors"][0]["path"] == ""


def test_an_unknown_key_is_422_with_its_pointer(client, legal_log):
    legal_log["tricks"][2]["plays"][1]["comment"] = "oops"
    problem = client.post("/api/v1/validate", json=legal_log).get_json()
    assert [finding["path"] for finding in problem["errors"]] == ["/tricks/2/plays/1/comment"]


def test_rule_findings_keep_their_positions(client):
    log = log_of(["Andrea", "Ben", "Clara"], [("Andrea", "G4"), ("Ben", "R2"), ("Clara", "G7")],
                 [("Clara", "G5"), ("Andrea", "G9"), ("Ben", "G2")])
    report = client.post("/api/v1/validate", json=log).get_json()
    assert report["valid"] is False
    assert any(finding["code"] == "must-follow-suit" and finding["trick"] == 1 and finding["play"] == 2
               for finding in report["errors"])


def test_a_match_log_answers_a_match_report(client):
    from dg_replay.simulate import simulate_match

    report = client.post("/api/v1/validate", json=simulate_match(3, 5)).get_json()
    assert report["kind"] == "match" and report["valid"] is True and len(report["games"]) == 3


def test_a_body_over_the_limit_is_413(client):
    response = client.post("/api/v1/validate", data=b" " * (2 * 1024 * 1024 + 1), content_type="application/json")
    assert response.status_code == 413
    assert response.mimetype == PROBLEM


def test_get_is_405_as_a_problem_document(client):
    response = client.get("/api/v1/validate")
    assert response.status_code == 405
    assert response.mimetype == PROBLEM
    assert "POST" in response.headers["Allow"]


def test_the_api_needs_no_csrf_token(tmp_path, legal_log):
    application = create_app(app_config(tmp_path, TESTING=False, ANALYSIS_WORKER="off"))  # no worker thread left
    assert application.config["WTF_CSRF_ENABLED"] is not False
    response = application.test_client().post("/api/v1/validate", json=legal_log)
    assert response.status_code == 200


def test_a_log_of_no_supported_game_is_422_with_one_finding_at_game(client):
    for body in (b'{"game": "grande-dalmuti-deluxe", "players": ["A"], "rounds": []}', b'{"players": []}'):
        response = client.post("/api/v1/validate", data=body, content_type="application/json")
        assert response.status_code == 422
        problem = response.get_json()
        assert problem["detail"].startswith("This is not a log of any game this service knows.")
        (finding,) = problem["errors"]
        assert finding["path"] == "/game" and '"david-goliath"' in finding["message"]
    stored = client.post("/api/v1/games", data=b'{"game": "chess"}', content_type="application/json")
    assert stored.status_code == 422

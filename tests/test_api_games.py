"""POST /api/v1/games and the stored game's resources: byte-for-byte logs, timelines, 404s, transactions."""

from __future__ import annotations

import io
import json

import pytest
from sqlalchemy.exc import OperationalError

from app import create_app
from dg_replay.simulate import simulate_match
from tests.conftest import app_config

PROBLEM = "application/problem+json"


def upload(client, body: bytes):
    return client.post("/api/v1/games", data=body, content_type="application/json")


def test_storing_answers_201_with_id_report_and_links(client, legal_log):
    response = upload(client, json.dumps(legal_log).encode())
    assert response.status_code == 201
    body = response.get_json()
    game_id = body["id"]
    assert len(game_id) >= 22  # secrets.token_urlsafe: at least 128 bits
    assert body["valid"] is True and body["report"]["valid"] is True
    assert body["links"] == {"self": f"/api/v1/games/{game_id}", "page": f"/games/{game_id}",
                             "log": f"/api/v1/games/{game_id}/log", "timeline": f"/api/v1/games/{game_id}/timeline"}
    assert response.headers["Location"].endswith(f"/api/v1/games/{game_id}")
    # what GET answers of it, the same from the start
    stored = client.get(body["links"]["self"]).get_json()
    assert (body["game"], body["created"]) == ("david-goliath", stored["created"])


def test_ids_are_unguessable_and_distinct(client, legal_log):
    body = json.dumps(legal_log).encode()
    ids = {upload(client, body).get_json()["id"] for _ in range(5)}
    assert len(ids) == 5
    assert all(game_id.replace("-", "").replace("_", "").isalnum() for game_id in ids)


def test_the_stored_log_is_byte_for_byte_what_was_uploaded(client, legal_log):
    # Odd spacing, a byte-order mark, escapes and non-ASCII text: all must come back unchanged.
    legal_log["meta"] = {"title": "Spiel \u00fcber \"Goliath\" \U0001f0cf", "notes": "tab\there"}
    raw = b"\xef\xbb\xbf" + json.dumps(legal_log, indent=3, ensure_ascii=False).encode() + b"\n\n"
    game_id = upload(client, raw).get_json()["id"]
    response = client.get(f"/api/v1/games/{game_id}/log")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.data == raw
    stored = client.get(f"/api/v1/games/{game_id}").get_json()
    assert stored["log"].encode() == raw
    assert stored["id"] == game_id and stored["game"] == "david-goliath" and stored["valid"] is True
    assert stored["report"]["meta"]["title"].startswith("Spiel")
    assert stored["created"].endswith("+00:00")


def test_an_invalid_log_is_stored_too(client, legal_log):
    legal_log["winners"] = ["Nobody"]
    response = upload(client, json.dumps(legal_log).encode())
    assert response.status_code == 201
    assert response.get_json()["valid"] is False
    game_id = response.get_json()["id"]
    assert client.get(f"/api/v1/games/{game_id}").get_json()["report"]["valid"] is False


def test_multipart_upload_is_stored_byte_for_byte(client, legal_log):
    raw = json.dumps(legal_log).encode()
    response = client.post("/api/v1/games", data={"file": (io.BytesIO(raw), "g.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 201
    assert client.get(response.get_json()["links"]["log"]).data == raw


@pytest.mark.parametrize("path", ["/api/v1/games", "/api/v1/validate"])
def test_two_logs_in_one_multipart_upload_are_refused_rather_than_one_ignored(app, client, legal_log, path):
    raw = json.dumps(legal_log).encode()
    files = {"file": [(io.BytesIO(raw), "a.json"), (io.BytesIO(raw), "b.json")]}
    response = client.post(path, data=files, content_type="multipart/form-data")
    assert response.status_code == 400 and "this one has 2 of them" in response.get_json()["detail"]
    # a file and the same field's text, likewise
    response = client.post(path, data={"file": [(io.BytesIO(raw), "a.json"), raw.decode()]},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and "this one has 2 of them" in response.get_json()["detail"]
    with app.extensions["card_replay"].repository.sessions() as session:
        assert session.query(repository_model()).count() == 0


def test_what_is_not_a_log_is_refused_and_not_stored(app, client):
    repository = app.extensions["card_replay"].repository
    assert upload(client, b"{oops").status_code == 400
    response = upload(client, b'{"game": "david-goliath", "players": "Ann"}')
    assert response.status_code == 422
    assert response.mimetype == PROBLEM
    assert all(finding["code"] == "schema" for finding in response.get_json()["errors"])
    with repository.sessions() as session:
        assert session.query(repository_model()).count() == 0


def repository_model():
    from api.storage import StoredGame

    return StoredGame


def test_the_timeline_has_the_per_trick_data(client, legal_log):
    game_id = upload(client, json.dumps(legal_log).encode()).get_json()["id"]
    timeline = client.get(f"/api/v1/games/{game_id}/timeline").get_json()
    assert timeline["kind"] == "game"
    assert timeline["players"] == legal_log["players"]
    assert len(timeline["tricks"]) == 15
    first = timeline["tricks"][0]
    assert {"number", "plays", "captures", "scores_after", "story", "errors", "warnings"} <= set(first)
    assert sum(play["high"] for play in first["plays"]) == 1
    final = {name: sum(cell["points"] for cell in colours.values()) for name, colours in timeline["breakdown"].items()}
    assert final == legal_log["scores"]


def test_a_match_timeline_has_one_timeline_per_game(client):
    game_id = upload(client, json.dumps(simulate_match(4, 2)).encode()).get_json()["id"]
    timeline = client.get(f"/api/v1/games/{game_id}/timeline").get_json()
    assert timeline["kind"] == "match" and len(timeline["games"]) == 4
    assert all(len(game["tricks"]) == 15 for game in timeline["games"])


@pytest.mark.parametrize("suffix", ["", "/log", "/timeline"])
def test_unknown_ids_are_404_problem_documents(client, suffix):
    response = client.get(f"/api/v1/games/not-a-real-id{suffix}")
    assert response.status_code == 404
    assert response.mimetype == PROBLEM
    assert response.get_json()["status"] == 404


def test_stored_games_survive_a_restart(tmp_path, legal_log):
    raw = json.dumps(legal_log).encode()
    first = create_app(app_config(tmp_path))
    game_id = upload(first.test_client(), raw).get_json()["id"]
    first.extensions["card_replay"].repository.dispose()
    second = create_app(app_config(tmp_path))
    assert second.test_client().get(f"/api/v1/games/{game_id}/log").data == raw


def test_a_failed_write_loses_nothing_stored(app, client, legal_log, monkeypatch):
    raw = json.dumps(legal_log).encode()
    kept = upload(client, raw).get_json()["id"]
    repository = app.extensions["card_replay"].repository

    def broken_add(*_args, **_kwargs):
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(repository.sessions.class_, "add", broken_add)
    response = upload(client, raw)
    assert response.status_code == 503  # the storage failed, not the service: try again later
    assert response.mimetype == PROBLEM and int(response.headers["Retry-After"]) > 0
    monkeypatch.undo()
    assert client.get(f"/api/v1/games/{kept}/log").data == raw
    with repository.sessions() as session:
        assert session.query(repository_model()).count() == 1


def test_database_url_selects_the_database(tmp_path, monkeypatch, legal_log):
    path = tmp_path / "elsewhere.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    application = create_app({"TESTING": True, "SECRET_KEY": "x"})
    assert upload(application.test_client(), json.dumps(legal_log).encode()).status_code == 201
    assert path.exists() and path.stat().st_size > 0
    application.extensions["card_replay"].repository.dispose()


def test_a_stored_game_stays_readable_after_limits_are_lowered(tmp_path, legal_log):
    first = create_app(app_config(tmp_path))
    game_id = upload(first.test_client(), json.dumps(legal_log).encode()).get_json()["id"]
    first.extensions["card_replay"].repository.dispose()
    stricter = create_app(app_config(tmp_path, JSON_MAX_DEPTH=2, LOG_MAX_TRICKS=3, LOG_MAX_NAME=2))
    client = stricter.test_client()
    stored = client.get(f"/api/v1/games/{game_id}")
    assert stored.status_code == 200
    assert stored.get_json()["log"] == json.dumps(legal_log)
    codes = {finding["code"] for finding in stored.get_json()["report"]["errors"]}
    assert "schema" in codes  # judged by today's limits, and said so, never a 500
    assert client.get(f"/games/{game_id}").status_code == 200
    assert client.get(f"/api/v1/games/{game_id}/timeline").status_code == 200
    stricter.extensions["card_replay"].repository.dispose()


def test_a_stored_log_of_a_game_no_longer_installed_is_shown_as_such(client):
    from api import services

    with client.application.app_context():
        record = services().repository.add(b'{"game": "retired-game", "players": []}', "retired-game", False)
    body = client.get(f"/api/v1/games/{record.id}").get_json()
    assert body["report"]["errors"][0]["path"] == "/game" and "david-goliath" in body["report"]["errors"][0]["message"]
    page = client.get(f"/games/{record.id}")
    assert page.status_code == 200 and "david-goliath" in page.get_data(as_text=True)

"""Liveness and readiness (api.health): ``/healthz`` answers while the process does, ``/readyz`` while the
stored games can be read, and says when uploads are refused for a full disk."""

from __future__ import annotations

import json

from sqlalchemy.exc import OperationalError

from api import quota
from dg_replay.simulate import simulate
from replaykit import registry


def refuse(*_args, **_kwargs):
    raise OperationalError("SELECT 1", {}, Exception("unable to open database file"))


def test_healthy(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "games": list(registry.engines()), "broken": []}
    assert response.headers["Cache-Control"] == "no-store"


def test_ready(client):
    response = client.get("/readyz")
    assert response.status_code == 200 and response.get_json() == {"status": "ready", "uploads": "ok"}
    assert response.headers["Cache-Control"] == "no-store" and "Retry-After" not in response.headers


def test_an_unreachable_database_is_not_ready_but_the_process_lives(app, client, monkeypatch):
    monkeypatch.setattr(app.extensions["card_replay"].repository.engine, "connect", refuse)
    assert client.get("/healthz").status_code == 200  # a restart would not mend the database
    response = client.get("/readyz")
    assert response.status_code == 503 and response.get_json()["status"] == "unavailable"
    assert response.headers["Retry-After"] == "5" and response.headers["Cache-Control"] == "no-store"


def test_a_full_disk_stays_ready_and_says_uploads_are_refused(client, monkeypatch):
    stored = client.post("/api/v1/games", data=json.dumps(simulate(4, 5)), content_type="application/json")
    monkeypatch.setattr(quota, "_free_bytes", lambda _url: 1024)
    response = client.get("/readyz")
    assert response.status_code == 200 and response.get_json() == {"status": "ready", "uploads": "full"}
    assert client.get(f"/games/{stored.get_json()['id']}").status_code == 200  # what readiness promises
    upload = client.post("/api/v1/games", data=json.dumps(simulate(4, 6)), content_type="application/json")
    assert upload.status_code == 507

"""``/healthz``: 200 while the database answers, 503 when it does not (api.health)."""

from __future__ import annotations

from sqlalchemy.exc import OperationalError


def test_healthy(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "games": ["david-goliath", "grande-dalmuti", "olympi"],
                                   "broken": []}
    assert response.headers["Cache-Control"] == "no-store"


def test_unreachable_database_is_503(app, client, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise OperationalError("SELECT 1", {}, Exception("unable to open database file"))

    monkeypatch.setattr(app.extensions["card_replay"].repository.engine, "connect", refuse)
    response = client.get("/healthz")
    assert response.status_code == 503 and response.get_json()["status"] == "unavailable"
    assert response.headers["Retry-After"] == "5"

"""Per-client quota, full storage, the uploader's delete and the retention cleanup (api.quota)."""

from __future__ import annotations

import hashlib
import json
import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import OperationalError

from api.storage import StoredGame, Upload
from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import app_config
from tests.test_hardening import assert_problem

LOG = json.dumps(simulate(4, 41)).encode()


def upload(client, body: bytes = LOG, address: str = "192.0.2.7"):
    return client.post("/api/v1/games", data=body, content_type="application/json",
                       environ_base={"REMOTE_ADDR": address})


def test_a_client_past_its_quota_gets_507_and_others_still_store(tmp_path):
    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=3 * len(LOG))).test_client()
    assert [upload(client).status_code for _ in range(3)] == [201, 201, 201]
    detail = assert_problem(upload(client), 507)["detail"]
    assert "of the" in detail and "DELETE /api/v1/games/ID" in detail
    assert upload(client, address="192.0.2.8").status_code == 201
    assert client.application.extensions["card_replay"].repository.count() == 4


def test_deleting_frees_quota_and_needs_the_games_own_token(tmp_path):
    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=len(LOG))).test_client()
    first, second = upload(client).get_json(), upload(client, address="192.0.2.9").get_json()
    path = f"/api/v1/games/{first['id']}"
    assert_problem(client.delete(path), 403)
    assert_problem(client.delete(path, headers={"Authorization": f"Bearer {second['delete_token']}"}), 403)
    assert client.get(path).status_code == 200
    assert_problem(upload(client), 507)
    response = client.delete(path, headers={"Authorization": f"Bearer {first['delete_token']}"})
    assert response.status_code == 204
    assert_problem(client.get(path), 404)
    assert_problem(client.delete(path, headers={"Authorization": f"Bearer {first['delete_token']}"}), 404)
    assert upload(client).status_code == 201


def test_neither_the_token_nor_the_address_is_stored_as_such(app, client):
    token = upload(client).get_json()["delete_token"]
    with app.extensions["card_replay"].repository.sessions() as session:
        owner = session.scalars(select(Upload)).one()
    assert owner.token == hashlib.sha256(token.encode()).hexdigest() and len(token) >= 24
    assert "192.0.2.7" not in owner.client and len(owner.client) == 32


def test_no_room_left_on_disk_is_507_before_anything_is_written(tmp_path):
    client = create_app(app_config(tmp_path, STORAGE_MIN_FREE_BYTES=1 << 62)).test_client()
    assert "storage is full" in assert_problem(upload(client), 507)["detail"]
    assert client.application.extensions["card_replay"].repository.count() == 0


@pytest.mark.parametrize(("message", "status"), [("database or disk is full", 507), ("unable to open database", 503)])
def test_a_full_or_broken_database_is_507_or_503_not_500(app, client, monkeypatch, message, status):
    repository = app.extensions["card_replay"].repository

    def failing(*_args, **_kwargs):
        raise OperationalError("INSERT", {}, Exception(message))

    monkeypatch.setattr(repository, "add", failing)
    response = upload(client)
    assert_problem(response, status)
    assert status == 507 or int(response.headers["Retry-After"]) > 0


def age(application, days: int) -> None:
    """Make every stored game ``days`` older."""
    repository = application.extensions["card_replay"].repository
    with repository.sessions.begin() as session:
        for table in (StoredGame, Upload):
            session.execute(update(table).values(created=datetime.now(UTC) - timedelta(days=days)))


def test_cleanup_deletes_games_past_retention_and_nothing_newer(tmp_path):
    application = create_app(app_config(tmp_path, RETENTION_DAYS=30))
    client = application.test_client()
    old = upload(client).get_json()["id"]
    age(application, 31)
    new = upload(client).get_json()["id"]
    result = application.test_cli_runner().invoke(args=["cleanup"])
    assert result.exit_code == 0 and "deleted 1 games" in result.output
    assert client.get(f"/api/v1/games/{old}").status_code == 404
    assert client.get(f"/api/v1/games/{new}").status_code == 200
    assert "deleted 0 games" in application.test_cli_runner().invoke(args=["cleanup"]).output


def test_retention_zero_keeps_games_for_ever(tmp_path):
    application = create_app(app_config(tmp_path, RETENTION_DAYS=0))
    upload(application.test_client())
    age(application, 10_000)
    assert "deleted 0 games" in application.test_cli_runner().invoke(args=["cleanup"]).output


def fill_at_once(repository, client: str, quota: int, uploads: int = 8) -> list[str]:
    """``uploads`` threads store LOG for one client at the same moment; what each got: "stored" or "refused"."""
    from api.storage import OverQuota

    start, outcomes = threading.Barrier(uploads), []

    def one() -> None:
        start.wait()
        try:
            repository.add(LOG, "david-goliath", True, client, quota=quota)
            outcomes.append("stored")
        except OverQuota as error:
            outcomes.append("refused")
            assert error.used + len(LOG) > quota

    threads = [threading.Thread(target=one) for _ in range(uploads)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_uploads_arriving_at_once_never_take_a_client_past_its_quota(tmp_path):
    app = create_app(app_config(tmp_path))
    repository = app.extensions["card_replay"].repository
    outcomes = fill_at_once(repository, "one-client", quota=3 * len(LOG))
    assert sorted(outcomes) == ["refused"] * 5 + ["stored"] * 3
    assert repository.usage("one-client") == 3 * len(LOG)


def test_the_check_as_it_stores_answers_507_like_the_early_one(tmp_path, monkeypatch):
    from api import quota

    client = create_app(app_config(tmp_path, STORAGE_QUOTA_BYTES=len(LOG))).test_client()
    monkeypatch.setattr(quota, "ensure_room", lambda *args: None)  # as if a twin upload passed it too
    assert upload(client).status_code == 201
    detail = assert_problem(upload(client), 507)["detail"]
    assert "of the" in detail and client.application.extensions["card_replay"].repository.count() == 1

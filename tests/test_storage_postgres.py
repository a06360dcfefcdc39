"""Storage on a real PostgreSQL server (``DATABASE_URL``): logs kept byte for byte, across restarts.

`make test` installs and starts PostgreSQL where it may and passes its URL in ``TEST_POSTGRES_URL``; under
CI a missing server is a failure, elsewhere these tests are skipped. Each test process works in a schema of
its own (the ``postgres_url`` fixture of conftest.py), so parallel runs do not count each other's rows.
"""

import json
import os
import time

import sqlalchemy

from app import create_app
from dg_replay.simulate import simulate


def app_on(url):
    # no analysis worker: a thread of its own would go on looking at the queue after the test
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False, "ANALYSIS_WORKER": "off"})
    return app, app.test_client()


def test_uploads_are_kept_byte_for_byte_across_a_restart(postgres_url):
    body = (json.dumps(simulate(6, 21), indent=3, ensure_ascii=False) + "\n  ").encode()
    app, client = app_on(postgres_url)
    created = client.post("/api/v1/games", data=body, content_type="application/json")
    assert created.status_code == 201
    game_id = created.get_json()["id"]
    assert client.get(f"/api/v1/games/{game_id}/log").data == body
    app.extensions["card_replay"].repository.dispose()
    restarted, client = app_on(postgres_url)  # a second start finds the table and the game
    assert client.get(f"/api/v1/games/{game_id}/log").data == body
    assert client.get(f"/games/{game_id}").status_code == 200
    restarted.extensions["card_replay"].repository.dispose()


def test_a_game_s_page_lists_are_kept_with_it_on_postgresql(postgres_url):
    import api as web
    from api.i18n import LANGUAGES
    from replaykit import registry

    app, client = app_on(postgres_url)
    repository = app.extensions["card_replay"].repository
    log = registry.engines()["grande-dalmuti"].simulate(4, 7)
    game_id = client.post("/api/v1/games", json=log).get_json()["id"]
    with app.test_request_context():
        version = web.listings_version(web.results_version("grande-dalmuti"))
    assert all(repository.listing(game_id, version, 0, language) for language in LANGUAGES)
    assert repository.keep_listing(game_id, version, 0, "it", b"replaced")
    assert repository.listing(game_id, version, 0, "it") == b"replaced"
    assert repository.listing(game_id, version + "-older", 0, "en") is None
    repository.dispose()


def stored_count(repository) -> int:
    with repository.engine.connect() as connection:
        return connection.execute(sqlalchemy.text("SELECT count(*) FROM stored_games")).scalar_one()


def test_a_refused_upload_stores_nothing(postgres_url):
    app, client = app_on(postgres_url)
    repository = app.extensions["card_replay"].repository
    before = stored_count(repository)
    refused = client.post("/api/v1/games", data=b'{"game": "david-goliath"}', content_type="application/json")
    assert refused.status_code == 422
    assert stored_count(repository) == before
    repository.dispose()


def test_rate_limit_counters_quota_and_delete_work_on_postgresql(postgres_url):
    from api.ratelimits import SQLStorage

    storage = SQLStorage("sql+" + postgres_url)
    key = f"test/{os.getpid()}"
    storage.clear(key)
    assert [storage.incr(key, 60) for _ in range(3)] == [1, 2, 3] and storage.get(key) == 3
    storage.clear(key)
    storage.engine.dispose()
    app, client = app_on(postgres_url)
    body = json.dumps(simulate(3, 22)).encode()
    created = client.post("/api/v1/games", data=body, content_type="application/json",
                          environ_base={"REMOTE_ADDR": f"198.51.100.{os.getpid() % 250}"}).get_json()
    repository = app.extensions["card_replay"].repository
    assert not repository.delete(created["id"], "not-the-token")
    assert repository.delete(created["id"], created["delete_token"])
    assert client.get(f"/api/v1/games/{created['id']}").status_code == 404
    repository.dispose()


def test_uploads_arriving_at_once_never_take_a_client_past_its_quota_on_postgresql(postgres_url):
    from tests.test_api_quota import BARE, fill_at_once

    app, _client = app_on(postgres_url)
    repository = app.extensions["card_replay"].repository
    client = f"race-{os.getpid()}-{time.time_ns()}"
    outcomes = fill_at_once(repository, client, quota=3 * BARE)
    assert sorted(outcomes) == ["refused"] * 5 + ["stored"] * 3
    assert repository.usage(client) == 3 * BARE
    repository.dispose()


def test_a_list_of_games_reads_only_the_ends_of_each_log_on_postgresql(postgres_url):
    app, _client = app_on(postgres_url)
    repository = app.extensions["card_replay"].repository
    long, short = bytes(range(256)) * 20, b'{"game": "david-goliath"}'  # 5,120 bytes and 25
    kept = [repository.add(long, "david-goliath", True).id, repository.add(short, "david-goliath", False).id]
    found = repository.summaries([*kept, "gone"])
    assert set(found) == set(kept)
    assert (found[kept[0]].head, found[kept[0]].tail) == (long[:2048], long[-2048:])
    assert (found[kept[1]].head, found[kept[1]].tail, found[kept[1]].valid) == (short, b"", False)
    repository.dispose()

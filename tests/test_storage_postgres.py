"""Storage on a real PostgreSQL server (``DATABASE_URL``): logs kept byte for byte, across restarts.

`make test` installs and starts PostgreSQL where it may and passes its URL in ``TEST_POSTGRES_URL``; under
CI a missing server is a failure, elsewhere these tests are skipped.
"""

import json
import os

import pytest
import sqlalchemy

from app import create_app
from dg_replay.simulate import simulate


@pytest.fixture(scope="module")
def postgres_url():
    url = os.environ.get("TEST_POSTGRES_URL", "")
    try:
        engine = sqlalchemy.create_engine(url)
        with engine.connect():
            pass
        engine.dispose()
    except Exception as error:  # no URL, no driver or no server: all mean "no PostgreSQL here"
        if os.environ.get("CI"):
            pytest.fail(f"CI must test PostgreSQL storage, but {url or 'no URL'} is not reachable: {error}")
        pytest.skip(f"no PostgreSQL reachable ({error.__class__.__name__})")
    return url


def app_on(url):
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "test", "RATELIMIT_ENABLED": False})
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

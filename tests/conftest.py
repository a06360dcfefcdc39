"""Shared fixtures for the web layer: an app on a temporary SQLite file, its client, a live server."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from app import create_app
from dg_replay.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no access log lines in test output


def app_config(tmp_path: Path, **extra: object) -> dict:
    return {"TESTING": True, "SECRET_KEY": "test-secret", "DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
            "RATELIMIT_ENABLED": False,  # on only in the tests of rate limiting
            **extra}


@pytest.fixture
def app(tmp_path: Path):
    application = create_app(app_config(tmp_path))
    yield application
    application.extensions["card_replay"].repository.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def legal_log() -> dict:
    return simulate(4, 11)


class LiveServer:
    """The app under werkzeug's threaded server on 127.0.0.1 and an ephemeral port, in a daemon thread."""

    def __init__(self, application) -> None:
        self.server = make_server("127.0.0.1", 0, application, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.thread.join(timeout=5)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[LiveServer]:
    application = create_app(app_config(tmp_path_factory.mktemp("live")))
    with LiveServer(application) as server:
        yield server
    application.extensions["card_replay"].repository.dispose()

"""The shipped production setup: gunicorn.conf.py as gunicorn reads it, the systemd units, and the nginx site."""

from __future__ import annotations

import configparser
import gc
import http.client
import json
import os
from pathlib import Path

import pytest
from gunicorn.app.base import Application

from dg_replay.simulate import simulate
from scripts.instances import Nginx, missing_programs
from scripts.server import Server, free_port

ROOT = Path(__file__).resolve().parent.parent


class Loaded(Application):
    """gunicorn's own reading of the config file, as the production command does."""

    def init(self, parser, opts, args):
        return None

    def load_config(self):
        self.load_config_from_file(str(ROOT / "gunicorn.conf.py"))

    def load(self):  # pragma: no cover - never served
        raise AssertionError


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read(ROOT / "deploy" / name)
    return parser


def test_gunicorn_settings_resist_slow_clients_and_orphaned_workers():
    config = Loaded().cfg
    assert config.worker_class_str == "gevent" and config.workers == 2
    assert 0 < config.keepalive <= 10 and config.timeout == 30 and config.max_requests > 0
    assert config.post_fork.__module__ != "gunicorn.config"  # ours: workers die with their master


def test_a_worker_freezes_what_the_app_loaded_out_of_the_garbage_collector():
    from api import listings

    config = Loaded().cfg
    before = gc.get_freeze_count()
    listings.renderer.cache_clear()
    try:
        config.post_worker_init(None)
        assert gc.get_freeze_count() > before, "the objects alive when the worker is ready are frozen"
        assert listings.renderer.cache_info().currsize == 1, "the lists' code digest is taken before any view"
    finally:
        gc.unfreeze()


def test_the_unit_stops_the_whole_group_and_restarts():
    service = unit("card-replay.service")["Service"]
    assert service["KillMode"] == "control-group" and service["Restart"] == "always"
    assert "gunicorn.conf.py" in service["ExecStart"] and service["ExecStart"].endswith("app:create_app()")
    assert service["UMask"] == "0077"
    cleanup = unit("card-replay-cleanup.service")["Service"]
    assert cleanup["ExecStart"].endswith("flask --app app cleanup")
    assert unit("card-replay-cleanup.timer")["Timer"]["OnCalendar"] == "daily"


# -- the shipped nginx site in front of one instance (issue 27, item 4) ------------------------------------

def ask(base: str, path: str, host: str | None = None, method: str = "GET", body: bytes | None = None):
    """One request to ``base`` whose Host header is ``host`` (by default the address asked)."""
    address, port = base.removeprefix("http://").rsplit(":", 1)
    connection = http.client.HTTPConnection(address, int(port), timeout=20)
    try:
        connection.putrequest(method, path, skip_host=True)
        connection.putheader("Host", host or f"{address}:{port}")
        if body is not None:
            connection.putheader("Content-Type", "application/json")
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def fronted(tmp_path_factory):
    """nginx running the shipped site in front of one instance whose public origin is nginx's address."""
    if missing_programs():
        message = "nginx missing: `make test` installs Debian's nginx (root)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must test the nginx site, but {message}")
        pytest.skip(message)
    folder = tmp_path_factory.mktemp("fronted")
    port = free_port()
    nginx = Nginx(folder / "nginx", [port])
    server = Server(folder / "games.sqlite3", port=port,
                    env={"PUBLIC_ORIGIN": nginx.url, "TRUSTED_HOSTS": "127.0.0.1", "TRUSTED_PROXIES": "1"})
    with server, nginx:
        yield nginx, f"http://127.0.0.1:{port}"


def test_nginx_closes_requests_for_unknown_hosts_unanswered(fronted):
    nginx, _ = fronted
    assert ask(nginx.url, "/healthz")[0] == 200
    for host in ("evil.example", "replay.example.org", "127.0.0.1.evil.example"):
        with pytest.raises(http.client.RemoteDisconnected):
            ask(nginx.url, "/samples", host)
    closed = [entry for entry in nginx.served_by() if entry[1] == 444]
    assert len(closed) == 3 and all(port is None for *_, port in closed)  # no instance was asked


def test_pages_name_the_public_origin_whatever_host_reached_the_instance(fronted):
    nginx, instance = fronted
    status, text = ask(nginx.url, "/api/v1/games", method="POST", body=json.dumps(simulate(4, 3)).encode())
    assert status == 201
    page = f"/games/{json.loads(text)['id']}"
    status, html = ask(nginx.url, page)
    assert status == 200 and f'<meta property="og:url" content="{nginx.url}{page}">' in html
    assert f"@game.json {nginx.url}/api/v1/validate" in ask(instance, "/api/v1/docs")[1]
    # Asked directly with a forged Host, the instance itself refuses it (TRUSTED_HOSTS): 400, never echoed.
    status, text = ask(instance, page, "evil.example")
    assert status == 400 and "evil" not in text

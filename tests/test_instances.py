"""Two instances of the service behind nginx on loopback, sharing PostgreSQL (stored games, quota) and
Redis (rate limits), as docs/SCALING.md deploys them: what one instance stores the other serves and
deletes, a browser's session works on both, a client's rate limit and quota bind across both, and an
instance killed mid-burst loses no upload it acknowledged.

`make test` installs Debian's redis-server and nginx and starts PostgreSQL; under CI their absence is a
failure, elsewhere these tests are skipped.
"""

from __future__ import annotations

import configparser
import http.client
import json
import os
import re
import secrets
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from dg_replay.simulate import simulate
from scripts.instances import Nginx, Redis, instance_env, missing_programs, start_instances
from scripts.server import ROOT, Server

RATE = 5  # uploads per minute per client, in the shared instances' settings
QUOTA_TEST = slice(7, 10)  # the logs the quota test uploads; the quota holds two and a half of them


def unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"CI must test several instances, but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def database(postgres_url) -> str:
    """The test PostgreSQL database, once Redis and nginx are known to be installed."""
    if missing := missing_programs():
        unavailable(f"{' and '.join(missing)} missing: `make test` installs Debian's redis-server and nginx (root)")
    return postgres_url


def bodies(count: int, tag: str) -> list[bytes]:
    """Distinct logs, so a byte comparison proves each stored log is its own upload."""
    return [json.dumps({**simulate(4, seed), "meta": {"upload": f"{tag}-{seed}"}}).encode() for seed in range(count)]


def call(base: str, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
         source: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    """One request from the loopback address ``source`` (nginx sees it as the client's address)."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=20, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()
    finally:
        connection.close()


def upload(base: str, body: bytes, source: str = "127.0.0.1", headers: dict | None = None) -> tuple[int, dict]:
    status, _, data = call(base, "POST", "/api/v1/games", body, {"Content-Type": "application/json",
                                                                 **(headers or {})}, source)
    return status, json.loads(data) if data.startswith(b"{") else {}


@pytest.fixture(scope="module")
def logs() -> list[bytes]:
    return bodies(12, secrets.token_hex(4))


def kept_by_uploads(logs: list[bytes], folder: Path) -> list[int]:
    """What uploading each log keeps in all (the log, its results and page lists, and their rows), which the
    quota counts, as stored by an app of its own."""
    from app import create_app
    from tests.conftest import app_config
    from tests.test_api_quota import stored

    application = create_app(app_config(folder))
    kept = []
    for body in logs:
        before = stored(application)
        assert application.test_client().post("/api/v1/games", data=body,
                                              content_type="application/json").status_code == 201
        kept.append(stored(application) - before)
    return kept


@pytest.fixture(scope="module")
def site(database, logs, tmp_path_factory):
    """Redis, two instances and nginx; a secret of this run, so quota owners are this run's alone."""
    folder = tmp_path_factory.mktemp("instances")
    first, second, third = kept_by_uploads(logs[QUOTA_TEST], folder / "measured")
    quota = first + second + third // 2
    env = instance_env(database, "", secrets.token_hex(32), UPLOAD_RATE_LIMIT=f"{RATE} per minute",
                       STORAGE_QUOTA_BYTES=quota)
    with Redis(folder / "redis") as redis:
        env["RATELIMIT_STORAGE_URI"] = redis.url
        servers = start_instances(folder, 2, env)
        try:
            with Nginx(folder / "nginx", [server.port for server in servers]) as nginx:
                yield nginx, [f"http://127.0.0.1:{server.port}" for server in servers]
        finally:
            for server in servers:
                server.stop()


def test_the_template_unit_runs_one_instance_per_port_with_the_shared_settings():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read(ROOT / "deploy" / "card-replay@.service")
    service = unit["Service"]
    assert "--bind 127.0.0.1:%i " in service["ExecStart"] and service["ExecStart"].endswith("app:create_app()")
    assert service["Environment"] == "TRUSTED_PROXIES=1"
    assert service["EnvironmentFile"] == "/etc/card-replay.env"  # no "-": without the shared settings, no start
    assert service["KillMode"] == "control-group" and service["Restart"] == "always"


def test_the_shipped_nginx_site_is_what_runs(site):
    nginx, instances = site
    conf = (nginx.folder / "site.conf").read_text()
    assert [f"http://127.0.0.1:{port}" for port in re.findall(r"server 127\.0\.0\.1:(\d+) max_fails", conf)] == \
        instances
    assert call(nginx.url, "GET", "/healthz")[0] == 200


def test_a_game_stored_by_one_instance_is_read_and_deleted_on_the_other(site, logs):
    _, (first, second) = site
    status, created = upload(first, logs[0])
    assert status == 201
    game = created["id"]
    assert call(second, "GET", f"/api/v1/games/{game}/log")[2] == logs[0]
    assert call(second, "GET", f"/games/{game}")[0] == 200
    token = {"Authorization": f"Bearer {created['delete_token']}"}
    assert call(second, "DELETE", f"/api/v1/games/{game}", headers=token)[0] == 204
    assert call(first, "GET", f"/api/v1/games/{game}")[0] == 404


def cookie(headers: dict[str, str]) -> str:
    return headers["set-cookie"].split(";", 1)[0]


def csrf_token(page: bytes) -> str:
    return re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', page).group(1).decode()


def test_a_browser_session_begun_on_one_instance_works_on_the_other(site, logs):
    """Sessions are signed cookies: the shared SECRET_KEY is all two instances need to share them."""
    _, (first, second) = site
    _, headers, page = call(first, "GET", "/")
    form = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie(headers)}
    body = urlencode({"csrf_token": csrf_token(page), "text": logs[1].decode()}).encode()
    status, headers, _ = call(second, "POST", "/", body, form)  # the form's CSRF token checks out on the other
    assert status == 303
    game = headers["location"].rsplit("/", 1)[1]
    owner = {"Cookie": cookie(headers)}
    status, _, page = call(first, "GET", f"/games/{game}", headers=owner)  # its delete token is in the session
    assert status == 200 and b"Delete this game" in page
    delete = {**owner, "Content-Type": "application/x-www-form-urlencoded"}
    assert call(second, "POST", f"/games/{game}/delete", urlencode({"csrf_token": csrf_token(page)}).encode(),
                delete)[0] == 303
    assert call(first, "GET", f"/api/v1/games/{game}")[0] == 404


def upload_and_delete(base: str, instance: str, body: bytes, source: str) -> int:
    """An upload through nginx that leaves nothing stored (deleted on an instance directly, so that nginx
    hands the uploads out in turn), to keep the quota out of the way."""
    status, created = upload(base, body, source)
    if status == 201:
        token = {"Authorization": f"Bearer {created['delete_token']}"}
        assert call(instance, "DELETE", f"/api/v1/games/{created['id']}", headers=token)[0] == 204
    return status


def test_a_clients_rate_limit_binds_across_both_instances(site, logs):
    nginx, instances = site
    answers = [upload_and_delete(nginx.url, instances[0], body, "127.0.0.2") for body in logs[:RATE + 1]]
    assert answers == [201] * RATE + [429]
    # A forged X-Forwarded-For does not make it another client: nginx appends the real address, the one
    # the instances believe (TRUSTED_PROXIES=1).
    assert upload(nginx.url, logs[RATE + 1], "127.0.0.2", {"X-Forwarded-For": "127.0.0.9"})[0] == 429
    assert upload(nginx.url, logs[RATE + 1], source="127.0.0.4")[0] == 201  # another client is not held back
    served = {port for client, status, method, port in nginx.served_by()
              if client == "127.0.0.2" and (status, method) == (201, "POST")}
    assert served == {int(url.rsplit(":", 1)[1]) for url in instances}  # both instances took uploads


def test_a_clients_quota_binds_across_both_instances(site, logs):
    nginx, _ = site
    first, second, third = logs[QUOTA_TEST]
    assert upload(nginx.url, first, "127.0.0.3")[0] == 201
    assert upload(nginx.url, second, "127.0.0.3")[0] == 201
    status, problem = upload(nginx.url, third, "127.0.0.3")
    assert status == 507 and "of the" in problem["detail"]  # 2.5 logs' worth: the third is one too many
    served = [port for client, _, method, port in nginx.served_by() if client == "127.0.0.3" and method == "POST"]
    assert len(set(served)) == 2  # and the instances took turns: each refused or stored knowing the other's


def uploader(base: str, logs: list[bytes], stop: threading.Event, acknowledged: list, lock: threading.Lock) -> None:
    index = 0
    while not stop.is_set():
        body = logs[index % len(logs)]
        index += 1
        try:
            status, created = upload(base, body)
        except (OSError, http.client.HTTPException):
            continue  # never acknowledged
        if status == 201:
            with lock:
                acknowledged.append((time.monotonic(), created["id"], body))


def until(condition, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)


def test_an_instance_killed_mid_burst_loses_no_acknowledged_upload(database, tmp_path):
    env = instance_env(database, "memory://", secrets.token_hex(32), RATELIMIT_ENABLED="false")
    sent = bodies(40, secrets.token_hex(4))
    servers: list[Server] = start_instances(tmp_path, 2, env)
    acknowledged: list = []
    lock, stop = threading.Lock(), threading.Event()
    try:
        with Nginx(tmp_path / "nginx", [server.port for server in servers]) as nginx:
            threads = [threading.Thread(target=uploader, args=(nginx.url, sent, stop, acknowledged, lock))
                       for _ in range(4)]
            for thread in threads:
                thread.start()
            # Waited for, not slept: a busy machine (parallel tests) may take seconds to serve the first ones.
            until(lambda: any(status == 201 and port == servers[0].port for _, status, _, port in nginx.served_by()))
            servers[0].kill()  # master and workers, mid-request
            killed = time.monotonic()
            until(lambda: sum(moment > killed for moment, _, _ in list(acknowledged)) >= 3)
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
            lost = [game for _, game, body in acknowledged
                    if call(nginx.url, "GET", f"/api/v1/games/{game}/log")[2] != body]
            by_killed = [entry for entry in nginx.served_by() if entry[1] == 201 and entry[3] == servers[0].port]
    finally:
        stop.set()
        for server in servers:
            server.stop()
    assert by_killed, "the killed instance had acknowledged nothing: the test proves nothing"
    assert sum(moment > killed for moment, _, _ in acknowledged) > 0  # the other went on taking uploads
    assert len({game for _, game, _ in acknowledged}) == len(acknowledged) and lost == []


def test_without_redis_the_rate_limit_binds_across_instances_through_postgresql(database, tmp_path):
    """RATELIMIT_STORAGE_URI unset: the counters live in the shared PostgreSQL database (api.ratelimits)."""
    env = instance_env(database, "", secrets.token_hex(32), UPLOAD_RATE_LIMIT="3 per minute")
    del env["RATELIMIT_STORAGE_URI"]
    client = {"X-Forwarded-For": f"127.{secrets.randbelow(250)}.{secrets.randbelow(250)}.{secrets.randbelow(250)}"}
    servers = start_instances(tmp_path, 2, env)  # called directly, as a proxy would: its header is believed
    try:
        first, second = (f"http://127.0.0.1:{server.port}" for server in servers)
        answers = [upload(base, body, headers=client)[0]
                   for base, body in zip([first, second, first, second], bodies(4, secrets.token_hex(4)), strict=True)]
    finally:
        for server in servers:
            server.stop()
    assert answers == [201, 201, 201, 429]

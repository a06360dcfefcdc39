"""Bounded load, slow-client, quota and crash checks against a real gunicorn on loopback, run with the
production settings of gunicorn.conf.py (the short CI form of `python -m scripts.loadtest` and
`python -m scripts.crashtest`)."""

from __future__ import annotations

import http.client
import json
import socket
import time

import pytest

from dg_replay.simulate import simulate
from scripts import crashtest, loadtest
from scripts.server import Server

pytestmark = pytest.mark.slow


def test_mixed_load_gives_no_server_error():
    # A count of requests, not a time: a busy CI machine answered only 15 in 4 s, and the check is that
    # every one of them is answered without a server error, not how fast.
    figures = loadtest.run(seconds=180, clients=4, max_requests=10)
    assert figures["requests"] == 40, figures
    assert figures["server_errors"] == 0, figures
    assert set(figures["statuses"]) <= {200, 201, 422}, figures


def test_kill_minus_nine_loses_no_confirmed_upload():
    figures = crashtest.run(rounds=2, seconds=1.5, threads=4, answers=6)
    assert figures["confirmed_uploads"] > 10
    assert figures["lost_or_changed"] == 0, figures


def test_killing_the_master_alone_frees_the_port_within_seconds_and_loses_nothing():
    # With sync workers and no death signal, orphaned workers held the port for up to 49 s.
    figures = crashtest.run(rounds=1, seconds=1.5, threads=4, kill="master", answers=11)
    assert figures["confirmed_uploads"] > 10
    assert figures["lost_or_changed"] == 0, figures
    assert figures["port_released_max_s"] < 5, figures


def test_one_client_cannot_store_past_its_quota():
    figures = loadtest.quota_run(seconds=20, quota=200_000, stop_after=5)
    assert 100_000 < figures["stored_bytes"] <= 200_000, figures  # all it keeps, of which the logs are a part
    assert figures["log_bytes"] < figures["stored_bytes"] / 4, figures
    assert figures["statuses"][507] == 5 and set(figures["statuses"]) == {201, 507}, figures


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("ops") / "ops.sqlite3", env={"BODY_READ_TIMEOUT": "2"}) as running:
        yield running


def ask(port: int, method: str, path: str, body: bytes | None = None, **options) -> tuple[int, float]:
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
    connection.request(method, path, body=body, headers={"Content-Type": "application/json"}, **options)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, time.monotonic() - started


def test_slow_clients_do_not_starve_the_service(server):
    # Sync workers: two such sockets held both workers until the 30 s timeout.
    slow = []
    for index in range(8):
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=6)
        connection.sendall(loadtest.SLOW_STARTS[index % 2] + (b"{" if index % 2 else b""))
        slow.append(connection)
    try:
        body = json.dumps(simulate(4, 61)).encode()
        answers = [ask(server.port, "GET", "/healthz") for _ in range(5)]
        answers += [ask(server.port, "POST", "/api/v1/validate", body) for _ in range(5)]
        assert [status for status, _ in answers] == [200] * 10
        assert max(seconds for _, seconds in answers) < 2.0, answers  # starved, they would wait 30 s
        started = time.monotonic()
        assert slow[1].recv(64).startswith(b"HTTP/1.1 408")  # the body never came: cut at BODY_READ_TIMEOUT
        assert time.monotonic() - started < 4
    finally:
        for connection in slow:
            connection.close()


def test_a_chunked_body_over_the_limit_is_413_through_gunicorn(server):
    log = simulate(4, 62)
    big = json.dumps({**log, "meta": {"pad": "x" * (3 * 1024 * 1024)}}).encode()
    chunks = (big[start:start + 65536] for start in range(0, len(big), 65536))
    assert ask(server.port, "POST", "/api/v1/games", chunks, encode_chunked=True)[0] == 413
    small = json.dumps(log).encode()
    assert ask(server.port, "POST", "/api/v1/validate", iter([small[:100], small[100:]]), encode_chunked=True)[0] == 200


def test_a_body_trickled_in_is_cut_at_the_timeout_whatever_its_pace(server):
    # Before: each byte restarted the socket's wait, so a byte every second kept the body open for ever.
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    connection.sendall(b"POST /api/v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       b"Content-Length: 1000\r\n\r\n{")
    started, answer = time.monotonic(), b""
    connection.settimeout(0.5)
    try:
        while time.monotonic() - started < 12 and not answer:
            try:
                answer = connection.recv(64)
            except TimeoutError:
                connection.sendall(b" ")  # a byte each half second, well within any per-wait timeout
    finally:
        connection.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer
    assert time.monotonic() - started < 2 + 4  # BODY_READ_TIMEOUT is 2 here; generous for a busy machine


def test_a_few_slow_bodies_leave_a_normal_client_answered():
    from scripts import slowbodies

    figures = slowbodies.run(connections=150, seconds=8, pace=1, body_timeout=3)
    assert figures["opened"] == 150 and figures["still_open"] == 0, figures
    assert figures["normal_ok"] == figures["normal_requests"] > 0, figures


def test_fresh_database_boots_all_serve():
    from scripts import boots

    figures = boots.run(3)
    assert figures["served"] == 3, figures


def test_gunicorns_own_refusals_are_problem_documents(server):
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    connection.sendall(b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = b""
    while chunk := connection.recv(4096):
        answer += chunk
    connection.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 414") and b"Content-Type: application/problem+json" in head, head
    assert json.loads(body)["status"] == 414

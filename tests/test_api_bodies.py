"""Bodies read whole within the size and time limits, whatever their framing (api.bodies)."""

from __future__ import annotations

import io
import json
import socket
import time
from contextlib import suppress

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Response

from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import LiveServer, app_config
from tests.test_hardening import assert_problem
from tests.test_pages import csrf_token, submit

CHUNKED = {"Transfer-Encoding": "chunked"}
MiB = 1024 * 1024


def padded(size: int) -> bytes:
    """A legal log padded in meta to about ``size`` bytes."""
    log = simulate(4, 31)
    base = len(json.dumps({**log, "meta": {"pad": ""}}).encode())
    return json.dumps({**log, "meta": {"pad": "x" * max(0, size - base)}}).encode()


def chunked_post(client, path: str, body: bytes, content_type: str = "application/json"):
    return client.post(path, input_stream=io.BytesIO(body), content_type=content_type, headers=CHUNKED)


@pytest.mark.parametrize("path", ["/api/v1/games", "/api/v1/validate"])
def test_a_chunked_body_over_the_limit_is_413_not_cut(client, path):
    response = chunked_post(client, path, padded(3 * MiB))
    assert "in chunks" in assert_problem(response, 413)["detail"]
    assert client.application.extensions["card_replay"].repository.count() == 0


def test_a_body_over_the_limit_says_the_limit_however_it_is_sent(client):
    # With a length it said only "larger than this service accepts"; chunked, it named the 2 MiB limit.
    chunked = assert_problem(chunked_post(client, "/api/v1/validate", padded(3 * MiB)), 413)["detail"]
    sized = client.post("/api/v1/validate", data=padded(3 * MiB), content_type="application/json")
    assert assert_problem(sized, 413)["detail"] == chunked
    assert "2,097,152 bytes" in chunked
    italian = client.post("/api/v1/validate", data=padded(3 * MiB), content_type="application/json",
                          headers={"Accept-Language": "it"})
    assert "2.097.152 byte" in assert_problem(italian, 413)["detail"]


def test_a_chunked_body_within_the_limit_is_stored_byte_for_byte(client):
    body = padded(2 * MiB - 10)
    response = chunked_post(client, "/api/v1/games", body)
    assert response.status_code == 201
    assert client.get(f"/api/v1/games/{response.get_json()['id']}/log").data == body


def test_a_chunked_form_upload_over_the_limit_is_413(tmp_path):
    client = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True)).test_client()
    token = csrf_token(client)
    boundary = "b0undary"
    form = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="game.json"\r\n'
            f"Content-Type: application/json\r\n\r\n").encode() + padded(3 * MiB) + f"\r\n--{boundary}--\r\n".encode()
    response = chunked_post(client, "/", form, f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 413 and response.mimetype == "text/html"
    assert client.application.extensions["card_replay"].repository.count() == 0


def sent_in_every_form(client, log: bytes) -> list[int]:
    """The statuses of ``log`` sent to the API as a multipart file and as a multipart field's text, and
    through the upload page as a file and as pasted text."""
    api = [client.post("/api/v1/games", data={"file": part}, content_type="multipart/form-data")
           for part in ((io.BytesIO(log), "game.json"), log.decode())]
    page = [submit(client, file=log), submit(client, text=log.decode())]
    return [response.status_code for response in api + page]


def test_a_log_of_the_largest_size_is_taken_in_a_form_as_in_a_json_body(client):
    # Before, a form's boundaries and CSRF token counted against the log's 2 MiB: such a log was 413 in a form.
    log = padded(2 * MiB)
    assert len(log) == 2 * MiB
    assert client.post("/api/v1/games", data=log, content_type="application/json").status_code == 201
    assert sent_in_every_form(client, log) == [201, 201, 303, 303]
    assert client.application.extensions["card_replay"].repository.count() == 5


def test_a_log_a_byte_past_the_largest_is_413_in_a_form_too(client):
    log = padded(2 * MiB + 1)
    assert sent_in_every_form(client, log) == [413] * 4
    refused = client.post("/api/v1/games", data={"file": (io.BytesIO(log), "game.json")},
                          content_type="multipart/form-data")
    said = "The log in this form is larger than the 2,097,152 bytes accepted here."
    assert assert_problem(refused, 413)["detail"] == said
    assert "larger than 2.0 MiB" in submit(client, text=log.decode()).get_data(as_text=True)
    assert client.application.extensions["card_replay"].repository.count() == 0


class Trickle(io.RawIOBase):
    """A client sending one byte at a time, slowly."""

    def __init__(self, body: bytes, pause: float) -> None:
        self.body, self.pause, self.sent = body, pause, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        time.sleep(self.pause)
        if self.sent >= len(self.body):
            return 0
        buffer[0] = self.body[self.sent]
        self.sent += 1
        return 1


def test_a_body_that_does_not_arrive_in_time_is_408(tmp_path):
    application = create_app(app_config(tmp_path, BODY_READ_TIMEOUT=0.3))
    body = json.dumps(simulate(3, 2)).encode()
    environ = EnvironBuilder("/api/v1/validate", method="POST", data=body,
                             content_type="application/json").get_environ()
    environ["wsgi.input"] = Trickle(body, 0.02)
    started = time.monotonic()
    response = Response.from_app(application, environ)
    assert "did not arrive within" in assert_problem(response, 408)["detail"]
    assert time.monotonic() - started < 2


def test_a_late_body_is_explained_in_the_reader_s_language(tmp_path):
    application = create_app(app_config(tmp_path, BODY_READ_TIMEOUT=0.3))
    body = json.dumps(simulate(3, 2)).encode()
    environ = EnvironBuilder("/api/v1/validate", method="POST", data=body, content_type="application/json",
                             headers={"Accept-Language": "pl"}).get_environ()
    environ["wsgi.input"] = Trickle(body, 0.02)
    detail = assert_problem(Response.from_app(application, environ), 408)["detail"]
    assert detail == "Treść nie dotarła w ciągu 0,3 s; wyślij ją ponownie w całości."


@pytest.mark.parametrize("trickled", [False, True])
def test_a_body_that_stops_or_trickles_is_408_at_its_deadline_under_flask_s_own_server_too(tmp_path, trickled):
    # `make run` serves with Flask's development server, which gives no gunicorn socket: a body announced as
    # 1,000 bytes of which 8 came held the connection open for good; one trickled a byte every 0.1 s kept each
    # wait for bytes short, so the read went on past the deadline for as long as the client kept trickling.
    application = create_app(app_config(tmp_path, BODY_READ_TIMEOUT=0.5))
    with LiveServer(application) as server, \
            socket.create_connection(("127.0.0.1", server.server.server_port), timeout=10) as held:
        held.sendall(b"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{\"game\":")
        started = time.monotonic()
        held.setblocking(False)
        answer = b""
        while not answer and time.monotonic() - started < 5:
            if trickled:
                with suppress(OSError):  # refused once the server stopped reading: its answer is on the way
                    held.send(b" ")
            time.sleep(0.1)
            with suppress(BlockingIOError):
                answer = held.recv(4096)
        waited = time.monotonic() - started
    application.extensions["card_replay"].repository.dispose()
    assert answer.startswith(b"HTTP/1.1 408"), answer
    assert waited < 1.5

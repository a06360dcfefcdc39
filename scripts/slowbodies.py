"""Many connections trickling a body, and one normal client beside them, against gunicorn on loopback.

Each slow connection sends a request's headers at once, then its body a byte every ``--pace`` seconds;
the server must cut each at ``BODY_READ_TIMEOUT`` (408, or the connection closed) whatever the pace, and
keep answering the normal client. Prints how many were cut, and the normal client's answers and times.

    .venv/bin/python -m scripts.slowbodies --connections 1000 --seconds 30 --pace 9
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import resource
import socket
import statistics
import tempfile
import time
from pathlib import Path

from dg_replay.simulate import simulate
from scripts.server import Server

HEAD = (b"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\n\r\n")


def _open(port: int) -> socket.socket | None:
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=2)
        connection.sendall(HEAD + b"{")
        connection.setblocking(False)
        return connection
    except OSError:
        return None


def _cut(connection: socket.socket) -> bool:
    """Whether the server answered or closed this connection."""
    try:
        return connection.recv(64) is not None
    except BlockingIOError:
        return False
    except OSError:
        return True


def _ask(port: int, body: bytes) -> tuple[int, float]:
    started = time.monotonic()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("POST", "/api/v1/validate", body=body, headers={"Content-Type": "application/json"})
        status = connection.getresponse().status
        connection.close()
    except OSError:
        status = 0
    return status, time.monotonic() - started


def run(connections: int = 1000, seconds: float = 30, pace: float = 9.0, body_timeout: int = 10) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, connections + 256)), hard))
    body = json.dumps(simulate(4, 7)).encode()
    with tempfile.TemporaryDirectory() as folder, \
            Server(Path(folder) / "slow.sqlite3", env={"BODY_READ_TIMEOUT": str(body_timeout)}) as server:
        opened = [_open(server.port) for _ in range(connections)]
        slow = {index: connection for index, connection in enumerate(opened) if connection is not None}
        started, cut_after, answers, last_byte = time.monotonic(), [], [], time.monotonic()
        while time.monotonic() - started < seconds:
            answers.append(_ask(server.port, body))
            for index, connection in list(slow.items()):
                if _cut(connection):
                    cut_after.append(time.monotonic() - started)
                    connection.close()
                    del slow[index]
            if time.monotonic() - last_byte >= pace:
                last_byte = time.monotonic()
                for connection in slow.values():
                    with contextlib.suppress(OSError):
                        connection.send(b" ")
            time.sleep(0.25)
        for connection in slow.values():
            connection.close()
    times = [took for _, took in answers]
    return {"opened": len(opened) - opened.count(None), "cut": len(cut_after),
            "cut_max_s": max(cut_after, default=None), "still_open": len(slow),
            "normal_requests": len(answers), "normal_ok": sum(status == 200 for status, _ in answers),
            "normal_p50_s": statistics.median(times) if times else None, "normal_max_s": max(times, default=None)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.slowbodies")
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pace", type=float, default=9.0, help="seconds between two bytes of a slow body")
    parser.add_argument("--body-timeout", type=int, default=10, help="BODY_READ_TIMEOUT given to the server")
    args = parser.parse_args()
    print(run(args.connections, args.seconds, args.pace, args.body_timeout))


if __name__ == "__main__":
    main()

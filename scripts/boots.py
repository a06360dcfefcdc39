"""Fresh-database boots in a row: gunicorn with two workers on a database file that does not exist yet,
each boot checked to serve (both workers up, ``/healthz`` 200, an upload stored), then stopped.

    .venv/bin/python -m scripts.boots --boots 50
"""

from __future__ import annotations

import argparse
import http.client
import json
import tempfile
import time
from pathlib import Path

from dg_replay.simulate import simulate
from scripts.server import Server


def boot_once(folder: Path, number: int, body: bytes) -> str | None:
    """``None`` when the boot served, else what went wrong."""
    try:
        with Server(folder / f"fresh{number}.sqlite3") as server:
            time.sleep(0.3)  # a worker failing its boot makes the master exit soon after the first answer
            if server.process.poll() is not None or len(server.workers_now()) < 2:
                return "a worker or the master exited"
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            connection.request("POST", "/api/v1/games", body=body, headers={"Content-Type": "application/json"})
            status = connection.getresponse().status
            return None if status == 201 else f"upload answered {status}"
    except RuntimeError as error:
        return str(error)[-300:]


def run(boots: int = 50) -> dict:
    body = json.dumps(simulate(3, 5)).encode()
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(boots):
            failure = boot_once(Path(folder), number, body)
            if failure:
                failures.append(failure)
    return {"boots": boots, "served": boots - len(failures), "failures": failures[:5]}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.boots")
    parser.add_argument("--boots", type=int, default=50)
    print(run(parser.parse_args().boots))


if __name__ == "__main__":
    main()

"""Crash recovery: uploads in flight, ``kill -9``, restart. Every upload that was answered 201 must still
be there, byte-identical; nothing half-written may be served.

``--kill group`` kills master and workers at once (a crash of the whole service); ``--kill master`` kills
the master alone, as an out-of-memory killer might: its workers must then let go of the port by
themselves, quickly, so that a supervisor's restart binds it. The figures say how long that took.

    .venv/bin/python -m scripts.crashtest --rounds 3 [--kill master]
"""

from __future__ import annotations

import argparse
import http.client
import json
import tempfile
import threading
import time
from pathlib import Path

from dg_replay.simulate import simulate
from scripts.server import Server, alive


def uploader(port: int, bodies: list[bytes], stop: threading.Event, answered: dict[str, bytes],
             lock: threading.Lock) -> None:
    index = 0
    while not stop.is_set():
        body = bodies[index % len(bodies)]
        index += 1
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("POST", "/api/v1/games", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            continue  # the server died under us: this upload was never confirmed
        if response.status == 201:
            with lock:
                answered[json.loads(data)["id"]] = body


def verify(port: int, answered: dict[str, bytes]) -> list[str]:
    """The ids whose stored log is missing or differs from what was sent."""
    lost = []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for game_id, body in answered.items():
        connection.request("GET", f"/api/v1/games/{game_id}/log")
        response = connection.getresponse()
        if response.status != 200 or response.read() != body:
            lost.append(game_id)
    return lost


def release(workers: list[int], limit: float = 60.0) -> float:
    """Seconds until every orphaned worker has exited (``limit`` if some never do)."""
    started = time.monotonic()
    while any(alive(pid) for pid in workers) and time.monotonic() - started < limit:
        time.sleep(0.02)
    return time.monotonic() - started


def run(rounds: int = 3, seconds: float = 2.0, threads: int = 6, kill: str = "group", answers: int = 0) -> dict:
    """``rounds`` of uploads killed after ``seconds``, or later if fewer than ``answers`` of the round's uploads
    were answered by then (a busy machine: a kill before anything was stored proves nothing)."""
    # Unique bodies, so a byte comparison proves each stored log is its own upload.
    bodies = [json.dumps({**simulate(3 + seed % 4, seed), "meta": {"upload": seed}}).encode() for seed in range(60)]
    answered: dict[str, bytes] = {}
    releases: list[float] = []
    lock = threading.Lock()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "crash.sqlite3"
        server = Server(database)
        for _ in range(rounds):
            server.start()
            before = len(answered)
            stop = threading.Event()
            workers = [threading.Thread(target=uploader, args=(server.port, bodies, stop, answered, lock))
                       for _ in range(threads)]
            for worker in workers:
                worker.start()
            time.sleep(seconds)
            deadline = time.monotonic() + 60
            while len(answered) - before < answers and time.monotonic() < deadline:
                time.sleep(0.05)
            if kill == "master":  # mid-flight: the uploaders are still sending
                releases.append(release(server.kill_master()))
            else:
                server.kill()
            stop.set()
            for worker in workers:
                worker.join()
        with server:
            lost = verify(server.port, answered)
    return {"rounds": rounds, "kill": kill, "confirmed_uploads": len(answered), "lost_or_changed": len(lost),
            "port_released_max_s": max(releases, default=None)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.crashtest")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--kill", choices=("group", "master"), default="group",
                        help="kill the whole process group, or the master alone")
    args = parser.parse_args()
    figures = run(args.rounds, args.seconds, kill=args.kill)
    released = figures["port_released_max_s"]
    print(f"{figures['rounds']} kill -9 rounds ({args.kill}), {figures['confirmed_uploads']} uploads answered 201, "
          f"{figures['lost_or_changed']} lost or changed"
          + ("" if released is None else f", orphaned workers gone within {released:.1f} s"))


if __name__ == "__main__":
    main()

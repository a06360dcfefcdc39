"""A hypothetical branch of 40 plays, the old way and the new (issue 28): every step posting the whole log to
``/api/v1/choices``, against the branch kept on the server (``/api/v1/branches``: the log once, then the
branch's id and one action a step). From the middle of a simulated game of each game, the same plays are
tried both ways (a seeded pick among the choices); the figures are the request bodies' bytes the client
sends and the server's time for the whole branch (test client; the best of 3 branches). "held" is the
memory one kept branch takes (tracemalloc, over 10 branches of the log the branch starts from), which the
store's bound on the logs' bytes (``BRANCH_MAX_LOG_BYTES``) is set from.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
import tracemalloc
from pathlib import Path

import jsonpatch

from benchmarks.play import GAMES, middle_of
from benchmarks.timing import table
from benchmarks.web import bench_app

STEPS = 40


def _whole_logs(client, log: dict, steps: int) -> tuple[int, float, int]:
    """Bytes sent, seconds and plays: every step posts the log so far to /choices."""
    rng, sent, spent = random.Random(1), 0, 0.0
    for played in range(steps + 1):
        body = json.dumps(log).encode()
        began = time.perf_counter()
        answer = client.post("/api/v1/choices", data=body, content_type="application/json").get_json()
        spent += time.perf_counter() - began
        sent += len(body)
        if played == steps or answer["over"]:
            return sent, spent, played
        log = jsonpatch.apply_patch(log, rng.choice(answer["choices"])["patch"])
    raise AssertionError("unreachable")


def _kept(client, log: dict, steps: int) -> tuple[int, float, int]:
    """Bytes sent, seconds and plays: the log once, then one action a step."""
    rng = random.Random(1)
    body = json.dumps(log).encode()
    began = time.perf_counter()
    answer = client.post("/api/v1/branches", data=body, content_type="application/json").get_json()
    spent, sent = time.perf_counter() - began, len(body)
    for played in range(steps + 1):
        if played == steps or answer["over"]:
            return sent, spent, played
        step = json.dumps({"steps": played, "action": rng.choice(answer["choices"])["action"]}).encode()
        began = time.perf_counter()
        answer = client.post(f"/api/v1/branches/{answer['branch']}", data=step,
                             content_type="application/json").get_json()
        spent += time.perf_counter() - began
        sent += len(step)
    raise AssertionError("unreachable")


def _held(client, log: dict, count: int = 10) -> float:
    """Bytes of memory one kept branch of ``log`` holds."""
    body = json.dumps(log).encode()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(count):
        client.post("/api/v1/branches", data=body, content_type="application/json")
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held / count


def branch_vs_whole_log(steps: int = STEPS) -> str:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(f"sqlite:///{Path(folder) / 'branches.sqlite3'}")
        app.config["BRANCH_PER_CLIENT"] = app.config["BRANCH_MAX"]
        client = app.test_client()
        for game_id, players in GAMES:
            log = middle_of(game_id, players)
            old = min((_whole_logs(client, log, steps) for _ in range(3)), key=lambda run: run[1])
            new = min((_kept(client, log, steps) for _ in range(3)), key=lambda run: run[1])
            assert old[2] == new[2], "the same plays both ways"
            held = _held(client, log)
            rows.append([f"{game_id}, {players} players", old[2], f"{old[0] / 1024:.0f}", f"{new[0] / 1024:.1f}",
                         f"{old[1] * 1e3:.0f}", f"{new[1] * 1e3:.0f}", f"{old[1] / new[1]:.1f}x",
                         f"{held / 1024:.0f}", f"{held / len(json.dumps(log)):.0f}x"])
    return table(f"A hypothetical branch of up to {steps} plays from the middle of a game: the whole log posted "
                 "to /choices at every step, against the branch kept on the server (bytes the client sends, "
                 "server ms for the whole branch, test client, best of 3; memory one kept branch holds)",
                 ["log", "plays", "whole-log KB", "kept KB", "whole-log ms", "kept ms", "faster", "held KB",
                  "held / log"], rows)

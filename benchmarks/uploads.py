"""What an upload costs as a log grows: server time and peak memory of ``POST /api/v1/games`` for 1×, 2× and
4× a long log of each game, and for the David & Goliath match at every limit (``api.workload``).

Each upload runs in a fresh process (the app's test client, no network), so its peak memory is its own:
the growth of the process's peak resident set over the upload. A log whose work grows linearly shows time
and memory ratios near 2 and 4; a square would show 4 and 16. ``python -m benchmarks.uploads`` prints this
section alone.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.timing import table

PLAYERS = ["A", "B", "C", "D", "E", "F"]


def dg_game(tricks: int, players: list[str] = PLAYERS) -> dict:
    """Tricks of 40 plays by every player in turn, no deal given (every hand is worked out from the plays)."""
    trick = {"plays": [{"player": players[index % len(players)], "card": f"B{index % 12 + 1}"}
                       for index in range(40)]}
    return {"game": "david-goliath", "players": players, "tricks": [trick] * tricks}


def dg_match(games: int, players: list[str] = PLAYERS) -> dict:
    return {"game": "david-goliath-match", "players": players, "games": [dg_game(40, players)] * games}


def olympi(races: int) -> dict:
    """Races of 400 turns of two cards, nine disciplines of 32-part rules (``scripts.hostile``'s heaviest)."""
    from scripts.hostile import olympi as heaviest

    return heaviest(32, races=races)


def dalmuti(rounds: int, players: int = 4) -> dict:
    from dalmuti_replay.simulate import simulate

    return simulate(players, 7, rounds=rounds)


# name, how each size is made, the sizes (1×, 2×, 4×)
SERIES = [("D&G game, 6 players, tricks of 40 plays", "dg_game", (10, 20, 40)),
          ("D&G match, 6 players, games of 40 × 40 plays", "dg_match", (3, 6, 12)),
          ("Il Grande Dalmuti, 4 players, rounds", "dalmuti", (17, 35, 70)),
          ("Olympi, races of 400 turns", "olympi", (5, 10, 20))]
LIMITS = [("D&G match at every limit, 6 players (30 × 40 × 40)", "dg_match", 30),
          ("Il Grande Dalmuti, 20 players, 12 rounds (5,677 plays)", "dalmuti_20", 12),
          ("the same, 120 players", "dg_match_120", 30)]

MAKERS = {"dg_game": dg_game, "dg_match": dg_match, "dalmuti": dalmuti, "olympi": olympi,
          "dalmuti_20": lambda rounds: dalmuti(rounds, 20),
          "dg_match_120": lambda games: dg_match(games, [f"P{index}" for index in range(120)])}


def peak_kib() -> int:
    """The process's peak resident memory in KiB (VmHWM)."""
    line = next(line for line in Path("/proc/self/status").read_text().splitlines() if line.startswith("VmHWM:"))
    return int(line.split()[1])


def one(maker: str, size: int) -> dict:
    """In this process: store the log once (after a small upload that loads everything) and measure it."""
    import tempfile
    import time

    from api import workload
    from app import create_app

    document = MAKERS[maker](size)
    body = json.dumps(document, separators=(",", ":")).encode()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"RATELIMIT_ENABLED": False, "STORAGE_QUOTA_BYTES": 1 << 40,
                          "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
                          "ANALYSIS_WORKER": "off"})  # the upload alone: no analysis meanwhile
        client = app.test_client()
        client.post("/api/v1/games", data=json.dumps(dg_game(1)), content_type="application/json")
        # Building the log may have used more memory than storing it: the peak is set back to what the
        # process holds now (Linux), so what is measured is the upload's own growth.
        Path("/proc/self/clear_refs").write_text("5")
        before = peak_kib()
        started, cpu = time.perf_counter(), time.process_time()
        answer = client.post("/api/v1/games", data=body, content_type="application/json")
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        peak = peak_kib() - before
        with app.app_context():
            work = workload.measure(document)
    return {"bytes": len(body), "status": answer.status_code, "seconds": seconds, "cpu": cpu, "peak_mb": peak / 1024,
            "work": work}


def measured(maker: str, size: int) -> dict:
    run = subprocess.run([sys.executable, "-m", "benchmarks.uploads", maker, str(size)], capture_output=True,
                         text=True, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def growth() -> str:
    rows = []
    for name, maker, sizes in SERIES:
        first = None
        for times, size in zip((1, 2, 4), sizes, strict=True):
            found = measured(maker, size)
            first = first or found
            rows.append([f"{name}: {size} ({times}×)", f"{found['bytes'] / 1e3:,.0f}", f"{found['work']:,}",
                         str(found["status"]), f"{found['seconds']:.2f}", f"{found['cpu']:.2f}",
                         f"{found['cpu'] / first['cpu']:.1f}", f"{found['peak_mb']:.0f}",
                         f"{found['peak_mb'] / max(first['peak_mb'], 1):.1f}"])
    for name, maker, size in LIMITS:
        found = measured(maker, size)
        rows.append([name, f"{found['bytes'] / 1e3:,.0f}", f"{found['work']:,}", str(found["status"]),
                     f"{found['seconds']:.2f}", f"{found['cpu']:.2f}", "", f"{found['peak_mb']:.0f}", ""])
    return table("Uploads: POST /api/v1/games as a log grows (server time, its CPU time and the upload's peak "
                 "memory, each in a fresh process; ratios against the 1× log)",
                 ["log", "KB", "steps × seats", "status", "s", "CPU s", "× 1×", "peak MB", "× 1×"], rows)


if __name__ == "__main__":
    if len(sys.argv) == 3:
        print(json.dumps(one(sys.argv[1], int(sys.argv[2]))))
    else:
        print(growth())

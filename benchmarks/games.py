"""Every registered game, side by side: full validation against json.loads of the same logs, the cost per
move (a play, a pass, a turn: every object of the log that names a player), and a JSONL archive validated
by ``card-replay validate --json`` in logs per second."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import best_of, settled_heap, table
from replaykit import registry
from replaykit.jsonio import read_json


def moves(node: object) -> int:
    if isinstance(node, dict):
        return ("player" in node) + sum(moves(value) for value in node.values())
    if isinstance(node, list):
        return sum(moves(value) for value in node)
    return 0


def logs_of(engine, count: int) -> list[bytes]:
    low, high = engine.players
    return [json.dumps(engine.simulate(low + seed % (high - low + 1), seed)).encode() for seed in range(count)]


def archive_rate(raws: list[bytes], copies: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "archive.jsonl"
        archive.write_bytes(b"\n".join(raws * copies) + b"\n")
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "replaykit.cli", "validate", "--json", str(archive)],
                       stdout=subprocess.DEVNULL, check=False)
        return len(raws) * copies / (time.perf_counter() - start)


def every_game(count: int = 20, copies: int = 50) -> str:
    rows, archive = [], []
    for engine in registry.engines().values():
        raws = logs_of(engine, count)
        if engine.home.root is None:  # the service's own games, not a plugin installed beside them
            archive += [(engine, raw) for raw in raws]
        rows.append(row(engine.name, [(engine, raw) for raw in raws], archive_rate(raws, copies)))
    rows.append(row(f"All {len({engine.id for engine, _ in archive})} games, one archive", archive, None))
    return table("7. Every game: full validation / json.loads of the same simulated logs, per move, and a JSONL "
                 "archive through card-replay (1 process); last, the service's own games' logs as one archive   "
                 "target <= 3x",
                 ["game", "bytes", "json.loads us", "validate us", "ratio", "us/move", "archive logs/s"], rows)


def row(name: str, logs: list[tuple[object, bytes]], rate: float | None) -> list[str]:
    """One line of the table: the mean log's size and costs over ``logs``, each validated by its engine."""
    count = len(logs)
    with settled_heap():
        baseline = best_of(lambda: [json.loads(raw) for _, raw in logs], 10) / count
        full = best_of(lambda: [engine.validate(read_json(raw)) for engine, raw in logs], 5) / count
    per_move = full * count / sum(moves(json.loads(raw)) for _, raw in logs)
    return [name, f"{sum(len(raw) for _, raw in logs) // count:,}", f"{baseline * 1e6:.0f}", f"{full * 1e6:.0f}",
            f"{full / baseline:.1f}x", f"{per_move * 1e6:.1f}", "" if rate is None else f"{rate:,.0f}"]

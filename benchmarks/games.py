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
from typing import NamedTuple

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
    rows, own = [], []
    for engine in registry.engines().values():
        raws = logs_of(engine, count)
        costs = measured(engine, raws)
        if engine.home.root is None:  # the service's own games, not a plugin installed beside them
            own.append(costs)
        rows.append(row(engine.name, costs, f"{archive_rate(raws, copies):,.0f}"))
    # Summed from the rows above rather than timed again as one list: a list of every game's parsed logs kept
    # at once made json.loads's side swing 92-127 us a log between runs, with the collections it triggers.
    archive = Costs(*(sum(part) for part in zip(*own, strict=True)))
    rows.append(row(f"All {len(own)} games, one archive (the rows above summed)", archive, ""))
    return table("7. Every game: full validation / json.loads of the same simulated logs (its read: the hardened JSON "
                 "read alone), per move, and a JSONL "
                 "archive through card-replay (1 process); last, the service's own games' logs as one archive   "
                 "target <= 3x",
                 ["game", "bytes", "json.loads us", "validate us", "ratio", "its read us", "us/move", "archive logs/s"],
                 rows)


class Costs(NamedTuple):
    """What ``logs`` logs cost in all: their bytes, seconds through json.loads, through the hardened read alone
    (part of the full validation) and through the full validation, their moves."""

    logs: int
    size: int
    baseline: float
    read: float
    full: float
    moves: int


def measured(engine, raws: list[bytes]) -> Costs:
    with settled_heap():
        baseline = best_of(lambda: [json.loads(raw) for raw in raws], 10)
        read = best_of(lambda: [read_json(raw) for raw in raws], 10)
        full = best_of(lambda: [engine.validate(read_json(raw)) for raw in raws], 5)
    return Costs(len(raws), sum(map(len, raws)), baseline, read, full, sum(moves(json.loads(raw)) for raw in raws))


def row(name: str, costs: Costs, rate: str) -> list[str]:
    """One line of the table: the mean log's size and costs."""
    return [name, f"{costs.size // costs.logs:,}", f"{costs.baseline / costs.logs * 1e6:.0f}",
            f"{costs.full / costs.logs * 1e6:.0f}", f"{costs.full / costs.baseline:.1f}x",
            f"{costs.read / costs.logs * 1e6:.0f}", f"{costs.full / costs.moves * 1e6:.1f}", rate]

"""The whole computer analysis of a 6-player David & Goliath game (issue 29's goal: at most 10 s), as the app's
background job runs it: ``sample_games/david-goliath/legal-6-players.json`` with ``api.background.BUDGET``,
the estimates included, and where its CPU time goes.

Each path (the compiled build, and the pure modules with ``CARD_REPLAY_PURE=1``) is measured in a child
process of its own, as ``benchmarks.compiled`` does, three runs each: CPU time of the process (what other
processes on a busy machine disturb least) and wall time. One more run counts, per phase, the positions
searched and the CPU spent: the exact searches that finished, the one that ran out of budget (the last
tried: the plays with more left are not searched exactly), the sampled estimates, and the estimate tries
that gave no value (every world ran out of its share within its first look-ahead; such a play is tried
again with what the later plays left).
``python -m benchmarks.analysis`` prints this section alone.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from unittest import mock

from benchmarks.timing import measured_in_child, table
from replaykit import native

SAMPLE = Path(native.ROOT) / "sample_games" / "david-goliath" / "legal-6-players.json"
RUNS = 3


def phases(engine, document, budget) -> dict:
    """One analysis with its phases counted: per phase, positions searched and CPU seconds."""
    from replaykit import analysis

    counts = {phase: [0, 0.0] for phase in ("exact", "out of budget", "estimates", "estimate tries, no value")}
    judge, estimate = analysis.judge, analysis.estimate

    def judged(step, search, max_nodes):
        start = time.process_time()
        entry, used = judge(step, search, max_nodes)
        phase = counts["exact" if entry["exact"] or not used else "out of budget"]
        phase[0] += used
        phase[1] += time.process_time() - start
        return entry, used

    def estimated(step, entry, budget, max_nodes):
        start = time.process_time()
        used = estimate(step, entry, budget, max_nodes)
        phase = counts["estimates" if entry["estimate"] else "estimate tries, no value"]
        phase[0] += used
        phase[1] += time.process_time() - start
        return used

    with mock.patch.object(analysis, "judge", judged), mock.patch.object(analysis, "estimate", estimated):
        analysis.analyse(engine, document, budget)
    return counts


def measure() -> dict:
    """In this process: how the search and D&G's position were loaded, each run's CPU and wall seconds, the
    plays valued exactly and estimated, and the phases of one more run."""
    from api.background import BUDGET
    from dg_replay.engine import ENGINE
    from replaykit.analysis import analyse

    document = json.loads(SAMPLE.read_text())
    cpu, wall = [], []
    for _ in range(RUNS):
        start, clock = time.process_time(), time.perf_counter()
        plays = analyse(ENGINE, document, BUDGET)["plays"]
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - clock)
    return {"path": f"{native.path_of('replaykit.search')} search, {native.path_of('dg_replay.position')} position",
            "cpu": cpu, "wall": wall, "plays": len(plays), "exact": sum(play["exact"] for play in plays),
            "estimated": sum(play["estimate"] is not None for play in plays),
            "phases": phases(ENGINE, document, BUDGET)}


def whole_sample() -> str:
    from api.background import BUDGET

    load = os.getloadavg()[0]
    rows, split = [], []
    for found in (measured_in_child("benchmarks.analysis", pure=False),
                  measured_in_child("benchmarks.analysis", pure=True)):
        rows.append([found["path"], f"{found['plays']}", f"{found['exact']}", f"{found['estimated']}",
                     f"{min(found['cpu']):.2f}", f"{max(found['cpu']):.2f}", f"{min(found['wall']):.2f}"])
        split += [[found["path"], phase, f"{nodes:,}", f"{seconds:.2f}"]
                  for phase, (nodes, seconds) in found["phases"].items()]
    whole = table(f"Whole analysis of a 6-player D&G game ({SAMPLE.name}), the background budget "
                  f"({BUDGET.max_nodes:,} positions per play exactly, {BUDGET.max_total:,} in all; {BUDGET.worlds} "
                  f"worlds of {BUDGET.world_nodes:,} per estimate), {RUNS} runs, load average {load:.1f}   "
                  "goal: <= 10 s", ["path", "plays", "exact", "estimated", "CPU s best", "CPU s worst", "wall s best"],
                  rows)
    where = table("Where it goes: positions searched and CPU s per phase (one more run)",
                  ["path", "phase", "positions", "CPU s"], split)
    return f"{whole}\n\n{where}"


if __name__ == "__main__":
    print(whole_sample())

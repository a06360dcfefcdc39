"""The whole computer analysis of a 6-player David & Goliath game (issue 29's goal: at most 10 s), as the app's
background job runs it: ``sample_games/david-goliath/legal-6-players.json`` with ``api.background.BUDGET``,
the estimates included, and where its CPU time goes; and the same for a long Il Grande Dalmuti session
(``sample_games/grande-dalmuti/plain-revolution-market.json``, 444 plays: the plays left with no values
counted too).

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
SESSION = Path(native.ROOT) / "sample_games" / "grande-dalmuti" / "plain-revolution-market.json"
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

    def estimated(step, entry, budget, max_nodes, hopeful=False):
        start = time.process_time()
        used, dealt = estimate(step, entry, budget, max_nodes, hopeful)
        phase = counts["estimates" if entry["estimate"] else "estimate tries, no value"]
        phase[0] += used
        phase[1] += time.process_time() - start
        return used, dealt

    with mock.patch.object(analysis, "judge", judged), mock.patch.object(analysis, "estimate", estimated):
        analysis.analyse(engine, document, budget)
    return counts


def measure() -> dict:
    """In this process: how the search and D&G's position were loaded, each run's CPU and wall seconds, the
    plays valued exactly and estimated, and the phases of one more run."""
    from api.background import BUDGET
    from dalmuti_replay.engine import ENGINE as DALMUTI
    from dg_replay.engine import ENGINE

    document = json.loads(SAMPLE.read_text())
    return {"path": f"{native.path_of('replaykit.search')} search, {native.path_of('dg_replay.position')} position",
            **runs(ENGINE, document), "phases": phases(ENGINE, document, BUDGET),
            "session": runs(DALMUTI, json.loads(SESSION.read_text()))}


def runs(engine, document) -> dict:
    """Each run's CPU and wall seconds analysing ``document`` with the background budget, and the plays listed,
    valued exactly, estimated and left with no values."""
    from api.background import BUDGET
    from replaykit.analysis import analyse

    cpu, wall = [], []
    for _ in range(RUNS):
        start, clock = time.process_time(), time.perf_counter()
        plays = analyse(engine, document, BUDGET)["plays"]
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - clock)
    exact, estimated = sum(play["exact"] for play in plays), sum(play["estimate"] is not None for play in plays)
    return {"cpu": cpu, "wall": wall, "plays": len(plays), "exact": exact, "estimated": estimated,
            "unvalued": len(plays) - exact - estimated}


def whole_sample() -> str:
    from api.background import BUDGET

    load = os.getloadavg()[0]
    rows, split, sessions = [], [], []
    for found in (measured_in_child("benchmarks.analysis", pure=False),
                  measured_in_child("benchmarks.analysis", pure=True)):
        rows.append([found["path"], *row(found)])
        split += [[found["path"], phase, f"{nodes:,}", f"{seconds:.2f}"]
                  for phase, (nodes, seconds) in found["phases"].items()]
        sessions.append([found["path"], *row(found["session"])])
    columns = ["path", "plays", "exact", "estimated", "no values", "CPU s best", "CPU s worst", "wall s best"]
    whole = table(f"Whole analysis of a 6-player D&G game ({SAMPLE.name}), the background budget "
                  f"({BUDGET.max_nodes:,} positions per play exactly, {BUDGET.max_total:,} in all; {BUDGET.worlds} "
                  f"worlds of {BUDGET.world_nodes:,} per estimate), {RUNS} runs, load average {load:.1f}   "
                  "goal: <= 10 s", columns, rows)
    where = table("Where it goes: positions searched and CPU s per phase (one more run)",
                  ["path", "phase", "positions", "CPU s"], split)
    session = table(f"Whole analysis of a Dalmuti session ({SESSION.name}), the same budget, {RUNS} runs", columns,
                    sessions)
    return f"{whole}\n\n{where}\n\n{session}"


def row(found: dict) -> list[str]:
    return [f"{found['plays']}", f"{found['exact']}", f"{found['estimated']}", f"{found['unvalued']}",
            f"{min(found['cpu']):.2f}", f"{max(found['cpu']):.2f}", f"{min(found['wall']):.2f}"]


if __name__ == "__main__":
    print(whole_sample())

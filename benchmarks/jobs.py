"""The background analysis as a visitor meets it: from ``POST /api/v1/games`` of a David & Goliath sample to
its page's ``…/analysis.json`` answering the results, with the app's own worker thread (as ``make run``
runs it) and the default budget (``api.background.BUDGET``); and the samples' analyses a worker makes as it
starts: the app's start without and with its worker, the rows queued, the CPU of every sample's job and the
process's peak memory. ``python -m benchmarks.jobs`` prints this section alone.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import table
from replaykit import native

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ("legal-3-players", "legal-4-players", "legal-6-players")


def upload_to_results(names: tuple[str, ...] = SAMPLES) -> str:
    from app import create_app

    folder = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{folder}/games.sqlite3",
                      "ANALYSIS_WORKER": "thread", "RATELIMIT_ENABLED": False, "ANALYSIS_MAX_PENDING": len(names),
                      "ANALYSIS_SAMPLES_AT_START": False})  # the uploads' own time, no sample's job before them
    client = app.test_client()
    load = os.getloadavg()[0]
    rows = []
    for name in names:
        raw = (ROOT / "sample_games" / "david-goliath" / f"{name}.json").read_bytes()
        start = time.perf_counter()
        game = client.post("/api/v1/games", data=raw, content_type="application/json").json["id"]
        uploaded = time.perf_counter() - start
        while (answer := client.get(f"/games/{game}/analysis.json").json)["state"] not in ("done", "failed"):
            time.sleep(0.1)
        shown = answer.get("analysis") or {"steps": {}, "valued": 0, "marked": []}
        rows.append([name, f"{uploaded:.2f}", f"{time.perf_counter() - start:.1f}",
                     f"{shown['valued']} / {len(shown['steps'])}",
                     str(sum(play["exact"] for play in shown["steps"].values())), str(len(shown["marked"]))])
    return table(f"Background analysis: upload to results (load average {load:.1f} at the start)",
                 ["sample", "upload s", "results s", "valued", "exact", "marked"], rows)


def samples_at_start() -> str:
    """What a worker's start costs: ``create_app`` (which only starts the worker thread), queueing every
    sample's job (``background.offer_samples``), then each job run as the worker runs it (``work_once``), in
    CPU seconds, and the process's peak resident memory after them all."""
    from api import background
    from app import create_app

    folder = tempfile.mkdtemp()
    config = {"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{folder}/games.sqlite3", "ANALYSIS_WORKER": "off"}
    load = os.getloadavg()[0]
    start = time.perf_counter()
    app = create_app(config)
    started = time.perf_counter() - start
    start = time.perf_counter()
    background.offer_samples(app)
    offered = time.perf_counter() - start
    before_jobs = peak_mib()
    jobs, longest, grew, cpu = 0, ("", 0.0), ("", 0.0), time.process_time()
    while True:
        before, held = time.process_time(), peak_mib()
        with app.app_context():
            claim = background.store().claim()
            if claim is None:
                break
            background.run(claim)
        jobs += 1
        longest = max(longest, (claim.key, time.process_time() - before), key=lambda pair: pair[1])
        grew = max(grew, (claim.key, peak_mib() - held), key=lambda pair: pair[1])
    total = time.process_time() - cpu
    rows = [["create_app", f"{started:.2f} s"], [f"queue {jobs} samples' jobs", f"{offered:.2f} s"],
            ["every job, CPU", f"{total:.1f} s"], [f"the longest, CPU ({longest[0]})", f"{longest[1]:.1f} s"],
            ["peak resident memory before the jobs", f"{before_jobs:.0f} MiB"],
            ["peak resident memory after them all", f"{peak_mib():.0f} MiB"],
            [f"the most one job raised it ({grew[0]})", f"{grew[1]:.0f} MiB"]]
    return table(f"Background analysis: the samples' jobs a worker queues as it starts, run one at a time, "
                 f"{native.path_of('replaykit.search')} search (load average {load:.1f} at the start)",
                 ["what", "figure"], rows)


def samples_at_start_alone() -> str:
    """``samples_at_start`` in a process of its own, so that the peak memory it prints is the worker's alone, and
    without the tests' toy game, which section 6 installs on the import path of ``make bench`` and of what it
    starts (its 15 samples are no service's)."""
    toy = str(Path(__file__).resolve().parents[1] / "tests" / "plugins")
    path = os.pathsep.join(part for part in os.environ.get("PYTHONPATH", "").split(os.pathsep) if part and part != toy)
    done = subprocess.run([sys.executable, "-m", "benchmarks.jobs", "--samples"], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": path})
    return done.stdout.rstrip("\n")


def peak_mib() -> float:
    """This process's own peak resident memory: Linux's VmHWM, which starts afresh in a program started by
    another (``ru_maxrss`` keeps the parent's peak across fork and exec: ``make bench``'s 589 MiB)."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")) / 1024


if __name__ == "__main__":
    if "--samples" not in sys.argv:
        print(upload_to_results())
        print()
    print(samples_at_start())

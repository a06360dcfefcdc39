"""Archive throughput: one archive of simulated logs of every game, validated by ``card-replay validate
--json`` on 1 process, on ``--jobs 2``, and on a real Dask cluster on loopback (``scripts.cluster``) with
1 and then 2 workers, side by side in one run. Every run's reports are compared with the first's: a figure
for a run that wrote other reports would mean nothing."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.games import logs_of
from benchmarks.timing import table
from replaykit import registry
from scripts.cluster import Cluster

ROOT = Path(__file__).resolve().parent.parent


def write_archive(path: Path, count: int, distinct: int = 100) -> None:
    """``count`` logs, the games in turn; ``distinct`` games per engine repeated, so that making the archive
    takes little of the run while every line is still validated from scratch."""
    per_game = [logs_of(engine, distinct) for engine in registry.engines().values()]
    with path.open("wb") as out:
        for index in range(count):
            out.write(per_game[index % len(per_game)][index // len(per_game) % distinct] + b"\n")


def timed(archive: Path, options: list[str], repeat: int) -> tuple[float, str]:
    """Best wall seconds of the whole command (start, connection, every report written) and a digest of
    its reports."""
    best, digest = float("inf"), ""
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "replaykit.cli", "validate", "--json", *options, str(archive)],
                              capture_output=True, cwd=ROOT, check=False)
        best = min(best, time.perf_counter() - start)
        digest = hashlib.sha256(done.stdout).hexdigest()
    return best, digest


def throughput(count: int = 6_000, repeat: int = 2) -> tuple[str, dict]:
    load = os.getloadavg()[0]  # other work on the machine moves every figure here
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        archive = folder / "archive.jsonl"
        write_archive(archive, count)
        size = archive.stat().st_size
        runs: dict[str, tuple[float, str]] = {"1 process": timed(archive, [], repeat),
                                              "--jobs 2": timed(archive, ["--jobs", "2"], repeat)}
        with Cluster(folder / "dask", workers=1) as cluster:
            runs["Dask, 1 worker"] = timed(archive, ["--scheduler", cluster.address], repeat)
            cluster.add_worker()
            cluster.wait_for(2)
            runs["Dask, 2 workers"] = timed(archive, ["--scheduler", cluster.address], repeat)
    one = runs["1 process"][0]
    reference = runs["1 process"][1]
    rows = [[name, f"{count / seconds:,.0f}", f"{size / seconds / 1e6:.1f}", f"{one / seconds:.2f}x",
             "yes" if digest == reference else "NO"] for name, (seconds, digest) in runs.items()]
    title = (f"7. Archive throughput: validate --json of {count:,} logs of every game ({size / 1e6:.0f} MB), "
             f"whole command, best of {repeat}, load average {load:.1f} before   cluster on 2 cores: about --jobs 2")
    figures = {name: count / seconds for name, (seconds, _digest) in runs.items()}
    return table(title, ["run", "logs/s", "MB/s", "vs 1 process", "same reports"], rows), figures

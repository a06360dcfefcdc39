"""A Dask cluster on loopback for the cluster tests and benchmarks: a real ``dask scheduler`` and ``dask
worker`` processes, each a child in its own process group, on free ports, stopped at the end.

Workers run this checkout's code (``PYTHONPATH``), one thread each, without a dashboard. ``nanny=False``
makes a worker a single process, so killing it loses the worker for good, as a lost machine would.

    .venv/bin/python -m scripts.cluster --workers 2     # prints the scheduler's address, Ctrl-C stops it
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.server import ROOT, free_port, kill_group


class Cluster:
    """``with Cluster(workers=2) as cluster: cluster.address``; logs go to files in ``folder``."""

    def __init__(self, folder: Path, workers: int = 2, nanny: bool = False) -> None:
        self.folder, self.nanny = folder, nanny
        folder.mkdir(parents=True, exist_ok=True)
        self.address = f"tcp://127.0.0.1:{free_port()}"
        self.env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                                                os.environ.get("PYTHONPATH")]))}
        self.processes: list[subprocess.Popen] = []
        self.wanted = workers

    def _spawn(self, name: str, *arguments: str) -> subprocess.Popen:
        with (self.folder / f"{name}.log").open("ab") as log:
            process = subprocess.Popen([sys.executable, "-m", "dask", *arguments], cwd=ROOT, env=self.env,
                                       stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        self.processes.append(process)
        return process

    def start(self, timeout: float = 60.0) -> Cluster:
        port = self.address.rsplit(":", 1)[1]
        self._spawn("scheduler", "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard")
        self.workers = [self.add_worker() for _ in range(self.wanted)]
        self.wait_for(self.wanted, timeout)
        return self

    def add_worker(self) -> subprocess.Popen:
        number = len(self.processes)
        return self._spawn(f"worker-{number}", "worker", self.address, "--host", "127.0.0.1", "--nthreads", "1",
                           "--no-dashboard", "--name", f"worker-{number}", "--death-timeout", "60",
                           "--local-directory", str(self.folder / f"worker-{number}"),
                           "--nanny" if self.nanny else "--no-nanny")

    def wait_for(self, workers: int, timeout: float = 60.0) -> None:
        """Block until the scheduler knows ``workers`` workers."""
        from distributed import Client

        with Client(self.address, timeout=timeout, set_as_default=False) as client:
            client.wait_for_workers(workers, timeout=timeout)

    def kill(self, process: subprocess.Popen) -> None:
        """SIGKILL a process and whatever it started, as a crash of its machine would."""
        kill_group(process)

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 3  # nothing to save: a worker slow to say goodbye is killed
        for process in self.processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                kill_group(process)

    def logs(self) -> str:
        return "\n".join(path.read_text(errors="replace")[-3000:] for path in sorted(self.folder.glob("*.log")))

    def __enter__(self) -> Cluster:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *_: object) -> None:
        self.stop()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.cluster")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # a `kill` stops the children too
    with tempfile.TemporaryDirectory() as folder, Cluster(Path(folder), args.workers) as cluster:
        print(f"scheduler {cluster.address} with {args.workers} workers; logs in {folder}; Ctrl-C stops it",
              flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            signal.pause()


if __name__ == "__main__":
    main()

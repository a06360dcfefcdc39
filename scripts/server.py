"""Start and stop the service under gunicorn on a free loopback port, with its own database file.

gunicorn runs from the project folder, so it reads the production settings in ``gunicorn.conf.py``
(gevent workers, timeouts, workers that die with their master): the checks exercise what is deployed.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def kill_group(process: subprocess.Popen | None) -> None:
    """SIGKILL a child started with ``start_new_session`` and everything it started."""
    if process is not None and process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def stop_group(process: subprocess.Popen | None, timeout: float = 10.0) -> None:
    """SIGTERM such a child's group; SIGKILL it if it is not gone within ``timeout``."""
    if process is not None and process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(process)


class Server:
    """``gunicorn 'app:create_app()'`` with 2 workers, bound to 127.0.0.1 only."""

    def __init__(self, database: Path, workers: int = 2, port: int | None = None, env: dict | None = None,
                 app: str = "app:create_app()") -> None:
        self.database, self.workers, self.app = database, workers, app
        self.port = port or free_port()
        self.env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "RATELIMIT_ENABLED": "false",
                    **(env or {})}
        self.process: subprocess.Popen | None = None
        self.log = database.with_suffix(".log")  # a file, not a pipe: a pipe nobody reads would block gunicorn

    def start(self, timeout: float = 30.0) -> Server:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "--workers", str(self.workers), "--bind", f"127.0.0.1:{self.port}",
                 "--graceful-timeout", "2", self.app],
                cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200 and self.process.poll() is None:
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("gunicorn did not answer in time")

    def workers_now(self) -> list[int]:
        return children(self.process.pid) if self.process is not None else []

    def kill_master(self) -> list[int]:
        """SIGKILL the master only, as an out-of-memory killer might; returns its workers' ids."""
        workers = self.workers_now()
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        return workers

    def kill(self) -> None:
        """SIGKILL the whole process group: master and workers die mid-request, as in a crash."""
        kill_group(self.process)

    def stop(self) -> None:
        stop_group(self.process)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

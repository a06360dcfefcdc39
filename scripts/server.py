"""Start and stop the service under gunicorn on a free loopback port, with its own database file."""

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


class Server:
    """``gunicorn 'app:create_app()'`` with 2 workers, bound to 127.0.0.1 only."""

    def __init__(self, database: Path, workers: int = 2, port: int | None = None, env: dict | None = None,
                 app: str = "app:create_app()") -> None:
        self.database, self.workers, self.app = database, workers, app
        self.port = port or free_port()
        self.env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "RATELIMIT_ENABLED": "false",
                    **(env or {})}
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 30.0) -> Server:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--workers", str(self.workers), "--bind", f"127.0.0.1:{self.port}",
             "--graceful-timeout", "2", self.app],
            cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                connection.request("GET", "/api/v1/samples")
                if connection.getresponse().status == 200:
                    return self
            except OSError:
                time.sleep(0.2)
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.process.stderr.read().decode()[-2000:]}")
        raise RuntimeError("gunicorn did not answer in time")

    def kill(self) -> None:
        """SIGKILL the whole process group: master and workers die mid-request, as in a crash."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

"""Several instances of the service on one machine, as docs/SCALING.md deploys them on several: Debian's
``redis-server`` and ``nginx`` started as children on free loopback ports, each with its files in a folder
of its own, and gunicorn instances (``scripts.server``) sharing one PostgreSQL database and that Redis.

nginx runs the shipped site, ``deploy/nginx-card-replay.conf``, with only its ports and host name changed,
inside a small main configuration that keeps its pid, logs and temporary files in the folder and stays in
the foreground (``daemon off``), so stopping the child stops it. Its access log names the instance that
answered each request (``upstream``).

    .venv/bin/python -m scripts.instances postgresql+psycopg://replay:replay@127.0.0.1:5432/replay
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts.server import ROOT, Server, free_port, stop_group

SITE = ROOT / "deploy" / "nginx-card-replay.conf"
HOST = "127.0.0.1"  # where nginx listens here, and the one host name its site serves
MAIN = """daemon off;
master_process on;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
{user}
events {{ worker_connections 256; }}
http {{
    log_format upstream '$remote_addr $status $request_method $request_uri $upstream_addr';
    access_log {folder}/access.log upstream;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/site.conf;
}}
"""


def missing_programs() -> list[str]:
    return [name for name in ("redis-server", "nginx") if shutil.which(name, path=_sbin_path()) is None]


def _sbin_path() -> str:
    return os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])


def _wait_for_port(port: int, process: subprocess.Popen, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on 127.0.0.1:{port} in time")


class Child:
    """A server process in its own process group, stopped with SIGTERM (SIGKILL if it lingers)."""

    process: subprocess.Popen | None = None

    def stop(self) -> None:
        stop_group(self.process)

    def __exit__(self, *_: object) -> None:
        self.stop()


class Redis(Child):
    """``redis-server`` on a free loopback port, nothing saved to disk."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def __enter__(self) -> Redis:
        self.folder.mkdir(parents=True, exist_ok=True)
        with (self.folder / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(
                [shutil.which("redis-server", path=_sbin_path()), "--port", str(self.port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--daemonize", "no", "--dir", str(self.folder)],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        _wait_for_port(self.port, self.process, "redis-server")
        return self


class Nginx(Child):
    """nginx on a free loopback port in front of the given instance ports, with the shipped site file."""

    def __init__(self, folder: Path, upstreams: list[int]) -> None:
        self.folder, self.upstreams, self.port = folder, upstreams, free_port()
        self.url = f"http://{HOST}:{self.port}"

    def site(self) -> str:
        """The shipped site with its upstream servers on our instances' ports, listening on ours, and serving
        ``HOST`` (the name a client of ``url`` sends) in place of the public host name."""
        text = SITE.read_text()
        servers = re.findall(r"^ *server 127\.0\.0\.1:\d+ [^\n]*\n", text, flags=re.MULTILINE)
        ours = "".join(re.sub(r"127\.0\.0\.1:\d+", f"127.0.0.1:{port}", servers[0]) for port in self.upstreams)
        text = re.sub(r"server_name (?!_;)[^;]+;", f"server_name {HOST};", text.replace("".join(servers), ours))
        return text.replace("listen 80", f"listen {HOST}:{self.port}")

    def __enter__(self) -> Nginx:
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / "site.conf").write_text(self.site())
        user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""  # workers as we are, to reach the folder
        (self.folder / "nginx.conf").write_text(MAIN.format(folder=self.folder, user=user))
        with (self.folder / "nginx.out").open("ab") as log:
            self.process = subprocess.Popen(
                [shutil.which("nginx", path=_sbin_path()), "-p", str(self.folder), "-c",
                 str(self.folder / "nginx.conf"), "-e", str(self.folder / "error.log")],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        _wait_for_port(self.port, self.process, "nginx")
        return self

    def served_by(self) -> list[tuple[str, int, str, int | None]]:
        """(client address, status, method, instance port) of every request so far, from the access log."""
        found = []
        for line in (self.folder / "access.log").read_text().splitlines():
            client, status, method, _uri, upstream = line.split(" ", 4)
            last = upstream.split(", ")[-1]
            found.append((client, int(status), method, int(last.rsplit(":", 1)[1]) if ":" in last else None))
        return found


def instance_env(database_url: str, redis_url: str, secret: str, **settings: object) -> dict[str, str]:
    """What every instance must share (docs/SCALING.md), plus per-run settings."""
    return {"DATABASE_URL": database_url, "SECRET_KEY": secret, "RATELIMIT_STORAGE_URI": redis_url,
            "TRUSTED_PROXIES": "1", "RATELIMIT_ENABLED": "true", **{key: str(value) for key, value in settings.items()}}


def start_instances(folder: Path, count: int, env: dict[str, str]) -> list[Server]:
    """``count`` gunicorn instances (2 workers each) on free ports; the last log of each is ``folder/N.log``."""
    started = []
    try:
        for number in range(count):
            started.append(Server(folder / f"instance-{number}.sqlite3", env=env).start())
    except BaseException:
        for server in started:
            server.stop()
        raise
    return started


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.instances")
    parser.add_argument("database_url", help="a PostgreSQL URL every instance shares")
    parser.add_argument("--instances", type=int, default=2)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # a `kill` stops the children too
    with tempfile.TemporaryDirectory() as name, Redis(Path(name) / "redis") as redis:
        servers = start_instances(Path(name), args.instances, instance_env(args.database_url, redis.url,
                                                                           secrets.token_hex(32)))
        try:
            with Nginx(Path(name) / "nginx", [server.port for server in servers]) as nginx:
                print(f"{nginx.url} -> instances on {', '.join(str(server.port) for server in servers)}; "
                      f"Redis {redis.url}; files in {name}; Ctrl-C stops them", flush=True)
                with contextlib.suppress(KeyboardInterrupt):
                    signal.pause()
        finally:
            for server in servers:
                server.stop()


if __name__ == "__main__":
    main()

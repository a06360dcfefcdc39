"""Bounded load against gunicorn on loopback: mixed validate / upload / page requests from a few client
threads for a fixed time. Prints requests/s, p50 and p99 latency, and the number of server errors.

``--slow-clients N`` keeps N more connections open the whole time, trickling headers or a body a byte at a
time (half each, reconnecting when the server drops them): the figures must barely move. ``--quota``
instead has one client upload as fast as it can against a small storage quota and reports what was kept.
``--heavy`` has one client send a hostile body as fast as its rate limit lets it (``--upload``: store it,
from ``--threads`` connections at once) while a normal client validates beside it, and reports the normal
client's latencies. ``--costs`` times a validation and an upload of each game's heaviest body.

    .venv/bin/python -m scripts.loadtest --seconds 20 --clients 8 [--slow-clients 16]
    .venv/bin/python -m scripts.loadtest --quota --seconds 6
    .venv/bin/python -m scripts.loadtest --heavy --upload --threads 2 [--apart] [--workers 4] --seconds 60
    .venv/bin/python -m scripts.loadtest --costs
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select

from api.storage import Repository, Upload, stored_bytes
from dg_replay.simulate import simulate
from scripts.server import Server


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    failures: int = 0  # connection errors: the server did not answer at all
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1

    @property
    def server_errors(self) -> int:
        return sum(count for status, count in self.statuses.items() if status >= 500) + self.failures


def client(port: int, bodies: list[bytes], deadline: float, tally: Tally, seed: int, max_requests: int) -> None:
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    pages: list[str] = []
    sent = 0
    while time.monotonic() < deadline and sent < max_requests:
        sent += 1
        choice = rng.random()
        body = rng.choice(bodies)
        if choice < 0.5:
            method, path = "POST", "/api/v1/validate"
        elif choice < 0.75 or not pages:
            method, path = "POST", "/api/v1/games"
        else:
            method, path, body = "GET", rng.choice(pages), None
        start = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            tally.failures += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        tally.record(response.status, time.perf_counter() - start)
        if path == "/api/v1/games" and response.status == 201:
            pages.append(json.loads(data)["links"]["page"])


SLOW_STARTS = (b"GET /api/v1/samples HTTP/1.1\r\nHost: 127.0.0.1\r\n",
               b"POST /api/v1/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               b"Content-Length: 1000000\r\n\r\n")


def slow_client(port: int, deadline: float, start: bytes, drops: list[int]) -> None:
    """One connection that sends a byte now and then, and a new one whenever the server drops it."""
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                connection.sendall(start)
                while time.monotonic() < deadline:
                    connection.sendall(b" ")
                    time.sleep(0.5)
        except OSError:
            drops.append(1)  # dropped by the server's read timeout, as it should be
            time.sleep(0.1)


def run(seconds: float, clients: int, workers: int = 2, max_requests: int = 100_000, slow_clients: int = 0) -> dict:
    bodies = [json.dumps(simulate(3 + seed % 4, seed)).encode() for seed in range(50)]
    bodies.append(b'{"game": "david-goliath", "players": ["A"], "tricks": [{"plays": [{"player": "B"}]}]}')
    tally = Tally()
    drops: list[int] = []
    # One client to the quota (every thread is 127.0.0.1): lifted, as it would stop the uploads within seconds.
    with tempfile.TemporaryDirectory() as folder, \
            Server(Path(folder) / "load.sqlite3", workers, env={"STORAGE_QUOTA_BYTES": "0"}) as server:
        deadline = time.monotonic() + seconds
        threads = [threading.Thread(target=slow_client, args=(server.port, deadline, SLOW_STARTS[index % 2], drops))
                   for index in range(slow_clients)]
        threads += [threading.Thread(target=client, args=(server.port, bodies, deadline, tally, seed, max_requests))
                    for seed in range(clients)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - start
    latencies = sorted(tally.latencies)
    return {
        "requests": len(latencies), "seconds": round(elapsed, 1), "requests_per_second": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000 if latencies else None,
        "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000 if latencies else None,
        "statuses": dict(sorted(tally.statuses.items())), "server_errors": tally.server_errors,
        "slow_connections_dropped": len(drops),
    }


def quota_run(seconds: float, quota: int = 512 * 1024, stop_after: int | None = None) -> dict:
    """One client uploading as fast as it can against a quota of ``quota`` bytes, for ``seconds`` or until
    ``stop_after`` uploads were refused: the bytes of the logs it stored, and every byte the database keeps
    for it (what the quota counts: the logs, their results and page lists, ``api.storage.stored_bytes``)."""
    bodies = [json.dumps({**simulate(3 + seed % 4, seed), "meta": {"upload": seed}}).encode() for seed in range(40)]
    statuses: dict[int, int] = {}
    logs = 0
    env = {"STORAGE_QUOTA_BYTES": str(quota)}
    with tempfile.TemporaryDirectory() as folder, Server(database := Path(folder) / "quota.sqlite3", env=env) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        deadline, index = time.monotonic() + seconds, 0
        while time.monotonic() < deadline and statuses.get(507, 0) != stop_after:
            body = bodies[index % len(bodies)]
            index += 1
            connection.request("POST", "/api/v1/games", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            statuses[response.status] = statuses.get(response.status, 0) + 1
            logs += len(body) if response.status == 201 else 0
        repository = Repository(f"sqlite:///{database}")
        with repository.sessions() as session:
            kept = stored_bytes(session, select(Upload.id))
        repository.dispose()
    return {"quota": quota, "log_bytes": logs, "stored_bytes": kept, "statuses": dict(sorted(statuses.items()))}


def heavy_run(seconds: float, heavy: bytes, limit: str | None = None, upload: bool = False,
              threads: int = 1, apart: bool = False, workers: int = 2) -> dict:
    """One client sending ``heavy`` as fast as its rate limit lets it (the limits on, as in production), to
    validate or, with ``upload``, to store, from ``threads`` connections at once (``apart``: each connection a
    client of its own, with its own allowance); one normal client validating a real log twice a second beside
    it; gunicorn with ``workers`` workers. An upload run lifts the storage quota, which would otherwise stop the
    heavy client long before its rate limit does (20 MiB: a few dozen such uploads)."""
    setting = "UPLOAD_RATE_LIMIT" if upload else "VALIDATE_RATE_LIMIT"
    env = {"RATELIMIT_ENABLED": "true", "TRUSTED_PROXIES": "1", **({setting: limit} if limit else {}),
           **({"STORAGE_QUOTA_BYTES": "0"} if upload else {})}
    path = "/api/v1/games" if upload else "/api/v1/validate"
    normal_body = json.dumps(simulate(4, 3)).encode()
    heavy_statuses: dict[int, int] = {}
    normal: list[tuple[int, float]] = []

    def ask(port: int, where: str, body: bytes, forwarded: str) -> tuple[int, float]:
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("POST", where, body=body,
                           headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded})
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status, time.monotonic() - started

    with tempfile.TemporaryDirectory() as folder, \
            Server(Path(folder) / "heavy.sqlite3", workers=workers, env=env) as server:
        deadline = time.monotonic() + seconds

        def hammer(address: str) -> None:
            while time.monotonic() < deadline:
                status, _ = ask(server.port, path, heavy, address)
                with lock:
                    heavy_statuses[status] = heavy_statuses.get(status, 0) + 1

        lock = threading.Lock()
        hammers = [threading.Thread(target=hammer, args=(f"198.51.100.{10 + index if apart else 1}",))
                   for index in range(threads)]
        for thread in hammers:
            thread.start()
        while time.monotonic() < deadline:
            normal.append(ask(server.port, "/api/v1/validate", normal_body, "198.51.100.2"))
            time.sleep(0.5)
        for thread in hammers:
            thread.join()
    times = sorted(took for _, took in normal)
    return {"heavy_bytes": len(heavy), "heavy_statuses": dict(sorted(heavy_statuses.items())),
            "normal_requests": len(times), "normal_ok": sum(status == 200 for status, _ in normal),
            "normal_p50_s": statistics.median(times) if times else None,
            "normal_p99_s": times[max(int(len(times) * 0.99) - 1, 0)] if times else None,
            "normal_max_s": times[-1] if times else None}


def costs() -> list[dict]:
    """Each game's heaviest accepted body validated and uploaded in this process (the limits off, best of
    two): CPU seconds of each, their ratio, and the upload's seconds per unit it is charged
    (``api.guards.WORK_UNIT_BYTES``), which is what a client's upload allowance bounds."""
    from api.guards import WORK_UNIT_BYTES
    from app import create_app
    from dg_replay.simulate import simulate_match
    from scripts.hostile import STORED, bodies

    heavy = bodies()
    cases = {STORED[0]: heavy[STORED[0]], STORED[1]: heavy[STORED[1]],
             "david-goliath: a 6-player match": json.dumps(simulate_match(6, 5)).encode()}
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        client = create_app({"SECRET_KEY": "costs", "DATABASE_URL": f"sqlite:///{folder}/costs.sqlite3",
                             "RATELIMIT_ENABLED": False, "STORAGE_QUOTA_BYTES": 0,
                             "ANALYSIS_WORKER": "off"}).test_client()
        for name, body in cases.items():
            seconds = {}
            for path in ("/api/v1/validate", "/api/v1/games"):
                taken = []
                for _ in range(2):
                    started = time.process_time()
                    status = client.post(path, data=body, content_type="application/json").status_code
                    taken.append(time.process_time() - started)
                    if status not in (200, 201):  # a refusal is no measure of the work
                        raise RuntimeError(f"{path} answered {status} for {name}")
                seconds[path] = min(taken)
            units = 1 + len(body) // WORK_UNIT_BYTES
            rows.append({"body": name, "bytes": len(body), "units": units, "validate_s": seconds["/api/v1/validate"],
                         "upload_s": seconds["/api/v1/games"], "upload_s_per_unit": seconds["/api/v1/games"] / units})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.loadtest")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--slow-clients", type=int, default=0, help="connections trickling a byte at a time")
    parser.add_argument("--quota", action="store_true", help="one client against a 512 KiB storage quota instead")
    parser.add_argument("--heavy", nargs="?", const=None, default=False, metavar="BODY",
                        help="one client validating a hostile body (the first of scripts.hostile's whose name holds "
                             "BODY; by default the match of plays by strangers, or with --upload the heaviest Olympi "
                             "log) within its rate limit, a normal one beside it")
    parser.add_argument("--upload", action="store_true", help="with --heavy: the heavy client stores the body")
    parser.add_argument("--threads", type=int, default=1, help="with --heavy: the heavy client's connections at once")
    parser.add_argument("--apart", action="store_true", help="with --heavy: each connection a client of its own")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's workers")
    parser.add_argument("--limit", default=None, help="with --heavy: its rate limit instead of the default")
    parser.add_argument("--costs", action="store_true", help="CPU time of a validate and an upload of each game's "
                                                               "heaviest body, in this process")
    args = parser.parse_args()
    if args.costs:
        for row in costs():
            ratio = row["upload_s"] / row["validate_s"]
            print(f"{row['body']:72} {row['bytes'] / 1e3:6.1f} KB, {row['units']} units: validate "
                  f"{row['validate_s']:.3f} s, upload {row['upload_s']:.3f} s ({ratio:.1f} x), "
                  f"{row['upload_s_per_unit']:.3f} s a unit")
        return
    if args.heavy is not False:
        from scripts.hostile import bodies

        wanted = args.heavy or ("that break" if args.upload else "plays by strangers")
        name, body = next((name, body) for name, body in bodies().items() if wanted in name)
        print(name, heavy_run(args.seconds, body, args.limit, args.upload, args.threads, args.apart, args.workers))
        return
    if args.quota:
        figures = quota_run(args.seconds)
        print(f"quota {figures['quota']:,} bytes: {figures['stored_bytes']:,} bytes stored in all, "
              f"{figures['log_bytes']:,} of them logs, statuses {figures['statuses']}")
        return
    figures = run(args.seconds, args.clients, args.workers, slow_clients=args.slow_clients)
    print(f"{figures['requests']} requests in {figures['seconds']} s: {figures['requests_per_second']:.0f} req/s, "
          f"p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, statuses {figures['statuses']}, "
          f"server errors {figures['server_errors']}, slow connections dropped by the server "
          f"{figures['slow_connections_dropped']}")


if __name__ == "__main__":
    main()

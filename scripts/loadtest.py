"""Bounded load against gunicorn on loopback: mixed validate / upload / page requests from a few client
threads for a fixed time. Prints requests/s, p50 and p99 latency, and the number of server errors.

``--slow-clients N`` keeps N more connections open the whole time, trickling headers or a body a byte at a
time (half each, reconnecting when the server drops them): the figures must barely move. ``--quota``
instead has one client upload as fast as it can against a small storage quota and reports what was kept.

    .venv/bin/python -m scripts.loadtest --seconds 20 --clients 8 [--slow-clients 16]
    .venv/bin/python -m scripts.loadtest --quota --seconds 6
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
    with tempfile.TemporaryDirectory() as folder, Server(Path(folder) / "load.sqlite3", workers) as server:
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
    ``stop_after`` uploads were refused."""
    bodies = [json.dumps({**simulate(3 + seed % 4, seed), "meta": {"upload": seed}}).encode() for seed in range(40)]
    statuses: dict[int, int] = {}
    stored = 0
    env = {"STORAGE_QUOTA_BYTES": str(quota)}
    with tempfile.TemporaryDirectory() as folder, Server(Path(folder) / "quota.sqlite3", env=env) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        deadline, index = time.monotonic() + seconds, 0
        while time.monotonic() < deadline and statuses.get(507, 0) != stop_after:
            body = bodies[index % len(bodies)]
            index += 1
            connection.request("POST", "/api/v1/games", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            statuses[response.status] = statuses.get(response.status, 0) + 1
            stored += len(body) if response.status == 201 else 0
    return {"quota": quota, "stored_bytes": stored, "statuses": dict(sorted(statuses.items()))}


def heavy_run(seconds: float, heavy: bytes, limit: str | None = None) -> dict:
    """One client sending ``heavy`` to validate as fast as its rate limit lets it (the limits on, as in
    production), and one normal client validating a real log twice a second beside it."""
    env = {"RATELIMIT_ENABLED": "true", **({"VALIDATE_RATE_LIMIT": limit} if limit else {})}
    normal_body = json.dumps(simulate(4, 3)).encode()
    heavy_statuses: dict[int, int] = {}
    normal: list[tuple[int, float]] = []

    def ask(port: int, body: bytes, forwarded: str) -> tuple[int, float]:
        started = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("POST", "/api/v1/validate", body=body,
                           headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded})
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status, time.monotonic() - started

    with tempfile.TemporaryDirectory() as folder, \
            Server(Path(folder) / "heavy.sqlite3", env={**env, "TRUSTED_PROXIES": "1"}) as server:
        deadline = time.monotonic() + seconds

        def hammer() -> None:
            while time.monotonic() < deadline:
                status, _ = ask(server.port, heavy, "198.51.100.1")
                heavy_statuses[status] = heavy_statuses.get(status, 0) + 1

        thread = threading.Thread(target=hammer)
        thread.start()
        while time.monotonic() < deadline:
            normal.append(ask(server.port, normal_body, "198.51.100.2"))
            time.sleep(0.5)
        thread.join()
    times = sorted(took for _, took in normal)
    return {"heavy_bytes": len(heavy), "heavy_statuses": dict(sorted(heavy_statuses.items())),
            "normal_requests": len(times), "normal_ok": sum(status == 200 for status, _ in normal),
            "normal_p50_s": statistics.median(times) if times else None, "normal_max_s": times[-1] if times else None}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.loadtest")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--slow-clients", type=int, default=0, help="connections trickling a byte at a time")
    parser.add_argument("--quota", action="store_true", help="one client against a 512 KiB storage quota instead")
    parser.add_argument("--heavy", nargs="?", const="plays by strangers", default=None, metavar="BODY",
                        help="one client validating a hostile body (the first of scripts.hostile's whose name holds "
                             "BODY) within its rate limit, a normal one beside it")
    args = parser.parse_args()
    if args.heavy is not None:
        from scripts.hostile import bodies

        name, body = next((name, body) for name, body in bodies().items() if args.heavy in name)
        print(name, heavy_run(args.seconds, body))
        return
    if args.quota:
        figures = quota_run(args.seconds)
        print(f"quota {figures['quota']:,} bytes: {figures['stored_bytes']:,} bytes stored, "
              f"statuses {figures['statuses']}")
        return
    figures = run(args.seconds, args.clients, slow_clients=args.slow_clients)
    print(f"{figures['requests']} requests in {figures['seconds']} s: {figures['requests_per_second']:.0f} req/s, "
          f"p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, statuses {figures['statuses']}, "
          f"server errors {figures['server_errors']}, slow connections dropped by the server "
          f"{figures['slow_connections_dropped']}")


if __name__ == "__main__":
    main()

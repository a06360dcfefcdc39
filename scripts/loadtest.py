"""Bounded load against gunicorn on loopback: mixed validate / upload / page requests from a few client
threads for a fixed time. Prints requests/s, p50 and p99 latency, and the number of server errors.

    .venv/bin/python -m scripts.loadtest --seconds 20 --clients 8
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
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


def run(seconds: float, clients: int, workers: int = 2, max_requests: int = 100_000) -> dict:
    bodies = [json.dumps(simulate(3 + seed % 4, seed)).encode() for seed in range(50)]
    bodies.append(b'{"game": "david-goliath", "players": ["A"], "tricks": [{"plays": [{"player": "B"}]}]}')
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder, Server(Path(folder) / "load.sqlite3", workers) as server:
        deadline = time.monotonic() + seconds
        threads = [threading.Thread(target=client, args=(server.port, bodies, deadline, tally, seed, max_requests))
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
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m scripts.loadtest")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    figures = run(args.seconds, args.clients)
    print(f"{figures['requests']} requests in {figures['seconds']} s: {figures['requests_per_second']:.0f} req/s, "
          f"p50 {figures['p50_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms, statuses {figures['statuses']}, "
          f"server errors {figures['server_errors']}")


if __name__ == "__main__":
    main()

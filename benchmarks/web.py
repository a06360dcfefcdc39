"""Web figures: the validation endpoint against a bare echo of the same body (test client and gunicorn
under a bounded loopback load), and the analysis page's server time, size and time to drawn charts."""

from __future__ import annotations

import gc
import http.client
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path

from flask import Flask, Response, request
from sqlalchemy import func, select

from api.storage import StoredListing
from app import create_app
from benchmarks.timing import best_of, table
from dg_replay.simulate import simulate
from replaykit import registry
from scripts.server import Server

ECHO = "/bench/echo"


def bench_app(database: str | None = None) -> Flask:
    """The service plus an echo route, for benchmarking only (``gunicorn 'benchmarks.web:bench_app()'``)."""
    # No analysis worker: a background search would compete with the requests being timed, and outlive the
    # temporary database of an in-process benchmark.
    config = {"RATELIMIT_ENABLED": False, "ANALYSIS_WORKER": "off"}
    if database:
        config["DATABASE_URL"] = database
    app = create_app(config)

    @app.post(ECHO)
    def echo() -> Response:
        return Response(request.get_data(), mimetype="application/json")

    app.extensions["csrf"].exempt(echo)
    gc.freeze()  # as a gunicorn worker does once the app is loaded (gunicorn.conf.py)
    return app


def bodies(players: int, count: int = 20) -> list[bytes]:
    return [json.dumps(simulate(players, seed)).encode() for seed in range(count)]


def test_client_ratio(folder: Path) -> list[list[object]]:
    app = bench_app(f"sqlite:///{folder / 'client.sqlite3'}")
    client = app.test_client()
    rows = []
    for players in (3, 6):
        logs = bodies(players)

        def run(path: str, logs: list[bytes] = logs) -> None:
            for body in logs:
                client.post(path, data=body, content_type="application/json")

        echo = best_of(lambda: run(ECHO), 5) / len(logs)
        validate = best_of(lambda: run("/api/v1/validate"), 5) / len(logs)
        rows.append([f"test client, {players} players", f"{echo * 1e3:.2f}", f"{validate * 1e3:.2f}",
                     f"{validate / echo:.1f}x"])
    return rows


def hammer(port: int, path: str, logs: list[bytes], seconds: float, clients: int) -> float:
    """Requests per second of ``clients`` keep-alive connections for ``seconds``."""
    done = [0] * clients
    deadline = time.monotonic() + seconds

    def client(index: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < deadline:
            connection.request("POST", path, body=logs[done[index] % len(logs)],
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status
            done[index] += 1

    threads = [threading.Thread(target=client, args=(index,)) for index in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / (time.perf_counter() - start)


def gunicorn_ratio(folder: Path, seconds: float = 6.0, clients: int = 4) -> list[list[object]]:
    server = Server(folder / "gunicorn.sqlite3", app="benchmarks.web:bench_app()")
    rows = []
    with server:
        for players in (3, 6):
            logs = bodies(players)
            hammer(server.port, ECHO, logs, 1.0, clients)  # warm both workers
            echo = hammer(server.port, ECHO, logs, seconds, clients)
            validate = hammer(server.port, "/api/v1/validate", logs, seconds, clients)
            rows.append([f"gunicorn 2 workers, {clients} clients, {players} players", f"{1e3 / echo:.2f}",
                         f"{1e3 / validate:.2f}", f"{echo / validate:.1f}x"])
    return rows


def api_vs_echo() -> str:
    with tempfile.TemporaryDirectory() as folder:
        rows = test_client_ratio(Path(folder)) + gunicorn_ratio(Path(folder))
    return table("3. POST /api/v1/validate / a bare echo of the same body   target <= 2x   (gunicorn: ms per request "
                 "from throughput)", ["through", "echo ms", "validate ms", "ratio"], rows)


# Each game at a small and a large table: a page lists every play, so its time grows with the session.
PAGE_TABLES = (("david-goliath", 3), ("david-goliath", 6), ("grande-dalmuti", 4), ("grande-dalmuti", 8),
               ("olympi", 3), ("olympi", 6))
FRESH_GAMES = 5


def page_figures() -> str:
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(f"sqlite:///{Path(folder) / 'page.sqlite3'}")
        client = app.test_client()
        rows = []
        for game in dict(PAGE_TABLES):  # the templates compiled once, as a running service has them
            engine = registry.engines()[game]
            other = client.post("/api/v1/games", data=json.dumps(engine.simulate(engine.players[0], 2)),
                                content_type="application/json")
            client.get(other.get_json()["links"]["page"])
        for game, players in PAGE_TABLES:
            engine, uploads, firsts = registry.engines()[game], [], []
            for seed in range(1, FRESH_GAMES + 1):  # each view the first of a freshly stored game
                log = engine.simulate(players, seed)
                start = time.perf_counter()
                created = client.post("/api/v1/games", data=json.dumps(log), content_type="application/json")
                uploads.append(time.perf_counter() - start)
                page = created.get_json()["links"]["page"]
                start = time.perf_counter()
                size = len(client.get(page).data)
                firsts.append(time.perf_counter() - start)
            plays = len(engine.snapshots(log)) - 1
            seconds = best_of(lambda page=page: client.get(page), 20)
            rows.append([game, f"{players} players", plays, f"{statistics.median(uploads) * 1e3:.0f}",
                         f"{statistics.median(firsts) * 1e3:.1f}", f"{max(firsts) * 1e3:.1f}",
                         f"{seconds * 1e3:.1f}", f"{size / 1024:.0f}", f"{len(json.dumps(log)) / 1024:.1f}",
                         f"{kept_lists(app, created.get_json()['id']) / 1024:.1f}"])
    return table("4. Analysis page: server time of an upload and of the first view (median and slowest of "
                 f"{FRESH_GAMES} games); of the last game, the best of 20 later views, its HTML (plotly.js apart), "
                 "its log and its lists kept in the database (all languages)   targets: views <= 15 ms, <= 150 KB",
                 ["game", "table", "steps", "upload ms", "first ms", "first max", "later ms", "KB", "log KB",
                  "lists KB"], rows)


def kept_lists(app: Flask, game_id: str) -> int:
    """Bytes of a stored game's page lists in the database, every language (``api.listings``)."""
    with app.extensions["card_replay"].repository.sessions() as session:
        return session.scalar(select(func.sum(func.length(StoredListing.body))).where(StoredListing.id == game_id))


def full_collections(views: int = 200) -> str:
    """Python's full garbage collections during page views, before and after ``gc.freeze()`` (what
    gunicorn.conf.py's ``post_worker_init`` does): their count and their longest pause."""
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(f"sqlite:///{Path(folder) / 'gc.sqlite3'}")
        gc.unfreeze()  # bench_app froze them: measured first as a worker that does not
        client = app.test_client()
        log = registry.engines()["grande-dalmuti"].simulate(4, 1)
        page = client.post("/api/v1/games", data=json.dumps(log), content_type="application/json")
        page = page.get_json()["links"]["page"]
        client.get(page)
        rows = []
        for label in ("walked", "frozen"):
            if label == "frozen":
                gc.freeze()
            pauses: list[float] = []
            started: list[float] = []

            def timed(phase: str, info: dict, pauses: list[float] = pauses, started: list[float] = started) -> None:
                if info["generation"] == 2:
                    if phase == "start":
                        started.append(time.perf_counter())
                    else:
                        pauses.append(time.perf_counter() - started.pop())

            gc.callbacks.append(timed)
            for _ in range(views):
                client.get(page)
            gc.callbacks.remove(timed)
            rows.append([label, len(gc.get_objects()) if label == "walked" else gc.get_freeze_count(),
                         len(pauses), f"{max(pauses, default=0) * 1e3:.1f}"])
    return table(f"4b. Full garbage collections over {views} views of a Dalmuti page, the app's objects walked by "
                 "each or frozen out (gunicorn.conf.py)", ["app's objects", "how many", "full collections",
                                                           "longest ms"], rows)

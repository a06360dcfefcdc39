"""Playing on from a log: a ``/api/v1/choices`` request against a ``/api/v1/validate`` of the same log.

Each game's log is cut at the middle of a simulated game (the state there, written back as a log), the
moment a recorder or a what-if branch asks most often. Both requests go through the test client, so the
figures are server time: the choices request replays the log, lists the choices with a patch each and the
table view; validate replays it and writes the report.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from benchmarks.timing import best_of, table
from benchmarks.web import bench_app
from replaykit import registry

GAMES = (("david-goliath", 6), ("grande-dalmuti", 6), ("olympi", 7))


def middle_of(game_id: str, players: int, seed: int = 1) -> dict:
    """The log of a simulated game up to its middle step."""
    engine = registry.engines()[game_id]
    log = engine.simulate(players, seed)
    steps = len(engine.snapshots(log))
    kept: list = []
    engine.load(log, engine.default_limits,
                observe=lambda _anchor, state: kept.append(state.clone()) if len(kept) < steps // 2 else None)
    return kept[-1].to_log()


def choices_vs_validate() -> str:
    with tempfile.TemporaryDirectory() as folder:
        client = bench_app(f"sqlite:///{Path(folder) / 'play.sqlite3'}").test_client()
        rows = []
        for game_id, players in GAMES:
            body = json.dumps(middle_of(game_id, players)).encode()

            def post(path: str, body: bytes = body) -> None:
                response = client.post(path, data=body, content_type="application/json")
                assert response.status_code == 200, response.get_data(as_text=True)[:200]

            choices = best_of(lambda: post("/api/v1/choices"), 20)
            validate = best_of(lambda: post("/api/v1/validate"), 20)
            offered = len(client.post("/api/v1/choices", data=body, content_type="application/json")
                          .get_json()["choices"])
            rows.append([f"{game_id}, {players} players", f"{len(body) / 1024:.1f}", offered,
                         f"{choices * 1e3:.2f}", f"{validate * 1e3:.2f}", f"{choices / validate:.2f}x"])
    return table("Playing on: a choices request at the middle of a game, beside validate of the same log "
                 "(server time, test client, best of 5 × 20)",
                 ["log", "KB", "choices", "choices ms", "validate ms", "ratio"], rows)

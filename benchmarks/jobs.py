"""The background analysis as a visitor meets it: from ``POST /api/v1/games`` of a David & Goliath sample to
its page's ``…/analysis.json`` answering the results, with the app's own worker thread (as ``make run``
runs it) and the default budget (``api.background.BUDGET``). ``python -m benchmarks.jobs`` prints this
section alone.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from benchmarks.timing import table

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ("legal-3-players", "legal-4-players", "legal-6-players")


def upload_to_results(names: tuple[str, ...] = SAMPLES) -> str:
    from app import create_app

    folder = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{folder}/games.sqlite3",
                      "ANALYSIS_WORKER": "thread", "RATELIMIT_ENABLED": False, "ANALYSIS_MAX_PENDING": len(names)})
    client = app.test_client()
    load = os.getloadavg()[0]
    rows = []
    for name in names:
        raw = (ROOT / "sample_games" / "david-goliath" / f"{name}.json").read_bytes()
        start = time.perf_counter()
        game = client.post("/api/v1/games", data=raw, content_type="application/json").json["id"]
        uploaded = time.perf_counter() - start
        while (answer := client.get(f"/games/{game}/analysis.json").json)["state"] not in ("done", "failed"):
            time.sleep(0.1)
        shown = answer.get("analysis") or {"steps": {}, "valued": 0, "marked": []}
        rows.append([name, f"{uploaded:.2f}", f"{time.perf_counter() - start:.1f}",
                     f"{shown['valued']} / {len(shown['steps'])}",
                     str(sum(play["exact"] for play in shown["steps"].values())), str(len(shown["marked"]))])
    return table(f"Background analysis: upload to results (load average {load:.1f} at the start)",
                 ["sample", "upload s", "results s", "valued", "exact", "marked"], rows)


if __name__ == "__main__":
    print(upload_to_results())

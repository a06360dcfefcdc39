"""The computer analysis of logs that do not give the hands (``replaykit.analysis``, docs/ANALYSIS.md "Logs
without the hands"): one sample per game, analysed with the default budget. Per sample: the plays listed,
how many were valued exactly, estimated over sampled worlds, or listed with no values, the plays from a
position that cannot be searched (``unsearched``), and the CPU seconds of the analysis (one run, so that the
section stays under 20 s; CPU time, which other processes on a busy machine disturb less than the clock).
``.venv/bin/python -m benchmarks.hidden_analysis``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from benchmarks.timing import table
from replaykit import registry
from replaykit.analysis import analyse

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
LOGS = (("david-goliath", "legal-4-players"), ("grande-dalmuti", "black-market-no-hands"),
        ("olympi", "clean-4-players-no-deal"))  # none of them gives the hands


def figures() -> str:
    engines = registry.engines()
    rows = []
    for game, name in LOGS:
        log, engine = json.loads((SAMPLES / game / f"{name}.json").read_text()), engines[game]
        assert "hands" not in log and not any("hands" in part for part in log.get("rounds", ())), name
        start = time.process_time()
        result = analyse(engine, log)
        took = time.process_time() - start
        plays = result["plays"]
        exact = sum(play["exact"] for play in plays)
        estimated = sum(play["estimate"] is not None for play in plays)
        rows.append([f"{game} {name}", str(len(plays)), str(exact), str(estimated),
                     str(len(plays) - exact - estimated), str(result["unsearched"]), f"{took:.2f}"])
    return table("Analysis of logs without the hands (default budget), one sample per game",
                 ["sample", "plays", "exact", "estimated", "no values", "unsearched", "CPU s"], rows)


if __name__ == "__main__":
    print(figures())

"""What one ``POST /api/v1/analyse`` costs: the CPU of the whole request (reading, replaying and analysing the
log, the answer's JSON) and the answer's size, on the heaviest logs of each game, against what the request
is charged (``api.guards.ANALYSIS_UNITS`` and its body's units, each unit at most 0.045 s of a validation's
CPU: docs/RELIABILITY.md). Simulated logs without their hands, whose plays are all estimated from sampled
worlds (the costliest kind: dealing the worlds, then searching them), and the longest samples. Through the
Flask test client, rate limits off, the compiled modules as ``make run`` builds them.
``python -m benchmarks.analyse_requests`` prints this section alone.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from benchmarks.timing import table
from replaykit import native

SAMPLES = Path(native.ROOT) / "sample_games"
SECONDS_A_UNIT = 0.045  # the most a validation unit costs (docs/RELIABILITY.md, "Rate limits by cost")


def logs() -> list[tuple[str, bytes]]:
    """(label, body) of the heaviest logs to analyse: simulated, hands left out, and the longest samples."""
    from dalmuti_replay.simulate import simulate as dalmuti
    from dg_replay.simulate import simulate_match
    from olympi_replay.simulate import simulate as olympi

    made = [("D&G match, 6 players, no hands", simulate_match(6, 3, hands=False)),
            ("D&G match of 30 games, 6 players, no hands", long_match(simulate_match, 30)),
            ("D&G match of 30 games cut to 5 tricks", long_match(simulate_match, 30, tricks=5)),
            ("Dalmuti, 8 players, 20 rounds, no hands", dalmuti(8, 2, hands=False, rounds=20)),
            ("Dalmuti, 20 players, 12 rounds cut to 2 tricks", cut(dalmuti(20, 3, hands=False, rounds=12), 2)),
            ("Olympi, 7 players, no hands or deck", olympi(7, 4, hands=False, deck=False))]
    shipped = ["grande-dalmuti/black-market-no-hands", "grande-dalmuti/plain-revolution-market",
               "david-goliath/legal-6-players", "olympi/clean-7-players-reshuffle"]
    return [*((label, json.dumps(log).encode()) for label, log in made),
            *((name, (SAMPLES / f"{name}.json").read_bytes()) for name in shipped)]


def long_match(simulate_match, games: int, tricks: int = 15) -> dict:
    """A 6-player match of ``games`` games (more than the players: a warning, still analysed), without hands or
    claims, each game stopped after ``tricks`` tricks: every game's plays estimated, the worlds dealt for each
    (a tester's log, 2026-11-29: 2.2-3.1 s of CPU through gunicorn against 1.93 s charged)."""
    played: list[dict] = []
    seed = 20
    while len(played) < games:
        played += simulate_match(6, seed, hands=False, claims=False)["games"]
        seed += 1
    for game in played:
        game["tricks"] = game["tricks"][:tricks]
    return {"game": "david-goliath-match", "players": simulate_match(6, 11, hands=False)["players"],
            "games": played[:games]}


def cut(session: dict, tricks: int) -> dict:
    """``session`` with each round stopped after its first ``tricks`` tricks, its claims left out: every round
    leaves most of the hands unplaced, with the taxes' proofs (a Peon's floor) to keep to, which makes dealing
    a world the heaviest (a tester's log, 2026-11-29)."""
    for key in ("totals", "winners", "end"):
        session.pop(key, None)
    for played in session["rounds"]:
        for key in ("finish", "points", "totals"):
            played.pop(key, None)
        played["tricks"] = played["tricks"][:tricks]
    return session


def per_request(runs: int = 3) -> str:
    from api.guards import ANALYSIS_UNITS, WORK_UNIT_BYTES
    from app import create_app

    load = os.getloadavg()[0]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{folder}/games.sqlite3",
                          "RATELIMIT_ENABLED": False, "ANALYSIS_WORKER": "off"})
        client = app.test_client()
        for label, body in logs():
            spent = []
            for _ in range(runs):
                start = time.process_time()
                answer = client.post("/api/v1/analyse", data=body, content_type="application/json")
                spent.append(time.process_time() - start)
            found = answer.get_json()
            plays = found["plays"]
            units = ANALYSIS_UNITS + 1 + len(body) // WORK_UNIT_BYTES
            rows.append([label, f"{len(body) / 1024:.0f}", str(len(plays)), str(sum(play["exact"] for play in plays)),
                         str(sum(play["estimate"] is not None for play in plays)), str(found["unvalued"]),
                         f"{min(spent):.2f}", f"{max(spent):.2f}", f"{len(answer.data) / 1024:.0f}", str(units),
                         f"{units * SECONDS_A_UNIT:.2f}"])
        app.extensions["card_replay"].repository.dispose()
    return table(f"Analysis requests: CPU of POST /api/v1/analyse ({runs} runs each, load average {load:.1f})   "
                 "goal: CPU s worst <= what it is charged", ["log", "KB", "plays", "exact", "estimated", "unvalued",
                                                             "CPU s best", "CPU s worst", "answer KB", "units",
                                                             "charged s"], rows)


if __name__ == "__main__":
    print(per_request())

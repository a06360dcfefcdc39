"""Il Grande Dalmuti through its State: validation against json.loads of the same logs, the table view's
snapshots (a view after every step), and the answers' sizes for the largest body the service accepts.

``python -m benchmarks.dalmuti`` prints this section alone (``make bench`` prints it with the rest). The
largest body is the longest session the service accepts (a 4-player session of 70 rounds, 5,614 plays and
passes, under ``max_session_plays``), every play legal: four players hold the most cards each, so their
choices cost the most.
"""

from __future__ import annotations

import json

from benchmarks.timing import best_of, table

LARGEST = (4, 7, 70)  # players, seed, rounds


def compact(data: object) -> int:
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())


def logs() -> list[tuple[str, bytes]]:
    from dalmuti_replay.simulate import simulate

    return [("5 players, 3 rounds", json.dumps(simulate(5, 1)).encode()),
            ("8 players, 3 rounds, market", json.dumps(simulate(8, 2, market=True)).encode()),
            ("20 players, 10 rounds", json.dumps(simulate(20, 7, rounds=10)).encode())]


def throughput() -> str:
    from dalmuti_replay.engine import ENGINE

    rows = []
    for name, raw in logs():
        document = json.loads(raw)
        plays = sum(len(trick["plays"]) for entry in document["rounds"] for trick in entry["tricks"])
        parse = best_of(lambda raw=raw: json.loads(raw), 5)
        full = best_of(lambda document=document: ENGINE.validate(document), 3)
        views = best_of(lambda document=document: ENGINE.snapshots(document), 1, repeat=3)
        rows.append([name, f"{len(raw):,}", f"{plays:,}", f"{parse * 1e3:.2f}", f"{full * 1e3:.1f}",
                     f"{full / parse:.0f}x", f"{full / plays * 1e6:.1f}", f"{views * 1e3:.0f}"])
    return table("Dalmuti: validation through the State / json.loads, per play, and the snapshots (a view after "
                 "every step)", ["log", "bytes", "plays", "json.loads ms", "validate ms", "ratio", "us/play",
                                 "snapshots ms"], rows)


def answer_sizes() -> str:
    from api.games.grande_dalmuti import ADAPTER
    from dalmuti_replay.engine import ENGINE
    from dalmuti_replay.simulate import simulate

    players, seed, rounds = LARGEST
    log = simulate(players, seed, rounds=rounds)
    body = len(json.dumps(log).encode())
    report = ENGINE.validate(log).to_dict()
    timeline = ADAPTER.timeline(report)
    moments = {"steps": ADAPTER.steps(timeline), "board": ADAPTER.table(report, timeline, ENGINE.snapshots(log))}
    rows = [[name, f"{size:,}", f"{size / body:.1f}x"] for name, size in (
        ("the log (body)", body), ("report", compact(report)), ("timeline", compact(timeline)),
        ("steps + table view (moments.json, before trimming)", compact(moments)),
        ("charts", compact(ADAPTER.figures(report))))]
    return table(f"Dalmuti: answers for the largest accepted body ({players} players, {rounds} rounds)",
                 ["answer", "bytes", "× body"], rows)


def section() -> str:
    return f"{throughput()}\n\n{answer_sizes()}"


if __name__ == "__main__":
    print(section())

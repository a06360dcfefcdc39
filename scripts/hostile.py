"""Hostile bodies against gunicorn on loopback: documents built to make the most findings, the largest
report or the longest work per byte sent. Prints, for each, the body size, the status, the answer's size
and how long the server took; then stores the heaviest Olympi body and the longest Il Grande Dalmuti session
accepted, and times their views (page, ``moments.json``, report, timeline, edit), which read the results kept
at upload and replay nothing.

    .venv/bin/python -m scripts.hostile
"""

from __future__ import annotations

import http.client
import json
import random
import tempfile
import time
from pathlib import Path

from scripts.server import Server

PLAYERS = ["A", "B", "C", "D", "E", "F"]
RULE_ITEMS = 20  # olympi_replay.log.Limits.max_rule_items
PASSING = {"value": ">=", "than": "previous"}
BREAKING = {"value": "<", "than": "previous"}  # a rising or equal play breaks it


def olympi_rule(parts: int, leaf: dict = PASSING) -> dict:
    """An ``all_of`` of ``all_of`` groups of leaves: ``parts`` rule objects in all, two levels deep."""
    groups, left = [], parts - 1
    while left > 1:
        count = min(left - 1, RULE_ITEMS - 1)
        groups.append({"all_of": [dict(leaf) for _ in range(count)]})
        left -= count + 1
    return {"all_of": groups}


def wide_rule(widths: tuple[int, ...]) -> dict:
    """``all_of`` nested ``len(widths)`` levels, ``widths[i]`` items at level i: within the depth and
    items-per-list limits, and as many parts as they allow (before the bound on parts in all)."""
    if not widths:
        return {"value_in": [1, 9]}
    return {"all_of": [wide_rule(widths[1:])] * widths[0]}


def olympi(parts: int, leaf: dict = PASSING, races: int = 20, turns: int = 400) -> dict:
    """Nine disciplines of ``parts`` parts each and the most races and turns a log may have, every turn a
    play of two cards: the most rule evaluations (or, with ``BREAKING``, ``rule-broken`` findings)."""
    names = ["Ann", "Bo"]
    plays = [{"player": names[turn % 2], "action": "play", "cards": ["B5", "Y5"]} for turn in range(turns)]
    return {"game": "olympi", "players": names,
            "disciplines": [{"name": f"D{index}", "cards_per_play": 2, "rule": olympi_rule(parts, leaf)}
                            for index in range(9)],
            "races": [{"discipline": f"D{race % 9}", "turns": plays} for race in range(races)]}


def game(tricks: list) -> dict:
    return {"game": "david-goliath", "players": PLAYERS, "tricks": tricks}


def match(trick: dict, games: int = 30) -> dict:
    return {"game": "david-goliath-match", "players": PLAYERS, "games": [game([trick] * 40)] * games}


def dalmuti(players: int, rounds: int) -> dict:
    """A legal simulated session (every hand known, so the what-if works on every play)."""
    from dalmuti_replay.simulate import simulate

    return simulate(players, 7, rounds=rounds)


def dalmuti_past_the_bound() -> dict:
    """A session past the bound on plays and passes (6,000): the simulator stops at the bound, so the rounds
    of its 20-player session are written seven times (91 rounds, within the 100 a log may have)."""
    session = dalmuti(20, 100)
    return {**session, "rounds": session["rounds"] * 7}


STORED = ("olympi: 9 rules of 32 parts, 20 x 400 plays that break them",
          "grande-dalmuti: 4 players, 70 rounds, 5,614 plays (the longest accepted)",
          "david-goliath-match: 12 x 40 x 40 plays, 6 players (the most an upload may hold)")


def bodies() -> dict[str, bytes]:
    documents = {
        "hands: 8,000 keys of 120 non-cards": {**game([]), "hands": {f"k{i}": [0] * 120 for i in range(8000)}},
        "hands: 40 keys of 120 non-cards": {**game([]), "hands": {f"k{i}": [0] * 120 for i in range(40)}},
        "150,000 unknown fields": {**game([]), **{f"x{i}": 0 for i in range(150_000)}},
        "captures: 40 tricks x 40 keys x 120 non-cards":
            game([{"plays": [], "captures": {f"k{i}": [0] * 120 for i in range(40)}}] * 40),
        "match: 30 x 40 x 40 plays that are not objects": match({"plays": [0] * 40}),
        "match: 30 x 40 x 40 plays by strangers": match({"plays": [{"player": "Z", "card": "B99"}] * 40}),
        "a title of 1,000,000 characters": {**game([]), "meta": {"title": "T" * 1_000_000}},
        "olympi: 96,000-part rule, 20 items a level (refused: 32 parts at most)":
            {**olympi(32, races=1, turns=60), "disciplines": [{"name": "D0", "cards_per_play": 2,
                                                             "rule": wide_rule((20, 20, 20, 12))}]},
        "olympi: 9 rules of 32 parts, 20 x 400 plays that obey them": olympi(32),
        "olympi: 9 rules of 32 parts, 20 x 400 plays that break them": olympi(32, BREAKING),
        "grande-dalmuti: 20 players, 91 rounds, 42,000 plays (refused: 6,000 at most)": dalmuti_past_the_bound(),
        STORED[1]: dalmuti(4, 70),
        STORED[2]: match({"plays": [{"player": PLAYERS[index % 6], "card": f"B{index % 15 + 1}"}
                                    for index in range(40)]}, games=12),
    }
    made = {name: json.dumps(document, separators=(",", ":")).encode() for name, document in documents.items()}
    # Random digits, as a client varying them would send: a pattern of the whole number, to place it, took 13 s
    digits = "".join(random.Random(3).choices("0123456789", k=1_900_000))
    made["a score of 1,900,000 digits (refused: 20 at most)"] = \
        json.dumps({**game([]), "scores": {"A": 0}}).replace('{"A": 0}', '{"A": 7' + digits + "}").encode()
    return made


def _ask(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes, float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    connection.request(method, path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    answer = response.read()
    connection.close()
    return response.status, answer, time.perf_counter() - started


VIEWS = ("/games/{id}", "/games/{id}/moments.json", "/api/v1/games/{id}", "/api/v1/games/{id}/timeline",
         "/games/{id}/edit")


def run() -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as folder, Server(Path(folder) / "hostile.sqlite3") as server:
        for name, body in bodies().items():
            status, answer, seconds = _ask(server.port, "POST", "/api/v1/validate", body)
            rows.append({"body": name, "bytes": len(body), "status": status, "answer_bytes": len(answer),
                         "seconds": seconds})
        for name in STORED:
            heavy = bodies()[name]
            status, answer, seconds = _ask(server.port, "POST", "/api/v1/games", heavy)
            rows.append({"body": f"  stored: POST /api/v1/games ({name.split(':')[0]})", "bytes": len(heavy),
                         "status": status, "answer_bytes": len(answer), "seconds": seconds})
            game_id = json.loads(answer)["id"] if status == 201 else "none"
            for view in VIEWS:
                status, answer, seconds = _ask(server.port, "GET", view.format(id=game_id))
                rows.append({"body": f"  view: GET {view}", "bytes": 0, "status": status,
                             "answer_bytes": len(answer), "seconds": seconds})
    return rows


def main() -> None:
    for row in run():
        print(f"{row['body']:80} {row['bytes'] / 1e6:5.2f} MB -> {row['status']}, "
              f"{row['answer_bytes'] / 1e3:8.1f} kB in {row['seconds']:.2f} s")


if __name__ == "__main__":
    main()

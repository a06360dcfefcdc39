"""Hostile bodies against gunicorn on loopback: documents built to make the most findings, the largest
report or the longest work per byte sent. Prints, for each, the body size, the status, the answer's size
and how long the server took.

    .venv/bin/python -m scripts.hostile
"""

from __future__ import annotations

import http.client
import json
import tempfile
import time
from pathlib import Path

from scripts.server import Server

PLAYERS = ["A", "B", "C", "D", "E", "F"]


def game(tricks: list) -> dict:
    return {"game": "david-goliath", "players": PLAYERS, "tricks": tricks}


def match(trick: dict) -> dict:
    return {"game": "david-goliath-match", "players": PLAYERS, "games": [game([trick] * 40)] * 30}


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
    }
    return {name: json.dumps(document, separators=(",", ":")).encode() for name, document in documents.items()}


def run() -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as folder, Server(Path(folder) / "hostile.sqlite3") as server:
        for name, body in bodies().items():
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
            started = time.perf_counter()
            connection.request("POST", "/api/v1/validate", body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            answer = response.read()
            rows.append({"body": name, "bytes": len(body), "status": response.status, "answer_bytes": len(answer),
                         "seconds": time.perf_counter() - started})
            connection.close()
    return rows


def main() -> None:
    for row in run():
        print(f"{row['body']:48} {row['bytes'] / 1e6:5.2f} MB -> {row['status']}, "
              f"{row['answer_bytes'] / 1e3:8.1f} kB in {row['seconds']:.2f} s")


if __name__ == "__main__":
    main()

"""What storing a document costs, read from the document alone, before anything is replayed.

Storing a game computes the table view after every step (``Engine.snapshots``), and every view shows every
seat, so an upload's work grows with steps × seats. ``Engine.work(document)`` is that measure: each game
counts its own steps and seats from the log as written (a match sums its games), with the helpers below;
a game that counts nothing of its own gets ``generic``. The service refuses an upload whose measure is
past its limit before replaying it (``api.workload``). Every function here takes any JSON value and never
raises: a document that is not a log's shape counts what it can.
"""

from __future__ import annotations


def entries(value: object, key: str) -> list:
    """``value[key]`` when ``value`` is an object and that is a list; else an empty list."""
    found = value.get(key) if isinstance(value, dict) else None
    return found if isinstance(found, list) else []


def seats(value: object, key: str = "players") -> int:
    """How many players ``value`` names (the length of its list of players)."""
    return len(entries(value, key))


def count(value: object, *keys: str) -> int:
    """How many items the lists at the end of the path ``keys`` hold, over every list on the way:
    ``count(log, "tricks", "plays")`` is the number of plays of a log's tricks."""
    level = [value]
    for key in keys:
        level = [item for holder in level for item in entries(holder, key)]
    return len(level)


def json_values(document: object) -> int:
    """Every value in the document, objects and lists included."""
    total, stack = 0, [document]
    while stack:
        value = stack.pop()
        total += 1
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return total


def generic(document: object) -> int:
    """For a game that does not count its steps: every JSON value a step (a step is written with at least
    one), times its players (at least one)."""
    return json_values(document) * max(1, seats(document))

"""Small builders shared by the engine tests: logs written as compactly as the tests need them."""

from __future__ import annotations

import copy
import io
import sys

from hypothesis import strategies as st

from dg_replay.cli import main
from dg_replay.simulate import simulate

FIVE = ["Andrea", "Ben", "Clara", "Dennis", "Emma"]


def log_of(players: list[str], *tricks: list[tuple[str, str]], **extra: object) -> dict:
    """A log whose tricks are given as lists of (player, card) pairs."""
    log: dict = {"game": "david-goliath", "players": list(players)}
    log["tricks"] = [{"plays": [{"player": name, "card": card} for name, card in trick]} for trick in tricks]
    log.update(extra)
    return log


def codes(report) -> list[str]:
    return [finding.code for finding in report.findings]


def errors(report) -> list:
    return [finding for finding in report.findings if finding.is_error]


def game(players: int = 4, seed: int = 1, **options: bool) -> dict:
    """A fresh copy of a simulated legal game, safe to mutate."""
    return copy.deepcopy(simulate(players, seed, **options))


# Any JSON value (JSON has no NaN or infinity), small enough to generate quickly.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=30)


def mutate(log, data):
    """Replace one node somewhere in the log, at any depth, with an arbitrary JSON value."""
    node = log
    for _ in range(data.draw(st.integers(1, 7))):
        if isinstance(node, dict) and node:
            key = data.draw(st.sampled_from(sorted(node)))
        elif isinstance(node, list) and node:
            key = data.draw(st.integers(0, len(node) - 1))
        else:
            break
        if data.draw(st.booleans()) or not isinstance(node[key], dict | list):
            node[key] = data.draw(json_values)
            break
        node = node[key]
    return log


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    """The command line run in this process: its exit status, standard output and standard error; ``stdin``, if
    given, is what it reads from standard input."""
    out, err = io.StringIO(), io.StringIO()
    real = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()))
    try:
        status = main(list(argv), out, err)
    finally:
        sys.stdin = real
    return status, out.getvalue(), err.getvalue()

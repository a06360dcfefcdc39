"""Small builders shared by the engine tests: logs written as compactly as the tests need them."""

from __future__ import annotations

import copy

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

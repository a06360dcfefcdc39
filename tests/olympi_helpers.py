"""Builders shared by the Olympi Cards tests: logs written as compactly as the tests need them."""

from __future__ import annotations

import copy

from olympi_replay import validate
from olympi_replay.simulate import simulate

# Nine disciplines declared by the tests' logs (house rules of the tests, not real cards).
DISCIPLINES = [
    {"name": "Nuoto", "rule": {"value": ">", "than": "previous"}},
    {"name": "Ciclismo", "cards_per_play": 2, "rule": {"sum": ">", "than": "previous"}},
    {"name": "Corsa", "rule": {"free": True}},
    {"name": "Salto", "rule": {"color": "same", "as": "previous"}},
    {"name": "Lancio", "rule": {"value": "<", "than": "own"}},
    {"name": "Tuffi", "rule": {"value_in": [1, 5]}},
    {"name": "Scherma", "rule": {"free": True}},
    {"name": "Vela", "rule": {"free": True}},
    {"name": "Remo"},
]
NAMES = [entry["name"] for entry in DISCIPLINES]


def turn(spec: str, **extra: object) -> dict:
    """``"Ann K7"`` plays K7, ``"Ann K7 K8"`` two cards, ``"Bruno retire"`` / ``"Bruno pass"``."""
    player, *rest = spec.split()
    if rest in (["retire"], ["pass"]):
        data: dict = {"player": player, "action": rest[0]}
    else:
        data = {"player": player, "action": "play", "cards": rest}
    data.update(extra)
    return data


def race(discipline: str, *turns: str | dict, **extra: object) -> dict:
    data: dict = {"discipline": discipline, "turns": [turn(t) if isinstance(t, str) else t for t in turns]}
    data.update(extra)
    return data


def log_of(players: list[str], *races: dict, **extra: object) -> dict:
    log: dict = {"game": "olympi", "players": list(players), "disciplines": copy.deepcopy(DISCIPLINES),
                 "races": list(races)}
    log.update(extra)
    return log


def codes(report) -> list[str]:
    return [finding.code for finding in report.findings]


def rule_findings(report, ignore=("incomplete-game", "unchecked-rule")) -> list:
    """Findings other than the warnings a short test log always gets."""
    return [finding for finding in report.findings if finding.code not in ignore]


def only(report, code: str):
    """The one finding of ``code``; fails when there is none or several."""
    found = [finding for finding in report.findings if finding.code == code]
    assert len(found) == 1, [finding.to_dict() for finding in report.findings]
    return found[0]


def place(finding) -> tuple:
    return finding.unit("race"), finding.unit("turn"), finding.player, finding.path


def game(players: int = 4, seed: int = 1, **options: bool) -> dict:
    """A fresh copy of a simulated legal game, safe to mutate."""
    return copy.deepcopy(simulate(players, seed, **options))


def check(document: object):
    return validate(document)

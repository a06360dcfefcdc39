"""Builders shared by the Grande Dalmuti tests: logs written as compactly as the tests need them."""

from __future__ import annotations

import copy
from collections import Counter

from dalmuti_replay.cards import Card
from dalmuti_replay.rules import Options, Table
from dalmuti_replay.simulate import simulate

FOUR = ["Anna", "Bruno", "Carla", "Dario"]
FIVE = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def play(name: str, cards: str | None = None) -> dict:
    """A set written as ``"7 7 J"``, or a pass when ``cards`` is ``None``."""
    return {"player": name, "pass": True} if cards is None else {"player": name, "cards": cards.split()}


def trick(*plays: tuple) -> dict:
    return {"plays": [play(*entry) for entry in plays]}


def session(players: list[str], *rounds: dict, **extra: object) -> dict:
    return {"game": "grande-dalmuti", "players": list(players), "rounds": list(rounds), **extra}


def hands_for(order: list[str], wanted: dict[str, str], options: Options | None = None) -> dict[str, list[str]]:
    """A complete, legal deal in which each named player holds at least the ``wanted`` cards; the rest of
    the deck is dealt round-robin from the worst cards down, so nobody else gets a good card by chance."""
    table = Table(tuple(order), options or Options())
    sizes = table.deal_sizes()
    hands = {name: [Card.parse(text) for text in wanted.get(name, "").split()] for name in order}
    pool = Counter(table.deck)
    for cards in hands.values():
        pool.subtract(cards)
    rest = sorted(pool.elements(), reverse=True)
    while rest:
        for name in order:
            if rest and len(hands[name]) < sizes[name]:
                hands[name].append(rest.pop(0))
    return {name: [str(card) for card in sorted(cards)] for name, cards in hands.items()}


def where(finding) -> tuple:
    return finding.unit("round"), finding.unit("trick"), finding.unit("play")


def codes(report) -> list[str]:
    return [finding.code for finding in report.findings]


def errors(report) -> list:
    return [finding for finding in report.findings if finding.is_error]


def found(report, code: str) -> list:
    return [finding for finding in report.findings if finding.code == code]


def sim(players: int = 5, seed: int = 1, **options: object) -> dict:
    """A fresh copy of a simulated legal session, safe to mutate."""
    return copy.deepcopy(simulate(players, seed, **options))


def sets_in(log: dict) -> list[tuple[int, int, int]]:
    """Every set of the log as (round index, trick index, play index)."""
    return [(r, t, p) for r, entry in enumerate(log["rounds"]) for t, trick_ in enumerate(entry["tricks"])
            for p, play_ in enumerate(trick_["plays"]) if "cards" in play_]

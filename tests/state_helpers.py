"""Positions of any registered game for the State tests: a simulated game's setup, and random legal walks."""

from __future__ import annotations

import random

from replaykit.engine import Engine
from replaykit.findings import ERROR


def errors(findings) -> list:
    return [finding for finding in findings if finding.severity == ERROR]


def setup_state(engine: Engine, players: int, seed: int):
    """The state at the start of a simulated game: its setup (players, deal…), no action yet."""
    first = []
    engine.load(engine.simulate(players, seed), engine.default_limits,
                observe=lambda anchor, state: first.append(state.clone()) if not first else None)
    assert first, f"{engine.id}: load observed no start"
    return first[0]


def walk(state, rng: random.Random, steps: int):
    """Up to ``steps`` random legal choices from ``state`` (strictly applied); yields the state before each."""
    for _ in range(steps):
        if state.is_over():
            return
        yield state
        options = state.choices(rng)
        state.apply(rng.choice(options).action, strict=True)

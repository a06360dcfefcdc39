"""What a seat can guarantee from a position: the search the computer analysis runs over any game's State.

The value of a position for a seat is the result (``returns()``) that seat can make sure of at the end of
the game whatever the other seats do, playing its own best meanwhile — "paranoid" minimax, since the other
seats are taken to play against it together — and, at a chance step, the average over its outcomes
weighted by their probabilities. It is computed as the trick-taking solvers do (DDS for bridge, the Skat
solvers): depth-first alpha-beta over ``apply_action``/``undo_action`` (no copies), a transposition table
on ``key()`` holding bounds, and the best move of a position tried first when it is met again (a history
heuristic, moves ordered by the cut-offs they made, was measured and gained nothing on David & Goliath).

A State a search can walk offers, besides the ``replaykit.state`` contract:

- ``turn``: the index of the seat to move (in seating order), ``CHANCE`` at a chance step, ``TERMINAL`` at
  the end;
- ``legal_actions()``: the legal actions as compact hashable values (ints for cards), exactly the choices
  the rules allow; ``chance_outcomes()``: at a chance step, ``(action, probability)`` pairs summing to 1;
- ``apply_action(action)`` and ``undo_action()``: a step made and taken back exactly, with no findings;
- ``returns()``: every seat's result as the rules define it, in seating order;
- ``key()``: hashable, equal exactly when two positions are equal (what is left to play and every result
  already earned: the value of a position depends on nothing else); or ``None`` for a position not worth
  keeping in the table (a trick-taking game keeps only the starts of tricks, as DDS does: the positions
  inside a trick are reached again only through the trick's start).

Searches are bounded: past ``max_nodes`` positions a search stops with ``OutOfBudget``, and its caller
reports the value as not proven.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

CHANCE = -1
TERMINAL = -2
INFINITY = math.inf


class Searchable(Protocol):
    """The part of a State a search walks (see the module docstring)."""

    @property
    def turn(self) -> int: ...

    def legal_actions(self) -> Sequence[Hashable]: ...

    def chance_outcomes(self) -> Sequence[tuple[Hashable, float]]: ...

    def apply_action(self, action: Hashable) -> None: ...

    def undo_action(self) -> None: ...

    def returns(self) -> Sequence[float]: ...

    def key(self) -> Hashable: ...


class OutOfBudget(Exception):
    """The search met more positions than it may: its value is not proven."""


@dataclass
class Entry:
    """What the table knows of a position: its value lies in ``[lower, upper]``; ``best`` was its best move."""

    lower: float = -INFINITY
    upper: float = INFINITY
    best: Hashable | None = None


@dataclass
class Search:
    """A paranoid alpha-beta search for one seat, with its own transposition table.

    ``max_nodes`` bounds the positions visited over the search's whole life (every ``value`` and
    ``action_values`` call adds to ``nodes``), so one budget covers an analysis step however it is split.
    """

    seat: int
    max_nodes: int = 1_000_000
    nodes: int = 0
    table: dict[Hashable, Entry] = field(default_factory=dict)

    def value(self, state: Searchable) -> float:
        """The value of ``state`` for the seat: exact, or ``OutOfBudget``."""
        return self._search(state, -INFINITY, INFINITY)

    def action_values(self, state: Searchable) -> dict[Hashable, float]:
        """The exact value of each legal action (each outcome, at a chance step) of ``state`` for the seat."""
        actions = ([outcome for outcome, _ in state.chance_outcomes()] if state.turn == CHANCE
                   else list(state.legal_actions()))
        values = {}
        for action in actions:
            state.apply_action(action)
            try:
                values[action] = self._search(state, -INFINITY, INFINITY)
            finally:
                state.undo_action()
        return values

    def _search(self, state: Searchable, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise OutOfBudget(self.nodes)
        turn = state.turn
        if turn == TERMINAL:
            return state.returns()[self.seat]
        if turn == CHANCE:
            return self._expectation(state)
        key = state.key()
        entry = None if key is None else self.table.get(key)
        if entry is not None:
            if entry.lower >= beta or entry.lower == entry.upper:
                return entry.lower
            if entry.upper <= alpha:
                return entry.upper
            alpha, beta = max(alpha, entry.lower), min(beta, entry.upper)
        window = (alpha, beta)
        maximising = turn == self.seat
        best_value = -INFINITY if maximising else INFINITY
        best_action = None
        for action in _ordered(state.legal_actions(), entry):
            state.apply_action(action)
            try:
                value = self._search(state, alpha, beta)
            finally:
                state.undo_action()
            if (value > best_value) if maximising else (value < best_value):
                best_value, best_action = value, action
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key is not None:
            self._store(key, best_value, best_action, window, entry)
        return best_value


    def _expectation(self, state: Searchable) -> float:
        # Each outcome is searched with the full window: a bound on one outcome says nothing of the average.
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            state.apply_action(outcome)
            try:
                total += probability * self._search(state, -INFINITY, INFINITY)
            finally:
                state.undo_action()
        return total

    def _store(self, key: Hashable, value: float, best: Hashable | None, window: tuple[float, float],
               entry: Entry | None) -> None:
        entry = entry or self.table.setdefault(key, Entry())
        alpha, beta = window
        if value <= alpha:  # failed low: the true value is at most this
            entry.upper = min(entry.upper, value)
        elif value >= beta:  # failed high: at least this
            entry.lower = max(entry.lower, value)
        else:
            entry.lower = entry.upper = value
        entry.best = best


def _ordered(actions: Iterable[Hashable], entry: Entry | None) -> list[Hashable]:
    """The actions with the position's best move of an earlier visit first (the cheapest cut-off)."""
    actions = list(actions)
    if entry is not None and entry.best in actions:
        actions.remove(entry.best)
        actions.insert(0, entry.best)
    return actions


@dataclass(frozen=True)
class Estimate:
    """Sampled values of each action: the mean over the worlds searched, their spread, and how many there were."""

    means: dict[Hashable, float]
    spreads: dict[Hashable, float]
    worlds: int


def sampled_action_values(worlds: Iterable[Any], seat: int, max_nodes: int) -> Estimate:
    """Perfect-information Monte Carlo: each world (a State with every hidden card filled in, consistent with
    what the seat has seen) is searched exactly, and each action's values are averaged over the worlds whose
    search finished within ``max_nodes`` positions. Every world must offer the seat the same actions, as
    worlds consistent with its observation do."""
    samples: dict[Hashable, list[float]] = {}
    count = 0
    for world in worlds:
        try:
            values = Search(seat, max_nodes=max_nodes).action_values(world)
        except OutOfBudget:
            continue
        count += 1
        for action, value in values.items():
            samples.setdefault(action, []).append(value)
    means = {action: sum(values) / len(values) for action, values in samples.items()}
    spreads = {action: _deviation(values, means[action]) for action, values in samples.items()}
    return Estimate(means, spreads, count)


def _deviation(values: list[float], mean: float) -> float:
    return math.sqrt(sum((value - mean) ** 2 for value in values) / len(values))

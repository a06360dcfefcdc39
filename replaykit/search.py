"""What a seat can guarantee from a position: the search the computer analysis runs over any game's State.

The value of a position for a seat is the result (``returns()``) that seat can make sure of at the end of
the game whatever the other seats do, playing its own best meanwhile — "paranoid" minimax, since the other
seats are taken to play against it together — and, at a chance step, the average over its outcomes
weighted by their probabilities. It is computed as the trick-taking solvers do (DDS for bridge, the Skat
solvers): depth-first alpha-beta over ``apply_action``/``undo_action`` (no copies), a transposition table
on ``key()`` holding bounds, and the best move of a position tried first when it is met again (a history
heuristic, moves ordered by the cut-offs they made, and killer moves, the last cut-off at the same depth
tried first, were measured and searched as many or more positions on David & Goliath). Each choice after
the first is searched first within one either side of the value of the choice before it (an aspiration
window: choices often come to the same), and again on the side it fell to when outside.

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
  inside a trick are reached again only through the trick's start);
- optionally ``key_for(seat)``: a key for the search of that one seat, equal exactly when the two positions'
  values for that seat less its result so far (``returns()[seat]``) are (what is left to play and what that
  seat has earned that bears on what it can still gain, leaving out what the others have earned: a D&G
  seat's final score owes nothing to the others' captures), so more positions meet in the table, which then
  holds values less the result so far; ``None`` where ``key()`` is;
- optionally ``bounds_for(seat)``: the lowest and the highest result that seat could have at any later
  point (the end included), asked where a position with a key is first met: the table starts from these
  bounds, which cut where the window lies outside them (the exact value lies inside, and so does a bounded
  look-ahead's result so far);
- optionally ``ordered_actions()``: ``legal_actions()`` in the order the search should try them (the best
  move of an earlier visit still first).
- optionally ``STANDING``: true where ``returns()`` before the end is a result so far worth stopping at
  after any step (Il Grande Dalmuti: the places, the seats still holding cards ranked by the cards they
  hold); the sampled estimates then look ahead by steps (``max_depth``), not to the end of a trick.

Searches are bounded: past ``max_nodes`` positions a search stops with ``OutOfBudget``, and its caller
reports the value as not proven. A search may also look ahead only so far (``stop_at``): a position with
that many steps left or fewer (``plays_left()``), where ``key()`` is not ``None``, is then valued by the
result so far (``returns()`` before the end), which makes the value a bounded estimate, not a proof. Or it
may look a number of steps ahead (``max_depth``): a position that many steps below the one searched is
valued so, wherever it lies — for a ``STANDING`` position, whose tricks are too long for a look-ahead to
their end. Such a search keeps no table, as a position met again by another line may lie at another depth.

Sampled estimates (``sampled_action_values``, perfect-information Monte Carlo as in GIB and the Skat
programs) value the choices of a seat that cannot see the other hands: each world (a position with the
hidden cards dealt at random, consistent with what the seat saw) is searched, and each choice's values are
averaged over the worlds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

CHANCE = -1
TERMINAL = -2
INFINITY = math.inf
# A position's value: an int where returns() gives ints, kept so when compiled (mypyc turns the ints of a
# value annotated float into floats, and 3.0 would reach the analysis's JSON where the source gives 3).
Value = int | float


class Searchable(Protocol):
    """The part of a State a search walks (see the module docstring)."""

    @property
    def turn(self) -> int: ...

    def legal_actions(self) -> Sequence[Hashable]: ...

    def chance_outcomes(self) -> Sequence[tuple[Hashable, float]]: ...

    def apply_action(self, action: Hashable) -> None: ...

    def undo_action(self) -> None: ...

    def returns(self) -> Sequence[Value]: ...

    def key(self) -> Hashable: ...

    def plays_left(self) -> int: ...


class OutOfBudget(Exception):
    """The search met more positions than it may: its value is not proven."""


@dataclass
class Entry:
    """What the table knows of a position: its value lies in ``[lower, upper]``; ``best`` was its best move."""

    lower: Value = -INFINITY
    upper: Value = INFINITY
    best: Hashable | None = None


@dataclass
class Search:
    """A paranoid alpha-beta search for one seat, with its own transposition table.

    ``max_nodes`` bounds the positions visited over the search's whole life (every ``value`` and
    ``action_values`` call adds to ``nodes``), so one budget covers an analysis step however it is split.
    ``stop_at`` > 0 bounds the look-ahead (see the module docstring); 0 searches to the end. ``max_depth`` > 0
    bounds it by steps: a position that many steps below the one ``value`` or ``action_values`` is given (its
    choices one step below) is valued by its result so far.
    """

    seat: int
    max_nodes: int = 1_000_000
    nodes: int = 0
    table: dict[Hashable, Entry] = field(default_factory=dict)
    stop_at: int = 0
    max_depth: int = 0
    # The position's key_for where it has one: the search walks that one object in place, so its bound method
    # serves the whole walk (taken again at each call, since an analysis hands one search many positions).
    keyer: Callable[[int], Hashable] | None = None
    bounder: Callable[[int], tuple[Value, Value]] | None = None  # the position's bounds_for, where it has one
    orderer: Callable[[], Sequence[Hashable]] | None = None  # and its ordered_actions

    def value(self, state: Searchable) -> Value:
        """The value of ``state`` for the seat: exact, or ``OutOfBudget``."""
        self.keyer = getattr(state, "key_for", None)
        self.bounder = getattr(state, "bounds_for", None)
        self.orderer = getattr(state, "ordered_actions", None)
        return self._search(state, -INFINITY, INFINITY, 0)

    def action_values(self, state: Searchable) -> dict[Hashable, Value]:
        """The exact value of each legal action (each outcome, at a chance step) of ``state`` for the seat."""
        self.keyer = getattr(state, "key_for", None)
        self.bounder = getattr(state, "bounds_for", None)
        self.orderer = getattr(state, "ordered_actions", None)
        actions = ([outcome for outcome, _ in state.chance_outcomes()] if state.turn == CHANCE
                   else list(state.legal_actions()))
        values: dict[Hashable, Value] = {}
        guess: Value | None = None
        for action in actions:
            state.apply_action(action)
            try:
                guess = values[action] = self._exact(state, guess)
            finally:
                state.undo_action()
        return values

    def _exact(self, state: Searchable, guess: Value | None) -> Value:
        """The exact value of ``state``, searched first within a window of one either side of ``guess`` (the
        value of a sibling: choices often come to the same), which cuts far more, and searched again with
        the window open on the side it fell to when outside (the first search bounds it on that side)."""
        if guess is None:
            return self._search(state, -INFINITY, INFINITY, 1)
        value = self._search(state, guess - 1, guess + 1, 1)
        if value <= guess - 1:
            return self._search(state, -INFINITY, value + 1, 1)
        if value >= guess + 1:
            return self._search(state, value - 1, INFINITY, 1)
        return value

    def _search(self, state: Searchable, alpha: Value, beta: Value, depth: int) -> Value:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise OutOfBudget(self.nodes)
        turn = state.turn
        if turn == TERMINAL or (self.max_depth and depth >= self.max_depth):
            return state.returns()[self.seat]
        if turn == CHANCE:
            return self._expectation(state, depth)
        # A look-ahead by steps keeps no table: a position met again by another way may lie at another depth.
        key = None if self.max_depth else state.key() if self.keyer is None else self.keyer(self.seat)
        base: Value = 0  # what the table's values leave out: the seat's result so far, under key_for
        entry = None
        if key is not None:
            if self.stop_at and state.plays_left() <= self.stop_at:
                return state.returns()[self.seat]
            entry = self.table.get(key)
            if self.keyer is not None:
                base = state.returns()[self.seat]
            if entry is None and self.bounder is not None:
                low, high = self.bounder(self.seat)
                entry = self.table[key] = Entry(low - base, high - base)
        if entry is not None:
            lower, upper = entry.lower + base, entry.upper + base
            if lower >= beta or lower == upper:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        window = (alpha, beta)
        maximising = turn == self.seat
        best_value: Value = -INFINITY if maximising else INFINITY
        best_action = None
        for action in _ordered(state.legal_actions() if self.orderer is None else self.orderer(), entry):
            state.apply_action(action)
            try:
                value = self._search(state, alpha, beta, depth + 1)
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
            self._store(key, best_value - base, best_action, (window[0] - base, window[1] - base), entry)
        return best_value


    def _expectation(self, state: Searchable, depth: int) -> float:
        # Each outcome is searched with the full window: a bound on one outcome says nothing of the average.
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            state.apply_action(outcome)
            try:
                total += probability * self._search(state, -INFINITY, INFINITY, depth + 1)
            finally:
                state.undo_action()
        return total

    def _store(self, key: Hashable, value: Value, best: Hashable | None, window: tuple[Value, Value],
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
    """Sampled values of each action: the mean over the worlds searched, their spread (standard deviation),
    how many worlds there were, the fewest steps any of them looked ahead (``reach``; ``None`` when each was
    searched to the end), the positions searched in all, and in how many worlds each action was offered
    (``offered``: fewer than ``worlds`` where the worlds deal the seat's own unknown cards differently)."""

    means: dict[Hashable, float]
    spreads: dict[Hashable, float]
    worlds: int
    reach: int | None = None
    nodes: int = 0
    offered: dict[Hashable, int] = field(default_factory=dict)


def sampled_action_values(worlds: Iterable[Any], seat: int, max_nodes: int, step: int = 1,
                          hopeful: bool = False) -> Estimate:
    """Perfect-information Monte Carlo: each world (a State with every hidden card filled in, consistent with
    what the seat has seen) is searched within ``max_nodes`` positions, and each action's values are averaged
    over the worlds. The first world is searched 1 step ahead (to the first position with a key after it:
    the end of the trick; for a ``STANDING`` position, the position after the seat's choice), then ``1 + step``
    and so on by ``step`` to the end, each look-ahead afresh with what is left of its budget, and the deepest
    that finished is kept; the other worlds, alike in size, deepen only as far as the first one did (the
    look-ahead that ran out of budget would run out again, spending the budget for nothing). A world where
    not even the first look-ahead finished is left out; ``hopeful``: where that is the first world, so are the
    others, neither searched nor drawn (``worlds`` may be a generator dealing each as it is asked for): a
    caller that can try again with a larger budget spends nothing on worlds alike in size that would mostly
    fail too. Worlds consistent with the seat's observation offer it the same actions, unless they also deal
    cards of its own hand that the log does not show: an action's mean is then over the worlds that offered
    it (``Estimate.offered``)."""
    samples: dict[Hashable, list[float]] = {}
    count, nodes = 0, 0
    reach: int | None = None
    deepest: int | None = None  # the first world's look-ahead (None: not searched yet, or to the end)
    for world in worlds:
        values, looked, spent = _deepest(world, seat, max_nodes, max(1, step), deepest)
        nodes += spent
        if values is None:
            if hopeful and not count:
                break
            continue
        if not count:
            deepest = looked
        count += 1
        if looked is not None:
            reach = looked if reach is None else min(reach, looked)
        for action, value in values.items():
            samples.setdefault(action, []).append(value)
    means = {action: sum(values) / len(values) for action, values in samples.items()}
    spreads = {action: _deviation(values, means[action]) for action, values in samples.items()}
    return Estimate(means, spreads, count, reach, nodes, {action: len(values) for action, values in samples.items()})


def _deepest(world: Any, seat: int, max_nodes: int, step: int,
             deepest: int | None) -> tuple[dict[Hashable, float] | None, int | None, int]:
    """The values of the deepest look-ahead of ``world`` that fits ``max_nodes`` and goes no further than
    ``deepest`` steps (``None``: to the end) — ``None`` when none fits —, the steps it looked ahead (``None``:
    to the end) and the positions searched."""
    left = world.plays_left()
    limit = left if deepest is None else min(deepest, left)
    found: dict[Hashable, float] | None = None
    looked: int | None = None
    spent, reach = 0, 1
    by_steps = bool(getattr(world, "STANDING", False))
    while spent < max_nodes:
        bounded = reach < left
        search = Search(seat, max_nodes=max_nodes - spent, stop_at=0 if by_steps else max(0, left - reach),
                        max_depth=reach if by_steps and bounded else 0)
        try:
            values = search.action_values(world)
        except OutOfBudget:
            return found, looked, spent + search.nodes
        spent += search.nodes
        found, looked = values, (reach if bounded else None)
        if reach >= limit:
            break
        reach = min(reach + step, limit)
    return found, looked, spent


def _deviation(values: list[float], mean: float) -> float:
    return math.sqrt(sum((value - mean) ** 2 for value in values) / len(values))


def shuffle(items: list[int], rng: random.Random) -> None:
    """``random.shuffle`` with one ``rng.random()`` an item: the library's draws each place by Python code, a
    third of the dealing of a world when a game's dealing is compiled. The worlds' shuffle, every game's."""
    for index in range(len(items) - 1, 0, -1):
        other = int(rng.random() * (index + 1))
        items[index], items[other] = items[other], items[index]

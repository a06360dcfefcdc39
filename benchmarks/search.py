"""The search of the computer analysis (``replaykit.search``) over David & Goliath's position
(``dg_replay.position``): positions per second, apply + undo per second, and how many tricks from the end
a position is solved exactly within 2 seconds, for each number of players.

Each position is a simulated deal played at random to the given number of tricks from its end; the search
values every legal play of the seat to move (what the analysis asks at each play). The same for every
installed game whose State offers ``searchable()`` (steps from the end of a random line of play), and the
whole analysis of simulated D&G games with the default budget (exact from the end, estimates before).
"""

from __future__ import annotations

import random
import time

from benchmarks.timing import table
from benchmarks.walking import apply_undo_per_second, solve
from dg_replay import new_state
from dg_replay.engine import ENGINE
from dg_replay.position import Position
from dg_replay.simulate import simulate
from replaykit import registry
from replaykit.analysis import Budget, analyse
from replaykit.native import path_of
from replaykit.search import CHANCE, TERMINAL, Search

SECONDS = 2.0


def dealt(players: int, seed: int) -> Position:
    """A simulated deal as the search starts from it (the State says who leads)."""
    log = simulate(players, seed)
    setup = {key: log[key] for key in ("game", "players", "dealer", "hands")}
    return Position.of_game(new_state({**setup, "tricks": []}))


def endgame(players: int, tricks: int, seed: int) -> Position:
    rng = random.Random(seed)
    position = dealt(players, seed)
    for _ in range(15 * players - tricks * players):
        position.apply_action(rng.choice(position.legal_actions()))
    return position


def horizon() -> str:
    rows = []
    for players in range(3, 7):
        reached, nodes, seconds = 0, 0, 0.0
        for tricks in range(1, 16):
            done, searched, took = solve(endgame(players, tricks, seed=players * 31 + tricks), SECONDS)
            if not done or took > SECONDS:
                break
            reached, nodes, seconds = tricks, searched, took
        rate = nodes / seconds if seconds else 0
        rows.append([players, reached, f"{nodes:,}", f"{seconds:.2f}", f"{rate:,.0f}",
                     f"{apply_undo_per_second(dealt(players, 1)):,.0f}"])
    dg = table(f"Search: tricks from the end solved exactly within {SECONDS:g} s (every play of the seat to "
                 f"move valued), D&G, the search {path_of('replaykit.search')}, the position "
                 f"{path_of('dg_replay.position')}   goals: 6 tricks with 3-4 players, 4 with 5-6",
                 ["players", "tricks", "positions", "s", "positions/s", "apply+undo/s"], rows)
    return "\n\n".join((dg, seat_keys(), every_game(), whole_analysis()))


def line_end(engine, players: int, seed: int, back: int):
    """A simulated game's first searchable position, played at random to its end and taken back ``back``
    steps (or ``None`` when the game offers no search)."""
    found = []

    def observe(_anchor, state) -> None:
        if not found and hasattr(state, "searchable"):
            position = state.searchable()
            if position is not None and position.turn != TERMINAL:
                found.append(position)

    engine.load(engine.simulate(players, seed), engine.default_limits, observe=observe)
    if not found:
        return None
    position, rng, steps = found[0], random.Random(seed), 0
    while position.turn != TERMINAL:
        if position.turn == CHANCE:
            outcomes = position.chance_outcomes()
            position.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            position.apply_action(rng.choice(position.legal_actions()))
        steps += 1
    for _ in range(min(back, steps)):
        position.undo_action()
    return position if position.turn >= 0 or position.turn == CHANCE else None


def every_game() -> str:
    rows = []
    for engine in registry.engines().values():
        players = max(engine.players[0], 4)
        if line_end(engine, players, 1, 1) is None:
            continue
        reached, nodes, seconds = 0, 0, 0.0
        for back in range(1, 60):
            position = line_end(engine, players, back, back)
            if position is None:
                continue
            done, searched, took = solve(position, SECONDS)
            if not done or took > SECONDS:
                break
            reached, nodes, seconds = back, searched, took
        rows.append([engine.name, players, reached, f"{nodes:,}", f"{seconds:.2f}",
                     f"{nodes / seconds if seconds else 0:,.0f}"])
    return table(f"Search, every game offering it: steps from the end of a random line solved exactly within "
                 f"{SECONDS:g} s", ["game", "players", "steps", "positions", "s", "positions/s"], rows)


def whole_analysis() -> str:
    rows = []
    budget = Budget()
    for players in (3, 4, 6):
        log = simulate(players, 5)
        start, cpu = time.perf_counter(), time.process_time()
        plays = analyse(ENGINE, log, budget)["plays"]
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        estimated = [play for play in plays if play["estimate"]]
        sampled = sum(play["estimate"]["nodes"] for play in estimated)
        rows.append([players, len(plays), sum(play["exact"] for play in plays), len(estimated), f"{sampled:,}",
                     f"{took:.2f}", f"{cpu:.2f}"])
    return table(f"Analysis of a whole simulated D&G game (seed 5), default budget: {budget.max_total:,} positions "
                 f"exact, {budget.worlds} worlds of at most {budget.world_nodes:,} positions per estimate, "
                 f"{budget.max_sampled:,} in all; CPU s is this process's alone, what a busy machine does not change   "
                 "goal: 6 players <= 10 s",
                 ["players", "plays", "exact", "estimated", "positions sampled", "s", "CPU s"], rows)


class Unseated:
    """A position seen without its ``key_for``: the search keys it with ``key()``, every seat's captures."""

    def __init__(self, position: Position) -> None:
        self.position = position

    def __getattr__(self, name: str):
        if name == "key_for":
            raise AttributeError(name)
        return getattr(self.position, name)


def seat_keys() -> str:
    rows = []
    for players, tricks in ((3, 6), (4, 5), (5, 4), (6, 3)):
        counts = []
        for wrap in (Unseated, lambda position: position):
            nodes = 0
            for seed in range(3):
                position = endgame(players, tricks, seed=players * 31 + tricks + seed * 7)
                search = Search(position.turn, max_nodes=10**8)
                search.action_values(wrap(position))
                nodes += search.nodes
            counts.append(nodes)
        rows.append([players, tricks, f"{counts[0]:,}", f"{counts[1]:,}", f"{counts[0] / counts[1]:.2f}"])
    return table("Search: positions searched for three D&G endgames each, the table keyed on every seat's captures "
                 "(key) or on the searched seat's only (key_for)",
                 ["players", "tricks", "key()", "key_for(seat)", "ratio"], rows)

"""The search of the computer analysis (``replaykit.search``) over David & Goliath's position
(``dg_replay.position``): positions per second, apply + undo per second, and how many tricks from the end
a position is solved exactly within 2 seconds, for each number of players.

Each position is a simulated deal played at random to the given number of tricks from its end; the search
values every legal play of the seat to move (what the analysis asks at each play).
"""

from __future__ import annotations

import random
import time

from benchmarks.timing import best_of, table
from dg_replay import new_state
from dg_replay.position import Position
from dg_replay.simulate import simulate
from replaykit.search import OutOfBudget, Search

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


def solve(position: Position, seconds: float) -> tuple[bool, int, float]:
    """Whether every play of the seat to move was valued within ``seconds`` (checked by a node budget
    measured on the spot), the positions searched and the time taken."""
    search = Search(position.turn, max_nodes=10_000)
    start = time.perf_counter()
    try:
        search.action_values(position)
    except OutOfBudget:
        rate = search.nodes / max(time.perf_counter() - start, 1e-9)
        search = Search(position.turn, max_nodes=int(rate * seconds))
        try:
            search.action_values(position)
        except OutOfBudget:
            return False, search.nodes, time.perf_counter() - start
    return True, search.nodes, time.perf_counter() - start


def apply_undo_rate(players: int) -> float:
    position = dealt(players, 1)
    line = []
    rng = random.Random(1)
    while position.legal_actions():
        action = rng.choice(position.legal_actions())
        line.append(action)
        position.apply_action(action)
    for _ in line:
        position.undo_action()

    def there_and_back() -> None:
        for action in line:
            position.apply_action(action)
        for _ in line:
            position.undo_action()

    return 2 * len(line) / best_of(there_and_back, 20)


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
                     f"{apply_undo_rate(players):,.0f}"])
    return table(f"Search: tricks from the end solved exactly within {SECONDS:g} s (every play of the seat to "
                 "move valued), D&G, pure Python   goals: 6 tricks with 3-4 players, 4 with 5-6",
                 ["players", "tricks", "positions", "s", "positions/s", "apply+undo/s"], rows)

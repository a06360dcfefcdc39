"""The search of the computer analysis (``replaykit.search``) over Olympi Cards' race position
(``olympi_replay.position``): positions per second, apply + undo per second, and how many turns from a
race's end every play is solved exactly within 2 seconds, for each number of players.

The positions are those of simulated games (deal and deck known), each race walked back from its last
turn as the analysis walks a log; the search values every legal play of the seat to move.
"""

from __future__ import annotations

import random
import time

from benchmarks.timing import best_of, table
from olympi_replay.engine import ENGINE
from olympi_replay.position import Position
from replaykit.search import OutOfBudget, Search

SECONDS = 2.0
GAMES = 2  # simulated games per number of players


def races(players: int, seed: int) -> list[list[Position]]:
    """Each race's searchable positions, in the order of its turns."""
    found: dict[str, list[Position]] = {}

    def observe(anchor: str, state) -> None:
        position = state.searchable()
        if anchor and position is not None and position.turn >= 0:
            found.setdefault(anchor.split("-turn-")[0], []).append(position)

    ENGINE.load(ENGINE.simulate(players, seed), ENGINE.default_limits, observe=observe)
    return list(found.values())


def solve(position: Position, seconds: float) -> tuple[bool, int, float]:
    """Whether every play of the seat to move was valued within ``seconds`` (a node budget measured on the
    spot), the positions searched and the time taken."""
    search = Search(position.turn, max_nodes=5_000)
    start = time.perf_counter()
    try:
        search.action_values(position)
    except OutOfBudget:
        rate = search.nodes / max(time.perf_counter() - start, 1e-9)
        search = Search(position.turn, max_nodes=int(rate * seconds))
        start = time.perf_counter()
        try:
            search.action_values(position)
        except OutOfBudget:
            return False, search.nodes, time.perf_counter() - start
    return True, search.nodes, time.perf_counter() - start


def apply_undo_rate(players: int) -> float:
    position = races(players, 1)[0][0]
    rng = random.Random(1)
    line = []
    while position.turn >= 0:
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

    return 2 * len(line) / best_of(there_and_back, 50)


def horizon() -> str:
    rows = []
    for players in range(2, 8):
        reaches, nodes, seconds = [], 0, 0.0
        for seed in range(GAMES):
            for race in races(players, seed):
                reach = 0
                for left, position in enumerate(reversed(race), 1):
                    done, searched, took = solve(position, SECONDS)
                    nodes, seconds = nodes + searched, seconds + took
                    if not done or took > SECONDS:
                        break
                    reach = left
                reaches.append((reach, reach == len(race)))
        whole = sum(complete for _reach, complete in reaches)
        fewest = min(reach for reach, complete in reaches if not complete) if whole < len(reaches) else None
        rows.append([players, len(reaches), whole, "-" if fewest is None else fewest,
                     f"{nodes / seconds:,.0f}", f"{apply_undo_rate(players):,.0f}"])
    return table(f"Search: Olympi Cards, turns from a race's end solved exactly within {SECONDS:g} s (every play "
                 f"of the seat to move valued), {GAMES} simulated games per player count, pure Python",
                 ["players", "races", "solved whole", "fewest turns solved where not whole", "positions/s",
                  "apply+undo/s"], rows)


if __name__ == "__main__":
    print(horizon())

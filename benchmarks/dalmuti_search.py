"""The search of the computer analysis over an Il Grande Dalmuti round (``dalmuti_replay.position``): positions
per second, apply + undo per second, and how many cards from the end of a 4-player round every play of the
seat to move is valued exactly within 2 seconds (issue 29's goal: the last 12 cards).

Each position is the first one a simulated 4-player round reaches with at most that many cards left in the
hands, read from the replay (``DalmutiState.searchable``); the search values every legal play there, as the
analysis asks at each play. ``.venv/bin/python -m benchmarks.dalmuti_search``.
"""

from __future__ import annotations

import statistics

from benchmarks.timing import table
from benchmarks.walking import apply_undo_per_second, solve
from dalmuti_replay.load import load
from dalmuti_replay.position import Position
from dalmuti_replay.simulate import simulate

SECONDS = 2.0
SEEDS = range(6)
CARDS = (8, 12, 16, 20, 24, 28)


def endgame(seed: int, cards: int, players: int = 4) -> Position:
    found: list[Position] = []

    def observe(_anchor, state) -> None:
        spot = state.searchable()
        if not found and spot is not None and spot.turn >= 0 and sum(spot.counts) <= cards:
            found.append(spot)

    load(simulate(players, seed, rounds=1), observe=observe)
    return found[0]


def horizon() -> str:
    rows, reached, rates, failed = [], 0, [], False
    for cards in CARDS:
        results = [solve(endgame(seed, cards), SECONDS, probe=20_000) for seed in SEEDS]
        solved = sum(done for done, _nodes, _took in results)
        rates += [nodes / took for _done, nodes, took in results if took > 0.05]
        failed = failed or solved < len(results)
        reached = reached if failed else cards
        took = [took for _done, _nodes, took in results]
        rows.append([str(cards), f"{solved}/{len(results)}", f"{statistics.median(took):.3f}", f"{max(took):.3f}"])
    rate = f"{statistics.median(rates):,.0f}" if rates else "n/a"
    title = (f"Il Grande Dalmuti, 4 players: exact for every seed up to {reached} cards left; search {rate} "
             f"positions/s (median); apply + undo {apply_undo_per_second(endgame(1, 60)):,.0f} steps/s")
    return table(title, ["cards left", "exact in 2 s", "median s", "slowest s"], rows)


if __name__ == "__main__":
    print(horizon())

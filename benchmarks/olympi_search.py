"""The search of the computer analysis (``replaykit.search``) over Olympi Cards' race position
(``olympi_replay.position``): positions per second, apply + undo per second, and how many turns from a
race's end every play is solved exactly within 2 seconds, for each number of players.

The positions are those of simulated games (deal and deck known), each race walked back from its last
turn as the analysis walks a log; the search values every legal play of the seat to move.
"""

from __future__ import annotations

from benchmarks.timing import table
from benchmarks.walking import apply_undo_per_second, solve
from olympi_replay.engine import ENGINE
from olympi_replay.position import Position

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
                     f"{nodes / seconds:,.0f}", f"{apply_undo_per_second(races(players, 1)[0][0], rounds=50):,.0f}"])
    return table(f"Search: Olympi Cards, turns from a race's end solved exactly within {SECONDS:g} s (every play "
                 f"of the seat to move valued), {GAMES} simulated games per player count, pure Python",
                 ["players", "races", "solved whole", "fewest turns solved where not whole", "positions/s",
                  "apply+undo/s"], rows)


if __name__ == "__main__":
    print(horizon())

"""The compiled build against the pure modules (``replaykit.native``), side by side: the search's positions
per second and apply + undo per second, for each registered game whose State offers ``searchable()``.

A process imports each module one way only, so each side is measured in a child process of its own, one
with ``CARD_REPLAY_PURE=1``, on the same positions: the start of a simulated game (the same seed) at the
smallest and the largest table of each game. The search values every play of the seat to move there, stopped
after ``BUDGET`` positions (it visits the same positions either way); apply + undo walks a random line to the
end of the game and back. Times are the process's CPU time (the best of three), which other processes on
a busy machine disturb less than the wall clock.
"""

from __future__ import annotations

import contextlib
import time

from benchmarks.timing import measured_in_child, table
from benchmarks.walking import apply_undo_per_second
from replaykit import native, registry
from replaykit.search import OutOfBudget, Search

BUDGET = 100_000
SEED = 7


def start_position(engine, players: int):
    """The first position ``searchable()`` gives in a simulated game, or ``None`` when the State offers none."""
    found: list = []

    def observe(_anchor: str, state: object) -> None:
        if not found and hasattr(state, "searchable"):
            position = state.searchable()
            if position is not None and position.turn >= 0:
                found.append(position)

    engine.load(engine.simulate(players, SEED), engine.default_limits, observe=observe)
    return found[0] if found else None


def positions_per_second(position) -> float:
    best = 0.0
    for _ in range(3):
        search = Search(position.turn, max_nodes=BUDGET)
        start = time.process_time()
        with contextlib.suppress(OutOfBudget):
            search.action_values(position)
        best = max(best, search.nodes / max(time.process_time() - start, 1e-9))
    return best


def measure() -> dict:
    """How the search was loaded in this process, and each game's figures: ``None`` for a game that offers no
    searchable position, else per table size the position's module and how it was loaded, positions/s and
    apply + undo/s."""
    games: dict = {}
    for engine in registry.engines().values():
        low, high = engine.players
        rows = {}
        for players in sorted({low, high}):
            position = start_position(engine, players)
            if position is None:
                break
            module = type(position).__module__
            rows[players] = [module, native.path_of(module), positions_per_second(position),
                             apply_undo_per_second(position)]
        games[engine.name] = rows or None
    return {"search": native.path_of("replaykit.search"), "games": games}


def compiled_vs_pure() -> str:
    pure = measured_in_child("benchmarks.compiled", pure=True)
    compiled = measured_in_child("benchmarks.compiled", pure=False)
    rows = []
    for game, sizes in compiled["games"].items():
        if sizes is None:
            rows.append([game, "-", "not searchable", "", "", "", "", "", ""])
            continue
        for players, (module, path, rate, moves) in sizes.items():
            _, _, pure_rate, pure_moves = pure["games"][game][players]
            rows.append([game, players, f"{module} ({path})", f"{pure_rate:,.0f}", f"{rate:,.0f}",
                         f"{rate / pure_rate:.2f}x", f"{pure_moves:,.0f}", f"{moves:,.0f}",
                         f"{moves / pure_moves:.2f}x"])
    return table(f"Compiled / pure (scripts/native.py; CARD_REPLAY_PURE=1): the search ({compiled['search']}) from "
                 f"a game's start, {BUDGET:,} positions, and apply+undo over a whole game, CPU time, each game "
                 "offering searchable()",
                 ["game", "players", "position module", "pure pos/s", "compiled pos/s", "ratio",
                  "pure apply+undo/s", "compiled apply+undo/s", "ratio"], rows)

"""What every search benchmark asks of a searchable position (``replaykit.search``): whether every play of
the seat to move is valued within a time, and how many steps a second it makes and takes back.

Times are this process's CPU time, which other processes on a busy machine disturb less than the wall
clock. The benchmarks of each game (``search.py``, ``dalmuti_search.py``, ``olympi_search.py``) and the
compiled build against the pure one (``compiled.py``) all time positions through these two functions.
"""

from __future__ import annotations

import random
import time

from replaykit.search import CHANCE, TERMINAL, OutOfBudget, Search


def solve(position, seconds: float, probe: int = 10_000) -> tuple[bool, int, float]:
    """Whether every play of the seat to move was valued within ``seconds`` (a node budget worked out from
    the rate of a first search of ``probe`` positions), the positions searched and the time taken."""
    search = Search(position.turn, max_nodes=probe)
    start = time.process_time()
    try:
        search.action_values(position)
    except OutOfBudget:
        rate = search.nodes / max(time.process_time() - start, 1e-9)
        search = Search(position.turn, max_nodes=int(rate * seconds))
        start = time.process_time()
        try:
            search.action_values(position)
        except OutOfBudget:
            return False, search.nodes, time.process_time() - start
    return True, search.nodes, time.process_time() - start


def apply_undo_per_second(position, seed: int = 1, rounds: int = 20) -> float:
    """Steps made and taken back per second along a random line from ``position`` to the end of its game
    (chance steps drawn among their outcomes), the best of three; the position is left as it was."""
    rng = random.Random(seed)
    line = []
    while position.turn != TERMINAL:
        action = (rng.choice([outcome for outcome, _ in position.chance_outcomes()]) if position.turn == CHANCE
                  else rng.choice(position.legal_actions()))
        line.append(action)
        position.apply_action(action)
    for _ in line:
        position.undo_action()
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(rounds):
            for action in line:
                position.apply_action(action)
            for _ in line:
                position.undo_action()
        best = min(best, (time.process_time() - start) / rounds)
    return 2 * len(line) / max(best, 1e-9)

"""The computer analysis of a game: for each play of a log, what each legal choice could guarantee the player,
which was best, and what the play made cost — and, per seat, how accurate its play was.

A play's **value** for its player is what ``replaykit.search`` proves that player can make sure of at the
end of the game by making it (``returns()``, whatever the other seats do). Its **cost** is the best
choice's value less the value of the play made; a play at cost 0 was as good as any. A value is exact when
the search finished within its budget (``Budget.max_nodes`` positions for one play); where it did not, the
play is listed with ``exact`` false and no values. Plays the rules refuse (the validator's errors) are
listed with ``legal`` false and no cost: the analysis judges choices among legal plays only.

A game's State takes part when it offers ``searchable()`` — the position now as something the search walks
(``replaykit.search``), an independent copy, or ``None`` where it cannot be searched (a hand unknown, a
position the rules' mistakes left inconsistent) — and ``last_action()``, the step last applied as the log
wrote it. The searchable position translates between the log's actions and its own compact ones:
``players`` (seating order), ``plays_left()`` (the steps to the end of the game), ``action_of(log action)``
(its compact form where it is a legal choice of the seat to move, else ``None``) and
``action_to_log(compact)``. A play from a position that cannot be searched is counted (``unsearched``), not
listed; the table's own steps (a deal, ``chance``) are neither.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from replaykit.search import OutOfBudget, Search

ACCURACY_PLACES = 3  # decimals of the shares and means printed


@dataclass(frozen=True)
class Budget:
    """The work one analysis may do: ``max_nodes`` positions searched for one play, ``max_total`` for all of
    them together, ``max_plays`` plays listed (the first ones)."""

    max_nodes: int = 200_000
    max_total: int = 500_000
    max_plays: int = 2_000


@dataclass
class Step:
    """One play of the log, as the walk met it."""

    anchor: str
    position: Any  # what the search walks, from before the step; None where it cannot be searched
    played: object


def analyse(engine: Any, document: object, budget: Budget = Budget(), limits: Any = None) -> dict | None:
    """The analysis of every play of ``document`` (by its game's ``engine``, read with ``limits``, by default
    the engine's own), or ``None`` where the game's State cannot be searched or the log never starts a game.

    The plays are valued from the last one back, as an endgame solver works: each seat's search keeps its
    transposition table from one play to the one before, whose tree holds the later positions, and once a
    play's search runs out of budget the plays with as many steps left or more, whose trees are larger still,
    are left unvalued (in a match, the end of each game is searched again).
    """
    steps: list[Step] = []
    before: list[Any] = [None]
    started, able, chance = [False], [True], [False]

    def observe(anchor: str, state: Any) -> None:
        if not hasattr(state, "searchable"):
            able[0] = False
            return
        if started[0] and anchor and not chance[0] and len(steps) < budget.max_plays:
            steps.append(Step(anchor, before[0], state.last_action()))
        started[0], chance[0] = True, state.chance
        before[0] = state.searchable()

    engine.load(document, limits or engine.default_limits, observe=observe)
    if not able[0] or not started[0]:
        return None
    searches: dict[int, Search] = {}
    spent, horizon = 0, None  # the fewest steps left from which a search ran out of budget
    plays: list[dict] = []
    for step in reversed(steps):
        if step.position is None or step.position.turn < 0:
            continue
        left = step.position.plays_left()
        hopeless = horizon is not None and left >= horizon
        allowed = 0 if hopeless else min(budget.max_nodes, budget.max_total - spent)
        search = searches.setdefault(step.position.turn, Search(step.position.turn))
        entry, used = judge(step, search, allowed)
        spent += used
        if entry["legal"] and not entry["exact"] and not hopeless:
            horizon = left
        plays.append(entry)
    plays.reverse()
    unsearched = sum(step.position is None for step in steps)
    return {"plays": plays, "unsearched": unsearched, "seats": accuracy(plays)}


def judge(step: Step, search: Search, max_nodes: int) -> tuple[dict, int]:
    """One play's entry, valued by ``search`` within ``max_nodes`` more positions, and the positions used."""
    state = step.position
    entry: dict = {"step": step.anchor, "player": state.players[state.turn], "played": step.played, "legal": True,
                   "exact": False, "choices": [], "best": None, "cost": None}
    compact = state.action_of(step.played)
    if compact is None:
        entry["legal"] = False
        return entry, 0
    if max_nodes <= 0:
        return entry, 0
    start = search.nodes
    search.max_nodes = start + max_nodes
    try:
        values = search.action_values(state)
    except OutOfBudget:
        return entry, search.nodes - start
    best_value = max(values.values())
    entry.update(exact=True, best=[state.action_to_log(action) for action in _best(values, best_value)],
                 choices=[{"action": state.action_to_log(action), "value": value} for action, value in values.items()],
                 cost=best_value - values[compact])
    return entry, search.nodes - start


def _best(values: dict[Hashable, float], best_value: float) -> list[Hashable]:
    return [action for action, value in values.items() if value == best_value]


def accuracy(plays: list[dict]) -> dict[str, dict]:
    """Per player, over its legal plays valued exactly: how many, the share at cost 0, the mean cost."""
    costs: dict[str, list[float]] = {}
    for play in plays:
        costs.setdefault(play["player"], [])
        if play["cost"] is not None:
            costs[play["player"]].append(play["cost"])
    return {player: {"plays": len(values),
                     "best_share": round(sum(cost == 0 for cost in values) / len(values), ACCURACY_PLACES)
                     if values else None,
                     "mean_cost": round(sum(values) / len(values), ACCURACY_PLACES) if values else None}
            for player, values in costs.items()}

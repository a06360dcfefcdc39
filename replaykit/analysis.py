"""The computer analysis of a game: for each play of a log, what each legal choice could guarantee the player,
which was best, and what the play made cost — and, per seat, how accurate its play was.

A play's **value** for its player is what ``replaykit.search`` proves that player can make sure of at the
end of the game by making it (``returns()``, whatever the other seats do). Its **cost** is the best
choice's value less the value of the play made; a play at cost 0 was as good as any. A value is exact when
the search finished within its budget (``Budget.max_nodes`` positions for one play); where it did not, the
play is listed with ``exact`` false and no values. Plays the rules refuse (the validator's errors) are
listed with ``legal`` false and no cost: the analysis judges choices among legal plays only.

A game's State takes part when it offers the search's walk (``replaykit.search``) and three translations
between a log's actions and the search's compact ones: ``last_action()`` (the step last applied, as the
log writes it), ``action_of(log action)`` (its compact form where it is a legal choice of the seat to move,
else ``None``) and ``action_to_log(compact)``.
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
    them together (the plays after it is spent are listed unvalued), ``max_plays`` plays listed."""

    max_nodes: int = 200_000
    max_total: int = 2_000_000
    max_plays: int = 2_000


def searchable(state: Any) -> bool:
    """Whether a game's State offers what the analysis walks."""
    return all(hasattr(state, name) for name in ("turn", "legal_actions", "apply_action", "undo_action",
                                                 "returns", "key", "last_action", "action_of", "action_to_log"))


def analyse(engine: Any, document: object, budget: Budget = Budget()) -> dict | None:
    """The analysis of every play of ``document`` (by its game's ``engine``), or ``None`` where the game's
    State cannot be searched or the log never starts a game."""
    plays: list[dict] = []
    before: list[Any] = [None]
    able = [True]
    spent = [0]

    def observe(anchor: str, state: Any) -> None:
        if not searchable(state):
            able[0] = False
            return
        # A step the rules could not read at all changes nothing: no play to judge.
        moved = before[0] is not None and state.key() != before[0].key()
        if moved and anchor and len(plays) < budget.max_plays:
            allowed = min(budget.max_nodes, budget.max_total - spent[0])
            entry = judge(anchor, before[0], state.last_action(), allowed, spent)
            if entry is not None:
                plays.append(entry)
        before[0] = state.clone()

    engine.load(document, engine.default_limits, observe=observe)
    if not able[0] or before[0] is None:
        return None
    return {"plays": plays, "seats": accuracy(plays)}


def judge(anchor: str, state: Any, played: dict, max_nodes: int, spent: list[int]) -> dict | None:
    """One play's entry, from the position before it, searching at most ``max_nodes`` positions (added to
    ``spent[0]``); ``None`` for a step no seat chose (a chance step)."""
    seat = state.turn
    if seat < 0:
        return None
    player = state.players[seat]
    entry: dict = {"step": anchor, "player": player, "played": played, "legal": True, "exact": False,
                   "choices": [], "best": None, "cost": None}
    compact = state.action_of(played)
    if compact is None:
        entry["legal"] = False
        return entry
    if max_nodes <= 0:
        return entry
    search = Search(seat, max_nodes=max_nodes)
    try:
        values = search.action_values(state)
    except OutOfBudget:
        return entry
    finally:
        spent[0] += search.nodes
    best_value = max(values.values())
    entry.update(exact=True, best=[state.action_to_log(action) for action in _best(values, best_value)],
                 choices=[{"action": state.action_to_log(action), "value": value} for action, value in values.items()],
                 cost=best_value - values[compact])
    return entry


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

"""The computer analysis of a game: for each play of a log, what each legal choice could guarantee the player,
which was best, and what the play made cost — and, per seat, how accurate its play was.

A play's **value** for its player is what ``replaykit.search`` proves that player can make sure of at the
end of the game by making it (``returns()``, whatever the other seats do). Its **cost** is the best
choice's value less the value of the play made; a play at cost 0 was as good as any. A value is exact when
the search finished within its budget (``Budget.max_nodes`` positions for one play); one averaging a chance
step's outcomes is given to ``ACCURACY_PLACES`` decimals, as an estimate's mean is. Where the search did not
finish, and the position can deal the hands its player could not see (``sample_world``), the play is
**estimated**: the values are the means over sampled worlds (``replaykit.search.sampled_action_values``), the
entry has ``exact`` false and an ``estimate`` block (worlds, seed, look-ahead). Otherwise it is listed with no
values. A legal play's ``played`` is written as its choice is (``action_to_log``), so that the value of the
play made is found among the choices; one the rules refuse (the validator's errors) is listed as the log wrote
it, with ``legal`` false and no cost: the analysis judges choices among legal plays only. A step that is no
seat's choice (Il Grande Dalmuti's ``{"trick": n}``, a trick opened empty or with a note) is not listed: where
the position before it can be searched, a step its ``action_of`` cannot read and the validator found no error
at is such a step. A play whose cost reaches a threshold below is marked (``marks``), as lichess marks
inaccuracies, mistakes and blunders, unless its worlds were searched only so far ahead (``looked_short``).

A game's State takes part when it offers ``searchable()`` — the position now as something the search walks
(``replaykit.search``), an independent copy, or ``None`` where it cannot be searched (a position the
rules' mistakes left inconsistent, a step the game's position does not model) — and ``last_action()``,
the step last applied as the log wrote it. The searchable position translates between the log's actions
and its own compact ones: ``players`` (seating order), ``plays_left()`` (the steps to the end of the
game), ``action_of(log action)`` (its compact form where it is a legal choice of the seat to move, else
``None``) and ``action_to_log(compact)``. A play from a position that cannot be searched is counted
(``unsearched``), not listed; the table's own steps (a deal, ``chance``) are neither, but a play made where
the log left such a step out (a deal not recorded, cards drawn unseen) is valued from the position past it
(``replaykit.state.past_unseen``).

A log need not give the hands. A game's position may then leave cards unplaced: ``hidden()`` is how many
cards the log has not yet put in a hand (0, or no ``hidden``: every hand known). Where the State itself
cannot tell what later plays prove, the position offers ``learn(later)``: given the steps from its own on,
each ``(anchor, action as the log writes it)``, the position with each seat holding the cards it plays
afterwards and, where the deck is known, the rest placed by elimination (``None`` where the log
contradicts itself). A position with nothing hidden is searched exactly, as with a dealt log; one with
cards still hidden is estimated from worlds that deal those cards at random (``sample_world``: every card
the log proves stays where it is, and no seat gets a card the rules showed it not to hold), over the
choices every world offers its player, so that a choice depending on a card the log never shows is not
weighed against proven ones.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from replaykit.findings import anchor
from replaykit.search import OutOfBudget, Search, sampled_action_values
from replaykit.state import past_unseen

# How the values are found: changed whenever the same log and budget would give other values or entries (stored
# analyses are computed again). 2: Il Grande Dalmuti's estimates look ahead by steps to the standing. 3: a legal
# play written as its choice is; an exact average over chance outcomes to ACCURACY_PLACES; a Dalmuti world keeps
# what its seat saw in the transfers. 4: an estimate values only the choices the position itself allows, never a
# card the log does not prove in the player's hand. 5: marks by each game's own thresholds; the steps not
# searched named, and the plays past the bound counted; an Olympi world lays its deck in an order. 6: plays
# searched from every round's, race's or game's end back in turns, so each end is proven first. 7: the worlds dealt
# are bounded (``Budget.max_worlds``); a play held to a share smaller than its worlds may search deals no more
# worlds after a first whose search finds nothing, and is tried again with what the later plays left; an Olympi
# look-ahead counts, for a seat still in the race, the medal it would retire with. 8: a play estimated by a
# look-ahead cut short bears no mark. 9: a David & Goliath world dealt a card at a time by one draw among the open
# seats, what later plays show of the cards a log never places kept to those cards; every play whose worlds all
# ran past their share is tried again with an even share of what the others left, with no cap a world where that
# share is larger.
METHOD = 9
ACCURACY_PLACES = 3  # decimals of the shares, means, estimated values and chance averages given

# The marks of a play by its cost, worst first: a play is marked by the first of its game's thresholds
# (``Engine.mark_thresholds``, in the result's own units) its cost reaches.
MARKS = ("blunder", "mistake", "inaccuracy")


@dataclass(frozen=True)
class Budget:
    """The work one analysis may do: ``max_nodes`` positions searched for one play, ``max_total`` for all of
    them together, ``max_plays`` plays listed (the first ones); for the estimates, ``worlds`` worlds sampled
    per play (0: no estimates), each searched within ``world_nodes`` positions, ``max_sampled`` positions for
    every estimate together (shared evenly among the plays to estimate), ``max_worlds`` worlds dealt for every
    estimate together (dealing one costs as much as searching a few hundred positions), drawn from ``seed``."""

    max_nodes: int = 200_000
    max_total: int = 500_000
    max_plays: int = 2_000
    worlds: int = 8
    world_nodes: int = 4_000
    max_sampled: int = 1_000_000
    max_worlds: int = 16_000
    seed: int = 0


@dataclass
class Step:
    """One step of the log, as the walk met it."""

    anchor: str
    position: Any  # what the search walks, from before the step; None where it cannot be searched
    played: object


def analyse(engine: Any, document: object, budget: Budget = Budget(), limits: Any = None) -> dict | None:
    """The analysis of every play of ``document`` (by its game's ``engine``, read with ``limits``, by default
    the engine's own), or ``None`` where the game's State cannot be searched (it offers no ``searchable``) or
    the log never starts a game: no step follows the new state, which cannot be searched either (Il Grande
    Dalmuti's session of no round)."""
    steps: list[Step] = []
    before: list[Any] = [None]
    started, able, chance = [False], [True], [False]
    unlisted = [0]  # the plays past ``budget.max_plays``

    def observe(anchor: str, state: Any) -> None:
        if not hasattr(state, "searchable"):
            able[0] = False
            return
        full = len(steps) >= budget.max_plays
        if anchor and full and not chance[0]:
            unlisted[0] += 1
        elif anchor:
            played = state.last_action()
            if not chance[0] or after_unseen(before[0], anchor, played):
                if full:
                    unlisted[0] += 1
                else:
                    steps.append(Step(anchor, before[0], played))
        chance[0] = state.chance
        # Past the plays listed, a position only tells whether a step after a chance step is a play: a match of
        # 48,000 plays made every one of them, 1.7 s of CPU for nothing.
        before[0] = None if full and started[0] and not state.chance else state.searchable()
        if before[0] is None and state.chance:  # a deal the log may leave out: the position past it
            twin = past_unseen(state)
            before[0] = None if twin is None else twin.searchable()
        started[0] = started[0] or bool(anchor) or before[0] is not None

    report, _state = engine.load(document, limits or engine.default_limits, observe=observe)
    if not able[0] or not started[0]:
        return None
    learn(steps)
    refused = {anchor(finding.where) for finding in report.findings if finding.is_error}
    plays = value_plays([step for step in steps if chosen(step, refused)], budget, engine.mark_thresholds)
    unsearched = [step.anchor for step in steps if step.position is None]
    unvalued = sum(1 for play in plays if play["legal"] and play["cost"] is None)  # past the budget
    return {"plays": plays, "unsearched": len(unsearched), "unsearched_steps": unsearched, "unlisted": unlisted[0],
            "unvalued": unvalued, "seats": accuracy(plays)}


def after_unseen(position: Any, anchor: str, played: object) -> bool:
    """Whether a step from a chance step is a seat's play: the log left the chance step out (a deal not
    recorded), and ``position``, the one past it, reads the step as a choice of its seat to move (having
    learnt, where its hands are hidden, that the seat held what it played)."""
    if position is None or position.turn < 0:
        return False
    if hidden(position) and hasattr(position, "learn"):
        position = position.learn([(anchor, played)])
    return position is not None and position.action_of(played) is not None


def learn(steps: list[Step]) -> None:
    """Each position that offers ``learn`` completed from the steps from its own on (hindsight: a seat held,
    at a play, every card it plays afterwards)."""
    later = [(step.anchor, step.played) for step in steps]
    for index, step in enumerate(steps):
        if step.position is not None and hasattr(step.position, "learn"):
            step.position = step.position.learn(later[index:])


def hidden(position: Any) -> bool:
    """Whether ``position`` leaves cards the log does not place: it can be estimated, never searched exactly."""
    return hasattr(position, "hidden") and position.hidden() > 0


def chosen(step: Step, refused: set[str]) -> bool:
    """Whether ``step`` was a seat's choice: a step from a position that cannot be searched counts as one
    (``unsearched``); else one the position reads as a legal choice, or one the validator refused (at an
    anchor of ``refused``), an illegal play."""
    position = step.position
    if position is None or position.turn < 0 or step.anchor in refused:
        return True
    return position.action_of(step.played) is not None


def value_plays(steps: list[Step], budget: Budget, thresholds: tuple[float, float, float]) -> list[dict]:
    """The entry of each step that can be searched, in order.

    The plays are valued exactly from the end back, as an endgame solver works, in each unit whose end ends a
    search (a round, a race, a game of a match: where the steps left to an end grow again, a new one starts),
    the units in turns: every unit's last play, then the one before each, and so on. Each seat's search
    keeps its transposition table from one play to the one before, whose tree holds the later positions, and
    the end of every unit is proven before a larger position of any unit spends the budget. Once a play's
    search runs out of budget, the plays of its unit with as many steps left or more, whose trees hold its
    own, are not searched exactly; the other units' plays still are. The legal plays left are then estimated,
    smallest position first (fewest steps left), each with an even share of ``max_sampled`` (what one
    leaves unspent goes to the next); a play none of whose worlds' searches fitted is tried again at the end
    with at least ``world_nodes`` a world, and an even share of what is left where that is more. Once fewer than
    a play's ``worlds`` are left of ``max_worlds``, no play is estimated any more."""
    searches: dict[int, Search] = {}
    spent = 0
    horizons: dict[int, int] = {}  # per unit, the fewest steps left from which a search ran out of budget
    # In turns, not by the steps left: those measure no tree across units (a race of forced retirements is a
    # tiny tree of many cards, which a search of fewer cards elsewhere left without budget).
    units: list[list[tuple[int, Step, int]]] = []  # per unit, its plays: (index, step, steps left)
    for index, step in enumerate(steps):
        if step.position is not None and step.position.turn >= 0:
            left = step.position.plays_left()
            if not units or left > units[-1][-1][2]:
                units.append([])
            units[-1].append((index, step, left))
    order = sorted(((from_end, unit, play) for unit, plays in enumerate(units)
                    for from_end, play in enumerate(reversed(plays))), key=lambda item: (item[0], -item[1]))
    judged_at: list[tuple[int, Step, dict]] = []
    for _from_end, unit, (index, step, left) in order:
        hopeless = left >= horizons.get(unit, left + 1) or hidden(step.position)
        allowed = 0 if hopeless else min(budget.max_nodes, budget.max_total - spent)
        search = searches.setdefault(step.position.turn, Search(step.position.turn))
        entry, used = judge(step, search, allowed)
        spent += used
        if entry["legal"] and not entry["exact"] and not hopeless:
            horizons[unit] = left
        judged_at.append((index, step, entry))
    judged = [(step, entry) for _index, step, entry in sorted(judged_at, key=lambda item: item[0])]
    # Estimated smallest first too: what a small position leaves of its share goes to the larger ones after it
    pending = sorted(((step, entry) for step, entry in judged
                      if entry["legal"] and not entry["exact"] and hasattr(step.position, "sample_world")),
                     key=lambda item: item[0].position.plays_left())
    left_over, worlds_left = budget.max_sampled, budget.max_worlds
    full = budget.worlds * budget.world_nodes  # what a play's worlds may spend, ``world_nodes`` each
    cramped: list[tuple[Step, dict, int]] = []
    for index, (step, entry) in enumerate(pending):
        if worlds_left < budget.worlds:
            break
        share = left_over // (len(pending) - index)
        used, dealt, searched = estimate(step, entry, budget, share, hopeful=share < full)
        left_over, worlds_left = left_over - used, worlds_left - dealt
        if not searched:  # no world's search fitted its share: more might
            cramped.append((step, entry, min(share, full)))
    for index, (step, entry, spent_on) in enumerate(cramped):
        # At least that, and where an even share of what is left is more, that share, with no cap a world:
        # worlds too large for ``world_nodes`` are worth searching once the other plays are valued (the lead of
        # a 6-player game's third trick fitted it in 4 worlds of 60, so 8 worlds all ran past it now and then).
        fair = left_over // (len(cramped) - index)
        allowed = max(fair, min(left_over, full))
        if allowed > spent_on and worlds_left >= budget.worlds:
            used, dealt, _searched = estimate(step, entry, budget, allowed, lifted=fair > full)
            left_over, worlds_left = left_over - used, worlds_left - dealt
    for _step, entry in judged:
        entry["marks"] = [] if looked_short(entry) else marks(entry["cost"], thresholds)
    return [entry for _step, entry in judged]


def looked_short(entry: dict) -> bool:
    """A play estimated in worlds searched only so far ahead (``reach``): its values are the results so far
    there, a guess that may stand on either side of what the end gives (a tester's "blunder" costing 11 at the
    end of the trick cost 0 at the end of the game), so it bears no mark."""
    estimate = entry.get("estimate")
    return isinstance(estimate, dict) and estimate.get("reach") is not None


def judge(step: Step, search: Search, max_nodes: int) -> tuple[dict, int]:
    """One play's entry, valued by ``search`` within ``max_nodes`` more positions, and the positions used."""
    state = step.position
    entry: dict = {"step": step.anchor, "player": state.players[state.turn], "played": step.played, "legal": True,
                   "exact": False, "choices": [], "best": None, "cost": None, "estimate": None, "marks": []}
    compact = state.action_of(step.played)
    if compact is None:
        entry["legal"] = False
        return entry, 0
    # Written as its choice is: the log's own writing may carry more (a note, an Olympi draw, cards in another
    # order), and a reader finds the value of the play made by its choice.
    entry["played"] = state.action_to_log(compact)
    if max_nodes <= 0:
        return entry, 0
    start = search.nodes
    search.max_nodes = start + max_nodes
    try:
        values = search.action_values(state)
    except OutOfBudget:
        return entry, search.nodes - start
    # An average over a chance step's outcomes (a draw from a deck of unknown order) is given as an estimate's
    # mean is, so that choices worth the same tie however the sum was rounded.
    values = {action: round(value, ACCURACY_PLACES) for action, value in values.items()}
    best_value = max(values.values())
    entry.update(exact=True, best=[state.action_to_log(action) for action in _best(values, best_value)],
                 choices=[{"action": state.action_to_log(action), "value": value} for action, value in values.items()],
                 cost=best_value - values[compact])
    return entry, search.nodes - start


def estimate(step: Step, entry: dict, budget: Budget, max_nodes: int, hopeful: bool = False,
             lifted: bool = False) -> tuple[int, int, int]:
    """Fills in ``entry`` with the play's values sampled over worlds its player could not tell apart, within
    ``max_nodes`` positions (``lifted``: shared among its worlds, with no cap of ``world_nodes`` a world); the
    positions used, the worlds dealt (``hopeful``, where the play will be tried again with more: none past a
    first one whose search found nothing) and the worlds whose search fitted. The worlds of a play are drawn from
    the seed and the play's step alone, so an analysis is the same however often it is run."""
    state = step.position
    worlds = budget.worlds
    per_world = max_nodes // max(1, worlds) if lifted else min(budget.world_nodes, max_nodes // max(1, worlds))
    if worlds <= 0 or per_world <= 0:
        return 0, 0, 0
    rng = random.Random(f"{budget.seed}/{step.anchor}")
    dealt = [0]

    def sampled() -> Iterator[Any]:
        for _ in range(worlds):
            dealt[0] += 1
            yield state.sample_world(state.turn, rng)

    found = sampled_action_values(sampled(), state.turn, per_world, step=len(state.players), hopeful=hopeful)
    # A choice is valued only if every world offers it, and the position itself, whose hands hold only what the
    # log proves: a card the log never shows in the player's hand may be in every world sampled (one world, or
    # a few that happen to agree), never in every world there is.
    proven = set(state.legal_actions())
    means = {action: round(mean, ACCURACY_PLACES) for action, mean in found.means.items()
             if found.offered[action] == found.worlds and action in proven}
    played = state.action_of(step.played)
    if not found.worlds or played not in means:
        return found.nodes, dealt[0], found.worlds
    best_value = max(means.values())
    entry.update(best=[state.action_to_log(action) for action in _best(means, best_value)],
                 choices=[{"action": state.action_to_log(action), "value": mean,
                           "spread": round(found.spreads[action], ACCURACY_PLACES)} for action, mean in means.items()],
                 cost=round(best_value - means[played], ACCURACY_PLACES),
                 estimate={"worlds": found.worlds, "sampled": worlds, "seed": budget.seed, "reach": found.reach,
                           "nodes": found.nodes})
    return found.nodes, dealt[0], found.worlds


def _best(values: dict[Hashable, float], best_value: float) -> list[Hashable]:
    return [action for action, value in values.items() if value == best_value]


def marks(cost: float | None, thresholds: tuple[float, float, float]) -> list[str]:
    """The mark of a play of ``cost`` by a game's ``thresholds`` (``[]`` below every one, or without a cost)."""
    if cost is None:
        return []
    return next(([name] for name, threshold in zip(MARKS, thresholds, strict=True) if cost >= threshold), [])


def accuracy(plays: list[dict]) -> dict[str, dict]:
    """Per player: over its legal plays valued exactly, how many, the share at cost 0 and the mean cost; the
    same over its estimated plays (``estimated``); and how many of its plays bear each mark."""
    exact: dict[str, list[float]] = {}
    estimated: dict[str, list[float]] = {}
    counted: dict[str, dict[str, int]] = {}
    for play in plays:
        player = play["player"]
        exact.setdefault(player, [])
        estimated.setdefault(player, [])
        counted.setdefault(player, {name: 0 for name in MARKS})
        if play["cost"] is not None:
            (exact if play["exact"] else estimated)[player].append(play["cost"])
        for mark in play["marks"]:
            counted[player][mark] += 1
    return {player: {**_shares(values), "estimated": _shares(estimated[player]), "marks": counted[player]}
            for player, values in exact.items()}


def _shares(costs: list[float]) -> dict:
    if not costs:
        return {"plays": 0, "best_share": None, "mean_cost": None}
    return {"plays": len(costs), "best_share": round(sum(cost == 0 for cost in costs) / len(costs), ACCURACY_PLACES),
            "mean_cost": round(sum(costs) / len(costs), ACCURACY_PLACES)}

"""The analysis's search against a plain brute force, in every game whose State offers it (the registry's and the
toy game): the value of each choice and the set of best choices, the two numbers a play's entry is made of
(its cost is the best value less the value of the play made), on small endgames of every player count the game
allows. The search is used as ``replaykit.analysis.value_plays`` uses it — one search per seat, its
transposition table kept from each play to the play before it, from the end of a line back — so the table's
bounds, the aspiration windows, the move ordering and the keys that leave out what a seat cannot gain from
(``key_for``) are all on trial; and Olympi Cards' two-player races whose deck order is unknown hold chance
steps, each valued by the average over its outcomes."""

from __future__ import annotations

import random

import pytest

from olympi_replay.position import _counts
from replaykit import registry
from replaykit.search import CHANCE, TERMINAL, Search
from tests.plugin_fixtures import toy_engine
from tests.test_search_games import GAMES, TooLarge, advance, choices, start

LINES = 150  # lines played to the end and searched back, per game
POSITIONS = 4_000  # the brute force's allowance for one position: a larger tree is left out


def brute_force(position, seat: int, allowance: list[int], met: list[int]) -> float:
    """The value by definition: every line played out, no pruning, no table; paranoid (the other seats
    minimise), the average at a chance step (``met[0]`` counts the chance steps met)."""
    allowance[0] -= 1
    if allowance[0] < 0:
        raise TooLarge
    if position.turn == TERMINAL:
        return position.returns()[seat]
    if position.turn == CHANCE:
        met[0] += 1
        total = 0.0
        for outcome, probability in position.chance_outcomes():
            position.apply_action(outcome)
            try:
                total += probability * brute_force(position, seat, allowance, met)
            finally:
                position.undo_action()
        return total
    values = []
    for action in position.legal_actions():
        position.apply_action(action)
        try:
            values.append(brute_force(position, seat, allowance, met))
        finally:
            position.undo_action()
    return max(values) if position.turn == seat else min(values)


def by_brute_force(position, seat: int, met: list[int]) -> dict:
    """Each choice's value for ``seat``, as ``Search.action_values`` gives it."""
    allowance, values = [POSITIONS], {}
    for action in choices(position):
        position.apply_action(action)
        try:
            values[action] = brute_force(position, seat, allowance, met)
        finally:
            position.undo_action()
    return values


def best(values: dict) -> set:
    """The choices of the highest value, as the analysis lists them (to the float noise of an average)."""
    top = max(values.values())
    return {action for action, value in values.items() if value == pytest.approx(top, abs=1e-9)}


def unknown_deck(position) -> None:
    """A two-player race's deck made one of unknown order (the same cards): each card a pass draws is then a
    chance step."""
    if position.deck:
        position.deck, position.pool = None, _counts(position.deck)


def line_back(engine, players: int, rng: random.Random, twist=None) -> tuple[int, int, int]:
    """One line played at random from a simulated game's first searchable position (``twist`` changes that
    position first) to the end, then searched back play by play as the analysis does, each seat keeping its
    search; each position near enough the end is held to the brute force. The positions compared, the
    chance steps met in them, and the positions left out as too large."""
    position = start(engine, players, rng.randrange(4))
    if position is None:
        return 0, 0, 0
    kept = (position.deck, position.pool) if twist is not None else None
    if twist is not None:
        twist(position)
    steps = 0
    while position.turn != TERMINAL:
        advance(position, rng)
        steps += 1
    searches: dict[int, Search] = {}
    compared = met_chance = too_large = 0
    while steps:
        position.undo_action()
        steps -= 1
        seat = position.turn
        if seat < 0:
            continue
        met = [0]
        try:
            expected = by_brute_force(position, seat, met)
        except TooLarge:
            too_large += 1
            break  # a line's earlier positions are larger still
        found = searches.setdefault(seat, Search(seat)).action_values(position)
        assert found == pytest.approx(expected), (engine.id, players, position.key())
        assert best(found) == best(expected), (engine.id, players, position.key())
        compared += 1
        met_chance += met[0]
    for _ in range(steps):  # the rest of the line taken back: the cached start is walked again
        position.undo_action()
    if kept is not None:
        position.deck, position.pool = kept
    return compared, met_chance, too_large


@pytest.mark.parametrize("engine", GAMES, ids=[engine.id for engine in GAMES])
def test_a_search_kept_from_play_to_play_agrees_with_brute_force_on_values_and_best_choices(engine):
    rng = random.Random(f"brute/{engine.id}")
    low, high = engine.players
    counts = list(range(low, min(high, 5) + 1))
    compared = {players: 0 for players in counts}
    for line in range(LINES):
        players = counts[line % len(counts)]
        compared[players] += line_back(engine, players, rng)[0]
    assert all(compared.values()), compared  # every player count reached positions small enough


def test_chance_steps_of_a_two_player_race_are_valued_by_their_average_as_brute_force_does():
    olympi = registry.engines()["olympi"]
    rng = random.Random("brute/olympi-chance")
    compared = chance = 0
    for _ in range(LINES):
        found, met, _large = line_back(olympi, 2, rng, twist=unknown_deck)
        compared, chance = compared + found, chance + met
    assert compared > LINES and chance > LINES  # the chance steps were reached, and often


def test_every_registered_game_and_the_toy_game_are_among_those_compared():
    assert {engine.id for engine in GAMES} >= {*registry.engines(), toy_engine().id}

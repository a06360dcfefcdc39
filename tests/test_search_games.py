"""The search of every game whose State offers ``searchable()`` — taken from the registry, so a game gaining
it is held to the same — and the toy game: against a plain recursive minimax on a thousand small random
endgames each, and its sampled worlds against what the seat to move has seen."""

from __future__ import annotations

import functools
import random

import pytest

from replaykit import registry
from replaykit.search import CHANCE, TERMINAL, Search
from tests.plugin_fixtures import toy_engine

ENDGAMES = 1_000
MINIMAX_POSITIONS = 5_000


def first_position(engine, players: int, seed: int):
    """The first position of a simulated game a search can walk, or ``None``."""
    found = []

    def observe(_anchor, state):
        if not found and hasattr(state, "searchable"):
            position = state.searchable()
            if position is not None and position.turn != TERMINAL:
                found.append(position)

    engine.load(engine.simulate(players, seed), engine.default_limits, observe=observe)
    return found[0] if found else None


def searchable(engine) -> bool:
    return first_position(engine, engine.players[0], 1) is not None


GAMES = [engine for engine in {**registry.engines(), "toy": toy_engine()}.values() if searchable(engine)]


def advance(position, rng: random.Random) -> None:
    """One step at random: an outcome by its probability at a chance step, else any legal action."""
    if position.turn == CHANCE:
        outcomes = position.chance_outcomes()
        position.apply_action(rng.choices([outcome for outcome, _ in outcomes],
                                          [probability for _, probability in outcomes])[0])
    else:
        position.apply_action(rng.choice(position.legal_actions()))


@functools.cache
def start(engine, players: int, seed: int):
    """A simulated game's first searchable position, made once and walked again and again (each walk is
    taken back with ``undo_action`` before the next)."""
    return first_position(engine, players, seed)


def endgame(engine, rng: random.Random) -> tuple[object, int]:
    """A simulated game of 3 to 6 players (as the game allows) played at random to its end and taken back a
    few steps (at most a round of plays and part of another), and the steps it stands from the start."""
    low, high = engine.players
    players = rng.randint(max(low, 3), max(min(high, 6), low))
    position = start(engine, players, rng.randrange(5))
    steps = 0
    while position.turn != TERMINAL:
        advance(position, rng)
        steps += 1
    for _ in range(min(steps, rng.randint(1, players + players // 2 + 1))):
        position.undo_action()
        steps -= 1
    return position, steps


def back(position, steps: int) -> None:
    for _ in range(steps):
        position.undo_action()


def choices(position):
    return ([outcome for outcome, _ in position.chance_outcomes()] if position.turn == CHANCE
            else position.legal_actions())


class TooLarge(Exception):
    """The endgame's tree has more positions than the plain minimax is given: it is not compared."""


def plain(position, seat: int, allowance: list[int]) -> float:
    """``tests.test_search.minimax``, stopping with ``TooLarge`` past ``allowance[0]`` positions (a chance
    step of many outcomes, or passes, can make a few steps a large tree)."""
    allowance[0] -= 1
    if allowance[0] < 0:
        raise TooLarge
    if position.turn == TERMINAL:
        return position.returns()[seat]
    values = []
    for action in choices(position):
        position.apply_action(action)
        try:
            values.append(plain(position, seat, allowance))
        finally:
            position.undo_action()
    if position.turn == CHANCE:
        return sum(probability * value for (_, probability), value in zip(position.chance_outcomes(), values,
                                                                          strict=True))
    return max(values) if position.turn == seat else min(values)


@pytest.mark.parametrize("engine", GAMES, ids=[engine.id for engine in GAMES])
def test_the_search_agrees_with_a_plain_minimax_on_random_endgames_of_every_searchable_game(engine):
    rng = random.Random(f"minimax/{engine.id}")
    compared = 0
    for _ in range(ENDGAMES):
        position, steps = endgame(engine, rng)
        seat = rng.randrange(len(position.players))
        expected, allowance = {}, [MINIMAX_POSITIONS]
        try:
            for action in choices(position):
                position.apply_action(action)
                try:
                    expected[action] = plain(position, seat, allowance)
                finally:
                    position.undo_action()
        except TooLarge:
            back(position, steps)
            continue
        assert Search(seat).action_values(position) == pytest.approx(expected), (engine.id, position.key())
        compared += 1
        back(position, steps)
    assert compared >= ENDGAMES * 0.7  # Olympi Cards' draws leave about one endgame in four too large


@pytest.mark.parametrize("engine", [engine for engine in GAMES if hasattr(first_position(engine, engine.players[0], 1),
                                                                          "sample_world")],
                         ids=lambda engine: engine.id)
def test_a_sampled_world_keeps_what_the_seat_has_seen_and_its_choices(engine):
    rng = random.Random(f"worlds/{engine.id}")
    for _ in range(100):
        position, steps = endgame(engine, rng)
        if position.turn < 0:  # a chance step: nobody's choice to value
            back(position, steps)
            continue
        seat = position.turn
        world = position.sample_world(seat, rng)
        assert world.observation(seat) == position.observation(seat)
        assert world.legal_actions() == position.legal_actions()
        assert world.plays_left() == position.plays_left()
        back(position, steps)

"""The David & Goliath State as a search walks it: undo takes back any sequence of steps exactly (game and
match), keys are equal exactly when positions are, an observation never shows another seat's hidden card, a
sampled world fits what its seat saw, ``returns()`` at the end is the report's result, and the choices are
exactly the cards the check accepts on every position of 500 simulated games (perft-style)."""

from __future__ import annotations

import json
import math
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay import new_state
from dg_replay.actions import Action
from dg_replay.bits import hand_cards
from dg_replay.cards import COLORS, Card
from dg_replay.engine import ENGINE
from dg_replay.position import Position
from dg_replay.simulate import simulate, simulate_match, simulated_start
from replaykit.search import TERMINAL
from replaykit.state import IllegalAction, Uniform, play_out
from tests.test_dg_samples import SAMPLES

SOME = settings(max_examples=30, deadline=None)


def held(state, name: str) -> set[Card]:
    """The cards of ``name``'s known hand (the State keeps it as bits)."""
    return set(hand_cards(state.hands[name]))


def setup_of(log: dict, hands: bool = True) -> dict:
    keys = ("game", "players", "dealer", "hands") if hands else ("game", "players", "dealer")
    return {**{key: log[key] for key in keys}, "tricks": []}


def described(state) -> tuple:
    """Everything a person or a program can read of a state: its view, its choices in words, its key, its
    log and its findings."""
    return (state.view(), [(choice.action, str(choice.label), choice.known, str(choice.hint))
                           for choice in state.choices(random.Random(0))],
            state.key(), state.to_log(), state.findings)


def wild_play(state, rng: random.Random) -> dict:
    """Any card by the player to move (or anyone): mostly a mistake, recorded as played."""
    player = state.to_move or rng.choice(state.rules.seating)
    return {"player": player, "card": f"{rng.choice(COLORS)}{rng.randint(1, state.rules.max_value)}"}


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), hands=st.booleans(), wild=st.sampled_from([0, 0.2]))
def test_undo_takes_back_any_sequence_of_steps_of_a_game_exactly(seed, steps, hands, wild):
    rng = random.Random(seed)
    state = new_state(setup_of(simulate(3 + seed % 4, seed), hands))
    marks = []
    for _ in range(steps):
        if state.is_over():
            break
        mark, recorded, options = described(state), len(state.undos), state.choices()
        # the log's own mistakes may leave no card clean to offer: a wild play then
        state.apply(wild_play(state, rng) if rng.random() < wild or not options else rng.choice(options).action)
        if len(state.undos) > recorded:
            marks.append(mark)
    while marks:
        state.undo()
        assert described(state) == marks.pop()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(40, 110))
def test_undo_takes_back_deals_and_plays_of_a_match_exactly(seed, steps):
    rng = random.Random(seed)
    state = new_state({"game": "david-goliath-match", "players": ["Ann", "Ben", "Cy"], "games": []})
    marks = []
    for _ in range(steps):  # past the first game's 45 plays: a deal, then plays of the second game
        if state.is_over():
            break
        marks.append(described(state))
        state.apply(rng.choice(state.choices(rng)).action, strict=True)
    twin = state.clone()
    while marks:
        state.undo()
        assert described(state) == marks.pop()
    assert state.games == [] and described(twin) != described(state)  # the clone kept its own games


def test_a_strict_step_refused_leaves_the_state_as_it_was():
    log = simulate(4, 7)
    state = new_state(setup_of(log))
    before = described(state)
    leader = state.to_move
    other = next(name for name in state.rules.seating if name != leader)
    foreign = sorted(held(state, other))[0]
    with pytest.raises(IllegalAction):
        state.apply(Action(leader, foreign), strict=True)
    assert described(state) == before and state.undos == []


def trick_starts(position: Position, path: list[int], found: list[tuple[list[int], object]]) -> None:
    """Every position at the start of a trick (the end included) below ``position``, with its path."""
    if not position.trick:
        found.append((list(path), position.key()))
    for action in position.legal_actions():
        position.apply_action(action)
        path.append(action)
        trick_starts(position, path, found)
        path.pop()
        position.undo_action()


def canonical(log: dict, path: list[int], position: Position) -> tuple:
    """The position the path leads to, described from the log's State replayed from scratch: what each seat
    still holds, who leads, and per seat and colour what rule 8 can still count (the count, and the sum
    while at most two cards)."""
    state = new_state(setup_of(log))
    for step in log["tricks"]:
        for play in step["plays"]:
            state.apply(play)
    for index in path:
        state.apply(Action(state.to_move, position.card(index)))
    captured = []
    for name in state.rules.seating:
        per_color = []
        for color in COLORS:
            values = [card.value for card in state.pile(name) if card.color == color]
            per_color.append((len(values), sum(values) if len(values) <= 2 else None))
        captured.append(tuple(per_color))
    return tuple(frozenset(held(state, name)) for name in state.rules.seating), state.due, tuple(captured)


def test_position_keys_are_equal_exactly_when_the_positions_are():
    transpositions = 0
    for seed in range(6):
        log = simulate(3, seed)
        log["tricks"] = log["tricks"][:13]  # two tricks left: every way to play them is walked
        position = Position.of_game(_replayed(log))
        found: list = []
        trick_starts(position, [], found)
        descriptions = [canonical(log, path, position) for path, _key in found]
        for (left, right) in combinations(range(len(found)), 2):
            assert (found[left][1] == found[right][1]) == (descriptions[left] == descriptions[right])
            transpositions += found[left][1] == found[right][1]
    assert transpositions > 0  # some positions are indeed reached along different paths


def _replayed(log: dict):
    state = new_state(setup_of(log))
    for step in log["tricks"]:
        for play in step["plays"]:
            state.apply(play)
    return state


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), branch=st.integers(1, 2))
def test_game_keys_are_equal_exactly_when_the_states_are(seed, steps, branch):
    rng = random.Random(seed)
    setup = setup_of(simulate(3, seed % 7))  # few deals and two choices a step: walks often meet
    seen = []
    for _walk in range(3):
        state = new_state(setup)
        for _ in range(steps):
            seen.append((state.key(), state.to_log(), state.findings, state.view()))
            state.apply(rng.choice(state.choices()[:branch]).action)
    for left, right in combinations(seen, 2):
        assert (left[0] == right[0]) == (left[1:] == right[1:])


def cards_in(value) -> set[Card]:
    """Every card written anywhere in a JSON value."""
    text = json.dumps(value)
    return {card for word in text.replace('"', " ").replace(",", " ").split()
            if (card := Card.from_object(word.strip("[]{}:"))) is not None}


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_an_observation_never_holds_another_seats_hidden_card(seed, steps):
    rng = random.Random(seed)
    state = new_state(setup_of(simulate(3 + seed % 4, seed)))
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.choices()).action)
    position = state.searchable()
    for seat, name in enumerate(state.rules.seating):
        hidden = set().union(*(held(state, other) for other in state.rules.seating if other != name))
        seen = cards_in(state.observation(seat))
        assert not seen & hidden and held(state, name) <= seen
        if position is not None:
            assert not cards_in(position.observation(seat)) & hidden


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 70))
def test_a_sampled_world_fits_the_observation_and_worlds_differ(seed, steps):
    rng = random.Random(seed)
    position = Position.of_game(new_state(setup_of(simulate(3 + seed % 4, seed))))
    for _ in range(steps):
        if position.turn == TERMINAL:
            break
        position.apply_action(rng.choice(position.legal_actions()))
    seat = rng.randrange(len(position.players))
    worlds = set()
    for _ in range(8):
        world = position.sample_world(seat, rng)
        assert world.observation(seat) == position.observation(seat)
        assert world.turn == position.turn
        if position.turn == seat:
            assert world.legal_actions() == position.legal_actions()
        for other, hand in enumerate(world.hands):
            assert hand & world.voids()[other] == 0  # no card of a colour the seat was seen not to follow
        assert world.hands[seat] == position.hands[seat]
        worlds.add(tuple(world.hands))
    assert len(worlds) > 1 or deals(position, seat) == 1  # late in a game the voids may leave one deal


def deals(position: Position, seat: int, most: int = 2) -> int:
    """How many deals of the cards ``seat`` cannot see fit the others' counts and voids, counted up to
    ``most``: every way, card by card."""
    voids = position.voids()
    others = [other for other in range(len(position.players)) if other != seat]
    cards = [index for other in others for index in range(len(position.cards)) if position.hands[other] >> index & 1]
    room = {other: position.hands[other].bit_count() for other in others}

    def count(at: int) -> int:
        if at == len(cards):
            return 1
        found = 0
        for other in others:
            if room[other] and not voids[other] >> cards[at] & 1:
                room[other] -= 1
                found += count(at + 1)
                room[other] += 1
                if found >= most:
                    break
        return found

    return count(0)


def test_a_seat_that_did_not_follow_a_colour_is_never_dealt_it_in_a_sampled_world():
    # Ann leads blue 1; Ben plays red 2 (no blue); so every world gives Ben no blue, whatever Cy saw.
    hands = {"Ann": [Card("B", 1), Card("B", 2)], "Ben": [Card("R", 2), Card("R", 3)],
             "Cy": [Card("B", 3), Card("R", 1)]}
    position = Position(["Ann", "Ben", "Cy"], hands, "Ann", max_value=9)
    position.apply_action(position.index(Card("B", 1)))
    position.apply_action(position.index(Card("R", 2)))
    assert position.observation(2)["voids"] == [[], ["B"], []]
    rng = random.Random(3)
    for _ in range(20):  # Ann and Ben hold B2 and R3 between them: B2 can only be Ann's
        world = position.sample_world(2, rng)
        assert [world.card(index) for index in range(len(world.cards)) if world.hands[0] >> index & 1] == \
            [Card("B", 2)]
    position.undo_action()
    assert position.observation(2)["voids"] == [[], [], []]


def test_returns_at_the_end_are_the_reports_results_on_every_sample_and_simulated_games():
    documents = [json.loads(path.read_text(encoding="utf-8"))
                 for path in sorted(SAMPLES.glob("*.json"))]
    documents += [simulate(3 + seed % 4, seed) for seed in range(12)] + [simulate_match(3 + seed, seed)
                                                                         for seed in range(3)]
    checked = 0
    for document in documents:
        report, state = ENGINE.load(document, ENGINE.default_limits)
        if state is None:
            continue
        result = report.to_dict()["result"]["scores"]
        assert dict(zip(state.rules.seating, state.returns(), strict=True)) == result
        checked += 1
    assert checked >= 20


def test_a_deal_is_a_uniform_draw_among_every_deal_and_a_game_has_no_chance_step():
    match = new_state({"game": "david-goliath-match", "players": ["Ann", "Ben", "Cy"], "games": []})
    outcomes = match.chance_outcomes()
    # 45 cards into three hands of 15: 45! / (15! 15! 15!) deals, and any of the 3 players may deal first.
    assert isinstance(outcomes, Uniform)
    assert outcomes.count == 3 * math.factorial(45) // math.factorial(15) ** 3
    deal = outcomes.draw(random.Random(1))
    assert sorted(card for cards in deal["hands"].values() for card in cards) == sorted(
        f"{color}{value}" for color in COLORS for value in range(1, 10))
    match.apply(deal)
    assert match.chance_outcomes() == [] and match.current.chance_outcomes() == []
    assert match.legal_actions() == match.current.legal_actions() != []


def test_an_action_has_a_stable_compact_form_and_the_logs_dict_at_the_edge():
    action = Action("Ann/Bo", Card("G", 12))
    assert action.compact() == "Ann/Bo/G12" and Action.from_compact("Ann/Bo/G12") == action
    assert action.to_dict() == {"player": "Ann/Bo", "card": "G12"}
    state = new_state(setup_of(simulate(3, 2)))
    assert [choice.action for choice in state.choices()] == [legal.to_dict() for legal in state.legal_actions()]


def test_the_choices_are_exactly_the_cards_the_check_accepts_on_every_position_of_five_hundred_games():
    positions = 0

    def checking(policy):
        """The bots' policy, after each card of the mover's hand is tried through the checking path: the
        game is played once, each position checked as it comes (not simulated, then replayed)."""
        def choose(state, options, rng):
            nonlocal positions
            mover, accepted = state.to_move, set()
            for card in sorted(held(state, mover)):
                try:
                    state.apply(Action(mover, card), strict=True)
                except IllegalAction:
                    continue
                state.undo()
                accepted.add(Action(mover, card))
            assert set(state.legal_actions()) == accepted
            positions += 1
            return policy(state, options, rng)
        return choose

    for seed in range(500):
        state, policy, rng = simulated_start(3 + seed % 4, seed)  # the very game simulate(players, seed) plays
        play_out(state, checking(policy), rng)
    assert positions == sum(15 * (3 + seed % 4) for seed in range(500))

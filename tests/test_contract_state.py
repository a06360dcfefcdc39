"""The State contract (``replaykit/state.py``), held over every registered game.

Each game's rules live once, in its State: these properties check that the validator, the choices a
client is offered, the patches that record them and the snapshots all agree, for any game registered.
Positions come from simulated games (the game's own legal bots) walked step by step.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replaykit import registry
from replaykit.engine import Engine
from replaykit.state import IllegalAction, past_unseen
from tests.state_helpers import copied, errors, patched, setup_state, walk

ENGINES = list(registry.engines().values())  # the toy plugin among them: a new game needs nothing more
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# A start is a whole simulated game read back to its setup: a Dalmuti session costs some 50 ms, for a start
# that is the same whatever the seed (its deal is the walk's first step). Where three seeds give one start,
# it is taken as the game's only one, made once per process; elsewhere each seed has its own, as drawn.
@functools.cache
def _simulated_start(game: Engine, players: int, seed: int):
    return setup_state(game, players, seed)


@functools.cache
def _same_for_every_seed(game: Engine, players: int) -> bool:
    first = _simulated_start(game, players, 0).to_log()
    return all(_simulated_start(game, players, seed).to_log() == first for seed in (1, 2))


def start(game: Engine, players: int, seed: int):
    """A copy of its own of the start of the simulated game ``game.simulate(players, seed)``."""
    return _simulated_start(game, players, 0 if _same_for_every_seed(game, players) else seed).clone()


def positions(engine: Engine):
    low, high = engine.players
    return st.tuples(st.integers(low, min(high, low + 3)), st.integers(0, 2**31), st.integers(0, 400))


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(data=st.data())
def test_every_choice_applies_without_an_error(game: Engine, data) -> None:
    players, seed, depth = data.draw(positions(game))
    rng = random.Random(seed)
    for state in walk(start(game, players, seed), rng, depth):
        offered = state.choices(rng)
        assert offered, f"{game.id}: no choice at {state.moment}"
        for choice in offered[:40]:
            trial = state.clone()
            assert errors(trial.apply(choice.action)) == [], (state.moment, choice)


def foreign_actions_refused(game: Engine, players: int, seed: int, depth: int, recent: int = 30) -> int:
    """Walk a game; wherever every choice is exact, apply the last ``recent`` actions offered earlier but not
    now: each must be an error, and refused by strict mode with the state untouched. Returns how many were
    tried."""
    rng = random.Random(seed)
    seen: dict[str, dict] = {}
    checked = 0
    for state in walk(start(game, players, seed), rng, depth):
        offered = state.choices(rng)
        keys = {json.dumps(choice.action, sort_keys=True) for choice in offered}
        if not state.chance and all(choice.known for choice in offered):
            before, refused = state.to_log(), []
            for key, action in list(seen.items())[-recent:]:
                if key in keys:
                    continue
                assert errors(state.clone().apply(action)), (state.moment, action)
                with pytest.raises(IllegalAction):
                    state.apply(action, strict=True)
                refused.append(action)
            # Once per step, not per action: the log is the costliest part, and a change made by any of
            # them still shows (the message lists them).
            assert state.to_log() == before, ("a refused action changed the state", state.moment, refused)
            checked += len(refused)
        seen.update({json.dumps(choice.action, sort_keys=True): choice.action for choice in offered})
    return checked


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(data=st.data())
def test_an_action_not_offered_for_a_known_hand_is_an_error_and_strict_refuses_it(game: Engine, data) -> None:
    # The ten last offered are the likeliest to slip through (same trick, same player); the whole game
    # below tries thirty at every step.
    foreign_actions_refused(game, *data.draw(positions(game)), recent=10)


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
def test_a_whole_game_meets_actions_that_are_no_longer_legal(game: Engine) -> None:
    assert foreign_actions_refused(game, game.players[0], 5, 10_000) > 0


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(data=st.data())
def test_patch_records_exactly_what_apply_does(game: Engine, data) -> None:
    """Patching a choice into the log and reading it again gives the state that applying it gives."""
    players, seed, depth = data.draw(positions(game))
    rng = random.Random(seed)
    for state in walk(start(game, players, seed), rng, depth):
        log = state.to_log()
        choice = rng.choice(state.choices(rng))
        patched_log = patched(log, state.patch(choice.action))
        assert log == state.to_log(), "patch() changed the state or its log"
        applied = state.clone()
        applied.apply(choice.action)
        assert patched_log == applied.to_log(), (state.moment, choice)
    final = state.to_log() if depth else None
    if final is not None:
        _report, replayed = game.replay(final)
        assert replayed is not None and replayed.to_log() == final


def schema_findings(game: Engine, log: dict) -> list[dict]:
    return [finding.to_dict() for finding in game.validate(log).findings if finding.code == "schema"]


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(data=st.data())
def test_every_choice_written_into_the_log_is_one_the_reader_reads(game: Engine, data) -> None:
    """A structural limit is a rule too: whatever ``choices()`` offers, patched into the log, adds no
    ``schema`` finding (no list past the reader's bounds, no entry out of shape)."""
    players, seed, depth = data.draw(positions(game))
    rng = random.Random(seed)
    state = start(game, players, seed)
    for _ in walk(state, rng, depth):  # the walk moves ``state`` itself
        pass
    log = state.to_log()
    before = schema_findings(game, log)
    for choice in state.choices(rng)[:8]:
        written = patched(log, state.patch(choice.action))
        assert schema_findings(game, written) == before, (state.moment, choice)


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(data=st.data())
def test_a_clone_is_independent_and_views_are_json(game: Engine, data) -> None:
    players, seed, depth = data.draw(positions(game))
    rng = random.Random(seed)
    for state in walk(start(game, players, seed), rng, depth):
        view = state.view()
        assert json.loads(json.dumps(view)) == view
        assert [seat["name"] for seat in view["seats"]][:1] and isinstance(view["middle"], list)
        for seat in view["seats"]:
            assert {"name", "hand", "unseen", "pile", "score"} <= set(seat)
        before = copied(state.to_log())
        trial = state.clone()
        trial.apply(rng.choice(state.choices(rng)).action)
        assert state.to_log() == before and state.view() == view


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(action=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=3), max_leaves=8))
def test_arbitrary_actions_never_crash(game: Engine, action) -> None:
    state = start(game, game.players[0], 7)
    findings = state.apply(action)
    assert all(finding.code for finding in findings)
    try:
        state.patch(action)
    except ValueError as error:
        assert str(error)


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
def test_simulated_games_end_and_replay_their_report(game: Engine) -> None:
    """The validator is the State: a simulated log replays to a finished state whose log reads back the same."""
    for players in range(game.players[0], game.players[1] + 1):
        log = game.simulate(players, players)
        report, state = game.replay(log)
        assert report.valid and state is not None and state.is_over() and state.choices() == []
        assert state.to_move is None
        again, _ = game.replay(state.to_log())
        assert again.valid


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
def test_snapshots_follow_every_action(game: Engine) -> None:
    log = game.simulate(game.players[0], 3)
    taken = game.snapshots(log)
    assert taken[0][0] == "" and len(taken) > 1
    anchors = [anchor for anchor, _view in taken[1:]]
    assert all(anchors) and len(set(anchors)) == len(anchors), "every step has an anchor of its own"


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
def test_a_loaded_state_s_log_holds_exactly_the_steps_so_far(game: Engine) -> None:
    """What a what-if branch starts from: the state observed after step k writes back a log of k steps."""
    logs: list[dict] = []
    game.load(game.simulate(game.players[0], 9), game.default_limits,
              observe=lambda _anchor, state: logs.append(state.to_log()))
    for steps, log in enumerate(logs):
        assert len(game.snapshots(log)) == steps + 1, f"the log observed after step {steps} has another length"


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(data=st.data())
def test_a_chance_step_left_unseen_records_a_log_that_reads_back_to_the_same_state(game: Engine, data) -> None:
    """A deal or a draw no one saw: the step after it, patched into the log, is the log's whole record of it.
    Elsewhere nothing may be left unseen, and asking changes nothing."""
    players, seed, depth = data.draw(positions(game))
    rng = random.Random(seed)
    for state in walk(start(game, players, seed), rng, depth):
        before = state.to_log()
        past = past_unseen(state)
        assert state.to_log() == before and (past is None or state.chance)
        if past is None:
            continue
        assert past.to_log() == before, "leaving an outcome unseen writes nothing"
        choice = rng.choice(past.choices(rng))
        written = patched(before, past.patch(choice.action))
        past.apply(choice.action)
        _report, replayed = game.replay(written)
        assert replayed is not None and replayed.to_log() == past.to_log() == written
        assert replayed.moment == past.moment and replayed.view() == past.view(), (state.moment, choice)


@pytest.mark.parametrize("game", ENGINES, ids=lambda engine: engine.id)
@PROPERTY
@given(data=st.data())
def test_every_chance_outcome_offered_is_one_its_parts_allow(game: Engine, data) -> None:
    """What ``chance_parts()`` lets a person enter holds every outcome the game itself draws: a named part's
    value among its values, cards drawn within the copies said to be free; a player's step has no part."""
    players, seed, depth = data.draw(positions(game))
    rng = random.Random(seed)
    for state in walk(start(game, players, seed), rng, depth):
        if not hasattr(state, "chance_parts"):
            return
        parts = state.chance_parts()
        if not state.chance:
            assert parts == {}, state.moment
            continue
        for choice in state.choices(rng):
            for key, allowed in parts.items():
                if key not in choice.action:
                    continue
                if "values" in allowed:
                    assert choice.action[key] in [value for value, _words in allowed["values"]], (state.moment, key)
                else:
                    drawn = Counter(choice.action[key])
                    assert all(allowed["cards"].get(card, 0) >= times for card, times in drawn.items()), state.moment


def test_each_game_with_a_skippable_chance_step_meets_it_in_a_walk() -> None:
    """Il Grande Dalmuti's deal can always be left unseen; a David & Goliath deal never (the rules need it)."""
    dalmuti, goliath = registry.engines()["grande-dalmuti"], registry.engines()["david-goliath"]
    dalmuti_start = setup_state(dalmuti, 4, 3)
    assert dalmuti_start.chance and past_unseen(dalmuti_start) is not None
    assert not any(past_unseen(state) for state in walk(setup_state(goliath, 3, 3), random.Random(3), 200))

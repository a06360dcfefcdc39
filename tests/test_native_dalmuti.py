"""Il Grande Dalmuti's compiled modules (pyproject.toml, ``[tool.card-replay.native]``) against their source.

Every sample and 48 simulated logs, half of them with one fault each, are replayed twice
(``tests.native_helpers``): in a process that loads the compiled modules, and in one under
CARD_REPLAY_PURE=1. The reports must be the same bytes, and so must the final table view and, for the
samples, the table view after every step. Wherever the build found a compiler, the first process must really
have run the compiled modules. What validation skips when nobody watches (a trick's plays made at once, the
garbage collector paused) must change nothing either."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dalmuti_replay.engine import ENGINE
from dalmuti_replay.load import load
from tests.native_helpers import assert_faults_found, compiled_modules, same_both_ways, samples, with_faults

MODULES = compiled_modules("dalmuti_replay")


# One fault each, and the finding the rules give it (docs/games/grande-dalmuti/format.md, the catalogue).
def tricks_of(log: dict) -> list[dict]:
    return [trick for entry in log["rounds"] for trick in entry["tricks"]]


def wrong_points(log: dict, rng: random.Random) -> str:
    points = rng.choice(log["rounds"])["points"]
    points[rng.choice(sorted(points))] += 1
    return "points-mismatch"


def twice_in_a_row(log: dict, rng: random.Random) -> str:
    # A trick's second play comes from the next player holding cards, never from the one who just played:
    # had nobody else held cards, the trick (and the round) would have ended at the first play.
    plays = rng.choice([trick for trick in tricks_of(log) if len(trick["plays"]) > 1])["plays"]
    plays[1]["player"] = plays[0]["player"]
    return "wrong-turn"


def card_off_the_deck(log: dict, rng: random.Random) -> str:
    # The largest deck's highest value is 12: a 13 is in no deck, whatever the table.
    play = rng.choice([play for trick in tricks_of(log) for play in trick["plays"] if "cards" in play])
    play["cards"][0] = "13"
    return "card-not-in-deck"


def misspelt_key(log: dict, rng: random.Random) -> str:
    play = rng.choice([play for trick in tricks_of(log) for play in trick["plays"] if "cards" in play])
    play["card"] = play.pop("cards")
    return "schema"


def pass_on_the_lead(log: dict, rng: random.Random) -> str:
    # A trick's first play is its lead: a set in a legal game, which a leader may not replace by a pass.
    trick = rng.choice(tricks_of(log))
    trick["plays"][0] = {"player": trick["plays"][0]["player"], "pass": True}
    return "lead-pass"


FAULTS = (wrong_points, twice_in_a_row, card_off_the_deck, misspelt_key, pass_on_the_lead)
# Options of the simulator taken in turn: unseen deals, a newcomer, a points target, and variants.
OPTIONS = ({}, {"no_hands": True}, {"join": True}, {"points_end": True}, {"market": True},
           {"black_market": True, "no_hands": True}, {"full_deck": True}, {"settling_round": True})


def simulated(count: int = 48) -> tuple[list[dict], list[str | None]]:
    """``count`` simulated logs of 4 to 10 players and every option above, every other one with a fault; and
    the code each must bring (``None``: no fault, no error)."""
    return with_faults(count, lambda seed: ENGINE.simulate(4 + seed % 7, seed, **OPTIONS[seed % len(OPTIONS)]),
                       FAULTS)


def test_the_compiled_modules_give_the_very_reports_and_views_of_their_source():
    assert MODULES, "no Il Grande Dalmuti module is listed for the compiled build"
    logs, expected = simulated()
    lines = same_both_ways("dalmuti_replay.engine", MODULES, samples(ENGINE) + logs)
    # A simulated game is legal, and each fault brings the finding the rules give it.
    assert_faults_found(lines[-len(logs):], expected)


@settings(max_examples=20, deadline=None)
@given(players=st.integers(4, 10), seed=st.integers(0, 2**16), options=st.sampled_from(OPTIONS),
       fault=st.sampled_from((None, *FAULTS)))
def test_a_log_replayed_unwatched_ends_as_its_steps_made_one_by_one_do(players, seed, options, fault):
    log = ENGINE.simulate(players, seed, **options)
    if fault is not None:
        fault(log, random.Random(seed))
    report, state = load(log)
    stepped_report, stepped = load(log, observe=lambda anchor, state: None)
    assert report.to_dict() == stepped_report.to_dict()
    assert (state.view(), state.to_log(), state.played) == (stepped.view(), stepped.to_log(), stepped.played)

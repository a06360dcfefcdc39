"""Olympi Cards' compiled modules (pyproject.toml, ``[tool.card-replay.native]``) against their source: every
sample and 120 simulated logs, half with one fault each, are replayed in a process that loads the compiled
modules and in one under CARD_REPLAY_PURE=1 (``tests.native_helpers``): the reports and the table views at
the end must be the same bytes, and so must the samples' views after every step. The first process must
really run the compiled modules wherever the build made them."""

from __future__ import annotations

import random

from olympi_replay.engine import ENGINE
from olympi_replay.simulate import simulate
from tests.native_helpers import assert_faults_found, compiled_modules, same_both_ways, samples, with_faults

MODULES = compiled_modules("olympi_replay")


# One fault each, with the code the rules give it (docs/games/olympi/format.md, the finding catalogue).
def wrong_score(log: dict, rng: random.Random) -> str:
    name = rng.choice(log["players"])
    log["scores"][name] += 1
    return "score-mismatch"


def out_of_turn(log: dict, rng: random.Random) -> str:
    # A race whose first turn is a play: its player is still in the race, and the second turn is another's.
    race = rng.choice([race for race in log["races"]
                       if len(race["turns"]) > 1 and race["turns"][0]["action"] == "play"])
    race["turns"][1]["player"] = race["turns"][0]["player"]
    return "wrong-turn"


def unknown_action(log: dict, rng: random.Random) -> str:
    turn = rng.choice(rng.choice(log["races"])["turns"])
    turn["action"] = "jump"
    return "schema"


def wrong_discipline(log: dict, rng: random.Random) -> str:
    first, second = log["races"][0], log["races"][1]
    first["discipline"], second["discipline"] = second["discipline"], first["discipline"]
    return "wrong-discipline"


def card_twice(log: dict, rng: random.Random) -> str:
    plays = [turn for race in log["races"] for turn in race["turns"] if turn["action"] == "play"]
    play = rng.choice(plays)
    play["cards"] = play["cards"] + play["cards"]  # twice the cards the discipline plays (one or two)
    return "wrong-card-count"


def unknown_medal(log: dict, rng: random.Random) -> str:
    # A medal the game does not have, claimed in a race's awards: a shape problem of the log.
    medals = rng.choice([race["awards"]["medals"] for race in log["races"] if race.get("awards", {}).get("medals")])
    medals[rng.choice(sorted(medals))] = ["platinum"]
    return "schema"


FAULTS = (wrong_score, out_of_turn, unknown_action, wrong_discipline, card_twice, unknown_medal)


def simulated() -> tuple[list[dict], list[str | None]]:
    """60 simulated logs of every player count and option, and 60 with one fault each; and the code each
    fault must bring (``None``: no fault)."""
    def make(seed: int) -> dict:
        return simulate(2 + seed % 6, seed, hands=seed % 5 != 1, deck=seed % 5 != 2, world_record=seed % 3 == 0)

    return with_faults(120, make, FAULTS)


def test_the_compiled_modules_give_the_very_reports_and_views_of_their_source():
    assert MODULES, "no Olympi Cards module is listed for the compiled build"
    logs, expected = simulated()
    lines = same_both_ways("olympi_replay.engine", MODULES, samples(ENGINE) + logs)
    # A simulated game is legal, and each fault brings the finding the rules give it.
    assert_faults_found(lines[-len(logs):], expected)

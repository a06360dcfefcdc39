"""Olympi Cards' compiled modules (pyproject.toml, ``[tool.card-replay.native]``) against their source: every
sample and a few hundred simulated logs, some with one fault each, are validated in a process that loads the
compiled modules and in one under CARD_REPLAY_PURE=1, and the reports must be the same bytes; so must the
samples' table views. The first process must really run the compiled modules wherever the build made them."""

from __future__ import annotations

import json
import random

from olympi_replay.engine import ENGINE
from olympi_replay.simulate import simulate
from replaykit import native, registry
from scripts import native as build
from tests.native_helpers import replayed

ROOT = native.ROOT
MODULES = [module for module in build.build_list() if module.startswith("olympi_replay.")]

# Reads the documents (JSON lines) from stdin; prints how each listed module was loaded, then one line per
# document: its report, and for the samples their table views as well.
REPLAY = """
import json, sys
from olympi_replay.engine import ENGINE
from replaykit.native import path_of
lines = []
for line in sys.stdin:
    document = json.loads(line)
    views = ENGINE.snapshots(document["log"]) if document["views"] else None
    lines.append(json.dumps({"report": ENGINE.validate(document["log"]).to_dict(), "views": views},
                            sort_keys=True, ensure_ascii=False))
print(json.dumps({module: path_of(module) for module in sys.argv[1:]}))
print("\\n".join(lines))
"""


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


FAULTS = (wrong_score, out_of_turn, unknown_action, wrong_discipline, card_twice)


def samples() -> list[dict]:
    folder = registry.home_folder(ENGINE, "samples", lambda top: ROOT / top)
    return [{"log": json.loads(path.read_text(encoding="utf-8")), "views": True}
            for path in sorted(folder.glob("*.json"))]


def simulated() -> tuple[list[dict], list[str | None]]:
    """60 simulated logs of every player count and option, and 60 with one fault each; and the code each
    fault must bring (``None``: no fault)."""
    found, expected = [], []
    rng = random.Random(28)
    for seed in range(120):
        options = {"hands": seed % 5 != 1, "deck": seed % 5 != 2, "world_record": seed % 3 == 0}
        log = simulate(2 + seed % 6, seed, **options)
        expected.append(FAULTS[seed % len(FAULTS)](log, rng) if seed % 2 else None)
        found.append({"log": log, "views": False})
    return found, expected


def test_the_compiled_modules_give_the_very_reports_and_views_of_their_source():
    assert MODULES, "no Olympi Cards module is listed for the compiled build"
    logs, expected = simulated()
    listed = samples() + logs
    compiled_paths, compiled = replayed(REPLAY, MODULES, listed, pure=False)
    pure_paths, pure = replayed(REPLAY, MODULES, listed, pure=True)
    manifest = native.read_manifest()
    if manifest.get("toolchain"):  # a compiler was found: the first run must not have fallen back to the source
        assert compiled_paths == dict.fromkeys(MODULES, "compiled"), "run `python -m scripts.native` first"
    assert pure_paths == dict.fromkeys(MODULES, "pure")
    assert len(compiled) == len(pure) == len(listed)
    for index, (one, other) in enumerate(zip(compiled, pure, strict=True)):
        assert one == other, f"document {index} of {len(listed)}"
    # A simulated game is legal, and each fault brings the finding the rules give it.
    for line, code in zip(pure[-len(logs):], expected, strict=True):
        errors = {finding["code"] for finding in json.loads(line)["report"]["errors"]}
        assert code in errors if code is not None else errors == set()

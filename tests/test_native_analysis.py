"""The computer analysis compiled (mypyc: the search, David & Goliath's position and the game modules on the build
list) against the same code interpreted: every fourth sample of every game, and simulated toy games, are analysed in
a process that loads the compiled modules and in one under ``CARD_REPLAY_PURE=1``, within a budget small
enough that exact values, the horizon where a search runs out and the sampled estimates all occur, and each
analysis must be the same text, byte for byte (a value 3 written 3.0 would differ)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from replaykit import native, registry
from scripts import native as build
from tests.native_helpers import samples
from tests.plugin_fixtures import toy_engine

# The modules the analysis walks: the search and the games' positions (where compiled).
WATCHED = [module for module in ("replaykit.search", "dg_replay.position") if module in build.build_list()]

ANALYSE = """
import json, sys
from replaykit import registry
from replaykit.analysis import Budget, analyse
from replaykit.native import path_of

budget = Budget(max_nodes=1_500, max_total=4_000, worlds=3, world_nodes=300, max_sampled=4_000, seed=5)
engines = registry.engines()
lines = []
for line in sys.stdin:
    document = json.loads(line)
    engine = next(engine for engine in engines.values() if document.get("game") in engine.log_games)
    lines.append(json.dumps(analyse(engine, document, budget), sort_keys=True, ensure_ascii=False))
print(json.dumps({module: path_of(module) for module in sys.argv[1:]}))
print("\\n".join(lines))
"""


def analysed(documents: list[dict], pure: bool) -> tuple[dict, list[str]]:
    env = {key: value for key, value in os.environ.items() if key != native.PURE}
    if pure:
        env[native.PURE] = "1"
    done = subprocess.run([sys.executable, "-c", ANALYSE, *WATCHED], cwd=native.ROOT, env=env, capture_output=True,
                          text=True, timeout=900, check=True,
                          input="".join(json.dumps(document) + "\n" for document in documents))
    paths, *lines = done.stdout.splitlines()
    return json.loads(paths), lines


def test_the_analysis_is_the_same_compiled_and_interpreted():
    # every fourth sample of each game: exact values, searches running out and estimates all occur among them,
    # at a quarter of the time of every sample (47 s in a full run)
    documents = [entry["log"] for engine in registry.engines().values() if engine.id != toy_engine().id
                 for entry in samples(engine)[::4]]
    documents += [toy_engine().simulate(players, seed) for players in (2, 3, 4) for seed in range(2)]
    compiled_paths, compiled = analysed(documents, pure=False)
    pure_paths, pure = analysed(documents, pure=True)
    if native.read_manifest().get("toolchain"):  # a compiler was found: no silent fall back to the source
        assert compiled_paths == dict.fromkeys(WATCHED, "compiled"), "run `python -m scripts.native` first"
    assert pure_paths == dict.fromkeys(WATCHED, "pure")
    assert len(compiled) == len(pure) == len(documents)
    results = [json.loads(line) for line in pure]
    assert sum(result is not None for result in results) > len(documents) // 2
    plays = [play for result in results if result for play in result["plays"]]
    assert any(play["exact"] for play in plays) and any(play["estimate"] for play in plays)
    for index, (one, other) in enumerate(zip(compiled, pure, strict=True)):
        assert one == other, f"document {index} of {len(documents)}"

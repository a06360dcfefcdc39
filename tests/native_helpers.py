"""What the differential tests of a game's compiled modules share: every sample and the simulated logs a test
makes are replayed in a child process on the compiled modules and in one under ``CARD_REPLAY_PURE=1`` (which
is used is settled at import), and each document's report, table view at its end and, where asked, table
view after every step must be the same bytes both ways."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Sequence

from replaykit import native, registry
from scripts import native as build

# Reads documents (JSON lines) from stdin, the engine's module and the modules to watch from its arguments;
# prints how each watched module was loaded, then one line per document.
REPLAY = """
import importlib, json, sys
from replaykit.native import path_of
engine = importlib.import_module(sys.argv[1]).ENGINE
lines = []
for line in sys.stdin:
    document = json.loads(line)
    report, state = engine.replay(document["log"])
    steps = engine.snapshots(document["log"]) if document["views"] else None
    lines.append(json.dumps({"report": report.to_dict(), "end": None if state is None else state.view(),
                             "steps": steps}, sort_keys=True, ensure_ascii=False))
print(json.dumps({module: path_of(module) for module in sys.argv[2:]}))
print("\\n".join(lines))
"""


def compiled_modules(package: str) -> list[str]:
    """The modules of ``package`` on the build list."""
    return [module for module in build.build_list() if module.startswith(package + ".")]


def samples(engine) -> list[dict]:
    """Every sample of the game, its views after every step asked for."""
    folder = registry.home_folder(engine, "samples", lambda top: native.ROOT / top)
    return [{"log": json.loads(path.read_text(encoding="utf-8")), "views": True}
            for path in sorted(folder.glob("*.json"))]


def replayed(engine_module: str, modules: list[str], documents: list[dict], pure: bool) -> tuple[dict, list[str]]:
    env = {key: value for key, value in os.environ.items() if key != native.PURE}
    if pure:
        env[native.PURE] = "1"
    done = subprocess.run([sys.executable, "-c", REPLAY, engine_module, *modules], cwd=native.ROOT, env=env,
                          capture_output=True, text=True, timeout=600, check=True,
                          input="".join(json.dumps(document) + "\n" for document in documents))
    paths, *lines = done.stdout.splitlines()
    return json.loads(paths), lines


def same_both_ways(engine_module: str, modules: list[str], documents: list[dict]) -> list[str]:
    """Replay ``documents`` both ways and assert the same bytes, and that the first run really loaded the
    compiled ``modules`` wherever the build found a compiler; the lines of the pure run."""
    compiled_paths, compiled = replayed(engine_module, modules, documents, pure=False)
    pure_paths, pure = replayed(engine_module, modules, documents, pure=True)
    if native.read_manifest().get("toolchain"):  # a compiler was found: no silent fall back to the source
        assert compiled_paths == dict.fromkeys(modules, "compiled"), "run `python -m scripts.native` first"
    assert pure_paths == dict.fromkeys(modules, "pure")
    assert len(compiled) == len(pure) == len(documents)
    for index, (one, other) in enumerate(zip(compiled, pure, strict=True)):
        assert one == other, f"document {index} of {len(documents)}"
    return pure


def assert_faults_found(lines: list[str], expected: list[str | None]) -> None:
    """Each line's report has the error code expected of its log, or no error where none is."""
    for line, code in zip(lines, expected, strict=True):
        errors = {finding["code"] for finding in json.loads(line)["report"]["errors"]}
        assert code in errors if code is not None else errors == set()


def with_faults(count: int, make: Callable[[int], dict],
                faults: Sequence[Callable[[dict, random.Random], str]]) -> tuple[list[dict], list[str | None]]:
    """``count`` logs, ``make(seed)`` for seeds 0 to ``count`` - 1, every other one given a fault (the faults
    in turn); and the code each fault must bring (``None``: no fault, no error)."""
    found, expected = [], []
    rng = random.Random(28)
    for seed in range(count):
        log = make(seed)
        expected.append(faults[seed // 2 % len(faults)](log, rng) if seed % 2 else None)
        found.append({"log": log, "views": False})
    return found, expected

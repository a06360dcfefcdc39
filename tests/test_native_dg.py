"""David & Goliath's validation compiled (mypyc: the JSON reader, the log reader, cards as small ints, the
State with its plays' checks and its setup's, the replay, the report and the rule functions) against the same
code interpreted: every sample and a few hundred simulated logs, most with one fault (a card, a player, a play,
a claim changed; the JSON text broken), are read and validated in a process that loads the compiled modules and
in one under ``CARD_REPLAY_PURE=1``, and each log's report (or the reader's error) must be the same text, byte
for byte."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from replaykit import native

ROOT = native.ROOT
HOT = ["replaykit.jsonio", "dg_replay.bits", "dg_replay.reader", "dg_replay.playing", "dg_replay.replay",
       "dg_replay.rules", "dg_replay.state", "dg_replay.report", "dg_replay.setup"]

# Run in a fresh process each way: which modules are compiled is settled at import. Faults are drawn from a
# seeded generator, so both processes read the same texts.
REPORTS = """
import json, random, sys
from pathlib import Path
from dg_replay import read_json, validate
from dg_replay.engine import ENGINE
from dg_replay.simulate import simulate, simulate_match
from replaykit import registry
from replaykit.jsonio import JSONReadError
from replaykit.native import path_of

HOT = sys.argv[1].split(",")
ROOT = Path(sys.argv[2])


def fault(log, rng):
    # One fault in a game log (a copy is changed): what a person writing a log gets wrong.
    tricks = log["tricks"]
    trick = rng.choice(tricks)
    plays = trick["plays"]
    play = rng.choice(plays)
    kind = rng.randrange(12)
    if kind == 0:
        play["card"] = rng.choice(["G1", "R18", "B2", "Y9", "P7", "G19", "X1", "G0", "g3", ""])
    elif kind == 1:
        other = rng.choice(plays)
        play["card"], other["card"] = other["card"], play["card"]
    elif kind == 2:
        play["player"] = rng.choice(["Zoe", "", 7, None, log["players"][0]])
    elif kind == 3:
        plays.remove(play)
    elif kind == 4:
        plays.append(dict(rng.choice(rng.choice(tricks)["plays"])))
    elif kind == 5:
        tricks.remove(trick)
    elif kind == 6 and trick.get("captures"):
        name = rng.choice(sorted(trick["captures"]))
        trick["captures"][name] = trick["captures"][name][1:] or ["B1"]
    elif kind == 7 and log.get("scores"):
        log["scores"][rng.choice(log["players"])] += rng.choice([-1, 1])
    elif kind == 8:
        log.pop("hands", None)
        play["card"] = rng.choice(["B1", "Y2", "G3", "R4", "P5"])
    elif kind == 9:
        play["card"] = {"color": "green", "value": rng.randrange(0, 20)}
    elif kind == 10:
        trick[rng.choice(["note", "extra"])] = rng.choice(["x" * 3000, 3, "a note"])
    else:
        log["winners"] = log["players"][rng.randrange(len(log["players"])):]
    return log


def broken(text, rng):
    # One fault in the JSON text itself: what the hardened reader answers.
    kind = rng.randrange(6)
    if kind == 0:
        return text.replace('"dealer":', '"dealer": "Ben", "dealer":', 1)
    if kind == 1:
        return text.replace('"version": 1', '"version": 1' + "0" * rng.randrange(15, 30), 1)
    if kind == 2:
        return text.replace('"tricks":', '"meta": ' + "[" * 40 + "]" * 40 + ', "tricks":', 1)
    if kind == 3:
        return text.replace('"tricks": [', '"tricks": [{"note": "\\\\ud83d"}, ', 1)
    if kind == 4:
        return text[: rng.randrange(1, len(text))]
    return text.replace('"players":', '"players" :', 1)


def answer(text):
    try:
        document = read_json(text)
    except JSONReadError as error:
        return json.dumps({"error": str(error), "line": error.line, "column": error.column})
    report = validate(document)
    return json.dumps({"report": report.to_dict(), "unlisted": report.unlisted}, ensure_ascii=False)


texts = [path.read_text(encoding="utf-8")
         for path in sorted(registry.home_folder(ENGINE, "samples", lambda top: ROOT / top).glob("*.json"))]
rng = random.Random(28)
for seed in range(240):
    log = simulate(3 + seed % 4, seed, hands=seed % 3 != 0, claims=seed % 5 != 0)
    texts.append(json.dumps(log if seed % 6 == 0 else fault(log, rng)))
for seed in range(60):
    texts.append(broken(json.dumps(simulate(3 + seed % 4, seed)), rng))
for seed in range(12):
    match = simulate_match(3 + seed % 4, seed, hands=seed % 2 == 0)
    if seed % 3:
        fault(rng.choice(match["games"]), rng)
    texts.append(json.dumps(match))
print(json.dumps({"paths": {name: path_of(name) for name in HOT}, "texts": len(texts),
                  "answers": [answer(text) for text in texts]}))
"""


def answers(pure: bool) -> dict:
    env = {key: value for key, value in os.environ.items() if key != native.PURE}
    if pure:
        env[native.PURE] = "1"
    done = subprocess.run([sys.executable, "-c", REPORTS, ",".join(HOT), str(ROOT)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout)


def test_every_report_of_the_compiled_validation_is_the_pure_ones_byte_for_byte():
    compiled, pure = answers(pure=False), answers(pure=True)
    manifest = native.read_manifest()
    built = native.current(manifest)
    if manifest.get("toolchain"):  # a compiler was found: each of them was built, and is the one loaded
        assert set(HOT) <= set(built)
    assert compiled["paths"] == {name: "compiled" if name in built else "pure" for name in HOT}
    assert pure["paths"] == dict.fromkeys(HOT, "pure")
    assert compiled["texts"] == pure["texts"] > 300
    for number, (ours, theirs) in enumerate(zip(compiled["answers"], pure["answers"], strict=True)):
        assert ours == theirs, f"log {number} is reported differently when compiled"
    # The faults were found: invalid logs and the reader's own refusals are among those compared.
    kinds = [json.loads(text) for text in pure["answers"]]
    assert sum("error" in kind for kind in kinds) >= 30
    assert sum("report" in kind and not kind["report"]["valid"] for kind in kinds) >= 150
    assert sum("report" in kind and kind["report"]["valid"] for kind in kinds) >= 30

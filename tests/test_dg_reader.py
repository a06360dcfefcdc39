"""The David & Goliath reader's own guarantees, beyond the shape checks the schema tests compare."""

import json
import subprocess
import sys

from tests.conftest import ROOT

UNKNOWN_KEYS = {"game": "david-goliath", "players": ["A", "B", "C"], "tricks": [], "zeta": 1, "alpha": 2,
                "mid": 3, "beta": 4, "omega": 5}


def test_unknown_keys_are_reported_in_document_order_whatever_the_hash_seed():
    code = ("import json, sys, dg_replay; report = dg_replay.validate(json.loads(sys.argv[1])); "
            "print([f.path for f in report.findings if f.code == 'schema'])")
    seen = set()
    for seed in ("0", "1", "2", "3", "4", "5"):
        done = subprocess.run([sys.executable, "-c", code, json.dumps(UNKNOWN_KEYS)], capture_output=True, text=True,
                              cwd=ROOT, check=True, env={"PYTHONHASHSEED": seed, "PATH": ""})
        seen.add(done.stdout.strip())
    assert seen == {str(["/zeta", "/alpha", "/mid", "/beta", "/omega"])}

"""The David & Goliath reader's own guarantees, beyond the shape checks the schema tests compare."""

import json
import subprocess
import sys

from dg_replay.reader import Reader
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


def test_a_play_names_a_seated_player_with_the_players_lists_own_string():
    # json.loads makes a new string for every value: equal names, different objects, unless the reader maps them.
    data = json.loads('{"game": "david-goliath", "version": 1, "players": ["Ann", "Ben", "Ann", "Cy"], "tricks": '
                      '[{"plays": [{"player": "Ben", "card": "G3"}, {"player": "Cy", "card": "G5"}, '
                      '{"player": "Ann", "card": "B2"}, {"player": "Zed", "card": "R1"}]}]}')
    log = Reader().document(data)
    ann, ben, _again, cy = log.players
    plays = log.tricks[0].plays
    assert [play.player for play in plays] == ["Ben", "Cy", "Ann", "Zed"]
    assert plays[0].player is ben and plays[1].player is cy
    assert plays[2].player is ann  # a repeated name keeps its first seat, as the State's seating does
    assert plays[3].player is data["tricks"][0]["plays"][3]["player"]  # not seated: kept as written


def test_a_log_without_players_keeps_each_plays_name_as_written():
    reader = Reader()
    reader.document({"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "tricks": []})
    data = json.loads('{"game": "david-goliath", "tricks": [{"plays": [{"player": "Ann", "card": "G3"}]}]}')
    log = reader.document(data)
    assert log.players is None
    assert log.tricks[0].plays[0].player is data["tricks"][0]["plays"][0]["player"]

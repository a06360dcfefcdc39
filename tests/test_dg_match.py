"""Match logs: findings under /games/g, totals, dealer rotation and match length."""

import copy

from dg_replay import validate
from dg_replay.simulate import simulate_match


def match(players=4, seed=2):
    return copy.deepcopy(simulate_match(players, seed))


def test_simulated_match_is_valid_with_totals():
    report = validate(match())
    assert report.valid and report.complete and report.findings == []
    data = report.to_dict()
    assert data["kind"] == "match" and len(data["games"]) == 4
    totals = {name: sum(game["result"]["scores"][name] for game in data["games"]) for name in data["players"]}
    assert data["result"]["scores"] == totals


def test_findings_inside_a_game_carry_game_and_path():
    log = match()
    log["games"][2]["tricks"][4]["plays"][1]["card"] = "G99"
    finding = next(f for f in validate(log).findings if f.code == "card-not-in-deck")
    assert (finding.unit("game"), finding.unit("trick"), finding.unit("play")) == (3, 5, 2)
    assert finding.path == "/games/2/tricks/4/plays/1/card"
    assert finding.to_dict()["game"] == 3


def test_dealer_rotation_is_a_warning():
    log = match()
    log["games"][1]["dealer"] = log["games"][0]["dealer"]
    log["games"][1]["tricks"] = log["games"][1]["tricks"][:0]
    report = validate(log)
    rotation = [f for f in report.findings if f.code == "dealer-rotation"]
    assert rotation[0].severity == "warning" and rotation[0].path == "/games/1/dealer"


def test_dealer_without_key_is_the_right_neighbour_of_the_first_leader():
    log = match()
    for game in log["games"]:
        del game["dealer"]
    assert "dealer-rotation" not in [f.code for f in validate(log).findings]


def test_totals_mismatch_and_unknown_player():
    log = match()
    name = log["players"][1]
    log["totals"][name] += 3
    log["totals"]["Zed"] = 0
    found = {(f.code, f.path) for f in validate(log).findings}
    assert ("score-mismatch", f"/totals/{name}") in found
    assert ("unknown-player", "/totals/Zed") in found


def test_match_length_and_incomplete_match():
    log = match(3, 5)
    del log["totals"]
    short = copy.deepcopy(log)
    short["games"] = short["games"][:2]
    assert [f.code for f in validate(short).findings] == ["incomplete-game"]
    log["games"].append(copy.deepcopy(log["games"][0]))
    found = [(f.code, f.severity, f.path) for f in validate(log).findings if f.code == "match-length"]
    assert found == [("match-length", "warning", "/games/3")]


def test_games_must_list_the_same_players():
    log = match()
    log["games"][1]["players"] = list(reversed(log["players"]))
    found = [(f.code, f.path) for f in validate(log).findings if f.code == "schema"]
    assert found == [("schema", "/games/1/players")]
    assert next(f for f in validate(log).findings if f.code == "schema").unit("game") == 2

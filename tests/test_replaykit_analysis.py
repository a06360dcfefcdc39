"""replaykit.analysis and ``card-replay analyse``: each play's choices valued by what they guarantee, the
cost of the play made, and each player's accuracy, on Toy Tricks games worked by hand."""

from __future__ import annotations

import io
import json

from replaykit.analysis import Budget, analyse
from replaykit.cli import main
from tests.plugin_fixtures import toy_engine

ENGINE = toy_engine()
# Ann [2,3,5,7], Bob [1,4,6,8]. Trick 1: Ann 3, Bob 4 (Bob). Trick 2: Bob 8, Ann 5 (Bob). Trick 3: Bob 6,
# Ann 2 (Bob). Trick 4: Bob 1, Ann 7 (Ann).
GAME = {"game": "toy", "players": ["Ann", "Bob"], "hands": {"Ann": [2, 3, 5, 7], "Bob": [1, 4, 6, 8]},
        "plays": [{"player": "Ann", "card": 3}, {"player": "Bob", "card": 4}, {"player": "Bob", "card": 8},
                  {"player": "Ann", "card": 5}, {"player": "Bob", "card": 6}, {"player": "Ann", "card": 2},
                  {"player": "Bob", "card": 1}, {"player": "Ann", "card": 7}]}


def by_step(result: dict) -> dict[str, dict]:
    return {play["step"]: play for play in result["plays"]}


def test_each_play_is_valued_and_its_cost_is_what_it_gave_away():
    plays = by_step(analyse(ENGINE, GAME))
    assert list(plays) == [f"trick-{trick}-play-{play}" for trick in range(1, 5) for play in (1, 2)]
    assert all(play["exact"] and play["legal"] for play in plays.values())
    # Trick 2: Bob (one trick taken) leads from 1, 6, 8 against Ann's 2, 5, 7. Leading 8 takes it, but Ann
    # keeps 5 and 7 (she throws 2) and takes the last two: Bob ends with 2. Leading 1, Ann takes it with 2 at
    # best and leads 5 or 7 into Bob's 6 and 8: Bob takes both and ends with 3. Leading 6, Ann takes it with
    # 7, and of the last two tricks Bob's 8 takes one and his 1 none: 2.
    lead = plays["trick-2-play-1"]
    assert {choice["action"]["card"]: choice["value"] for choice in lead["choices"]} == {1: 3, 6: 2, 8: 2}
    assert lead["best"] == [{"player": "Bob", "card": 1}] and lead["cost"] == 1
    # Trick 3: Bob leads 6; Ann's 7 would take it and then 2 over 1 (2 tricks), her 2 gives both to Bob's 6
    # and leaves her 7 over 1 (1 trick).
    answer = plays["trick-3-play-2"]
    assert answer["played"] == {"player": "Ann", "card": 2} and answer["cost"] == 1
    assert answer["best"] == [{"player": "Ann", "card": 7}]
    # The last trick: one card each, nothing to choose.
    assert plays["trick-4-play-2"]["choices"] == [{"action": {"player": "Ann", "card": 7}, "value": 1}]


def test_each_player_accuracy_counts_plays_at_cost_zero_and_the_mean_cost():
    seats = analyse(ENGINE, GAME)["seats"]
    # Each player made one costly play (cost 1) among four.
    assert seats == {"Ann": {"plays": 4, "best_share": 0.75, "mean_cost": 0.25},
                     "Bob": {"plays": 4, "best_share": 0.75, "mean_cost": 0.25}}


def test_an_illegal_play_is_listed_without_a_cost():
    log = {**GAME, "plays": [{"player": "Ann", "card": 4}, *GAME["plays"][1:]]}  # Ann never held 4
    first = analyse(ENGINE, log)["plays"][0]
    assert first == {"step": "trick-1-play-1", "player": "Ann", "played": {"player": "Ann", "card": 4},
                     "legal": False, "exact": False, "choices": [], "best": None, "cost": None}


def test_a_play_past_the_budget_is_not_valued():
    log = {"game": "toy", "players": ["Ann", "Bob", "Cy"],
           "hands": {"Ann": [1, 4, 7, 10], "Bob": [2, 5, 8, 11], "Cy": [3, 6, 9, 12]},
           "plays": [{"player": "Ann", "card": 1}]}
    first = analyse(ENGINE, log, Budget(max_nodes=20))["plays"][0]
    assert first["legal"] and not first["exact"] and first["cost"] is None and first["choices"] == []


def test_a_log_that_starts_no_game_has_no_analysis():
    assert analyse(ENGINE, {"game": "toy", "players": ["Ann"], "hands": {}}) is None


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err, among=[ENGINE])
    return status, out.getvalue(), err.getvalue()


def test_the_command_prints_a_table_and_each_player_accuracy(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    status, out, err = run("analyse", str(path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["step", "player", "played", "best", "cost", "exact"]
    assert lines[3].split() == ["trick-2-play-1", "Bob", "card", "8", "card", "1", "1", "yes"]
    assert "Ann: 4 plays valued, 75% at cost 0, mean cost 0.25" in lines


def test_the_command_answers_json_and_says_why_it_cannot(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    status, out, _ = run("analyse", str(path), "--json")
    assert status == 0 and json.loads(out) == analyse(ENGINE, GAME)
    path.write_text("{not json")
    status, out, err = run("analyse", str(path))
    assert status == 2 and out == "" and str(path) in err
    path.write_text(json.dumps({"game": "chess"}))
    status, _, err = run("analyse", str(path))
    assert status == 1 and "names no game installed" in err


def test_plays_are_valued_from_the_end_until_the_budget_runs_out():
    # From the end: Ann's last play searches 1 position (the end), Bob's last 2 (Ann's one card, the end):
    # 3 of the 5 allowed. Ann's answer in trick 3 needs 3 for each of her two cards: out of budget, so it
    # and every play before it are left unvalued.
    tight = analyse(ENGINE, GAME, Budget(max_nodes=10**6, max_total=5))["plays"]
    assert [play["exact"] for play in tight] == [False] * 6 + [True, True]
    roomy = analyse(ENGINE, GAME, Budget(max_nodes=10**6, max_total=10**6))["plays"]
    assert all(play["exact"] for play in roomy)

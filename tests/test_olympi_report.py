"""The report: the contract's fields in their order, the extra detail for charts, and errors and warnings
derived from the findings when the report is written."""

from __future__ import annotations

from olympi_replay import validate
from olympi_replay.simulate import simulate


def test_top_level_fields_in_order():
    report = validate(simulate(3, 1)).to_dict()
    assert list(report)[:9] == ["kind", "game", "valid", "complete", "players", "meta", "errors", "warnings",
                                "result"]
    assert report["kind"] == "game" and report["game"] == "olympi"
    assert set(report["result"]) == {"scores", "winners", "breakdown"}
    assert set(report["result"]["breakdown"]["Ann"]) == {"gold", "silver", "bronze", "records", "cards"}


def test_each_race_has_the_contract_s_fields_and_its_turns():
    log = simulate(5, 3, world_record=True)
    report = validate(log).to_dict()
    for race, written in zip(report["races"], log["races"], strict=True):
        assert {"number", "discipline", "postponed", "first_player", "order", "medals", "drawn", "record",
                "finished", "scores_after", "hands_after"} <= set(race)
        assert [turn["player"] for turn in race["turns"]] == [turn["player"] for turn in written["turns"]]
        assert [r["player"] for r in race["retirements"]] == race["order"]
        assert race["order"][-1] in race["medals"] and "gold" in race["medals"][race["order"][-1]]
        assert set(race["hands_after"]) == set(log["players"])
    assert report["races"][-1]["scores_after"] == report["result"]["scores"]
    assert {name: entry["cards"] for name, entry in report["result"]["breakdown"].items()} == \
        report["races"][-1]["hands_after"]


def test_errors_follow_the_findings_list():
    log = simulate(3, 1)
    log["scores"]["Ann"] += 1
    report = validate(log)
    assert [error["code"] for error in report.to_dict()["errors"]] == ["score-mismatch"]
    report.findings.clear()
    assert report.to_dict()["errors"] == [] and report.valid


def test_the_deal_and_the_claims_are_reported_as_the_log_gives_them():
    log = simulate(4, 2)
    log["hands"]["Bruno"] = log["hands"]["Bruno"][:5]  # a wrong hand is not the deal the replay follows
    report = validate(log).to_dict()
    assert report["hands"] == {name: cards for name, cards in log["hands"].items() if name != "Bruno"}
    assert report["claims"] == {"scores": log["scores"], "winners": log["winners"]}
    bare = validate(simulate(3, 2, hands=False, claims=False)).to_dict()
    assert bare["hands"] is None and bare["claims"] == {"scores": None, "winners": None}


def test_each_turn_tells_its_player_s_hand_size_after_it():
    for players, seed in ((2, 4), (5, 6), (7, 1)):
        report = validate(simulate(players, seed, hands=False, deck=False)).to_dict()
        sizes = dict.fromkeys(report["players"], 6)
        for race in report["races"]:
            for turn in race["turns"]:
                change = turn["drew"] - (len(turn["cards"]) if turn["action"] == "play" else 0)
                assert turn["hand_after"] == sizes[turn["player"]] + change
                sizes[turn["player"]] = turn["hand_after"]
            assert sizes == race["hands_after"]


def test_a_turn_by_someone_who_is_not_a_player_has_no_hand_size():
    log = simulate(3, 5)
    log["races"][0]["turns"].insert(1, {"player": "Zed", "action": "retire"})
    turn = validate(log).to_dict()["races"][0]["turns"][1]
    assert turn["ignored"] and turn["hand_after"] is None


def test_a_miscopied_draw_list_still_reports_the_cards_a_known_deck_gave():
    log = simulate(4, 2)
    race, index = next((race, index) for race, entry in enumerate(log["races"])
                       for index, turn in enumerate(entry["turns"]) if len(turn.get("draw", [])) >= 2)
    given = list(log["races"][race]["turns"][index]["draw"])
    log["races"][race]["turns"][index]["draw"] = given[:-1]  # one card short
    report = validate(log).to_dict()
    assert [error["code"] for error in report["errors"]] == ["draw-count"]
    assert report["races"][race]["turns"][index]["draw"] == given
    unknown_order = validate(simulate(4, 2, hands=False, deck=False)).to_dict()
    assert all(turn["draw"] is None for race in unknown_order["races"] for turn in race["turns"] if turn["drew"])

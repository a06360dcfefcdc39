"""The report's JSON form: the contract's section 4 shape, and the detail kept for charts."""

import json

from dalmuti_replay import validate
from dalmuti_replay.cards import Card
from dalmuti_replay.log import Round, Trick
from dalmuti_replay.report import RoundRecord, TrickRecord
from tests.dalmuti_helpers import sim
from tests.test_adapters_grande_dalmuti import sample

TOP = ["kind", "game", "valid", "complete", "players", "meta", "errors", "warnings", "result"]


def test_top_level_keys_come_in_the_shared_order():
    data = validate(sim()).to_dict()
    assert list(data)[:len(TOP)] == TOP
    assert data["kind"] == "game" and data["game"] == "grande-dalmuti"
    assert set(data["result"]) == {"ranks", "points", "winners"}
    json.dumps(data)


def test_errors_and_warnings_come_from_the_findings_at_call_time():
    log = sim()
    log["rounds"][0]["tricks"][0]["plays"][0]["player"] = "Zoe"
    report = validate(log)
    assert report.to_dict()["errors"] and not report.valid
    report.findings.clear()
    assert report.to_dict()["errors"] == [] and report.to_dict()["valid"]


def test_findings_list_every_unit():
    log = sim()
    log["rounds"][1]["tricks"][2]["plays"][0]["player"] = "Zoe"
    finding = validate(log).to_dict()["errors"][0]
    assert finding == {"code": "unknown-player", "severity": "error", "message": finding["message"], "round": 2,
                       "trick": 3, "play": 1, "player": None, "path": "/rounds/1/tricks/2/plays/0/player"}


def test_rounds_tricks_and_plays_carry_what_charts_need():
    log = sim(5, 7, rounds=2)
    data = validate(log).to_dict()
    for entry, record in zip(log["rounds"], data["rounds"], strict=True):
        assert record["finish"] == entry["finish"] and record["points"] == entry["points"]
        assert record["complete"] and len(record["tricks"]) == len(entry["tricks"])
        assert [out["player"] for out in record["out"]] == record["finish"]
        for written, trick in zip(entry["tricks"], record["tricks"], strict=True):
            assert trick["leader"] == written["plays"][0]["player"]
            sets = [play for play in written["plays"] if "cards" in play]
            assert trick["winner"] == sets[-1]["player"] and trick["size"] == len(sets[0]["cards"])
            assert [play["player"] for play in trick["plays"]] == [play["player"] for play in written["plays"]]
            assert [play["cards"] for play in trick["plays"]] == [play.get("cards") for play in written["plays"]]
            for name, left in trick["cards_left"].items():  # a play lists only the count it changed
                listed = [play["cards_left"][name] for play in trick["plays"] if name in play["cards_left"]]
                assert listed[-1:] in ([left], [])
            assert trick["out"] == [play["player"] for play in trick["plays"] if play["out"]] + (
                [record["finish"][-1]] if trick is record["tricks"][-1] else [])


def test_cards_left_fall_by_each_set():
    data = validate(sim(4, 3, rounds=1)).to_dict()
    record = data["rounds"][0]
    left = dict(record["dealt"])
    for tax in record["taxes"]:
        left[tax["from"]] -= len(tax["cards"])
        left[tax["to"]] += len(tax["cards"])
    for trick in record["tricks"]:
        for play in trick["plays"]:
            if play["cards"]:
                left[play["player"]] -= len(play["cards"])
            # only what the play changed: the player's own count after a set, nothing after a pass
            assert play["cards_left"] == ({play["player"]: left[play["player"]]} if play["cards"] else {})
        assert trick["cards_left"] == left


def test_each_round_keeps_the_deal_as_recorded_and_the_claims_beside_the_truth():
    log = sim()
    log["rounds"][1]["points"] = {name: 0 for name in log["rounds"][1]["points"]}
    data = validate(log).to_dict()
    for record, written in zip(data["rounds"], log["rounds"], strict=True):
        assert record["hands"] == written["hands"]
        assert record["claims"] == {key: written.get(key) for key in ("ranks", "finish", "points", "totals")}
    assert data["rounds"][1]["claims"]["points"] != data["rounds"][1]["points"]
    assert data["claims"] == {"totals": log["totals"], "winners": log["winners"]}


def test_without_a_deal_or_claims_the_report_says_so_with_nulls():
    data = validate(sim(hands=False, claims=False)).to_dict()
    assert all(record["hands"] == {} for record in data["rounds"])
    assert all(set(record["claims"].values()) == {None} for record in data["rounds"])
    assert data["claims"] == {"totals": None, "winners": None}


def test_each_round_starts_play_with_the_cards_its_transfers_left():
    # Round 3 of the sample: six players, 80 cards (13 or 14 each). The taxes and returns move as many cards
    # back as forth; the market card Elena hands Anna comes back from nobody (the sample's error).
    record = sample("illegal-taxes")["rounds"][2]
    assert record["dealt"] == {"Dario": 14, "Fabio": 14, "Elena": 13, "Anna": 13, "Carla": 13, "Bruno": 13}
    assert record["start"] == {"Dario": 14, "Fabio": 14, "Elena": 12, "Anna": 14, "Carla": 13, "Bruno": 13}


def test_a_short_hand_starts_play_with_the_cards_recorded_not_the_deal_due():
    # The log deals Dario 13 cards where the Great Peon of four is due 14; round 1 has no taxes.
    record = sample("illegal-deal")["rounds"][0]
    assert record["dealt"]["Dario"] == 14 and len(record["hands"]["Dario"]) == 13
    assert record["start"] == {"Anna": 15, "Bruno": 14, "Carla": 14, "Dario": 13}


def test_a_round_record_copy_shares_every_field_and_new_records_share_nothing():
    """Plain classes with their own ``__init__`` (a compiled dataclass is made through a Python-level one): a
    fresh record or round gets lists and dicts of its own, and ``shallow`` keeps every field of the original."""
    first, second = RoundRecord(1, ["Anna"], ["Anna"]), RoundRecord(2, ["Bruno"], ["Bruno"])
    first.tricks.append(TrickRecord(1))
    first.points["Anna"] = 4
    assert second.tricks == [] and second.points == {} and second.joined == [] and second.dealt == {}
    first.revolution, first.complete, first.hands = "Anna", True, {"Anna": [Card.parse("3")]}
    twin = first.shallow()
    fields = ("number", "ranks", "order", "joined", "dealt", "start", "revolution", "revolution_kind", "taxes",
              "tricks", "finish", "out", "bonus", "points", "totals", "complete", "note", "hands", "claims")
    assert twin is not first and all(getattr(twin, name) is getattr(first, name) for name in fields)
    one, other = Round(), Round()
    one.tricks.append(Trick([]))
    one.unreadable_hands.add("Anna")
    assert other.tricks == [] and other.unreadable_hands == set() and other.taxes is None

"""Il Grande Dalmuti's table view, built from the state's views: each round deals afresh, taxes move cards,
plays empty the hands."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from api.games.grande_dalmuti.table import style, table
from api.games.grande_dalmuti.timeline import steps, timeline
from dalmuti_replay import validate
from dalmuti_replay.engine import ENGINE
from tests.dalmuti_helpers import sim
from tests.test_adapters_grande_dalmuti import SAMPLES
from tests.test_dalmuti_state import DEAL, setup


def sample(name: str) -> dict:
    return json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def walk(board: dict, ids: list[str]) -> dict[str, tuple[dict, dict]]:
    """What static/board.js shows at every moment: (hands, piles), the moments applied in order."""
    hands = {name: list(board["start"][name]) for name in board["seats"]}
    piles: dict[str, list] = {name: [] for name in board["seats"]}
    shown = {}
    for step in ids:
        change = board["moments"].get(step, {})
        if "deal" in change:
            hands = {name: list(change["deal"]["start"][name]) for name in change["deal"]["seats"]}
            piles = {name: [] for name in change["deal"]["seats"]}
        for name, cards in change.get("leave", {}).items():
            for card in cards:
                if card in hands.get(name, []):
                    hands[name].remove(card)
        for name, cards in change.get("join", {}).items():
            hands[name] = hands.get(name, []) + cards
        for name, cards in change.get("pile", {}).items():
            piles[name] = piles.get(name, []) + cards
        shown[step] = ({name: list(cards) for name, cards in hands.items()}, dict(piles))
    return shown


def view(document: dict) -> tuple[dict, dict, list[str], dict]:
    """The board of a log (from its report's timeline and its snapshots), what it shows at every step, the
    steps, and the report."""
    report = validate(document).to_dict()
    shown = timeline(report)
    ids = [step["id"] for step in steps(shown)]
    board = table(report, shown, ENGINE.snapshots(document))
    return board, walk(board, ids), ids, report


@pytest.mark.parametrize("name", ["plain-revolution-market", "great-revolution", "join-points-target"])
def test_with_the_deal_every_hand_has_exactly_its_cards_left_at_every_play(name):
    board, shown, _ids, report = view(sample(name))
    assert board["note"] is None and set(board["sources"].values()) == {"dealt"}
    for record in report["rounds"]:
        hands, piles = shown[f"round-{record['number']}"]
        assert list(hands) == record["order"]  # seats in the round's order
        assert Counter(card for cards in hands.values() for card in cards) == Counter(
            card for cards in record["hands"].values() for card in cards)  # taxes move cards, never make them
        assert not any(piles.values())
        held = {name: len(cards) for name, cards in hands.items()}
        for trick in record["tricks"]:
            for play in trick["plays"]:
                hands, piles = shown[f"round-{record['number']}-trick-{trick['number']}-play-{play['number']}"]
                held.update(play["cards_left"])  # a play lists only the count it changed
                assert {name: len(cards) for name, cards in hands.items()} == held
                assert Counter(piles[play["player"]]) == Counter(
                    card for earlier in record["tricks"][:trick["number"]] for made in earlier["plays"]
                    if made["player"] == play["player"] and (earlier is not trick or made["number"] <= play["number"])
                    for card in made["cards"] or [])


def test_taxes_lie_in_the_middle_from_giver_to_receiver():
    board, shown, _ids, report = view(sim())
    setup = board["moments"]["round-2"]
    taxes = report["rounds"][1]["taxes"]
    assert setup["center"] == [[f"{tax['from']} → {tax['to']}", card] for tax in taxes for card in tax["cards"]]
    hands, _piles = shown["round-2"]
    dealt = report["rounds"][1]["hands"]
    great_peon = report["rounds"][1]["order"][-1]
    given = next(tax for tax in taxes if tax["from"] == great_peon)["cards"]
    assert Counter(hands[great_peon]) == Counter(dealt[great_peon]) - Counter(given) + Counter(
        next(tax for tax in taxes if tax["to"] == great_peon)["cards"])


def test_a_play_shows_the_set_it_had_to_beat_and_a_trick_end_its_winning_set():
    board, _shown, _ids, report = view(sim())
    trick = report["rounds"][0]["tricks"][0]
    first, second = trick["plays"][0], next(play for play in trick["plays"][1:] if play["cards"])
    moment = board["moments"][f"round-1-trick-1-play-{second['number']}"]
    assert moment["center"][:len(first["cards"])] == [[first["player"], card] for card in first["cards"]]
    winning = [play for play in trick["plays"] if play["cards"]][-1]
    assert board["moments"]["round-1-trick-1"]["center"] == [[winning["player"], card] for card in winning["cards"]]
    assert board["pile"] == "Cards played"  # a count of cards ("Played: 3" read as three plays)


def test_without_the_deal_hands_hold_what_is_proven_and_the_page_says_so():
    board, shown, _ids, report = view(sim(hands=False))
    assert set(board["sources"].values()) == {"proven"} and "proven to have been dealt" in board["note"]
    record = report["rounds"][1]
    proven = board["moments"]["round-2"]["deal"]["start"]
    played = Counter(card for trick in record["tricks"] for play in trick["plays"] if play["player"] == "Anna"
                     for card in play["cards"] or [])
    gave = Counter(card for tax in record["taxes"] if tax["from"] == "Anna" for card in tax["cards"])
    got = Counter(card for tax in record["taxes"] if tax["to"] == "Anna" for card in tax["cards"])
    assert Counter(proven["Anna"]) == gave + (played - got)
    last = f"round-2-trick-{record['tricks'][-1]['number']}"
    assert all(len(cards) <= record["tricks"][-1]["cards_left"][name] for name, cards in shown[last][0].items())


def test_findings_mark_the_offending_cards_and_their_proof():
    board, _shown, _ids, _report = view(sample("illegal-tricks"))
    not_lower = board["moments"]["round-1-trick-4-play-3"]
    assert not_lower["bad"] and all(pair[0] == not_lower["bad"][0][0] for pair in not_lower["bad"])
    assert not_lower["proof"] and not_lower["proof"] == not_lower["center"][:len(not_lower["proof"])]
    taxes = view(sample("illegal-taxes"))[0]["moments"]
    assert ["Carla → Bruno", "12"] in taxes["round-2"]["bad"]
    assert ["Carla", "4"] in taxes["round-2"]["proof"]  # she kept a better card than the 12 she paid
    assert ["Carla", "J"] in taxes["round-1"]["bad"]  # the revolution in the settling round


def test_chip_styles_follow_the_value():
    assert [style(text) for text in ("1", "5", "8", "12", "J", "13", "x")] == [
        "dal-royal", "dal-noble", "dal-merchant", "dal-peasant", "dal-jester", "dal-peasant", "unknown"]


def test_a_play_by_a_name_not_playing_lies_beside_the_set_to_beat_and_changes_nothing():
    log = {**setup(settling_round=True), "rounds": [{"hands": DEAL, "tricks": [{"plays": [
        {"player": "Anna", "cards": ["7", "7"]}, {"player": "Zoe", "cards": ["5", "5"]},
        {"player": "Carla", "cards": ["4", "4"]}]}]}]}
    board, shown, _ids, _report = view(log)
    zoe, carla = board["moments"]["round-1-trick-1-play-2"], board["moments"]["round-1-trick-1-play-3"]
    # Zoe's 5 5 is shown where it was played, marked; it counts as Bruno's pass (ruling): Carla beats the 7 7
    assert zoe["center"] == [["Anna", "7"], ["Anna", "7"], ["Zoe", "5"], ["Zoe", "5"]]
    assert zoe["bad"] == [["Zoe", "5"], ["Zoe", "5"]] and zoe["leave"] == {}
    assert carla["center"] == [["Anna", "7"], ["Anna", "7"], ["Carla", "4"], ["Carla", "4"]]
    hands, _piles = shown["round-1-trick-1-play-3"]
    assert len(hands["Bruno"]) == 14 and len(hands["Carla"]) == 12

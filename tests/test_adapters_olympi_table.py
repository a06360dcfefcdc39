"""Olympi's table view: hands as dealt and drawn (or as proven, with the unseen counted), the current
race's cards in the middle, medals on the piles, and the cards a finding is about."""

from __future__ import annotations

import json
from collections import Counter

from api.games.olympi import table as board
from api.games.olympi import timeline as timeline_module
from olympi_replay import validate
from olympi_replay.engine import ENGINE
from olympi_replay.simulate import simulate
from tests.conftest import ROOT
from tests.olympi_helpers import DISCIPLINES, log_of, race

SAMPLES = ROOT / "sample_games" / "olympi"


def built(log: dict) -> tuple[dict, list[str]]:
    """The table view of a log as the page builds it: from the report and the state's views (snapshots)."""
    report = validate(log).to_dict()
    shown = timeline_module.timeline(report)
    return board.table(report, shown, ENGINE.snapshots(log)), [step["id"] for step in timeline_module.steps(shown)]


def walk(view: dict, ids: list[str]):
    """What the page shows at each moment, applying the moments in order as static/board.js does:
    ``(id, hands, piles, sizes, moment)`` with ``sizes`` the last size given per seat."""
    hands = {name: list(view["start"][name]) for name in view["seats"]}
    piles = {name: [] for name in view["seats"]}
    sizes: dict[str, int] = {}
    for step in ids:
        moment = view["moments"][step]
        for name, cards in moment.get("leave", {}).items():
            for card in cards:
                assert card in hands[name], (step, name, card)  # a card leaves only a hand showing it
                hands[name].remove(card)
        for name, cards in moment.get("join", {}).items():
            hands[name] += cards
        for name, cards in moment.get("pile", {}).items():
            piles[name] += cards
        sizes.update(moment.get("sizes", {}))
        yield step, hands, piles, sizes, moment


def test_with_the_deal_and_the_deck_every_card_in_every_hand_is_shown():
    for players, seed in ((2, 1), (4, 5), (7, 2)):
        log = simulate(players, seed)
        report = validate(log).to_dict()
        view, ids = built(log)
        assert view["sources"] == dict.fromkeys(report["players"], "dealt") and view["note"] is None
        # The dealt hands, sorted as a hand is shown (colour by colour, low to high).
        assert {name: sorted(cards) for name, cards in view["start"].items()} == \
            {name: sorted(cards) for name, cards in report["hands"].items()}
        colour_then_value = sorted(report["hands"]["Ann"], key=lambda text: ("BYKGR".index(text[0]), text[1]))
        assert view["start"]["Ann"] == colour_then_value
        for step, hands, _piles, sizes, _moment in walk(view, ids):
            assert {name: len(cards) for name, cards in hands.items()} == sizes, step
        assert sizes == report["races"][-1]["hands_after"]


def test_without_the_deal_the_hands_show_what_is_proven_and_count_the_rest():
    log = simulate(5, 8, hands=False, deck=False)
    report = validate(log).to_dict()
    view, ids = built(log)
    assert set(view["sources"].values()) == {"proven"}
    assert "no deal" in view["note"] and "unseen" in view["note"]
    played = Counter()
    for _step, hands, _piles, sizes, moment in walk(view, ids):
        assert all(len(hands[name]) <= size for name, size in sizes.items())
        for name, cards in moment["leave"].items():
            played[name] += len(cards)
    # Every card played left a hand that showed it (``walk`` checks that), and no play was missed.
    assert played == Counter({name: sum(len(turn["cards"]) for race in report["races"] for turn in race["turns"]
                                        if turn["player"] == name) for name in report["players"]})


def test_a_card_drawn_unseen_joins_the_hand_at_its_draw_once_a_later_play_proves_it():
    # Bruno's pass draws one card with no deck order and no draw list; his R9 later is none of his dealt cards,
    # so it is that card: it joins his hand at the pass (seven cards) and leaves it at the play.
    log = log_of(["Ann", "Bruno"], race("Corsa", "Ann K5", "Bruno pass", "Ann K6", "Bruno R9"), first_player="Ann",
                 hands={"Ann": ["K5", "K6", "B1", "B2", "B3", "B4"], "Bruno": ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]})
    view, _ids = built(log)
    drew, played = view["moments"]["race-1-turn-2"], view["moments"]["race-1-turn-4"]
    assert drew["join"] == {"Bruno": ["R9"]} and drew["sizes"] == {"Bruno": 7}
    assert played["leave"] == {"Bruno": ["R9"]} and played["sizes"] == {"Bruno": 6}
    assert view["sources"] == {"Ann": "dealt", "Bruno": "dealt"} and "Draws written nowhere" in view["note"]


def test_the_middle_holds_the_race_s_plays_and_the_piles_its_medals():
    log = simulate(3, 4, world_record=True)
    report = validate(log).to_dict()
    view, ids = built(log)
    won, longer = {}, 0
    for step, _hands, piles, _sizes, moment in walk(view, ids):
        won = piles
        if step.startswith("race-") and "turn" not in step:
            number = int(step.split("-")[1])
            race_report = report["races"][number - 1]
            laid = [card for turn in race_report["turns"] for card in turn["cards"] if turn["action"] == "play"]
            # The latest ten cards (as many as the board draws), the rest counted.
            assert [card for _name, card in moment["center"]] == laid[-10:]
            assert moment.get("earlier", 0) == max(0, len(laid) - 10)
            longer += len(laid) > 10
    assert longer  # some race laid more cards than the board draws
    breakdown = report["result"]["breakdown"]
    assert {name: Counter(pile) for name, pile in won.items()} == {
        name: +Counter({"gold": entry["gold"], "silver": entry["silver"], "bronze": entry["bronze"],
                        board.RECORD: entry["records"]}) for name, entry in breakdown.items()}
    assert view["styles"]["gold"] == "gold" and view["pile"] == "Medals"


def test_a_broken_rule_marks_the_card_and_the_play_it_was_compared_with():
    log = log_of(["Ann", "Bruno", "Chiara"], race("Nuoto", "Ann K5", "Bruno K3", "Chiara retire", "Ann retire"),
                 first_player="Ann")
    view, _ids = built(log)
    moment = view["moments"]["race-1-turn-2"]
    assert moment["bad"] == [["Bruno", "K3"]] and moment["proof"] == [["Ann", "K5"]]
    assert moment["center"] == [["Ann", "K5"], ["Bruno", "K3"]]
    assert view["styles"]["K3"] == "black"


def test_a_rule_on_one_s_own_play_marks_that_play_not_the_last_one():
    # Lancio: lower than one's own last play. Ann's K7 is not lower than her K5; Bruno's K3 was the last play,
    # which this rule does not look at.
    log = log_of(["Ann", "Bruno", "Chiara"], race("Lancio", "Ann K5", "Bruno K3", "Chiara retire", "Ann K7"),
                 first_player="Ann")
    moment = built(log)[0]["moments"]["race-1-turn-4"]
    assert moment["bad"] == [["Ann", "K7"]] and moment["proof"] == [["Ann", "K5"]]


def test_the_last_play_that_is_also_one_s_own_is_marked_once():
    # Higher than the last play or lower than one's own: with two players, after Bruno's pass Ann's K5 is both,
    # and her second K5 is neither.
    either = {"name": "Remo", "rule": {"any_of": [{"value": ">", "than": "previous"}, {"value": "<", "than": "own"}]}}
    log = log_of(["Ann", "Bruno"], race("Remo", "Ann K5", "Bruno pass", "Ann K5"), first_player="Ann",
                 disciplines=[*DISCIPLINES[:-1], either])
    moment = built(log)[0]["moments"]["race-1-turn-3"]
    assert moment["bad"] == [["Ann", "K5"]] and moment["proof"] == [["Ann", "K5"]]


def test_findings_about_single_cards_mark_those_cards():
    view, _ids = built(json.loads((SAMPLES / "illegal-turns.json").read_text()))
    assert ["Chiara", "B4"] in view["moments"]["race-2-turn-1"]["bad"]  # card-not-in-hand at cards/1
    ignored = view["moments"]["race-1-turn-7"]  # a retired player's play: its card and the seat, off the table
    assert ignored["bad"] == [["Ann", "K9"], ["Ann", None]] and ["Ann", "K9"] not in ignored["center"]
    setup = validate(json.loads((SAMPLES / "illegal-setup.json").read_text())).to_dict()
    marks = built(json.loads((SAMPLES / "illegal-setup.json").read_text()))[0]["moments"]["setup"]["bad"]
    assert ["Dario", setup["hands"]["Dario"][0]] in marks and ["Chiara", None] in marks


def test_a_drawn_card_that_cannot_be_is_marked_in_the_draw():
    log = json.loads((SAMPLES / "illegal-draws.json").read_text())
    report = validate(log).to_dict()
    view, _ids = built(log)
    turn = report["races"][5]["turns"][10]
    assert turn["draw"] and [turn["player"], turn["draw"][0]] in view["moments"]["race-6-turn-11"]["bad"]

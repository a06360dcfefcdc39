"""What another play would have done in David & Goliath (``dg_replay.whatif``), on a game worked by hand.

Three players, Clara deals, so Andrea leads trick 1; the log stops after two tricks (scores so far).
Andrea holds R2 R4 R8, the nine yellows and B1-B3; Ben R1 R3 R5, the nine greens and B4-B6; Clara R6 R7
R9, the nine purples and B7-B9. Trick 1: Andrea R8, Ben R1, Clara R9. Trick 2: Clara R7, Andrea R2, Ben R3.

By the rules (highest card, then the lowest of the others; the lowest takes the highest, the highest takes
the rest): trick 1 Clara's R9 is highest, Ben's R1 lowest: Ben takes R9, Clara R8 R1; Clara leads trick 2,
where her R7 is highest and Andrea's R2 lowest: Andrea takes R7, Clara R2 R3. So far Andrea 7 (R7), Ben 9
(R9), Clara 4 (R8 R1 R2 R3: four reds, 1 point each).

Swaps (a player's trick-1 card with their trick-2 card, everything else unchanged):
- Andrea R2 at trick 1, R8 at trick 2. Trick 1: R2 R1 R9: Clara highest (she still leads trick 2), Ben
  lowest takes R9. Trick 2: R7 R8 R3: Andrea's R8 highest, Ben's R3 lowest takes it; Andrea takes R7 R3:
  10 points, 3 more than 7. Marked (3 or more).
- Ben R3 at trick 1, R1 at trick 2. Trick 1: R8 R3 R9: Clara highest, Ben's R3 lowest takes R9. Trick 2:
  R7 R2 R1: Clara highest, Ben's R1 lowest takes R7: Ben holds R9 R7, 16 points, 7 more than 9. Marked.
- Clara R7 at trick 1, R9 at trick 2. Trick 1: R8 R1 R7: Andrea's R8 is highest, so Andrea would lead
  trick 2, which Clara leads in the log: not every play stays legal, no swap.
"""

from __future__ import annotations

import pytest

from dg_replay import whatif
from dg_replay.engine import ENGINE

HANDS = {"Andrea": ["R2", "R4", "R8", *[f"Y{value}" for value in range(1, 10)], "B1", "B2", "B3"],
         "Ben": ["R1", "R3", "R5", *[f"G{value}" for value in range(1, 10)], "B4", "B5", "B6"],
         "Clara": ["R6", "R7", "R9", *[f"P{value}" for value in range(1, 10)], "B7", "B8", "B9"]}
LOG = {"game": "david-goliath", "players": ["Andrea", "Ben", "Clara"], "dealer": "Clara", "hands": HANDS,
       "tricks": [{"plays": [{"player": "Andrea", "card": "R8"}, {"player": "Ben", "card": "R1"},
                             {"player": "Clara", "card": "R9"}]},
                  {"plays": [{"player": "Clara", "card": "R7"}, {"player": "Andrea", "card": "R2"},
                             {"player": "Ben", "card": "R3"}]}]}


@pytest.fixture(scope="module")
def analysed() -> dict:
    report = ENGINE.validate(LOG).to_dict()
    assert report["result"]["scores"] == {"Andrea": 7, "Ben": 9, "Clara": 4}
    return whatif.analyse(ENGINE, LOG, report).to_dict()


def test_the_best_swaps_worked_by_hand(analysed):
    plays = analysed["plays"]
    assert plays["trick-1-play-1"]["swap"] == {"card": "R2", "trick": 2, "score": 10, "gain": 3}
    assert plays["trick-1-play-2"]["swap"] == {"card": "R3", "trick": 2, "score": 16, "gain": 7}
    assert plays["trick-1-play-3"]["swap"] is None  # the leader of trick 2 would change
    assert all(plays[f"trick-2-play-{number}"]["swap"] is None for number in (1, 2, 3))  # no later trick


def test_plays_whose_best_swap_gains_three_points_are_marked(analysed):
    assert [(mark["step"], mark["player"], mark["card"], mark["gain"]) for mark in analysed["marked"]] == [
        ("trick-1-play-1", "Andrea", "R8", 3), ("trick-1-play-2", "Ben", "R1", 7)]


def test_the_other_cards_of_a_play_with_the_rest_of_its_trick_unchanged(analysed):
    ben = analysed["plays"]["trick-1-play-2"]
    # Ben must follow red: R3 or R5 instead of R1 are still the lowest beside R8 and R9, so he takes R9.
    assert ben["actual"] == {"card": "R1", "captured": ["R9"], "to": "Clara"}
    assert sorted((other["card"], tuple(other["captured"]), other["to"]) for other in ben["alternatives"]) == [
        ("R3", ("R9",), "Clara"), ("R5", ("R9",), "Clara")]
    clara = analysed["plays"]["trick-1-play-3"]
    # R6 or R7 instead of R9: Andrea's R8 is highest, Ben's R1 lowest takes it; Andrea takes Clara's card.
    assert sorted(other["card"] for other in clara["alternatives"]) == ["R6", "R7"]
    assert {other["to"] for other in clara["alternatives"]} == {"Andrea"}


def test_without_the_deal_nothing_is_tried():
    log = {key: value for key, value in LOG.items() if key != "hands"}
    assert whatif.analyse(ENGINE, log, ENGINE.validate(log).to_dict()).to_dict() == {"plays": {}, "marked": []}

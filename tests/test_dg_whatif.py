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
- Clara R7 at trick 1, R9 at trick 2. Trick 1: R8 R1 R7: Andrea's R8 is highest, Ben's R1 lowest takes it;
  Andrea takes R1 R7 and now leads trick 2, so its plays come Andrea R2, Ben R3, Clara R9 (all red, all
  legal). Clara's R9 is highest, Andrea's R2 lowest takes it; Clara takes R2 R3: 5 points, 1 more than 4.

The other logs below are worked where they are used; last, a property: every best swap of a simulated game,
written out as a log of its own, is a legal game that scores what the swap says.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay import whatif
from dg_replay.engine import ENGINE
from dg_replay.simulate import simulate

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
    assert plays["trick-1-play-3"]["swap"] == {"card": "R7", "trick": 2, "score": 5, "gain": 1}  # a new leader
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


def three_tricks(second: list[tuple[str, str]], third: list[tuple[str, str]]) -> dict:
    """LOG's deal and first trick, then two more tricks as given."""
    tricks = [*LOG["tricks"][:1], *({"plays": [{"player": name, "card": card} for name, card in plays]}
                                    for plays in (second, third))]
    return {**LOG, "tricks": tricks}


def best_swap(log: dict, step: str) -> dict | None:
    report = ENGINE.validate(log).to_dict()
    assert report["valid"]
    return whatif.analyse(ENGINE, log, report).plays[step]["swap"]


def test_a_swap_that_changes_the_next_leader_replays_the_later_tricks_in_the_new_turn():
    # Trick 1 as in LOG: Clara's R9 is highest, she takes R8 R1 and leads. Trick 2: Clara P9, Andrea Y9, Ben
    # G9 (neither holds purple): the 9s tie, the last played is highest, Ben's G9; the lowest of the others is
    # then the last 9 before it, Andrea's Y9: Andrea takes G9, Ben P9 Y9 and leads. Trick 3: Ben R3, Clara
    # R7, Andrea R2: Clara's R7 is highest, Andrea's R2 lowest takes it; Clara takes R3 R2. Clara has R8 R1
    # R3 R2, four reds: 4 points.
    log = three_tricks([("Clara", "P9"), ("Andrea", "Y9"), ("Ben", "G9")],
                       [("Ben", "R3"), ("Clara", "R7"), ("Andrea", "R2")])
    # Clara's R7 at trick 1 and R9 at trick 3. Trick 1: R8 R1 R7: Andrea's R8 is highest and she leads trick 2,
    # now played Andrea Y9, Ben G9, Clara P9: Clara's P9 is the last 9, so highest, and Ben's G9 the lowest:
    # Ben takes P9, Clara Y9 G9 and leads trick 3, played Clara R9, Andrea R2, Ben R3: Andrea's R2 takes R9,
    # Clara takes R2 R3. Clara: yellow 9, green 9, red 2 + 3: 23 points, 19 more. Her only other later card,
    # P9, cannot go on trick 1's red lead: she holds red.
    assert best_swap(log, "trick-1-play-3") == {"card": "R7", "trick": 3, "score": 23, "gain": 19}


def test_a_swap_after_which_a_later_recorded_play_breaks_a_rule_is_refused():
    # Trick 2: Clara P5, Andrea B1, Ben G9 (neither holds purple); Ben's G9 is highest and he leads trick 3.
    log = three_tricks([("Clara", "P5"), ("Andrea", "B1"), ("Ben", "G9")],
                       [("Ben", "R3"), ("Clara", "R7"), ("Andrea", "R2")])
    # Clara's R7 at trick 1 and R9 at trick 3 would make Andrea lead trick 2 with B1, and Ben, holding B4-B6,
    # would then play G9 on a blue lead: refused. P5, her only other later card, cannot go on a red lead.
    assert best_swap(log, "trick-1-play-3") is None


def test_an_unfinished_last_trick_is_replayed_as_far_as_its_recorded_plays_go():
    # As in the first of these logs, but trick 3 stops after Ben R3, Clara R7: it scores nothing, so Clara has
    # R8 R1 so far: 9 points. With her R7 at trick 1 and R9 at trick 3 she takes Y9 G9 (18) and leads trick 3
    # with R9; Andrea, due next, has no recorded play there, so the replay stops with the score so far.
    log = three_tricks([("Clara", "P9"), ("Andrea", "Y9"), ("Ben", "G9")], [("Ben", "R3"), ("Clara", "R7")])
    assert best_swap(log, "trick-1-play-3") == {"card": "R7", "trick": 3, "score": 18, "gain": 9}


def swapped_log(log: dict, step: str, swap: dict) -> dict:
    """The log of the game a best swap describes, written out: the two cards exchanged, every other card in
    its trick, each later trick led by the highest card of the one before as the validator reports it."""
    trick, play = (int(part) for part in step.split("-")[1::2])
    tricks = [{"plays": [dict(made) for made in recorded["plays"]]} for recorded in log["tricks"]]
    player = tricks[trick - 1]["plays"][play - 1]["player"]
    card = tricks[trick - 1]["plays"][play - 1]["card"]
    tricks[trick - 1]["plays"][play - 1]["card"] = swap["card"]
    next(made for made in tricks[swap["trick"] - 1]["plays"] if made["player"] == player)["card"] = card
    seating, changed = log["players"], {key: log[key] for key in ("game", "players", "dealer", "hands")}
    for number in range(trick, len(tricks)):
        leader = ENGINE.validate({**changed, "tricks": tricks[:number]}).to_dict()["tricks"][-1]["high"]
        turn = seating[seating.index(leader):] + seating[:seating.index(leader)]
        by_player = {made["player"]: made for made in tricks[number]["plays"]}
        tricks[number]["plays"] = [by_player[name] for name in turn]
    return {**changed, "tricks": tricks}


@settings(max_examples=4, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10_000))
def test_every_best_swap_is_a_legal_game_scoring_what_it_says(players, seed):
    # The validator, reading the swapped game as a log of its own, agrees: every play legal, the same score.
    log = simulate(players, seed)
    for step, entry in whatif.analyse(ENGINE, log, ENGINE.validate(log).to_dict()).plays.items():
        if entry["swap"] is not None:
            report = ENGINE.validate(swapped_log(log, step, entry["swap"])).to_dict()
            assert report["valid"], (step, report["errors"][:1])
            assert report["result"]["scores"][entry["player"]] == entry["swap"]["score"]

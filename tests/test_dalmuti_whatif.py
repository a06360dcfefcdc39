"""dalmuti_replay.whatif: the other sets a known hand allowed, and whether each would have stood in its
trick. Expected values are worked by hand from the sample's deal, taxes and the rules (a set is laid on a
lower one of the same size; a Jester alone counts 13)."""

from __future__ import annotations

import json

import pytest

from dalmuti_replay import whatif
from replaykit import registry
from tests.conftest import ROOT

SAMPLES = ROOT / "sample_games" / "grande-dalmuti"
ENGINE = registry.engines()["grande-dalmuti"]


def analysed(name: str) -> dict:
    document = json.loads((SAMPLES / f"{name}.json").read_text())
    return whatif.analyse(ENGINE, document, ENGINE.validate(document).to_dict())


@pytest.fixture(scope="module")
def three_rounds() -> dict:
    return analysed("four-players-three-rounds")


def said(entry: dict) -> tuple[str, str, list[str]]:
    return str(entry["headline"]), str(entry["summary"]), [str(line) for line in entry["lines"]]


def test_a_set_beaten_later_and_the_lower_ones_its_player_held(three_rounds):
    # Round 1, trick 2: Anna leads 7; Bruno lays 6. Bruno was dealt 3 4 5 5 6 7 7 7 9 9 9 10 10 10, received
    # 3 from Carla and returned a 7: his singles under 7 are 3, 4, 5 and 6. The other players' later sets of
    # the trick are Anna's 5 and Anna's 2: 5 beats 6 but not 3, 4 or 5, which only Anna's 2 beats.
    assert said(three_rounds["round-1-trick-2-play-2"]) == (
        "Bruno's 6 was beaten by Anna's 5.",
        "3 other sets Bruno could have laid here, the rest of the trick unchanged",
        ["3: Anna's 2 would have beaten it.", "4: Anna's 2 would have beaten it.", "5: Anna's 2 would have beaten it."])


def test_a_pass_lists_the_sets_that_were_allowed_and_who_would_have_beaten_each(three_rounds):
    # Dario passes on Bruno's 6 holding 3 4 5 6 7 8 8 10 10 10 10 10 J J (dealt, less 1 2 paid, plus J 10
    # returned): his singles under 6 are 3, 4 and 5 (a Jester alone counts 13). Later: Anna's 5, Bruno's 3,
    # Anna's 2 — 3 is beaten only by the 2, 4 and 5 by Bruno's 3.
    assert said(three_rounds["round-1-trick-2-play-4"]) == (
        "Dario passed here.",
        "3 other sets Dario could have laid here, the rest of the trick unchanged",
        ["3: Anna's 2 would have beaten it.", "4: Bruno's 3 would have beaten it.",
         "5: Bruno's 3 would have beaten it."])


def test_the_last_set_of_a_trick_stands_and_so_would_its_alternatives(three_rounds):
    # Anna closes trick 2 with a 2 on Bruno's 3, holding 1 2 2 4 4 5 6: the 1 was her other choice.
    assert said(three_rounds["round-1-trick-2-play-9"]) == (
        "Anna's 2 stood: no later set of the trick was laid on it.",
        "1 other set Anna could have laid here, the rest of the trick unchanged",
        ["1: no later set of this trick could have been laid on it; it would have stood."])


def test_a_lead_with_many_sets_lists_the_first_and_counts_the_rest(three_rounds):
    # Anna leads trick 1 holding 1 2 2 4 4 5 5 6 7 and six 8s: one set of 1, two each of 2, 4 and 5, one each
    # of 6 and 7, six of 8s (one to six of them) — 15 sets, 14 besides the six 8s she laid; 12 are listed.
    entry = three_rounds["round-1-trick-1-play-1"]
    assert str(entry["summary"]).startswith("14 other sets Anna could have laid here")
    assert len(entry["lines"]) == whatif.MAX_LISTED + 1 == 13
    assert str(entry["lines"][-1]) == "…and 2 more sets."


def test_nothing_is_said_where_no_hand_is_known():
    assert analysed("black-market-no-hands") == {}


def test_only_the_first_plays_of_a_long_session_are_examined(three_rounds, monkeypatch):
    document = json.loads((SAMPLES / "four-players-three-rounds.json").read_text())
    report = ENGINE.validate(document).to_dict()
    order = list(whatif.recorded_plays(report))
    assert whatif.examined_all(report)
    monkeypatch.setattr(whatif, "MAX_EXAMINED", 10)
    assert not whatif.examined_all(report)
    limited = whatif.analyse(ENGINE, document, report)
    assert limited == {anchor: three_rounds[anchor] for anchor in order[:10] if anchor in three_rounds}
    assert limited and len(limited) < len(three_rounds)

"""olympi_replay.whatif: at each turn of a known hand, the other plays the rule allowed and retiring, with
their immediate effect on the race. Expected values are worked by hand from the deal below and the rules:
Nuoto's rule is "a card higher than the last one played"; with three players the first to retire takes
bronze and draws 3 cards, the second silver, the First-player card and 1 card, the last gold (rule 6)."""

from __future__ import annotations

import pytest

from olympi_replay import whatif
from olympi_replay.engine import ENGINE
from replaykit.words import Languages, render

FREE = {"free": True}
LOG = {
    "game": "olympi", "players": ["Ann", "Bruno", "Chiara"], "first_player": "Ann",
    "disciplines": [{"name": "Nuoto", "rule": {"value": ">", "than": "previous"}},
                    *({"name": name, "rule": FREE} for name in ("Corsa", "Salto", "Tuffi", "Scherma", "Vela",
                                                                 "Remo", "Judo", "Lotta"))],
    "hands": {"Ann": ["K3", "B4", "Y9", "G2", "R5", "K7"], "Bruno": ["B5", "Y1", "G8", "R2", "K9", "B6"],
              "Chiara": ["Y6", "G4", "R8", "B2", "K1", "Y3"]},
    "races": [{"discipline": "Nuoto", "turns": [
        {"player": "Ann", "action": "play", "cards": ["K3"]},
        {"player": "Bruno", "action": "play", "cards": ["B5"]},
        {"player": "Chiara", "action": "play", "cards": ["Y6"]},
        {"player": "Ann", "action": "play", "cards": ["Y9"]},
        {"player": "Bruno", "action": "retire", "draw": ["G1", "G3", "R1"]},
        {"player": "Chiara", "action": "retire", "draw": ["R3"]}]}],
}


@pytest.fixture(scope="module")
def analysed() -> dict:
    report = ENGINE.validate(LOG).to_dict()
    assert report["errors"] == []  # a legal race: only "incomplete-game" and rule warnings may be left
    return whatif.analyse(ENGINE, LOG, report)


def said(entry: dict) -> tuple[str, str, set[str]]:
    return str(entry["headline"]), str(entry["summary"]), {str(line) for line in entry["lines"]}


def test_the_first_play_of_the_race_may_be_any_card(analysed):
    # Bruno's B5 came next: it beats K3, B4 and G2 (5 > 3, 4, 2), not R5, Y9 or K7.
    assert said(analysed["race-1-turn-1"]) == (
        "Ann played K3; Bruno played B5 next.",
        "6 other choices Ann had here, the rest of the race unchanged",
        {"B4: Bruno could still have played B5 on it.", "G2: Bruno could still have played B5 on it.",
         "R5: Bruno could not have played B5 on it.", "Y9: Bruno could not have played B5 on it.",
         "K7: Bruno could not have played B5 on it.", "Retire here, 1st: bronze, 3 cards."})


def test_a_play_that_would_have_stopped_the_next_one(analysed):
    # On K3 Bruno may lay B5, G8, K9 or B6 (higher than 3), not Y1 or R2; Chiara's Y6 beats only B5.
    assert said(analysed["race-1-turn-2"]) == (
        "Bruno played B5; Chiara played Y6 next.",
        "4 other choices Bruno had here, the rest of the race unchanged",
        {"G8: Chiara could not have played Y6 on it.", "K9: Chiara could not have played Y6 on it.",
         "B6: Chiara could not have played Y6 on it.", "Retire here, 1st: bronze, 3 cards."})


def test_the_last_play_of_the_race_and_retiring_instead(analysed):
    # On Y6 Ann may lay Y9 or K7; nobody played after her (Bruno and Chiara retired).
    assert said(analysed["race-1-turn-4"]) == (
        "Ann played Y9; no other player played after it in this race.",
        "2 other choices Ann had here, the rest of the race unchanged",
        {"K7: no other player played after it in this race.", "Retire here, 1st: bronze, 3 cards."})


def test_a_forced_retirement_has_no_other_choice(analysed):
    # After Y9 nothing in Bruno's or Chiara's hand is higher: retiring was all they could do.
    assert "race-1-turn-5" not in analysed and "race-1-turn-6" not in analysed
    assert set(analysed) == {"race-1-turn-1", "race-1-turn-2", "race-1-turn-3", "race-1-turn-4"}


def test_retiring_second_takes_silver_and_the_first_player_card(analysed):
    # At turn 3 nobody had retired yet; at a position after Bruno's retirement Chiara would have been second.
    assert "Retire here, 1st: bronze, 3 cards." in said(analysed["race-1-turn-3"])[2]
    assert "R8: Ann could still have played Y9 on it." in said(analysed["race-1-turn-3"])[2]
    late = {**LOG, "races": [{"discipline": "Nuoto", "turns": LOG["races"][0]["turns"][:5]}]}
    entry = whatif.alternatives(_before(late, "race-1-turn-6"), whatif.Turn("race-1-turn-6", "Chiara",
                                                                            {"player": "Chiara", "action": "stop"},
                                                                            None))
    assert entry is not None and "Retire here, 2nd: silver, 1 card, the First-player card." in said(entry)[2]


def test_the_entries_are_said_in_italian_too(analysed):
    italian = render(analysed["race-1-turn-2"]["headline"], Languages("it"))
    assert italian == "Bruno ha giocato B5; poi Chiara ha giocato Y6."


def _before(log: dict, step: str):
    """The position before ``step``: the log's final state when the log stops just before it."""
    return ENGINE.replay(log)[1]


def test_only_the_first_turns_are_examined(analysed, monkeypatch):
    report = ENGINE.validate(LOG).to_dict()
    assert whatif.examined_all(report)
    monkeypatch.setattr(whatif, "MAX_EXAMINED", 2)
    assert not whatif.examined_all(report)  # six turns recorded
    assert whatif.analyse(ENGINE, LOG, report) == {step: analysed[step] for step in ("race-1-turn-1", "race-1-turn-2")}


@pytest.mark.parametrize("written", [["G2", "K3"], ["K3", "G2"]])
def test_the_play_made_is_no_other_choice_whatever_order_its_cards_are_written_in(written):
    # Cycling lays two cards together (a play is a set of cards, rule 5); with no rule, Ann's six different
    # cards make 6 × 5 / 2 = 15 plays: the 14 she did not make, and retiring, are her other choices.
    cycling = {**LOG, "disciplines": [{"name": "Ciclismo", "cards_per_play": 2, "rule": FREE}, *LOG["disciplines"][1:]],
               "races": [{"discipline": "Ciclismo", "turns": [
                   {"player": "Ann", "action": "play", "cards": written},
                   {"player": "Bruno", "action": "play", "cards": ["B5", "Y1"]}]}]}
    report = ENGINE.validate(cycling).to_dict()
    assert report["errors"] == []
    headline, summary, lines = said(whatif.analyse(ENGINE, cycling, report)["race-1-turn-1"])
    assert headline == f"Ann played {written[0]} {written[1]}; Bruno played B5 Y1 next."
    assert summary == "15 other choices Ann had here, the rest of the race unchanged"
    assert "…and 3 more choices." in lines  # 12 listed
    assert not any(line.startswith(("G2 K3:", "K3 G2:")) for line in lines)

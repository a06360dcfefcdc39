"""Turns within a race: order, actions, plays against the rule, retirements and passes with their draws,
the last player and the World Record; every finding at its race, turn, player and path."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from olympi_replay import validate
from tests.olympi_helpers import codes, log_of, only, place, race, rule_findings, turn

THREE = ["Ann", "Bruno", "Chiara"]
FOUR = ["Ann", "Bruno", "Chiara", "Dario"]
SEVEN = ["A", "B", "C", "D", "E", "F", "G"]


def one_race(players, discipline, *turns, **extra):
    return validate(log_of(players, race(discipline, *turns), first_player=players[0], **extra))


def test_wrong_turn_is_reported_then_taken_as_recorded():
    report = one_race(THREE, "Corsa", "Ann K1", "Chiara K2", "Ann K3", "Bruno K4")
    assert place(only(report, "wrong-turn")) == (1, 2, "Chiara", "/races/0/turns/1")


def clockwise_race(count: int, retiring: list[bool]) -> tuple[list[str], list[list[str]]]:
    """Turns taken in order by the first ``count`` of SEVEN, each a retire or a play as ``retiring`` says: play
    passes to the left (the next seat in the list, the last seat's left being the first), skipping whoever
    retired, until one player is left. Also who was still in at each turn."""
    players, still_in, player = SEVEN[:count], SEVEN[:count], SEVEN[0]
    turns, standing = [], []
    for retire in retiring:
        if len(still_in) == 1:
            break
        standing.append(list(still_in))
        turns.append(f"{player} retire" if retire else f"{player} K1")
        seat = players.index(player)
        if retire:
            still_in = [name for name in still_in if name != player]
        player = next(players[(seat + step) % count] for step in range(1, count)
                      if players[(seat + step) % count] in still_in)
    return turns, standing


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 7), st.lists(st.booleans(), min_size=2, max_size=30), st.data())
def test_turns_go_clockwise_among_the_players_still_in(count, retiring, data):
    turns, standing = clockwise_race(count, retiring)
    assert "wrong-turn" not in codes(one_race(SEVEN[:count], "Corsa", *turns))
    # Another player still in takes one turn instead: that turn, and none before it, is out of turn.
    index = data.draw(st.integers(1, len(turns) - 1)) if len(turns) > 1 else None
    if index is None:
        return
    due, action = turns[index].split()
    other = data.draw(st.sampled_from([name for name in standing[index] if name != due]))
    wrong = [*turns[:index], f"{other} {action}", *turns[index + 1:]]
    first = next(finding for finding in one_race(SEVEN[:count], "Corsa", *wrong).findings
                 if finding.code == "wrong-turn")
    assert place(first) == (1, index + 1, other, f"/races/0/turns/{index}")
    assert due in first.message


def test_a_retired_player_s_turn_is_ignored():
    report = one_race(FOUR, "Corsa", "Ann K1", "Bruno retire", "Chiara K2", "Bruno K3", "Dario K4")
    assert place(only(report, "already-retired")) == (1, 4, "Bruno", "/races/0/turns/3")
    assert "wrong-turn" not in codes(report)
    assert report.to_dict()["races"][0]["turns"][3]["ignored"] is True


def test_a_turn_by_an_unknown_player_is_ignored():
    report = one_race(THREE, "Corsa", "Ann K1", "Zeno K2", "Bruno K3")
    assert place(only(report, "unknown-player")) == (1, 2, "Zeno", "/races/0/turns/1/player")
    assert rule_findings(report, ignore=("incomplete-game", "unknown-player")) == []


def test_a_malformed_turn_is_reported_and_ignored():
    report = one_race(THREE, "Corsa", "Ann K1", {"player": "Bruno", "action": "jump"}, "Bruno K3")
    finding = only(report, "schema")
    assert place(finding) == (1, 2, "Bruno", "/races/0/turns/1/action")
    assert rule_findings(report, ignore=("incomplete-game", "schema")) == []


def test_three_players_do_not_pass_and_two_do_not_retire():
    report = one_race(THREE, "Corsa", "Ann K1", "Bruno pass")
    finding = only(report, "wrong-action")
    assert place(finding) == (1, 2, "Bruno", "/races/0/turns/1/action")
    assert report.to_dict()["races"][0]["medals"] == {"Bruno": ["bronze"]}
    report = one_race(["Ann", "Bruno"], "Corsa", "Ann K1", "Bruno retire")
    assert place(only(report, "wrong-action")) == (1, 2, "Bruno", "/races/0/turns/1/action")
    assert report.to_dict()["races"][0]["medals"] == {"Ann": ["bronze"]}


def test_two_players_after_the_third_pass_the_race_is_over():
    report = one_race(["Ann", "Bruno"], "Corsa", "Ann pass", "Bruno pass", "Ann pass", "Bruno K1")
    assert place(only(report, "race-over")) == (1, 4, "Bruno", "/races/0/turns/3")
    assert report.to_dict()["races"][0]["medals"] == {"Bruno": ["bronze", "gold"], "Ann": ["silver"]}


def test_after_the_finish_only_the_last_player_closes_the_race():
    closing = one_race(THREE, "Corsa", "Ann K1", "Bruno retire", "Chiara retire", "Ann retire")
    assert rule_findings(closing) == []
    assert closing.to_dict()["races"][0]["hands_after"]["Ann"] == 5
    report = one_race(THREE, "Corsa", "Ann K1", "Bruno retire", "Chiara retire", "Ann K2", "Bruno K3")
    assert [place(f) for f in report.findings if f.code == "race-over"] == [
        (1, 4, "Ann", "/races/0/turns/3"), (1, 5, "Bruno", "/races/0/turns/4")]
    again = one_race(THREE, "Corsa", "Ann K1", "Bruno retire", "Chiara retire", "Ann retire", "Ann retire")
    assert place(only(again, "race-over")) == (1, 5, "Ann", "/races/0/turns/4")
    passing = one_race(THREE, "Corsa", "Ann K1", "Bruno retire", "Chiara retire", "Ann pass")
    assert place(only(passing, "wrong-action")) == (1, 4, "Ann", "/races/0/turns/3/action")


def test_the_closing_retire_draws_nothing():
    report = one_race(THREE, "Corsa", "Ann K1", "Bruno retire", "Chiara retire", turn("Ann retire", draw=["K1"]))
    assert place(only(report, "draw-count")) == (1, 4, "Ann", "/races/0/turns/3/draw")


def test_world_record_playing_on_until_the_hand_is_empty():
    plays = ["Ann K1", "Bruno retire", "Chiara retire", "Ann K2", "Ann K3", "Ann K4", "Ann K5"]
    report = one_race(THREE, "Corsa", *plays, "Bruno K9", "Ann K6", "Ann retire", "Chiara K1",
                      options={"world_record": True})
    assert place(only(report, "already-retired")) == (1, 8, "Bruno", "/races/0/turns/7")
    assert place(only(report, "race-over")) == (1, 11, "Chiara", "/races/0/turns/10")
    first = report.to_dict()["races"][0]
    assert first["record"] == "Ann" and first["hands_after"]["Ann"] == 0
    assert report.to_dict()["result"]["scores"]["Ann"] == 6
    stopped = one_race(THREE, "Corsa", *plays, "Ann retire", options={"world_record": True})
    assert stopped.to_dict()["races"][0]["record"] is None


def test_world_record_without_playing_on():
    turns = [f"{name} K{value}" for value in range(1, 6) for name in THREE] + ["Ann K6", "Bruno retire",
                                                                               "Chiara retire"]
    report = one_race(THREE, "Corsa", *turns, options={"world_record": True})
    assert rule_findings(report, ignore=("incomplete-game", "too-many-copies")) == []
    assert report.to_dict()["races"][0]["record"] == "Ann"
    plain = one_race(THREE, "Corsa", *turns)
    assert plain.to_dict()["races"][0]["record"] is None


def test_world_record_has_no_effect_with_two_players():
    report = one_race(["Ann", "Bruno"], "Corsa", *[f"{name} K{value}" for value in range(1, 7)
                                                  for name in ("Ann", "Bruno")][:11],
                      "Bruno pass", "Ann pass", "Bruno pass", options={"world_record": True})
    assert report.to_dict()["races"][0]["record"] is None


def test_plays_against_the_declared_rule():
    report = one_race(THREE, "Nuoto", "Ann K7", "Bruno K5", "Chiara K6")
    finding = only(report, "rule-broken")
    assert place(finding) == (1, 2, "Bruno", "/races/0/turns/1/cards")
    assert "higher than the last card played" in finding.message and "K7" in finding.message
    own = one_race(THREE, "Lancio", "Ann K5", "Bruno K9", "Chiara K9", "Ann K6")
    assert place(only(own, "rule-broken")) == (1, 4, "Ann", "/races/0/turns/3/cards")


def test_cycling_takes_two_cards_and_the_rule_is_then_unchecked():
    report = one_race(THREE, "Ciclismo", "Ann K1 K2", "Bruno K1")
    finding = only(report, "wrong-card-count")
    assert place(finding) == (1, 2, "Bruno", "/races/0/turns/1/cards")
    assert "rule-broken" not in codes(report)


def test_a_discipline_without_rule_warns_once_per_race():
    report = one_race(THREE, "Remo", "Ann K1", "Bruno K1", "Chiara K2")
    finding = only(report, "unchecked-rule")
    assert place(finding) == (1, None, None, "/races/0/discipline") and finding.severity == "warning"


def test_cards_the_player_cannot_hold():
    hands = {"Ann": ["K1", "K2", "K3", "K4", "K5", "K6"], "Bruno": ["B1", "B2", "B3", "B4", "B5", "B6"],
             "Chiara": ["G1", "G2", "G3", "G4", "G5", "G6"]}
    report = one_race(THREE, "Corsa", "Ann K1", "Bruno K1", hands=hands)
    assert place(only(report, "card-not-in-hand")) == (1, 2, "Bruno", "/races/0/turns/1/cards/0")
    copies = one_race(THREE, "Corsa", "Ann R9", "Bruno R9", "Chiara R9")
    assert place(only(copies, "too-many-copies")) == (1, 3, "Chiara", "/races/0/turns/2/cards/0")


def test_an_empty_hand_holds_nothing():
    turns = [f"{name} K{value}" for value in range(1, 7) for name in ("Ann", "Bruno")]
    turns = [t.replace("K", "B") if t.startswith("Bruno") else t for t in turns]
    report = one_race(["Ann", "Bruno"], "Corsa", *turns, "Ann Y1")
    assert place(only(report, "card-not-in-hand")) == (1, 13, "Ann", "/races/0/turns/12/cards/0")


def test_draw_lists_are_checked_against_a_known_deck():
    players = FOUR
    deck = [f"{color}{value}" for color in "BYKGR" for value in range(1, 10)] * 2
    hands = {name: deck[6 * seat:6 * seat + 6] for seat, name in enumerate(players)}
    rest = deck[24:]
    wrong = turn("Bruno retire", draw=[rest[0], rest[1], "R9"])
    report = one_race(players, "Corsa", "Ann B1", wrong, hands=hands, deck=rest)
    finding = only(report, "draw-mismatch")
    assert place(finding) == (1, 2, "Bruno", "/races/0/turns/1/draw") and rest[2] in finding.message
    short = one_race(players, "Corsa", "Ann B1", turn("Bruno retire", draw=rest[:2]), hands=hands, deck=rest)
    assert place(only(short, "draw-count")) == (1, 2, "Bruno", "/races/0/turns/1/draw")
    right = one_race(players, "Corsa", "Ann B1", turn("Bruno retire", draw=rest[2::-1]), hands=hands, deck=rest)
    assert rule_findings(right) == []


def test_a_draw_from_an_unknown_deck_names_free_cards():
    report = one_race(THREE, "Corsa", "Ann R9", "Bruno R9", turn("Chiara retire", draw=["K1", "R9", "K2"]))
    assert place(only(report, "too-many-copies")) == (1, 3, "Chiara", "/races/0/turns/2/draw/1")


def test_a_reshuffle_where_none_happened():
    report = one_race(THREE, "Corsa", "Ann K1", turn("Bruno retire", reshuffle=["K1"]))
    assert place(only(report, "reshuffle-mismatch")) == (1, 2, "Bruno", "/races/0/turns/1/reshuffle")


def exhausting_races(count: int) -> list[dict]:
    """Seven players retiring in turn without playing, so no card is ever discarded."""
    races = []
    for number in range(count):
        order = [SEVEN[(number + step) % 7] for step in range(6)]
        races.append(race(["Nuoto", "Ciclismo", "Corsa", "Salto", "Lancio", "Tuffi", "Scherma"][number],
                          *[f"{name} retire" for name in order]))
    return races


def test_a_draw_from_an_empty_deck_and_discard_pile_stops_short():
    report = validate(log_of(SEVEN, *exhausting_races(6), first_player="A"))
    warnings = [f for f in report.findings if f.code == "deck-exhausted"]
    assert place(warnings[0]) == (6, 2, "G", "/races/5/turns/1") and warnings[0].severity == "warning"
    assert report.valid
    assert "(a ruling)" in warnings[0].message


@pytest.mark.parametrize("seed", [0, 3])
def test_a_wrong_reshuffle_is_reported_and_the_order_becomes_unknown(seed):
    from tests.olympi_helpers import game

    log = game(7, seed)
    where = [(r, t) for r, item in enumerate(log["races"]) for t, entry in enumerate(item["turns"])
             if "reshuffle" in entry]
    assert where
    r, t = where[0]
    log["races"][r]["turns"][t]["reshuffle"] = log["races"][r]["turns"][t]["reshuffle"][1:]
    report = validate(log)
    finding = only(report, "reshuffle-mismatch")
    assert place(finding) == (r + 1, t + 1, log["races"][r]["turns"][t]["player"], f"/races/{r}/turns/{t}/reshuffle")
    assert [f.code for f in report.findings if f.is_error] == ["reshuffle-mismatch"]

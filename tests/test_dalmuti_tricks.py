"""Tricks and turns: the rulebook's examples, and each trick finding at its round, trick, play, player
and path. Rounds here use the settling-round variant, so no taxes are due before the tricks."""

import pytest

from dalmuti_replay import validate
from dalmuti_replay.cards import JESTER, Card
from dalmuti_replay.legal import possible_hand
from dalmuti_replay.load import load
from dalmuti_replay.log import Round
from dalmuti_replay.report import RoundRecord
from dalmuti_replay.round_state import RoundState, give_up
from dalmuti_replay.rules import Table
from tests.dalmuti_helpers import FOUR, errors, found, play, session, sets_in, sim, trick, where

SETTLE = {"settling_round": True}


def first_round(*tricks, **extra):
    return validate(session(FOUR, {"tricks": list(tricks), **extra}, options=SETTLE))


def only(report, code):
    """The errors of a report, which must be exactly the findings of ``code``."""
    assert {f.code for f in errors(report)} <= {code}, [f.to_dict() for f in errors(report)]
    return found(report, code)


def test_on_8_8_8_a_7_7_jester_is_legal():
    assert errors(first_round(trick(("Anna", "8 8 8"), ("Bruno", "7 7 J")))) == []


def test_on_8_8_8_a_7_7_is_set_size():
    [finding] = only(first_round(trick(("Anna", "8 8 8"), ("Bruno", "7 7"))), "set-size")
    assert where(finding) == (1, 1, 2) and finding.player == "Bruno"
    assert finding.path == "/rounds/0/tricks/0/plays/1/cards"


def test_on_8_8_8_a_9_9_9_is_not_lower():
    [finding] = only(first_round(trick(("Anna", "8 8 8"), ("Bruno", "9 9 9"))), "not-lower")
    assert where(finding) == (1, 1, 2)


def test_the_last_set_is_to_beat_not_the_base():
    [finding] = only(first_round(trick(("Anna", "8 8 8"), ("Bruno", "5 5 5"), ("Carla", "6 6 6"))), "not-lower")
    assert where(finding) == (1, 1, 3) and "5s" in finding.message


def test_set_size_and_not_lower_are_independent():
    report = first_round(trick(("Anna", "8 8 8"), ("Bruno", "9 9")))
    assert sorted(f.code for f in errors(report)) == ["not-lower", "set-size"]


def test_a_player_who_passed_plays_later_in_the_trick():
    report = first_round(trick(("Anna", "8 8 8"), ("Bruno", None), ("Carla", "7 7 7"), ("Dario", None),
                               ("Anna", None), ("Bruno", "5 5 5"), ("Carla", None), ("Dario", None),
                               ("Anna", None)),
                         trick(("Bruno", "9")))
    assert errors(report) == []
    assert report.rounds[0].tricks[0].winner == "Bruno" and report.rounds[0].tricks[1].leader == "Bruno"


def test_jesters_alone_are_13_and_cannot_beat_anything():
    [finding] = only(first_round(trick(("Anna", "10"), ("Bruno", "J"))), "not-lower")
    assert "13" in finding.message and "ruling" in finding.message
    assert errors(first_round(trick(("Anna", "J"), ("Bruno", "10")))) == []


def test_mixed_values_count_as_the_first_numbered_card():
    report = first_round(trick(("Anna", "8 8"), ("Bruno", "6 7"), ("Carla", "7 7")))
    assert [(f.code, where(f)) for f in errors(report)] == [("mixed-values", (1, 1, 2)), ("not-lower", (1, 1, 3))]


def test_a_leader_may_not_pass_and_the_first_set_becomes_the_base():
    report = first_round(trick(("Anna", None), ("Bruno", "9 9"), ("Carla", "8")))
    assert [(f.code, where(f)) for f in errors(report)] == [("lead-pass", (1, 1, 1)), ("set-size", (1, 1, 3))]


def test_wrong_leader_and_wrong_turn():
    [finding] = only(first_round(trick(("Bruno", "9"), ("Carla", "8"))), "wrong-leader")
    assert where(finding) == (1, 1, 1) and finding.player == "Bruno" and finding.path == "/rounds/0/tricks/0/plays/0"
    [finding] = only(first_round(trick(("Anna", "9"), ("Carla", "8"))), "wrong-turn")
    assert where(finding) == (1, 1, 2) and "Bruno" in finding.message


def test_the_next_turn_follows_whoever_actually_played():
    report = first_round(trick(("Anna", "9"), ("Carla", "8"), ("Dario", "7")))
    assert [where(f) for f in errors(report)] == [(1, 1, 2)]


def test_an_unknown_player_passes_the_turn_as_if_the_player_due_had_played():
    report = first_round(trick(("Anna", "9"), ("Brunone", None), ("Carla", "8")))
    assert [(f.code, where(f), f.path) for f in report.findings if f.is_error] == [
        ("unknown-player", (1, 1, 2), "/rounds/0/tricks/0/plays/1/player")]


def test_a_trick_followed_by_another_before_everyone_passed():
    [finding] = only(first_round(trick(("Anna", "9"), ("Bruno", None)), trick(("Anna", "8"))), "trick-unfinished")
    assert where(finding) == (1, 1, None) and finding.path == "/rounds/0/tricks/0"


def test_a_play_after_the_trick_ended_is_reported_once_and_not_checked():
    report = first_round(trick(("Anna", "9"), ("Bruno", None), ("Carla", None), ("Dario", None), ("Anna", "12 12"),
                               ("Bruno", "3 3 3")), trick(("Anna", "5")))
    assert [(f.code, where(f)) for f in errors(report)] == [("play-after-end", (1, 1, 5))]
    assert report.rounds[0].tricks[1].plays[0].cards_left["Anna"] == 15 - 4
    # Anna's set was one 9: a single card is not named as a plural
    assert str(errors(report)[0].message).startswith("Trick 1 was already over: everyone else had passed after "
                                                     "Anna's 9;")


def test_the_last_set_is_named_as_many_cards_as_it_had():
    one = only(first_round(trick(("Anna", "9"), ("Bruno", "10"))), "not-lower")
    two = only(first_round(trick(("Anna", "9 9"), ("Bruno", "10 10"))), "not-lower")
    assert str(one[0].message) == "Bruno's 10 is not lower than the last set, Anna's 9."
    assert str(two[0].message) == "Bruno's 10 10 is not lower than the last set, Anna's 9s."


def test_an_unfinished_last_trick_is_only_an_unfinished_round():
    report = first_round(trick(("Anna", "9"), ("Bruno", None)))
    assert [(f.code, f.severity, f.path) for f in report.findings] == [("incomplete-round", "warning", "/rounds/0")]


def test_a_set_larger_than_the_hand_without_hands():
    passes = [("Bruno", None), ("Carla", None), ("Dario", None)]
    report = first_round(trick(("Anna", "4 4 4 4"), *passes), trick(("Anna", " ".join(["10"] * 8)), *passes),
                         trick(("Anna", "9 9 9 9"), *passes))
    [finding] = only(report, "card-not-in-hand")
    assert where(finding) == (1, 3, 1) and "holds only 3" in finding.message
    # Anna is dealt 15 of the 57 cards (1 to 10, two Jesters): 10 leave 5, 9 more are 4 too many, then she holds none
    report = first_round(trick(("Anna", " ".join(["10"] * 10)), *passes), trick(("Anna", " ".join(["9"] * 9)), *passes),
                         trick(("Anna", "8"), *passes))
    assert [f.message for f in found(report, "card-not-in-hand")] == ["Anna plays 9 cards but holds only 5.",
                                                                      "Anna plays 1 card but holds none."]


def test_too_many_copies_played_in_a_round_without_hands():
    report = first_round(trick(("Anna", "2"), ("Bruno", "1"), ("Carla", None), ("Dario", None), ("Anna", None)),
                         trick(("Bruno", "2"), ("Carla", "1")))
    [finding] = only(report, "too-many-copies")
    assert where(finding) == (1, 2, 2) and finding.player == "Carla"


def test_a_third_jester_in_a_round_without_hands_is_too_many_copies():
    # The deck holds two Jesters: Anna lays both, Bruno beats them, everyone else passes, Bruno leads a third.
    passes = [("Carla", None), ("Dario", None), ("Anna", None)]
    report = first_round(trick(("Anna", "J J"), ("Bruno", "5 5"), *passes), trick(("Bruno", "J")))
    [finding] = only(report, "too-many-copies")
    assert where(finding) == (1, 2, 1) and finding.player == "Bruno"


def test_a_hidden_hand_holds_at_most_what_the_round_has_not_shown():
    # Four players: five 5s and two Jesters in the deck. Both Jesters and two 5s are on the table, and no hand
    # is recorded: Carla (14 cards) may hold no Jester and three 5s at most.
    _, state = load(session(FOUR, {"tricks": [trick(("Anna", "J J"), ("Bruno", "5 5"))]}, options=SETTLE))
    hand = possible_hand(state.round, "Carla")
    assert hand[JESTER] == 0 and hand[Card(5)] == 3 and hand[Card(1)] == 1


def test_card_not_in_deck_counts_at_face_value_only():
    report = first_round(trick(("Anna", "12"), ("Bruno", "11")))  # no 11s nor 12s with four players
    assert [(f.code, where(f), f.path) for f in errors(report)] == [
        ("card-not-in-deck", (1, 1, 1), "/rounds/0/tricks/0/plays/0/cards/0"),
        ("card-not-in-deck", (1, 1, 2), "/rounds/0/tricks/0/plays/1/cards/0")]
    assert [str(f.message).split(",")[0] for f in errors(report)] == ["Anna plays a 12", "Bruno plays an 11"]


def test_the_left_neighbour_leads_after_the_last_set_s_player_goes_out():
    for seed in range(40):
        log = sim(4, seed, rounds=1)
        report = validate(log)
        for record in report.rounds[0].tricks[:-1]:
            if record.winner in record.out:
                following = report.rounds[0].tricks[record.number]
                order = report.rounds[0].order
                seat = order.index(record.winner)
                left = next(name for name in order[seat + 1:] + order[:seat] if record.cards_left[name] > 0)
                assert following.leader == left and errors(report) == []
                plays = log["rounds"][0]["tricks"][record.number]["plays"]
                plays[0]["player"] = record.winner
                assert [(f.code, where(f)) for f in errors(validate(log))][:1] == [
                    ("wrong-leader", (1, record.number + 1, 1))]
                return
    pytest.fail("no simulated trick ended with its last set's player going out")


def test_a_play_after_the_round_is_over():
    log = sim(4, 3, rounds=1)
    last = log["rounds"][0]["tricks"][-1]
    last["plays"].append(play(log["rounds"][0]["finish"][-1], "12"))
    log["rounds"][0]["tricks"].append(trick((log["players"][0], "3")))
    report = validate(log)
    [finding] = found(report, "play-after-end")
    assert where(finding) == (1, len(log["rounds"][0]["tricks"]) - 1, len(last["plays"]))
    assert [f.code for f in errors(report)] == ["play-after-end"]


def test_card_not_in_hand_with_hands():
    log = sim(4, 5, rounds=1)
    r, t, p = sets_in(log)[0]
    entry = log["rounds"][r]["tricks"][t]["plays"][p]
    hand = log["rounds"][r]["hands"][entry["player"]]
    missing = next(str(value) for value in range(1, 11) if str(value) not in hand)
    entry["cards"] = [missing] * len(entry["cards"])
    report = validate(log)
    assert any(f.code == "card-not-in-hand" and where(f) == (1, 1, 1) for f in report.findings)


def test_a_set_repeating_a_card_held_once_lacks_each_copy_past_the_one_held():
    """Anna holds one 7 and one Jester: of "7 7 7" the second and third 7 are not hers, of "3 J J" the second
    Jester (the deal's sizes are wrong here too, which is the deal's finding, not the play's)."""
    hands = {"Anna": ["7", "J", "3"], "Bruno": ["5"], "Carla": ["6"], "Dario": ["8"]}
    sevens = first_round(trick(("Anna", "7 7 7")), hands=hands)
    assert [f.message for f in found(sevens, "card-not-in-hand")] == ["Anna plays 7 7 without holding them."]
    jesters = first_round(trick(("Anna", "3 J J")), hands=hands)
    assert [f.message for f in found(jesters, "card-not-in-hand")] == ["Anna plays J without holding it."]


def test_a_set_gives_up_the_cards_held_and_names_the_ones_lacking():
    # Held: two 7s and a Jester, deck up to 12. The set 7 7 7 J J 13 3 takes both 7s and the Jester; the third 7,
    # the second Jester and the 3 were not held; a 13 is not in the deck (card-not-in-deck's, not this).
    hand = {Card(7): 2, JESTER: 1, Card(9): 1}
    set_ = [Card(7), Card(7), Card(7), JESTER, JESTER, Card(13), Card(3)]
    assert give_up(hand, set_, 12) == [Card(3), Card(7), JESTER]  # sorted, a Jester last
    assert hand == {Card(9): 1}
    assert give_up({Card(5): 3}, [Card(5), Card(5)], 10) == [] and give_up({}, [], 10) == []


def test_the_players_holding_cards_are_counted_as_cards_leave_and_come():
    # Four players dealt 15, 14, 14, 14: all hold cards. B lays his 14 and is out (4 points: four were in the
    # round); a transfer to him brings him back among those holding cards.
    table = Table(("A", "B", "C", "D"))
    order = list(table.order)
    state = RoundState(1, table, Round(), [], RoundRecord(1, order, order, [], table.deal_sizes()))
    assert state.holders() == 4
    assert state.take("B", [Card(12)] * 14) == 0 and state.holders() == 3 and state.points["B"] == 4
    state.give("B", [Card(3)])
    assert state.holders() == 4 and state.counts["B"] == 1
    assert state.take("A", [Card(5)] * 2) == 13 and state.holders() == 4

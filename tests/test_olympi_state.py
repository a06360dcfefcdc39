"""Olympi Cards' State, worked by hand from the rules: the choices a discipline's rule leaves on a known
hand, an unknown hand's choices flagged with the rule as a hint, strict refusal, a retirement's reward, a
draw nobody saw as a chance step (named, or left unseen), a race's medals, and patches applied with the
``jsonpatch`` library."""

from __future__ import annotations

import copy
import random

import jsonpatch
import pytest

from olympi_replay.cards import full_deck, texts
from olympi_replay.engine import ENGINE
from replaykit.state import IllegalAction, past_unseen
from tests.olympi_helpers import DISCIPLINES, NAMES

HANDS = {"Ann": ["K5", "B2", "B3", "Y1", "Y2", "G1"],
         "Bruno": ["B1", "B5", "Y6", "K9", "G2", "R7"],
         "Chiara": ["K6", "K7", "R1", "R2", "G8", "G9"]}
TOP = ["Y3", "Y4", "Y5", "Y8"]  # the deck's first cards
NUOTO = "Play a card higher than the last card played. The race's first play has nothing to compare with."


def deck_after(hands: dict[str, list[str]], top: list[str]) -> list[str]:
    """The 72 cards left after the deal, ``top`` first, the rest in the deck's fixed order."""
    rest = texts(full_deck())
    for card in [card for cards in hands.values() for card in cards] + top:
        rest.remove(card)
    return top + rest


def setup(hands: bool = True, deck: bool = True) -> dict:
    data = {"game": "olympi", "players": ["Ann", "Bruno", "Chiara"], "first_player": "Ann",
            "disciplines": copy.deepcopy(DISCIPLINES), "discipline_deck": list(NAMES), "races": []}
    if hands:
        data["hands"] = copy.deepcopy(HANDS)
    if deck:
        data["deck"] = deck_after(HANDS, TOP)
    return data


def play(player: str, *cards: str) -> dict:
    return {"player": player, "action": "play", "cards": list(cards)}


def retire(player: str) -> dict:
    return {"player": player, "action": "retire"}


def seat(state, name: str) -> dict:
    return next(entry for entry in state.view()["seats"] if entry["name"] == name)


def started(**options: bool):
    """Race 1 (Nuoto: higher than the last card) after Ann's opening K5."""
    state = ENGINE.new_state(setup(**options))
    assert state.chance and state.to_move is None and state.moment == "race-1"
    assert state.apply({"discipline": "Nuoto"}) == []
    assert (state.to_move, state.moment) == ("Ann", "race-1-turn-1")
    assert state.apply(play("Ann", "K5")) == []
    return state


def test_a_known_hand_may_play_only_what_the_rule_allows():
    state = started()
    assert state.to_move == "Bruno"
    # Bruno holds B1 B5 Y6 K9 G2 R7; only cards higher than K5 obey Nuoto's rule. Retiring is always open.
    actions = [choice.action for choice in state.choices()]
    assert sorted(actions, key=str) == sorted([play("Bruno", "Y6"), play("Bruno", "K9"), play("Bruno", "R7"),
                                               retire("Bruno")], key=str)
    assert all(choice.known and choice.hint is None for choice in state.choices())


def test_an_unknown_hand_offers_every_card_not_proven_impossible_with_the_rule_as_hint():
    state = started(hands=False, deck=False)
    choices = state.choices()
    plays = [choice for choice in choices if choice.action["action"] == "play"]
    # Values 6 to 9 in five colours, none of them seen yet: 20 cards Bruno may hold, none proven.
    assert sorted(card for choice in plays for card in choice.action["cards"]) == sorted(
        f"{colour}{value}" for colour in "BYKGR" for value in range(6, 10))
    assert {(choice.known, choice.hint) for choice in plays} == {(False, NUOTO)}
    assert [choice.action for choice in choices if choice.known] == [retire("Bruno")]
    assert seat(state, "Bruno")["unseen"] == 6 and seat(state, "Bruno")["hand"] == []


def test_strict_mode_refuses_an_illegal_play_and_leaves_the_state_as_it_was():
    state = started()
    before, log = state.view(), state.to_log()
    with pytest.raises(IllegalAction) as refused:
        state.apply(play("Bruno", "B1"), strict=True)
    assert [finding.code for finding in refused.value.findings] == ["rule-broken"]
    assert state.view() == before and state.to_log() == log and state.to_move == "Bruno"
    # Not strict, the play is recorded "as played" with the validator's finding, and the race goes on.
    [finding] = state.apply(play("Bruno", "B1"))
    assert (finding.code, finding.path, finding.player) == ("rule-broken", "/races/0/turns/1/cards", "Bruno")
    assert finding.where == (("race", 1), ("turn", 2))
    assert state.to_move == "Chiara" and state.view()["middle"][-1] == {"player": "Bruno", "cards": ["B1"]}


def test_a_wrongly_shaped_action_is_a_schema_finding_and_changes_nothing():
    state = started()
    log = state.to_log()
    for action in ("K5", {"player": "Bruno", "action": "jump"}, {"colour": "red"}, {"draw": ["K1"]}):
        found = state.apply(action)
        assert [finding.code for finding in found] == ["schema"]
        with pytest.raises(ValueError):
            state.patch(action)
    assert state.to_log() == log


def test_a_race_worked_by_hand_retirements_rewards_and_medals():
    state = started()
    # Three players: the first to retire takes bronze and draws 3 cards (the deck's Y3 Y4 Y5).
    assert state.apply(retire("Bruno")) == []
    bruno = seat(state, "Bruno")
    assert bruno["hand"] == ["B1", "B5", "Y3", "Y4", "Y5", "Y6", "K9", "G2", "R7"]
    assert (bruno["pile"], bruno["score"], bruno["retired"]) == (["bronze"], 1, True)
    assert state.to_move == "Chiara"  # clockwise among those still in the race
    assert state.apply(play("Chiara", "K6")) == []
    # Ann (B2 B3 Y1 Y2 G1) holds nothing higher than 6: she can only retire.
    assert [choice.action for choice in state.choices()] == [retire("Ann")]
    # The second to retire takes silver, the First-player card and 1 card (Y8); Chiara, last, takes gold.
    assert state.apply(retire("Ann")) == []
    view = state.view()
    assert {entry["name"]: (entry["pile"], entry["score"]) for entry in view["seats"]} == {
        "Ann": (["silver"], 2), "Bruno": (["bronze"], 1), "Chiara": (["gold"], 4)}
    assert "Y8" in seat(state, "Ann")["hand"] and view["finished"] and view["podium"] == {
        "Bruno": ["bronze"], "Ann": ["silver"], "Chiara": ["gold"]}
    assert view["first_player"] == "Ann"
    # The next race is the table's: the pile's order is known, so Ciclismo comes up, or is postponed.
    assert state.chance and state.to_move is None and state.moment == "race-2"
    assert [choice.action for choice in state.choices()] == [
        {"discipline": "Ciclismo"}, {"discipline": "Corsa", "postponed": "Ciclismo"}]
    report = state.report()
    assert report.races[0].medals == {"Bruno": ["bronze"], "Ann": ["silver"], "Chiara": ["gold"]}
    assert report.result.scores == {"Ann": 2, "Bruno": 1, "Chiara": 4}


def test_a_draw_nobody_saw_is_a_chance_step_that_may_be_named():
    state = started(deck=False)
    assert state.apply(retire("Bruno")) == []
    assert state.chance and state.to_move is None and state.moment == "race-1-turn-2"
    assert seat(state, "Bruno")["unseen"] == 3
    [choice] = state.choices(random.Random(1))
    assert choice.chance and len(choice.action["draw"]) == 3
    patch = state.patch(choice.action)
    assert patch == [{"op": "add", "path": "/races/0/turns/1/draw", "value": choice.action["draw"]}]
    log = jsonpatch.apply_patch(state.to_log(), patch)
    assert state.apply(choice.action) == []
    assert state.to_log() == log
    assert seat(state, "Bruno")["unseen"] == 0
    assert sorted(choice.action["draw"]) == sorted(set(seat(state, "Bruno")["hand"]) - set(HANDS["Bruno"]))


def test_a_draw_left_unnamed_stays_unseen():
    state = started(deck=False)
    state.apply(retire("Bruno"))
    assert state.apply(play("Chiara", "K6")) == [] and seat(state, "Bruno")["unseen"] == 3


def test_a_draw_left_unseen_offers_the_next_turn_and_writes_nothing():
    state = started(deck=False)
    state.apply(retire("Bruno"))
    before = state.to_log()
    past = past_unseen(state)
    assert past is not None and state.chance, "asking leaves the state itself at the draw"
    # Bruno retired, so Chiara follows Ann's K5: of K6 K7 R1 R2 G8 G9 the cards higher than 5 (Nuoto), or retiring
    assert (past.chance, past.to_move, past.moment, past.to_log()) == (False, "Chiara", "race-1-turn-3", before)
    assert {choice.label for choice in past.choices()} == {"Chiara plays K6", "Chiara plays K7", "Chiara plays G8",
                                                           "Chiara plays G9", "Chiara retires"}
    assert seat(past, "Bruno")["unseen"] == 3
    assert past.leave_unseen() is False, "nothing more is unseen"


def test_a_revealed_discipline_cannot_be_left_unseen():
    state = ENGINE.new_state(setup())
    assert state.chance and past_unseen(state) is None


def test_patches_applied_with_jsonpatch_rebuild_the_log_and_its_validation():
    state = ENGINE.new_state(setup())
    log = state.to_log()
    steps = [{"discipline": "Nuoto"}, play("Ann", "K5"), play("Bruno", "B1"), retire("Chiara"), play("Ann", "Y1")]
    for action in steps:
        log = jsonpatch.apply_patch(log, state.patch(action))
        state.apply(action)
        assert log == state.to_log()
        assert ENGINE.validate(log).to_dict() == state.report().to_dict()
    assert log["races"] == [{"discipline": "Nuoto", "turns": steps[1:]}]


def test_a_clone_is_independent():
    state = started()
    other = state.clone()
    other.apply(retire("Bruno"))
    assert seat(state, "Bruno")["retired"] is False and state.to_move == "Bruno"
    assert len(state.to_log()["races"][0]["turns"]) == 1 and len(other.to_log()["races"][0]["turns"]) == 2


def test_a_setup_no_game_can_start_from_is_refused():
    with pytest.raises(ValueError, match="players"):
        ENGINE.new_state({**setup(), "players": ["Ann"]})


def test_a_long_race_s_view_lists_its_latest_ten_plays_and_counts_the_rest():
    from scripts.hostile import PASSING, olympi

    # One race of 60 turns, each a play of two cards: the view after the last lists plays 51 to 60, as many
    # as the board draws, and counts the 120 cards laid.
    document = olympi(3, PASSING, races=1, turns=60)
    views = [view for anchor, view in ENGINE.snapshots(document) if anchor.startswith("race-1-turn-")]
    last = views[-1]
    assert len(last["middle"]) == 10 and last["earlier"] == 50 and last["cards_laid"] == 120
    assert [play["player"] for play in last["middle"]][:2] == ["Ann", "Bo"]  # Ann plays the odd turns, 51 too
    assert views[9]["earlier"] == 0 and len(views[9]["middle"]) == 10 and views[9]["cards_laid"] == 20


def test_a_chance_step_says_what_each_part_of_its_outcome_may_be():
    # The pile's order is known (discipline_deck): Nuoto on top, raced, or postponed for Ciclismo under it
    state = ENGINE.new_state(setup())
    assert state.chance_parts() == {"discipline": {"values": [["Nuoto", "Nuoto"], ["Ciclismo", "Ciclismo"]]},
                                    "postponed": {"values": [["Nuoto", "Nuoto"]]}}
    state.apply({"discipline": "Nuoto"})
    assert state.chance_parts() == {}, "a player's step has no chance part"
    for action in (play("Ann", "K5"), retire("Bruno"), retire("Chiara")):
        assert state.apply(action) == []
    assert state.chance and state.chance_parts() == {"discipline": {"values": [["Ciclismo", "Ciclismo"],
                                                                               ["Corsa", "Corsa"]]},
                                                     "postponed": {"values": [["Ciclismo", "Ciclismo"]]}}


def test_with_the_pile_s_order_unknown_any_face_down_card_may_come_up_and_a_postponed_one_only_last():
    log = setup()
    del log["discipline_deck"]
    state = ENGINE.new_state(log)
    face_down = [[name, name] for name in NAMES]
    assert state.chance_parts() == {"discipline": {"values": face_down}, "postponed": {"values": face_down}}
    state.apply({"discipline": "Corsa", "postponed": "Nuoto"})  # Nuoto now lies face up under the pile
    for action in (play("Ann", "K5"), retire("Bruno"), retire("Chiara")):
        state.apply(action)
    left = [pair for pair in face_down if pair[0] not in ("Nuoto", "Corsa")]
    assert state.chance_parts() == {"discipline": {"values": left}, "postponed": {"values": left}}


def test_a_draw_nobody_saw_may_be_any_copy_not_known_to_be_elsewhere():
    state = started(deck=False)
    state.apply(retire("Bruno"))
    # The 18 cards dealt are 18 different cards, each known somewhere (K5 on the table, the rest in hands): one
    # copy of each is left; the other 27 cards were dealt to no one, both copies left, 72 in all.
    dealt = {card for cards in HANDS.values() for card in cards}
    expected = {card: 1 if card in dealt else 2 for card in texts(full_deck())}
    assert state.chance_parts() == {"draw": {"cards": expected}} and sum(expected.values()) == 72


def test_a_catalogue_discipline_is_named_by_its_title_in_choices_and_parts():
    state = ENGINE.new_state({"game": "olympi", "players": ["Ann", "Bruno"], "races": [],
                              "disciplines": ["house-higher", "house-lower"]})
    titles = [["house-higher", "House rule: higher"], ["house-lower", "House rule: lower"]]
    assert state.chance_parts()["discipline"]["values"] == titles
    # the pile's order unknown: either card may be on top, raced or postponed for the other
    assert sorted(choice.label for choice in state.choices(random.Random(0))) == [
        "House rule: higher is raced", "House rule: lower is raced",
        "The first player postpones House rule: higher; House rule: lower is raced",
        "The first player postpones House rule: lower; House rule: higher is raced"]
    assert state.label({"discipline": "house-higher"}) == "House rule: higher is raced"


def test_the_first_player_card_changes_hands_when_it_is_taken_not_when_the_next_race_starts():
    state = started()
    state.apply(retire("Bruno"))
    assert state.view()["first_player"] == "Ann"
    # three players: the second to retire takes the First-player card (the rulebook's table), so Chiara reveals
    # race 2
    state.apply(retire("Chiara"))
    assert state.chance and state.view()["first_player"] == "Chiara"
    assert [choice.label for choice in state.choices(random.Random(0))] == [
        "Ciclismo is raced", "Chiara postpones Ciclismo; Corsa is raced"]
    state.apply({"discipline": "Ciclismo"})
    assert (state.to_move, state.view()["first_player"]) == ("Chiara", "Chiara")


def test_before_race_1_the_view_names_no_race_and_counts_world_records_only_with_the_variant():
    assert ENGINE.new_state(setup()).view()["race"] is None
    assert [seat["records"] for seat in ENGINE.new_state(setup()).view()["seats"]] == [None, None, None]
    variant = {**setup(), "options": {"world_record": True}}
    assert [seat["records"] for seat in ENGINE.new_state(variant).view()["seats"]] == [0, 0, 0]

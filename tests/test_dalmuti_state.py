"""The Grande Dalmuti State: choices worked by hand from the rules, findings as the validator gives them,
strict refusal, taxes and revolutions as actions, patches applied with the PyPI ``jsonpatch`` library,
and properties of sessions played from their setup by random choices."""

import copy
import random

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dalmuti_replay import validate
from dalmuti_replay.engine import ENGINE
from replaykit.state import IllegalAction
from tests.dalmuti_helpers import FOUR


def cards(text: str) -> list[str]:
    return text.split()


# Four players: a deck of 1–10 and two Jesters, 57 cards; Anna, Great Dalmuti, is dealt 15, the others 14.
DEAL = {"Anna": cards("7 7 7 7 7 7 7 8 8 8 8 8 8 8 8"),
        "Bruno": cards("5 5 6 9 9 9 9 9 10 10 10 10 10 J"),
        "Carla": cards("1 2 2 3 3 3 4 4 4 4 9 9 9 9"),
        "Dario": cards("5 5 5 6 6 6 6 6 10 10 10 10 10 J")}
# The same, but the Great Peon Dario holds both Jesters (Bruno has his fifth 10 instead).
REVOLT = {**DEAL, "Bruno": cards("5 5 6 9 9 9 9 9 10 10 10 10 10 10"),
          "Dario": cards("5 5 5 6 6 6 6 6 10 10 10 10 J J")}


def setup(**options) -> dict:
    return {"game": "grande-dalmuti", "players": list(FOUR), "options": options, "end": {"rounds": 1}}


def after_a_lead_of_two_sevens(hands: dict | None = DEAL):
    log = {**setup(settling_round=True), "rounds": [{"tricks": [{"plays": [{"player": "Anna",
                                                                            "cards": ["7", "7"]}]}]}]}
    if hands is not None:
        log["rounds"][0]["hands"] = hands
    report, state = ENGINE.load(log)
    assert report.valid  # unfinished: only warnings
    return log, state


def test_a_pair_of_sevens_is_beaten_by_pairs_below_seven_jesters_filling_in():
    _log, state = after_a_lead_of_two_sevens()
    assert state.to_move == "Bruno" and not state.chance
    offered = {(tuple(choice.action.get("cards") or ()), choice.known) for choice in state.choices()}
    # Bruno holds 5 5 6 J: two 5s, a 5 with the Jester, the 6 with the Jester; or he passes.
    assert offered == {(("5", "5"), True), (("5", "J"), True), (("6", "J"), True), ((), True)}


def test_without_the_deal_every_pair_not_proven_impossible_is_offered_as_unknown():
    _log, state = after_a_lead_of_two_sevens(hands=None)
    sets = [choice for choice in state.choices() if "cards" in choice.action]
    assert sets and all(not choice.known and "Bruno" in choice.hint for choice in sets)
    offered = {tuple(choice.action["cards"]) for choice in sets}
    assert ("6", "6") in offered and ("1", "J") in offered and ("J", "J") not in offered  # Jesters alone count 13
    assert ("1", "1") not in offered  # the deck holds one 1
    assert all(int(cards_[0]) < 7 for cards_ in offered)


def test_a_known_hands_illegal_set_is_the_validators_finding_and_play_goes_on():
    log, state = after_a_lead_of_two_sevens()
    action = {"player": "Bruno", "cards": ["6", "6"]}
    found = state.apply(action)
    written = copy.deepcopy(log)
    written["rounds"][0]["tricks"][0]["plays"].append(action)
    assert found == [finding for finding in validate(written).findings if finding.is_error]
    assert [(finding.code, finding.path) for finding in found] == [("card-not-in-hand",
                                                                     "/rounds/0/tricks/0/plays/1/cards")]
    assert state.to_move == "Carla"  # as played: the 6 6 is the set to beat


def test_strict_mode_refuses_an_illegal_set_and_changes_nothing():
    _log, state = after_a_lead_of_two_sevens()
    before = state.to_log()
    with pytest.raises(IllegalAction) as refused:
        state.apply({"player": "Bruno", "cards": ["9", "9"]}, strict=True)
    assert [finding.code for finding in refused.value.findings] == ["not-lower"]
    assert state.to_log() == before and state.to_move == "Bruno"
    assert state.apply({"player": "Bruno", "cards": ["5", "5"]}, strict=True) == []


def test_an_action_of_another_shape_is_a_schema_finding_and_cannot_be_patched():
    _log, state = after_a_lead_of_two_sevens()
    before = state.to_log()
    assert [finding.code for finding in state.apply({"player": "Bruno", "cards": "5 5"})] == ["schema"]
    assert [finding.code for finding in state.apply(["Bruno"])] == ["schema"]
    assert state.to_log() == before
    with pytest.raises(ValueError):
        state.patch({"pass": 1})


def test_a_round_begun_must_be_the_next_one():
    # Round 1 is under way; {"round": 2} begins the next round, and no other number does.
    _log, state = after_a_lead_of_two_sevens()
    before = state.to_log()
    for wrong in (1, 3):
        found = state.apply({"round": wrong})
        assert [(finding.code, finding.message) for finding in found] == [
            ("schema", f"Round 2 begins next, not round {wrong}.")]
        assert state.to_log() == before
    # the next round begins (round 1 left unfinished is a finding of its own, not a schema problem)
    assert "schema" not in [finding.code for finding in state.clone().apply({"round": 2})]


def test_taxes_are_actions_the_great_peon_giving_his_two_best_cards():
    state = ENGINE.new_state(setup())  # round 1 begun: its deal is the table's step
    assert state.chance and state.choices()[0].chance
    state.apply({"hands": DEAL})
    tax = state.choices()[0]
    assert tax.action == {"from": "Dario", "to": "Anna", "cards": ["5", "5"]} and tax.known
    assert state.apply(tax.action) == []
    assert state.apply({"from": "Carla", "to": "Bruno", "cards": ["1"]}) == []
    returns = [choice for choice in state.choices() if choice.action["from"] == "Anna"]  # any two cards back
    assert {choice.action["from"] for choice in returns} == {"Anna"}
    assert {tuple(choice.action["cards"]) for choice in returns} == {("5", "5"), ("5", "7"), ("5", "8"),
                                                                      ("7", "7"), ("7", "8"), ("8", "8")}
    # Paying a Peon's worse cards is the validator's tax-wrong-cards, found when given
    wrong = ENGINE.new_state(setup())
    wrong.apply({"hands": DEAL})
    assert [finding.code for finding in wrong.apply({"from": "Dario", "to": "Anna", "cards": ["10", "10"]})] == \
        ["tax-wrong-cards"]


def test_a_dalmutis_return_listed_before_the_tax_is_applied_in_the_rules_order():
    state = ENGINE.new_state(setup())
    for action in ({"hands": DEAL}, {"from": "Anna", "to": "Dario", "cards": ["5", "5"]},
                   {"from": "Dario", "to": "Anna", "cards": ["5", "5"]}):
        state.apply(action)
    # Anna gives back the 5s she is paid: fine, as the tax comes first whatever the order listed; before play
    # nothing owed is missing yet, once play begins the Little Peon's tax and the Little Dalmuti's return are
    assert [finding.code for finding in validate(state.to_log()).findings if finding.is_error] == []
    assert [finding.code for finding in state.apply({"player": "Anna", "cards": ["8"]})] == ["tax-missing",
                                                                                            "tax-missing"]


def test_a_great_revolution_reverses_the_ranks_and_its_taxes_follow_them():
    state = ENGINE.new_state(setup())
    state.apply({"hands": REVOLT})
    offered = [choice.action for choice in state.choices() if "revolution" in choice.action]
    assert offered == [{"revolution": "Dario"}]
    assert state.apply({"revolution": "Dario"}) == []
    assert [seat["name"] for seat in state.view()["seats"]] == ["Dario", "Carla", "Bruno", "Anna"]
    tax = state.choices()[0]  # now Anna is the Great Peon and owes Dario her best two cards
    assert tax.action == {"from": "Anna", "to": "Dario", "cards": ["7", "7"]}


def test_a_revolution_by_a_player_without_both_jesters_is_revolution_invalid():
    state = ENGINE.new_state(setup())
    state.apply({"hands": DEAL})
    assert [finding.code for finding in state.apply({"revolution": "Carla"})] == ["revolution-invalid"]


def test_patches_applied_with_jsonpatch_record_each_choice_in_the_log():
    log, state = after_a_lead_of_two_sevens()
    for choice in state.choices():
        patched = jsonpatch.apply_patch(log, state.patch(choice.action))
        after = state.clone()
        after.apply(choice.action)
        assert validate(patched).to_dict() == validate(after.to_log()).to_dict()
        assert patched["rounds"][0]["tricks"][0]["plays"][-1] == choice.action
    assert state.to_log()["rounds"][0]["tricks"][0]["plays"] == [{"player": "Anna", "cards": ["7", "7"]}]


def test_the_view_shows_seats_hands_and_the_sets_of_the_trick():
    _log, state = after_a_lead_of_two_sevens()
    state.apply({"player": "Bruno", "cards": ["5", "J"]})
    shown = state.view()
    seats = {seat["name"]: seat for seat in shown["seats"]}
    assert seats["Anna"]["hand"] == cards("7 7 7 7 7 8 8 8 8 8 8 8 8") and seats["Anna"]["pile"] == ["7", "7"]
    assert seats["Bruno"]["hand"][:2] == ["5", "6"] and seats["Bruno"]["unseen"] == 0
    assert shown["middle"] == [{"player": "Anna", "cards": ["7", "7"]}, {"player": "Bruno", "cards": ["5", "J"]}]
    assert shown["round"] == 1 and shown["trick"] == 1 and state.moment == "round-1-trick-1-play-3"
    assert shown["proven"] == {}  # every hand recorded: nothing to prove
    unknown = after_a_lead_of_two_sevens(hands=None)[1].view()
    assert [(seat["hand"], seat["unseen"]) for seat in unknown["seats"]] == [([], 13), ([], 14), ([], 14), ([], 14)]
    # No deal recorded: Anna is proven to have been dealt the 7 7 she laid (a settling round: nothing received)
    assert unknown["proven"] == {"Anna": ["7", "7"], "Bruno": [], "Carla": [], "Dario": []}


def test_cards_received_before_play_are_not_proof_of_the_deal():
    state = ENGINE.new_state(setup())
    for action in ({"from": "Dario", "to": "Anna", "cards": ["5", "5"]}, {"from": "Carla", "to": "Bruno",
                                                                           "cards": ["1"]},
                   {"from": "Anna", "to": "Dario", "cards": ["5", "8"]}, {"from": "Bruno", "to": "Carla",
                                                                          "cards": ["10"]},
                   {"player": "Anna", "cards": ["5", "7"]}):
        state.apply(action)  # no deal: round 1 goes on with the hands unknown
    proven = state.view()["proven"]
    # Anna gave 5 8 and laid 5 7 having received 5 5: proven dealt 5 8 and the 7 (her laid 5 was received)
    assert proven["Anna"] == ["5", "7", "8"] and proven["Dario"] == ["5", "5"] and proven["Carla"] == ["1"]


def test_a_clone_goes_on_alone():
    _log, state = after_a_lead_of_two_sevens()
    twin = state.clone()
    twin.apply({"player": "Bruno", "cards": ["5", "5"]})
    assert state.to_move == "Bruno" and twin.to_move == "Carla"
    assert len(state.to_log()["rounds"][0]["tricks"][0]["plays"]) == 1


# -- properties -------------------------------------------------------------------------------------------


def played_out(players: int, seed: int, options: dict):
    """A session from its setup by random choices, each also recorded as a patch of the log."""
    rng = random.Random(seed)
    state = ENGINE.new_state({**setup(**options), "players": ["A", "B", "C", "D", "E", "F", "G", "H"][:players]})
    log = state.to_log()
    while not state.is_over():
        choice = rng.choice(state.choices(rng))
        log = jsonpatch.apply_patch(log, state.patch(choice.action))
        found = state.apply(choice.action)
        assert not [finding for finding in found if finding.is_error], (choice, found)
    return state, log


OPTIONS = st.sampled_from([{}, {"market": True}, {"black_market": True}, {"settling_round": True},
                           {"auto_revolution": True}, {"full_deck": True, "chosen_one": True}])


@settings(max_examples=12, deadline=None)
@given(players=st.integers(4, 8), seed=st.integers(0, 10**6), options=OPTIONS)
def test_every_choice_is_legal_and_the_patches_make_the_log_the_state_writes(players, seed, options):
    state, log = played_out(players, seed, options)
    report = validate(state.to_log())
    assert report.valid and report.complete
    assert validate(log).to_dict() == report.to_dict()


@settings(max_examples=12, deadline=None)
@given(players=st.integers(4, 8), seed=st.integers(0, 10**6), options=OPTIONS)
def test_every_snapshot_holds_the_whole_deck_and_the_replay_gives_the_same_views(players, seed, options):
    state, log = played_out(players, seed, options)
    snapshots = ENGINE.snapshots(log)
    deck = {4: 57, 5: 68}.get(players, 80) if not options.get("full_deck") else 80
    for _anchor, shown in snapshots[1:]:
        held = sum(len(seat["hand"]) + seat["unseen"] + len(seat["pile"]) for seat in shown["seats"])
        assert held == deck  # cards move between hands and piles, never appear or vanish
    assert snapshots[-1][1] == state.view()
    anchors = [anchor for anchor, _ in snapshots]
    assert anchors[:2] == ["", "round-1-deal"] and len(set(anchors)) == len(anchors)  # a step, an anchor

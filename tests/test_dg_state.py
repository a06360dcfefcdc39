"""The David & Goliath State, on examples worked by hand from the rules (docs/games/david-goliath/rulings.md).

Three players, Andrea, Ben and Clara, dealer Clara: Andrea leads the first trick. The 45-card deck (values 1
to 9) is dealt so that Andrea holds all blue and yellow 1–6, Ben yellow 7–9, all green and red 1–3, Clara red
4–9 and all purple.
"""

from __future__ import annotations

import random

import jsonpatch
import pytest

from dg_replay import new_state
from dg_replay.engine import ENGINE
from replaykit.state import IllegalAction

PLAYERS = ["Andrea", "Ben", "Clara"]
HANDS = {
    "Andrea": [f"B{value}" for value in range(1, 10)] + [f"Y{value}" for value in range(1, 7)],
    "Ben": ["Y7", "Y8", "Y9"] + [f"G{value}" for value in range(1, 10)] + ["R1", "R2", "R3"],
    "Clara": [f"R{value}" for value in range(4, 10)] + [f"P{value}" for value in range(1, 10)],
}
SETUP = {"game": "david-goliath", "players": PLAYERS, "dealer": "Clara", "hands": HANDS}


def play(player: str, card: str) -> dict:
    return {"player": player, "card": card}


def cards(choices) -> list[str]:
    return [choice.action["card"] for choice in choices]


def test_a_new_game_starts_left_of_the_dealer():
    state = new_state(SETUP)
    assert state.to_move == "Andrea" and state.moment == "trick-1-play-1" and not state.chance
    assert cards(state.choices()) == HANDS["Andrea"]  # a leader may lead anything, shown colour by colour


def test_a_known_hand_must_follow_the_led_colour_and_a_void_hand_may_play_anything():
    state = new_state(SETUP)
    assert state.apply(play("Andrea", "Y2")) == []
    assert cards(state.choices()) == ["Y7", "Y8", "Y9"]  # Ben holds yellow: only yellow
    assert all(choice.known and choice.hint is None for choice in state.choices())
    state.apply(play("Ben", "Y9"))
    assert state.to_move == "Clara"
    assert sorted(cards(state.choices())) == sorted(HANDS["Clara"])  # Clara has no yellow


def test_strict_mode_refuses_a_revoke_and_leaves_the_state_as_it_was():
    state = new_state(SETUP)
    state.apply(play("Andrea", "Y2"))
    before = state.view()
    with pytest.raises(IllegalAction) as refused:
        state.apply(play("Ben", "G1"), strict=True)
    assert [finding.code for finding in refused.value.findings] == ["must-follow-suit"]
    assert state.view() == before and state.to_move == "Ben"


def test_as_played_a_revoke_is_a_finding_and_the_game_goes_on():
    state = new_state(SETUP)
    state.apply(play("Andrea", "Y2"))
    found = state.apply(play("Ben", "G1"))
    assert [(finding.code, finding.path, finding.player) for finding in found] == [
        ("must-follow-suit", "/tricks/0/plays/1/card", "Ben")]
    assert "Y7 Y8 Y9" in found[0].message
    assert state.to_move == "Clara"


@pytest.mark.parametrize(("action", "code"), [
    (play("Ben", "Y7"), "wrong-leader"),  # Andrea, left of the dealer, leads
    (play("Zed", "Y7"), "unknown-player"),
    (play("Andrea", "B10"), "card-not-in-deck"),  # three players: values 1 to 9
    (play("Andrea", "P1"), "card-not-in-hand"),
])
def test_each_mistake_of_a_first_play_gives_its_finding(action, code):
    assert code in [finding.code for finding in new_state(SETUP).apply(action)]


def test_a_card_played_twice_and_an_action_of_another_shape():
    state = new_state(SETUP)
    state.apply(play("Andrea", "Y2"))
    assert [finding.code for finding in state.apply(play("Ben", "Y2"))] == ["card-already-played"]
    before = state.view()
    for wrong in ("Y2", {"player": "Ben"}, {"player": "Ben", "card": "Y8", "extra": 1}, None):
        assert [finding.code for finding in state.apply(wrong)] == ["schema"]
        with pytest.raises(ValueError):
            state.patch(wrong)
    assert state.view() == before


def test_the_view_after_a_trick_shows_captures_scores_and_the_next_leader():
    state = new_state(SETUP)
    for action in (play("Andrea", "Y2"), play("Ben", "Y9"), play("Clara", "R4")):
        state.apply(action)
    # Y9 is highest (Ben); the lowest of the rest is Y2 (Andrea): Andrea takes Y9, Ben takes Y2 and R4.
    view = state.view()
    seats = {seat["name"]: seat for seat in view["seats"]}
    assert seats["Andrea"]["pile"] == ["Y9"] and seats["Andrea"]["score"] == 9  # one yellow: its value
    assert seats["Ben"]["pile"] == ["Y2", "R4"] and seats["Ben"]["score"] == 2 + 4
    assert seats["Clara"]["pile"] == [] and seats["Clara"]["score"] == 0
    assert seats["Ben"]["colors"]["Y"] == {"cards": 1, "points": 2}
    assert seats["Andrea"]["hand"][:9] == [f"B{value}" for value in range(1, 10)]  # colour by colour
    assert len(seats["Andrea"]["hand"]) == 14 and seats["Andrea"]["unseen"] == 0
    assert view["middle"] == [{"player": "Andrea", "cards": ["Y2"]}, {"player": "Ben", "cards": ["Y9"]},
                              {"player": "Clara", "cards": ["R4"]}]
    assert view["trick"] == 1 and view["resolved"]
    assert view["taken"] == {"trick": 1, "high": 2, "low": 1, "captures": {"Andrea": ["Y9"], "Ben": ["Y2", "R4"]}}
    assert state.to_move == "Ben" and state.moment == "trick-2-play-1"  # the highest card leads


def test_of_equal_values_the_card_played_last_is_the_highest():
    state = new_state(SETUP)
    # Trick 1 as above: Ben takes Y2 and R4. Trick 2: Ben leads R1, Clara R9, Andrea (no red) B9:
    # B9 highest (Andrea), lowest R1 (Ben): Ben takes B9, Andrea takes R1 and R9.
    for action in (play("Andrea", "Y2"), play("Ben", "Y9"), play("Clara", "R4"),
                   play("Ben", "R1"), play("Clara", "R9"), play("Andrea", "B9")):
        assert state.apply(action) == []
    seats = {seat["name"]: seat for seat in state.view()["seats"]}
    assert seats["Andrea"]["score"] == 9 + 1 + 9  # Y9; R1 and R9, two reds score their values
    assert seats["Ben"]["score"] == 2 + 4 + 9


def test_an_unknown_hand_offers_every_card_not_proven_impossible_with_a_hint():
    state = new_state({"game": "david-goliath", "players": PLAYERS, "dealer": "Clara"})
    state.apply(play("Andrea", "R5"))
    offered = state.choices()
    assert len(offered) == 45 - 1 and "R5" not in cards(offered)
    assert not any(choice.known for choice in offered)
    hints = {choice.action["card"]: choice.hint for choice in offered}
    assert hints["G3"] == "must follow red if held" and hints["R6"] is None
    state.apply(play("Ben", "G3"))  # Ben shows he holds no red: red is no longer offered to him
    state.apply(play("Clara", "R7"))
    state.apply(play("Clara", "R9"))  # Clara took the trick (R7 highest) and leads red again
    assert state.to_move == "Andrea"
    state.apply(play("Andrea", "R1"))
    assert not any(card.startswith("R") for card in cards(state.choices()))


def test_a_patch_applied_by_jsonpatch_is_the_log_of_the_state_after_the_action():
    log = dict(SETUP)  # no "tricks" yet: the first patch creates the list
    state = ENGINE.load(log, ENGINE.default_limits)[1]
    patch = state.patch(play("Andrea", "Y2"))
    assert patch == [{"op": "add", "path": "/tricks", "value": []},
                     {"op": "add", "path": "/tricks/-", "value": {"plays": [play("Andrea", "Y2")]}}]
    log = jsonpatch.apply_patch(log, patch)
    state.apply(play("Andrea", "Y2"))
    patch = state.patch(play("Ben", "G1"))  # illegal, recorded as played all the same
    assert patch == [{"op": "add", "path": "/tricks/0/plays/-", "value": play("Ben", "G1")}]
    log = jsonpatch.apply_patch(log, patch)
    state.apply(play("Ben", "G1"))
    report, loaded = ENGINE.load(log, ENGINE.default_limits)
    # Trick 1 stops after two plays: a warning first (the trick's own), then the revoke, then the game's.
    assert [finding.code for finding in report.findings] == ["trick-size", "must-follow-suit", "incomplete-game"]
    assert loaded.view() == state.view() and loaded.to_log() == state.to_log()


def test_a_short_trick_recorded_as_played_is_closed_by_the_next_trick():
    state = new_state(SETUP)
    state.apply(play("Andrea", "Y2"))
    state.apply(play("Ben", "Y9"))
    assert state.patch({**play("Ben", "Y8"), "trick": 2})[-1]["path"] == "/tricks/-"
    found = state.apply({**play("Ben", "Y8"), "trick": 2})
    # Trick 1 had 2 of 3 plays: resolved as played (Y9 high, Y2 low), and Ben rightly leads trick 2.
    assert [finding.code for finding in found] == ["trick-size"]
    assert state.tricks[0].captures == {"Andrea": [state.tricks[0].plays[1].card],
                                        "Ben": [state.tricks[0].plays[0].card]}


def test_a_match_deals_each_game_as_a_chance_step_clockwise():
    state = new_state({"game": "david-goliath-match", "players": PLAYERS})
    assert state.chance and state.to_move is None and state.moment == "game-1"
    rng = random.Random(4)
    (deal,) = state.choices(rng)
    assert deal.chance and set(deal.action) == {"dealer", "hands"}
    assert sorted(card for hand in deal.action["hands"].values() for card in hand) == sorted(
        f"{color}{value}" for color in "BYGRP" for value in range(1, 10))
    assert state.patch(deal.action) == [
        {"op": "add", "path": "/games", "value": []},
        {"op": "add", "path": "/games/-", "value": {"game": "david-goliath", "players": PLAYERS,
                                                    "dealer": deal.action["dealer"], "hands": deal.action["hands"],
                                                    "tricks": []}}]
    assert state.apply(deal.action) == []
    first_dealer = deal.action["dealer"]
    assert state.to_move == PLAYERS[(PLAYERS.index(first_dealer) + 1) % 3]
    assert state.choices()[0].action["player"] == state.to_move
    while not state.chance:
        state.apply(state.choices(rng)[0].action, strict=True)
    (deal,) = state.choices(rng)
    assert deal.action["dealer"] == PLAYERS[(PLAYERS.index(first_dealer) + 1) % 3]  # the deal passes left
    wrong = PLAYERS[(PLAYERS.index(first_dealer) + 2) % 3]
    found = state.apply({"dealer": wrong})
    assert [(finding.code, finding.path) for finding in found] == [("dealer-rotation", "/games/1/dealer")]
    assert state.moment.startswith("game-2-trick-1")


def test_a_match_play_is_placed_inside_its_game():
    state = new_state({"game": "david-goliath-match", "players": PLAYERS, "games": []})
    state.apply({"dealer": "Clara", "hands": HANDS})
    assert state.patch(play("Andrea", "Y2")) == [
        {"op": "add", "path": "/games/0/tricks/-", "value": {"plays": [play("Andrea", "Y2")]}}]
    found = state.apply(play("Andrea", "P1"))
    assert [(finding.code, finding.path, finding.unit("game")) for finding in found] == [
        ("card-not-in-hand", "/games/0/tricks/0/plays/0/card", 1)]
    assert state.view()["game"] == 1 and state.view()["games"] == 3


def test_a_clone_is_independent():
    state = new_state(SETUP)
    state.apply(play("Andrea", "Y2"))
    twin = state.clone()
    twin.apply(play("Ben", "Y9"))
    assert state.to_move == "Ben" and len(state.view()["middle"]) == 1 and twin.to_move == "Clara"


def test_new_state_needs_players():
    with pytest.raises(ValueError, match="players"):
        new_state({"game": "david-goliath", "tricks": []})


def test_a_loaded_states_findings_are_the_plays_not_the_logs_claims():
    log = {**SETUP, "tricks": [{"plays": [play("Andrea", "Y2"), play("Ben", "Y9"), play("Clara", "R4")],
                                "captures": {"Ben": ["Y9"]}}]}  # wrong: Andrea takes Y9, Ben Y2 and R4
    report, state = ENGINE.load(log, ENGINE.default_limits)
    assert [finding.code for finding in report.findings] == ["capture-mismatch", "incomplete-game"]
    assert state.findings == [] and ENGINE.validate(state.to_log()).findings[0].code == "incomplete-game"


def test_games_of_one_seating_share_its_fixed_facts_and_the_seatings_kept_stay_bounded():
    from dg_replay.setup import TABLES
    from dg_replay.state import GameState

    first, second = GameState(["Ann", "Ben", "Cy", "Ann"]), GameState(["Ann", "Ben", "Cy"])
    assert first.rules is second.rules and first.rules.seating == ("Ann", "Ben", "Cy")  # a repeat keeps its seat
    assert first.orders == {"Ann": ("Ann", "Ben", "Cy"), "Ben": ("Ben", "Cy", "Ann"), "Cy": ("Cy", "Ann", "Ben")}
    assert first.seats == frozenset({"Ann", "Ben", "Cy"})
    for index in range(TABLES.limit + 10):
        GameState([f"P{index}", "Ben", "Cy"])
    assert len(TABLES) <= TABLES.limit
    assert GameState(["Ann", "Ben", "Cy"]).orders["Cy"] == ("Cy", "Ann", "Ben")  # made again where dropped

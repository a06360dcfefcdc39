"""POST /api/v1/choices and /api/v1/apply: play on from any log by JSON Patches, record any step as played."""

from __future__ import annotations

import random

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import create_app
from replaykit import registry
from replaykit.state import label_of
from tests.conftest import app_config
from tests.plugin_fixtures import toy_engine
from tests.state_helpers import setup_state

COLORS = "BYGRP"
# Three players, values 1–9: Andrea holds 1–3, Ben 4–6 and Clara 7–9 of every colour; Clara deals, so
# Andrea, on her left, leads the first trick.
HANDS = {name: [f"{color}{value}" for color in COLORS for value in range(low, low + 3)]
         for name, low in (("Andrea", 1), ("Ben", 4), ("Clara", 7))}


def dg_log(plays: list[tuple[str, str]], hands: bool = True) -> dict:
    log = {"game": "david-goliath", "players": ["Andrea", "Ben", "Clara"], "dealer": "Clara",
           "tricks": [{"plays": [{"player": name, "card": card} for name, card in plays]}] if plays else []}
    if hands:
        log["hands"] = HANDS
    return log


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One app for the module's tests, each with a client of its own: choices and apply answer from the
    request alone and store nothing, and an app costs some 55 ms to create."""
    application = create_app(app_config(tmp_path_factory.mktemp("app")))
    yield application
    application.extensions["card_replay"].repository.dispose()


def cards(answer: dict) -> set[str]:
    return {choice["action"]["card"] for choice in answer["choices"]}


def test_the_setup_is_a_start_and_the_leader_may_play_any_card(client) -> None:
    answer = client.post("/api/v1/choices", json=dg_log([])).get_json()
    assert answer["game"] == "david-goliath" and answer["to_move"] == "Andrea" and not answer["over"]
    assert answer["moment"] == "trick-1-play-1" and answer["known"] and not answer["chance"]
    assert cards(answer) == set(HANDS["Andrea"])
    assert [seat["name"] for seat in answer["view"]["seats"]] == ["Andrea", "Ben", "Clara"]


def test_a_known_hand_must_follow_the_lead(client) -> None:
    answer = client.post("/api/v1/choices", json=dg_log([("Andrea", "B1")])).get_json()
    assert answer["to_move"] == "Ben" and answer["moment"] == "trick-1-play-2"
    assert cards(answer) == {"B4", "B5", "B6"}
    patched = jsonpatch.apply_patch(dg_log([("Andrea", "B1")]), answer["choices"][0]["patch"])
    assert patched["tricks"][0]["plays"][1] == answer["choices"][0]["action"]
    after = client.post("/api/v1/choices", json=patched).get_json()
    assert after["to_move"] == "Clara" and cards(after) == {"B7", "B8", "B9"} and after["valid"]


def test_an_unknown_hand_may_play_any_unseen_card_flagged_unknown(client) -> None:
    answer = client.post("/api/v1/choices", json=dg_log([("Andrea", "B1")], hands=False)).get_json()
    assert not answer["known"] and all(not choice["known"] for choice in answer["choices"])
    assert len(answer["choices"]) == 5 * 9 - 1  # every card of the 3-player deck but the one played
    assert all("blue" in choice.get("hint", "").lower() for choice in answer["choices"]
               if choice["action"]["card"][0] != "B")


def test_apply_records_a_revoke_as_played_with_its_finding(client) -> None:
    log = dg_log([("Andrea", "B1")])
    answer = client.post("/api/v1/apply", json={"log": log, "action": {"player": "Ben", "card": "R4"}}).get_json()
    assert answer["legal"] is False
    assert [finding["code"] for finding in answer["findings"]] == ["must-follow-suit"]
    assert answer["findings"][0]["path"] == "/tricks/0/plays/1/card"
    patched = jsonpatch.apply_patch(log, answer["patch"])
    assert patched["tricks"][0]["plays"][1] == {"player": "Ben", "card": "R4"}
    report = client.post("/api/v1/validate", json=patched).get_json()
    assert [finding["code"] for finding in report["errors"]] == ["must-follow-suit"]


def test_apply_of_a_legal_action_has_no_findings(client) -> None:
    body = {"log": dg_log([("Andrea", "B1")]), "action": {"player": "Ben", "card": "B5"}}
    answer = client.post("/api/v1/apply", json=body).get_json()
    assert answer == {**answer, "legal": True, "findings": []}


@pytest.mark.parametrize("body, status", [
    (b"{", 400),
    (b'{"game": "chess"}', 422),
    (b'{"game": "david-goliath", "players": ["Andrea"]}', 422),
])
def test_choices_refuses_what_no_game_can_go_on_from(client, body: bytes, status: int) -> None:
    response = client.post("/api/v1/choices", data=body, content_type="application/json")
    assert response.status_code == status and response.mimetype == "application/problem+json"
    assert response.get_json()["detail"]


@pytest.mark.parametrize("log, code, path", [
    ({"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla"], "rounds": []}, "player-count", "/players"),
    ({"game": "grande-dalmuti", "players": ["Anna", "Anna", "Bruno", "Carla"], "rounds": []}, "duplicate-player",
     "/players/1"),
])
def test_choices_says_a_setup_s_errors_stop_the_game_not_that_it_reached_its_end(client, log, code, path) -> None:
    # Il Grande Dalmuti is for 4 players or more, each named once: no step can be played
    answer = client.post("/api/v1/choices", json=log).get_json()
    assert (answer["over"], answer["choices"], answer["valid"]) == (True, [], False)
    assert answer["place"] == "where the log's errors stop the game"
    assert [(finding["code"], finding["path"]) for finding in answer["findings"]] == [(code, path)]


@pytest.mark.parametrize("body, errors", [
    ([], [("", "The body must be a JSON object.")]),
    ({"log": {}}, [("/action", '"action" is missing.')]),
    ({"log": {}, "action": {}, "more/1": 1}, [("/more~11", '"more/1" is not a member of this body.')]),
    ({"x" * 101: 1}, [("/log", '"log" is missing.'), ("/action", '"action" is missing.'),
                      ("", f'"{"x" * 36}... is not a member of this body.')])])  # quoted shortened, unplaced
def test_apply_wants_a_log_and_an_action_and_says_what_is_amiss_where(client, body, errors) -> None:
    response = client.post("/api/v1/apply", json=body)
    assert response.status_code == 422 and "log" in response.get_json()["detail"]
    assert [(error["path"], error["message"]) for error in response.get_json()["errors"]] == errors


def test_apply_refuses_an_action_that_is_not_the_game_s(client) -> None:
    response = client.post("/api/v1/apply", json={"log": dg_log([]), "action": {"player": "Andrea", "card": 7}})
    assert response.status_code == 422 and response.get_json()["detail"].startswith("The action cannot be recorded")


def test_an_apply_refusal_points_into_the_body_at_what_it_refuses(client) -> None:
    # A D&G card is a code ("B7") or {"color", "value"}: a bare number is no card, so the action is refused.
    refused = client.post("/api/v1/apply", json={"log": dg_log([]), "action": {"player": "Andrea", "card": 7}})
    body = refused.get_json()
    assert [(error["path"], error["code"]) for error in body["errors"]] == [("/action", "schema")]
    assert body["detail"] == "The action cannot be recorded. " + body["errors"][0]["message"]
    # the log is the body's "log": its shape's pointers start there
    refused = client.post("/api/v1/apply", json={"log": {**dg_log([]), "tricks": "x"}, "action": {}})
    assert [(error["path"], error["code"]) for error in refused.get_json()["errors"]] == [("/log/tricks", "schema")]


def test_a_dalmuti_refusal_is_said_in_the_reader_s_language(client) -> None:
    # A tax written with a "player" (the recorder once sent one): its reason was English on an Italian page
    log = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Cy", "Dora"], "rounds": [{"tricks": []}]}
    action = {"player": "Anna", "from": "Bruno", "to": "Anna", "cards": ["3"]}
    refused = client.post("/api/v1/apply?lang=it", json={"log": log, "action": action}).get_json()
    assert refused["detail"] == ("L'azione non può essere registrata. \"player\" non è un campo di un passaggio di "
                                 "carte; ammessi: from, to, cards, note.")


@pytest.mark.parametrize("game", list(registry.engines().values()), ids=lambda engine: engine.id)
def test_a_finished_game_names_no_next_step(client, game) -> None:
    # Before: "trick 16, play 1" after D&G's 15 tricks, "round 4" after a 3-round session, "the start" in Olympi
    log = game.simulate(game.players[0], 1)  # a whole game, played to its end
    body = client.post("/api/v1/choices", json=log).get_json()
    assert body["over"] and body["choices"] == [] and body["to_move"] is None
    assert (body["moment"], body["place"]) == ("", "the end of the game")
    italian = client.post("/api/v1/choices", json=log, headers={"Accept-Language": "it"}).get_json()
    assert italian["place"] == "la fine della partita"


def test_the_same_log_gets_the_same_answer(client) -> None:
    first = client.post("/api/v1/choices", json=dg_log([("Andrea", "B1")], hands=False))
    again = client.post("/api/v1/choices", json=dg_log([("Andrea", "B1")], hands=False))
    assert first.get_data() == again.get_data()


@pytest.mark.parametrize("game", list(registry.engines().values()), ids=lambda engine: engine.id)
def test_a_whole_game_played_by_patches_alone_validates_clean(client, game) -> None:
    play_by_patches(client, game)


def test_the_toy_plugin_is_played_by_patches_too(client, toy) -> None:
    play_by_patches(client, toy)


def play_by_patches(client, game) -> None:
    """A client that knows nothing of the game but JSON Patch plays it from its setup to the end."""
    rng = random.Random(11)
    log = setup_state(game, game.players[0], 11).to_log()
    for _step in range(5000):
        answer = client.post("/api/v1/choices", json=log).get_json()
        assert answer["valid"], answer["findings"]
        if answer["over"]:
            break
        log = jsonpatch.apply_patch(log, rng.choice(answer["choices"])["patch"])
    else:
        pytest.fail("the game did not end")
    report = client.post("/api/v1/validate", json=log).get_json()
    assert report["valid"] and report["complete"] and not report["errors"]


def test_the_next_step_s_place_in_the_reader_s_words(client) -> None:
    # D&G's trick is the rulebooks' "turno" and "runda"; the anchor itself never changes.
    english = client.post("/api/v1/choices", json=dg_log([("Andrea", "R1")])).get_json()
    assert (english["moment"], english["place"]) == ("trick-1-play-2", "trick 1, play 2")
    italian = client.post("/api/v1/choices", json=dg_log([("Andrea", "R1")]),
                          headers={"Accept-Language": "it"}).get_json()
    assert italian["moment"] == "trick-1-play-2" and italian["place"].startswith("turno 1, ")
    polish = client.post("/api/v1/choices", json=dg_log([("Andrea", "R1")]),
                         headers={"Accept-Language": "pl"}).get_json()
    assert polish["place"].startswith("runda 1, ")


def test_a_dalmuti_deal_no_one_wrote_down_is_left_unseen_and_taxes_come_next(client) -> None:
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"], "rounds": [{"tricks": []}]}
    dealing = client.post("/api/v1/choices", json=session).get_json()
    assert dealing["chance"] and dealing["may_leave_unseen"] and not dealing["left_unseen"]
    assert [choice["chance"] for choice in dealing["choices"]] == [True]  # one deal drawn, to be typed over
    past = client.post("/api/v1/choices?unseen=true", json=session).get_json()
    assert not past["chance"] and past["left_unseen"] and not past["may_leave_unseen"]
    assert past["left_unseen_at"] == "round 1" and "left_unseen_at" not in dealing  # the deal opens round 1
    # Rule 5: the Great Peon (Dario) pays his two best cards to the Great Dalmuti; unseen, any two may be his
    gives = [choice for choice in past["choices"] if choice["action"].get("from") == "Dario"]
    assert past["to_move"] == "Dario" and gives and all(len(choice["action"]["cards"]) == 2 for choice in gives)
    assert all(not choice["known"] for choice in gives)
    log = jsonpatch.apply_patch(session, gives[0]["patch"])
    assert "hands" not in log["rounds"][0] and log["rounds"][0]["taxes"][0]["from"] == "Dario"
    after = client.post("/api/v1/choices", json=log).get_json()
    assert not after["chance"] and not after["may_leave_unseen"]


def test_nothing_is_left_unseen_where_the_next_step_is_a_player_s(client) -> None:
    answer = client.post("/api/v1/choices", json=dg_log([])).get_json()
    assert not answer["may_leave_unseen"]
    refused = client.post("/api/v1/choices?unseen=1", json=dg_log([]))
    assert refused.status_code == 422 and "left unseen" in refused.get_json()["detail"]
    asked_wrongly = client.post("/api/v1/choices?unseen=maybe", json=dg_log([]))
    assert asked_wrongly.status_code == 400  # the 1 taken above is named beside true and false
    assert asked_wrongly.get_json()["detail"] == \
        'The query parameter "unseen" is true or false (or 1 or 0); found "maybe".'
    assert client.post("/api/v1/choices?unseen=false", json=dg_log([])).status_code == 200


def test_a_dalmuti_session_starts_from_its_setup_with_no_rounds_yet(client) -> None:
    # The format's Actions section: a session starts from the setup with no rounds, and its first step is
    # round 1 beginning, which adds the first entry of "rounds".
    setup = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"], "rounds": []}
    answer = client.post("/api/v1/choices", json=setup)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["valid"] and not body["over"] and body["findings"] == []
    assert [choice["action"] for choice in body["choices"]] == [{"round": 1}]
    started = jsonpatch.apply_patch(setup, body["choices"][0]["patch"])
    assert len(started["rounds"]) == 1 and started["rounds"][0]["tricks"] == []
    # a log, though, lists a round or more: validated, the setup is refused as no log of the game
    refused = client.post("/api/v1/validate", json=setup)
    assert refused.status_code == 422
    assert [(error["path"], error["code"]) for error in refused.get_json()["errors"]] == [("/rounds", "schema")]


def test_a_dalmuti_trick_opened_with_no_play_yet_is_a_log_to_go_on_from(client) -> None:
    # Round 1's first trick is over (all passed after Anna's 3): the format's {"trick": 2} opens the next with a
    # note, and the log so far, ending with that empty trick, is played on, Anna leading.
    log = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"],
           "rounds": [{"tricks": [{"plays": [{"player": "Anna", "cards": ["3"]}, *(
               {"player": name, "pass": True} for name in ("Bruno", "Carla", "Dario"))]}]}]}
    applied = client.post("/api/v1/apply", json={"log": log, "action": {"trick": 2, "note": "after a break"}})
    assert applied.get_json()["patch"] == [{"op": "add", "path": "/rounds/0/tricks/-",
                                            "value": {"plays": [], "note": "after a break"}}]
    opened = jsonpatch.apply_patch(log, applied.get_json()["patch"])
    answer = client.post("/api/v1/choices", json=opened)
    assert answer.status_code == 200 and answer.get_json()["to_move"] == "Anna"
    first = answer.get_json()["choices"][0]
    assert jsonpatch.apply_patch(opened, first["patch"])["rounds"][0]["tricks"][1] == \
        {"plays": [first["action"]], "note": "after a break"}
    # a whole log has no empty trick
    assert client.post("/api/v1/validate", json=opened).status_code == 422


@pytest.mark.parametrize("language, revoke", [("en", "Ben plays red 4"), ("it", "Ben gioca rosso 4"),
                                              ("pl", "Ben zagrywa czerwoną 4")])
def test_apply_words_a_step_as_its_choice_does_offered_or_not(client, language: str, revoke: str) -> None:
    """Ben must follow blue: B5 is offered, R4 is not; both read as the game's choices word a play (a colour
    in words, never the log's "R4"), in the reader's language, beside the fields old clients read."""
    log = dg_log([("Andrea", "B1")])
    headers = {"Accept-Language": language}
    offered = client.post("/api/v1/choices", json=log, headers=headers).get_json()["choices"]
    legal = client.post("/api/v1/apply", json={"log": log, "action": {"player": "Ben", "card": "B5"}},
                        headers=headers).get_json()
    assert legal["label"] == next(choice["label"] for choice in offered if choice["action"]["card"] == "B5")
    illegal = client.post("/api/v1/apply", json={"log": log, "action": {"player": "Ben", "card": "R4"}},
                          headers=headers).get_json()
    assert illegal["label"] == revoke and illegal["legal"] is False and illegal["patch"] and illegal["findings"]


def test_apply_words_dalmuti_and_olympi_steps_no_choice_offers(client) -> None:
    # Anna led a 1: nothing is lower, so Bruno may only pass; a 2 and a pass by someone not seated are not offered
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Cy", "Dora"],
               "options": {"settling_round": True},
               "rounds": [{"tricks": [{"plays": [{"player": "Anna", "cards": ["1"]}]}]}]}
    for action, words in (({"player": "Bruno", "cards": ["2"]}, "Bruno plays 2"),
                          ({"player": "Zed", "pass": True}, "Zed passes")):
        answer = client.post("/api/v1/apply", json={"log": session, "action": action}).get_json()
        assert (answer["label"], answer["legal"]) == (words, False)
    # House rule: higher, after Anna's Y3: Bruno's Y2 breaks it, Cy retiring does not
    race = {"game": "olympi", "players": ["Anna", "Bruno", "Cy"], "disciplines": [
        "house-higher", "house-lower", "house-same-colour", "house-other-colour", "house-own-climb", "house-middle",
        "house-higher-or-same-colour", "house-free", "ciclismo"],
        "races": [{"discipline": "house-higher", "turns": [{"player": "Anna", "action": "play", "cards": ["Y3"]}]}]}
    for action, words, legal in (({"player": "Bruno", "action": "play", "cards": ["Y2"]}, "Bruno plays Y2", False),
                                 ({"player": "Bruno", "action": "retire"}, "Bruno retires", True)):
        answer = client.post("/api/v1/apply", json={"log": race, "action": action}).get_json()
        assert (answer["label"], answer["legal"]) == (words, legal)


def test_a_list_cut_to_its_cap_still_offers_the_retirement(client) -> None:
    # Two cards a play, any two, and Bruno's hand unknown: every pair of the 45 cards (990) and every card twice
    # (45) but B4 and G5 twice, of which Ann played one copy each: 1,033 plays, and his retirement. Cut at the
    # first 500, the list had no way to retire but JSON typed by hand.
    free = [{"name": "Ciclismo", "cards_per_play": 2, "rule": {"free": True}}]
    race = {"game": "olympi", "players": ["Ann", "Bruno", "Cara"], "first_player": "Ann",
            "disciplines": free + [{"name": name, "rule": {"free": True}} for name in "ABCDEFGH"],
            "races": [{"discipline": "Ciclismo",
                       "turns": [{"player": "Ann", "action": "play", "cards": ["B4", "G5"]}]}]}
    answer = client.post("/api/v1/choices", json=race).get_json()
    assert len(answer["choices"]) == 500 and answer["truncated"] == 1_034 - 500
    assert answer["choices"][-1]["action"] == {"player": "Bruno", "action": "retire"}
    assert answer["choices"][0]["action"]["cards"] == ["B1", "B1"]


def test_a_david_and_goliath_match_words_its_deal_and_its_plays(client) -> None:
    match = {"game": "david-goliath-match", "players": ["Andrea", "Ben", "Clara"], "games": []}
    answer = client.post("/api/v1/apply", json={"log": match, "action": {"dealer": "Clara"}}).get_json()
    assert answer["label"] == "Clara deals game 1"
    played = jsonpatch.apply_patch(match, answer["patch"])
    answer = client.post("/api/v1/apply", json={"log": played, "action": {"player": "Andrea", "card": "G9"}}).get_json()
    assert answer["label"] == "Andrea plays green 9"


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**16))
def test_every_choice_offered_reads_the_same_applied_as_tapped(seed: int) -> None:
    """At every step of a game played at random, each choice's action labelled as /apply labels it reads as the
    choice itself: the toy plugin, which has no label of its own, by the choice that is this action."""
    rng = random.Random(seed)
    for engine in [*registry.engines().values(), toy_engine()]:
        state = setup_state(engine, engine.players[0], seed)
        for _ in range(400):
            if state.is_over():
                break
            offered = state.choices(rng)
            for choice in offered:
                assert str(label_of(state, choice.action, rng)) == str(choice.label), (engine.id, choice.action)
            state.apply(rng.choice(offered).action, strict=True)


def test_a_dalmuti_play_that_names_its_place_is_recorded_there_or_refused(client) -> None:
    # Anna has led trick 1: Bruno's answer is its play 2. Before: "play": 1 was appended as play 2 while its
    # findings pointed at play 1, Anna's.
    log = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"],
           "rounds": [{"tricks": [{"plays": [{"player": "Anna", "cards": ["10", "10"]}]}]}]}
    bruno = {"player": "Bruno", "cards": ["10", "10"], "trick": 1}  # not lower than Anna's pair: a rule broken
    refused = client.post("/api/v1/apply", json={"log": log, "action": {**bruno, "play": 1}}).get_json()
    assert refused["detail"] == ("The action cannot be recorded. A play is recorded at the end of its trick, as "
                                 "play 2 of trick 1; this one says play 1.")
    applied = client.post("/api/v1/apply", json={"log": log, "action": {**bruno, "play": 2}}).get_json()
    assert applied["patch"] == [{"op": "add", "path": "/rounds/0/tricks/0/plays/-",
                                 "value": {"player": "Bruno", "cards": ["10", "10"]}}]
    said = [(finding["code"], finding["path"]) for finding in applied["findings"]]
    assert said == [("not-lower", "/rounds/0/tricks/0/plays/1/cards")]
    validated = client.post("/api/v1/validate", json=jsonpatch.apply_patch(log, applied["patch"])).get_json()
    assert said[0] in [(finding["code"], finding["path"]) for finding in validated["errors"]]


def test_a_chance_step_s_answer_says_what_each_part_may_be(client) -> None:
    race = {"game": "olympi", "players": ["Anna", "Bruno", "Cy"], "disciplines": ["house-higher", "house-lower"],
            "races": []}
    answer = client.post("/api/v1/choices", json=race).get_json()
    titles = [["house-higher", "House rule: higher"], ["house-lower", "House rule: lower"]]
    assert answer["chance"] and answer["parts"] == {"discipline": {"values": titles}, "postponed": {"values": titles}}
    race["races"] = [{"discipline": "house-higher", "turns": []}]
    answer = client.post("/api/v1/choices", json=race).get_json()
    assert not answer["chance"] and "parts" not in answer, "a player's step has none"
    # a Dalmuti deal says nothing: its hands may be any cards of the deck
    session = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Cy", "Dora"], "rounds": [{"tricks": []}]}
    answer = client.post("/api/v1/choices", json=session).get_json()
    assert answer["chance"] and "parts" not in answer

"""Reading logs: every shape problem a schema finding at its exact pointer (placed by race and turn inside
them), closed objects, size limits, and the problems that stop the replay."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from olympi_replay import Limits, validate
from olympi_replay.race_reader import usual_turn
from olympi_replay.reader import Reader, json_key
from replaykit.texts import text_problem
from tests.olympi_helpers import codes, log_of, race, rule_findings

THREE = ["Ann", "Bruno", "Chiara"]


def schema_paths(document, limits=None):
    report = validate(document) if limits is None else validate(document, limits)
    return [finding.path for finding in report.findings if finding.code == "schema"]


def base(**extra):
    return log_of(THREE, race("Corsa", "Ann K1", "Bruno retire", "Chiara retire"), first_player="Ann", **extra)


@pytest.mark.parametrize("document,path", [
    ([], ""),
    ({"players": THREE}, "/game"),
    ({**base(), "game": "david-goliath"}, "/game"),
    ({k: v for k, v in base().items() if k != "players"}, "/players"),
    ({**base(), "players": ["Ann", 3]}, "/players/1"),
    ({**base(), "players": ["Ann", "x" * 41]}, "/players/1"),
    ({k: v for k, v in base().items() if k != "disciplines"}, "/disciplines"),
    ({**base(), "disciplines": [{"name": ""}]}, "/disciplines/0/name"),
    ({**base(), "disciplines": [7]}, "/disciplines/0"),
    ({**base(), "races": {}}, "/races"),
])
def test_problems_that_stop_the_replay(document, path):
    report = validate(document)
    assert path in schema_paths(document)
    assert {finding.code for finding in report.findings} == {"schema"}
    assert report.to_dict()["result"] is None


@pytest.mark.parametrize("change,path,placed", [
    ({"colour": 1}, "/colour", (None, None)),
    ({"version": 2}, "/version", (None, None)),
    ({"first_player": 5}, "/first_player", (None, None)),
    ({"options": {"world_record": "yes"}}, "/options/world_record", (None, None)),
    ({"options": {"record": True}}, "/options/record", (None, None)),
    ({"meta": []}, "/meta", (None, None)),
    ({"hands": {"Ann": ["K1", "X9"]}}, "/hands/Ann/1", (None, None)),
    ({"deck": "K1"}, "/deck", (None, None)),
    ({"scores": {"Ann": 4.5}}, "/scores/Ann", (None, None)),
    ({"winners": "Ann"}, "/winners", (None, None)),
    ({"discipline_deck": ["Corsa", ""]}, "/discipline_deck/1", (None, None)),
])
def test_top_level_problems_are_located(change, path, placed):
    document = {**base(), **change}
    report = validate(document)
    finding = next(f for f in report.findings if f.code == "schema")
    assert (finding.path, finding.unit("race"), finding.unit("turn")) == (path, *placed)
    assert report.to_dict()["result"] is not None


def test_rule_and_cards_per_play_problems_keep_the_discipline():
    document = base()
    document["disciplines"][2] = {"name": "Corsa", "cards_per_play": 3, "rule": {"value": "?", "than": "own"}}
    report = validate(document)
    assert schema_paths(document) == ["/disciplines/2/cards_per_play", "/disciplines/2/rule/value"]
    # A malformed rule counts as none and cards_per_play as any: the race is replayed unchecked.
    assert "unchecked-rule" in codes(report)
    assert "wrong-card-count" not in codes(report)


def test_problems_inside_a_race_carry_its_number():
    document = base()
    document["races"][0].update(awards={"medals": {"Ann": ["platinum"]}, "first_player": 3}, lane=1)
    report = validate(document)
    found = [(f.path, f.unit("race"), f.unit("turn")) for f in report.findings if f.code == "schema"]
    assert found == [("/races/0/lane", 1, None), ("/races/0/awards/medals/Ann/0", 1, None),
                     ("/races/0/awards/first_player", 1, None)]
    assert "medal-mismatch" not in codes(report)  # a malformed claim is not compared


@pytest.mark.parametrize("medal", [["gold"], {"gold": 1}, 4, None, "Gold"])
def test_a_medal_that_is_not_one_of_the_three_words_is_a_schema_finding_at_its_place(medal):
    document = base()
    document["races"][0]["awards"] = {"medals": {"Ann": ["gold", medal]}}
    assert schema_paths(document) == ["/races/0/awards/medals/Ann/1"]


def test_a_wrong_word_for_a_medal_or_an_action_is_quoted_and_another_kind_named():
    # a slip of spelling ("Gold", "plays") was said as "found text", the word itself left out
    document = base()
    document["races"][0]["awards"] = {"medals": {"Ann": ["Gold", 4]}}
    document["races"][0]["turns"][0]["action"] = "plays"
    messages = [f.message for f in validate(document).findings if f.code == "schema"]
    assert '"action" must be "play", "retire" or "pass"; found "plays".' in messages
    assert 'A medal is "gold", "silver" or "bronze"; found "Gold".' in messages
    assert 'A medal is "gold", "silver" or "bronze"; found a number.' in messages


@pytest.mark.parametrize("entry,path", [
    ({"player": "Ann", "action": "play"}, "/races/0/turns/0/cards"),
    ({"player": "Ann", "action": "retire", "cards": ["K1"]}, "/races/0/turns/0/cards"),
    ({"player": "Ann", "action": "play", "cards": ["K1"], "draw": []}, "/races/0/turns/0/draw"),
    ({"player": "Ann", "action": "play", "cards": [{"color": "black", "value": 0}]}, "/races/0/turns/0/cards/0"),
    ({"player": "Ann", "action": "retire", "reshuffle": [1]}, "/races/0/turns/0/reshuffle/0"),
    ({"player": "Ann", "action": "retire", "note": 5}, "/races/0/turns/0/note"),
    ({"player": "Ann", "action": "retire", "why": "tired"}, "/races/0/turns/0/why"),
    ({"action": "retire"}, "/races/0/turns/0/player"),
    ("Ann K1", "/races/0/turns/0"),
])
def test_problems_inside_a_turn_carry_race_turn_and_player(entry, path):
    document = base()
    document["races"][0]["turns"][0] = entry
    report = validate(document)
    finding = next(f for f in report.findings if f.code == "schema")
    player = entry.get("player") if isinstance(entry, dict) else None
    assert (finding.path, finding.unit("race"), finding.unit("turn"), finding.player) == (path, 1, 1, player)


def test_object_cards_read_like_strings():
    document = base()
    document["races"][0]["turns"][0]["cards"] = [{"color": "black", "value": 1}]
    report = validate(document)
    assert rule_findings(report) == []
    assert report.to_dict()["races"][0]["turns"][0]["cards"] == ["K1"]


def test_a_malformed_race_is_not_replayed_and_its_discipline_leaves_the_pile():
    document = base()
    document["races"].insert(0, {"discipline": "Nuoto", "turns": "none"})
    document["discipline_deck"] = ["Nuoto", "Corsa", "Ciclismo", "Salto", "Lancio", "Tuffi", "Scherma", "Vela",
                                   "Remo"]
    report = validate(document)
    assert schema_paths(document) == ["/races/0/turns"]
    assert rule_findings(report, ignore=("incomplete-game", "schema")) == []
    assert [r["number"] for r in report.to_dict()["races"]] == [2]


@pytest.mark.parametrize("field,limit,size", [
    ("races", "max_races", 3), ("players", "max_cards", 4), ("deck", "max_cards", 5),
    ("disciplines", "max_disciplines", 10),
])
def test_lists_past_a_bound_are_schema_findings(field, limit, size):
    document = base(deck=["K1"] * 5)
    document["races"] = document["races"] * 3
    document["players"] = [*THREE, "Dario"]
    document["disciplines"] = document["disciplines"] + [{"name": "Golf"}]
    limits = Limits(**{limit: size - 1})
    assert f"/{field}" in schema_paths(document, limits)


def test_names_and_texts_are_bounded():
    document = base(meta={"title": "x" * 5000})
    document["races"][0]["note"] = "x" * 2001
    assert schema_paths(document) == ["/races/0/note", "/meta/title"]  # a title heads the page: 200 at most
    roomy = Limits(max_text=3000, max_title=5000)
    assert schema_paths(document, roomy) == []
    turns = document["races"][0]["turns"]
    assert schema_paths({**document, "races": [{**document["races"][0], "turns": turns * 3}]},
                        replace(roomy, max_turns=5)) == ["/races/0/turns"]


def test_a_discipline_read_again_is_the_same_and_a_problem_is_never_skipped():
    # The reader keeps each definition read without a problem (reader.READ_DISCIPLINES): a later log declaring
    # it again gets an equal discipline, and whatever differs (a type, the limits) is read afresh.
    sprint = {"name": "Sprint", "cards_per_play": 1, "rule": {"value": ">", "than": "previous"}}
    first = validate(base(disciplines=[sprint]))
    again = validate(base(disciplines=[dict(sprint)]))
    assert first.disciplines == again.disciplines and first.disciplines[0].rule.op == ">"
    assert schema_paths(base(disciplines=[{**sprint, "cards_per_play": True}])) == ["/disciplines/0/cards_per_play"]
    assert schema_paths(base(disciplines=[{**sprint, "rule": {"value": ">", "than": "previous", "x": 1}}])) == [
        "/disciplines/0/rule/x"]
    named = [path for path in schema_paths(base(disciplines=[sprint]), Limits(max_name=5)) if "disciplines" in path]
    assert named == ["/disciplines/0/name"]  # "Sprint" has six letters
    assert schema_paths(base(disciplines=[sprint]), Limits(max_rule_depth=0)) == ["/disciplines/0/rule"]
    assert schema_paths(base(disciplines=[sprint])) == []


def test_a_discipline_given_as_python_objects_is_read_each_time():
    # (2, 8) is no JSON list: a tuple where the rule wants a list is a problem even after the list was read.
    archery = {"name": "Archery", "rule": {"value_in": [2, 8]}}
    assert schema_paths(base(disciplines=[archery])) == []
    assert schema_paths(base(disciplines=[{**archery, "rule": {"value_in": (2, 8)}}])) == [
        "/disciplines/0/rule/value_in"]


def test_the_key_a_discipline_is_kept_by_tells_json_values_apart():
    assert json_key({"rule": {"value_in": [2, 8]}}) == json_key({"rule": {"value_in": [2, 8]}})
    for one, other in [(1, True), (1, 1.0), ([[1], 2], [[1, 2]]), ({"a": "b"}, {"b": "a"}), ([], {}), (None, ""),
                       ("1", 1), (["a", "b"], ["ab"]), ({"a": ["b"]}, {"a": "b"}), ([{}], [[]]), ("list", [])]:
        assert json_key(one) != json_key(other)
    with pytest.raises(TypeError):
        json_key({"value_in": (2, 8)})


def test_a_retire_or_pass_without_a_draw_is_read_as_a_usual_turn():
    retire = usual_turn({"player": "Ann", "action": "retire"}, 40, 120)
    assert (retire.player, retire.action, retire.cards, retire.draw, retire.malformed) == ("Ann", "retire", None,
                                                                                            None, False)
    assert usual_turn({"player": "Ann", "action": "pass"}, 40, 120).action == "pass"
    # Anything else of two keys is left to the path that reports it: a play without cards, a name too long.
    assert usual_turn({"player": "Ann", "action": "play"}, 40, 120) is None
    assert usual_turn({"player": "Ann", "action": "retire"}, 2, 120) is None
    assert schema_paths({**base(), "races": [race("Corsa", {"player": "Ann", "action": "play"})]}) == [
        "/races/0/turns/0/cards"]


def test_a_usual_turn_has_its_player_action_and_cards_or_draw_and_nothing_else():
    play = usual_turn({"cards": ["K7", "B1"], "action": "play", "player": "Ann"}, 40, 120)  # any order of keys
    assert (play.player, play.action, play.cards, play.draw) == ("Ann", "play", [24, 0], None)  # K7: 2 × 9 + 6
    drew = usual_turn({"player": "Ann", "action": "retire", "draw": ["B2"]}, 40, 120)
    assert (drew.cards, drew.draw) == (None, [1])
    for other in ({"player": "Ann", "action": "play", "draw": ["K7"]}, {"player": "Ann", "action": "retire",
                                                                        "cards": ["K7"]},
                  {"player": "Ann", "action": "retire", "note": "tired"}, {"player": "Ann", "cards": ["K7"]},
                  {"player": "Ann", "action": "play", "cards": ["K7"], "note": "x"}, {"player": "Ann", 1: "play"}):
        assert usual_turn(other, 40, 120) is None  # the path that reports reads it
    # A name is read as the players' list spells it: that very string.
    seats = ["Ann", "Bruno"]
    assert usual_turn({"player": "".join(["Bru", "no"]), "action": "pass"}, 40, 120, seats).player is seats[1]


@given(st.one_of(st.text(max_size=12), st.integers(), st.none(), st.lists(st.text(max_size=2), max_size=2)),
       st.integers(0, 10), st.integers(0, 3))
def test_a_text_is_accepted_exactly_when_the_core_finds_no_problem(value, longest, shortest):
    # Reader.text accepts the usual case itself, without a call into the core: never anything text_problem refuses.
    reader = Reader()
    read = reader.text(value, "/x", "A name", longest, shortest)
    assert (read is not None) == (text_problem(value, "A name", longest, shortest) is None)
    assert read is None or read is value
    assert len(reader.findings) == (read is None)


def test_a_name_at_a_key_is_taken_as_it_is_or_reported_at_that_key():
    reader = Reader()
    assert reader.name_at("Ann", "/races/0", "discipline", "The discipline") == "Ann" and reader.findings == []
    longest = reader.limits.max_name
    assert reader.is_name("x" * longest) and not reader.is_name("x" * (longest + 1))
    assert not reader.is_name("") and not reader.is_name(7)
    assert reader.name_at("", "/races/0", "discipline", "The discipline") is None
    assert [finding.path for finding in reader.findings] == ["/races/0/discipline"]

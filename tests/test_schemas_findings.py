"""Marshmallow errors become one ``schema`` finding per problem, with exact pointers and positions."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dg_replay
from dg_replay.simulate import simulate, simulate_match
from replaykit.findings import Finding
from schemas.games.david_goliath.findings import load_log, schema_findings
from schemas.games.david_goliath.log import DavidGoliathLogSchema, DavidGoliathMatchLogSchema

NOT_A_CARD = 'This is not a card; write it as "G12" or {"color": "green", "value": 12}.'


def game(players: int = 3, seed: int = 1) -> dict:
    return copy.deepcopy(simulate(players, seed))


def where(findings: list[Finding]) -> list[tuple]:
    return [(finding.path, finding.unit("game"), finding.unit("trick"), finding.unit("play")) for finding in findings]


def only(document: object) -> Finding:
    loaded, findings = load_log(document)
    assert loaded is None
    assert len(findings) == 1, findings
    return findings[0]


# -- load_log ----------------------------------------------------------------------------------------

def test_valid_logs_load_without_findings():
    log = game()
    assert load_log(log) == (log, [])
    match = simulate_match(3, 2)
    assert load_log(match) == (match, [])


def test_loading_canonicalises_cards():
    log = game()
    log["tricks"][0]["plays"][0]["card"] = {"color": "blue", "value": 9}
    loaded, findings = load_log(log)
    assert findings == []
    assert loaded["tricks"][0]["plays"][0]["card"] == "B9"


@pytest.mark.parametrize("document,kind", [(None, "null"), (True, "true/false"), (3, "a number"),
                                           (2.5, "a number"), ("log", "text"), ([], "a list"), ([{}], "a list")])
def test_a_document_that_is_not_an_object(document, kind):
    finding = only(document)
    assert (finding.code, finding.severity, finding.path) == ("schema", "error", "")
    assert finding.message == f"A log must be a JSON object; this document is {kind}."


def test_missing_or_wrong_game_is_read_as_a_log():
    log = game()
    del log["game"]
    log["tricks"][0]["plays"][1]["card"] = "G0"
    loaded, findings = load_log(log)
    assert loaded is None
    assert where(findings) == [("/game", None, None, None), ("/tricks/0/plays/1/card", None, 1, 2)]
    assert findings[0].message == 'The log does not say which game it is; add "game": "david-goliath".'
    assert only({**game(), "game": "chess"}).path == "/game"


def test_the_match_schema_is_chosen_by_game():
    match = simulate_match(3, 2)
    match["totals"]["Ben"] = "lots"
    finding = only(match)
    assert (finding.path, finding.message) == ("/totals/Ben", "A score must be a whole number.")
    # The same document named a single game is judged as one: games and totals are not log fields.
    findings = load_log({**match, "game": "david-goliath"})[1]
    assert {finding.path for finding in findings} == {"/games", "/totals", "/tricks"}


# -- paths and positions -----------------------------------------------------------------------------

def test_play_problems_carry_trick_and_play():
    log = game()
    log["tricks"][2]["plays"][1]["card"] = "G0"
    log["tricks"][2]["plays"][2]["player"] = ""
    log["tricks"][4]["plays"][0]["colour"] = "green"
    log["tricks"][5]["plays"][1] = "Ben plays G3"
    findings = load_log(log)[1]
    assert where(findings) == [
        ("/tricks/2/plays/1/card", None, 3, 2),
        ("/tricks/2/plays/2/player", None, 3, 3),
        ("/tricks/4/plays/0/colour", None, 5, 1),
        ("/tricks/5/plays/1", None, 6, 2),
    ]
    assert findings[0].message == NOT_A_CARD
    assert findings[1].message == "The player must be 1 to 40 characters long."
    assert findings[2].message == '"colour" is not a field of a play; it has only player, card and note.'
    assert findings[3].message == 'A play must be an object like {"player": "Ben", "card": "G12"}.'
    assert all((f.code, f.severity, f.player) == ("schema", "error", None) for f in findings)


def test_trick_problems_carry_the_trick_only():
    log = game()
    del log["tricks"][0]["plays"]
    log["tricks"][1]["captures"] = {"Ben": ["G4", "X9"]}
    log["tricks"][2]["winner"] = "Ben"
    log["tricks"][3] = None
    assert where(load_log(log)[1]) == [
        ("/tricks/0/plays", None, 1, None),
        ("/tricks/1/captures/Ben/1", None, 2, None),
        ("/tricks/2/winner", None, 3, None),
        ("/tricks/3", None, 4, None),
    ]


def test_dict_valued_fields_point_at_the_entry():
    log = game()
    log["hands"] = {"Andrea": ["G1", {"color": "teal", "value": 1}], "Ben": "all of them", "key": [None]}
    log["scores"] = {"Andrea": 1.5, "value": True}
    assert where(load_log(log)[1]) == [
        ("/hands/Andrea/1", None, None, None),
        ("/hands/Ben", None, None, None),
        ("/hands/key/0", None, None, None),
        ("/scores/Andrea", None, None, None),
        ("/scores/value", None, None, None),
    ]


def test_pointer_tokens_are_escaped():
    log = game()
    log["hands"] = {"a/b~c": ["Q1"]}
    log["x/y"] = 1
    assert [finding.path for finding in load_log(log)[1]] == ["/hands/a~1b~0c/0", "/x~1y"]


def test_unknown_fields_are_named():
    log = game()
    log["comment"] = "nice game"
    log["_schema"] = 1  # marshmallow's own key for whole-object errors must still read as a field
    findings = load_log(log)[1]
    assert where(findings) == [("/_schema", None, None, None), ("/comment", None, None, None)]
    assert findings[1].message == '"comment" is not a field of a log; put free-form information in "meta".'


def test_meta_content_is_never_a_finding():
    log = game()
    log["meta"] = {"title": 1, "tricks": "x", "deep": {"a": [None, {"b": 2.5}]}}
    assert load_log(log)[1] == []


def test_every_constraint_gives_one_finding_each():
    log = {"game": "david-goliath", "version": 2, "players": ["Andrea", 7, "x" * 41], "dealer": "",
           "tricks": [], "winners": "Andrea", "meta": []}
    findings = load_log(log)[1]
    assert [f.path for f in findings] == ["/version", "/players/1", "/players/2", "/dealer", "/winners", "/meta"]
    assert [f.message for f in findings] == [
        "Only log format version 1 exists.",
        "A player name must be text.",
        "A player name must be 1 to 40 characters long.",
        '"dealer" must be 1 to 40 characters long.',
        '"winners" must be a list of player names.',
        '"meta" must be an object.',
    ]


def test_match_findings_carry_the_game():
    match = copy.deepcopy(simulate_match(3, 5))
    match["games"][1]["tricks"][3]["plays"][2]["card"] = 12
    match["games"][2]["players"] = match["players"][:2]
    match["games"][0]["players"] = [match["players"][0], "", match["players"][2]]
    match["games"].append([])
    findings = load_log(match)[1]
    assert sorted(where(findings)) == [
        ("/games/0/players", 1, None, None),
        ("/games/0/players/1", 1, None, None),
        ("/games/1/tricks/3/plays/2/card", 2, 4, 3),
        ("/games/2/players", 3, None, None),
        ("/games/3", 4, None, None),
    ]
    assert "Game 3 must list the match's players in the same order." in [f.message for f in findings]


# -- schema_findings on its own ----------------------------------------------------------------------

def test_schema_findings_from_raw_messages():
    messages = {"tricks": {0: {"plays": {1: {"card": ["Bad card."]}}}}, "scores": {"Ben": {"value": ["No."]}}}
    assert where(schema_findings(messages)) == [("/tricks/0/plays/1/card", None, 1, 2),
                                                ("/scores/Ben", None, None, None)]
    by_class = schema_findings(messages, DavidGoliathLogSchema)
    assert where(by_class) == where(schema_findings(messages, DavidGoliathLogSchema()))
    match = {"games": {2: {"hands": {"Ben": {"key": ["Bad key."], "value": {0: ["Bad card."]}}}}}}
    assert [(f.path, f.message) for f in schema_findings(match, DavidGoliathMatchLogSchema)] == [
        ("/games/2/hands/Ben", "Bad key."), ("/games/2/hands/Ben/0", "Bad card.")]


def test_several_messages_at_one_place_are_several_findings():
    findings = schema_findings({"players": {"_schema": ["One."], 0: ["Two.", "Three."]}})
    assert [(f.path, f.message) for f in findings] == [("/players", "One."), ("/players/0", "Two."),
                                                       ("/players/0", "Three.")]


def test_messages_are_sentences():
    log = {"game": 1, "version": "1", "players": None, "tricks": [{"plays": [{"card": {}}], "x": 1}],
           "hands": {"A": [1]}, "scores": 3, "zz": 0}
    findings = load_log(log)[1]
    assert len(findings) == 9
    for finding in findings:
        assert finding.message[0].isupper() or finding.message[0] == '"', finding
        assert finding.message.endswith("."), finding


# -- never raises ------------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=25,
)
KEYS = st.sampled_from(["game", "version", "players", "dealer", "hands", "tricks", "plays", "player", "card",
                        "captures", "note", "scores", "winners", "meta", "games", "totals", "color", "value"])
ALMOST = st.recursive(
    JSON | st.sampled_from(["david-goliath", "david-goliath-match", "G12", "Ben", 1]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(KEYS, children, max_size=6),
    max_leaves=40,
)


def check(document: object) -> None:
    loaded, findings = load_log(document)
    if loaded is None:
        assert findings and all(isinstance(f, Finding) and f.code == "schema" and f.is_error for f in findings)
        assert all(f.path == "" or f.path.startswith("/") for f in findings)
    else:
        assert findings == [] and isinstance(loaded, dict)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_value_never_raises(document):
    check(document)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["david-goliath", "david-goliath-match"]), st.dictionaries(KEYS, ALMOST, max_size=8))
def test_log_like_documents_never_raise(game_id, document):
    check({**document, "game": game_id})


# -- agreement with the engine's own reader ---------------------------------------------------------

def broken_documents() -> list[object]:
    documents: list[object] = [None, [], {}, {"game": "david-goliath"}, {"game": "x", "players": [], "tricks": []}]
    edits = [
        lambda log: log["tricks"][2]["plays"][1].update(card="G0"),
        lambda log: log["tricks"][2]["plays"][1].update(card={"color": "green", "value": 1.0}),
        lambda log: log["tricks"][0]["plays"][0].pop("player"),
        lambda log: log["tricks"][0].update(extra=1, note=3),
        lambda log: log["tricks"][1].update(captures={"Ben": ["G4", None], "Clara": "x"}),
        lambda log: log["hands"].update(Andrea=["G1", "blue 3"]),
        lambda log: log.update(scores={"Ben": 1.5}, winners=[""], dealer=None, version=2, meta=[]),
        lambda log: log.update(tricks={"0": []}),
        lambda log: log.update(players="Andrea Ben Clara"),
        lambda log: log["tricks"].__setitem__(4, ["Ben", "G1"]),
    ]
    for edit in edits:
        log = game()
        edit(log)
        documents.append(log)
    match = simulate_match(3, 1)
    match["games"][1]["tricks"][0]["plays"][0]["card"] = "G"
    match["games"][2]["players"] = ["Ben", "Andrea", "Clara"]
    match["totals"] = {"Ben": None}
    documents.append(match)
    return documents


@pytest.mark.parametrize("document", broken_documents())
def test_same_places_as_the_engine_reader(document):
    engine = dg_replay.validate(copy.deepcopy(document)).findings
    expected = sorted({(f.path, f.unit("trick"), f.unit("play")) for f in engine if f.code == "schema"})
    ours = sorted({(f.path, f.unit("trick"), f.unit("play")) for f in load_log(document)[1]})
    assert expected and ours == expected

"""The recorder's pure client pieces (static/record-core.js), run under Node.js, which ``make`` installs for the
pages' plotly.js: the JSON Patch applier, the typed-card parser, matching typed cards to choices, drafts."""

from __future__ import annotations

import json
import shutil
import subprocess

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT

CORE = ROOT / "static" / "record-core.js"
DG_DECK = {"kind": "colour", "colours": {"b": "B", "y": "Y", "g": "G", "r": "R", "p": "P"}, "values": [1, 12]}
DALMUTI_DECK = {"kind": "rank", "values": [1, 12], "jester": "J"}


def node(expression: str, **values: object) -> object:
    """The JSON value of a JavaScript expression over ``core`` and the given values (as JSON)."""
    if shutil.which("node") is None:
        pytest.fail("Node.js is missing: `make` installs it with npm")
    bindings = "".join(f"const {name} = {json.dumps(value)};\n" for name, value in values.items())
    script = f"const core = require({json.dumps(str(CORE))});\n{bindings}" \
             f"process.stdout.write(JSON.stringify({expression}));\n"
    done = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_add_appends_with_dash_inserts_at_an_index_and_sets_object_keys():
    log = {"game": "david-goliath", "tricks": [{"plays": [{"player": "A", "card": "G4"}]}]}
    patch = [{"op": "add", "path": "/tricks/0/plays/-", "value": {"player": "B", "card": "G9"}},
             {"op": "add", "path": "/tricks/-", "value": {"plays": []}},
             {"op": "add", "path": "/tricks/0/plays/0", "value": {"player": "Z", "card": "R1"}},
             {"op": "add", "path": "/scores", "value": {"A": 0}},
             {"op": "add", "path": "/a~1b~0c", "value": 1}]
    assert node("core.applyPatch(log, patch)", log=log, patch=patch) == {
        "game": "david-goliath",
        "tricks": [{"plays": [{"player": "Z", "card": "R1"}, {"player": "A", "card": "G4"},
                              {"player": "B", "card": "G9"}]}, {"plays": []}],
        "scores": {"A": 0}, "a/b~c": 1}


def test_the_document_given_is_left_as_it_was_and_a_bad_path_is_an_error():
    result = node("[core.applyPatch(log, [{op: 'add', path: '/x/-', value: 2}]), log]", log={"x": [1]})
    assert result == [{"x": [1, 2]}, {"x": [1]}]
    assert node("(() => { try { core.applyPatch({x: []}, [{op: 'add', path: '/x/3', value: 1}]); return 'no'; }"
                " catch (e) { return 'refused'; } })()") == "refused"
    assert node("(() => { try { core.applyPatch({}, [{op: 'add', path: '/a/b', value: 1}]); return 'no'; }"
                " catch (e) { return 'refused'; } })()") == "refused"


# Random documents and random valid "add" operations: the recorder's applier and the jsonpatch library agree.
scalars = st.one_of(st.integers(-5, 5), st.text(max_size=3), st.booleans(), st.none())
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                      max_leaves=8)


def _containers(node_, path=()) -> list:
    """Every object and array inside ``node_`` with its path of tokens, ``node_`` first."""
    if not isinstance(node_, (dict, list)):
        return []
    found = [(list(path), node_)]
    for key, child in (node_.items() if isinstance(node_, dict) else enumerate(node_)):
        found.extend(_containers(child, (*path, str(key))))
    return found


@st.composite
def add_operations(draw):
    document = draw(st.dictionaries(st.sampled_from(["a", "b/c", "d~e"]), values, min_size=1, max_size=3))
    patch = []
    current = document
    for _ in range(draw(st.integers(1, 4))):
        path, container = draw(st.sampled_from(_containers(current)))
        if isinstance(container, list):
            last = draw(st.one_of(st.just("-"), st.integers(0, len(container)).map(str)))
        else:
            last = draw(st.text(max_size=3))
        pointer = "".join("/" + token.replace("~", "~0").replace("/", "~1") for token in [*path, last])
        operation = {"op": "add", "path": pointer, "value": draw(values)}
        patch.append(operation)
        current = jsonpatch.apply_patch(current, [operation])
    return document, patch


@settings(max_examples=25, deadline=None)
@given(st.lists(add_operations(), min_size=1, max_size=10))
def test_the_applier_agrees_with_the_jsonpatch_library(cases):
    expected = [jsonpatch.apply_patch(document, patch) for document, patch in cases]
    assert node("cases.map(([doc, patch]) => core.applyPatch(doc, patch))", cases=cases) == expected


def test_a_drafts_log_is_its_setup_with_every_steps_patch_applied_in_order():
    first = {"op": "add", "path": "/tricks/-", "value": {"plays": [{"player": "A", "card": "B1"}]}}
    second = {"op": "add", "path": "/tricks/0/plays/-", "value": {"player": "B", "card": "B2"}}
    draft = {"setup": {"players": ["A", "B"], "tricks": []}, "steps": [{"patch": [first]}, {"patch": [second]}]}
    assert node("[core.logOf(draft), core.logOf(draft, 1), draft.setup]", draft=draft) == [
        {"players": ["A", "B"], "tricks": [{"plays": [{"player": "A", "card": "B1"}, {"player": "B", "card": "B2"}]}]},
        {"players": ["A", "B"], "tricks": [{"plays": [{"player": "A", "card": "B1"}]}]},
        {"players": ["A", "B"], "tricks": []}]


@pytest.mark.parametrize(("typed", "cards", "bad"), [
    ("r12 b3", ["R12", "B3"], []),
    ("R12,B3;  g1", ["R12", "B3", "G1"], []),
    ("r13 x5 b0 b03 r", [], ["r13", "x5", "b0", "b03", "r"]),  # 13 is past the deck, x no colour
    ("", [], []),
])
def test_colour_cards_are_a_letter_and_a_value_in_the_deck(typed, cards, bad):
    assert node("core.parseCards(typed, deck)", typed=typed, deck=DG_DECK) == {"cards": cards, "bad": bad}


@pytest.mark.parametrize(("typed", "cards", "bad"), [
    ("3x7 j", ["7", "7", "7", "J"], []),
    ("7 7 J 12", ["7", "7", "J", "12"], []),
    ("2×1", ["1", "1"], []),
    ("0 13 jj r5", [], ["0", "13", "jj", "r5"]),
])
def test_numbered_cards_take_a_count_and_jesters(typed, cards, bad):
    assert node("core.parseCards(typed, deck)", typed=typed, deck=DALMUTI_DECK) == {"cards": cards, "bad": bad}


def test_a_game_with_no_deck_described_takes_the_cards_as_typed():
    assert node("core.parseCards('T3  x', {kind: 'raw'})") == {"cards": ["T3", "x"], "bad": []}


def test_typed_cards_find_the_choice_that_plays_them_in_any_order():
    choices = [{"action": {"player": "A", "card": "R5"}}, {"action": {"player": "A", "cards": ["7", "J"]}},
               {"action": {"player": "A", "pass": True}}]
    found = node("[core.choicesWithCards(choices, ['R5']), core.choicesWithCards(choices, ['J', '7']),"
                 " core.choicesWithCards(choices, ['R6'])]", choices=choices)
    assert found == [[choices[0]], [choices[1]], []]


def test_drafts_are_kept_under_a_versioned_key_listed_newest_first_and_discarded():
    script = """(() => {
      const items = new Map();
      const storage = {get length() { return items.size; }, key: (i) => [...items.keys()][i] ?? null,
        getItem: (k) => items.has(k) ? items.get(k) : null, setItem: (k, v) => items.set(k, String(v)),
        removeItem: (k) => items.delete(k)};
      const drafts = new core.Drafts(storage);
      drafts.save({id: "a1", setup: {}, steps: []});
      drafts.save({id: "b2", setup: {}, steps: [{}]});
      storage.setItem("card-replay.record.v1.broken", "{not json");
      storage.setItem("other", "{}");
      const a = drafts.load("a1"); a.updated = "2000"; storage.setItem(drafts.key("a1"), JSON.stringify(a));
      const listed = drafts.list().map((d) => d.id);
      drafts.remove("b2");
      return [listed, drafts.list().map((d) => d.id), [...items.keys()].sort(), drafts.load("missing")];
    })()"""
    listed, after, keys, missing = node(script)
    assert listed == ["b2", "a1"]
    assert after == ["a1"]
    assert keys == ["card-replay.record.v1.a1", "card-replay.record.v1.broken", "other"]
    assert missing is None


def test_sentences_take_named_parameters_and_keep_unknown_ones_visible():
    assert node("core.format('{player} plays {card}; {other}', {player: 'Ben', card: 'R5'})") == "Ben plays R5; {other}"
    assert node("core.canonical({b: [1, {d: 2, c: 3}], a: 'x'})") == '{"a":"x","b":[1,{"c":3,"d":2}]}'


def test_a_typed_player_is_the_one_name_it_starts_and_a_whole_name_wins():
    players = ["Ann", "Annabel", "Bruno", "Cy"]
    # "cy" starts only Cy; "br" only Bruno; "an" starts two names: nobody; "ann" is Ann's whole name.
    assert node("['cy', 'BR', 'an', 'ann', 'annab', 'x', ''].map(p => core.playerByPrefix(p, players))",
                players=players) == ["Cy", "Bruno", None, "Ann", "Annabel", None, None]


def test_where_json_stops_is_said_as_a_line_and_a_column_whatever_the_engines_words():
    """JSON.parse says where it stopped in English and in each engine's words; the page says it in its own."""
    error = "{'message': m}"
    where = "core.jsonWhere(raw, " + error + ")"
    # V8 in Chromium: the offset, then the line and column (the latter read as they are)
    assert node(where, raw="ab\ncd", m="Bad thing in JSON at position 4 (line 2 column 2)") == {"line": 2, "column": 2}
    # an offset alone: "ab\nc" comes before it, so the 5th character is line 2, column 2
    assert node(where, raw="ab\ncde", m="Unexpected token x in JSON at position 4") == {"line": 2, "column": 2}
    # Firefox: a line and a column
    assert node(where, raw="[1,\n2 3]", m="JSON.parse: expected ',' at line 2 column 3 of the JSON data") == {
        "line": 2, "column": 3}
    # the text ends too soon: the place is just after its last character
    assert node(where, raw="[1,\n 2,", m="Unexpected end of JSON input") == {"line": 2, "column": 4}
    assert node(where, raw="x", m="Unexpected token 'x', \"x\" is not valid JSON") is None
    text = {"json_problem": "bad at {line}:{column}", "not_json": "not JSON"}
    problem = "core.jsonProblem(raw, " + error + ", text)"
    assert node(problem, raw="[1,", m="Unexpected end of JSON input", text=text) == "bad at 1:4"
    assert node(problem, raw="x", m="no place given", text=text) == "not JSON"


def test_a_refusal_says_the_problems_its_answer_lists_not_only_their_count():
    listed = [{"path": "/disciplines", "message": "No list."}, {"path": "", "message": "Whole."},
              {"message": "Nowhere."}, {"path": "/races/0", "message": "Fourth."}]
    reply = {"status": 422, "data": {"detail": "2 problems; see errors.", "errors": listed}}
    said = "core.refused(reply, 'Server: {message}').message"
    assert node(said, reply=reply) == "Server: 2 problems; see errors. /disciplines: No list. Whole. Nowhere. …"
    assert node(said, reply={"status": 502, "data": {}}) == "Server: 502"
    assert node(said, reply={"status": 422, "data": {"detail": "Bad.", "errors": "not a list"}}) == "Server: Bad."

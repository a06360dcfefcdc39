"""The log schemas accept exactly the shape of docs/games/david-goliath/format.md and load it into canonical
plain dicts."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from dg_replay.cards import Card
from dg_replay.simulate import simulate, simulate_match
from schemas.games.david_goliath.log import (
    CardField,
    DavidGoliathLogSchema,
    DavidGoliathMatchLogSchema,
    DavidGoliathPlaySchema,
    DavidGoliathTrickSchema,
    parse_card,
)

LOG = DavidGoliathLogSchema()
MATCH = DavidGoliathMatchLogSchema()
NOT_A_CARD = 'This is not a card; write it as "G12" or {"color": "green", "value": 12}.'
NAMES = {"B": "blue", "Y": "yellow", "G": "green", "R": "red", "P": "purple"}


def minimal(**extra: object) -> dict:
    log: dict = {"game": "david-goliath", "players": ["Andrea", "Ben", "Clara"], "tricks": []}
    log.update(extra)
    return log


def errors(schema, document) -> dict:
    with pytest.raises(ValidationError) as raised:
        schema.load(document)
    return raised.value.messages


def as_object(card: str) -> dict:
    return {"color": NAMES[card[0]], "value": int(card[1:])}


# -- cards -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["G12", "B1", "Y9", "R18", "P19", "P100"])
def test_card_string_form_loads_as_itself(text):
    assert CardField().deserialize(text) == text


@pytest.mark.parametrize("name,letter", list(zip(NAMES.values(), NAMES.keys(), strict=True)))
def test_card_object_form_loads_as_string_form(name, letter):
    assert CardField().deserialize({"color": name, "value": 12}) == f"{letter}12"


@pytest.mark.parametrize("value", [
    "G0", "G012", "g12", "X1", "G", "12", "", " G12", "G12 ", "G12\n", "G1.5", "G-1", "GREEN12", "G١٢",
    12, 1.5, True, None, [], ["G12"],
    {"color": "Green", "value": 12}, {"color": "G", "value": 12}, {"color": "orange", "value": 1},
    {"color": "green", "value": 0}, {"color": "green", "value": -3}, {"color": "green", "value": True},
    {"color": "green", "value": 12.0}, {"color": "green", "value": "12"}, {"color": "green"}, {"value": 12},
    {"color": "green", "value": 12, "note": "x"}, {"color": ["green"], "value": 12}, {"color": None, "value": 1},
])
def test_card_rejects_everything_else(value):
    with pytest.raises(ValidationError) as raised:
        CardField().deserialize(value)
    assert raised.value.messages in ([NOT_A_CARD], ['A card cannot be null; write it as "G12" or '
                                                    '{"color": "green", "value": 12}.'])
    assert parse_card(value) is None


def test_card_has_no_upper_bound_in_the_schema():
    # A card above 3N is the rule finding card-not-in-deck, never a schema error.
    assert CardField().deserialize("B99") == "B99"
    assert CardField().deserialize({"color": "blue", "value": 10**30}) == f"B{10**30}"


@pytest.mark.parametrize("value", ["G12", {"color": "green", "value": 12}, Card("G", 12)])
def test_card_always_dumps_the_string_form(value):
    assert DavidGoliathPlaySchema().dump({"player": "Ben", "card": value}) == {"player": "Ben", "card": "G12"}


def test_card_dump_refuses_a_non_card():
    with pytest.raises(ValueError, match="not a card"):
        DavidGoliathPlaySchema().dump({"player": "Ben", "card": "Q7"})


def test_parse_card_uses_the_engine_card_type():
    assert parse_card({"color": "purple", "value": 3}) == Card("P", 3)


# -- plays and tricks --------------------------------------------------------------------------------

def test_play_requires_player_and_card_and_allows_a_note():
    assert DavidGoliathPlaySchema().load({"player": "Ben", "card": "G12", "note": "ouch"}) == {
        "player": "Ben", "card": "G12", "note": "ouch"}
    assert set(errors(DavidGoliathPlaySchema(), {})) == {"player", "card"}


@pytest.mark.parametrize("name,ok", [("", False), ("B", True), ("x" * 40, True), ("x" * 41, False),
                                     ("Zoë 山田", True), (7, False), (None, False)])
def test_player_names_are_1_to_40_characters_of_any_unicode(name, ok):
    play = {"player": name, "card": "G1"}
    if ok:
        assert DavidGoliathPlaySchema().load(play)["player"] == name
    else:
        assert list(errors(DavidGoliathPlaySchema(), play)) == ["player"]


@pytest.mark.parametrize("note", [3, None, ["x"], {"text": "x"}])
def test_notes_are_text(note):
    assert list(errors(DavidGoliathPlaySchema(), {"player": "Ben", "card": "G1", "note": note})) == ["note"]
    assert list(errors(DavidGoliathTrickSchema(), {"plays": [], "note": note})) == ["note"]


def test_play_and_trick_are_closed_objects():
    assert errors(DavidGoliathPlaySchema(), {"player": "Ben", "card": "G1", "colour": "x"}) == {
        "colour": ["Unknown field; a play has only player, card and note."]}
    assert list(errors(DavidGoliathTrickSchema(), {"plays": [], "winner": "Ben"})) == ["winner"]


def test_trick_needs_a_list_of_play_objects():
    assert list(errors(DavidGoliathTrickSchema(), {})) == ["plays"]
    assert list(errors(DavidGoliathTrickSchema(), {"plays": {"0": {}}})) == ["plays"]
    messages = errors(DavidGoliathTrickSchema(), {"plays": [{"player": "Ben", "card": "G1"}, "Ben G1", None]})
    assert set(messages["plays"]) == {1, 2}


def test_trick_captures_are_cards_by_player():
    trick = {"plays": [], "captures": {"Ben": ["G4", {"color": "red", "value": 2}], "Emma": []}}
    assert DavidGoliathTrickSchema().load(trick)["captures"] == {"Ben": ["G4", "R2"], "Emma": []}
    messages = errors(DavidGoliathTrickSchema(), {"plays": [], "captures": {"Ben": ["G4", "G0"], "Emma": "G12"}})
    assert messages["captures"] == {"Ben": {"value": {1: [NOT_A_CARD]}},
                                    "Emma": {"value": ["A player's cards must be a list of cards."]}}
    assert list(errors(DavidGoliathTrickSchema(), {"plays": [], "captures": [["Ben", "G4"]]})) == ["captures"]


# -- the log -----------------------------------------------------------------------------------------

def test_minimal_log_loads_unchanged():
    assert LOG.load(minimal()) == minimal()


@pytest.mark.parametrize("key", ["game", "players", "tricks"])
def test_required_keys(key):
    document = minimal()
    del document[key]
    assert list(errors(LOG, document)) == [key]


@pytest.mark.parametrize("game", ["david-goliath-match", "David-Goliath", "", None, 1])
def test_game_must_be_david_goliath(game):
    assert list(errors(LOG, minimal(game=game))) == ["game"]


@pytest.mark.parametrize("version,ok", [(1, True), (2, False), (0, False), (True, False), (1.0, False),
                                        ("1", False), (None, False)])
def test_only_version_1(version, ok):
    if ok:
        assert LOG.load(minimal(version=version))["version"] == 1
    else:
        assert list(errors(LOG, minimal(version=version))) == ["version"]


@pytest.mark.parametrize("players", [["Solo"], ["A", "B"], [f"P{i}" for i in range(7)], [], ["A", "A", "A"]])
def test_player_count_and_duplicates_are_not_schema_errors(players):
    assert LOG.load(minimal(players=players))["players"] == players


@pytest.mark.parametrize("players", ["Andrea", {"Andrea": 1}, None, ["Andrea", 3], ["Andrea", ""], ["x" * 41]])
def test_players_is_a_list_of_names(players):
    assert list(errors(LOG, minimal(players=players))) == ["players"]


def test_optional_fields_load():
    document = minimal(version=1, dealer="Clara", hands={"Ben": ["G1", {"color": "blue", "value": 2}]},
                       scores={"Andrea": 31, "Ben": 0, "Clara": -2}, winners=["Andrea"], meta={"title": "t"})
    loaded = LOG.load(document)
    assert loaded["hands"] == {"Ben": ["G1", "B2"]}
    assert loaded["scores"] == {"Andrea": 31, "Ben": 0, "Clara": -2}
    assert (loaded["dealer"], loaded["winners"], loaded["meta"]) == ("Clara", ["Andrea"], {"title": "t"})


@pytest.mark.parametrize("field,value", [
    ("dealer", ""), ("dealer", 3), ("dealer", None), ("hands", []), ("hands", {"Ben": "G1"}),
    ("hands", {"Ben": [None]}), ("tricks", {}), ("tricks", "none yet"), ("scores", {"Ben": 1.0}),
    ("scores", {"Ben": True}), ("scores", {"Ben": "3"}), ("scores", {"Ben": None}), ("scores", [3]),
    ("winners", "Ben"), ("winners", [""]), ("meta", []), ("meta", "title"), ("meta", None),
])
def test_each_field_constraint(field, value):
    assert list(errors(LOG, minimal(**{field: value}))) == [field]


def test_log_is_closed_but_meta_is_free():
    assert list(errors(LOG, minimal(title="x"))) == ["title"]
    meta = {"title": "Final", "anything": {"nested": [1, 2.5, None, True, {"deep": "x"}]}, "players": 7}
    assert LOG.load(minimal(meta=meta))["meta"] == meta


def test_load_gives_plain_data():
    loaded = LOG.load(simulate(3, 1))
    card = loaded["tricks"][0]["plays"][0]["card"]
    assert type(loaded) is dict and type(loaded["tricks"]) is list and type(card) is str


# -- match logs --------------------------------------------------------------------------------------

def test_match_log_loads():
    match = simulate_match(3, 4)
    assert MATCH.load(match) == match


def test_match_log_shape():
    match = simulate_match(3, 4)
    assert list(errors(MATCH, {**match, "game": "david-goliath"})) == ["game"]
    assert list(errors(MATCH, {**match, "games": {}})) == ["games"]
    assert list(errors(MATCH, {**match, "totals": {"Ben": 2.5}})) == ["totals"]
    assert list(errors(MATCH, {**match, "round": 2})) == ["round"]
    assert MATCH.load({**match, "meta": {"event": "Club night"}})["meta"] == {"event": "Club night"}
    del match["games"]
    assert list(errors(MATCH, match)) == ["games"]


def test_match_games_are_logs_with_the_same_players():
    match = simulate_match(3, 4)
    match["games"][1]["players"] = list(reversed(match["games"][1]["players"]))
    match["games"][2]["tricks"][0]["plays"][0]["card"] = "G0"
    messages = errors(MATCH, match)
    assert messages["games"][1] == {"players": ["Game 2 must list the match's players in the same order."]}
    assert messages["games"][2]["tricks"][0]["plays"][0] == {"card": [NOT_A_CARD]}
    assert 0 not in messages["games"]


# -- round trip --------------------------------------------------------------------------------------

def canonical(document: object) -> object:
    """The log with every card in the string form: what load then dump must give back."""
    if isinstance(document, dict):
        card = parse_card(document)
        return str(card) if card is not None else {key: canonical(value) for key, value in document.items()}
    if isinstance(document, list):
        return [canonical(item) for item in document]
    return document


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 10**6), data=st.data())
def test_dump_of_load_is_the_canonical_log(players, seed, data):
    log = simulate(players, seed, hands=data.draw(st.booleans()), claims=data.draw(st.booleans()))
    written = copy.deepcopy(log)
    # Spell a random selection of the cards in the object form, as a user may.
    for trick in written["tricks"]:
        for play in trick["plays"]:
            if data.draw(st.booleans()):
                play["card"] = as_object(play["card"])
    for cards in written.get("hands", {}).values():
        index = data.draw(st.integers(0, len(cards) - 1))
        cards[index] = as_object(cards[index])
    written["meta"] = {"notes": data.draw(st.text(max_size=20))}
    assert canonical(written) == {**log, "meta": written["meta"]}
    assert LOG.dump(LOG.load(written)) == canonical(written)


def test_dump_of_load_for_a_match():
    match = simulate_match(4, 9)
    written = copy.deepcopy(match)
    written["games"][0]["tricks"][0]["plays"][0]["card"] = as_object(match["games"][0]["tricks"][0]["plays"][0]["card"])
    assert MATCH.dump(MATCH.load(written)) == canonical(written) == match

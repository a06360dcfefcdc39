"""The reader: every shape problem is one schema finding at its exact pointer, placed by round, trick
and play; closed objects; size limits; readable parts are kept."""

import json

import pytest

from dalmuti_replay import validate
from dalmuti_replay.cards import JESTER, Card
from dalmuti_replay.reader import Limits, Reader
from tests.dalmuti_helpers import FOUR, play, session, sim, trick, where

DEFAULT = Limits()


def schema(document, limits=DEFAULT):
    return [(f.path, where(f)) for f in validate(document, limits).findings if f.code == "schema"]


def test_a_simulated_log_reads_without_findings():
    reader = Reader()
    log = reader.document(sim())
    assert reader.findings == [] and log is not None and len(log.rounds) == 3


@pytest.mark.parametrize("document", [None, 3, "x", [], True])
def test_a_document_that_is_not_an_object(document):
    assert schema(document) == [("", (None, None, None))]


def test_missing_required_keys_at_the_path_they_would_have():
    assert schema({"game": "grande-dalmuti"}) == [("/players", (None, None, None)), ("/rounds", (None, None, None))]
    assert schema(session(FOUR, {})) == [("/rounds/0/tricks", (1, None, None))]
    assert schema(session(FOUR, {"tricks": [{}]})) == [("/rounds/0/tricks/0/plays", (1, 1, None))]


def test_a_log_lists_one_round_or_more_and_a_setup_none_yet():
    # The format: "rounds" holds one or more. A recorder starts from the setup, read with min_steps 0.
    assert schema({"game": "grande-dalmuti", "players": FOUR, "rounds": []}) == [("/rounds", (None, None, None))]
    setup = Limits(min_steps=0)
    assert schema({"game": "grande-dalmuti", "players": FOUR, "rounds": []}, setup) == []


def test_a_log_so_far_may_end_with_a_trick_opened_and_no_play_in_it_yet():
    # The action {"trick": n} opens a trick with nothing played; the recorder then asks for the choices of that
    # log so far. A whole log has no empty trick, and a log so far none before its last.
    opened = {"tricks": [{"plays": [play("Anna", "3")]}, {"plays": [], "note": "new"}]}
    so_far = Limits(min_steps=0, open_end=1)
    assert schema(session(FOUR, opened), so_far) == []
    assert schema(session(FOUR, opened)) == [("/rounds/0/tricks/1/plays", (1, 2, None))]
    early = {"tricks": [{"plays": []}, {"plays": [play("Anna", "3")]}]}
    assert schema(session(FOUR, early), so_far) == [("/rounds/0/tricks/0/plays", (1, 1, None))]
    assert schema(session(FOUR, opened, {"tricks": [{"plays": [play("Anna", "3")]}]}), so_far) == \
        [("/rounds/0/tricks/1/plays", (1, 2, None))]  # not the last round's


def test_wrong_game_and_version():
    assert [path for path, _ in schema({**session(FOUR, {"tricks": []}), "game": "dalmuti", "version": 2})] == [
        "/game", "/version"]


def test_unknown_keys_are_schema_except_in_meta():
    log = session(FOUR, {"tricks": [{"plays": [{"player": "Anna", "cards": ["3"], "why": 1}], "x": 1}],
                         "extra": 1}, meta={"anything": {"goes": 1}}, colour="red")
    assert schema(log) == [("/colour", (None, None, None)), ("/rounds/0/extra", (1, None, None)),
                           ("/rounds/0/tricks/0/x", (1, 1, None)), ("/rounds/0/tricks/0/plays/0/why", (1, 1, 1))]


@pytest.mark.parametrize(("entry", "path"), [
    ({"player": "Anna"}, "/rounds/0/tricks/0/plays/0"),
    ({"player": "Anna", "cards": ["3"], "pass": True}, "/rounds/0/tricks/0/plays/0"),
    ({"player": "Anna", "pass": False}, "/rounds/0/tricks/0/plays/0/pass"),
    ({"player": "Anna", "cards": []}, "/rounds/0/tricks/0/plays/0/cards"),
    ({"player": "Anna", "cards": ["3", "0"]}, "/rounds/0/tricks/0/plays/0/cards/1"),
    ({"player": "Anna", "cards": [3]}, "/rounds/0/tricks/0/plays/0/cards/0"),
    ({"cards": ["3"]}, "/rounds/0/tricks/0/plays/0/player"),
    ({"player": "", "cards": ["3"]}, "/rounds/0/tricks/0/plays/0/player"),
    ({"player": "x" * 41, "cards": ["3"]}, "/rounds/0/tricks/0/plays/0/player"),
    ({"player": "Anna", "cards": ["3"], "note": 5}, "/rounds/0/tricks/0/plays/0/note"),
    ("Anna 3", "/rounds/0/tricks/0/plays/0"),
])
def test_bad_plays(entry, path):
    assert schema(session(FOUR, {"tricks": [{"plays": [entry]}]})) == [(path, (1, 1, 1))]


def test_options_end_and_claims():
    log = session(FOUR, {"tricks": [], "points": {"Anna": "3"}}, options={"market": 1, "mercato": True},
                  end={"rounds": 0}, totals=[], winners=["Anna", 4])
    assert [path for path, _ in schema(log)] == [
        "/options/market", "/options/mercato", "/end/rounds", "/rounds/0/points/Anna", "/totals", "/winners/1"]
    assert [path for path, _ in schema(session(FOUR, {"tricks": []}, end={"rounds": 2, "points": 3}))] == ["/end"]


def test_join_needs_ranks_and_is_not_for_round_1():
    log = session(FOUR, {"tricks": [], "join": ["Ezio"]}, {"tricks": [], "join": ["Fede"]})
    assert schema(log) == [("/rounds/0/join", (1, None, None)), ("/rounds/1/join", (2, None, None))]


def test_transfers():
    taxes = [{"from": "Anna", "to": "Bruno"}, {"from": "Anna", "to": 3, "cards": ["J"]}, "x",
             {"from": "Anna", "to": "Bruno", "cards": []}]
    assert [path for path, _ in schema(session(FOUR, {"tricks": [], "taxes": taxes}))] == [
        "/rounds/0/taxes/0/cards", "/rounds/0/taxes/1/to", "/rounds/0/taxes/2"]


def test_hands_with_a_bad_card_are_left_out_without_a_size_finding():
    log = session(FOUR, {"hands": {"Anna": ["3", "x"]}, "tricks": []})
    report = validate(log)
    assert next((f.code, f.path) for f in report.findings if f.code in ("schema", "hand-size")) == (
        "schema", "/rounds/0/hands/Anna/1")
    assert not any(f.code == "hand-size" and f.player == "Anna" for f in report.findings)


@pytest.mark.parametrize(("field", "limits"), [
    ("rounds", Limits(max_rounds=2)), ("tricks", Limits(max_tricks=1)), ("plays", Limits(max_plays=1)),
    ("players", Limits(max_names=3)), ("cards", Limits(max_cards=1))])
def test_lists_past_a_bound_are_schema(field, limits):
    log = session(FOUR, *[{"tricks": [trick(("Anna", "3 3"), ("Bruno", None))] * 2}] * 3)
    found = schema(log, limits)
    assert found and all(path.endswith(field) for path, _ in found)


def test_names_and_notes_have_length_limits():
    log = session(FOUR, {"tricks": [{"plays": [play("Anna", "3")], "note": "n" * 2001}]})
    assert schema(log) == [("/rounds/0/tricks/0/note", (1, 1, None))]
    assert schema(log, Limits(max_text=3000)) == []


def test_a_session_past_its_plays_in_all_is_one_schema_finding_at_the_rounds():
    # Three rounds of two tricks of two plays each: 12 plays and passes in all, each round under its own bounds.
    log = session(FOUR, *[{"tricks": [trick(("Anna", "3 3"), ("Bruno", None))] * 2}] * 3)
    assert schema(log, Limits(max_session_plays=12)) == []
    found = schema(log, Limits(max_session_plays=11))
    assert [path for path, _ in found] == ["/rounds"]


def test_the_default_bound_on_a_session_s_plays_is_6000():
    # 16 rounds of one trick of 400 passes: each within its own bounds, 6,400 plays and passes in all.
    rounds = [{"tricks": [{"plays": [{"player": "Anna", "pass": True}] * 400}]}] * 16
    assert [path for path, _ in schema(session(FOUR, *rounds))] == ["/rounds"]


def test_a_name_read_again_is_the_object_first_read():
    """Parsed JSON gives a new string for every value; the reader keeps each name as first read, so the
    replay's lookups by player find their key at once (the same name, not only an equal one)."""
    entry = {"hands": {"Anna": ["3"]}, "taxes": [{"from": "Dario", "to": "Anna", "cards": ["3"]}],
             "tricks": [trick(("Anna", "3"), ("Bruno", None))], "finish": ["Anna"]}
    log = Reader().document(json.loads(json.dumps(session(FOUR, entry))))
    anna, dario = log.players[0], log.players[3]
    round_ = log.rounds[0]
    assert next(iter(round_.hands)) is anna and round_.taxes[0].receiver is anna and round_.finish[0] is anna
    assert round_.tricks[0].plays[0].player is anna and round_.taxes[0].giver is dario
    assert round_.tricks[0].plays[1].player is log.players[1]


def test_past_the_first_few_names_a_name_is_still_the_object_first_read():
    """The reader compares a play's name with the first ten names read before it hashes it: the eleventh and
    twelfth names, found only by hash, are the objects first read all the same."""
    names = [f"Player {number}" for number in range(1, 13)]
    entry = {"tricks": [trick(*[(name, None) for name in reversed(names)])]}
    log = Reader().document(json.loads(json.dumps(session(names, entry))))
    plays = log.rounds[0].tricks[0].plays
    assert [play.player for play in plays] == names[::-1]
    assert all(play.player is first for play, first in zip(plays, log.players[::-1], strict=True))


@pytest.mark.parametrize("entry", [{"pass": True, "player": "Bruno"}, {"cards": ["9", "J"], "player": "Bruno"}])
def test_a_play_s_keys_in_any_order(entry):
    log = Reader().document(json.loads(json.dumps(session(FOUR, {"tricks": [{"plays": [entry]}]}))))
    read = log.rounds[0].tricks[0].plays[0]
    assert read.player is log.players[1]
    assert read.cards == (None if "pass" in entry else [Card(9), JESTER])


def test_each_bad_name_in_a_list_is_a_finding_at_its_place():
    names = ["Anna", "", 3, "n" * 41, "Dario"]
    assert [path for path, _ in schema(session(names, {"tricks": []}))] == ["/players/1", "/players/2", "/players/3"]


def test_a_player_s_passes_are_one_play_and_each_set_its_own():
    """Two thirds of the plays are passes: a player's usual passes share one ``Play`` (never changed once read);
    a pass with a note is read key by key and keeps its note; every set is its own."""
    entry = {"tricks": [trick(("Anna", "3"), ("Bruno", None), ("Carla", None)),
                        {"plays": [play("Anna", "5"), {"player": "Bruno", "pass": True, "note": "thinking"},
                                   play("Carla"), play("Bruno")]}]}
    log = Reader().document(json.loads(json.dumps(session(FOUR, entry))))
    (set_3, bruno, carla), (set_5, noted, carla_again, bruno_again) = (t.plays for t in log.rounds[0].tricks)
    assert bruno is bruno_again and carla is carla_again and bruno is not carla
    assert (bruno.player, bruno.cards, bruno.note) == ("Bruno", None, None) and bruno.player is log.players[1]
    assert noted is not bruno and (noted.player, noted.cards, noted.note) == ("Bruno", None, "thinking")
    assert set_3 is not set_5 and (set_3.cards, set_5.cards) == ([Card(3)], [Card(5)])

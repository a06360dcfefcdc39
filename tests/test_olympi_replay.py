"""The replay of whole logs: the contract's worked examples, setup, the Discipline pile, races in a row and
the claims, each finding at its race, turn, player and path."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from olympi_replay import validate
from olympi_replay.engine import ENGINE
from olympi_replay.simulate import simulate
from tests.olympi_helpers import NAMES, codes, game, log_of, only, place, race, rule_findings

THREE = ["Ann", "Bruno", "Chiara"]
TWO = ["Ann", "Bruno"]


def three_player_example() -> dict:
    return log_of(THREE, race("Corsa", "Ann K7", "Bruno retire", "Chiara K8", "Ann K9", "Chiara retire"),
                  first_player="Ann")


def two_player_example() -> dict:
    return log_of(TWO, race("Corsa", "Ann K7", "Bruno pass", "Ann K8", "Bruno K9", "Ann pass", "Bruno pass"),
                  first_player="Ann")


def test_three_player_example_scores_and_hands():
    report = validate(three_player_example())
    assert rule_findings(report) == []
    result = report.to_dict()["result"]
    assert result["scores"] == {"Ann": 4, "Bruno": 1, "Chiara": 2}
    assert {name: entry["cards"] for name, entry in result["breakdown"].items()} == {"Ann": 4, "Bruno": 9, "Chiara": 6}
    first = report.to_dict()["races"][0]
    assert first["order"] == ["Bruno", "Chiara", "Ann"]
    assert first["medals"] == {"Bruno": ["bronze"], "Chiara": ["silver"], "Ann": ["gold"]}
    assert first["drawn"] == {"Bruno": 3, "Chiara": 1}
    assert first["took_first_player"] == "Chiara"
    assert first["hands_after"] == {"Ann": 4, "Bruno": 9, "Chiara": 6}


def test_two_player_example_scores_and_hands():
    report = validate(two_player_example())
    assert rule_findings(report) == []
    result = report.to_dict()["result"]
    assert result["scores"] == {"Ann": 5, "Bruno": 2}
    assert {name: entry["cards"] for name, entry in result["breakdown"].items()} == {"Ann": 6, "Bruno": 9}
    first = report.to_dict()["races"][0]
    assert first["order"] == ["Bruno", "Ann", "Bruno"]
    assert first["took_first_player"] == "Ann"
    assert first["finished"] is True


def test_the_second_retiree_opens_the_next_race():
    log = three_player_example()
    log["races"].append(race("Scherma", "Ann K1"))
    finding = only(validate(log), "wrong-first-player")
    assert place(finding) == (2, 1, "Ann", "/races/1/turns/0")
    log["races"][1]["turns"][0]["player"] = "Chiara"
    assert "wrong-first-player" not in codes(validate(log))


def test_without_first_player_the_first_turn_shows_it():
    log = three_player_example()
    del log["first_player"]
    assert rule_findings(validate(log)) == []
    assert validate(log).to_dict()["first_player"] is None
    assert validate(log).to_dict()["races"][0]["first_player"] == "Ann"


@pytest.mark.parametrize("players,code,path", [
    (["Ann"], "player-count", "/players"),
    (["A", "B", "C", "D", "E", "F", "G", "H"], "player-count", "/players"),
    (["Ann", "Bruno", "Ann"], "duplicate-player", "/players/2"),
])
def test_a_bad_table_stops_the_replay(players, code, path):
    report = validate(log_of(players, race("Nuoto", "Ann K1")))
    assert codes(report) == [code]
    assert only(report, code).path == path
    assert report.to_dict()["result"] is None


def test_unknown_first_player_and_hand_owner():
    log = three_player_example()
    log["first_player"] = "Zeno"
    log["hands"] = {"Ann": ["K7", "K9", "B1", "B2", "B3", "B4"], "Bruno": ["Y1"] * 2 + ["Y2"] * 2 + ["Y3"] * 2,
                    "Chiara": ["K8", "G1", "G2", "G3", "G4", "G5"], "Zeno": ["R1"]}
    report = validate(log)
    assert [f.path for f in report.findings if f.code == "unknown-player"] == ["/first_player", "/hands/Zeno"]


def test_hands_and_deck_setup_findings():
    log = three_player_example()
    log["hands"] = {"Ann": ["K7", "K9", "B1", "B2", "B3", "B4"], "Bruno": ["K7", "K7", "Y2"]}
    log["deck"] = ["G1"] * 3
    report = validate(log)
    sizes = [(f.player, f.path) for f in report.findings if f.code == "hand-size"]
    assert sizes == [("Bruno", "/hands/Bruno"), ("Chiara", "/hands")]
    assert only(report, "deck-size").path == "/deck"
    assert "too-many-copies" not in codes(report)  # Bruno's wrong hand is six unknown cards


def test_a_third_copy_in_the_deal_is_reported_where_written():
    log = three_player_example()
    log["hands"] = {"Ann": ["K7", "K9", "B1", "B2", "B3", "B4"], "Bruno": ["B1", "B1", "Y2", "Y3", "Y4", "Y5"],
                    "Chiara": ["K8", "G1", "G2", "G3", "G4", "G5"]}
    finding = only(validate(log), "too-many-copies")
    assert place(finding) == (None, None, "Bruno", "/hands/Bruno/1")


def test_disciplines_declared_wrongly():
    log = three_player_example()
    log["disciplines"] = [*log["disciplines"][:8], log["disciplines"][2]]
    report = validate(log)
    assert "discipline-count" not in codes(report)
    assert only(report, "duplicate-discipline").path == "/disciplines/8"


def test_discipline_count_and_deck_problems():
    log = three_player_example()
    log["disciplines"] = log["disciplines"][:8]
    log["discipline_deck"] = ["Corsa", "Corsa", "Atletica"]
    report = validate(log)
    assert [f.path for f in report.findings if f.code == "discipline-count"] == ["/disciplines", "/discipline_deck"]
    assert only(report, "duplicate-discipline").path == "/discipline_deck/1"
    assert only(report, "unknown-discipline").path == "/discipline_deck/2"


def test_the_pile_is_followed_with_a_discipline_deck():
    deck = ["Nuoto", *[name for name in NAMES if name != "Nuoto"]]
    log = three_player_example()
    log["discipline_deck"] = deck
    finding = only(validate(log), "wrong-discipline")
    assert place(finding) == (1, None, None, "/races/0/discipline")
    log["races"][0]["postponed"] = "Nuoto"
    log["discipline_deck"] = ["Nuoto", "Corsa", *[n for n in NAMES if n not in ("Nuoto", "Corsa")]]
    assert rule_findings(validate(log)) == []


def test_the_pile_s_last_card_cannot_be_postponed():
    log = game(3, 4)  # a game whose last discipline was never postponed before
    last = log["races"][8]
    last["postponed"] = last["discipline"]
    report = validate(log)
    finding = only(report, "postpone-not-allowed")
    assert place(finding) == (9, None, None, "/races/8/postponed")
    assert "last card (a ruling)" in finding.message


def test_a_face_up_card_cannot_be_postponed_again():
    seed = next(seed for seed in range(100) if any("postponed" in r for r in game(4, seed)["races"][:7]))
    log = game(4, seed)
    index, postponed = next((i, r["postponed"]) for i, r in enumerate(log["races"]) if "postponed" in r)
    later = next(i for i, r in enumerate(log["races"]) if r["discipline"] == postponed)
    log["races"][later]["postponed"] = postponed
    report = validate(log)
    finding = only(report, "postpone-not-allowed")
    assert place(finding) == (later + 1, None, None, f"/races/{later}/postponed")
    assert "face up" in finding.message
    assert index < later


def test_postponing_a_card_not_on_top():
    log = game(4, 2)
    log["races"][0]["postponed"] = log["discipline_deck"][3]
    report = validate(log)
    finding = next(f for f in report.findings if f.code == "wrong-discipline")
    assert place(finding) == (1, None, None, "/races/0/postponed")


def test_an_undeclared_discipline_in_a_race():
    log = three_player_example()
    log["races"][0]["discipline"] = "Golf"
    report = validate(log)
    assert place(only(report, "unknown-discipline")) == (1, None, None, "/races/0/discipline")
    assert "unchecked-rule" not in codes(report)


def test_unfinished_race_and_incomplete_game():
    log = three_player_example()
    log["races"].insert(0, race("Scherma", "Ann K1", "Bruno retire"))
    log["races"][1]["turns"][0]["player"] = "Bruno"
    report = validate(log)
    assert place(only(report, "unfinished-race")) == (1, None, None, "/races/0/turns")
    assert only(report, "incomplete-game").path == "/races"


def test_a_tenth_race_is_reported_once_and_not_replayed():
    log = game(3, 4)
    assert validate(log).complete
    log["races"] += [race("Nuoto", "Zed K1"), race("Nuoto")]
    report = validate(log)
    assert place(only(report, "too-many-races")) == (10, None, None, "/races/9")
    assert "unknown-player" not in codes(report)


def test_race_claims_are_compared():
    log = three_player_example()
    log["races"][0]["awards"] = {"medals": {"Ann": ["gold"], "Bruno": ["silver"], "Chiara": ["silver"]},
                                 "first_player": "Bruno", "record": "Ann"}
    report = validate(log)
    for code, key in (("medal-mismatch", "medals"), ("first-player-mismatch", "first_player"),
                      ("record-mismatch", "record")):
        assert place(only(report, code)) == (1, None, None, f"/races/0/awards/{key}")
    log["races"][0]["awards"] = {"medals": {"Chiara": ["silver"], "Ann": ["gold"], "Bruno": ["bronze"]},
                                 "first_player": "Chiara", "record": None}
    assert rule_findings(validate(log)) == []


def test_final_claims_are_compared_so_far():
    log = three_player_example()
    log["scores"] = {"Ann": 4, "Bruno": 2, "Zeno": 0, "Ugo": 3}
    log["winners"] = ["Bruno", "Zeno"]
    report = validate(log)
    assert [f.path for f in report.findings if f.code == "score-mismatch"] == ["/scores/Bruno", "/scores/Ugo"]
    assert [f.path for f in report.findings if f.code == "unknown-player"] == [
        "/scores/Zeno", "/scores/Ugo", "/winners/1"]
    finding = only(report, "winner-mismatch")
    assert finding.path == "/winners" and "Ann wins so far" in finding.message


def test_a_tie_on_vp_and_cards_is_a_shared_win():
    log = log_of(TWO, race("Corsa", "Ann K7", "Bruno pass", "Ann pass", "Bruno K7", "Ann pass"),
                 first_player="Ann", winners=["Ann"])
    report = validate(log)
    # Ann: bronze conceded by Bruno (1); Bruno: silver (2) and gold (4)... Bruno wins outright.
    assert report.to_dict()["result"]["winners"] == ["Bruno"]
    tie = log_of(TWO, race("Corsa", "Ann K7", "Bruno K8"), first_player="Ann", winners=["Ann"])
    finding = only(validate(tie), "winner-mismatch")
    assert "share the win" in finding.message and "(a ruling)" in finding.message


def test_a_malformed_hand_counts_as_missing():
    log = three_player_example()
    log["hands"] = {"Ann": ["K7", "K9", "B1", "B2", "B3", "X4"], "Bruno": ["B5", "B6", "B7", "B8", "B9", "Y1"],
                    "Chiara": ["K8", "G1", "G2", "G3", "G4", "G5"]}
    report = validate(log)
    assert [f.path for f in report.findings if f.code == "schema"] == ["/hands/Ann/5"]
    assert place(only(report, "hand-size")) == (None, None, "Ann", "/hands")


def test_a_replay_leaves_no_reference_cycle():
    """Whatever a replay made is freed as soon as nobody holds its report and state: nothing waits for the
    garbage collector (a race that held its game back made every replay a cycle of some 500 objects)."""
    samples = sorted((Path(__file__).parent.parent / "sample_games" / "olympi").glob("*.json"))
    documents = [json.loads(path.read_text()) for path in samples] + [simulate(players, 3) for players in (2, 4, 7)]
    for document in documents:  # caches filled first: what a cache lets go of is not the replay's
        ENGINE.replay(document)
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage, to be named if any
    try:
        left = []
        for document in documents:
            report, state = ENGINE.replay(document)
            del report, state
            # the young generations hold all the replay made (the collector is off): a full pass would walk
            # every object of the test process, seconds each in a whole run
            gc.collect(1)
            # a cycle the replay made holds some of the game's own objects; other threads of a test process
            # (an earlier test's app and its database pool) may leave garbage of their own meanwhile
            left.append(sorted({type(found).__name__ for found in gc.garbage
                                if type(found).__module__.startswith(("olympi_replay", "replaykit"))}))
            gc.garbage.clear()
    finally:
        gc.set_debug(0)
        if was_enabled:
            gc.enable()
    assert left == [[]] * len(documents)


def test_a_report_s_copy_says_all_the_report_says():
    # GameReport.copy makes a cloned state's report: nothing the report says may be left behind.
    report = validate(simulate(4, 3, world_record=True))
    report.unlisted = 2  # shape findings counted but not built (read by the engine, not in the JSON)
    copy = report.copy()
    assert copy is not report
    assert copy.to_dict() == report.to_dict() and copy.to_dict()["options"] == {"world_record": True}
    assert copy.valid == report.valid and copy.unlisted == 2


def test_medals_are_compared_as_counts_in_any_order():
    log = simulate(2, 0)
    medals = log["races"][0]["awards"]["medals"]
    assert medals == {"Bruno": ["bronze", "silver"], "Ann": ["gold"]}  # the fixture: two passes conceded to Bruno
    log["races"][0]["awards"]["medals"] = {"Ann": ["gold"], "Bruno": ["silver", "bronze"]}
    assert "medal-mismatch" not in codes(validate(log))
    log["races"][0]["awards"]["medals"] = {"Ann": ["gold"], "Bruno": ["silver", "silver"]}
    assert place(only(validate(log), "medal-mismatch")) == (1, None, None, "/races/0/awards/medals")


def test_a_catalogue_discipline_is_named_by_its_title_in_the_findings():
    # The log names the shipped catalogue's cards by id; its findings call them as the cards read.
    log = {"game": "olympi", "players": ["Anna", "Bruno", "Cy"],
           "disciplines": ["house-higher", "house-lower", "house-same-colour", "house-other-colour", "house-own-climb",
                           "house-middle", "house-higher-or-same-colour", "house-free", "ciclismo"],
           "races": [{"discipline": "house-higher", "turns": []}, {"discipline": "house-higher", "turns": []}]}
    report = validate(log)
    assert str(only(report, "unfinished-race").message) == (
        "Race 1 (House rule: higher) did not finish, yet the log goes on with another race.")
    assert str(only(report, "wrong-discipline").message) == (
        'Race 2 raced "House rule: higher", which is already raced: another card is on top of the Discipline pile.')

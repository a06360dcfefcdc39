"""Every finding code of David & Goliath, with its trick, play, player and JSON pointer."""

import pytest

from dg_replay import validate
from tests.helpers import FIVE, codes, errors, game, log_of

ITALIAN = [("Andrea", "G4"), ("Ben", "G12"), ("Clara", "G7"), ("Dennis", "R2"), ("Emma", "G2")]


def only(report, code):
    found = [finding for finding in report.findings if finding.code == code]
    assert len(found) == 1, [f.to_dict() for f in report.findings]
    return found[0]


def where(finding):
    return finding.unit("trick"), finding.unit("play"), finding.player, finding.path


def test_simulated_game_is_valid_and_complete():
    report = validate(game(4, 3))
    assert report.valid and report.complete and report.findings == []
    assert len(report.tricks) == 15


def test_italian_trick_report():
    report = validate(log_of(FIVE, ITALIAN, dealer="Emma"))
    trick = report.to_dict()["tricks"][0]
    assert (trick["leader"], trick["high"], trick["low"]) == ("Andrea", "Ben", "Emma")
    assert trick["captures"] == {"Emma": ["G12"], "Ben": ["G4", "G7", "R2", "G2"]}
    assert trick["scores_after"]["Emma"] == 12 and trick["scores_after"]["Ben"] == 5
    assert codes(report) == ["incomplete-game"]


def test_player_count_and_deck_checks_skipped():
    report = validate(log_of(["A", "B"], [("A", "G40"), ("B", "G41")]))
    assert "player-count" in codes(report)
    assert "card-not-in-deck" not in codes(report)


def test_duplicate_player_at_second_occurrence():
    finding = only(validate(log_of(["A", "B", "C", "B"], [])), "duplicate-player")
    assert where(finding) == (None, None, "B", "/players/3")


def test_unknown_player_everywhere():
    log = log_of(["A", "B", "C"], [("A", "G1"), ("Zed", "G2"), ("C", "G3")], dealer="Q",
                 hands={"X/y": []}, scores={"Nobody": 1}, winners=["Ghost"])
    log["tricks"][0]["captures"] = {"Who": ["G3"]}
    paths = sorted(f.path for f in validate(log).findings if f.code == "unknown-player")
    assert paths == ["/dealer", "/hands/X~1y", "/scores/Nobody", "/tricks/0/captures/Who",
                     "/tricks/0/plays/1/player", "/winners/0"]


def test_card_not_in_deck_in_hands_plays_and_captures():
    log = game(3, 2)
    log["hands"]["Andrea"][0] = "G10"
    log["tricks"][4]["plays"][1]["card"] = "R12"
    log["tricks"][6]["captures"] = {"Ben": ["Y99"]}
    paths = [f.path for f in validate(log).findings if f.code == "card-not-in-deck"]
    assert paths == ["/hands/Andrea/0", "/tricks/4/plays/1/card", "/tricks/6/captures/Ben/0"]


def test_hand_size_once_per_player():
    log = game(4, 5)
    del log["hands"]["Ben"]
    log["hands"]["Clara"] = log["hands"]["Clara"][:14]
    found = [where(f) for f in validate(log).findings if f.code == "hand-size"]
    assert found == [(None, None, "Ben", "/hands"), (None, None, "Clara", "/hands/Clara")]


def test_duplicate_card_at_second_occurrence():
    log = game(4, 5)
    first = log["players"][0]
    log["hands"][log["players"][2]][3] = log["hands"][first][0]
    finding = only(validate(log), "duplicate-card")
    assert finding.path == f"/hands/{log['players'][2]}/3"


def test_wrong_leader_at_play_one():
    log = game(4, 7)
    trick = log["tricks"][5]
    trick["plays"] = trick["plays"][1:] + trick["plays"][:1]
    finding = next(f for f in validate(log).findings if f.code == "wrong-leader")
    assert (finding.unit("trick"), finding.unit("play"), finding.path) == (6, 1, "/tricks/5/plays/0")


def test_first_leader_is_the_dealers_left_neighbour():
    log = log_of(FIVE, ITALIAN, dealer="Ben")
    finding = only(validate(log), "wrong-leader")
    assert "Clara should lead" in finding.message and finding.player == "Andrea"


def test_without_dealer_the_first_leader_is_taken_as_given():
    assert "wrong-leader" not in codes(validate(log_of(FIVE, ITALIAN)))


def test_two_swapped_plays_give_two_wrong_turns():
    log = log_of(FIVE, [ITALIAN[0], ITALIAN[2], ITALIAN[1], ITALIAN[3], ITALIAN[4]])
    found = [where(f) for f in validate(log).findings if f.code == "wrong-turn"]
    assert found == [(1, 2, "Clara", "/tricks/0/plays/1"), (1, 3, "Ben", "/tricks/0/plays/2")]


def test_trick_size_error_and_unfinished_warning():
    log = game(4, 8)
    log["tricks"][2]["plays"].pop()
    del log["tricks"][2]["captures"]
    del log["scores"], log["winners"]
    report = validate(log)
    finding = only(report, "trick-size")
    assert finding.severity == "error" and finding.path == "/tricks/2/plays" and finding.unit("trick") == 3
    log = game(4, 8)
    log["tricks"] = log["tricks"][:9]
    log["tricks"][8]["plays"] = log["tricks"][8]["plays"][:2]
    del log["tricks"][8]["captures"], log["scores"], log["winners"]
    report = validate(log)
    assert report.valid and not report.complete
    assert sorted(codes(report)) == ["incomplete-game", "trick-size"]
    assert only(report, "trick-size").severity == "warning"
    assert report.tricks[8].resolved is False
    log["tricks"][8]["plays"] = log["tricks"][8]["plays"][:1]  # "Trick 9 has 1 plays" was said
    assert only(validate(log), "trick-size").message == ("Trick 9 has 1 play and is unfinished: the game stops "
                                                         "mid-trick, so it is not scored.")


def test_card_already_played():
    log = game(4, 9)
    log["tricks"][3]["plays"][2]["card"] = log["tricks"][1]["plays"][0]["card"]
    report = validate(log)
    finding = next(f for f in report.findings if f.code == "card-already-played")
    assert (finding.unit("trick"), finding.unit("play"), finding.path) == (4, 3, "/tricks/3/plays/2/card")
    assert "trick 2" in finding.message


def test_card_not_in_hand():
    log = game(4, 10)
    hands = log["hands"]
    player = log["tricks"][0]["plays"][1]["player"]
    other = next(name for name in log["players"] if name != player)
    card = log["tricks"][0]["plays"][1]["card"]
    swap = hands[other][0]
    hands[player][hands[player].index(card)], hands[other][0] = swap, card
    finding = next(f for f in validate(log).findings if f.code == "card-not-in-hand")
    assert (finding.unit("trick"), finding.unit("play"), finding.player) == (1, 2, player)


def revoke_log(with_hands):
    # Ben leads G5; Clara, holding G2 (played in trick 2), throws R1 instead.
    tricks = [[("Ben", "G5"), ("Clara", "R1"), ("Andrea", "G9")],
              [("Andrea", "B3"), ("Ben", "B1"), ("Clara", "G2")]]
    extra = {"hands": {"Andrea": ["G9", "B3"], "Ben": ["G5", "B1"], "Clara": ["R1", "G2"]}} if with_hands else {}
    return log_of(["Andrea", "Ben", "Clara"], *tricks, **extra)


@pytest.mark.parametrize("with_hands", [True, False])
def test_must_follow_suit_with_and_without_hands(with_hands):
    finding = only(validate(revoke_log(with_hands)), "must-follow-suit")
    assert where(finding) == (1, 2, "Clara", "/tricks/0/plays/1/card")
    assert "G2" in finding.message


def test_follow_suit_never_guessed_without_proof():
    log = revoke_log(False)
    log["tricks"][1]["plays"][2]["card"] = "Y2"  # Clara never shows green: no proof she held it
    assert "must-follow-suit" not in codes(validate(log))


def test_a_card_played_twice_proves_nothing():
    log = revoke_log(False)
    log["tricks"][0]["plays"][2]["card"] = "G2"  # G2 first appears for Andrea, so Clara's G2 proves nothing
    assert "must-follow-suit" not in codes(validate(log))


def test_too_many_tricks_one_finding_at_trick_16_later_tricks_still_checked():
    log = game(3, 11)
    log["tricks"].append({"plays": [{"player": "Andrea", "card": "G1"}]})
    log["tricks"].append({"plays": [{"player": "Ben", "card": "G99"}]})
    report = validate(log)
    finding = only(report, "too-many-tricks")
    assert (finding.unit("trick"), finding.path) == (16, "/tricks/15")
    assert [f.unit("trick") for f in report.findings if f.code == "card-already-played"] == [16]
    assert [f.unit("trick") for f in report.findings if f.code == "card-not-in-deck"] == [17]
    assert not report.tricks[15].resolved


def test_capture_mismatch_one_per_trick_as_multisets():
    log = game(4, 12)
    claim = log["tricks"][4]["captures"]
    name = next(iter(claim))
    claim[name] = list(reversed(claim[name]))  # order does not matter
    claim["Nobody-else"] = []  # empty lists are ignored... but the name is still unknown
    log["tricks"][7]["captures"] = {name: ["B1"]}
    report = validate(log)
    found = [where(f) for f in report.findings if f.code == "capture-mismatch"]
    assert found == [(8, None, None, "/tricks/7/captures")]


def test_score_and_winner_mismatch():
    log = game(5, 13)
    loser = next(name for name in log["players"] if name not in log["winners"])
    log["scores"][loser] += 1
    log["winners"] = [loser]
    report = validate(log)
    finding = only(report, "score-mismatch")
    assert (finding.player, finding.path) == (loser, f"/scores/{loser}")
    assert only(report, "winner-mismatch").path == "/winners"


def test_unfinished_game_claims_are_checked_so_far():
    log = game(4, 14)
    log["tricks"] = log["tricks"][:5]
    log["scores"] = dict.fromkeys(log["players"], 0)
    del log["winners"]
    report = validate(log)
    assert "so far" in next(f for f in report.findings if f.code == "score-mismatch").message


def test_errors_continue_after_an_illegal_play():
    log = game(4, 15)
    log["tricks"][2]["plays"][1]["card"] = "G77"
    log["tricks"][9]["plays"][2]["card"] = "B77"
    found = [f.unit("trick") for f in errors(validate(log)) if f.code == "card-not-in-deck"]
    assert found == [3, 10]


def test_schema_problems_are_findings_with_pointers():
    log = log_of(["A", "B", "C"], [("A", "X1"), ("B", "G2")], colour="red", version=2)
    log["tricks"][0]["plays"][1]["extra"] = 1
    log["scores"] = {"A": 2.5}
    found = sorted((f.path, f.unit("trick"), f.unit("play")) for f in validate(log).findings if f.code == "schema")
    assert found == [("/colour", None, None), ("/scores/A", None, None), ("/tricks/0/plays/0/card", 1, 1),
                     ("/tricks/0/plays/1/extra", 1, 2), ("/version", None, None)]


@pytest.mark.parametrize("document", [None, [], "log", 3, {}, {"game": "chess"}, {"game": "david-goliath"}])
def test_anything_gets_a_report(document):
    report = validate(document).to_dict()
    assert report["valid"] is False and report["errors"][0]["code"] == "schema"


def test_a_trick_that_is_no_object_is_one_schema_finding_and_leaves_the_result_unknown():
    log = game(3, 2)
    log["tricks"][0] = None
    report = validate(log)
    at_first = [(f.code, f.path) for f in report.findings if f.unit("trick") == 1]
    assert at_first == [("schema", "/tricks/0")]
    assert not any(f.code in ("score-mismatch", "winner-mismatch") for f in report.findings)

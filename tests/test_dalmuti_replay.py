"""The session flow: players, deal checks, order between rounds, newcomers, points and claims, the
declared end. Each finding at its round, player and path."""

import pytest

from dalmuti_replay import validate
from dalmuti_replay.cards import Card
from dalmuti_replay.load import new_state, play_before
from dalmuti_replay.log import Round, Transfer
from dalmuti_replay.rounds import TAXES
from tests.dalmuti_helpers import FOUR, errors, found, session, sim, trick, where


def test_six_players_score_6_5_4_3_2_1():
    log = sim(6, 2, rounds=1)
    record = validate(log).rounds[0]
    assert [record.points[name] for name in record.finish] == [6, 5, 4, 3, 2, 1]


@pytest.mark.parametrize(("count", "severity"), [(3, "error"), (21, "error"), (9, "warning"), (20, "warning")])
def test_player_count(count, severity):
    names = [f"P{index}" for index in range(count)]
    report = validate(session(names, {"tricks": []}))
    [finding] = found(report, "player-count")
    assert (finding.severity, finding.path) == (severity, "/players")
    assert bool(report.rounds) is (severity == "warning")


def test_a_name_twice_stops_the_replay():
    report = validate(session(["Anna", "Bruno", "Anna", "Dario"], {"tricks": [trick(("Anna", "3"))]}))
    [finding] = errors(report)
    assert (finding.code, finding.path) == ("duplicate-player", "/players/2") and report.rounds == []


def test_the_deal_is_checked():
    log = sim(4, 1, rounds=1)
    hands = log["rounds"][0]["hands"]
    hands["Bruno"].append(hands["Carla"].pop())
    hands["Dario"][0] = "11"
    hands["Anna"][-1] = hands["Bruno"][-1] = "1"  # the deck has one 1
    del hands["Carla"]
    hands["Zoe"] = []
    report = validate(log)
    got = [(f.code, f.path, f.player) for f in report.findings if f.unit("trick") is None and f.is_error]
    assert ("hand-size", "/rounds/0/hands/Bruno", "Bruno") in got
    assert ("hand-size", "/rounds/0/hands", "Carla") in got
    assert ("unknown-player", "/rounds/0/hands/Zoe", None) in got
    assert ("card-not-in-deck", "/rounds/0/hands/Dario/0", "Dario") in got
    assert any(code == "too-many-copies" and path.startswith("/rounds/0/hands/") for code, path, _ in got)


def test_the_next_round_starts_in_the_finishing_order_and_ranks_are_checked():
    log = sim(5, 4, rounds=2)
    finish = log["rounds"][0]["finish"]
    assert log["rounds"][1]["ranks"] == finish and validate(log).findings == []
    log["rounds"][1]["ranks"] = finish[::-1]
    [finding] = errors(validate(log))[:1]
    assert (finding.code, finding.path, where(finding)) == ("rank-mismatch", "/rounds/1/ranks", (2, None, None))


def test_a_newcomer_joins_in_the_middle():
    log = sim(5, 6, rounds=3, join=1)
    assert validate(log).findings == []
    entry = log["rounds"][1]
    newcomer = entry["join"][0]
    entry["ranks"].remove(newcomer)
    entry["ranks"].append(newcomer)  # as Great Peon: not allowed
    report = validate(log)
    assert next((f.code, f.path) for f in errors(report)) == ("rank-mismatch", "/rounds/1/ranks")
    assert report.rounds[1].ranks.index(newcomer) == 2  # after the first ⌊5/2⌋ players


def test_a_newcomer_already_playing():
    log = sim(5, 6, rounds=2, join=1)
    log["rounds"][1]["join"].append("Anna")
    [finding] = found(validate(log), "duplicate-player")
    assert (finding.path, where(finding)) == ("/rounds/1/join/1", (2, None, None))


def test_claims_are_checked_entry_by_entry():
    log = sim(4, 8, rounds=2)
    entry = log["rounds"][0]
    first = entry["finish"][0]
    entry["points"][first] += 1
    entry["totals"][first] += 2
    entry["finish"] = entry["finish"][::-1]
    log["totals"][first] -= 1
    log["winners"] = ["Zoe"]
    entry["points"]["Zoe"] = 3
    report = validate(log)
    got = [(f.code, f.path, where(f)) for f in errors(report)]
    assert got == [("finish-mismatch", "/rounds/0/finish", (1, None, None)),
                   ("points-mismatch", f"/rounds/0/points/{first}", (1, None, None)),
                   ("unknown-player", "/rounds/0/points/Zoe", (1, None, None)),
                   ("points-mismatch", f"/rounds/0/totals/{first}", (1, None, None)),
                   ("points-mismatch", f"/totals/{first}", (None, None, None)),
                   ("unknown-player", "/winners/0", (None, None, None)),
                   ("winner-mismatch", "/winners", (None, None, None))]


def test_one_round_without_a_declared_end_is_won_by_the_first_out():
    log = sim(6, 3, rounds=1, declare_end=False, benevolent_rulers=True)
    report = validate(log)
    assert report.winners == [report.rounds[0].finish[0]] and report.findings == []


def test_a_round_after_the_declared_end_and_a_session_that_stops_early():
    log = sim(4, 9, rounds=3)
    log["end"] = {"rounds": 2}
    [finding] = found(validate(log), "session-over")
    assert (finding.path, where(finding)) == ("/rounds/2", (3, None, None))
    log["end"] = {"rounds": 4}
    report = validate(log)
    [finding] = report.findings
    assert (finding.code, finding.severity, finding.path) == ("incomplete-session", "warning", "/end")
    assert finding.message == ("The log stops after round 3, before the declared end: 4 rounds; the result is the "
                               "standing so far.")
    assert not report.complete
    # the last round itself unfinished: "after round 3" read as if it had been played out
    log["rounds"][2]["tricks"] = log["rounds"][2]["tricks"][:1]
    message = next(finding.message for finding in validate(log).findings if finding.code == "incomplete-session")
    assert message == ("The log stops during round 3, which is unfinished, before the declared end: 4 rounds; the "
                       "result is the standing so far.")


def test_a_points_target_ends_the_session():
    log = sim(5, 2, points=12)
    report = validate(log)
    assert report.findings == [] and report.complete and max(report.totals.values()) >= 12
    assert all(max(record.totals.values()) < 12 for record in report.rounds[:-1])


def test_an_unfinished_round_that_is_not_the_last_is_an_error():
    log = sim(4, 5, rounds=2)
    log["rounds"][0]["tricks"] = log["rounds"][0]["tricks"][:3]
    report = validate(log)
    [finding] = found(report, "incomplete-round")
    assert (finding.severity, finding.path) == ("error", "/rounds/0")
    assert report.rounds[1].ranks == log["rounds"][1]["ranks"]  # taken from the log, unchecked


def test_an_unknown_declarer():
    report = validate(session(FOUR, {"revolution": "Zoe", "tricks": []}))
    [finding] = found(report, "unknown-player")
    assert finding.path == "/rounds/0/revolution"


def test_a_last_round_left_unfinished_leaves_the_session_incomplete():
    log = sim(4, 9, rounds=2)
    log["rounds"][1]["tricks"] = log["rounds"][1]["tricks"][:2]
    for key in ("finish", "points", "totals"):
        del log["rounds"][1][key]
    del log["totals"], log["winners"]
    report = validate(log)
    assert [(f.code, f.severity) for f in report.findings] == [("incomplete-round", "warning"),
                                                               ("incomplete-session", "warning")]


def test_the_steps_before_play_go_straight_to_the_round_and_the_taxes_wait_for_play():
    """``load.play_before``: the deal and the transfers are recorded as their steps would record them, and the tax
    phase is replayed once, when play begins. Four players deal 57 cards (values 1 to 10, two Jesters): 15, 14, 14
    and 14; Anna's 1 then goes to Bruno."""
    state = new_state(session(FOUR))
    anna = ["1", "2", "2", "3", "3", "3", "4", "4", "4", "4", "5", "5", "5", "5", "5"]
    given = Transfer("Anna", "Bruno", [Card(1)])
    entry = Round(hands={"Anna": [Card.parse(card) for card in anna]}, taxes=[given])
    play_before(state.round, entry)
    round_ = state.round
    assert round_.log.hands == entry.hands and round_.log.taxes == [given] and round_.phase == TAXES
    assert round_.state.counts == {"Anna": 15, "Bruno": 14, "Carla": 14, "Dario": 14}
    round_.replay_taxes(closed=False)
    assert round_.state.counts == {"Anna": 14, "Bruno": 15, "Carla": 14, "Dario": 14}
    assert Card(1) not in round_.state.hands["Anna"] and round_.state.hands["Anna"][Card(2)] == 2

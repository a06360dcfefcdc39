"""Answers about a Dalmuti session stay a small multiple of its log (issue 19): no per-play repetition of
every player's cards left. The body is the worst case the rules allow per play: 20 players, many rounds."""

import json

from api.games.grande_dalmuti import ADAPTER
from dalmuti_replay import validate
from dalmuti_replay.simulate import simulate

REPORT_TIMES = 4  # python -m benchmarks.dalmuti: 3.1 × for the largest accepted body (20 players, 100 rounds)
TIMELINE_TIMES = 5  # 3.9 × there


def size(data: object) -> int:
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode())


def test_the_report_and_the_timeline_of_a_twenty_player_session_stay_a_small_multiple_of_the_log():
    log = simulate(20, 7, rounds=6)
    report = validate(log).to_dict()
    assert report["valid"]
    body = size(log)
    assert size(report) <= REPORT_TIMES * body
    assert size(ADAPTER.timeline(report)) <= TIMELINE_TIMES * body
    # what stays meaningful: each play's count where it changed, each trick's counts in full
    record = report["rounds"][0]
    play, who = record["tricks"][0]["plays"][0], record["tricks"][0]["plays"][0]["player"]
    moved = sum(len(tax["cards"]) * ((tax["to"] == who) - (tax["from"] == who)) for tax in record["taxes"])
    assert play["cards_left"] == {who: record["dealt"][who] + moved - len(play["cards"])}
    assert len(report["rounds"][0]["tricks"][0]["cards_left"]) == 20

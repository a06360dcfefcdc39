"""Properties over simulated sessions: legal sessions validate clean with claims equal to the result;
any single mutated play, tax or claim is found at its place with no error before it; cards are
conserved; no JSON value of any shape makes the validator raise."""

import copy
import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dalmuti_replay import validate
from dalmuti_replay.rules import Options
from dalmuti_replay.simulate import simulate
from tests.dalmuti_helpers import errors, sets_in
from tests.helpers import json_values, mutate

VARIANTS = [name for name in Options.names() if name != "black_market"]


BOTH = st.booleans()


@st.composite
def sessions(draw, hands=BOTH, claims=BOTH):
    players = draw(st.integers(4, 8))
    variants = {name: True for name in draw(st.lists(st.sampled_from(VARIANTS), max_size=3, unique=True))}
    if variants.pop("market", False) and draw(st.booleans()):
        variants["black_market"] = True
    elif "market" not in variants and draw(st.booleans()):
        variants["market"] = True
    end = draw(st.sampled_from([{"rounds": 1}, {"rounds": 2}, {"rounds": 3}, {"points": 2 * players}]))
    return simulate(players, draw(st.integers(0, 2**32 - 1)), hands=draw(hands), claims=draw(claims),
                    join=draw(st.integers(0, int(players < 8))), rounds=end.get("rounds", 3),
                    points=end.get("points"), **variants)


settings.register_profile("dalmuti", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dalmuti")


@given(sessions())
def test_simulated_sessions_validate_clean_and_claims_equal_the_result(log):
    report = validate(log)
    assert report.findings == [] and report.complete
    if "totals" in log:
        assert report.totals == log["totals"] and report.winners == log["winners"]
        for entry, record in zip(log["rounds"], report.rounds, strict=True):
            assert (record.finish, record.points, record.totals) == (entry["finish"], entry["points"], entry["totals"])
            assert record.ranks == entry["ranks"]


@given(sessions())
def test_cards_are_conserved(log):
    report = validate(log)
    for entry, record in zip(log["rounds"], report.rounds, strict=True):
        laid = sum(len(play.cards) for trick in record.tricks for play in trick.plays if play.cards)
        assert laid + record.tricks[-1].cards_left[record.finish[-1]] == sum(record.dealt.values())
        if "hands" in entry:
            dealt = Counter(card for hand in entry["hands"].values() for card in hand)
            assert sum(dealt.values()) == sum(record.dealt.values())
            assert max(dealt.values()) <= 12


def position(finding):
    return finding.unit("round"), finding.unit("trick"), finding.unit("play")


def assert_found_here_and_nothing_before(log, round_, trick=None, play=None, path=None):
    report = validate(log)
    here = [f for f in report.findings if position(f)[0] == round_ and
            (trick is None or position(f)[1:] == (trick, play)) and (path is None or f.path.startswith(path))]
    assert any(f.is_error for f in here), [f.to_dict() for f in report.findings]
    for finding in errors(report):
        r, t, p = position(finding)
        assert r is None or r >= round_, finding
        if r == round_ and trick is not None and t is not None:
            assert (t, p if p is not None else 10**6) >= (trick, play), finding  # a trick-level finding is its end


# A session costs far more than a mutation (its simulation is nearly all of this module's time), so each
# session drawn carries every change below, each on a copy of its own: 15 sessions make 75 mutated logs, every
# change on sessions of every size and end.
MUTATED = settings(max_examples=15)
PLAY_CHANGES = ("stranger", "pass", "bigger", "worse", "other player")


@MUTATED
@given(sessions(claims=st.just(True)), st.data())
def test_a_single_mutated_play_is_found_at_its_place(session, data):
    for change in PLAY_CHANGES:
        log = copy.deepcopy(session)
        r, t, p = data.draw(st.sampled_from(sets_in(log)))
        plays = log["rounds"][r]["tricks"][t]["plays"]
        entry = plays[p]
        if change == "stranger":
            entry["player"] = "Zoe"
        elif change == "pass" and p == 0:
            plays[p] = {"player": entry["player"], "pass": True}
        elif change == "bigger" and p > 0:
            entry["cards"].append(entry["cards"][0])
        elif change == "worse" and p > 0:
            last = next(play for play in reversed(plays[:p]) if "cards" in play)
            value = next((card for card in last["cards"] if card != "J"), "J")  # Jesters alone are worst: 13
            entry["cards"] = [value if value != "J" else "J"] * len(entry["cards"])
        else:
            order = log["rounds"][r].get("ranks") or log["players"]
            entry["player"] = data.draw(st.sampled_from([name for name in order if name != entry["player"]]))
        assert_found_here_and_nothing_before(log, r + 1, t + 1, p + 1)


@MUTATED
@given(sessions(claims=st.just(True)), st.data())
def test_a_single_mutated_tax_is_found_at_its_round(session, data):
    for change in ("count", "swap", "stranger"):
        log = copy.deepcopy(session)
        taxed = [(r, k) for r, entry in enumerate(log["rounds"]) for k in range(len(entry.get("taxes", [])))]
        if not taxed:
            log["rounds"][0]["taxes"] = [{"from": log["players"][0], "to": log["players"][1], "cards": ["J"]}]
            taxed = [(0, 0)]
            if validate(log).valid:  # taxes were due: give a second, undue one
                log["rounds"][0]["taxes"].append(dict(log["rounds"][0]["taxes"][0]))
        r, k = data.draw(st.sampled_from(taxed))
        transfer = log["rounds"][r]["taxes"][k]
        if change == "count":
            transfer["cards"] = transfer["cards"] + transfer["cards"][:1]
        elif change == "swap":
            transfer["from"], transfer["to"] = transfer["to"], transfer["from"]
        else:
            transfer["to"] = "Zoe"
        assert_found_here_and_nothing_before(log, r + 1, path=f"/rounds/{r}/taxes")


@MUTATED
@given(sessions(claims=st.just(True)), st.data())
def test_a_single_mutated_claim_is_the_only_finding(session, data):
    for change in ("points", "totals", "finish", "final", "winners"):
        log = copy.deepcopy(session)
        r = data.draw(st.integers(0, len(log["rounds"]) - 1))
        entry = log["rounds"][r]
        name = data.draw(st.sampled_from(entry["finish"]))
        delta = data.draw(st.integers(1, 9))
        expected = {"points": "points-mismatch", "totals": "points-mismatch", "finish": "finish-mismatch",
                    "final": "points-mismatch", "winners": "winner-mismatch"}[change]
        if change in ("points", "totals"):
            entry[change][name] += delta
        elif change == "finish":
            entry["finish"] = entry["finish"][::-1]
        elif change == "final":
            log["totals"][name] -= delta
        else:
            log["winners"] = [other for other in log["totals"] if other not in log["winners"]][:1]
        assert [f.code for f in validate(log).findings] == [expected], change


def _check_report(document):
    data = validate(document).to_dict()
    json.dumps(data)
    assert data["valid"] is (not data["errors"])


@given(json_values)
def test_arbitrary_json_values_never_raise(document):
    _check_report(document)
    _check_report({"game": "grande-dalmuti", "players": ["A", "B", "C", "D"], "rounds": document})


@MUTATED
@given(sessions(), st.data())
def test_mutated_logs_never_raise(session, data):
    for _ in range(3):  # three mutations per session: 45 mutated logs
        _check_report(mutate(copy.deepcopy(session), data))

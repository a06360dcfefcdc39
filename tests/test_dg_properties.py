"""Properties over simulated games: legal games validate clean, any single fault is found where it is,
cards are conserved, and no JSON value of any shape makes the validator raise."""

import copy
import json
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dg_replay import validate
from dg_replay.simulate import simulate
from schemas.games.david_goliath.findings import load_log
from tests.helpers import errors, json_values, mutate

games = st.builds(
    lambda players, seed, hands, claims: simulate(players, seed, hands=hands, claims=claims),
    st.integers(3, 6), st.integers(0, 2**32 - 1), st.booleans(), st.booleans())
claimed_games = st.builds(lambda players, seed, hands: simulate(players, seed, hands=hands),
                          st.integers(3, 6), st.integers(0, 2**32 - 1), st.booleans())

settings.register_profile("default", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


@given(games)
def test_simulated_games_validate_clean_and_claims_equal_the_result(log):
    report = validate(log)
    assert report.findings == []
    assert report.valid and report.complete
    if "scores" in log:
        assert report.scores == log["scores"]
        assert report.winners == log["winners"]
        assert [trick.to_dict()["captures"] for trick in report.tricks] == [t["captures"] for t in log["tricks"]]


@given(games)
def test_cards_are_conserved(log):
    report = validate(log)
    played = Counter(play["card"] for trick in log["tricks"] for play in trick["plays"])
    captured = Counter(str(card) for trick in report.tricks for cards in trick.captures.values() for card in cards)
    assert captured == played
    assert sum(played.values()) == 15 * len(log["players"])


def assert_found_at(log, code, trick):
    report = validate(log)
    found = [f.to_dict() for f in report.findings]
    assert any(f.code == code and f.unit("trick") == trick for f in report.findings), found
    assert all(f.unit("trick") is None or f.unit("trick") >= trick for f in errors(report))


@given(claimed_games, st.data())
def test_a_revoke_is_found_at_its_trick(log, data):
    log = copy.deepcopy(log)
    candidates = []
    for t, trick in enumerate(log["tricks"]):
        led = trick["plays"][0]["card"][0]
        for j, play in enumerate(trick["plays"][1:], 1):
            if play["card"][0] != led:
                continue
            for u in range(t + 1, 15):
                for k, later in enumerate(log["tricks"][u]["plays"]):
                    if later["player"] == play["player"] and later["card"][0] != led:
                        candidates.append((t, j, u, k))
    assume(candidates)
    t, j, u, k = data.draw(st.sampled_from(candidates))
    first, second = log["tricks"][t]["plays"][j], log["tricks"][u]["plays"][k]
    first["card"], second["card"] = second["card"], first["card"]
    assert_found_at(log, "must-follow-suit", t + 1)


@given(claimed_games, st.data())
def test_a_card_played_twice_is_found_at_its_trick(log, data):
    log = copy.deepcopy(log)
    t = data.draw(st.integers(1, 14))
    j = data.draw(st.integers(0, len(log["players"]) - 1))
    earlier = data.draw(st.sampled_from([p["card"] for trick in log["tricks"][:t] for p in trick["plays"]]))
    log["tricks"][t]["plays"][j]["card"] = earlier
    assert_found_at(log, "card-already-played", t + 1)


@given(claimed_games, st.data())
def test_plays_out_of_order_are_found_at_their_trick(log, data):
    log = copy.deepcopy(log)
    t = data.draw(st.integers(0, 14))
    plays = log["tricks"][t]["plays"]
    j, k = data.draw(st.lists(st.integers(1, len(plays) - 1), min_size=2, max_size=2, unique=True))
    plays[j], plays[k] = plays[k], plays[j]
    assert_found_at(log, "wrong-turn", t + 1)


@given(claimed_games, st.data())
def test_a_wrong_leader_is_found_at_its_trick(log, data):
    log = copy.deepcopy(log)
    t = data.draw(st.integers(0, 14))
    plays = log["tricks"][t]["plays"]
    shift = data.draw(st.integers(1, len(plays) - 1))
    log["tricks"][t]["plays"] = plays[shift:] + plays[:shift]
    assert_found_at(log, "wrong-leader", t + 1)


@given(claimed_games, st.data())
def test_a_card_outside_the_deck_is_found_at_its_trick(log, data):
    log = copy.deepcopy(log)
    t = data.draw(st.integers(0, 14))
    play = data.draw(st.sampled_from(log["tricks"][t]["plays"]))
    play["card"] = play["card"][0] + str(3 * len(log["players"]) + data.draw(st.integers(1, 1000)))
    assert_found_at(log, "card-not-in-deck", t + 1)


@given(claimed_games, st.data())
def test_an_altered_capture_is_found_at_its_trick(log, data):
    log = copy.deepcopy(log)
    t = data.draw(st.integers(0, 14))
    claim = log["tricks"][t]["captures"]
    name = data.draw(st.sampled_from(sorted(claim)))
    cards = claim[name]
    change = data.draw(st.sampled_from(["drop", "add", "move"]))
    if change == "drop":
        cards.pop()
    elif change == "add":
        cards.append(log["tricks"][(t + 1) % 15]["plays"][0]["card"])
    else:
        other = next(player for player in log["players"] if player not in claim)
        claim[other] = [cards.pop()]
    assert_found_at(log, "capture-mismatch", t + 1)
    assert [f.code for f in validate(log).findings] == ["capture-mismatch"]


@given(claimed_games, st.data())
def test_an_altered_score_or_winner_is_the_only_finding(log, data):
    log = copy.deepcopy(log)
    if data.draw(st.booleans()):
        name = data.draw(st.sampled_from(log["players"]))
        log["scores"][name] += data.draw(st.integers(1, 50)) * data.draw(st.sampled_from([-1, 1]))
        expected = "score-mismatch"
    else:
        log["winners"] = data.draw(st.lists(st.sampled_from(log["players"]), min_size=1, unique=True)
                                   .filter(lambda names: set(names) != set(log["winners"])))
        expected = "winner-mismatch"
    assert [f.code for f in validate(log).findings] == [expected]


def _check_report(document):
    data = validate(document).to_dict()
    json.dumps(data)  # every report is JSON, whatever came in
    assert data["valid"] is (not data["errors"])


@given(json_values)
def test_arbitrary_json_values_never_raise(document):
    _check_report(document)


@given(json_values.map(lambda value: {"game": "david-goliath", "players": ["A", "B", "C"], "tricks": value}))
def test_arbitrary_tricks_never_raise(document):
    _check_report(document)


@given(claimed_games, st.data())
def test_mutated_logs_never_raise(log, data):
    log = mutate(copy.deepcopy(log), data)
    _check_report(log)
    _check_report({"game": "david-goliath-match", "players": log.get("players"), "games": [log, log]})


@given(claimed_games, st.data())
def test_the_schema_of_record_and_the_engine_agree_on_well_formed_logs(log, data):
    log = mutate(copy.deepcopy(log), data)
    _, schema_findings = load_log(copy.deepcopy(log))
    engine_findings = [f for f in validate(log).findings if f.code == "schema"]
    assert bool(schema_findings) == bool(engine_findings), (schema_findings, engine_findings)

@given(st.lists(st.fixed_dictionaries({"player": json_values, "card": json_values | st.fixed_dictionaries(
    {"color": json_values | st.sampled_from(["green", "red"]), "value": json_values | st.integers()})}),
    max_size=5))
def test_arbitrary_plays_and_cards_never_raise(plays):
    log = {"game": "david-goliath", "players": ["A", "B", "C"], "hands": {"A": [play["card"] for play in plays]},
           "tricks": [{"plays": plays, "captures": {"A": [play["card"] for play in plays]}}]}
    _check_report(log)

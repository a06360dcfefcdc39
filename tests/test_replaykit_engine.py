"""The generic findings cap of ``Engine.validate``: every game's report stays small whatever the body holds."""

from __future__ import annotations

import gc
import json
import sys
import time
from dataclasses import replace

import pytest

from dg_replay.engine import ENGINE
from replaykit.engine import MORE_FINDINGS, cap_findings
from replaykit.findings import ERROR, WARNING, Finding
from replaykit.registry import engines
from tests.helpers import game

PLAYERS = ["A", "B", "C", "D"]


def flooded(keys: int = 40, cards: int = 120) -> dict:
    """A log whose deal is nothing but non-cards: one schema finding per entry."""
    return {"game": "david-goliath", "players": PLAYERS, "tricks": [],
            "hands": {f"k{index}": [0] * cards for index in range(keys)}}


def test_a_flood_of_findings_is_cut_to_the_cap_with_a_count_of_the_rest():
    report = ENGINE.validate(flooded())
    assert len(report.findings) == 201
    last = report.findings[-1]
    assert last.code == MORE_FINDINGS and last.severity == ERROR and last.path == ""
    # 40 x 120 non-cards, plus the rule findings after them (unfinished game, hand sizes …), less the 200 shown
    listed = int(last.message.split(" more findings")[0].rsplit(" ", 1)[1])
    assert listed >= 40 * 120 - 200
    assert last.where == (("game", None), ("trick", None), ("play", None))
    data = report.to_dict()
    assert len(data["errors"]) + len(data["warnings"]) == 201 and not data["valid"]


def test_the_cap_is_configurable_and_a_short_report_is_untouched():
    assert len(ENGINE.validate(flooded(), max_findings=10).findings) == 11
    clean = ENGINE.validate(game(4, 3))
    assert clean.valid and all(finding.code != MORE_FINDINGS for finding in clean.findings)


def test_the_closing_finding_is_a_warning_only_when_it_replaces_only_warnings():
    warnings = [Finding("w", WARNING, "x") for _ in range(5)]
    cap_findings(warnings, 3)
    assert [finding.severity for finding in warnings] == [WARNING] * 4
    mixed = [Finding("w", WARNING, "x") for _ in range(3)] + [Finding("e", ERROR, "y")]
    cap_findings(mixed, 3)
    assert mixed[-1].severity == ERROR and "(1 errors, 0 warnings)" in mixed[-1].message


def test_each_game_of_a_match_is_capped_too():
    log = flooded()
    match = {"game": "david-goliath-match", "players": PLAYERS,
             "games": [{**log, "tricks": [{"plays": [{"player": "Z", "card": "B99"}] * 40}] * 40}] * 4}
    report = ENGINE.validate(match, max_findings=50)
    assert len(report.findings) == 51
    assert all(len(part.findings) <= 51 for part in report.games)


def test_work_and_report_stay_small_for_an_absurd_body():
    # Before the cap: 8,000 keys of 120 non-cards gave a 184 MB report after more than 10 s.
    document = flooded(keys=8000)
    started = time.process_time()
    report = json.dumps(ENGINE.validate(document).to_dict())
    assert time.process_time() - started < 2.0
    assert len(report) < 20_000


def closing_count(report) -> int:
    return int(report.findings[-1].message.split(" more findings")[0].rsplit(" ", 1)[1])


def test_findings_only_counted_past_the_detail_budget_are_counted_exactly(monkeypatch):
    match = {"game": "david-goliath-match", "players": PLAYERS,
             "games": [{**flooded(), "tricks": [{"plays": [{"player": "Z", "card": "B99", "x": 1}] * 40}] * 40}] * 3}
    counted = ENGINE.validate(match)
    monkeypatch.setattr("dg_replay.reader.DETAILED_FINDINGS", 10**9)
    monkeypatch.setattr("dg_replay.replay.DETAILED_FINDINGS", 10**9)
    built = ENGINE.validate(match)
    assert closing_count(counted) == closing_count(built) > 3 * 40 * 40 * 2
    assert counted.findings == built.findings  # the first ones listed are the same either way


def flood(node: object, entries: int) -> object:
    """Every object whose values are all lists (hands, captures, medals …) gets ``entries`` entries of 120
    non-cards: the shape of the bodies that once cost seconds of CPU per megabyte."""
    if isinstance(node, dict):
        if node and all(isinstance(value, list) for value in node.values()):
            return {f"k{index}": [0] * 120 for index in range(entries)}
        return {key: flood(value, entries) for key, value in node.items()}
    if isinstance(node, list):
        return [flood(item, entries) for item in node]
    return node


def hostile(engine, entries: int, fields: int) -> list[dict]:
    log = engine.simulate(4, 1)
    return [flood(log, entries), {**log, **{f"x{index}": 0 for index in range(fields)}}]


@pytest.mark.parametrize("engine", list(engines().values()), ids=lambda engine: engine.id)
def test_every_game_answers_a_flood_of_mistakes_briefly(engine):
    for document in hostile(engine, 5, 50):  # what a process does once (imports, catalogues) is not timed
        engine.validate(document)
    for document in hostile(engine, 500, 150_000):  # 1.6 MB each
        # the work is the same each time; a busy machine only adds to it, so the better of two runs is kept
        # (a second run only where the first is over the bound: the better one is the first otherwise)
        spent = []
        while len(spent) < 2 and (not spent or spent[0] >= 0.6):
            started = time.process_time()
            report = engine.validate(document)
            spent.append(time.process_time() - started)
        # before findings were only counted past 1,000: 2.5 s (Olympi); before their messages were skipped too: 3 s
        assert min(spent) < 0.6
        assert len(report.findings) <= 201


@pytest.mark.parametrize("engine", list(engines().values()), ids=lambda engine: engine.id)
def test_every_game_counts_the_findings_it_does_not_build_exactly(engine, monkeypatch):
    for document in hostile(engine, 40, 5_000):
        counted = engine.validate(document)
        for name, module in list(sys.modules.items()):
            if name.endswith(("_replay.reader", "_replay.replay")) and hasattr(module, "DETAILED_FINDINGS"):
                monkeypatch.setattr(module, "DETAILED_FINDINGS", 10**9)
        built = engine.validate(document)
        monkeypatch.undo()
        assert counted.findings == built.findings  # the closing finding's count included


@pytest.mark.parametrize("engine", list(engines().values()), ids=lambda engine: engine.id)
@pytest.mark.parametrize("enabled", [True, False])
def test_a_validation_leaves_the_garbage_collector_as_it_found_it(engine, enabled):
    # The collector waits while a log is replayed (replaykit.engine.collector_paused), and only then.
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    seen: list[bool] = []
    try:
        engine.validate(engine.simulate(engine.players[0], 1))
        engine.load(engine.simulate(engine.players[0], 1), engine.default_limits,
                    observe=lambda _anchor, _state: seen.append(gc.isenabled()))
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()
    assert seen and set(seen) == {enabled}  # a replay watched step by step is left alone



@pytest.mark.parametrize("engine", [engine for engine in engines().values() if engine.home.root is None],
                         ids=lambda engine: engine.id)
def test_a_validation_lets_its_state_go_before_the_collector_resumes(engine, monkeypatch):
    # The collector's first pass after a replay walks every young object still alive: the state, which only
    # replay() hands back, is let go before it. The test holds each state itself and counts the references
    # left when the collector resumes (a compiled state takes no weak reference): its own, and getrefcount's
    # argument, once validate() has let go. (The service's games, whose reports keep no reference to their
    # state; the toy's report reads its state when asked for its JSON form.)
    states: list = []
    references: list[int] = []

    def load(document, limits, **options):
        report, state = engine.load(document, limits, **options)
        states.append(state)
        return report, state

    def enable():
        references.append(sys.getrefcount(states[-1]))
        resume()

    watched = replace(engine, load=load)
    resume, was = gc.enable, gc.isenabled()
    monkeypatch.setattr(gc, "enable", enable)
    resume()
    try:
        watched.validate(engine.simulate(engine.players[0], 1))
        watched.replay(engine.simulate(engine.players[0], 1))
    finally:
        (resume if was else gc.disable)()
    assert references[0] == 2
    assert references[1] > 2  # replay() returns the state, so it still holds it then, as it must

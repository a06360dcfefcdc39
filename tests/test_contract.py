"""The contract every registered game keeps, run over each one (as OpenSpiel tests every registered game).

Simulated games validate clean; arbitrary JSON never raises; every report matches its schema of record;
every finding's path points into the document; the samples get their expected verdicts and together show
every code of the game's catalogue; the log-format document's example validates. The browser half of the
contract (every sample page draws its charts) is in test_browser.

The toy game of ``tests/plugins/`` is one of them (installed for the whole run, tests/conftest.py): its
samples, documents and schemas are found through its home, inside its package, by the same generic code
that finds the project's games'.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api import homes, samples, verdicts
from api.markdown import first_code
from replaykit import registry
from replaykit.engine import MORE_FINDINGS
from replaykit.findings import tokens
from schemas import of_record, timelines
from tests.conftest import ROOT
from tests.helpers import json_values, mutate
from tests.plugin_fixtures import TOY

ENGINES = list(registry.engines().values())  # the toy game of tests/plugins among them (tests/conftest.py)
IDS = [engine.id for engine in ENGINES]
by_engine = pytest.mark.parametrize("engine", ENGINES, ids=IDS)


def sample_folder(engine):
    return samples.folder(ROOT / "sample_games", engine.id)


def samples_of(engine) -> dict[str, dict]:
    return tomllib.loads((sample_folder(engine) / "expected.toml").read_text(encoding="utf-8"))


def resolves(document: object, path: str) -> bool:
    """The pointer names a node of the document, or a key missing from an object that exists."""
    node = document
    steps = tokens(path)
    for position, token in enumerate(steps):
        last = position == len(steps) - 1
        if isinstance(node, dict):
            if token not in node:
                return last
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return False
    return True


def check_report(engine, document: object) -> dict:
    report = engine.validate(document)
    data = report.to_dict()
    json.dumps(data)  # plain JSON all the way down
    assert data["valid"] is report.valid is not any(finding.is_error for finding in report.findings)
    for finding in report.findings:
        assert resolves(document, finding.path), (finding.code, finding.path)
        assert {unit for unit, _ in finding.where} <= set(engine.units), finding
        assert engine.code(finding.code) is not None, finding.code
        assert finding.severity in engine.code(finding.code).severities, finding
    return data


def test_games_are_registered():
    # Every game the project declares as an entry point, and the toy plugin the tests install.
    declared = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    shipped = declared["project"]["entry-points"]["card_replay.games"]
    assert {*shipped, TOY} <= set(registry.engines())
    assert registry.broken() == ()


@by_engine
def test_the_engine_describes_itself(engine):
    codes = [entry.code for entry in engine.codes]
    assert len(codes) == len(set(codes)) and "schema" in codes
    assert engine.units and engine.log_games and engine.name
    low, high = engine.players
    assert 1 <= low <= high


@by_engine
def test_a_capped_report_closes_with_a_code_the_engine_knows(engine):
    report = engine.validate({"game": engine.log_games[0]}, max_findings=0)
    (closing,) = report.findings
    assert closing.code == MORE_FINDINGS and closing.is_error
    assert closing.severity in engine.code(closing.code).severities
    assert report.valid is False


@by_engine
def test_simulated_games_validate_clean_with_matching_claims(engine):
    low, high = engine.players
    for players in range(low, high + 1):
        for seed in range(3):
            log = engine.simulate(players, seed)
            assert log["game"] in engine.log_games
            report = engine.validate(log)
            assert [finding.to_dict() for finding in report.findings if finding.is_error] == [], (players, seed)
            assert report.to_dict()["complete"] is True


@by_engine
def test_a_players_name_written_in_another_case_is_said_with_the_player_meant(engine):
    log = engine.simulate(engine.players[0], 0)
    meant = log["players"][0]
    written = meant.swapcase()
    renamed = json.loads(json.dumps(log).replace(json.dumps(meant), json.dumps(written)))
    renamed["players"][0] = meant  # the seat as it was, every other use of the name in another case
    strangers = [finding for finding in engine.validate(renamed).findings if finding.code == "unknown-player"]
    assert strangers and all(finding.message.endswith(f'Did you mean "{meant}"?') for finding in strangers)
    assert all(f'"{written}"' in finding.message for finding in strangers)


@by_engine
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_logs_never_raise_and_every_finding_points_into_the_log(engine, data):
    # The mutation makes the variety; the logs it starts from are a few per game, each simulated once (a
    # Dalmuti session takes a tenth of a second) and read afresh for each example.
    low, high = engine.players
    players = data.draw(st.sampled_from(sorted({low, (low + high) // 2, high})))
    log = json.loads(simulated(engine, players, data.draw(st.integers(0, 2))))
    check_report(engine, mutate(log, data))


SIMULATED: dict[tuple[str, int, int], str] = {}


def simulated(engine, players: int, seed: int) -> str:
    """A simulated log as JSON text, simulated once per game, players and seed."""
    key = (engine.id, players, seed)
    if key not in SIMULATED:
        SIMULATED[key] = json.dumps(engine.simulate(players, seed))
    return SIMULATED[key]


@by_engine
@settings(max_examples=80, deadline=None)
@given(document=json_values)
def test_arbitrary_json_never_raises(engine, document):
    check_report(engine, document)
    if isinstance(document, dict):
        check_report(engine, {**document, "game": engine.log_games[0]})


@by_engine
def test_every_report_matches_its_schema_of_record(engine):
    _logs, reports = of_record(engine.id)
    assert set(reports) == set(engine.log_games)
    documents = [engine.simulate(engine.players[0], 1), engine.simulate(engine.players[1], 2)]
    documents += [json.loads(path.read_text(encoding="utf-8")) for path in sorted(sample_folder(engine).glob("*.json"))]
    for document in documents:
        report = engine.validate(document).to_dict()
        _name, schema = reports[report["game"]]
        assert schema().dump(report) == report


@by_engine
def test_every_timeline_has_the_shape_its_schema_documents(engine):
    from api.api_v1 import timeline_of

    documented = timelines(engine.id)
    assert set(documented) == set(engine.log_games)
    documents = [engine.simulate(engine.players[0], 1), engine.simulate(engine.players[1], 2)]
    documents += [json.loads(path.read_text(encoding="utf-8")) for path in sorted(sample_folder(engine).glob("*.json"))]
    for document in documents:
        verdict = verdicts.validate(document)
        if verdict.report.get("game") in documented and not verdict.schema_errors:
            _name, schema = documented[verdict.report["game"]]
            assert schema().validate(timeline_of(verdict)) == {}, document.get("meta")


@by_engine
def test_the_samples_get_their_expected_verdicts(engine):
    expected = samples_of(engine)
    folder = sample_folder(engine)
    assert sorted(expected) == sorted(path.name for path in folder.glob("*.json")) and len(expected) >= 12
    for name, verdict in expected.items():
        document = json.loads((folder / name).read_text(encoding="utf-8"))
        report = check_report(engine, document)
        found = {"valid": report["valid"], "complete": report["complete"],
                 "errors": sorted({finding["code"] for finding in report["errors"]}),
                 "warnings": sorted({finding["code"] for finding in report["warnings"]})}
        assert found == verdict, name


@by_engine
def test_every_sample_has_a_title_and_notes_that_explain_it(engine):
    for path in sorted(sample_folder(engine).glob("*.json")):
        meta = json.loads(path.read_text(encoding="utf-8")).get("meta") or {}
        assert isinstance(meta.get("title"), str) and meta["title"].strip(), path.name
        assert isinstance(meta.get("notes"), str) and len(meta["notes"]) > 40, path.name


@by_engine
def test_the_samples_show_every_code_of_the_catalogue(engine):
    shown = {(code, severity) for verdict in samples_of(engine).values()
             for severity, codes in (("error", verdict["errors"]), ("warning", verdict["warnings"]))
             for code in codes}
    due = {(entry.code, severity) for entry in engine.codes for severity in entry.severities}
    assert due - shown == set()


@by_engine
def test_the_log_format_example_validates_without_errors(engine):
    example = first_code(homes.document(engine, "format.md").read_text(encoding="utf-8"))
    assert example is not None
    report = engine.validate(json.loads(example))
    assert report.valid, [finding.to_dict() for finding in report.findings]
    assert homes.document(engine, "rulings.md").is_file()


def test_a_document_of_no_installed_game_gets_one_finding_at_game_listing_them():
    for document in ({"game": "chess", "players": []}, {"players": ["A", "B", "C"]}, [1, 2]):
        engine, report = registry.validate(document)
        assert engine is None and not report.valid
        (finding,) = report.findings
        assert finding.code == "schema" and finding.path == ("/game" if isinstance(document, dict) else "")
        for game in registry.engines():
            assert f'"{game}"' in finding.message

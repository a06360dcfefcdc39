"""The analysis pages' pieces without a browser: findings placed on their moments, the moments the board
fetches, and the figures and table view as they reach the page."""

from __future__ import annotations

from api.analysis import located, moments
from api.verdicts import validate
from tests.dalmuti_helpers import sim


def test_a_finding_links_to_the_innermost_moment_on_the_page_or_nowhere():
    steps = {"race-1", "race-1-turn-2", "setup"}
    findings = [{"code": "x", "severity": "error", "message": "m", "race": 1, "turn": 2, "path": "/races/0"},
                {"code": "y", "severity": "error", "message": "m", "race": 1, "turn": 9, "path": "/races/0"},
                {"code": "z", "severity": "error", "message": "m", "race": 10, "turn": None, "path": "/races/9"},
                {"code": "w", "severity": "error", "message": "m", "race": None, "turn": None, "path": "/hands"}]
    shown = located(findings, ("race", "turn"), step_ids=steps,
                    target=lambda finding: "setup" if finding["path"] == "/hands" else None)
    assert [finding["href"] for finding in shown] == ["#race-1-turn-2", "#race-1", None, "#setup"]


def test_the_moments_are_the_steps_and_the_table_view_without_its_empty_fields():
    verdict = validate(sim(5, 3))
    timeline = verdict.adapter.timeline(verdict.report)
    table = verdict.adapter.table(verdict.report, timeline, verdict.snapshots())
    sent = moments(verdict, verdict.report)
    assert sent["steps"] == verdict.adapter.steps(timeline)
    assert sent["board"]["moments"].keys() == table["moments"].keys()
    assert {key: value for key, value in sent["board"].items() if key != "moments"} == \
        {key: value for key, value in table.items() if key != "moments"}
    dropped = 0
    for step, moment in table["moments"].items():
        kept = sent["board"]["moments"][step]
        assert all(moment[key] == value and value not in ([], {}, None) for key, value in kept.items())
        assert all(moment[key] in ([], {}, None) for key in moment.keys() - kept.keys())
        dropped += len(moment) - len(kept)
    assert dropped > 100  # a session has many plays with nothing of the kind

"""David & Goliath on the web: its moments (tricks), its charts and its page partial.

The figures and the per-trick timeline are built in ``david_goliath_charts``; this module tells the generic
analysis page how to use them. A match log's games are its parts, each shown on a page of its own.
"""

from __future__ import annotations

from api.adapters import Adapter, facts
from api.adapters import david_goliath_charts as charts


def steps(timeline: dict) -> list[dict]:
    rows = timeline.get("tricks") or []
    return [{"id": f"trick-{row['number']}", "status": f"Trick {row['number']} of {len(rows)}",
             "story": row["story"], "x": row["number"]} for row in rows]


def figures(report: dict) -> list[dict]:
    return [
        {"id": "scores", "label": "Score evolution chart", "figure": charts.score_figure(report), "timeline": True},
        {"id": "captures", "label": "Capture timeline chart", "figure": charts.capture_figure(report),
         "timeline": True},
        {"id": "breakdown", "label": "Final score by colour chart", "figure": charts.breakdown_figure(report),
         "timeline": False},
    ]


def overview_figures(report: dict) -> list[dict]:
    return [{"id": "totals", "label": "Match totals chart", "figure": charts.totals_figure(report),
             "timeline": False}]


def parts(report: dict) -> list[dict | None] | None:
    return list(report.get("games") or []) if report.get("kind") == "match" else None


def game_facts(report: dict) -> list[str]:
    found = facts(report)
    if report.get("kind") == "match":
        count = len(report.get("games") or [])
        found.insert(0, f"match of {count} game{'s' * (count != 1)}")
    elif report.get("dealer"):
        found.append(f"dealt by {report['dealer']}")
    return found


ADAPTER = Adapter(timeline=charts.timeline, steps=steps, figures=figures, partial="games/david-goliath.html",
                  facts=game_facts, parts=parts, part_unit="game", overview_figures=overview_figures)

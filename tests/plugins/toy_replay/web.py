"""Toy Tricks on the analysis page: its moments (one per play), its chart and its partial.

Found by the generic pages as ``<package>.web`` (``api.adapters.adapter_for``). Pure like every adapter:
report dicts in, plain data out; the chart's look comes from the shared ``api.adapters.charts``.
"""

from __future__ import annotations

from api.adapters import Adapter, claimed_standings, facts
from api.adapters.charts import base_layout, error_band, player_color, text
from toy_replay.words import say


def _findings(report: dict, trick: int) -> tuple[list[dict], list[dict]]:
    errors = [finding for finding in report.get("errors", []) if finding.get("trick") == trick]
    warnings = [finding for finding in report.get("warnings", []) if finding.get("trick") == trick]
    return errors, warnings


def timeline(report: dict) -> dict:
    """Per trick: its plays (flagged where an error is), who took it, the tricks taken so far."""
    players = list(report.get("players") or [])
    taken = dict.fromkeys(players, 0)
    tricks = []
    for trick in report.get("tricks") or []:
        errors, warnings = _findings(report, trick["number"])
        flagged = {finding.get("play") for finding in errors}
        if trick.get("taker") in taken:
            taken[trick["taker"]] += 1
        plays = [{**play, "play": number, "flagged": number in flagged}
                 for number, play in enumerate(trick["plays"], start=1)]
        story = f"{trick['taker']} takes trick {trick['number']}." if trick.get("taker") else \
            f"Trick {trick['number']} is not taken yet."
        tricks.append({"number": trick["number"], "plays": plays, "taker": trick.get("taker"), "story": story,
                       "tricks_after": dict(taken), "errors": errors, "warnings": warnings})
    return {"players": players, "tricks": tricks}


def steps(timeline: dict) -> list[dict]:
    """Each play, then each trick's outcome; ``x`` is the trick's number on the chart."""
    found = []
    for trick in timeline.get("tricks") or []:
        number = trick["number"]
        for play in trick["plays"]:
            found.append({"id": f"trick-{number}-play-{play['play']}", "x": number,
                          "status": f"Trick {number} · play {play['play']}",
                          "story": f"{play['player']} plays {play['card']}."})
        found.append({"id": f"trick-{number}", "x": number, "status": f"Trick {number}", "story": trick["story"],
                      "major": True})
    return found


def tricks_figure(report: dict) -> dict:
    """Tricks taken by each player after each trick; a red band behind a trick with an error."""
    line = timeline(report)
    numbers = [trick["number"] for trick in line["tricks"]]
    data = [{"type": "scatter", "mode": "lines+markers", "name": text(name), "x": numbers,
             "y": [trick["tricks_after"][name] for trick in line["tricks"]], "customdata": numbers,
             "line": {"color": player_color(seat), "width": 2.5}, "meta": "story",
             "hovertemplate": "<b>%{fullData.name}</b>: %{y} tricks after trick %{x}<extra></extra>"}
            for seat, name in enumerate(line["players"])]
    shapes = [error_band(trick["number"]) for trick in line["tricks"] if trick["errors"]]
    layout = base_layout("Tricks taken", "Trick", shapes=shapes)
    layout["yaxis"] = {"title": {"text": "Tricks"}, "rangemode": "tozero", "dtick": 1}
    return {"data": data, "layout": layout}


def figures(report: dict) -> list[dict]:
    if not report.get("tricks"):
        return []
    return [{"id": "tricks", "label": "Tricks taken after each trick chart", "figure": tricks_figure(report),
             "timeline": True}]


ADAPTER = Adapter(timeline=timeline, steps=steps, figures=figures, partial="games/toy/moments.html",
                  standings=claimed_standings, facts=facts, result_in=say("in tricks"))

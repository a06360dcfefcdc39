"""Chart figures for Il Grande Dalmuti, built from its timeline (itself built from a report dict alone).

Three figures: the race to go out (every hand's cards left after every play, all rounds along one x axis,
the one the steps use), the social ladder (each player's rank round by round, revolutions marked) and the
session points after each round (with the target when the session has one). Errors are red crosses and
bands; a point's ``customdata`` is the id of its moment, so a click selects it. The hundreds of plain plays
carry no text of their own: ``meta: "story"`` has the page tell each one's story from its moment, which
the page holds anyway (a long session's page would otherwise carry every story twice). Figures are plain dicts
(``plotly.graph_objects.Figure`` accepts each one); every text from a log is entity-escaped, since Plotly
renders its own small HTML subset.
"""

from __future__ import annotations

from api.adapters.charts import ERROR_COLOR, PLAYER_COLORS, Shown, base_layout, counting_axis, error_hover
from api.adapters.charts import text as _text
from api.games.grande_dalmuti.timeline import ordinal, play_stories, round_id
from dalmuti_replay.words import say

REVOLUTION_COLOR = "#b45309"
OUT_COLOR = "#15803d"
ROUND_BAND = 0.2  # half the width of an error band on a chart by round
def _marker(symbol: str, size: int, color: str, edge: str = "#ffffff", width: int = 1) -> dict:
    return {"symbol": symbol, "size": size, "color": color, "line": {"width": width, "color": edge}}


def _color(seat: int) -> str:
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def everyone(timeline: dict) -> list[str]:
    """Round 1's players, then newcomers in the order they joined."""
    names = list(timeline.get("players") or [])
    for row in timeline.get("rounds") or []:
        names += [name for name in row["order"] if name not in names]
    return names


def error_points(timeline: dict) -> list[tuple[int, str, list[dict]]]:
    """Every moment holding errors: (x, step id, errors), the round's setup, a trick's end or a play."""
    found = []
    for row in timeline.get("rounds") or []:
        found.append((row["x"], row["id"], row["errors"]))
        for trick in row["tricks"]:
            for play in trick["plays"]:
                errors = [f for f in play.get("findings", ()) if f.get("severity") == "error"]
                found.append((play["x"], play["id"], errors))
            found.append((trick["x"], trick["id"], trick["errors"]))
    return [(x, step, errors) for x, step, errors in found if errors]


def round_errors(timeline: dict) -> list[tuple[int, str, list[dict]]]:
    """Every round holding errors, anywhere in it: (round number, its setup's step id, errors)."""
    found: dict[int, list[dict]] = {}
    for _x, step, errors in error_points(timeline):
        found.setdefault(int(step.split("-")[1]), []).extend(errors)
    return [(number, round_id(number), errors) for number, errors in found.items()]


def _error_trace(points: list[tuple[float, str, list[dict]]], y: float) -> list[dict]:
    """Red crosses along the top of a chart; hovering one lists its errors."""
    if not points:
        return []
    return [{
        "type": "scatter", "mode": "markers", "name": say("Errors"), "x": [p[0] for p in points],
        "y": [y] * len(points),
        "customdata": [p[1] for p in points],
        "marker": _marker("x-thin-open", 12, ERROR_COLOR, ERROR_COLOR, 3),
        "hovertext": [error_hover(errors) for _x, _step, errors in points],
        "hovertemplate": "%{hovertext}<extra></extra>",
    }]


def _error_shapes(xs: list[float], width: float = 0.5) -> list[dict]:
    return [{"type": "rect", "xref": "x", "yref": "paper", "x0": x - width, "x1": x + width, "y0": 0, "y1": 1,
             "fillcolor": ERROR_COLOR, "opacity": 0.12, "line": {"width": 0}, "layer": "below"}
            for x in sorted(set(xs))]


def _changes_only(line: dict) -> dict:
    """A step line ("hv") with only the points that draw it: where it changes, and each run's first and last
    point. A hand changes once a lap at most, so a long session's lines shrink to about a sixth."""
    xs, ys = line["x"], line["y"]
    kept: dict[str, list] = {"x": [], "y": []}
    for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
        starts = i == 0 or ys[i - 1] is None
        ends = i == len(ys) - 1 or ys[i + 1] is None
        if y is None or starts or ends or y != ys[i - 1]:
            kept["x"].append(x)
            kept["y"].append(y)
    return kept


def cards_left_figure(timeline: dict) -> dict:
    """The race to go out: each hand's size after the taxes and after every play; rounds side by side. The
    lines give the counts; the story of each play is on one marker per play, at its player's count."""
    rows = timeline.get("rounds") or []
    names = everyone(timeline)
    lines = {name: {"x": [], "y": []} for name in names}  # a click on a line selects by x: no customdata
    moves: dict[str, list] = {"x": [], "y": []}  # a marker per play: its story is the moment's (meta "story")
    outs: dict[str, list] = {"x": [], "y": [], "customdata": [], "hovertext": []}
    for row in rows:
        for name in names:
            line = lines[name]
            if line["x"]:  # a gap between rounds: the lines do not run from one deal into the next
                line["x"].append(row["x"] - 0.5)
                line["y"].append(None)
            if name in row["start"]:
                line["x"].append(row["x"])
                line["y"].append(row["start"][name])
        held = dict(row["start"])  # a play lists only the counts it changed
        for trick in row["tricks"]:
            # only a play that goes out carries its story here (the others' come from their moments)
            told = play_stories(trick) if any(play.get("out") for play in trick["plays"]) else trick["plays"]
            for play, story in zip(trick["plays"], told, strict=True):
                for name, left in play["left"].items():
                    held[name] = left
                    if name in lines:
                        lines[name]["x"].append(play["x"])
                        lines[name]["y"].append(left)
                points = outs if play.get("out") else moves
                points["x"].append(play["x"])
                points["y"].append(held.get(play["player"], 0))
                if play.get("out"):
                    outs["customdata"].append(play["id"])
                    outs["hovertext"].append(say("<b>Round {round} · trick {trick}</b><br>{story}",
                                                 round=row["number"], trick=trick["number"], story=Shown(story)))
        last = row["tricks"][-1]["plays"][-1:] if row["tricks"] else []
        for play in last:  # every line runs to the round's last play
            for name, count in held.items():
                if name in lines:
                    lines[name]["x"].append(play["x"])
                    lines[name]["y"].append(count)
    data: list[dict] = [{
        "type": "scatter", "mode": "lines", "name": _text(name), **_changes_only(line), "connectgaps": False,
        "line": {"color": _color(seat), "width": 2, "shape": "hv"},
        "hovertemplate": say("<b>%{{fullData.name}}</b>: %{{y}} cards<extra></extra>"),
    } for seat, (name, line) in enumerate(lines.items()) if line["x"]]
    if moves["x"]:
        data.append({"type": "scatter", "mode": "markers", "name": say("Plays"), **moves, "meta": "story",
                     "marker": _marker("circle", 4, "#9ca3af", "#9ca3af", 0)})
    if outs["x"]:
        data.append({"type": "scatter", "mode": "markers", "name": say("Went out"), **outs,
                     "marker": _marker("star", 12, OUT_COLOR), "hovertemplate": "%{hovertext}<extra></extra>"})
    top = max((count for row in rows for count in row["start"].values()), default=10)
    points = error_points(timeline)
    data += _error_trace(points, top + 2)
    shapes = _error_shapes([p[0] for p in points])
    shapes += [{"type": "line", "xref": "x", "yref": "paper", "x0": row["x"] - 0.5, "x1": row["x"] - 0.5, "y0": 0,
                "y1": 1, "line": {"color": "#9ca3af", "width": 1, "dash": "dash"}} for row in rows[1:]]
    layout = base_layout(say("Cards left: the race to go out"), None, shapes=shapes)
    layout["xaxis"] = {**_round_ticks([row["x"] for row in rows], rows),
                       "range": [0.5, max((row["end"] for row in rows), default=1) + 0.5]}
    layout["yaxis"] = counting_axis(say("Cards in hand"))
    return {"data": data, "layout": layout}


def _round_ticks(positions: list[int], rows: list[dict]) -> dict:
    """An x axis labelled by round ("R1", "R2", …) at the given positions: no axis title to crowd the legend."""
    return {"tickvals": positions, "ticktext": [say("R{round}", round=row["number"]) for row in rows],
            "gridcolor": "#eef0f3",
            "zeroline": False}


def _round_end(row: dict) -> str:
    return row["tricks"][-1]["id"] if row["tricks"] else row["id"]


def ladder_figure(timeline: dict) -> dict:
    """The social ladder: each player's seat at the start of every round (1 = Great Dalmuti, on top)."""
    rows = timeline.get("rounds") or []
    data: list[dict] = []
    for seat, name in enumerate(everyone(timeline)):
        xs, ys, steps, hover = [], [], [], []
        for row in rows:
            if name in row["order"]:
                place = row["order"].index(name) + 1
                due = row["ranks"].index(name) + 1 if name in row["ranks"] else place
                words = {"name": name, "rank": row["titles"].get(name, ""), "place": ordinal(place),
                         "round": row["number"]}
                xs.append(row["number"])
                ys.append(place)
                steps.append(row["id"])
                hover.append(Shown(say("{name}: {rank}, {place} in round {round} (due {due}; the Great Revolution "
                                       "reversed the ranks)", due=ordinal(due), **words) if due != place else
                                   say("{name}: {rank}, {place} in round {round}", **words)))
        if xs:
            data.append({"type": "scatter", "mode": "lines+markers", "name": _text(name), "x": xs, "y": ys,
                         "customdata": steps, "hovertext": hover, "line": {"color": _color(seat), "width": 3},
                         "marker": {"size": 10, "color": _color(seat)}, "hovertemplate": "%{hovertext}<extra></extra>"})
    revolutions = [row for row in rows if row["revolution"] and row["revolution"] in row["order"]]
    if revolutions:
        data.append({
            "type": "scatter", "mode": "markers", "name": say("Revolution"),
            "x": [row["number"] for row in revolutions],
            "y": [row["order"].index(row["revolution"]) + 1 for row in revolutions],
            "customdata": [row["id"] for row in revolutions],
            "marker": _marker("star-diamond", 18, REVOLUTION_COLOR),
            "hovertext": [Shown(say("{name} declares a Great Revolution", name=row["revolution"])
                                if row["revolution_kind"] == "great" else
                                say("{name} declares a revolution", name=row["revolution"])) for row in revolutions],
            "hovertemplate": "%{hovertext}<extra></extra>"})
    seats = max((len(row["order"]) for row in rows), default=4)
    points = round_errors(timeline)
    data += _error_trace(points, 0.4)
    layout = base_layout(say("Social ladder: rank each round"), None,
                          shapes=_error_shapes([p[0] for p in points], ROUND_BAND), height=max(320, 140 + 34 * seats))
    layout["xaxis"] = {**_round_ticks([row["number"] for row in rows], rows), "range": [0.6, max(len(rows), 1) + 0.4]}
    layout["yaxis"] = {"title": {"text": say("Rank (1 = top)")}, "range": [seats + 0.5, 0.1], "dtick": 1,
                       "gridcolor": "#eef0f3", "zeroline": False}
    return {"data": data, "layout": layout}


def points_figure(timeline: dict) -> dict:
    """Session points after each round, the claimed totals where they differ, and the target if any."""
    rows = timeline.get("rounds") or []
    data: list[dict] = []
    for seat, name in enumerate(everyone(timeline)):
        played = [row for row in rows if name in row["totals"]]
        if played:
            data.append({
                "type": "scatter", "mode": "lines+markers", "name": _text(name),
                "x": [row["number"] for row in played], "y": [row["totals"][name] for row in played],
                "customdata": [_round_end(row) for row in played],
                "hovertext": [Shown(say("{name}: {total} after round {round} (+{points})", name=name,
                                        total=row["totals"][name], round=row["number"],
                                        points=row["points"].get(name, 0))) for row in played],
                "line": {"color": _color(seat), "width": 2.5}, "marker": {"size": 8, "color": _color(seat)},
                "hovertemplate": "%{hovertext}<extra></extra>"})
    wrong = [(row, name, claimed) for row in rows for name, claimed in (row["claims"].get("totals") or {}).items()
             if isinstance(claimed, int) and row["totals"].get(name) != claimed]
    if wrong:
        data.append({
            "type": "scatter", "mode": "markers", "name": say("Claimed total"),
            "x": [item[0]["number"] for item in wrong],
            "y": [item[2] for item in wrong], "customdata": [_round_end(item[0]) for item in wrong],
            "marker": {"symbol": "circle-open", "size": 13, "color": ERROR_COLOR, "line": {"width": 2}},
            "hovertext": [Shown(say("The log says {name} has {claimed} after round {round}; the plays give {actual}",
                                    name=name, claimed=claimed, round=row["number"], actual=row["totals"].get(name)))
                          for row, name, claimed in wrong],
            "hovertemplate": "%{hovertext}<extra></extra>"})
    top = max([0, *(value for row in rows for value in row["totals"].values()), *(item[2] for item in wrong)])
    points = round_errors(timeline)
    shapes = _error_shapes([p[0] for p in points], ROUND_BAND)
    target = timeline.get("target")
    if isinstance(target, int):
        top = max(top, target)
        shapes.append({"type": "line", "xref": "paper", "yref": "y", "x0": 0, "x1": 1, "y0": target, "y1": target,
                       "line": {"color": "#111827", "width": 1.5, "dash": "dot"}})
    data += _error_trace(points, top * 1.08 + 2)
    layout = base_layout(say("Session points after each round"), None, shapes=shapes)
    if isinstance(target, int):
        layout["annotations"] = [{"xref": "paper", "x": 0, "y": target, "yanchor": "bottom", "xanchor": "left",
                                  "showarrow": False, "text": say("target {target}", target=target)}]
    layout["xaxis"] = {**_round_ticks([row["number"] for row in rows], rows), "range": [0.6, max(len(rows), 1) + 0.4]}
    layout["yaxis"] = counting_axis(say("Points"))
    return {"data": data, "layout": layout}

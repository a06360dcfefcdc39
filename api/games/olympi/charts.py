"""Chart figures for Olympi Cards, built from a report dict alone: medals, victory points, cards in hand
and the order of retirement, race by race.

Figures are plain Plotly figure dicts that ``plotly.graph_objects.Figure`` accepts (the tests check), so
the web layer never imports plotly. The timelines' x axis is the race number and every point's
``customdata`` is its race number (or a step id), so a click selects that race; races with an error are
marked with a red band and a cross whose hover lists the errors. Text from a log is entity-escaped, since
Plotly renders a small HTML subset in names and hover text.
"""

from __future__ import annotations

from api.adapters.charts import BREAK, ERROR_COLOR, PLAYER_COLORS, base_layout, counting_axis, error_hover, markup
from api.adapters.charts import text as _text
from api.games.olympi.timeline import SETUP, discipline_titles, ordinal
from olympi_replay.rules import HAND_SIZE, MEDALS, RECORD_VP, VP
from olympi_replay.words import medal_word, reward_words, say, say_n
from replaykit.words import COMMA, SEMICOLON, Joined, Text

MEDAL_COLORS = {"gold": "#d4a72c", "silver": "#9ca3af", "bronze": "#c98b5b", "record": "#7c3aed"}
NO_MEDAL = "#e5e7eb"


def _players(report: dict) -> list[str]:
    return [name for name in report.get("players") or [] if isinstance(name, str)]


def _races(report: dict) -> list[dict]:
    titles = discipline_titles(report)
    return [{**race, "discipline": titles.get(race["discipline"], race["discipline"])}
            for race in report.get("races") or []]


def _error_races(report: dict) -> dict[int, list[dict]]:
    grouped: dict[int, list[dict]] = {}
    for finding in report.get("errors") or []:
        if isinstance(finding.get("race"), int):
            grouped.setdefault(finding["race"], []).append(finding)
    return grouped


def _error_shapes(report: dict) -> list[dict]:
    """A faint red band behind every race with an error."""
    return [{"type": "rect", "xref": "x", "yref": "paper", "x0": number - 0.5, "x1": number + 0.5, "y0": 0,
             "y1": 1, "fillcolor": ERROR_COLOR, "opacity": 0.1, "line": {"width": 0}, "layer": "below"}
            for number in sorted(_error_races(report))]


def _error_trace(report: dict, y: float) -> list[dict]:
    """Red crosses at ``y`` over every race with an error; hovering one lists its errors."""
    grouped = _error_races(report)
    numbers = sorted(grouped)
    if not numbers:
        return []
    return [{"type": "scatter", "mode": "markers", "name": say("Errors"), "x": numbers, "y": [y] * len(numbers),
             "customdata": numbers, "cliponaxis": False,
             "marker": {"symbol": "x-thin-open", "size": 12, "color": ERROR_COLOR,
                        "line": {"width": 3, "color": ERROR_COLOR}},
             "hovertext": [error_hover(grouped[number], say("<b>Race {number}</b>", number=number))
                           for number in numbers],
             "hovertemplate": "%{hovertext}<extra></extra>"}]


def _timeline_layout(report: dict, title: str, y_title: str, start: float = 0.5, height: int = 380) -> dict:
    layout = base_layout(title, say("Race"), shapes=_error_shapes(report), height=height)
    margin = layout["margin"]
    # The legend clears the axis title whatever the chart's height (Plotly places it in plot fractions).
    layout["legend"]["y"] = -60 / (height - margin["t"] - margin["b"])
    layout["xaxis"]["range"] = [start, max((race["number"] for race in _races(report)), default=1) + 0.5]
    layout["yaxis"] = counting_axis(y_title)
    return layout


def _won(race: dict, name: str) -> Text:
    medals = [medal_word(medal) for medal in race["medals"].get(name, [])]
    medals += [say("World Record")] if race.get("record") == name else []
    return Joined(medals, COMMA, COMMA) if medals else say("no medal")


def _cards(count: object) -> Text | str:
    return say_n("{count} card", "{count} cards", count) if isinstance(count, int) else "–"


def _line(name: str, seat: int, x: list, y: list, customdata: list, hover: list[str]) -> dict:
    color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
    return {"type": "scatter", "mode": "lines+markers", "name": _text(name), "x": x, "y": y,
            "customdata": customdata, "line": {"color": color, "width": 2.5}, "marker": {"size": 7, "color": color},
            "hovertext": hover, "hovertemplate": "%{hovertext}<extra></extra>"}


def vp_figure(report: dict) -> dict:
    """Each player's victory points after each race."""
    races, data, top = _races(report), [], 0
    numbers = [race["number"] for race in races]
    for seat, name in enumerate(_players(report)):
        values = [race["scores_after"].get(name) for race in races]
        top = max([top, *[value for value in values if isinstance(value, int)]])
        hover = [Joined([say("<b>{name}</b>: {points} VP after race {race} ({discipline})", name=_text(name),
                             points=value, race=race["number"], discipline=_text(race["discipline"])),
                         _won(race, name)], BREAK, BREAK) for race, value in zip(races, values, strict=True)]
        data.append(_line(name, seat, numbers, values, numbers, hover))
    data += _error_trace(report, top * 1.08 + 1)
    layout = _timeline_layout(report, say("Victory points after each race"), say("VP"))
    worth = {"gold": VP["gold"], "silver": VP["silver"], "bronze": VP["bronze"]}
    # what each reward is worth, a World Record only where the variant is played
    text = (say("gold {gold} · silver {silver} · bronze {bronze} · World Record {record}", **worth, record=RECORD_VP)
            if (report.get("options") or {}).get("world_record") else
            say("gold {gold} · silver {silver} · bronze {bronze}", **worth))
    layout["annotations"] = [{"text": text,
                              "xref": "paper", "yref": "paper", "x": 1, "y": 1.06,
                              "xanchor": "right", "showarrow": False, "font": {"size": 11, "color": "#4b5563"}}]
    return {"data": data, "layout": layout}


def hands_figure(report: dict) -> dict:
    """Cards in hand after each race, from six dealt: retiring early draws cards, staying in spends them."""
    races, data, top = _races(report), [], HAND_SIZE
    numbers = [0, *(race["number"] for race in races)]
    for seat, name in enumerate(_players(report)):
        values = [HAND_SIZE, *(race["hands_after"].get(name) for race in races)]
        top = max([top, *[value for value in values if isinstance(value, int)]])
        hover: list = [say("<b>{name}</b>: {cards} dealt", name=_text(name), cards=_cards(HAND_SIZE))]
        for race, value in zip(races, values[1:], strict=True):
            spent = sum(len(turn["cards"]) for turn in race["turns"] if turn["player"] == name and not turn["ignored"])
            spent_and_won = Joined([say("played {played}, drew {drew}", played=spent, drew=race["drawn"].get(name, 0)),
                                    _won(race, name)], SEMICOLON, SEMICOLON)
            hover.append(Joined([say("<b>{name}</b>: {cards} after race {race} ({discipline})", name=_text(name),
                                     cards=_cards(value), race=race["number"], discipline=_text(race["discipline"])),
                                 spent_and_won], BREAK, BREAK))
        data.append(_line(name, seat, numbers, values, [SETUP, *numbers[1:]], hover))
    data += _error_trace(report, top * 1.08 + 1)
    layout = _timeline_layout(report, say("Cards in hand after each race"), say("Cards"), start=-0.5)
    layout["xaxis"].update(tickvals=numbers, ticktext=[say("deal"), *map(str, numbers[1:])])
    return {"data": data, "layout": layout}


def order_figure(report: dict) -> dict:
    """Who retired when in each race: one row per player, the place as a number, coloured by its medal."""
    players = _players(report)
    two = len(players) == 2
    row = {name: seat for seat, name in enumerate(players)}
    by_medal: dict[str, dict[str, list]] = {}
    for race in _races(report):
        for retirement in race["retirements"]:
            name = retirement["player"]
            medal = retirement["medal"] or "none"
            if race.get("record") == name:
                medal = "record"
            points = by_medal.setdefault(medal, {"x": [], "y": [], "text": [], "hovertext": [], "customdata": []})
            place = ordinal(retirement["place"])
            if retirement["medal"] == "gold" and not two:
                how = say("{name} stays in last", name=_text(name))
            else:
                how = (say("{name} passes {place}", name=_text(name), place=place) if two
                       else say("{name} retires {place}", name=_text(name), place=place))
            if retirement["turn"]:
                how = say("{action} (turn {turn})", action=how, turn=retirement["turn"])
            told = markup("{how}: {reward}", how=how, reward=reward_words(retirement))
            if medal == "record":
                told = Joined([told, say("World Record")], SEMICOLON, SEMICOLON)
            points["x"].append(race["number"])
            points["y"].append(row.get(name, len(players)))
            points["text"].append(str(retirement["place"]))
            points["customdata"].append(race["number"])
            points["hovertext"].append(Joined([say("<b>Race {race}</b> · {discipline}", race=race["number"],
                                                   discipline=_text(race["discipline"])), told], BREAK, BREAK))
    names = {"gold": say("gold"), "silver": say("silver"), "bronze": say("bronze"), "record": say("World Record"),
             "none": say("no medal")}
    data = [{"type": "scatter", "mode": "markers+text", "name": names[medal], **by_medal[medal],
             "marker": {"symbol": "circle", "size": 22, "color": MEDAL_COLORS.get(medal, NO_MEDAL),
                        "line": {"width": 1, "color": "rgba(0,0,0,0.35)"}},
             "textfont": {"size": 11, "color": "#ffffff" if medal == "record" else "#111827"},
             "hovertemplate": "%{hovertext}<extra></extra>"}
            for medal in ("gold", "silver", "bronze", "record", "none") if medal in by_medal]
    data += _error_trace(report, -0.9)
    title = say("Order of passes (1 = first pass)") if two else say("Order of retirement (1 = first out)")
    layout = _timeline_layout(report, title, "", height=max(320, 150 + 52 * len(players)))
    layout["yaxis"] = {"tickvals": list(range(len(players))), "ticktext": [_text(name) for name in players],
                       "range": [len(players) - 0.5, -1.3], "autorange": False, "gridcolor": "#eef0f3",
                       "zeroline": False}  # reversed: the first seat on top
    return {"data": data, "layout": layout}


def medal_figure(report: dict) -> dict:
    """The medal table: per player a stack of gold, silver and bronze, one segment per medal labelled with
    the race that gave it; the total VP (records included) above each stack."""
    players, errors = _players(report), _error_races(report)
    data = []
    for medal in MEDALS:
        points: dict[str, list] = {"x": [], "text": [], "hovertext": [], "customdata": [], "line": []}
        for race in _races(report):
            for name in players:
                for _copy in range(race["medals"].get(name, []).count(medal)):
                    points["x"].append(_text(name))
                    points["text"].append(str(race["number"]))
                    points["customdata"].append(race["number"])
                    points["line"].append(ERROR_COLOR if race["number"] in errors else "#ffffff")
                    points["hovertext"].append(say("<b>{name}</b>: {medal} in race {race} ({discipline})",
                                                   name=_text(name), medal=medal_word(medal), race=race["number"],
                                                   discipline=_text(race["discipline"])))
        if not points["x"]:
            continue
        data.append({"type": "bar", "name": medal_word(medal), "x": points["x"], "y": [1] * len(points["x"]),
                     "text": points["text"], "customdata": points["customdata"], "hovertext": points["hovertext"],
                     "textposition": "inside", "insidetextanchor": "middle", "textangle": 0,
                     "textfont": {"color": "#111827", "size": 11},
                     "marker": {"color": MEDAL_COLORS[medal], "line": {"width": 2, "color": points["line"]}},
                     "hovertemplate": "%{hovertext}<extra></extra>"})
    scores = (report.get("result") or {}).get("scores") or {}
    counts = {name: sum(len(race["medals"].get(name, [])) for race in _races(report)) for name in players}
    annotations = [{"x": _text(name), "y": counts[name], "text": f"<b>{scores.get(name, 0)}</b>",
                    "showarrow": False, "yanchor": "bottom", "yshift": 2} for name in players]
    layout = base_layout(say("Medal table (race inside, VP on top)"), None, barmode="stack", bargap=0.3,
                          annotations=annotations, uniformtext={"mode": "hide", "minsize": 9})
    layout["yaxis"] = {"title": {"text": say("Medals")}, "gridcolor": "#eef0f3", "rangemode": "tozero"}
    layout["xaxis"] = {"type": "category", "categoryorder": "array", "categoryarray": [_text(n) for n in players]}
    return {"data": data, "layout": layout}

"""Chart figures and per-trick timeline data for David & Goliath, built from a report dict alone.

Every function here is pure: a report dict (``Report.to_dict()``, docs/ARCHITECTURE.md) in, plain
JSON-ready dicts out. Figures are Plotly figure dicts (``{"data": [...], "layout": {...}}``) so a page
view never imports plotly; ``plotly.graph_objects.Figure(figure)`` accepts each one (the tests check).

Plotly renders trace names and hover text with its own small HTML subset and decodes entities, so every
text taken from a log (names, notes, messages) is entity-escaped before it goes into a figure.
"""

from __future__ import annotations

from api.adapters.charts import (
    BREAK,
    ERROR_COLOR,
    PLAYER_COLORS,
    base_layout,
    counting_axis,
    error_band,
    error_hover,
    markup,
)
from api.adapters.charts import text as _text
from dg_replay.cards import COLOR_NAMES, COLORS, Card
from dg_replay.rules import color_score
from dg_replay.words import COLOUR_WORDS, say, say_n
from replaykit.words import COMMA, SEMICOLON, SPACE, Joined

# The chips' colours: white text on each keeps a contrast of at least 4.5:1 (WCAG AA); dark text on yellow.
CARD_COLORS = {"B": "#2a6bd0", "Y": "#f2c12e", "G": "#1f7a45", "R": "#c53030", "P": "#8a4fc7"}
CARD_TEXT_COLORS = {"Y": "#3b2f00"}  # dark text on yellow; white on the others


def _card(text: object) -> Card | None:
    return Card.from_object(text) if isinstance(text, str) else None


def _players(report: dict) -> list[str]:
    return [name for name in report.get("players") or [] if isinstance(name, str)]


def _resolved(report: dict) -> list[dict]:
    return [trick for trick in report.get("tricks") or [] if trick.get("resolved")]


def findings_by_trick(report: dict) -> dict[int, list[dict]]:
    """Errors and warnings grouped by their trick number; findings outside any trick are left out."""
    grouped: dict[int, list[dict]] = {}
    for finding in [*report.get("errors", []), *report.get("warnings", [])]:
        if isinstance(finding.get("trick"), int):
            grouped.setdefault(finding["trick"], []).append(finding)
    return grouped


def _error_tricks(report: dict) -> list[int]:
    return sorted({finding["trick"] for finding in report.get("errors", []) if isinstance(finding.get("trick"), int)})


def story(trick: dict) -> Joined:
    """A few plain sentences telling what happened in a trick (plain text, not escaped)."""
    return Joined(story_lines(trick), SPACE, SPACE)


def story_lines(trick: dict) -> list[str]:
    plays = trick.get("plays") or []
    number = trick.get("number")
    if not trick.get("resolved"):
        cards = ", ".join(f"{play.get('player')} {play.get('card') or '?'}" for play in plays)
        if not cards:
            return [say("Trick {number} was not resolved (no plays).", number=number)]
        return [say("Trick {number} was not resolved ({cards}).", number=number, cards=cards)]
    high, low = trick.get("high_play"), trick.get("low_play")
    parts = [say("Trick {number}, led by {leader}.", number=number, leader=trick.get("leader"))]
    if high:
        parts.append(say("Highest: {player}'s {card}.", player=plays[high - 1]["player"], card=plays[high - 1]["card"]))
    if low:
        parts.append(say("Lowest: {player}'s {card}.", player=plays[low - 1]["player"], card=plays[low - 1]["card"]))
    taken = [say("{name} takes {cards}", name=name, cards=", ".join(cards))
             for name, cards in (trick.get("captures") or {}).items() if cards]
    if taken:
        parts.append(say("{takes}.", takes=Joined(taken, SEMICOLON, SEMICOLON)))
    return parts


def timeline(report: dict) -> dict:
    """Per-trick data shared by the trick table, the charts' step-through and ``/timeline`` in the API."""
    grouped = findings_by_trick(report)
    rows = []
    for trick in report.get("tricks") or []:
        number = trick.get("number")
        findings = grouped.get(number, [])
        flagged = {finding.get("play") for finding in findings if finding.get("severity") == "error"}
        plays = []
        for index, play in enumerate(trick.get("plays") or [], start=1):
            card = _card(play.get("card"))
            plays.append({
                "play": index, "player": play.get("player"), "card": play.get("card"),
                "color": COLOR_NAMES[card.color] if card else None, "value": card.value if card else None,
                "note": play.get("note"), "high": index == trick.get("high_play"),
                "low": index == trick.get("low_play"), "flagged": index in flagged,
            })
        rows.append({
            "number": number, "leader": trick.get("leader"), "resolved": bool(trick.get("resolved")),
            "plays": plays, "high": trick.get("high"), "low": trick.get("low"),
            "captures": trick.get("captures") or {}, "scores_after": trick.get("scores_after") or {},
            "note": trick.get("note"), "story": story(trick), "claimed": trick.get("claimed") or {},
            "claim_differs": any(finding.get("code") == "capture-mismatch" for finding in findings),
            "errors": [finding for finding in findings if finding.get("severity") == "error"],
            "warnings": [finding for finding in findings if finding.get("severity") != "error"],
        })
    return {"players": _players(report), "tricks": rows, "breakdown": breakdown(report)}


def _error_shapes(report: dict) -> list[dict]:
    """A faint red band behind every trick with an error, on any chart whose x axis is the trick number."""
    return [error_band(number) for number in _error_tricks(report)]


def _error_trace(report: dict, y: float) -> dict | None:
    """Red crosses along the top of a timeline; hovering one lists the trick's error messages."""
    grouped: dict[int, list[dict]] = {}
    for finding in report.get("errors", []):
        if isinstance(finding.get("trick"), int):
            grouped.setdefault(finding["trick"], []).append(finding)
    if not grouped:
        return None
    numbers = sorted(grouped)
    return {
        "type": "scatter", "mode": "markers", "name": say("Errors"), "x": numbers, "y": [y] * len(numbers),
        "customdata": numbers, "marker": {"symbol": "x-thin-open", "size": 12, "color": ERROR_COLOR,
                                          "line": {"width": 3, "color": ERROR_COLOR}},
        "hovertext": [error_hover(grouped[number], say("<b>Trick {number}</b>", number=number)) for number in numbers],
        "hovertemplate": "%{hovertext}<extra></extra>",
    }


def _fall(spoiled: list, before: int, after: int) -> object:
    if not spoiled:
        return say("{before} → {after}: the score falls", before=before, after=after)
    return say("{before} → {after}: a third card of {colours}, which now scores 1 point a card", before=before,
               after=after, colours=Joined(spoiled))


def score_figure(report: dict) -> dict:
    """Each player's score if the game ended after each trick; a fall (a third card of a colour) is marked."""
    players, tricks = _players(report), _resolved(report)
    numbers = [trick["number"] for trick in tricks]
    data: list[dict] = []
    counts = {name: dict.fromkeys(COLORS, 0) for name in players}
    falls: dict[str, list[tuple[int, int, str]]] = {name: [] for name in players}
    previous = dict.fromkeys(players, 0)
    for trick in tricks:
        for name in players:
            taken = [card for card in map(_card, (trick.get("captures") or {}).get(name, [])) if card]
            spoiled = [COLOUR_WORDS[color] for color in COLORS
                       if counts[name][color] < 3 <= counts[name][color] + sum(c.color == color for c in taken)]
            for card in taken:
                counts[name][card.color] += 1
            now = (trick.get("scores_after") or {}).get(name, previous[name])
            if now < previous[name]:
                falls[name].append((trick["number"], now, _fall(spoiled, previous[name], now)))
            previous[name] = now
    top = 0
    for seat, name in enumerate(players):
        color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
        values = [(trick.get("scores_after") or {}).get(name) for trick in tricks]
        top = max([top, *[value for value in values if isinstance(value, int)]])
        took = [", ".join((trick.get("captures") or {}).get(name, [])) or say("nothing") for trick in tricks]
        data.append({
            "type": "scatter", "mode": "lines+markers", "name": _text(name), "x": numbers, "y": values,
            "customdata": numbers, "line": {"color": color, "width": 2.5}, "marker": {"size": 7, "color": color},
            "text": [_text(item) for item in took],
            "hovertemplate": say("<b>%{{fullData.name}}</b>: %{{y}} points after trick %{{x}}<br>took "
                                 "%{{text}}<extra></extra>"),
        })
    fall_points = [(name, *fall) for name in players for fall in falls[name]]
    if fall_points:
        data.append({
            "type": "scatter", "mode": "markers", "name": say("Colour spoiled"), "x": [p[1] for p in fall_points],
            "y": [p[2] for p in fall_points], "customdata": [p[1] for p in fall_points],
            "marker": {"symbol": "triangle-down", "size": 14, "color": "#f97316",
                       "line": {"width": 1, "color": "#7c2d12"}},
            "hovertext": [say("<b>{name}</b>, trick {trick}: {fall}", name=_text(p[0]), trick=p[1], fall=p[3])
                          for p in fall_points],
            "hovertemplate": "%{hovertext}<extra></extra>",
        })
    errors = _error_trace(report, top * 1.08 + 2)
    if errors:
        data.append(errors)
    layout = base_layout(say("Score if the game ended after each trick"), say("Trick"), shapes=_error_shapes(report))
    layout["yaxis"] = counting_axis(say("Points"))
    layout["xaxis"]["range"] = [0.5, max(numbers, default=1) + 0.5]
    return {"data": data, "layout": layout}


SPOILED = say("Third card of a colour: it now scores 1 point a card, not their values")


def capture_figure(report: dict) -> dict:
    """Each player's count of cards of each colour, trick by trick: a row per player, a lane per colour, a
    square at each trick where the count grows, labelled with the count. What decides the score is marked:
    the trick where a colour reaches three cards, from which it scores 1 point a card (rule 8)."""
    players = _players(report)
    row = {name: seat for seat, name in enumerate(players)}
    lane = {color: (index - (len(COLORS) - 1) / 2) * 0.19 for index, color in enumerate(COLORS)}
    by_color: dict[str, dict[str, list]] = {color: {"x": [], "y": [], "text": [], "hovertext": [], "customdata": []}
                                            for color in COLORS}
    spoiled: dict[str, list] = {"x": [], "y": [], "hovertext": [], "customdata": []}
    taken: dict[tuple[str, str], list[int]] = {}
    for trick in _resolved(report):
        note = [markup("<i>{note}</i>", note=_text(trick["note"]))] if trick.get("note") else []
        for name, cards in (trick.get("captures") or {}).items():
            new: dict[str, list[Card]] = {}
            for card in filter(None, map(_card, cards)):
                new.setdefault(card.color, []).append(card)
            for color, got in new.items():
                before = taken.get((name, color), [])
                after = before + [card.value for card in got]
                taken[(name, color)] = after
                points, y = by_color[color], row.get(name, len(players)) + lane[color]
                was, now = color_score(before), color_score(after)
                cards_text = " ".join(map(str, got))
                told = Joined([say("<b>{name}</b> takes {cards} at trick {trick}", name=_text(name), cards=cards_text,
                                   trick=trick["number"]),
                               Joined([say_n("{colour}: {count} card", "{colour}: {count} cards", len(after),
                                             colour=COLOUR_WORDS[color]),
                                       say_n("{count} point", "{count} points", now)], COMMA, COMMA), *note],
                              BREAK, BREAK)
                points["x"].append(trick["number"])
                points["y"].append(y)
                points["text"].append(str(len(after)))
                points["customdata"].append(trick["number"])
                points["hovertext"].append(told)
                if len(before) <= 2 < len(after):
                    spoiled["x"].append(trick["number"])
                    spoiled["y"].append(y)
                    spoiled["customdata"].append(trick["number"])
                    spoiled["hovertext"].append(Joined([told, markup("{spoiled} ({was} → {now})", spoiled=SPOILED,
                                                                     was=was, now=now)], BREAK, BREAK))
    data = [{
        "type": "scatter", "mode": "markers+text", "name": COLOUR_WORDS[color], **points,
        "marker": {"symbol": "square", "size": 13, "color": CARD_COLORS[color],
                   "line": {"width": 1, "color": "rgba(0,0,0,0.35)"}},
        "textfont": {"size": 8, "color": CARD_TEXT_COLORS.get(color, "#ffffff")},
        "hovertemplate": "%{hovertext}<extra></extra>",
    } for color, points in by_color.items() if points["x"]]
    if spoiled["x"]:
        data.append({"type": "scatter", "mode": "markers", "name": SPOILED, **spoiled,
                     "marker": {"symbol": "square-open", "size": 19, "color": ERROR_COLOR, "line": {"width": 2.5}},
                     "hovertemplate": "%{hovertext}<extra></extra>"})
    errors = _error_trace(report, -0.8)
    if errors:
        data.append(errors)
    numbers = [trick.get("number", 0) for trick in report.get("tricks") or []]
    layout = base_layout(say("Cards of each colour taken, trick by trick"), say("Trick"), shapes=_error_shapes(report),
                          height=max(340, 170 + 100 * len(players)))
    layout["xaxis"]["range"] = [0.4, max(numbers, default=1) + 0.6]
    layout["yaxis"] = {"tickvals": list(range(len(players))), "ticktext": [_text(name) for name in players],
                       "range": [len(players) - 0.5, -1.1], "autorange": False, "gridcolor": "#eef0f3",
                       "zeroline": False}  # a reversed range: the first seat on top
    return {"data": data, "layout": layout}


def breakdown(report: dict) -> dict[str, dict[str, dict]]:
    """Final points per player and colour: ``{player: {colour name: {"cards": [...], "points": n}}}``."""
    taken: dict[str, dict[str, list[Card]]] = {name: {color: [] for color in COLORS} for name in _players(report)}
    for trick in _resolved(report):
        for name, cards in (trick.get("captures") or {}).items():
            if name not in taken:
                continue  # a name that is not a player (itself a finding) is on no scoreboard
            for card in filter(None, map(_card, cards)):
                taken[name][card.color].append(card)
    return {name: {COLOR_NAMES[color]: {"cards": [str(card) for card in cards],
                                        "points": color_score(card.value for card in cards)}
                   for color, cards in colors.items()}
            for name, colors in taken.items()}


def breakdown_figure(report: dict) -> dict:
    """Final score per player as a stack of colours: one or two cards score their values, three or more 1 each."""
    table = breakdown(report)
    players = list(table)
    data = []
    for color in COLORS:
        cells = [table[player][COLOR_NAMES[color]] for player in players]
        hover = [Joined([say("<b>{name}</b> · {colour}: {cards}", name=_text(player), colour=COLOUR_WORDS[color],
                             cards=", ".join(cell["cards"]) or say("no cards")),
                         say_n("{count} point ({rule})", "{count} points ({rule})", cell["points"],
                               rule=say("three or more: 1 point each") if len(cell["cards"]) >= 3
                               else say("face value"))], BREAK, BREAK)
                 for player, cell in zip(players, cells, strict=True)]
        data.append({
            "type": "bar", "name": COLOUR_WORDS[color], "x": [_text(player) for player in players],
            "y": [cell["points"] for cell in cells], "marker": {"color": CARD_COLORS[color],
                                                                "line": {"width": 1, "color": "#ffffff"}},
            "text": [str(cell["points"]) if cell["points"] else "" for cell in cells], "textposition": "inside",
            "insidetextanchor": "middle", "textangle": 0, "textfont": {"color": CARD_TEXT_COLORS.get(color, "#ffffff")},
            "hovertext": hover, "hovertemplate": "%{hovertext}<extra></extra>",
        })
    totals = [sum(cell["points"] for cell in table[player].values()) for player in players]
    annotations = [{"x": _text(player), "y": total, "text": f"<b>{total}</b>", "showarrow": False, "yanchor": "bottom",
                    "yshift": 2} for player, total in zip(players, totals, strict=True)]
    layout = base_layout(say("Final score by colour"), None, barmode="stack", annotations=annotations, bargap=0.35,
                          uniformtext={"mode": "hide", "minsize": 10})  # no unreadable labels in thin segments
    layout["yaxis"] = {"title": {"text": say("Points")}, "gridcolor": "#eef0f3", "rangemode": "tozero"}
    layout["xaxis"] = {"type": "category"}
    return {"data": data, "layout": layout}


def totals_figure(match: dict) -> dict:
    """A match: each player's total as a stack of the games' scores, game by game."""
    players = _players(match)
    data = []
    for number, game in enumerate(match.get("games") or [], start=1):
        scores = ((game or {}).get("result") or {}).get("scores") or {}
        data.append({
            "type": "bar", "name": say("Game {number}", number=number), "x": [_text(name) for name in players],
            "y": [scores.get(name, 0) for name in players], "customdata": [number] * len(players),
            "hovertemplate": say("<b>%{{x}}</b>: %{{y}} points in game {number}<extra></extra>", number=number),
        })
    totals = (match.get("result") or {}).get("scores") or {}
    annotations = [{"x": _text(name), "y": totals.get(name, 0), "text": f"<b>{totals.get(name, 0)}</b>",
                    "showarrow": False, "yanchor": "bottom", "yshift": 2} for name in players]
    layout = base_layout(say("Match totals, game by game"), None, barmode="stack", annotations=annotations,
                         bargap=0.35)
    layout["yaxis"] = {"title": {"text": say("Points")}, "gridcolor": "#eef0f3", "rangemode": "tozero"}
    layout["xaxis"] = {"type": "category"}
    layout["colorway"] = ["#334155", "#64748b", "#94a3b8", "#0891b2", "#67e8f9", "#a5b4fc"]
    return {"data": data, "layout": layout}

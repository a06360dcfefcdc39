"""What a game page shows of its computer analysis (``replaykit.analysis``): each play's cost and best choice
by its moment, the evaluation chart, and the mistakes among the key moments.

Pure functions of the analysis's JSON (no Flask, no Plotly): the words come in already said in the reader's
language (``Words``), so the figure is a plain dict the page hands to Plotly. Fields an analysis adds later
are carried along untouched; a play without a value (unsearched, out of budget, illegal) is shown as such.

- A play's **value** is what its player could guarantee (or, for an estimate, expect) by the play made: its
  choice's value among ``choices``. The **best value** is the highest of them; the **cost** is the
  analysis's own.
- A play's **mark** is the worst of its ``marks`` (blunder, mistake, inaccuracy); mistakes and blunders are
  key moments, and N/P walk them.
- The **evaluation chart** has one line per seat: at each of its plays (x: the play's rank in the game), the
  value of the play made. An exact value is a filled point, an estimate an open one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from html import escape

from api.adapters.charts import base_layout, player_color
from replaykit import analysis
from replaykit.words import isolated

MARKS = analysis.MARKS  # worst first
KEY_MARKS = ("blunder", "mistake")  # the marks that make a key moment
HUNDREDTH = Decimal("0.01")


@dataclass(frozen=True)
class Words:
    """The chart's and the lists' words in the reader's language; ``point``, ``mark_label`` and ``play`` are
    ``str.format`` templates (``{play}``, ``{value}``, ``{kind}``, ``{mark}``, ``{cost}``; ``play``: ``{player}``
    and ``{played}``, a play's words where the game's own are not given)."""

    title: str = "What each play could guarantee"
    x_title: str = "Play"
    y_title: str = "Result"
    exact: str = "exact"
    estimate: str = "estimate"
    point: str = "{play}: {value} ({kind})"
    mark_label: str = "{mark}: {play}, cost {cost}"
    estimated_mark_label: str = "{mark}: {play}, cost about {cost} (estimate)"
    play: str = "{player} plays {played}"
    marks: tuple[tuple[str, str], ...] = (("blunder", "blunder"), ("mistake", "mistake"),
                                          ("inaccuracy", "inaccuracy"))
    decimal: str = "."  # the reader's decimal sign
    unit: str = "in points"  # the phrase the values and costs are said in (the game adapter's ``result_in``)
    # A step's anchor in words ("trick 9, play 2"), which a marked play's label starts with where given
    place: Callable[[str], str] | None = None


def action_text(action: object) -> str:
    """A log action in a few characters, naming no game: its fields but the player's, ``B4`` for
    ``{"player": "Ben", "card": "B4"}``, ``R3 R3`` for a list of cards, ``pass`` for ``{"pass": true}``."""
    if not isinstance(action, dict):
        return "" if action is None else str(action)
    parts = []
    for name, value in action.items():
        if name == "player" or value in (None, False, [], {}):
            continue
        if value is True:
            parts.append(str(name))
        elif isinstance(value, list):
            parts.append(" ".join(action_text(item) if isinstance(item, dict) else str(item) for item in value))
        else:
            parts.append(action_text(value) if isinstance(value, dict) else str(value))
    return " ".join(parts)


# An action at an analysed step (the step's anchor as the analysis names it, the action as the log writes it) in
# the words of the game's choices there, or None where the game has none for it.
Said = Callable[[str, object], "str | None"]


def play_words(play: dict, action: object, words: Words, said: Said | None) -> str:
    """``action``, made or preferred at ``play``'s step, as the game's choices word it ("Bruno retires"), or
    else by its fields ("Bruno plays pass" is what a game's own words avoid)."""
    own = said(play.get("anchor", play["step"]), action) if said is not None else None
    return own or words.play.format(player=isolated(play["player"]), played=action_text(action))


def number(value: float | int | None, decimal: str = ".") -> str:
    """A value as the page writes it: whole numbers without decimals, others to two places with the reader's
    decimal sign, a half rounded away from zero (6.125 is 6.13: an estimate's eighths are exact halves, which
    Python's own rounding took to the even digit and the page's script, like a reader, does not)."""
    if value is None:
        return ""
    if float(value).is_integer():
        return str(int(value))
    return str(Decimal(float(value)).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)).replace(".", decimal)


def value_of(play: dict) -> float | None:
    """The value of the play made, where the analysis gave its choices one."""
    for choice in play.get("choices") or []:
        if choice.get("action") == play.get("played") and isinstance(choice.get("value"), (int, float)):
            return choice["value"]
    return None


def best_value(play: dict) -> float | None:
    values = [choice["value"] for choice in play.get("choices") or [] if isinstance(choice.get("value"), (int, float))]
    return max(values) if values else None


def mark_of(play: dict) -> str | None:
    marks = play.get("marks") or []
    marks = [marks] if isinstance(marks, str) else marks
    return next((mark for mark in MARKS if mark in marks), None)


def part_plays(plays: list[dict], part: int | None) -> list[dict]:
    """The plays a page shows: all of them, or those of game ``part`` of a match, their steps named as that
    game's page names its moments (``game-2-trick-3-play-1`` is ``trick-3-play-1`` there)."""
    if part is None:
        return plays
    prefix = part_prefix(part)
    return [{**play, "step": play["step"][len(prefix):], "anchor": play["step"]} for play in plays
            if isinstance(play.get("step"), str) and play["step"].startswith(prefix)]


def part_prefix(part: int) -> str:
    """How a match's anchors begin for its game ``part``."""
    return f"game-{part}-"


def figure(plays: list[dict], words: Words = Words(), players: list[str] = (), said: Said | None = None) -> dict:
    """The evaluation chart: per seat (in seating order ``players``, coloured as the game's other charts,
    then any other in order of play), the value of each of its plays made."""
    seats: dict[str, dict] = {player: {"x": [], "y": [], "customdata": [], "hovertext": [], "symbols": []}
                              for player in players}
    for rank, play in enumerate(plays, start=1):
        value = value_of(play)
        if value is None:
            continue
        exact = bool(play.get("exact"))
        trace = seats.setdefault(play["player"], {"x": [], "y": [], "customdata": [], "hovertext": [], "symbols": []})
        trace["x"].append(rank)
        trace["y"].append(value)
        trace["customdata"].append(play["step"])
        trace["hovertext"].append(escape(words.point.format(
            play=play_words(play, play.get("played"), words, said), value=number(value, words.decimal),
            kind=words.exact if exact else words.estimate), quote=False))
        trace["symbols"].append("circle" if exact else "circle-open")
    data = [{"type": "scatter", "mode": "lines+markers", "name": escape(str(player), quote=False),
             "x": trace["x"], "y": trace["y"], "customdata": trace["customdata"], "hovertext": trace["hovertext"],
             "hovertemplate": "%{hovertext}<extra></extra>", "line": {"color": player_color(seat), "width": 2},
             "marker": {"color": player_color(seat), "size": 8, "symbol": trace["symbols"]}}
            for seat, (player, trace) in enumerate(seats.items()) if trace["x"]]
    # the axis's title on two lines, its unit under it: on one, it ran past the plot into the chart's title
    layout = base_layout(words.title, words.x_title, yaxis={"title": {"text": f"{words.y_title}<br>{words.unit}"},
                                                            "gridcolor": "#eef0f3"})
    layout["margin"] = {**layout["margin"], "l": 84}
    layout["xaxis"]["dtick"] = None  # a game has dozens of plays: Plotly chooses the ticks
    return {"data": data, "layout": layout}


def view(result: dict | None, part: int | None = None, words: Words = Words(),
         players: list[str] = (), said: Said | None = None) -> dict | None:
    """What the page's script shows of an analysis: per step its play (``player``, ``played``, ``value``,
    ``best`` values and choices, ``cost``, ``exact``, ``mark``), the marked plays in game order, the figure,
    the seats' accuracy, how many plays were not searched (the whole game's, or game ``part``'s of a match) or
    not listed, and the marks' words (``mark_words``).
    ``None`` for a game with no analysis. ``players``: the seating order, which the chart's colours follow;
    ``said``: the game's words for a play (``play_words``); ``unit``: the phrase the values are said in."""
    if result is None:
        return None
    plays = part_plays(result.get("plays") or [], part)
    names = dict(words.marks)
    steps, marked = {}, []
    for play in plays:
        mark, played = mark_of(play), play_words(play, play.get("played"), words, said)
        steps[play["step"]] = {
            "player": play["player"], "played": played, "legal": play.get("legal", True),
            "exact": bool(play.get("exact")), "value": number(value_of(play), words.decimal),
            "best_value": number(best_value(play), words.decimal), "cost": number(play.get("cost"), words.decimal),
            "best": [play_words(play, action, words, said) for action in play.get("best") or []], "mark": mark,
            "short": analysis.looked_short(play)}
        if mark in KEY_MARKS:
            # an estimate's mark is listed as one, and is no key moment: a shallow look-ahead is no proof
            exact = bool(play.get("exact"))
            label = (words.mark_label if exact else words.estimated_mark_label).format(
                mark=names.get(mark, mark), play=played, cost=number(play.get("cost"), words.decimal))
            where = words.place(play["step"]) if words.place is not None else ""
            # where it was, as every key moment says it ("Trick 9, play 2 · Blunder: …")
            marked.append({"step": play["step"], "kind": mark, "exact": exact,
                           "label": f"{where[:1].upper()}{where[1:]} · {label}" if where else label})
    # a part's seats are counted over its own plays: the whole match's were shown on every game's page
    seats = (result.get("seats") or {}) if part is None else analysis.accuracy(plays)
    # a part's steps not searched are its own too (an analysis stored before they were named counts them all)
    named = result.get("unsearched_steps")
    unsearched = (result.get("unsearched", 0) if part is None or named is None
                  else sum(step.startswith(part_prefix(part)) for step in named if isinstance(step, str)))
    return {"steps": steps, "marked": marked, "figure": figure(plays, words, players, said), "unit": words.unit,
            "seats": seats, "unsearched": unsearched, "unlisted": result.get("unlisted", 0), "mark_words": names,
            "valued": sum(value_of(play) is not None for play in plays)}

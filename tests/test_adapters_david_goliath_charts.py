"""Chart builders: plain figure dicts that plotly accepts, built from the report dict alone."""

from __future__ import annotations

import json

import plotly.graph_objects as go
import pytest

import api.games.david_goliath as david_goliath
import dg_replay
from api.games.david_goliath import charts as charts
from api.games.david_goliath import table
from dg_replay.simulate import simulate, simulate_match
from replaykit.words import Languages, render
from tests.helpers import log_of

THREE = ["Andrea", "Ben", "Clara"]


def report_of(log: dict) -> dict:
    return dg_replay.validate(log).to_dict()


@pytest.fixture
def collapse() -> dict:
    """Andrea's greens fall from 6 to 4 points at trick 2 (a third green); Ben's from 17 to 3 at trick 3."""
    return report_of(log_of(THREE, [("Andrea", "G9"), ("Ben", "G1"), ("Clara", "G5")],
                            [("Andrea", "G8"), ("Ben", "G2"), ("Clara", "G3")],
                            [("Andrea", "G7"), ("Ben", "G4"), ("Clara", "G6")]))


def traces(figure: dict, name: str) -> list[dict]:
    return [trace for trace in figure["data"] if trace.get("name") == name]


def test_every_figure_is_a_plain_dict_plotly_accepts():
    for report in (report_of(simulate(5, 3)), report_of(simulate(3, 9, hands=False, claims=False))):
        for figure in (chart["figure"] for chart in david_goliath.figures(report)):
            json.dumps(figure)  # plain JSON: no numpy, no plotly objects
            go.Figure(figure)  # raises on any unknown property
    match = report_of(simulate_match(4, 1))
    go.Figure(charts.totals_figure(match))


def test_the_score_lines_follow_scores_after(collapse):
    figure = charts.score_figure(collapse)
    for name in THREE:
        (line,) = traces(figure, name)
        assert line["x"] == [1, 2, 3]
        assert line["y"] == [trick["scores_after"][name] for trick in collapse["tricks"]]
        assert line["customdata"] == [1, 2, 3]


def test_the_collapse_on_a_third_card_of_a_colour_is_marked(collapse):
    assert [trick["scores_after"]["Andrea"] for trick in collapse["tricks"]] == [6, 4, 6]
    assert [trick["scores_after"]["Ben"] for trick in collapse["tricks"]] == [9, 17, 3]
    (falls,) = traces(charts.score_figure(collapse), "Colour spoiled")
    points = sorted(zip(falls["x"], falls["y"], strict=True))
    assert points == [(2, 4), (3, 3)]
    assert all("green" in text for text in falls["hovertext"])


def test_the_capture_chart_counts_each_colour_and_marks_the_third_card(collapse):
    # By the rules: trick 1 Ben takes G9, Andrea G1 G5; trick 2 Ben G8, Andrea G2 G3; trick 3 Ben G7, Andrea
    # G4 G6. Andrea's greens count 2, 4, 6 (the third comes at trick 2); Ben's 1, 2, 3 (at trick 3).
    figure = charts.capture_figure(collapse)
    (green,) = traces(figure, "green")
    rows = {0: "Andrea", 1: "Ben", 2: "Clara"}
    counts = sorted((rows[round(y)], x, int(text)) for x, y, text in zip(green["x"], green["y"], green["text"],
                                                                          strict=True))
    assert counts == [("Andrea", 1, 2), ("Andrea", 2, 4), ("Andrea", 3, 6), ("Ben", 1, 1), ("Ben", 2, 2),
                      ("Ben", 3, 3)]
    assert green["marker"]["color"] == charts.CARD_COLORS["G"]
    (third,) = traces(figure, charts.SPOILED)
    assert sorted((rows[round(y)], x) for x, y in zip(third["x"], third["y"], strict=True)) == [("Andrea", 2),
                                                                                                ("Ben", 3)]
    assert "(17 → 3)" in next(text for text in third["hovertext"] if "Ben" in text)
    assert figure["layout"]["yaxis"]["ticktext"] == THREE


def test_the_breakdown_adds_up_to_the_final_scores():
    report = report_of(simulate(6, 21))
    figure = charts.breakdown_figure(report)
    assert [trace["name"] for trace in figure["data"]] == ["blue", "yellow", "green", "red", "purple"]
    totals = [sum(values) for values in zip(*(trace["y"] for trace in figure["data"]), strict=True)]
    assert totals == [report["result"]["scores"][name] for name in report["players"]]


def test_the_breakdown_scores_three_cards_one_point_each(collapse):
    table = charts.breakdown(collapse)
    assert table["Ben"]["green"] == {"cards": ["G9", "G8", "G7"], "points": 3}
    assert table["Clara"]["green"]["points"] == 0


def test_errors_are_marked_on_both_timelines():
    log = simulate(4, 8)
    log["tricks"][4]["captures"] = {name: ["B1"] for name in log["players"][:1]}
    report = report_of(log)
    assert report["errors"][0]["trick"] == 5
    for figure in (charts.score_figure(report), charts.capture_figure(report)):
        (errors,) = traces(figure, "Errors")
        assert errors["x"] == [5] and errors["customdata"] == [5]
        assert "Captures written wrong: " in errors["hovertext"][0]  # capture-mismatch, in words
        assert [(shape["x0"], shape["x1"]) for shape in figure["layout"]["shapes"]] == [(4.5, 5.5)]


def test_text_from_the_log_is_escaped_for_plotly():
    log = simulate(3, 2, names=("<b>Evil</b>", "Ben & Co", "Clara"))
    log["tricks"][0]["note"] = "<img src=x onerror=alert(1)>"
    report = report_of(log)
    figure = charts.score_figure(report)
    assert figure["data"][0]["name"] == "&lt;b&gt;Evil&lt;/b&gt;"
    assert figure["data"][1]["name"] == "Ben &amp; Co"
    captures = json.dumps(charts.capture_figure(report))
    assert "<img" not in captures and "&lt;img src=x" in captures


def test_the_totals_stack_each_games_scores():
    match = report_of(simulate_match(3, 4))
    figure = charts.totals_figure(match)
    assert [trace["name"] for trace in figure["data"]] == ["Game 1", "Game 2", "Game 3"]
    stacked = [sum(values) for values in zip(*(trace["y"] for trace in figure["data"]), strict=True)]
    assert stacked == [match["result"]["scores"][name] for name in match["players"]]


def test_the_timeline_marks_highest_lowest_and_flagged_plays():
    log = log_of(THREE, [("Andrea", "G4"), ("Ben", "R2"), ("Clara", "G7")], [("Clara", "G5"), ("Andrea", "G9"),
                                                                             ("Ben", "G2")])
    rows = charts.timeline(report_of(log))["tricks"]
    first = rows[0]
    assert [(play["card"], play["high"], play["low"]) for play in first["plays"]] == [
        ("G4", False, False), ("R2", False, True), ("G7", True, False)]
    assert [play["flagged"] for play in first["plays"]] == [False, True, False]
    assert first["errors"][0]["code"] == "must-follow-suit"
    assert first["plays"][0]["color"] == "green" and first["plays"][0]["value"] == 4
    assert "Ben takes G7" in first["story"] and "Clara takes G4, R2" in first["story"]


def test_a_document_that_is_no_log_gives_empty_figures():
    report = report_of([1, 2, 3])
    for figure in (chart["figure"] for chart in david_goliath.figures(report)):
        go.Figure(figure)
    assert charts.timeline(report) == {"players": [], "tricks": [], "breakdown": {}}


def test_unresolved_tricks_are_told_but_not_scored():
    log = simulate(3, 6)
    log["tricks"][-1]["plays"] = log["tricks"][-1]["plays"][:2]
    del log["scores"], log["winners"], log["tricks"][-1]["captures"]
    report = report_of(log)
    rows = charts.timeline(report)["tricks"]
    assert rows[-1]["resolved"] is False and "not resolved" in rows[-1]["story"]
    assert charts.score_figure(report)["data"][0]["x"] == list(range(1, 15))


def test_a_play_s_story_names_its_card_in_words_as_its_choice_does():
    # "Clara gioca G8" read as giallo 8 on an Italian page: the letters are the log's English initials
    log = log_of(THREE, [("Andrea", "G4"), ("Ben", "R2"), ("Clara", "Y7")])
    stories = {step["id"]: step["story"] for step in table.steps(charts.timeline(report_of(log)))}
    assert stories["trick-1-play-3"] == "Clara plays yellow 7."
    assert render(stories["trick-1-play-1"], Languages("it")) == "Andrea gioca verde 4."
    assert render(stories["trick-1-play-2"], Languages("pl")) == "Ben zagrywa czerwoną 2."

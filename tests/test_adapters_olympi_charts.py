"""Olympi's charts: plain figure dicts Plotly accepts, values traced to the report, errors marked, clicks
that select a race, and text from the log escaped."""

from __future__ import annotations

import json
from collections import Counter

import plotly.graph_objects as go

import api.games.olympi as olympi
from api.games.olympi import charts as charts
from olympi_replay import validate
from olympi_replay.simulate import simulate


def report_of(log: object) -> dict:
    return validate(log).to_dict()


def traces(figure: dict, name: str) -> list[dict]:
    return [trace for trace in figure["data"] if trace.get("name") == name]


def test_every_figure_is_a_plain_dict_plotly_accepts():
    reports = [report_of(simulate(players, players + 3, world_record=players % 2 == 1)) for players in range(2, 8)]
    for report in [*reports, report_of([1, 2]), report_of({"game": "olympi"})]:
        for chart in olympi.figures(report):
            json.dumps(chart["figure"])  # plain JSON
            go.Figure(chart["figure"])  # raises on any unknown property


def test_the_vp_and_hand_lines_follow_the_races():
    report = report_of(simulate(4, 7))
    vp, hands = charts.vp_figure(report), charts.hands_figure(report)
    for name in report["players"]:
        (line,) = traces(vp, name)
        assert line["x"] == line["customdata"] == list(range(1, 10))
        assert line["y"] == [race["scores_after"][name] for race in report["races"]]
        (held,) = traces(hands, name)
        assert held["x"] == list(range(10)) and held["customdata"] == ["setup", *range(1, 10)]
        assert held["y"] == [6, *(race["hands_after"][name] for race in report["races"])]
    assert vp["data"][0]["y"][-1] == report["result"]["scores"][report["players"][0]]


def test_the_vp_chart_says_what_a_world_record_is_worth_only_where_the_variant_is_played():
    plain, variant = (charts.vp_figure(report_of(simulate(4, 7, world_record=on))) for on in (False, True))
    assert plain["layout"]["annotations"][0]["text"] == "gold 4 · silver 2 · bronze 1"
    assert variant["layout"]["annotations"][0]["text"] == "gold 4 · silver 2 · bronze 1 · World Record 2"


def test_the_medal_table_has_one_block_per_medal_labelled_with_its_race():
    report = report_of(simulate(5, 2))
    figure = charts.medal_figure(report)
    for medal in ("gold", "silver", "bronze"):
        (bars,) = traces(figure, medal)
        assert Counter(bars["x"]) == Counter({name: entry[medal] for name, entry in
                                              report["result"]["breakdown"].items() if entry[medal]})
        assert bars["text"] == [str(number) for number in bars["customdata"]]
    assert [note["text"] for note in figure["layout"]["annotations"]] == [
        f"<b>{report['result']['scores'][name]}</b>" for name in report["players"]]


def test_the_order_chart_places_every_retirement_in_its_race_and_row():
    report = report_of(simulate(6, 1))
    figure = charts.order_figure(report)
    points = [(x, y, text) for trace in figure["data"] if trace["name"] != "Errors"
              for x, y, text in zip(trace["x"], trace["y"], trace["text"], strict=True)]
    expected = [(race["number"], report["players"].index(r["player"]), str(r["place"]))
                for race in report["races"] for r in race["retirements"]]
    assert sorted(points) == sorted(expected)
    (gold,) = traces(figure, "gold")
    assert len(gold["x"]) == 9 and gold["customdata"] == gold["x"]
    assert figure["layout"]["yaxis"]["ticktext"] == report["players"]


def test_errors_are_marked_on_the_timelines_and_the_medal_table():
    log = simulate(3, 9)
    log["races"][2]["awards"]["medals"] = {name: ["gold"] for name in log["players"]}
    report = report_of(log)
    assert [(error["code"], error["race"]) for error in report["errors"]] == [("medal-mismatch", 3)]
    for figure in (charts.vp_figure(report), charts.hands_figure(report), charts.order_figure(report)):
        (errors,) = traces(figure, "Errors")
        assert errors["x"] == errors["customdata"] == [3] and "<br>The wrong medals written: " in errors["hovertext"][0]
        assert [(shape["x0"], shape["x1"]) for shape in figure["layout"]["shapes"]] == [(2.5, 3.5)]
    for bars in charts.medal_figure(report)["data"]:
        for race, line in zip(bars["customdata"], bars["marker"]["line"]["color"], strict=True):
            assert (line == charts.ERROR_COLOR) == (race == 3)


def test_seven_players_get_seven_colours():
    report = report_of(simulate(7, 3))
    colours = [trace["line"]["color"] for trace in charts.vp_figure(report)["data"]]
    assert len(set(colours)) == 7


def test_a_clean_game_marks_no_error():
    report = report_of(simulate(4, 2))
    for chart in olympi.figures(report):
        assert not traces(chart["figure"], "Errors") and not chart["figure"]["layout"].get("shapes")


def test_text_from_the_log_is_escaped_for_plotly():
    log = simulate(3, 2)
    names = {"Ann": "<b>Evil</b>", "Bruno": "Ben & Co"}
    text = json.dumps(log)
    for old, new in names.items():
        text = text.replace(f'"{old}"', json.dumps(new))
    log = json.loads(text)
    hostile, first = "<img src=x onerror=alert(1)>", log["disciplines"][0]["name"]
    log["disciplines"][0]["name"] = hostile
    log["discipline_deck"] = [hostile if name == first else name for name in log["discipline_deck"]]
    for race in log["races"]:
        race["discipline"] = hostile if race["discipline"] == first else race["discipline"]
    report = report_of(log)
    assert report["valid"], report["errors"]
    for chart in olympi.figures(report):
        dumped = json.dumps(chart["figure"])
        assert "<b>Evil" not in dumped and "<img" not in dumped and "Ben & Co" not in dumped
        assert "&lt;b&gt;Evil&lt;/b&gt;" in dumped and "Ben &amp; Co" in dumped
    assert "&lt;img src=x" in json.dumps(charts.vp_figure(report))

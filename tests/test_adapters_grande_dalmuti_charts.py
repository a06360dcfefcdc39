"""Il Grande Dalmuti's charts: plain figure dicts plotly accepts, every value traced to the report."""

from __future__ import annotations

import json

import plotly.graph_objects as go

import api.games.grande_dalmuti as adapter
from api.games.grande_dalmuti import charts as charts
from api.games.grande_dalmuti.timeline import steps, timeline
from dalmuti_replay import validate
from tests.conftest import ROOT
from tests.dalmuti_helpers import sim
from tests.test_adapters_grande_dalmuti import MINIMAL, sample

SAMPLES = ROOT / "sample_games" / "grande-dalmuti"


def traces(figure: dict, name: str) -> list[dict]:
    return [trace for trace in figure["data"] if trace.get("name") == name]


def test_every_figure_is_a_plain_dict_plotly_accepts():
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(SAMPLES.glob("*.json"))]
    documents += [sim(6, 3, join=True), sim(4, 2, hands=False, claims=False), [1, 2, 3]]
    for document in documents:
        for chart in adapter.figures(validate(document).to_dict()):
            json.dumps(chart["figure"])
            go.Figure(chart["figure"])  # raises on any unknown property


def test_the_cards_left_lines_follow_the_report_play_by_play():
    report = validate(sim()).to_dict()
    shown = timeline(report)
    figure = charts.cards_left_figure(shown)
    (anna,) = traces(figure, "Anna")
    points = list(zip(anna["x"], anna["y"], strict=True))

    def drawn_at(x):  # an "hv" line holds each point's value until its next point
        return [y for at, y in points if at <= x][-1]

    for record, row in zip(report["rounds"], shown["rounds"], strict=True):
        assert drawn_at(row["x"]) == row["start"]["Anna"]
        plays = [play for trick in row["tricks"] for play in trick["plays"]]
        held, cards_left = row["start"]["Anna"], []
        for trick in record["tricks"]:
            for play in trick["plays"]:  # a play lists only the count it changed
                held = play["cards_left"].get("Anna", held)
                cards_left.append(held)
        assert [drawn_at(play["x"]) for play in plays] == cards_left
        assert (plays[-1]["x"], cards_left[-1]) in points  # the line runs to the round's last play
    assert anna["y"].count(None) == len(report["rounds"]) - 1  # the lines break between rounds
    assert len(points) < sum(len(trick["plays"]) for row in shown["rounds"] for trick in row["tricks"]) / 2
    first = report["rounds"][0]
    assert shown["rounds"][0]["start"]["Anna"] == first["tricks"][0]["cards_left"]["Anna"] + sum(
        len(play["cards"] or []) for play in first["tricks"][0]["plays"] if play["player"] == "Anna")



def test_a_hand_recorded_short_is_drawn_from_the_cards_it_holds():
    # Dario is dealt 13 cards where 14 are due; his first set is a single 5, in trick 2.
    shown = timeline(sample("illegal-deal"))
    (dario,) = traces(charts.cards_left_figure(shown), "Dario")
    assert shown["rounds"][0]["start"]["Dario"] == 13
    assert dario["y"][:2] == [13, 12]

def test_going_out_is_marked_where_it_happens_and_a_click_names_the_moment():
    shown = timeline(validate(MINIMAL).to_dict())
    (out,) = traces(charts.cards_left_figure(shown), "Went out")
    assert out["customdata"] == ["round-1-trick-2-play-1", "round-1-trick-4-play-1", "round-1-trick-4-play-3"]
    assert out["y"] == [0, 0, 0] and "goes out 1st" in out["hovertext"][0]
    by_id = {step["id"]: step["x"] for step in steps(shown)}
    assert out["x"] == [by_id[step] for step in out["customdata"]]


def test_the_ladder_shows_each_seat_round_by_round_and_the_revolution():
    report = sample("great-revolution")
    shown = timeline(report)
    figure = charts.ladder_figure(shown)
    for name in report["players"]:
        (line,) = traces(figure, name)
        assert line["y"] == [row["order"].index(name) + 1 for row in shown["rounds"]]
        assert line["customdata"] == [row["id"] for row in shown["rounds"]]
    (revolution,) = traces(figure, "Revolution")
    row = next(row for row in shown["rounds"] if row["revolution"])
    assert revolution["x"] == [row["number"]] and revolution["y"] == [1]  # the Great Peon now sits first
    assert "Great Revolution" in revolution["hovertext"][0]


def test_the_points_follow_the_totals_with_the_target_and_wrong_claims():
    report = sample("join-points-target")
    figure = charts.points_figure(timeline(report))
    for name, total in report["result"]["points"].items():
        (line,) = traces(figure, name)
        assert line["y"][-1] == total
    assert any(shape.get("y0") == 15 == shape.get("y1") for shape in figure["layout"]["shapes"])
    log = sim()
    log["rounds"][1]["totals"]["Bruno"] += 3
    shown = timeline(validate(log).to_dict())
    (claimed,) = traces(charts.points_figure(shown), "Claimed total")
    assert claimed["x"] == [2] and claimed["y"] == [log["rounds"][1]["totals"]["Bruno"]]
    assert claimed["customdata"] == [shown["rounds"][1]["tricks"][-1]["id"]]
    assert "the plays give" in claimed["hovertext"][0]


def test_errors_are_marked_on_every_chart_at_their_moment():
    log = sim()
    plays = log["rounds"][1]["tricks"][2]["plays"]
    index = next(index for index, play in enumerate(plays) if play.get("pass"))  # a stranger's pass: one finding
    plays[index]["player"] = "Zoe"
    report = validate(log).to_dict()
    assert [(error["round"], error["trick"], error["play"]) for error in report["errors"]] == [(2, 3, index + 1)]
    shown = timeline(report)
    (errors,) = traces(charts.cards_left_figure(shown), "Errors")
    assert errors["customdata"] == [f"round-2-trick-3-play-{index + 1}"] and errors["hovertext"][0].startswith(
        "A name that is not a player: ")  # unknown-player, in words
    assert errors["x"] == [shown["rounds"][1]["tricks"][2]["plays"][index]["x"]]
    for figure in (charts.ladder_figure(shown), charts.points_figure(shown)):
        (by_round,) = traces(figure, "Errors")
        assert by_round["x"] == [2] and by_round["customdata"] == ["round-2"]
        assert [(shape["x0"], shape["x1"]) for shape in figure["layout"]["shapes"] if shape["type"] == "rect"] == \
            [(1.8, 2.2)]
    clean = timeline(validate(sim()).to_dict())
    assert not traces(charts.points_figure(clean), "Errors") and not traces(charts.ladder_figure(clean), "Errors")


def test_text_from_the_log_is_escaped_for_plotly():
    text = json.dumps(sim()).replace('"Anna"', '"<b>A&B</b>"')
    log = json.loads(text)
    log["rounds"][0]["tricks"][0]["plays"][0]["note"] = "<img src=x onerror=alert(1)>"
    log["rounds"][0]["tricks"][0]["plays"][1]["player"] = "<script>"
    shown = timeline(validate(log).to_dict())
    dumped = json.dumps([charts.cards_left_figure(shown), charts.ladder_figure(shown), charts.points_figure(shown)])
    assert "<b>A&B" not in dumped and "&lt;b&gt;A&amp;B&lt;/b&gt;" in dumped
    assert "<script>" not in dumped and "<img" not in dumped

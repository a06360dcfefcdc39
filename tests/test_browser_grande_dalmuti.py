"""Il Grande Dalmuti's analysis page in Chromium: the table view round by round, findings selecting their
play, ↑/↓ jumping trick by trick, deep links, chart clicks, the phone layout and colour contrast."""

from __future__ import annotations

import json

import pytest

from dalmuti_replay import validate
from tests.conftest import ROOT, at_moment, moments_loaded, until, upload
from tests.dalmuti_helpers import sim
from tests.test_browser_board import CONTRAST, seat_counts

pytestmark = pytest.mark.browser
SAMPLES = ROOT / "sample_games" / "grande-dalmuti"
DRAWN = "[...document.querySelectorAll('.chart')].every(chart => chart.getAttribute('data-rendered') === 'true')"


def report_of(name: str) -> dict:
    return validate(json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))).to_dict()


def open_sample(page, live_server, name: str, moment: str = "") -> None:
    page.goto(f"{live_server.url}/samples/grande-dalmuti/{name}" + (f"#{moment}" if moment else ""))
    until(page, DRAWN, timeout=15)
    moments_loaded(page)


def hand_sizes(page) -> dict[str, int]:
    return {name: hand for name, (hand, _pile) in seat_counts(page).items()}


def seat_names(page) -> list[str]:
    return page.locator("#board-seats .seat-head strong").all_inner_texts()


@pytest.mark.parametrize("name", ["four-players-three-rounds", "great-revolution", "plain-revolution-market"])
def test_the_table_view_holds_each_hands_cards_left_round_by_round(page, live_server, name):
    report = report_of(name)
    open_sample(page, live_server, name)
    for record in report["rounds"][:2]:
        number = record["number"]
        page.goto(f"{live_server.url}/samples/grande-dalmuti/{name}#round-{number}")
        until(page, f"document.getElementById('step-status').textContent.startsWith('Round {number} of')")
        assert seat_names(page) == record["order"]  # seats in the order the round is played
        first = record["tricks"][0]["plays"][0]
        received = sum(len(tax["cards"]) for tax in record["taxes"] if tax["to"] == first["player"])
        given = sum(len(tax["cards"]) for tax in record["taxes"] if tax["from"] == first["player"])
        assert hand_sizes(page)[first["player"]] == record["dealt"][first["player"]] - given + received
        for trick in record["tricks"][2:4]:
            held = dict(record["tricks"][trick["number"] - 2]["cards_left"])  # everyone's, after the trick before
            for play in trick["plays"][:3]:
                held.update(play["cards_left"])  # a play lists only the count it changed
                page.goto(f"{live_server.url}/samples/grande-dalmuti/{name}#round-{number}-trick-{trick['number']}-play-"
                          f"{play['number']}")
                at_moment(page, f"round-{number}-trick-{trick['number']}-play-{play['number']}")
                assert hand_sizes(page) == held
                if play["cards"]:
                    shown = page.locator("#board-center .center-play").all_inner_texts()
                    assert [text.split("\n")[0] for text in shown[-len(play["cards"]):]] == play["cards"]


def test_without_the_deal_the_table_says_the_hands_are_proven(page, live_server):
    open_sample(page, live_server, "black-market-no-hands", "round-1-trick-2-play-1")
    assert "proven to have been dealt" in page.locator(".board-note").inner_text()
    assert "proven in hand" in page.locator("#board-seats .seat").first.inner_text()


def test_a_finding_click_selects_its_play_with_the_cards_marked(page, live_server):
    open_sample(page, live_server, "illegal-tricks")
    item = page.locator(".analysis-main li.finding[data-play]", has_text="not-lower")
    trick, play = item.get_attribute("data-trick"), item.get_attribute("data-play")
    item.locator("a").click()
    at_moment(page, f"round-1-trick-{trick}-play-{play}")
    assert page.locator("#step-status").inner_text() == f"Round 1 of 1 · trick {trick} · play {play}"
    assert "is-selected" in page.locator(f"[data-step-id='round-1-trick-{trick}-play-{play}']").get_attribute("class")
    assert page.locator("#board-center .chip.is-flagged").count() >= 1
    assert page.locator("#board-center .chip.is-proof").count() >= 1
    assert page.locator("#moment-findings li.finding", has_text="not-lower").count() == 1


def test_up_and_down_jump_trick_by_trick(page, live_server):
    open_sample(page, live_server, "four-players-three-rounds", "round-1-trick-1-play-2")
    last = report_of("four-players-three-rounds")["rounds"][-1]
    final = f"round-{last['number']}-trick-{last['tricks'][-1]['number']}"
    before = f"round-{last['number']}-trick-{last['tricks'][-1]['number'] - 1}"
    for key, moment in [("ArrowDown", "round-1-trick-1"), ("ArrowDown", "round-1-trick-2"),
                        ("ArrowRight", "round-1-trick-3-play-1"), ("ArrowUp", "round-1-trick-2"),
                        ("End", final), ("ArrowUp", before)]:
        page.keyboard.press(key)
        at_moment(page, moment)


def test_a_deep_link_selects_its_trick_and_the_list_follows(page, live_server):
    open_sample(page, live_server, "four-players-three-rounds", "round-2-trick-3")
    until(page, "document.getElementById('round-2-trick-3').classList.contains('is-selected')")
    assert page.locator("#step-status").inner_text() == "Round 2 of 3 · trick 3 ends"
    assert page.evaluate("document.querySelector('.moments-list').scrollTop") > 0
    assert page.locator(".dal-trick.is-selected").count() == 1


def test_a_click_on_a_chart_selects_the_moment(page, live_server):
    open_sample(page, live_server, "great-revolution")
    page.locator("#chart-ladder").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('chart-ladder').emit('plotly_click', {points: [{customdata: 'round-2'}]})")
    at_moment(page, "round-2")
    assert page.locator("#step-status").inner_text().startswith("Round 2 of")


@pytest.mark.parametrize("name", ["illegal-options-and-join", "illegal-taxes", "join-points-target"])
def test_no_dalmuti_page_scrolls_sideways_on_a_phone(phone, live_server, name):
    phone.goto(f"{live_server.url}/samples/grande-dalmuti/{name}#round-2-trick-2-play-3")
    until(phone, DRAWN, timeout=15)
    moments_loaded(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("moment", ["round-2", "round-2-trick-8-play-5", ""])
def test_text_contrast_meets_wcag_aa(page, live_server, moment):
    open_sample(page, live_server, "illegal-taxes", moment)
    if not moment:
        page.keyboard.press("End")
    assert page.evaluate(CONTRAST) == []


def test_each_play_on_the_cards_left_chart_tells_its_story_once_the_moments_load(page, live_server):
    open_sample(page, live_server, "four-players-three-rounds")
    stories = page.evaluate("document.getElementById('chart-cards-left').data"
                            ".find(trace => trace.name === 'Plays').hovertext")
    steps = page.evaluate("fetch(document.querySelector('[data-moments]').dataset.moments).then(r => r.json())")
    by_x = {step["x"]: step for step in steps["steps"]}
    xs = page.evaluate("document.getElementById('chart-cards-left').data.find(trace => trace.name === 'Plays').x")
    assert len(stories) == len(xs) > 100
    for x, story in zip(xs, stories, strict=True):
        assert story == f"<b>{by_x[x]['status']}</b><br>{by_x[x]['story']}"


def test_a_hostile_name_in_the_stories_on_the_chart_is_shown_as_text(page, live_server, tmp_path):
    hostile = '<img src=x onerror="window.__xss=1">'
    text = json.dumps(sim(4, 2)).replace('"Anna"', json.dumps(hostile))
    path = tmp_path / "hostile.json"
    path.write_text(text)
    upload(page, live_server, path)
    until(page, DRAWN, timeout=15)
    moments_loaded(page)
    stories = page.evaluate("document.getElementById('chart-cards-left').data"
                            ".find(trace => trace.name === 'Plays').hovertext")
    assert any("&lt;img src=x" in story for story in stories) and not any("<img" in story for story in stories)
    page.locator("#chart-cards-left").scroll_into_view_if_needed()
    for point in page.locator("#chart-cards-left .point").all()[:40]:
        box = point.bounding_box()
        if box:
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.evaluate("window.__xss") is None and page.locator("img[src=x]").count() == 0

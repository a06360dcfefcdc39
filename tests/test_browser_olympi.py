"""Olympi Cards' analysis page in Chromium: the table view at several moments, findings that select their
turn, race-by-race keys, chart clicks, the phone layout and colour contrast."""

from __future__ import annotations

import json

import pytest

from api.games.olympi.charts import medal_figure
from olympi_replay import validate
from olympi_replay.simulate import simulate
from tests.conftest import ROOT, at_moment, moments_loaded, until, upload
from tests.test_browser_board import CONTRAST, seat_counts

pytestmark = pytest.mark.browser
CHARTS = ("chart-vp", "chart-order", "chart-hands", "chart-medals")


def report_of(name: str) -> dict:
    return validate(json.loads((ROOT / "sample_games" / "olympi" / f"{name}.json").read_text())).to_dict()


def drawn(page) -> None:
    for chart in CHARTS:
        page.wait_for_selector(f"#{chart}[data-rendered='true'] .main-svg", timeout=15000)
    moments_loaded(page)


def seat_text(page, name: str) -> str:
    return page.locator("#board-seats .seat", has=page.locator("strong", has_text=name)).inner_text()


def test_the_table_view_deals_plays_draws_and_hands_out_medals(page, live_server):
    report = report_of("clean-2-players")
    page.goto(live_server.url + "/samples/olympi/clean-2-players#setup")
    drawn(page)
    assert set(seat_counts(page).values()) == {(6, 0)}
    page.keyboard.press("ArrowRight")
    at_moment(page, "race-1-turn-1")
    assert page.locator("#board-center .chip").count() == 1
    assert sorted(hand for hand, _pile in seat_counts(page).values()) == [5, 6]
    page.keyboard.press("ArrowDown")  # the race's outcome: its plays on the table, its medals on the piles
    at_moment(page, "race-1")
    first = report["races"][0]
    plays = [card for turn in first["turns"] if turn["action"] == "play" for card in turn["cards"]]
    # the middle shows a long race's last ten plays and counts the earlier ones
    assert page.locator("#board-center .chip").all_inner_texts() == plays[-10:]
    if len(plays) > 10:
        earlier = len(plays) - 10
        assert page.locator("#board-center .center-earlier").inner_text() == (
            "1 earlier play" if earlier == 1 else f"{earlier} earlier plays")
    counts = seat_counts(page)
    assert {name: hand for name, (hand, _pile) in counts.items()} == first["hands_after"]
    assert {name: pile for name, (_hand, pile) in counts.items()} == {
        name: len(first["medals"].get(name, [])) for name in report["players"]}
    page.keyboard.press("ArrowRight")  # the next race starts with an empty table
    at_moment(page, "race-2-turn-1")
    assert page.locator("#board-center .chip").count() == len(report["races"][1]["turns"][0]["cards"])


def test_without_the_deal_the_table_counts_the_unseen_cards_and_says_why(page, live_server):
    report = report_of("clean-4-players-no-deal")
    page.goto(live_server.url + "/samples/olympi/clean-4-players-no-deal#race-2")
    drawn(page)
    assert "no deal" in page.locator(".board-note").inner_text()
    for name in report["players"]:
        size = report["races"][1]["hands_after"][name]
        assert f"{size} in hand" in seat_text(page, name)
    assert "unseen" in page.locator("#board-seats").inner_text()


def test_a_finding_click_selects_its_turn_and_marks_the_cards(page, live_server):
    page.goto(live_server.url + "/samples/olympi/illegal-turns")
    drawn(page)
    page.locator(".analysis-main li.finding", has_text="rule-broken").locator("a").click()
    at_moment(page, "race-1-turn-3")
    assert page.locator("#step-status").inner_text() == "Race 1 of 9 · turn 3"
    assert "is-selected" in page.locator("#race-1").get_attribute("class")
    assert "is-selected" in page.locator("[data-step-id='race-1-turn-3']").get_attribute("class")
    assert "is-selected" not in page.locator("[data-step-id='race-1-turn-2']").get_attribute("class")
    assert page.locator("#board-center .chip.is-flagged").all_inner_texts() == ["K4"]
    assert page.locator("#board-center .chip.is-proof").all_inner_texts() == ["K6"]
    assert page.locator("#moment-findings li.finding").count() == 1
    until(page, "document.getElementById('chart-vp').layout.shapes"
                ".some(shape => shape.x0 === 0.5 && shape.line.dash === 'dot')")


def test_setup_and_score_findings_link_to_the_setup_and_the_result(page, live_server):
    report = report_of("illegal-setup")
    page.goto(live_server.url + "/samples/olympi/illegal-setup")
    drawn(page)
    page.locator(".analysis-main li.finding", has_text="too-many-copies").first.locator("a").click()
    at_moment(page, "setup")
    assert report["hands"]["Dario"][0] in page.locator("#board-seats .chip.is-flagged").all_inner_texts()
    page.goto(live_server.url + "/samples/olympi/illegal-claims")
    link = page.locator(".analysis-main li.finding", has_text="score-mismatch").locator("a")
    assert link.get_attribute("href") == "#result"
    assert "log says" in page.locator("#result").inner_text()


def test_keys_step_turn_by_turn_and_jump_race_by_race(page, live_server):
    report = report_of("clean-3-players-world-record")
    page.goto(live_server.url + "/samples/olympi/clean-3-players-world-record")
    drawn(page)
    page.keyboard.press("Home")
    at_moment(page, "setup")
    page.keyboard.press("ArrowDown")
    at_moment(page, "race-1")
    page.keyboard.press("ArrowDown")
    at_moment(page, "race-2")
    assert page.locator("#step-status").inner_text() == f"Race 2 of 9 · {report['races'][1]['discipline']}"
    assert "World Record" in page.locator("#step-story").inner_text()
    page.keyboard.press("ArrowUp")
    at_moment(page, "race-1")
    page.keyboard.press("ArrowRight")
    at_moment(page, "race-2-turn-1")
    page.keyboard.press("End")
    at_moment(page, "race-9")
    assert page.locator("button[data-step=next]").is_disabled()


def test_a_chart_click_selects_its_race(page, live_server):
    page.goto(live_server.url + "/samples/olympi/clean-5-players")
    drawn(page)
    page.locator("#chart-vp").scroll_into_view_if_needed()
    page.locator("#chart-vp .scatterlayer .trace").first.locator(".point").nth(3).click(force=True)
    at_moment(page, "race-4")
    assert "is-selected" in page.locator("#race-4").get_attribute("class")


@pytest.mark.parametrize("slug", ["clean-7-players-reshuffle", "illegal-turns", "rulebook-two-players"])
def test_no_olympi_page_scrolls_sideways_on_a_phone(phone, live_server, slug):
    phone.goto(f"{live_server.url}/samples/olympi/{slug}#race-1")
    drawn(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("path", ["/samples/olympi/illegal-claims",
                                  "/samples/olympi/clean-4-players-no-deal#race-3-turn-2", "/rules/olympi",
                                  "/format/olympi"])
def test_olympi_text_contrast_meets_wcag_aa(page, live_server, path):
    page.goto(live_server.url + path)
    page.wait_for_load_state("load")
    if "#" not in path and page.locator("#steps").count():
        page.keyboard.press("End")  # medals, chips and selections on screen too
    assert page.evaluate(CONTRAST) == []


def test_markup_in_names_and_notes_is_shown_as_text_and_never_runs(page, live_server, tmp_path):
    hostile = '<img src=x onerror="window.__xss=1">'
    text = json.dumps(simulate(3, 5)).replace('"Bruno"', json.dumps(hostile))
    log = json.loads(text)
    log["races"][0]["note"] = "<script>window.__xss=2</script>"
    log["races"][0]["turns"][0]["note"] = '<svg onload="window.__xss=3">'
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(log))
    upload(page, live_server, path)
    drawn(page)
    page.keyboard.press("ArrowRight")
    page.locator("#chart-vp").scroll_into_view_if_needed()
    box = page.locator("#chart-vp .scatterlayer .trace").nth(1).locator(".point").first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator("#chart-vp .hoverlayer .hovertext").first.wait_for(timeout=5000)
    assert page.evaluate("window.__xss") is None
    assert page.locator("img[src=x], svg[onload]").count() == 0
    assert hostile in page.locator("#board-seats").inner_text()
    assert hostile in " ".join(page.locator("#chart-vp .legendtext").all_text_contents())


def test_a_click_on_a_medal_selects_the_race_that_gave_it(page, live_server):
    race = medal_figure(report_of("clean-6-players"))["data"][0]["customdata"][0]  # the first gold's race
    page.goto(live_server.url + "/samples/olympi/clean-6-players")
    drawn(page)
    page.locator("#chart-medals").scroll_into_view_if_needed()
    page.locator("#chart-medals .bars .point").first.click(force=True)
    at_moment(page, f"race-{race}")
    assert "is-selected" in page.locator(f"#race-{race}").get_attribute("class")

"""static/charts.js in Chromium: the board's own scripts start only once the charts are drawn (so they are not
fetched and compiled beside plotly.js), and the board still starts when plotly.js cannot be loaded or a figure
cannot be drawn."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import at_moment, charts_rendered, moments_loaded, until, watched_page

pytestmark = pytest.mark.browser

BOARD_SCRIPTS = ("board.js", "branch.js", "app.js", "controls.js")
SAMPLE = "/samples/david-goliath/illegal-revoke"


def requested_at(page, name: str) -> float:
    """When the page asked for a file of its own (ms after navigation start)."""
    return page.evaluate("name => performance.getEntriesByType('resource')"
                         ".find(entry => entry.name.split('?')[0].endsWith('/static/' + name)).startTime", name)


def test_the_board_s_scripts_are_requested_only_once_the_charts_are_drawn(page, live_server):
    page.goto(live_server.url + SAMPLE + "#deal")
    charts_rendered(page)
    at_moment(page, "deal")  # the board runs: app.js connected the moments, the charts and the keys
    drawn = page.evaluate("performance.getEntriesByName('charts-drawn')[0].startTime")
    plotly = page.evaluate("performance.getEntriesByType('resource')"
                           ".find(entry => entry.name.includes('/vendor/plotly-')).startTime")
    assert plotly < drawn
    for name in BOARD_SCRIPTS:
        assert requested_at(page, name) >= drawn, name
    page.keyboard.press("ArrowRight")
    at_moment(page, "trick-1-play-1")


def test_the_board_starts_when_plotly_js_cannot_be_loaded(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.route("**/vendor/plotly-*", lambda route: route.abort())
    tab.goto(live_server.url + SAMPLE + "#deal")
    moments_loaded(tab)
    at_moment(tab, "deal")
    tab.keyboard.press("ArrowRight")
    at_moment(tab, "trick-1-play-1")
    assert tab.locator("[data-rendered]").count() == 0  # no chart, but every step and the table view
    assert tab.locator("#board-center .chip").count() == 1
    context.close()


def test_a_figure_plotly_cannot_draw_leaves_the_other_charts_and_the_board_working(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = watched_page(context)

    def broken_scores(route):
        page = route.fetch().text()
        block = re.search(r'(<script type="application/json" id="figures">)(.*?)(</script>)', page, re.S)
        figures = json.loads(block.group(2))
        figures["scores"]["data"] = None  # not a list of traces: the chart cannot be drawn at all
        route.fulfill(body=page[:block.start(2)] + json.dumps(figures) + page[block.end(2):],
                      content_type="text/html; charset=utf-8")

    tab.route(live_server.url + SAMPLE, broken_scores)
    tab.goto(live_server.url + SAMPLE)
    for chart in ("chart-captures", "chart-breakdown"):
        tab.wait_for_selector(f"#{chart}[data-rendered='true'] .main-svg", timeout=15000)
    moments_loaded(tab)
    until(tab, "performance.getEntriesByName('charts-drawn').length === 1")
    assert tab.locator("#chart-scores[data-rendered]").count() == 0
    at_moment(tab, "trick-6-play-2")  # it opens on the error, as it does with every chart
    tab.keyboard.press("ArrowRight")
    at_moment(tab, "trick-6-play-3")
    assert tab.problems and all("chart scores could not be drawn" in problem for problem in tab.problems)
    context.close()

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


@pytest.mark.parametrize(("language", "zoom", "download", "decimal"), [
    ("it", "Ingrandisci", "Scarica il grafico come PNG", "1,5"),
    ("pl", "Powiększ", "Pobierz wykres jako PNG", "1,5"),
    ("en", "Zoom", "Download plot as a PNG", "1.5"),
])
def test_plotly_s_own_words_and_numbers_are_in_the_page_s_language(page, live_server, language, zoom, download,
                                                                   decimal):
    page.goto(f"{live_server.url}{SAMPLE}?lang={language}")
    charts_rendered(page)
    titles = page.eval_on_selector_all(".modebar-btn", "buttons => buttons.map(button => button.dataset.title)")
    assert zoom in titles and download in titles
    # numbers are written the page's way on any chart of the page: the ticks of a small one drawn beside them
    ticks = page.evaluate("""async () => {
        const element = document.createElement('div');
        document.body.appendChild(element);
        await Plotly.newPlot(element, [{y: [0.5, 1, 1.5]}], {yaxis: {dtick: 0.5}});
        return Array.from(element.querySelectorAll('.ytick text'), text => text.textContent);
    }""")
    assert decimal in ticks


def test_a_chart_says_in_the_page_s_language_that_it_is_coming_and_that_it_could_not_be_drawn(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    held = []
    tab.route("**/vendor/plotly-*", lambda route: held.append(route))  # plotly.js held back: the charts wait
    tab.goto(f"{live_server.url}{SAMPLE}?lang=pl", wait_until="commit")
    until(tab, "document.querySelectorAll('.chart-panel').length === 3")
    # the panels may be parsed before the stylesheet that words them has come (a busy machine): wait for it
    until(tab, "[...document.querySelectorAll('.chart-panel')].every(panel => "
               "getComputedStyle(panel, '::before').content !== 'none')")
    said = "panels => panels.map(panel => getComputedStyle(panel, '::before').content)"
    assert tab.eval_on_selector_all(".chart-panel", said) == ['"Rysowanie wykresu…"'] * 3
    for _ in range(200):  # the request reaches this process a little after the page asked
        if held:
            break
        tab.wait_for_timeout(50)
    held[0].abort()  # and it never comes
    moments_loaded(tab)
    assert tab.eval_on_selector_all(".chart-panel", said) == ['"Nie udało się narysować tego wykresu."'] * 3
    context.close()


def test_a_chart_s_place_has_its_figure_s_height_before_it_is_drawn_so_nothing_below_moves(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    held, drawn = context.new_page(), context.new_page()
    held.route("**/vendor/plotly-*", lambda route: route.abort())  # never drawn
    held.goto(live_server.url + SAMPLE)
    moments_loaded(held)
    drawn.goto(live_server.url + SAMPLE)
    charts_rendered(drawn)
    moments_loaded(drawn)
    figures = json.loads(held.text_content("#figures"))
    # the revoke sample's three figures: 380 px, the captures 170 px and 100 a player (four: 570 px), 380 px
    assert {name: figure["layout"]["height"] for name, figure in figures.items()} == {
        "scores": 380, "captures": 570, "breakdown": 380}
    heights = "els => els.map(el => [el.id, Math.round(el.getBoundingClientRect().height)])"
    expected = [[f"chart-{name}", figure["layout"]["height"]] for name, figure in figures.items()]
    assert held.eval_on_selector_all(".chart", heights) == expected
    assert drawn.eval_on_selector_all(".chart", heights) == expected
    below = "() => Math.round(document.querySelector('.moments-list').getBoundingClientRect().top + scrollY)"
    assert drawn.evaluate(below) == held.evaluate(below)
    context.close()


# A marker on the 0 line, wholly inside its plot: plotly takes clicks and hovers only there. Each page has
# a scatter point at 0 (D&G: a player with no points after trick 1; Dalmuti: a player who went out, with no
# cards left; Olympi: a player with no VP after the first race).
MARKERS_AT_ZERO = """() => {
  const outside = [];
  let found = 0;
  for (const chart of document.querySelectorAll(".chart[data-rendered='true']")) {
    const plot = chart.querySelector(".nsewdrag");
    if (!plot || !chart._fullData) { continue; }
    const area = plot.getBoundingClientRect();
    chart._fullData.forEach((trace, index) => {
      if (trace.type !== "scatter" || !/markers/.test(trace.mode) || trace.yaxis !== "y") { return; }
      const points = chart.querySelectorAll(".scatterlayer .trace")[index].querySelectorAll(".point");
      Array.from(trace.y).forEach((y, at) => {
        if (y !== 0 || !points[at]) { return; }
        found += 1;
        const box = points[at].getBoundingClientRect();
        if (box.bottom > area.bottom + 0.5 || box.top < area.top - 0.5) { outside.push(chart.id + " " + trace.name); }
      });
    });
  }
  return {found, outside};
}"""


@pytest.mark.parametrize("sample", ["/samples/david-goliath/legal-5-players",
                                    "/samples/grande-dalmuti/plain-revolution-market",
                                    "/samples/olympi/clean-7-players-reshuffle"])
def test_a_marker_at_zero_lies_wholly_inside_its_plot(page, live_server, sample):
    page.goto(live_server.url + sample)
    page.wait_for_function("performance.getEntriesByName('charts-drawn').length > 0")
    found = page.evaluate(MARKERS_AT_ZERO)
    assert found["found"] > 0 and found["outside"] == []


def test_a_chart_is_a_figure_named_by_its_label_whose_drawing_is_not_read_out_but_whose_toolbar_is(page,
                                                                                                     live_server):
    page.goto(live_server.url + SAMPLE)
    charts_rendered(page)
    charts = page.evaluate("""[...document.querySelectorAll('.chart[id^=chart-]')].map(chart => ({
        role: chart.getAttribute('role'), label: chart.getAttribute('aria-label'),
        drawings: [...chart.querySelectorAll('svg.main-svg')].map(svg => svg.getAttribute('aria-hidden')),
        buttons: chart.querySelectorAll('.modebar-btn').length}))""")
    assert charts and all(chart["role"] == "figure" and chart["label"] for chart in charts)
    assert all(chart["drawings"] and set(chart["drawings"]) == {"true"} for chart in charts)
    assert all(chart["buttons"] for chart in charts)  # the toolbar, whose buttons an "img" role would have hidden
    label = page.locator("#chart-scores").get_attribute("aria-label")
    assert page.get_by_role("figure", name=label, exact=True).count() == 1

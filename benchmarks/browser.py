"""How fast the analysis pages draw their charts in headless Chromium, against the same figures drawn by a
bare page that loads the full plotly.min.js of the plotly package (the yardstick of the analysis-board
issue: ≤ 0.4), and how large the pages are: the HTML, and the moments the page fetches once it shows
(``…/moments.json``: the steps and the table view, which the charts do not wait for). The same bare page
with the basic bundle our pages load ("basic") is the floor: plotly.js itself, with no page around it;
"over basic" is our page's time over it (issue 30: ≤ 1.10), what the page costs around the charts, of
which "server ms" is the page's own server time (the best of 20 views, Flask test client).

``python -m benchmarks.browser --variant DIR [--loads N]`` times a change before keeping it: the pages as
they are against the same service with the templates and static files of DIR (a changed copy of templates/
and static/) taking precedence, with the basic bare page, in turns, the order of the two reversed every
other load.

All are measured warm: each page is loaded once, then timed over several loads in the same browser, each
load in a new tab, so the scripts come from the browser's cache; the three pages take turns, load after
load, so that a busy machine slows them alike. The time is from navigation start until every chart is drawn
(``performance.mark("charts-drawn")``, set by static/charts.js and by the bare page alike); a ratio is the
median of the ratios of loads taken in the same turn. Chromium runs without the omnibox popup it preloads
for each new tab (``QUIET``: a varying share of the machine taken from both pages), and the bare pages are
sent with our opener policy (without it, only our page would pay for leaving the new tab's first renderer).
"""

from __future__ import annotations

import json
import re
import statistics
import tempfile
from pathlib import Path

import plotly
from werkzeug.wrappers import Request, Response

from api.assets import COMPILE_HINT, PLOTLY
from benchmarks.timing import best_of, table

PAGES = [("D&G, 6 players", "/samples/david-goliath/legal-6-players"),  # section 6's pages (benchmarks/__main__.py)
         ("D&G, a revoke", "/samples/david-goliath/illegal-revoke"),
         ("Dalmuti, 447 plays", "/samples/grande-dalmuti/plain-revolution-market"),
         ("Olympi, 7 players", "/samples/olympi/clean-7-players-reshuffle")]
FULL_BUNDLE = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
# Chromium preloads its omnibox popup (a WebUI page in a renderer of its own) for each new tab: 230-530 ms of CPU
# per load on the machine's 2 cores, for either page alike, and the noise of section 6 (docs/PERFORMANCE.md).
QUIET = ["--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI"]
DRAW = """
var figures = JSON.parse(document.getElementById("figures").textContent);
var names = Object.keys(figures);
Promise.all(names.map(function (name) {
  var figure = figures[name];
  return Plotly.newPlot(document.getElementById("chart-" + name), figure.data, figure.layout,
                        {responsive: true, displaylogo: false});
})).then(function () { performance.mark("charts-drawn"); });
"""


def bare_app(figures: dict[str, dict], bundle_path: Path = FULL_BUNDLE):
    """A WSGI app serving one page that draws ``figures`` with a plotly.js bundle (the full one unless told),
    cached like ours and opening with the compile hint ours opens with, so the bundle costs both pages alike; the
    page is sent with our opener policy, which makes a page opened in a new tab (about:blank first) move to a
    renderer process of its own, so that both pages pay for that move alike."""
    page = ("<!doctype html><html><head><meta charset='utf-8'></head><body>"
            + "".join(f"<div id='chart-{name}' style='min-height:260px'></div>" for name in figures)
            + f"<script type='application/json' id='figures'>{json.dumps(figures)}</script>"
            + "<script src='/plotly.min.js'></script><script src='/draw.js'></script></body></html>")
    bundle = COMPILE_HINT + bundle_path.read_bytes()

    @Request.application
    def application(request: Request) -> Response:
        if request.path == "/plotly.min.js":
            return Response(bundle, mimetype="text/javascript",
                            headers={"Cache-Control": "public, max-age=31536000, immutable"})
        if request.path == "/draw.js":
            return Response(DRAW, mimetype="text/javascript", headers={"Cache-Control": "public, max-age=3600"})
        return Response(page, mimetype="text/html", headers={"Cross-Origin-Opener-Policy": "same-origin"})

    return application


def drawn_at(context, url: str) -> float:
    """Milliseconds from navigation start until every chart of ``url`` is drawn, in a new tab."""
    tab = context.new_page()
    tab.goto(url)
    for _ in range(400):
        mark = tab.evaluate("(performance.getEntriesByName('charts-drawn')[0] || {}).startTime || null")
        if mark:
            break
        tab.wait_for_timeout(25)
    else:
        raise RuntimeError(f"the charts of {url} were never drawn")
    tab.close()
    return mark


def drawn_times(browser, urls: list[str], loads: int, swap: bool = False) -> list[list[float]]:
    """Each page's milliseconds until its charts are drawn, over ``loads`` warm loads taken in turns (each page
    in a browser context of its own, loaded once cold first); ``swap``: the first two pages trade places in
    every other turn."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in urls]
    times: list[list[float]] = [[] for _ in urls]
    for index in range(loads + 1):
        order = list(range(len(urls)))
        if swap and index % 2:
            order[:2] = order[1::-1]
        for page in order:
            mark = drawn_at(contexts[page], urls[page])
            if index:
                times[page].append(mark)
    for context in contexts:
        context.close()
    return times


def over(times: list[float], floor: list[float]) -> float:
    """The median of a page's time over the floor's, load by load: loads taken in the same turn met the same
    machine, so the pairs are steadier than a ratio of two medians."""
    return statistics.median(mine / base for mine, base in zip(times, floor, strict=True))


def charts_vs_bare(pages: list[tuple[str, str]], loads: int = 5) -> str:
    """``pages``: (label, path of an analysis page of the service)."""
    from playwright.sync_api import sync_playwright

    from app import create_app
    from tests.conftest import ARGS, CHROMIUM, LiveServer

    if not CHROMIUM.exists():
        return "6. Charts drawn in Chromium: n/a (no Chromium at /usr/bin/chromium)"
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{Path(folder) / 'b.sqlite3'}",
                          "RATELIMIT_ENABLED": False,
                          "ANALYSIS_WORKER": "off"})  # no search beside the drawing being timed
        client = app.test_client()
        with LiveServer(app) as ours, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS + QUIET)
            for label, path in pages:
                html = client.get(path).get_data(as_text=True)
                server_ms = best_of(lambda path=path: client.get(path), 20) * 1e3
                figures = json.loads(re.search(r'id="figures">(.*?)</script>', html, re.S).group(1))
                moments = client.get(re.search(r'data-moments="([^"]+)"', html).group(1)).data
                with LiveServer(bare_app(figures)) as bare, LiveServer(bare_app(figures, PLOTLY.path)) as basic:
                    taken = drawn_times(browser, [ours.url + path, bare.url + "/", basic.url + "/"], loads)
                ours_ms, bare_ms, basic_ms = (statistics.median(times) for times in taken)
                rows.append([label, f"{len(html.encode()) / 1024:.0f}", f"{len(moments) / 1024:.0f}", len(figures),
                             f"{bare_ms:.0f}", f"{ours_ms:.0f}", f"{over(taken[0], taken[1]):.2f}", f"{basic_ms:.0f}",
                             f"{over(taken[2], taken[1]):.2f}", f"{over(taken[0], taken[2]):.2f}", f"{server_ms:.1f}"])
            browser.close()
        app.extensions["card_replay"].repository.dispose()
    return table("6. Charts drawn, warm, in headless Chromium: our page / a bare page with the full plotly.min.js "
                 "drawing the same figures   target <= 0.4; page HTML <= 150 KB; "
                 "over the basic bundle's bare page <= 1.10",
                 ["page", "HTML KB", "moments KB", "charts", "bare ms", "ours ms", "ratio", "basic ms",
                  "basic ratio", "over basic", "server ms"], rows)


def variant_vs_tree(variant: Path, pages: list[tuple[str, str]], loads: int) -> str:
    """The pages as they are ("tree") against the same service with the templates and static files of
    ``variant`` first, each over the basic bare page, in turns."""
    from jinja2 import ChoiceLoader, FileSystemLoader
    from playwright.sync_api import sync_playwright

    from app import create_app
    from tests.conftest import ARGS, CHROMIUM, LiveServer

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        apps = [create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{Path(folder) / name}.sqlite3",
                            "RATELIMIT_ENABLED": False, "ANALYSIS_WORKER": "off"}) for name in ("tree", "variant")]
        apps[1].jinja_env.loader = ChoiceLoader([FileSystemLoader(variant / "templates"), apps[1].jinja_env.loader])
        apps[1].static_folder = str(variant / "static")
        with LiveServer(apps[0]) as tree, LiveServer(apps[1]) as changed, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS + QUIET)
            for label, path in pages:
                html = apps[0].test_client().get(path).get_data(as_text=True)
                figures = json.loads(re.search(r'id="figures">(.*?)</script>', html, re.S).group(1))
                with LiveServer(bare_app(figures, PLOTLY.path)) as basic:
                    before, after, floor = drawn_times(browser, [tree.url + path, changed.url + path,
                                                                 basic.url + "/"], loads, swap=True)
                rows.append([label, f"{statistics.median(floor):.0f}", f"{over(before, floor):.2f}",
                             f"{over(after, floor):.2f}",
                             f"{sum(new < old for old, new in zip(before, after, strict=True))}/{loads}"])
            browser.close()
        for app in apps:
            app.extensions["card_replay"].repository.dispose()
    return table(f"Charts drawn, warm, over the basic bare page: the tree against {variant}",
                 ["page", "basic ms", "tree over basic", "variant over basic", "variant faster"], rows)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m benchmarks.browser")
    parser.add_argument("--variant", type=Path, required=True, help="a folder with templates/ and static/")
    parser.add_argument("--loads", type=int, default=9)
    arguments = parser.parse_args()
    print(variant_vs_tree(arguments.variant, PAGES, arguments.loads))

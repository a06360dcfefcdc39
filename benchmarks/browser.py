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
other load. ``python -m benchmarks.browser --trace [--variant DIR] [--loads N]`` shows where the CPU goes instead:
Chromium traces of warm loads of each page, of the copy in DIR if given and of the basic bare page, in turns,
summed by process and thread up to ``charts-drawn``. ``--phases`` instead reads, untraced, when the page's first
byte came, when plotly.js was asked for and all in, and when the charts were drawn.

All are measured warm: each page is loaded once, then timed over several loads in the same browser, each
load in a new tab, so the scripts come from the browser's cache; the three pages take turns, load after
load, so that a busy machine slows them alike. The time is from navigation start until every chart is drawn
(``performance.mark("charts-drawn")``, set by static/charts.js and by the bare page alike); a ratio is the
median of the ratios of loads taken in the same turn. Chromium runs without the omnibox popup it preloads
for each new tab (``QUIET``: a varying share of the machine taken from both pages), and the bare pages are
sent with our opener policy (without it, only our page would pay for leaving the new tab's first renderer)
and gzipped as our server sends pages and files (without it, only our page inflated the cached bundle).
"""

from __future__ import annotations

import gzip
import json
import math
import re
import statistics
import tempfile
from collections import Counter
from contextlib import ExitStack
from pathlib import Path

import plotly
from werkzeug.wrappers import Request, Response

from api.assets import COMPILE_HINT, PLOTLY, packed
from benchmarks.timing import best_of, table

PAGES = [("D&G, 6 players", "/samples/david-goliath/legal-6-players"),  # section 6's pages (benchmarks/__main__.py)
         ("D&G, a revoke", "/samples/david-goliath/illegal-revoke"),
         ("Dalmuti, 447 plays", "/samples/grande-dalmuti/plain-revolution-market"),
         ("Olympi, 7 players", "/samples/olympi/clean-7-players-reshuffle")]
FULL_BUNDLE = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
# Chromium preloads its omnibox popup (a WebUI page in a renderer of its own) for each new tab: 230-530 ms of CPU
# per load on the machine's 2 cores, for either page alike, and the noise of section 6 (docs/PERFORMANCE-JOURNAL.md).
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
    renderer process of its own, so that both pages pay for that move alike. Everything is gzipped for a client
    that accepts it, as our server sends its pages and files: the browser's cache keeps the bundle as it came,
    and inflating its 1.2 MB on every warm load (about 3.5 ms of CPU in the network service) was a
    cost our page paid and the bare page did not."""
    page = ("<!doctype html><html><head><meta charset='utf-8'></head><body>"
            + "".join(f"<div id='chart-{name}' style='min-height:260px'></div>" for name in figures)
            + f"<script type='application/json' id='figures'>{json.dumps(figures)}</script>"
            + "<script src='/plotly.min.js'></script><script src='/draw.js'></script></body></html>")
    bundle = packed(bundle_path, COMPILE_HINT)  # the very bytes our server sends, gzipped once
    files = {"/plotly.min.js": ("text/javascript", bundle.raw, bundle.packed),
             "/draw.js": ("text/javascript", DRAW.encode(), gzip.compress(DRAW.encode(), 9, mtime=0)),
             "/": ("text/html", page.encode(), gzip.compress(page.encode(), 6, mtime=0))}
    caching = {"/plotly.min.js": {"Cache-Control": "public, max-age=31536000, immutable"},
               "/draw.js": {"Cache-Control": "public, max-age=3600"},
               "/": {"Cross-Origin-Opener-Policy": "same-origin"}}

    @Request.application
    def application(request: Request) -> Response:
        path = request.path if request.path in files else "/"
        mimetype, raw, zipped = files[path]
        headers = {"Vary": "Accept-Encoding", **caching[path]}
        gzipped = "gzip" in request.accept_encodings
        if gzipped:
            headers["Content-Encoding"] = "gzip"
        return Response(zipped if gzipped else raw, mimetype=mimetype, headers=headers)

    return application


def drawn_at(context, url: str, read: str | None = None):
    """Milliseconds from navigation start until every chart of ``url`` is drawn, in a new tab; with ``read``, what
    that script gives once they are drawn."""
    tab = context.new_page()
    tab.goto(url)
    for _ in range(400):
        mark = tab.evaluate("(performance.getEntriesByName('charts-drawn')[0] || {}).startTime || null")
        if mark:
            break
        tab.wait_for_timeout(25)
    else:
        raise RuntimeError(f"the charts of {url} were never drawn")
    found = tab.evaluate(read) if read else mark
    tab.close()
    return found


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

    from tests.conftest import ARGS, CHROMIUM, LiveServer

    if not CHROMIUM.exists():
        return "6. Charts drawn in Chromium: n/a (no Chromium at /usr/bin/chromium)"
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        app = service(folder, "b")
        client = app.test_client()
        with LiveServer(app) as ours, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS + QUIET)
            for label, path in pages:
                html = client.get(path).get_data(as_text=True)
                server_ms = best_of(lambda path=path: client.get(path), 20) * 1e3
                figures = figures_in(html)
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


def service(folder: str, name: str, variant: Path | None = None):
    """The service for timing, its database in ``folder``; the templates and static files of ``variant`` (a
    changed copy of templates/ and static/) take precedence when given."""
    from jinja2 import ChoiceLoader, FileSystemLoader

    from app import create_app

    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{Path(folder) / name}.sqlite3",
                      "RATELIMIT_ENABLED": False, "ANALYSIS_WORKER": "off"})  # no search beside the drawing
    if variant:
        app.jinja_env.loader = ChoiceLoader([FileSystemLoader(variant / "templates"), app.jinja_env.loader])
        app.static_folder = str(variant / "static")
    return app


def figures_in(html: str) -> dict[str, dict]:
    """The figures an analysis page draws, as its JSON data block carries them."""
    return json.loads(re.search(r'id="figures">(.*?)</script>', html, re.S).group(1))


def figures_of(app, path: str) -> dict[str, dict]:
    """The figures the analysis page ``path`` of ``app`` draws."""
    return figures_in(app.test_client().get(path).get_data(as_text=True))


def variant_vs_tree(variant: Path, pages: list[tuple[str, str]], loads: int) -> str:
    """The pages as they are ("tree") against the same service with the templates and static files of
    ``variant`` first, each over the basic bare page, in turns."""
    from playwright.sync_api import sync_playwright

    from tests.conftest import ARGS, CHROMIUM, LiveServer

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        apps = [service(folder, "tree"), service(folder, "variant", variant)]
        with LiveServer(apps[0]) as tree, LiveServer(apps[1]) as changed, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS + QUIET)
            for label, path in pages:
                with LiveServer(bare_app(figures_of(apps[0], path), PLOTLY.path)) as basic:
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


TRACED = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8"]
WHERE = ["main", "workers", "raster", "compositor", "GPU process", "browser", "network", "others"]


def cpu_until_drawn(raw: bytes) -> Counter:
    """One traced load (Chromium's JSON trace): the CPU milliseconds of every process from navigation start
    until ``charts-drawn``, by where they ran (the page's renderer: its main thread, its workers, of which
    raster, its compositor thread; the GPU process's compositor; the browser; the network service; others, the
    tracing service left out), and the moments, in ms after navigation start, when V8 began compiling plotly.js
    in the background (and the CPU and wall time of plotly.js's compile), when plotly.js ran, and when the
    charts were drawn."""
    events = json.loads(raw)
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {(e["pid"], e["tid"] if e["name"] == "thread_name" else None): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e["name"] in ("process_name", "thread_name")}
    drawn = [e for e in events if e.get("name") == "charts-drawn"][-1]
    page, end = drawn["pid"], drawn["ts"]
    start = max(e["ts"] for e in events if e.get("name") == "navigationStart" and e["ts"] < end)
    tasks = [e for e in events if e.get("ph") == "X" and "tdur" in e and start <= e["ts"] <= end]
    cpu: Counter = Counter()
    for task in tasks:
        process, thread = names.get((task["pid"], None), ""), names.get((task["pid"], task["tid"]), "")
        if "toplevel" not in task["cat"] or "tracing" in process:
            continue
        if task["pid"] == page:
            where = {"CrRendererMain": "main", "Compositor": "compositor"}.get(thread, "workers")
        else:
            where = ("GPU process" if process.startswith("GPU") else "browser" if process == "Browser"
                     else "network" if "network" in process else "others")
        cpu[where] += task["tdur"] / 1e3
    cpu["raster"] = sum(e["tdur"] for e in tasks if e["pid"] == page and e["name"] == "RasterTask") / 1e3
    cpu["all"] = sum(cpu[where] for where in WHERE if where != "raster")
    compiled = [e for e in events if e.get("pid") == page and e.get("name") == "v8.parseOnBackground"
                and start <= e["ts"] <= end]
    cpu["compile from"] = (min(e["ts"] for e in compiled) - start) / 1e3 if compiled else math.nan  # none streamed
    # the bundle's own compile: the same CPU on either page, so a longer wall time is the page's other work
    # taking the cores from it
    bundle = [e for e in compiled if "plotly" in str(e.get("args"))]
    cpu["compile CPU"] = sum(e.get("tdur", 0) for e in bundle) / 1e3 if bundle else math.nan
    cpu["compile wall"] = sum(e.get("dur", 0) for e in bundle) / 1e3 if bundle else math.nan
    cpu["plotly.js at"] = (min(e["ts"] for e in tasks if e["name"] == "EvaluateScript" and "plotly" in str(e["args"]))
                           - start) / 1e3
    cpu["drawn at"] = (end - start) / 1e3
    return cpu


def found_at(loads: list[Counter], column: str) -> list[float]:
    """A column's values over the loads that have it."""
    return [cpu[column] for cpu in loads if not math.isnan(cpu[column])] or [math.nan]


def in_turns(variant: Path | None, pages: list[tuple[str, str]], loads: int, measure, columns: list[str],
             title: str) -> str:
    """``loads`` warm loads of each page, the tree, ``variant`` if given, and the basic bare page in turns, the
    order reversed every other turn; each load is ``measure(browser, context, url)``, a mapping of ``columns``;
    the table of their medians."""
    from playwright.sync_api import sync_playwright

    from tests.conftest import ARGS, CHROMIUM, LiveServer

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        apps = [service(folder, "tree")] + ([service(folder, "variant", variant)] if variant else [])
        with ExitStack() as stack:
            servers = [stack.enter_context(LiveServer(app)) for app in apps]
            playwright = stack.enter_context(sync_playwright())
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS + QUIET)
            for label, path in pages:
                with LiveServer(bare_app(figures_of(apps[0], path), PLOTLY.path)) as basic:
                    urls = [server.url + path for server in servers] + [basic.url + "/"]
                    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in urls]
                    found: list[list] = [[] for _ in urls]
                    for turn in range(loads + 1):
                        for side in (range(len(urls)) if turn % 2 else reversed(range(len(urls)))):
                            taken = measure(browser, contexts[side], urls[side])
                            if turn:
                                found[side].append(taken)
                    for context in contexts:
                        context.close()
                sides = ["tree", "variant", "basic"] if variant else ["tree", "basic"]
                for side, loads_found in zip(sides, found, strict=True):
                    rows.append([label, side] + [f"{statistics.median(found_at(loads_found, c)):.1f}" for c in columns])
            browser.close()
        for app in apps:
            app.extensions["card_replay"].repository.dispose()
    return table(title, ["page", "copy", *columns], rows)


def traced(variant: Path | None, pages: list[tuple[str, str]], loads: int) -> str:
    """Where the time goes: the medians of ``cpu_until_drawn`` over loads traced one by one (Playwright's
    ``browser.start_tracing``). Tracing slows every load, so the times here are longer than section 6's."""
    def measure(browser, context, url: str) -> Counter:
        browser.start_tracing(categories=TRACED)
        drawn_at(context, url)
        return cpu_until_drawn(browser.stop_tracing())

    return in_turns(variant, pages, loads, measure, ["drawn at", "all", *WHERE, "compile from", "compile CPU",
                                                    "compile wall", "plotly.js at"],
                    f"CPU ms from navigation start until the charts are drawn, medians of {loads} traced warm loads")


# When each step of a load came, read from the Performance API once the charts are drawn (no tracing)
PHASES = """() => {
  const page = performance.getEntriesByType("navigation")[0];
  const plotly = performance.getEntriesByType("resource").find((entry) => /plotly/.test(entry.name));
  return {"page's first byte": page.responseStart, "plotly.js asked for": plotly.fetchStart,
          "plotly.js all in": plotly.responseEnd,
          "charts drawn": performance.getEntriesByName("charts-drawn")[0].startTime};
}"""


def phases(variant: Path | None, pages: list[tuple[str, str]], loads: int) -> str:
    """When a load's steps came, untraced: the page's first byte, plotly.js asked for and all in, the charts
    drawn (ms after navigation start, medians)."""
    return in_turns(variant, pages, loads, lambda _browser, context, url: drawn_at(context, url, PHASES),
                    ["page's first byte", "plotly.js asked for", "plotly.js all in", "charts drawn"],
                    f"When each step of a load came, ms after navigation start, medians of {loads} warm loads")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(prog="python -m benchmarks.browser")
    parser.add_argument("--variant", type=Path, help="a folder with templates/ and static/")
    parser.add_argument("--loads", type=int, default=9)
    parser.add_argument("--trace", action="store_true", help="where the CPU goes (Chromium traces), not times")
    parser.add_argument("--phases", action="store_true", help="when each step of a load came (untraced)")
    arguments = parser.parse_args()
    if arguments.trace:
        print(traced(arguments.variant, PAGES, arguments.loads))
    elif arguments.phases:
        print(phases(arguments.variant, PAGES, arguments.loads))
    elif arguments.variant:
        print(variant_vs_tree(arguments.variant, PAGES, arguments.loads))
    else:
        parser.error("--variant DIR, --trace or --phases, with or without --variant")

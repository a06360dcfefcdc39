"""Shared fixtures: an app on a temporary SQLite file, its client, a live server, Chromium, and the test
PostgreSQL database in a schema of this test process's own.

`make test` runs the suite in parallel processes (pytest-xdist, ``--dist loadfile``): a module's tests stay
in one process, so a module-scoped fixture (a browser, a Dask cluster, redis and nginx) starts once; ports
are chosen free, temporary folders are per process, and so is the PostgreSQL schema.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy
from werkzeug.serving import make_server

from app import create_app
from dg_replay.simulate import simulate
from tests.plugin_fixtures import install_toy

install_toy()  # the toy game of tests/plugins is a registered game in every test

ROOT = Path(__file__).resolve().parent.parent
logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no access log lines in test output


# The modules that take longest (``--durations``), started first: `make test` hands modules to its processes
# in this order (--no-loadscope-reorder), so no long one is left to run alone at the end.
LONGEST_FIRST = ("test_operations.py", "test_browser_record.py", "test_instances.py", "test_native_analysis.py",
                 "test_browser_record_words.py", "test_browser_board_whatif.py", "test_browser.py",
                 "test_analysis_brute_force.py", "test_browser_record_steps.py",
                 "test_reliability_storage.py", "test_openapi_fuzz.py", "test_browser_record_dalmuti.py",
                 "test_browser_board_layout.py", "test_browser_record_table.py", "test_browser_i18n.py",
                 "test_browser_board.py", "test_browser_grande_dalmuti.py", "test_contract_state.py", "test_usage.py",
                 "test_cluster_dask.py", "test_browser_record_olympi.py", "test_native_dalmuti.py",
                 "test_analysis_budget.py", "test_dg_position.py", "test_dalmuti_properties.py", "test_hardening.py",
                 "test_dg_search_state.py", "test_analysis_hidden_hands.py", "test_browser_olympi.py",
                 "test_contract.py", "test_dg_properties.py", "test_native_olympi.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: the rest keep their order
    # Under pytest 9 schemathesis names each operation's test ("…[POST /api/v1/validate]") but gives them all
    # one id, and pytest-xdist sends tests by id: all but one operation would never run. Each gets the id its
    # name makes.
    counted = Counter(item.nodeid for item in items)
    for item in items:
        if counted[item.nodeid] > 1:
            item._id = item.parent.id.child(item.name)


def app_config(tmp_path: Path, **extra: object) -> dict:
    return {"TESTING": True, "SECRET_KEY": "test-secret", "DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
            "RATELIMIT_ENABLED": False,  # on only in the tests of rate limiting
            # pages ask for their background analysis, which no worker runs in most tests: no bound to reach
            "ANALYSIS_MAX_PENDING": 100_000, "ANALYSIS_PER_HOUR": 100_000,
            **extra}


def compile_catalogues(*domains: str) -> None:
    """Build these domains' .mo files from their .po files, as the README's commands do (a fresh clone has none),
    and forget any catalogue looked for before, so that one found missing is not kept as missing."""
    from replaykit.words import catalogue
    from scripts import messages

    for domain in messages.domains():
        if domain.name in domains:
            for language in messages.LANGUAGES:
                messages.compile_catalogue(domain, language)
    catalogue.cache_clear()


@pytest.fixture
def app(tmp_path: Path):
    application = create_app(app_config(tmp_path))
    yield application
    application.extensions["card_replay"].repository.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def legal_log() -> dict:
    return simulate(4, 11)


class LiveServer:
    """The app under werkzeug's threaded server on 127.0.0.1 and an ephemeral port, in a daemon thread."""

    def __init__(self, application) -> None:
        self.server = make_server("127.0.0.1", 0, application, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.thread.join(timeout=5)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[LiveServer]:
    application = create_app(app_config(tmp_path_factory.mktemp("live")))
    with LiveServer(application) as server:
        yield server
    application.extensions["card_replay"].repository.dispose()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """``TEST_POSTGRES_URL`` with a schema made for this process (dropped at the end) first on its search
    path, so parallel test processes never see each other's tables."""
    url = os.environ.get("TEST_POSTGRES_URL", "")
    schema = f"test_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}"
    try:
        engine = sqlalchemy.create_engine(url)
        with engine.begin() as connection:
            connection.execute(sqlalchemy.text(f"CREATE SCHEMA {schema}"))
    except Exception as error:  # no URL, no driver or no server: all mean "no PostgreSQL here"
        if os.environ.get("CI"):
            pytest.fail(f"CI must test PostgreSQL storage, but {url or 'no URL'} is not reachable: {error}")
        pytest.skip(f"no PostgreSQL reachable ({error.__class__.__name__})")
    yield sqlalchemy.make_url(url).update_query_dict(
        {"options": f"-csearch_path={schema}", "application_name": schema}).render_as_string(hide_password=False)
    with engine.begin() as connection:
        # An app's background worker may still be writing: its connections go first, else the drop and its
        # insert can deadlock.
        connection.execute(sqlalchemy.text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE application_name = :schema AND pid <> pg_backend_pid()"), {"schema": schema})
        connection.execute(sqlalchemy.text(f"DROP SCHEMA {schema} CASCADE"))
    engine.dispose()


# -- Browser tests: Debian's Chromium through Playwright -------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
# The tests drive Debian's headless shell (package chromium-headless-shell, which `make test` installs beside
# chromium) where it is installed: the same Blink and V8 without the desktop browser around them, which made
# each new context dear (a profile's services, a spare renderer process started beside its own): the
# browser's part of the browser tests' CPU is about halved (issue 31). The benchmarks keep measuring Chromium.
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is missing at {CHROMIUM}; CI must run the browser tests")
        pytest.skip(f"Chromium is missing at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        executable = HEADLESS_SHELL if HEADLESS_SHELL.exists() else CHROMIUM
        launched = playwright.chromium.launch(executable_path=str(executable), headless=True, args=ARGS)
        yield launched
        launched.close()


def watched_page(context):
    """A page that records every console error and uncaught exception; the fixtures assert none happened."""
    opened = context.new_page()
    problems: list[str] = []
    opened.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    opened.on("pageerror", lambda error: problems.append(str(error)))
    opened.problems = problems
    return opened


@pytest.fixture
def page(browser):
    """A fresh desktop page; no console error or uncaught exception may happen on it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = watched_page(context)
    yield opened
    context.close()
    assert opened.problems == [], opened.problems


@pytest.fixture(params=["phone", "desktop"])
def screen(request, browser):
    """A fresh page on a 390 px touch screen, then at 1366×900; no console error may happen on it."""
    if request.param == "phone":
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                      device_scale_factor=2)
    else:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
    opened = watched_page(context)
    yield opened
    context.close()
    assert opened.problems == [], opened.problems


@pytest.fixture
def phone(browser):
    """A fresh page on a 390 px wide touch screen; no console error or uncaught exception may happen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    opened = watched_page(context)
    yield opened
    context.close()
    assert opened.problems == [], opened.problems


def moments_loaded(page) -> None:
    """Wait until the analysis board has fetched its moments (at once on a page without a board)."""
    until(page, "!document.querySelector('[data-moments][aria-busy]')")


def legends_past_their_charts(page) -> list[str]:
    """The ids of the charts of ``page`` whose legend runs past the chart's right edge (and is cut there)."""
    return page.evaluate("""[...document.querySelectorAll('.chart')].flatMap(chart => {
        const edge = chart.getBoundingClientRect().right;
        return [...chart.querySelectorAll('g.legend')].filter(legend => legend.getBoundingClientRect().right > edge + 1)
            .map(legend => chart.id);
    })""")


def at_moment(page, moment: str, timeout: float = 10.0) -> None:
    """Wait until the analysis board shows ``moment`` everywhere (app.js marks it last)."""
    until(page, f"(document.querySelector('[data-moments]') || {{dataset: {{}}}}).dataset.selected === '{moment}'",
          timeout)


def charts_rendered(page) -> None:
    for chart in ("chart-scores", "chart-captures", "chart-breakdown"):
        page.wait_for_selector(f"#{chart}[data-rendered='true'] .main-svg", timeout=15000)
    moments_loaded(page)


def upload(page, live_server, path: Path) -> None:
    page.goto(live_server.url + "/")
    page.set_input_files("input[name=file]", str(path))
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r".*/games/[A-Za-z0-9_-]+$"))


def until(page, expression: str, timeout: float = 10.0, then: str = "true"):
    """Wait until a JavaScript expression is true, and return what ``then`` evaluates to at that moment.
    Playwright's own wait_for_function polls through eval, which the pages' Content-Security-Policy
    (rightly) forbids; page.evaluate is not affected. The page polls the expression itself: one round trip
    through Playwright's driver a wait instead of one every poll, which cost the browser tests CPU."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + timeout
    while True:
        left = max(0, round((deadline - time.monotonic()) * 1000))
        try:
            found = page.evaluate(f"async ms => {{ const end = Date.now() + ms;"
                                  f" while (!({expression})) {{ if (Date.now() >= end) return [false];"
                                  f" await new Promise(go => setTimeout(go, 10)); }} return [true, {then}]; }}", left)
        except PlaywrightError as error:  # a navigation replaced the page being polled: poll the new one
            if "context was destroyed" not in str(error):
                raise
            found = [False]
        if found[0]:
            return found[1]
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout} s: {expression}")


# -- The toy game plugin (tests/plugins/toy_replay), installed for the whole run ----------------------------


@pytest.fixture
def toy():
    """The toy game's engine."""
    from tests.plugin_fixtures import toy_engine

    return toy_engine()


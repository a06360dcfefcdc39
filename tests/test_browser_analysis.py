"""The computer analysis on a David & Goliath game's page in Chromium: uploaded, analysed in the background
by the app's worker thread while the page shows its progress, then each play's cost and best choice in the
step panel, the evaluation chart, each player's accuracy, and the mistakes and blunders among the key
moments, which N and P do not walk: they walk the rules' findings, as the page's help says."""

from __future__ import annotations

import json
import re

import pytest

from api import background
from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import ROOT, LiveServer, app_config, at_moment, moments_loaded, until, upload
from tests.test_api_background import SMALL

pytestmark = pytest.mark.browser

GAME = ROOT / "sample_games" / "david-goliath" / "legal-4-players.json"


@pytest.fixture(scope="module")
def analysing_server(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(background, "BUDGET", SMALL)  # the whole game in about a second
        # the sample page's own ask is what its test follows: no samples queued as the worker starts
        application = create_app(app_config(tmp_path_factory.mktemp("analysis"), ANALYSIS_WORKER="thread",
                                            ANALYSIS_SAMPLES_AT_START=False))
        with LiveServer(application) as server:
            yield server
        worker = application.extensions[background.EXTENSION + "_worker"]
        worker.stop()
        worker.join(timeout=60)  # not left looking at a queue while the next module's tests patch the worker
        application.extensions["card_replay"].repository.dispose()


def done(page) -> None:
    until(page, "document.getElementById('computer-panel').dataset.state === 'done'", timeout=60)


def test_an_uploaded_game_shows_its_analysis_once_the_worker_has_made_it(page, analysing_server):
    upload(page, analysing_server, GAME)
    moments_loaded(page)
    done(page)
    status = page.locator("#computer-status").inner_text()
    assert "plays of 60 valued" in status
    assert page.locator("#computer-seats tr").count() == 4  # each player's accuracy
    page.wait_for_selector("#chart-evaluation[data-rendered='true'] .main-svg", timeout=15000)
    assert page.locator("#chart-evaluation .scatterlayer .trace").count() == 4  # a line per player

    marks = page.locator(".key-panel .key-mistake, .key-panel .key-blunder")
    assert marks.count() >= 1  # among the key moments
    first = marks.first.get_attribute("href").lstrip("#")
    assert page.locator(f"#computer-marks li[data-anchor='{first}']").count() == 1
    badge = page.locator(f".moments-list [data-step-id='{first}'] .play-cost")  # beside the play in the list
    assert badge.count() == 1 and badge.inner_text().startswith("−")

    page.keyboard.press("Home")
    at_moment(page, "deal")
    assert page.locator("#step-analysis").is_hidden()  # the deal is no play
    page.keyboard.press("n")  # the game broke no rule: N walks the Findings list, and there is none
    at_moment(page, "deal")
    assert page.locator("button[data-step=finding-next]").count() == 0  # nor a button walking nothing
    page.locator(f".key-panel a[href='#{first}']").click()  # the marked play, from its key moment
    at_moment(page, first)
    line = page.locator("#step-analysis")
    # a key moment is a mistake or a blunder, said first; the play made is said apart from the best
    said = re.match(r"(Mistake|Blunder) · Computer \((estimate, )?in points\): costs \d[^.]*\. Best: .+\. "
                    r"Played: \w+ plays ", line.inner_text())
    assert line.is_visible() and said
    assert line.get_attribute("class").endswith("mark-" + said.group(1).lower())
    assert page.locator("#moment-findings .finding-mark").count() == 1  # and the moment's panel says so

    page.locator("#computer-rules").click()
    page.wait_for_url("**/rules/david-goliath#computer-analysis")
    assert page.locator("#computer-analysis li").count() == 3  # the three thresholds


def marked_also(page, *marks: dict) -> None:
    """The page's analysis, once done, with ``marks`` among its marked plays: a small budget's estimates look
    only a few plays ahead, and such plays bear no mark (``replaykit.analysis.looked_short``)."""
    def more_marks(route):
        answer = route.fetch().json()
        if answer.get("state") == "done":
            answer["analysis"]["marked"] = [*marks, *answer["analysis"]["marked"]]
        route.fulfill(json=answer)

    page.route("**/analysis.json", more_marks)


def estimated_mistake(step: str) -> dict:
    return {"step": step, "kind": "mistake", "exact": False, "label": f"{step} · mistake, cost about 3.50 (estimate)"}


def test_an_estimate_s_mark_is_listed_as_one_and_is_no_key_moment(page, analysing_server):
    marked_also(page, estimated_mistake("trick-2-play-1"))
    page.goto(analysing_server.url + "/samples/david-goliath/legal-3-players")
    moments_loaded(page)
    done(page)
    estimated = page.locator("#computer-marks li", has_text="(estimate)")
    assert estimated.count() == 1 and estimated.first.get_attribute("data-anchor") == "trick-2-play-1"
    assert page.locator(".key-panel a[href='#trick-2-play-1']").count() == 0


def test_n_and_p_walk_the_findings_list_never_the_computer_s_marks(page, analysing_server):
    # The help says "N and P to walk the findings": the Findings list, whose only entry here is Clara's revoke
    # (trick 6, play 2); the computer's mistakes and blunders are in a list of their own, here one on either
    # side of it.
    marked_also(page, estimated_mistake("trick-2-play-1"), estimated_mistake("trick-9-play-1"))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(analysing_server.url + "/samples/david-goliath/illegal-revoke")
    at_moment(page, "trick-6-play-2")
    done(page)
    assert page.locator(".findings-panel li.finding[data-anchor]").count() == 1
    rank = "window.CardReplay.rank"
    marked = page.evaluate(f"[...document.querySelectorAll('#computer-marks li[data-anchor]')]"
                           f".map(li => {rank}(li.dataset.anchor))")
    revoke = page.evaluate(f"{rank}('trick-6-play-2')")
    assert any(at < revoke for at in marked) and any(at > revoke for at in marked)  # marks on either side
    page.keyboard.press("Home")
    page.keyboard.press("n")
    at_moment(page, "trick-6-play-2")
    page.keyboard.press("n")  # the last finding: N stays on it, past every mark after it
    at_moment(page, "trick-6-play-2")
    page.keyboard.press("End")
    page.keyboard.press("p")
    at_moment(page, "trick-6-play-2")
    page.click("button[data-step=finding-prev]")  # the first finding: P and its button stay too
    at_moment(page, "trick-6-play-2")


def test_a_sample_page_asks_for_its_analysis_and_shows_it(page, analysing_server):
    page.goto(analysing_server.url + "/samples/david-goliath/legal-3-players#trick-15-play-3")
    moments_loaded(page)
    at_moment(page, "trick-15-play-3")
    done(page)
    line = page.locator("#step-analysis")  # the last play had one choice: the best
    assert line.is_visible() and line.inner_text().startswith("Computer (in points): a best play; ")


def test_the_computer_s_line_is_about_the_game_s_play_never_a_branch_s(page, analysing_server):
    page.goto(analysing_server.url + "/samples/david-goliath/legal-3-players#trick-2-play-1")
    at_moment(page, "trick-2-play-1")
    done(page)
    line = page.locator("#step-analysis")
    assert line.is_visible()
    page.click("button[data-branch]")
    until(page, "document.querySelectorAll('#branch-choices button').length > 0")
    assert line.is_hidden()  # the position before the play, with any play to try: not the play valued
    page.click("[data-branch-return]")
    at_moment(page, "trick-2-play-1")
    assert line.is_visible()


@pytest.mark.parametrize("language, said", [
    ("en", "Your games' analyses have reached this hour's limit (each game uploaded counts): this one will be "
           "asked for again in 50 minutes."),
    ("pl", "Analizy Twoich gier osiągnęły limit na tę godzinę (liczy się każda przesłana gra): o tę poprosimy "
           "ponownie za 50 minut.")])
def test_a_long_wait_for_an_analysis_is_said_in_minutes(page, live_server, language, said):
    """A wait of minutes is the hour's bound, which every upload's analysis counts toward (an organiser's uploads
    reached it, and the page said they had asked for many analyses)."""
    page.route("**/analysis.json", lambda route: route.fulfill(status=429, headers={"Retry-After": "2990"}, body="{}"))
    page.goto(live_server.url + f"/samples/david-goliath/legal-3-players?lang={language}")
    until(page, "document.getElementById('computer-status').textContent.includes('50')")
    assert page.locator("#computer-status").inner_text() == said
    assert page.problems == ["Failed to load resource: the server responded with a status of 429 "
                             "(Too Many Requests)"]
    page.problems.clear()  # the browser logs the refusal the page answered


def test_a_log_without_its_deal_shows_only_the_estimates_columns(page, analysing_server):
    """Olympi with no deal: every play is estimated, and the exact columns (all "0 — —") are left out; the
    mean costs are written with two decimals."""
    page.goto(analysing_server.url + "/samples/olympi/clean-4-players-no-deal")
    moments_loaded(page)
    done(page)
    heads = page.locator(".computer-seats thead th")
    shown = [heads.nth(index).is_visible() for index in range(heads.count())]
    assert shown == [True, False, False, False, True]
    cells = page.locator("#computer-seats tr").first.locator("td").all_inner_texts()
    assert len(cells) == 1 and re.fullmatch(r"\d+: \d+ %, \d\.\d\d", cells[0])


def test_on_a_phone_each_player_s_accuracy_is_read_without_scrolling_sideways(phone, analysing_server):
    """The table's columns, in Polish 760 px wide, once scrolled in a box a third as wide: each figure is now
    beside its column's words, under the player's name."""
    phone.goto(analysing_server.url + "/samples/david-goliath/legal-3-players?lang=pl")
    moments_loaded(phone)
    done(phone)
    box = phone.locator("#computer-seats-box")
    box.scroll_into_view_if_needed()
    assert phone.evaluate("(box => box.scrollWidth <= box.clientWidth)(document.getElementById('computer-seats-box'))")
    first = phone.locator("#computer-seats tr").first
    heads = phone.locator(".computer-seats thead th:not([hidden])").evaluate_all(
        "heads => heads.map(head => head.textContent)")
    labels = first.locator("td").evaluate_all("cells => cells.map(cell => getComputedStyle(cell, '::before').content)")
    assert labels == [f'"{head}"' for head in heads[1:]]  # every column of the table, said beside its figure


def test_on_a_phone_a_name_of_forty_wide_letters_is_shown_whole_in_the_accuracy(phone, analysing_server, tmp_path):
    # "WWWW…" was cut at the box's edge, the rest of the name scrolled out of sight (a tester)
    name = "W" * 40
    path = tmp_path / "long.json"
    path.write_text(json.dumps(simulate(3, 4, names=("Andrea", name, "Clara"))))
    upload(phone, analysing_server, path)
    moments_loaded(phone)
    done(phone)
    assert phone.evaluate("(box => box.scrollWidth <= box.clientWidth)(document.getElementById('computer-seats-box'))")
    assert phone.locator("#computer-seats th", has_text=name).count() == 1


def test_a_guess_looking_only_a_few_plays_ahead_is_said_to_be_one(page, analysing_server):
    """A play whose worlds were searched only so far ahead (``short``) is said to be a guess about the results
    there, not what the end gives, with no mark (a tester read "Blunder … Best: …, about 33" as a claim)."""
    def looked_short(route):
        answer = route.fetch().json()
        if answer.get("state") == "done":
            play = answer["analysis"]["steps"]["trick-2-play-1"]
            play.update(short=True, exact=False, value="7", best_value="11.50", cost="4.50", mark=None,
                        best=["Cy plays blue 9"])
        route.fulfill(json=answer)

    page.route("**/analysis.json", looked_short)
    page.goto(analysing_server.url + "/samples/david-goliath/legal-3-players#trick-2-play-1")
    at_moment(page, "trick-2-play-1")
    done(page)
    line = page.locator("#step-analysis")
    text = line.inner_text()
    assert text.startswith("Computer (in points, a guess looking only a few plays ahead): Cy plays blue 9 about "
                           "11.50 there; ") and text.endswith(" about 7. Not what the end of the game gives.")
    assert line.get_attribute("class") == "step-analysis"  # no mark's colour


def test_several_best_plays_are_said_as_several(page, analysing_server):
    """Two best plays: "Migliori … che assicurano ciascuna" in Italian, not "Migliore" (a tester's reading)."""
    def two_best(route):
        answer = route.fetch().json()
        if answer.get("state") == "done":
            answer["analysis"]["steps"]["trick-2-play-1"].update(
                short=False, exact=True, value="10", best_value="13", cost="3", mark=None,
                best=["Cy gioca blu 9", "Cy gioca rosso 2"])
        route.fulfill(json=answer)

    page.route("**/analysis.json", two_best)
    page.goto(analysing_server.url + "/samples/david-goliath/legal-3-players?lang=it#trick-2-play-1")
    at_moment(page, "trick-2-play-1")
    done(page)
    assert re.fullmatch(r"Computer \([^)]+\): costa 3\. Migliori: Cy gioca blu 9, Cy gioca rosso 2, che assicurano "
                        r"ciascuna 13\. Giocata: .+, che assicura 10\.", page.locator("#step-analysis").inner_text())

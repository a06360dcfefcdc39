"""The analysis board on a 390 px phone, in Chromium: the pinned bar holds every control the desktop panel
has (a phone has no N, P or PageDown keys), reaches the screen's foot, and opens a branch where it can be
seen; "Copy link" names the moment it copied, not one the reader has since moved past; with 40-character
names a card or a pass is never broken over two lines and a branch's line stays inside the list; an error's
reason is read whole; every control of the bar is in sight; a name beside many cards is never broken mid-word."""

from __future__ import annotations

import json

import pytest

from tests.conftest import at_moment, legends_past_their_charts, moments_loaded, until, upload
from tests.test_browser_board_layout import LOGS

pytestmark = pytest.mark.browser

SAMPLE = "/samples/david-goliath/illegal-revoke"


def within_screen(page, selector: str) -> bool:
    return within_screen_box(page.locator(selector).bounding_box())


def within_screen_box(box) -> bool:
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844


def test_on_a_phone_the_pinned_bar_offers_the_link_a_branch_and_the_findings(phone, live_server):
    phone.goto(live_server.url + SAMPLE + "#trick-6-play-2")
    at_moment(phone, "trick-6-play-2")
    bar = phone.locator(".stepper").bounding_box()
    assert bar["y"] + bar["height"] == pytest.approx(844, abs=0.5)  # no strip of the page beneath it
    for control in ("button[data-copy-link]", "button[data-branch]"):
        assert within_screen(phone, control), control  # in view without scrolling the bar sideways
    finding = phone.locator("button[data-step=finding-next]")
    finding.scroll_into_view_if_needed()
    finding.tap()  # the revoke is the sample's only finding: N stays on it, P too
    at_moment(phone, "trick-6-play-2")
    phone.locator("button[data-step=finding-prev]").tap()
    at_moment(phone, "trick-6-play-2")


def test_on_a_phone_the_board_has_the_screen_above_the_bar_to_itself(phone, live_server):
    # Race 3's end: twelve plays in the middle, more than a phone's line holds
    phone.goto(live_server.url + "/samples/olympi/clean-5-players#race-3")
    at_moment(phone, "race-3")
    header = phone.locator(".site-header").bounding_box()
    board = phone.locator("#board").bounding_box()
    bar = phone.locator(".stepper").bounding_box()
    assert header["y"] + header["height"] <= 0, header  # scrolled away with the page, not pinned over the board
    assert 0 <= board["y"] <= 16 and board["y"] + board["height"] <= bar["y"]
    # the bar's strip of the middle is one line, cut at its edge: no second line showing only its top
    tops = phone.locator("#step-strip > *").evaluate_all("chips => chips.map(chip => chip.offsetTop)")
    assert len(tops) > 10 and max(tops) - min(tops) < 8  # a second line would start a chip's height lower
    assert "is-cut" in phone.locator("#step-strip").get_attribute("class")  # faded at the edge: more follows
    # a phone has no ↑ ↓ keys: its buttons go from race to race
    phone.locator("button[data-step=round-next]").tap()
    at_moment(phone, "race-4-turn-1")
    phone.locator("button[data-step=round-prev]").tap()  # from a race's first turn: the race before, from its start
    at_moment(phone, "race-3-turn-1")
    # the speed's menu is a thumb's target like the buttons beside it
    assert phone.locator("#play-speed").bounding_box()["height"] >= 34


def test_on_a_phone_every_step_button_is_on_the_screen_beside_a_long_row_of_controls(phone, live_server):
    # Il Grande Dalmuti's bar has the most controls (findings and rounds), in Polish the longest words
    phone.goto(live_server.url + "/samples/grande-dalmuti/illegal-taxes?lang=pl#round-2")
    at_moment(phone, "round-2")
    for step in ("first", "prev", "play", "next", "last"):
        assert within_screen(phone, f"button[data-step={step}]"), step
    assert phone.locator(".stepper").evaluate("bar => bar.scrollWidth <= bar.clientWidth")


def test_on_a_phone_a_branch_opened_from_the_bar_is_shown_above_it(phone, live_server):
    phone.goto(live_server.url + SAMPLE + "#trick-6-play-2")
    at_moment(phone, "trick-6-play-2")
    phone.locator("button[data-branch]").tap()
    until(phone, "document.querySelectorAll('#branch-choices button').length > 0")
    header = phone.locator(".site-header").bounding_box()
    title = phone.locator("#branch-title").bounding_box()
    first = phone.locator("#branch-choices button").first.bounding_box()
    bar = phone.locator(".stepper").bounding_box()
    assert header["y"] + header["height"] <= title["y"] and first["y"] + first["height"] <= bar["y"]


def test_copy_link_says_copied_only_until_the_moment_changes(phone, live_server):
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    phone.goto(live_server.url + SAMPLE + "#trick-6-play-2")
    at_moment(phone, "trick-6-play-2")
    button = phone.locator("button[data-copy-link]")
    label = button.inner_text()
    button.tap()
    until(phone, "document.querySelector('button[data-copy-link]').textContent === 'Link copied'")
    assert phone.evaluate("navigator.clipboard.readText()") == live_server.url + SAMPLE + "#trick-6-play-2"
    phone.locator("button[data-step=next]").tap()
    at_moment(phone, "trick-6-play-3")
    assert button.inner_text() == label


# Each card and "pass" of the list is one line (a Range gives a rectangle per line its text lies on), and no
# part of a branch's line reaches past the list that holds it.
BROKEN = """() => [...document.querySelectorAll('.dal-plays .chip, .dal-plays i')].filter(element => {
  const range = document.createRange(); range.selectNodeContents(element); return range.getClientRects().length > 1;
}).map(element => element.textContent)"""
OUTSIDE = """() => { const list = document.querySelector('.moments-list').getBoundingClientRect();
  return [...document.querySelectorAll('#branch-line, #branch-line *')]
    .filter(element => element.getBoundingClientRect().right > list.right + 0.5).map(element => element.className); }"""


def test_long_names_break_no_card_and_keep_a_branch_s_line_inside_the_list(phone, live_server, tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(LOGS["grande-dalmuti"]()))
    upload(phone, live_server, path)
    moments_loaded(phone)
    assert phone.evaluate(BROKEN) == []
    phone.keyboard.press("Home")
    phone.keyboard.press("ArrowRight")  # the first play: a long-named player's
    phone.locator("button[data-branch]").tap()
    until(phone, "document.querySelectorAll('#branch-choices button').length > 0")
    for tried in ("1 play", "2 plays"):
        phone.locator("#branch-choices button").first.tap()
        until(phone, f"document.getElementById('branch-note').textContent.startsWith('{tried}')")
    assert phone.evaluate(OUTSIDE) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_on_a_phone_the_page_ends_above_the_pinned_bar_however_tall_it_grows(phone, live_server):
    phone.goto(live_server.url + SAMPLE + "#trick-6-play-2")
    at_moment(phone, "trick-6-play-2")
    # the computer's line is the bar's one line without a bound: three lines of it, as a long analysis says
    phone.evaluate("(() => { const line = document.getElementById('step-analysis'); line.hidden = false;"
                   " line.textContent = 'Computer: a long line of words. '.repeat(12); })()")
    phone.wait_for_timeout(100)  # the bar's new height observed
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    last = phone.locator(".site-footer > :last-child").bounding_box()
    bar = phone.locator(".stepper").bounding_box()
    assert last["y"] + last["height"] <= bar["y"]


# Whether an element shows all of its text: nothing clamped or scrolled out of sight.
WHOLE = "element => element.scrollHeight <= element.clientHeight + 1 && element.scrollWidth <= element.clientWidth + 1"


def test_on_a_phone_the_error_s_reason_is_read_whole_in_the_bar_and_in_the_moment_s_panel(phone, live_server):
    phone.goto(live_server.url + SAMPLE + "?lang=pl")
    at_moment(phone, "trick-6-play-2")  # it opens on the revoke, whose reason ends with the card that proves it
    reason = phone.locator("#step-reason")
    message = phone.locator("#moment-findings .finding-message")
    assert "R9" in reason.inner_text() and reason.inner_text() == message.inner_text()
    assert reason.evaluate(WHOLE) and message.evaluate(WHOLE)
    # the bar, a line taller for it, leaves the table whole above it when a finding is picked in the list
    phone.locator(".findings-panel a.finding-link").first.tap()
    until(phone, "window.location.hash === '#trick-6-play-2'")
    phone.wait_for_timeout(100)  # the bar's height observed, the board revealed
    board = phone.locator("#board").bounding_box()
    bar = phone.locator(".stepper").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= bar["y"]


@pytest.mark.parametrize("path", [SAMPLE + "#trick-6-play-2",  # "Finding ›" was cut to "Findin", Speed unseen
                                  "/samples/grande-dalmuti/illegal-taxes?lang=pl#round-2"])  # the most controls
def test_on_a_phone_every_control_of_the_bar_is_in_sight_without_scrolling_it(phone, live_server, path):
    phone.goto(live_server.url + path)
    at_moment(phone, path.split("#")[1])
    row = phone.locator(".stepper .step-more")
    assert row.evaluate("row => row.scrollWidth <= row.clientWidth")
    controls = row.locator(":scope > *")
    assert controls.count() >= 5  # the findings, the speed, the link, a branch (and rounds)
    for index in range(controls.count()):
        assert within_screen_box(controls.nth(index).bounding_box()), controls.nth(index).inner_text()


# The lines a play's name (the text before its cards) lies on, per play of a trick.
NAME_LINES = """selector => [...document.querySelectorAll(selector + ' .dal-play > a')].map(link => {
  const range = document.createRange(); range.selectNodeContents(link.firstChild);
  const tops = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
  return [link.firstChild.textContent.trim(), tops.size];
})"""


def test_on_a_phone_a_name_beside_many_cards_is_never_broken_mid_word(phone, live_server):
    phone.goto(live_server.url + "/samples/grande-dalmuti/four-players-three-rounds#round-1-trick-1")
    at_moment(phone, "round-1-trick-1")
    # Anna's six 8s, then three passes: each name (one word) on one line, the cards going under it if need be
    names = phone.evaluate(NAME_LINES, "#round-1-trick-1")
    assert names == [["Anna", 1], ["Bruno", 1], ["Carla", 1], ["Dario", 1]]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_on_a_phone_a_moment_s_long_explanation_is_cut_and_read_whole_on_demand(phone, live_server):
    # Round 1 of this session says who is what, the taxes and who pays what: more than the bar's two lines
    phone.goto(live_server.url + "/samples/grande-dalmuti/four-players-three-rounds?lang=pl#round-1")
    at_moment(phone, "round-1")
    story, more = phone.locator("#step-story"), phone.locator("#step-story-more")
    cut = "e => e.scrollHeight > e.clientHeight + 1"
    assert story.evaluate(cut) and more.is_visible() and more.inner_text() == "Czytaj całość"
    more.tap()
    assert not story.evaluate(cut) and more.inner_text() == "Zwiń" and more.get_attribute("aria-expanded") == "true"
    assert within_screen(phone, "#step-story-more")
    more.tap()
    assert story.evaluate(cut) and more.inner_text() == "Czytaj całość"
    # a moment whose explanation fits shows no button
    phone.locator("button[data-step=next]").tap()
    at_moment(phone, "round-1-trick-1-play-1")
    assert not more.is_visible()


def test_on_a_phone_the_result_s_points_and_badge_are_never_broken(phone, live_server, tmp_path):
    """At 390 px in Italian a winner's 18 read "1 / 8" and the badge "VINCITOR / E", each broken over two lines
    beside a long name; the name wraps instead."""
    path = tmp_path / "long.json"
    path.write_text(json.dumps(LOGS["olympi"]()))
    upload(phone, live_server, path)
    phone.goto(phone.url.split("#")[0] + "?lang=it")
    broken = phone.evaluate("[...document.querySelectorAll('.scoreboard .score-points, .scoreboard .badge')]"
                            ".filter(e => e.getClientRects().length > 1 || e.getBoundingClientRect().height > "
                            "1.8 * parseFloat(getComputedStyle(e).fontSize)).map(e => e.textContent)")
    assert phone.locator(".scoreboard .badge").count() >= 1 and broken == []


def test_a_marker_tapped_selects_its_moment_and_the_tap_opens_nothing_the_page_scrolled_under_it(phone,
                                                                                               live_server):
    """A tap on Ben's marker after trick 6 selects trick 6 and shows the board, far above; the browser's click that
    follows the tap, at the same place of the screen, then lies on the key moments: it must not open one."""
    phone.goto(live_server.url + "/samples/david-goliath/legal-3-players")
    moments_loaded(phone)
    phone.locator("#chart-scores").scroll_into_view_if_needed()
    phone.wait_for_timeout(300)
    x, y = phone.evaluate("""(() => { const chart = document.getElementById('chart-scores');
        const layout = chart._fullLayout, trace = chart._fullData[1], box = chart.getBoundingClientRect();
        return [box.left + layout.xaxis._offset + layout.xaxis.l2p(6), box.top + layout.yaxis._offset
                + layout.yaxis.l2p(trace.y[trace.x.indexOf(6)])]; })()""")
    phone.touchscreen.tap(x, y)
    at_moment(phone, "trick-6")
    phone.wait_for_timeout(800)  # the click after the tap has come and gone
    at_moment(phone, "trick-6")
    assert phone.evaluate("location.hash") in ("", "#trick-6")


@pytest.mark.parametrize("language", ["en", "pl"])
def test_on_a_phone_every_chart_s_legend_lies_within_its_chart(phone, live_server, language):
    """A long entry ("Third card of a colour: it now scores 1 point a card, not their values", 417 px wide) ran
    past the right edge of a 358 px chart and was cut; it is wrapped."""
    phone.goto(live_server.url + f"/samples/david-goliath/illegal-revoke?lang={language}")
    phone.wait_for_selector("#chart-captures[data-rendered='true']")
    assert phone.locator("#chart-captures g.legend").count() == 1 and legends_past_their_charts(phone) == []

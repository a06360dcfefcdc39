"""The analysis board in Chromium: the table view follows the moment, findings are shown where they can be
seen, autoplay and key moments, the phone layout, the keyboard path, and colour contrast (WCAG AA)."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT, at_moment, charts_rendered, moments_loaded, until, watched_page

pytestmark = pytest.mark.browser

# Every visible text's contrast against the colour behind it, the way axe computes it for plain
# backgrounds: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Chart internals (SVG) are Plotly's.
CONTRAST = """() => {
  const channel = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const rgb = text => (text.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const behind = element => {
    for (let node = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== "none") return null;
      const color = rgb(style.backgroundColor);
      if (color.length === 3 || (color.length === 4 && color[3] === 1)) return color.slice(0, 3);
      if (color.length === 4 && color[3] > 0) return null;
    }
    return [255, 255, 255];
  };
  const failures = [];
  for (const element of document.querySelectorAll("body *")) {
    if (element.closest("svg, .chart, script, style, [hidden]")) continue;
    const own = [...element.childNodes].some(node => node.nodeType === 3 && node.textContent.trim());
    const style = getComputedStyle(element);
    if (!own || style.visibility === "hidden" || style.display === "none" || !element.getClientRects().length) continue;
    if (parseFloat(style.opacity) < 1 || element.closest("[disabled], .seat-taken")) continue;
    const back = behind(element);
    if (!back) continue;
    const [a, b] = [luminance(rgb(style.color)), luminance(back)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const what = `${element.className || element.tagName} "${element.textContent.trim().slice(0, 30)}"`;
    if (ratio < needed) failures.push(`${what}: ${ratio.toFixed(2)}`);
  }
  return failures;
}"""

PAGES = ["/", "/samples", "/rules", "/rules/david-goliath", "/format/david-goliath", "/api/v1/docs",
         "/samples/david-goliath/illegal-revoke", "/samples/david-goliath/match-4-players",
         "/samples/david-goliath/match-4-players/g/2"]


def seat_counts(page) -> dict[str, tuple[int, int]]:
    """Each seat's cards in hand and on its pile, as the table view shows them."""
    found = {}
    for seat in page.locator("#board-seats .seat").all():
        name = seat.locator(".seat-head strong").inner_text()
        piles = seat.locator(".seat-taken .pile-group").all_inner_texts()  # "×3": a colour's count
        found[name] = (seat.locator(".seat-hand .chip").count(), sum(int(text.lstrip("×")) for text in piles))
    return found


def test_the_table_view_follows_the_game_card_by_card(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/legal-4-players#deal")
    charts_rendered(page)
    assert set(seat_counts(page).values()) == {(15, 0)}
    page.keyboard.press("ArrowRight")
    assert page.locator("#board-center .chip").count() == 1
    assert sorted(hand for hand, _pile in seat_counts(page).values()) == [14, 15, 15, 15]
    page.keyboard.press("ArrowDown")  # the first trick's outcome: four cards on the piles
    at_moment(page, "trick-1")
    counts = seat_counts(page)
    assert {hand for hand, _pile in counts.values()} == {14} and sum(pile for _hand, pile in counts.values()) == 4
    assert page.locator("#board-center .chip.is-high").count() == 1
    page.keyboard.press("End")
    assert {hand for hand, _pile in seat_counts(page).values()} == {0}
    assert sum(pile for _hand, pile in seat_counts(page).values()) == 60


def test_without_the_deal_the_table_shows_what_is_proven_and_says_so(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/illegal-revoke-no-hands#trick-10-play-3")
    charts_rendered(page)
    assert "proven to hold" in page.locator(".board-note").inner_text()
    assert "proven in hand" in page.locator("#board-seats .seat").first.inner_text()
    assert page.locator("#board-center .chip.is-flagged").inner_text() == "Y12"
    assert page.locator("#board-seats .chip.is-proof").all_inner_texts() == ["G11"]


def test_findings_outside_any_trick_link_to_the_deal_and_to_the_result(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/illegal-bad-deal")
    charts_rendered(page)
    page.locator(".analysis-main li.finding", has_text="duplicate-card").locator("a").click()
    at_moment(page, "deal")
    assert "P8" in page.locator("#board-seats .chip.is-flagged").all_inner_texts()
    page.goto(live_server.url + "/samples/david-goliath/illegal-miscounted-score")
    link = page.locator(".analysis-main li.finding", has_text="score-mismatch").locator("a")
    assert link.get_attribute("href") == "#result"
    assert "log says 41" in page.locator("#result").inner_text()
    # every play legal, only the sheet miscounted: the rules' result and winners stand
    assert "winner" in page.locator("#result").inner_text().lower()


def test_autoplay_walks_on_and_key_moments_select_their_moment(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/illegal-revoke#deal")
    charts_rendered(page)
    page.click("button[data-step=play]")
    at_moment(page, "trick-1-play-2", timeout=6)
    page.click("button[data-step=play]")
    assert page.locator("button[data-step=play]").get_attribute("aria-pressed") == "false"
    key = page.locator(".key-moments a", has_text="did not follow suit")
    key.click()
    at_moment(page, "trick-6-play-2")
    assert "is-selected" in key.get_attribute("class")


def test_charts_offer_no_cloud_sharing_and_a_trimmed_toolbar(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/legal-4-players")
    charts_rendered(page)
    page.hover("#chart-scores")
    titles = page.eval_on_selector_all(".modebar-btn", "buttons => buttons.map(b => b.getAttribute('data-title'))")
    assert titles and not [title for title in titles if "cloud" in title.lower() or "studio" in title.lower()]
    assert "Zoom in" not in titles


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_on_a_phone(phone, live_server, path):
    phone.goto(live_server.url + path)
    phone.wait_for_load_state("load")
    if phone.locator(".chart").count():
        until(phone, "[...document.querySelectorAll('.chart')]"
                                ".every(chart => chart.getAttribute('data-rendered') === 'true')", timeout=15)
    moments_loaded(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_on_a_phone_the_controls_stay_under_the_thumb_and_charts_do_not_drag(phone, live_server):
    phone.goto(live_server.url + "/samples/david-goliath/illegal-revoke")
    phone.wait_for_selector("#chart-scores[data-rendered='true']")
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    box = phone.locator("button[data-step=next]").bounding_box()
    assert 844 - 180 < box["y"] < 844 and box["height"] >= 44 and box["width"] >= 44
    at_moment(phone, "trick-6-play-2")  # it opens on the error
    phone.locator("button[data-step=next]").tap()
    at_moment(phone, "trick-6-play-3")
    assert phone.evaluate("document.getElementById('chart-scores').layout.dragmode") is False
    assert phone.evaluate("document.getElementById('chart-scores').layout.xaxis.dtick") == 3


def test_the_keyboard_path_skip_link_then_controls(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players")
    charts_rendered(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    until(page, "location.hash === '#main'")
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('data-step')") == "next":
            break
    else:
        pytest.fail("the Next button cannot be reached with Tab")
    at_moment(page, "deal")  # a game without errors opens on the deal
    page.keyboard.press("Enter")
    at_moment(page, "trick-1-play-1")
    # a screen reader hears where the board stands and what was played there, not the position alone
    said = page.locator("#step-said")
    assert said.get_attribute("role") == "status" and said.get_attribute("aria-live") == "polite"
    status, story = page.locator("#step-status").inner_text(), page.locator("#step-story").inner_text()
    assert story and said.text_content().startswith(f"{status}. {story}")


@pytest.mark.parametrize("path", PAGES)
def test_text_contrast_meets_wcag_aa(page, live_server, path):
    page.goto(live_server.url + path)
    page.wait_for_load_state("load")
    if "#" not in path and page.locator("#steps").count():
        page.keyboard.press("End")  # chips, marks and selections on screen too
    assert page.evaluate(CONTRAST) == []


def test_every_control_on_a_board_is_written_in_the_page_s_font(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/illegal-revoke")
    page.wait_for_load_state("load")
    fonts = page.evaluate("""() => [...document.querySelectorAll("button, select, input")]
        .filter(control => !control.closest(".js-plotly-plot"))  // plotly styles its own
        .map(control => getComputedStyle(control).fontFamily)""")
    body = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert len(fonts) > 5 and set(fonts) == {body}


def test_copy_puts_the_log_itself_on_the_clipboard(page, live_server):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players")
    charts_rendered(page)
    page.click("button[data-copy]")
    until(page, "document.querySelector('button[data-copy]').textContent === 'Copied'")
    shipped = (ROOT / "sample_games" / "david-goliath" / "legal-3-players.json").read_text()
    assert page.evaluate("navigator.clipboard.readText()") == shipped


def test_a_log_gone_since_the_page_came_is_not_copied_and_the_button_says_so(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # the browser logs the 404 itself
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    tab = context.new_page()
    tab.goto(live_server.url + "/samples/david-goliath/legal-3-players")
    charts_rendered(tab)
    tab.evaluate("navigator.clipboard.writeText('before')")
    tab.route("**/log.json", lambda route: route.fulfill(status=404, content_type="application/problem+json",
                                                         body='{"status": 404, "title": "Not Found"}'))
    tab.click("button[data-copy]")
    until(tab, "document.querySelector('button[data-copy]').textContent === 'Copy failed: use Download'")
    assert tab.evaluate("navigator.clipboard.readText()") == "before"
    context.close()


def test_the_form_says_at_once_when_two_logs_or_too_much_are_given(page, live_server, tmp_path):
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players/edit")
    path = tmp_path / "other.json"
    path.write_text("{}")
    page.set_input_files("input[name=file]", str(path))
    page.click("button[type=submit]")
    assert "You chose a file and pasted text" in page.locator("#form-problem").inner_text()
    assert page.url.endswith("/samples/david-goliath/legal-3-players/edit")
    page.set_input_files("input[name=file]", [])
    page.fill("textarea", "x" * (2 * 1024 * 1024 + 1))
    page.click("button[type=submit]")
    assert "logs of up to 2.0 MiB are accepted" in page.locator("#form-problem").inner_text()
    assert page.url.endswith("/edit")


def test_the_page_shows_before_its_moments_and_says_so_if_they_cannot_load(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = watched_page(context)
    tab.route("**/moments.json", lambda route: route.fulfill(status=503, body="busy"))
    tab.goto(live_server.url + "/samples/david-goliath/illegal-revoke#trick-3")
    tab.wait_for_selector("#chart-scores[data-rendered='true'] .main-svg", timeout=15000)
    until(tab, "document.getElementById('step-status').textContent.includes('could not be loaded')")
    steppers = tab.locator("button[data-step]").count()
    # five steps, a finding either way, a trick either way: nothing to step through
    assert steppers == 9 and tab.locator("button[data-step]:disabled").count() == steppers
    assert tab.locator("tr.trick-row").count() == 15  # the list of tricks stands without them
    assert [problem for problem in tab.problems if "503" not in problem] == []  # only the refused fetch
    context.close()


def test_once_the_moments_load_the_controls_work_and_the_hash_is_followed(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/illegal-revoke#trick-3")
    moments_loaded(page)
    assert page.locator("#step-status").inner_text().startswith("Trick 3 of 15")
    assert page.locator("button[data-step]:disabled").count() == 0

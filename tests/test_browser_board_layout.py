"""The analysis board, round two, in Chromium: the table fits the window without an inner scroll, it opens
on the first error, the list follows a deep link, N and P walk the findings (of one code when filtered),
the phone's pinned bar explains the moment and shows the middle, a selection brings the board into view,
Space after a click plays, the autoplay speed, the round keys, copying a moment's link, the print layout,
and long names that never widen a page."""

from __future__ import annotations

import json

import pytest

from dalmuti_replay.simulate import simulate as simulate_dalmuti
from dg_replay.simulate import simulate as simulate_dg
from olympi_replay.simulate import simulate as simulate_olympi
from tests.conftest import at_moment, legends_past_their_charts, moments_loaded, until, upload

pytestmark = pytest.mark.browser

LONG_NAME = "Bartholomew-Maximilian Featherstonehaugh"  # 40 characters, a name the format allows
EMAIL_NAME = "anna.rossi.tournament.player@example.com"  # 40 characters and no place to break
BARE_NAME = "W" * 40  # 40 characters and not even a dot to break after


@pytest.fixture
def laptop(page):
    """The desktop page at 1366 × 900, the size the issue was tried at."""
    page.set_viewport_size({"width": 1366, "height": 900})
    return page


def panel_fits(page) -> None:
    """The sticky panel needs no scroll of its own, and the whole table is inside the window."""
    sizes = page.evaluate("(() => { const p = document.querySelector('.analysis-panel');"
                          " return [p.scrollHeight, p.clientHeight]; })()")
    assert sizes[0] <= sizes[1], sizes
    # past the panel's end the wheel scrolls the page on
    assert page.evaluate("getComputedStyle(document.querySelector('.analysis-panel')).overscrollBehaviorY") == "auto"
    box = page.locator("#board").bounding_box()
    assert box["y"] >= 56 and box["y"] + box["height"] <= 900, box


@pytest.mark.parametrize("path, seats", [("/samples/olympi/clean-7-players-reshuffle", 7),
                                         ("/samples/david-goliath/legal-6-players", 6),
                                         ("/samples/grande-dalmuti/illegal-taxes", 6),
                                         ("/samples/david-goliath/legal-3-players", 3)])
def test_the_table_fits_the_window_for_three_to_seven_players(laptop, live_server, path, seats):
    laptop.goto(live_server.url + path)
    moments_loaded(laptop)
    assert laptop.locator("#board-seats .seat").count() == seats
    panel_fits(laptop)
    laptop.keyboard.press("End")  # the fullest piles
    panel_fits(laptop)
    laptop.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")  # stuck under the header
    panel_fits(laptop)


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_every_chart_s_legend_lies_within_its_chart_and_a_player_s_name_keeps_one_line(laptop, live_server, language):
    # Polish "Trzecia karta koloru: teraz każda karta jest warta 1 punkt, a nie swoją wartość" ran past the
    # captures chart's right edge at 1366 px, cut
    laptop.goto(live_server.url + f"/samples/david-goliath/illegal-revoke?lang={language}")
    laptop.wait_for_selector("#chart-captures[data-rendered='true']")
    assert laptop.locator("#chart-captures g.legend").count() == 1 and legends_past_their_charts(laptop) == []
    lines = laptop.locator("#chart-scores .legendtext").evaluate_all("texts => texts.map(t => t.querySelectorAll("
                                                                     "'tspan.line').length || 1)")
    assert lines and set(lines) == {1}  # the players' names, each on one line


def test_it_opens_on_the_first_error_with_the_card_that_proves_it_in_view(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-revoke")
    at_moment(laptop, "trick-6-play-2")  # Clara's G12 on a red lead: the only error
    proof = laptop.locator("#board-seats .chip.is-proof")
    assert proof.all_inner_texts() == ["R9"]
    box = proof.bounding_box()
    assert box["y"] >= 56 and box["y"] + box["height"] <= 900
    assert "Invalid" in laptop.locator(".panel-verdict").inner_text()
    laptop.goto(live_server.url + "/samples/david-goliath/legal-4-players")
    at_moment(laptop, "deal")  # no error: the deal


def test_hands_are_grouped_by_colour_and_sorted_and_piles_counted_by_colour(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-revoke#trick-6-play-2")
    at_moment(laptop, "trick-6-play-2")
    clara = laptop.locator("#board-seats .seat", has_text="Clara")
    groups = [group.locator(".chip").all_inner_texts() for group in clara.locator(".hand-group").all()]
    for group in groups:
        assert len({card[0] for card in group}) == 1  # one colour a group
        assert [int(card[1:]) for card in group] == sorted(int(card[1:]) for card in group)
    assert sum(map(len, groups)) == 9  # 15 dealt, 5 tricks done, G12 on the table
    counts = clara.locator(".seat-taken .pile-group").all_inner_texts()
    assert sum(int(text.lstrip("×")) for text in counts) == 4  # as "Captured: 4" says


def test_the_list_of_tricks_follows_a_deep_link_to_the_last_trick(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/legal-4-players#trick-15")
    at_moment(laptop, "trick-15")
    inside = laptop.evaluate("""(() => {
      const list = document.querySelector('.moments-list'), row = document.getElementById('trick-15');
      const a = list.getBoundingClientRect(), b = row.getBoundingClientRect();
      return [list.scrollTop, b.top >= a.top - 1 && b.bottom <= a.bottom + 1];
    })()""")
    assert inside[0] > 0 and inside[1], inside
    laptop.keyboard.press("Home")
    laptop.keyboard.press("ArrowDown")
    at_moment(laptop, "trick-1")
    until(laptop, "document.querySelector('.moments-list').scrollTop === 0")


def test_n_and_p_walk_the_findings_in_game_order(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-out-of-turn")
    at_moment(laptop, "trick-6-play-1")  # Ben leads trick 6, which was Andrea's to lead
    laptop.keyboard.press("n")
    at_moment(laptop, "trick-11-play-2")  # Dennis plays out of turn
    laptop.keyboard.press("N")
    at_moment(laptop, "trick-11-play-3")  # then Clara
    laptop.keyboard.press("n")
    at_moment(laptop, "trick-11-play-3")  # the last finding stays
    laptop.keyboard.press("p")
    at_moment(laptop, "trick-11-play-2")
    laptop.click("button[data-step=finding-prev]")
    at_moment(laptop, "trick-6-play-1")


def test_many_findings_are_grouped_by_code_and_filtered_and_n_walks_the_filtered_ones(laptop, live_server):
    laptop.goto(live_server.url + "/samples/grande-dalmuti/illegal-taxes")
    at_moment(laptop, "round-1")  # Carla's revolution in the settling round
    groups = laptop.locator(".finding-group")
    assert groups.count() == 8 and "A tax nobody owed" in laptop.locator(".finding-filter").inner_text()
    tax = laptop.locator(".finding-group[data-code=tax-not-due]")
    assert tax.locator("li.finding").count() == 3 and tax.locator(".findings-count").inner_text() == "3"
    laptop.click("button[data-finding-filter=card-not-in-hand]")
    assert laptop.locator(".finding-group:visible").count() == 1
    laptop.keyboard.press("n")
    at_moment(laptop, "round-2-trick-8-play-5")  # Bruno plays a 4 he does not hold
    laptop.keyboard.press("n")
    at_moment(laptop, "round-2-trick-15-play-1")  # Carla plays a 12 she paid away
    laptop.click("button[data-finding-filter='']")
    assert laptop.locator(".finding-group:visible").count() == 8


def test_key_moments_and_findings_speak_in_words(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-revoke")
    moments_loaded(laptop)
    labels = laptop.locator(".key-moments a").all_inner_texts()
    assert "Trick 6 · Clara: did not follow suit (a revoke)" in labels
    assert not [label for label in labels if "must-follow-suit" in label]
    assert any("reaches three cards of a colour, which then score 1 point each" in label for label in labels)
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-sloppy-transcript")
    for finding in laptop.locator(".analysis-main li.finding").all():
        path = finding.locator(".finding-path")
        if path.count():
            assert path.inner_text() not in finding.locator(".finding-where").all_inner_texts()


def test_space_after_a_click_plays_and_the_speed_sets_the_pace(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/legal-4-players")
    at_moment(laptop, "deal")
    laptop.click("#trick-3 .trick-number a")
    at_moment(laptop, "trick-3")
    scrolled = laptop.evaluate("window.scrollY")
    laptop.keyboard.press("Home")
    laptop.select_option("#play-speed", "4")
    laptop.locator("#trick-2 .trick-number a").focus()
    laptop.keyboard.press(" ")
    assert laptop.locator("button[data-step=play]").get_attribute("aria-pressed") == "true"
    at_moment(laptop, "trick-1-play-4", timeout=2.5)  # four steps of 275 ms; at 1× they take 4.4 s
    laptop.keyboard.press(" ")
    assert laptop.locator("button[data-step=play]").get_attribute("aria-pressed") == "false"
    assert abs(laptop.evaluate("window.scrollY") - scrolled) < 2  # Space did not scroll the page


def test_page_down_and_up_jump_a_round(laptop, live_server):
    laptop.goto(live_server.url + "/samples/grande-dalmuti/four-players-three-rounds#round-1-trick-2")
    at_moment(laptop, "round-1-trick-2")
    laptop.keyboard.press("PageDown")
    at_moment(laptop, "round-2")
    laptop.keyboard.press("PageDown")
    at_moment(laptop, "round-3")
    laptop.keyboard.press("ArrowRight")
    laptop.keyboard.press("PageUp")
    at_moment(laptop, "round-3")  # to the start of the round first
    laptop.click("button[data-step=round-prev]")
    at_moment(laptop, "round-2")


def test_n_and_p_in_a_game_with_no_finding_say_so_and_stay(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-2")
    at_moment(laptop, "trick-2")
    status = laptop.locator("#step-status").inner_text()
    for key in ("n", "P"):
        laptop.keyboard.press(key)
        until(laptop, "document.getElementById('step-status').textContent.endsWith(' · no finding to go to')")
        assert laptop.locator("#step-status").inner_text() == f"{status} · no finding to go to"
        at_moment(laptop, "trick-2")
    laptop.keyboard.press("ArrowRight")  # a move says where the board stands again
    at_moment(laptop, "trick-3-play-1")
    assert not laptop.locator("#step-status").inner_text().endswith("no finding to go to")


def test_a_game_wrong_only_in_its_result_opens_on_its_last_moment_which_n_and_p_reach(laptop, live_server):
    """The claimed scores and winners belong to no trick: the last moment, where the table shows the scores
    the cards give, holds them, and the board opens there with the first one's reason."""
    laptop.goto(live_server.url + "/samples/david-goliath/illegal-miscounted-score")
    at_moment(laptop, "trick-15")
    assert laptop.locator("#step-reason").inner_text() == \
        "Dennis's score is claimed as 41, but the captured cards score 25."
    assert laptop.locator("#step-said").text_content().endswith(" " + laptop.locator("#step-reason").inner_text())
    laptop.keyboard.press("Home")
    at_moment(laptop, "deal")
    laptop.keyboard.press("n")
    at_moment(laptop, "trick-15")
    laptop.keyboard.press("ArrowLeft")
    laptop.keyboard.press("p")
    at_moment(laptop, "trick-15")  # with none before the play shown, P goes to the first finding


def test_copy_link_copies_the_address_of_the_moment(laptop, live_server):
    laptop.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    laptop.goto(live_server.url + "/samples/david-goliath/legal-3-players")
    at_moment(laptop, "deal")
    laptop.keyboard.press("ArrowDown")
    laptop.keyboard.press("ArrowDown")
    at_moment(laptop, "trick-2")
    laptop.click("button[data-copy-link]")
    until(laptop, "document.querySelector('button[data-copy-link]').textContent === 'Link copied'")
    shown = live_server.url + "/samples/david-goliath/legal-3-players"
    assert laptop.evaluate("navigator.clipboard.readText()") == shown + "#trick-2"


def test_the_print_layout_unsticks_the_panel_and_shows_every_trick(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/legal-4-players")
    moments_loaded(laptop)
    laptop.emulate_media(media="print")
    assert laptop.evaluate("getComputedStyle(document.querySelector('.analysis-panel')).position") == "static"
    assert laptop.evaluate("getComputedStyle(document.querySelector('.step-buttons')).display") == "none"
    whole = laptop.evaluate("(() => { const l = document.querySelector('.moments-list');"
                            " return l.scrollHeight <= l.clientHeight + 1; })()")
    assert whole and laptop.locator("#trick-15").is_visible()


def test_on_a_phone_the_pinned_bar_explains_the_moment_and_shows_the_middle(phone, live_server):
    phone.goto(live_server.url + "/samples/david-goliath/illegal-revoke#trick-6-play-2")
    at_moment(phone, "trick-6-play-2")
    story = phone.locator("#step-story")
    assert story.is_visible() and "Revoke: Clara still holds red 9" in story.inner_text()
    assert phone.locator("#step-strip .chip").all_inner_texts() == ["R12", "G12"]
    bar = phone.locator(".stepper").bounding_box()
    assert bar["x"] >= 0 and bar["x"] + bar["width"] <= 390 and bar["y"] + bar["height"] <= 844 + 1
    board = phone.locator("#board").bounding_box()  # a deep link opens on the board, not at the top
    assert 0 <= board["y"] < 844 / 2


def test_on_a_phone_a_selection_made_below_brings_the_board_into_view(phone, live_server):
    phone.goto(live_server.url + "/samples/david-goliath/illegal-out-of-turn")
    moments_loaded(phone)
    for link in (phone.locator(".key-moments a", has_text="out of turn").first,
                 phone.locator(".analysis-main li.finding a").last,
                 phone.locator("#trick-14 .trick-number a")):
        link.scroll_into_view_if_needed()
        link.tap()
        phone.wait_for_timeout(150)
        box = phone.locator("#board").bounding_box()
        assert 0 <= box["y"] < 844 / 2, box


def renamed(log: dict, old: str, new: str) -> dict:
    """The log with a player's name replaced wherever it stands (keys and values alike)."""
    return json.loads(json.dumps(log).replace(json.dumps(old), json.dumps(new)))


LOGS = {
    "david-goliath": lambda: simulate_dg(4, 3, names=(LONG_NAME, EMAIL_NAME, "Clara", "Dennis"), dealer_seat=1),
    "grande-dalmuti": lambda: renamed(renamed(simulate_dalmuti(5, 3), "Anna", LONG_NAME), "Bruno", EMAIL_NAME),
    "olympi": lambda: renamed(renamed(simulate_olympi(4, 3), "Ann", LONG_NAME), "Bruno", EMAIL_NAME),
}


def miscounted(log: dict, key: str) -> dict:
    """The log with its winner's claimed score one too many: a finding (and the board's reason) naming them."""
    log[key][log["winners"][0]] += 1
    return log


# The winner named BARE_NAME, so that the line naming the log's winner holds it too.
BARE_LOGS = {
    "david-goliath": lambda: miscounted(simulate_dg(4, 3, names=("Andrea", "Ben", BARE_NAME, "Dennis"),
                                                    dealer_seat=1), "scores"),
    "grande-dalmuti": lambda: miscounted(renamed(simulate_dalmuti(5, 3), "Bruno", BARE_NAME), "totals"),
    "olympi": lambda: miscounted(renamed(simulate_olympi(4, 3), "Ann", BARE_NAME), "scores"),
}


@pytest.mark.parametrize("game", sorted(LOGS))
def test_long_names_never_widen_a_page(phone, live_server, tmp_path, game):
    log = LOGS[game]()
    assert LONG_NAME in json.dumps(log) and len(LONG_NAME) == len(EMAIL_NAME) == 40
    path = tmp_path / "long.json"
    path.write_text(json.dumps(log))
    upload(phone, live_server, path)
    moments_loaded(phone)
    address = phone.url
    for width in (390, 1366):
        phone.set_viewport_size({"width": width, "height": 844})
        for where in ("", "#" + phone.evaluate("document.querySelector('[data-moments]').dataset.selected")):
            phone.goto(address.split("#")[0] + where)
            moments_loaded(phone)
            phone.keyboard.press("End")
            assert phone.evaluate("document.documentElement.scrollWidth") <= width
            # the heading line (D&G's names its dealer) wraps the name inside the page
            assert phone.evaluate("(() => { const head = document.querySelector('.page-head');"
                                  " return head.scrollWidth <= head.clientWidth; })()")
            bar = phone.locator(".stepper").bounding_box()
            assert bar["x"] >= 0 and bar["x"] + bar["width"] <= width
    # the other plays at a D&G play list what each would capture, the long names with it, inside the page
    if game == "david-goliath":
        phone.set_viewport_size({"width": 390, "height": 844})
        phone.goto(address.split("#")[0] + "#trick-2-play-2")
        moments_loaded(phone)
        until(phone, "!document.getElementById('whatif-panel').hidden")
        phone.locator("#whatif-panel details").evaluate("details => { details.open = true; }")
        assert phone.locator("#whatif-list li").count() > 0
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # A name with no place to break at all, the winner's, wraps too on a phone: in the key moments, the line
    # naming the log's winner, the scoreboard, the findings, the board's seats and the step bar's reason.
    log = BARE_LOGS[game]()
    assert log["winners"] == [BARE_NAME]
    path.write_text(json.dumps(log))
    phone.set_viewport_size({"width": 390, "height": 844})
    upload(phone, live_server, path)
    moments_loaded(phone)
    assert phone.locator(".key-moments a", has_text=BARE_NAME).count() > 0
    assert BARE_NAME in phone.locator(".claimed-winners").inner_text()
    assert phone.locator(".analysis-main li.finding", has_text=BARE_NAME).count() > 0
    for key in ("", "Home", "End"):  # the first error (the last moment), the deal, the end
        if key:
            phone.keyboard.press(key)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, key
    # and at the first plays, where "the other plays here" names the winner in its summary (541 px wide once)
    phone.keyboard.press("Home")
    for _ in range(6):
        phone.keyboard.press("ArrowRight")
        phone.wait_for_timeout(50)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, phone.evaluate("location.hash")
    # and in the charts' legends, which it ran past and was cut at (an SVG does not widen the page)
    for width in (390, 1366):
        phone.set_viewport_size({"width": width, "height": 844})
        phone.reload()
        until(phone, "[...document.querySelectorAll('.chart')].every(chart => chart.dataset.rendered === 'true')")
        assert phone.locator(".chart g.legend").count() > 0
        assert legends_past_their_charts(phone) == [], width


def test_the_rules_page_lists_games_without_bullets(laptop, live_server):
    laptop.goto(live_server.url + "/rules")
    assert laptop.evaluate("getComputedStyle(document.querySelector('.game-list')).listStyleType") == "none"


def test_a_transfer_names_both_players_whole(laptop, live_server):
    laptop.goto(live_server.url + "/samples/grande-dalmuti/great-revolution#round-1")
    at_moment(laptop, "round-1")
    names = laptop.locator("#board-center .center-player")
    assert "Anna → Elena" in names.all_inner_texts()
    assert laptop.evaluate("[...document.querySelectorAll('#board-center .center-player')]"
                           ".every(name => name.scrollWidth <= name.clientWidth + 1)")


def test_a_step_button_disabled_at_either_end_hands_the_focus_to_the_other_way(laptop, live_server):
    laptop.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-15-play-2")
    at_moment(laptop, "trick-15-play-2")
    focused = "document.activeElement.getAttribute('data-step')"
    laptop.locator("button[data-step=last]").press("Enter")
    at_moment(laptop, "trick-15")
    assert laptop.evaluate(focused) == "prev"
    laptop.locator("button[data-step=first]").press("Enter")
    at_moment(laptop, "deal")
    assert laptop.evaluate(focused) == "next"


def test_a_chart_s_long_names_are_cut_on_a_phone_and_shown_to_be(phone, live_server, tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(LOGS["olympi"]()))
    upload(phone, live_server, path)
    phone.wait_for_selector("#chart-order[data-rendered='true'] .main-svg")
    # the order of retirement, a row per player: 7 letters and "…" for a name longer than 8, the others whole
    names = phone.locator("#chart-order .ytick text").all_text_contents()
    assert sorted(names) == sorted(["Barthol…", "anna.ro…", "Chiara", "Dario"])


def test_a_chart_s_named_ticks_are_thinned_on_a_phone_so_a_word_never_runs_into_a_number(phone, live_server,
                                                                                      tmp_path):
    path = tmp_path / "olympi.json"
    path.write_text(json.dumps(simulate_olympi(4, 3)))
    upload(phone, live_server, path)
    phone.wait_for_selector("#chart-hands[data-rendered='true'] .main-svg")
    # nine races after the deal: the deal, then every third race
    assert phone.locator("#chart-hands .xtick text").all_text_contents() == ["deal", "3", "6", "9"]

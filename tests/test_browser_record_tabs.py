"""Browser tests of one draft open in two tabs of the same browser (two pages of one context, sharing its
localStorage): a tab follows the steps another saves, without a reload; a tab never writes over steps it has
not seen (a step, an undo or a deletion made there is refused, named, and the draft shown as stored); a
draft discarded in one tab is not written back by the other.

The game is sample_games/david-goliath/unfinished-game.json, continued: trick 10 has Andrea's Y3 and Ben's Y2,
and Clara is to play. By the rules (a player must follow the colour led if able), worked from the deal and the
nine tricks played: Clara holds B1 B2 B15 G1 G4 G6, no yellow, so any of them; then Dennis holds P5 P9 P10 R3
R4 R6, no yellow either; then Emma holds B6 G10 Y1 Y6 Y9 Y11 and must play one of her four yellows.

A tab that "has not seen" the other's save is one whose storage events are held back (``HOLD``): what a tab
the browser froze in the background, or one whose event is still on its way, meets.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT, until, watched_page
from tests.record_helpers import continued, press, recorded_log, settled

pytestmark = pytest.mark.browser

SAMPLE = ROOT / "sample_games" / "david-goliath" / "unfinished-game.json"
CLARA = ["B1", "B2", "B15", "G1", "G4", "G6"]
DENNIS = ["P5", "P9", "P10", "R3", "R4", "R6"]
EMMA_MUST = ["Y1", "Y6", "Y9", "Y11"]
# Run in the tab before its own scripts: once ``window.heldBack`` is set, no storage event reaches them.
HOLD = "addEventListener('storage', event => { if (window.heldBack) event.stopImmediatePropagation(); }, true);"
STORED = "JSON.parse(localStorage.getItem(RecordCore.DRAFT_PREFIX + '{id}'))"


def two_tabs(page, live_server, held_back: bool = False):
    """Tab A (``page``) continues the sample; tab B opens the same #draft= address in the same browser.
    Returns tab B and the draft's id."""
    continued(page, live_server, json.loads(SAMPLE.read_text()))
    address = page.evaluate("location.href")
    assert "#draft=" in address
    other = watched_page(page.context)
    if held_back:
        other.add_init_script(HOLD)
    other.goto(address)
    settled(other, 0)
    assert "Restored" in other.locator("#rec-announce").inner_text()
    return other, address.split("#draft=")[1]


def play(page, player: str, card: str, steps: int) -> None:
    """Tap ``player``'s ``card`` among the steps offered; wait for the recorder to hold ``steps`` steps."""
    press(page.locator(f"#rec-choices button[data-action='{{\"card\":\"{card}\",\"player\":\"{player}\"}}']"))
    settled(page, steps)


def offered(page) -> tuple[str, list[str]]:
    """Who is to play (the status line), and the cards offered to them, sorted."""
    actions = [json.loads(action) for action in page.eval_on_selector_all(
        "#rec-choices button[data-choice]", "buttons => buttons.map(b => b.dataset.action)")]
    assert len({action["player"] for action in actions}) == 1, actions
    return page.locator("#rec-status").inner_text(), sorted(action["card"] for action in actions)


def trick_ten(page) -> list[tuple[str, str]]:
    return [(play["player"], play["card"]) for play in recorded_log(page)["tricks"][9]["plays"]]


def stored_steps(page, draft: str) -> list[str] | None:
    saved = page.evaluate(STORED.format(id=draft))
    return None if saved is None else [json.dumps(step["action"], sort_keys=True) for step in saved["steps"]]


def action(player: str, card: str) -> str:
    return json.dumps({"card": card, "player": player}, sort_keys=True)


def label(page, player: str, card: str) -> str:
    """The words the page gives the step offered (the State's own label)."""
    return page.evaluate("([p, c]) => RecordPlay.answer().choices"
                         ".find(x => x.action.player === p && x.action.card === c).label", [player, card])


def test_the_tester_s_two_tabs_keep_every_step_and_the_step_not_seen_is_refused_in_words(page, live_server):
    """The tester's report: A records Clara B1 and Dennis R3; B, which never saw them, records Clara B1. Once
    B's save went over A's and Dennis R3 was lost without a word. B's step is not recorded (it was picked
    for Clara's turn, which A's steps ended), B says so naming it, and shows A's steps."""
    tab_b, draft = two_tabs(page, live_server, held_back=True)
    tab_b.evaluate("window.heldBack = true")
    assert offered(page) == ("Clara to play.", sorted(CLARA))
    play(page, "Clara", "B1", 1)
    assert offered(page) == ("Dennis to play.", sorted(DENNIS))
    play(page, "Dennis", "R3", 2)
    assert offered(page) == ("Emma to play.", sorted(EMMA_MUST))
    # B has seen neither step: Clara is still to play there.
    assert offered(tab_b) == ("Clara to play.", sorted(CLARA))
    said = label(tab_b, "Clara", "B1")
    play(tab_b, "Clara", "B1", 2)  # refused: B now holds the two steps A saved
    until(tab_b, "!document.getElementById('rec-problem-box').hidden")
    problem = tab_b.locator("#rec-problem").inner_text()
    assert problem.startswith(f"Not recorded: {said}.") and "changed in another tab" in problem
    assert tab_b.locator("#rec-problem-box").is_visible()
    assert offered(tab_b) == ("Emma to play.", sorted(EMMA_MUST))
    assert tab_b.locator("#rec-steps li").count() == 2
    # Nothing lost: the draft, A after a reload, and a fresh tab all hold Clara B1 then Dennis R3.
    expected = [("Andrea", "Y3"), ("Ben", "Y2"), ("Clara", "B1"), ("Dennis", "R3")]
    assert trick_ten(tab_b) == expected
    assert stored_steps(page, draft) == [action("Clara", "B1"), action("Dennis", "R3")]
    page.reload()
    settled(page, 2)
    assert trick_ten(page) == expected
    fresh = watched_page(page.context)
    fresh.goto(page.evaluate("location.href"))
    settled(fresh, 2)
    assert trick_ten(fresh) == expected and offered(fresh) == ("Emma to play.", sorted(EMMA_MUST))
    assert tab_b.problems == [] and fresh.problems == []


def test_a_step_made_in_one_tab_appears_in_the_other_without_a_reload(page, live_server):
    tab_b, draft = two_tabs(page, live_server)
    play(page, "Clara", "B1", 1)
    # B follows at once: the step, whose turn, the steps offered, and says why the game moved.
    settled(tab_b, 1)
    assert offered(tab_b) == ("Dennis to play.", sorted(DENNIS))
    assert tab_b.locator("#rec-steps li").count() == 1
    until(tab_b, "!document.getElementById('rec-note').hidden")
    assert "changed in another tab" in tab_b.locator("#rec-note").inner_text()
    # And back: B records Dennis's R3, A follows; Emma must follow yellow in both.
    play(tab_b, "Dennis", "R3", 2)
    settled(page, 2)
    assert offered(page) == offered(tab_b) == ("Emma to play.", sorted(EMMA_MUST))
    assert trick_ten(page) == trick_ten(tab_b) == [("Andrea", "Y3"), ("Ben", "Y2"), ("Clara", "B1"),
                                                   ("Dennis", "R3")]
    # The score sheet too: Ben's score typed in A is on B's sheet.
    page.fill("#rec-claim-1", "40")
    until(tab_b, "document.getElementById('rec-claim-1').value === '40'")
    assert json.loads(tab_b.evaluate("JSON.stringify(RecordSession.finalLog())"))["scores"]["Ben"] == 40
    assert stored_steps(page, draft) == [action("Clara", "B1"), action("Dennis", "R3")]
    assert tab_b.problems == []


def test_an_undo_or_a_deletion_in_a_tab_that_has_not_seen_the_other_s_steps_is_refused(page, live_server):
    tab_b, draft = two_tabs(page, live_server, held_back=True)
    play(page, "Clara", "B1", 1)
    settled(tab_b, 1)  # B follows while its events are let through
    tab_b.evaluate("window.heldBack = true")
    play(page, "Dennis", "R3", 2)
    # B's Undo would take back Clara's B1 and, written, Dennis's R3 with it: refused, named, A's steps shown.
    said = tab_b.evaluate("RecordPlay.current().steps[0].label")
    press(tab_b.locator("#rec-undo"))
    settled(tab_b, 2)
    until(tab_b, "!document.getElementById('rec-problem-box').hidden")
    assert tab_b.locator("#rec-problem").inner_text().startswith(f"Not undone: {said}.")
    assert offered(tab_b) == ("Emma to play.", sorted(EMMA_MUST))
    assert stored_steps(page, draft) == [action("Clara", "B1"), action("Dennis", "R3")]
    # B, now in step, records Emma's Y1; A (whose events come) follows; then A undoes it, which B does not see.
    play(tab_b, "Emma", "Y1", 3)
    settled(page, 3)
    press(page.locator("#rec-undo"))
    settled(page, 2)
    assert stored_steps(page, draft) == [action("Clara", "B1"), action("Dennis", "R3")]
    # B deletes step 2 (Dennis's R3) of the three it shows: refused, and B shows the two steps stored.
    press(tab_b.locator("#rec-steps li").nth(1).locator("button[data-delete]"))
    settled(tab_b, 2)
    until(tab_b, "!document.getElementById('rec-problem-box').hidden")
    assert tab_b.locator("#rec-problem").inner_text().startswith("Step 2 was not deleted.")
    assert trick_ten(tab_b) == trick_ten(page) == [("Andrea", "Y3"), ("Ben", "Y2"), ("Clara", "B1"), ("Dennis", "R3")]
    assert offered(tab_b) == ("Emma to play.", sorted(EMMA_MUST))
    assert stored_steps(page, draft) == [action("Clara", "B1"), action("Dennis", "R3")]
    assert tab_b.problems == []


def test_the_list_follows_the_other_tab_and_a_game_discarded_there_is_left_here(page, live_server):
    tab_b, draft = two_tabs(page, live_server)
    page.locator("#rec-leave").click()
    # A's list follows B: the step B records shows in its line without a reload.
    assert " 0 steps " in page.locator("#rec-draft-list .hint").inner_text()
    play(tab_b, "Clara", "B1", 1)
    until(page, "document.querySelector('#rec-draft-list .hint').textContent.includes(' 1 steps ')")
    # A discards the game: B leaves it, says so, and writes nothing back.
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#rec-draft-list button[data-discard]").click()
    until(tab_b, "document.getElementById('rec-play').hidden")
    notice = tab_b.locator("#rec-elsewhere")
    assert notice.is_visible() and "stored or discarded in another tab" in notice.inner_text()
    assert tab_b.locator("#rec-draft-list li").count() == 0
    tab_b.wait_for_timeout(300)
    assert stored_steps(page, draft) is None and stored_steps(tab_b, draft) is None
    assert tab_b.problems == []


def test_a_step_recorded_in_a_tab_that_missed_the_discard_is_not_written_back(page, live_server):
    tab_b, draft = two_tabs(page, live_server, held_back=True)
    tab_b.evaluate("window.heldBack = true")
    page.locator("#rec-leave").click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#rec-draft-list button[data-discard]").click()
    until(page, "document.querySelectorAll('#rec-draft-list li').length === 0")
    assert offered(tab_b) == ("Clara to play.", sorted(CLARA))  # B missed the discard
    said = label(tab_b, "Clara", "B1")
    press(tab_b.locator("#rec-choices button[data-action='{\"card\":\"B1\",\"player\":\"Clara\"}']"))
    until(tab_b, "document.getElementById('rec-play').hidden")
    notice = tab_b.locator("#rec-elsewhere").inner_text()
    assert notice.startswith(f"Not recorded: {said}.") and "stored or discarded in another tab" in notice
    assert stored_steps(page, draft) is None and stored_steps(tab_b, draft) is None
    assert tab_b.locator("#rec-draft-list li").count() == 0
    page.reload()
    assert page.locator("#rec-draft-list li").count() == 0
    assert tab_b.problems == []


def test_a_tab_that_has_not_seen_the_other_s_step_does_not_store_the_game_without_it(page, live_server):
    tab_b, draft = two_tabs(page, live_server, held_back=True)
    tab_b.evaluate("window.heldBack = true")
    play(page, "Clara", "B1", 1)
    # B's log has no Clara B1: stored, it would leave her play out, and the draft that holds it would go.
    press(tab_b.locator("#rec-validate"))
    settled(tab_b, 1)
    until(tab_b, "!document.getElementById('rec-problem-box').hidden")
    assert tab_b.locator("#rec-problem").inner_text().startswith("Not stored. This game was changed in another tab")
    assert "/record" in tab_b.url and stored_steps(page, draft) == [action("Clara", "B1")]
    # Now in step, B stores it: the game stored has Clara's play, and the draft is no game being recorded.
    press(tab_b.locator("#rec-validate"))
    tab_b.wait_for_url("**/games/*")
    stored = tab_b.request.get(tab_b.url.replace("/games/", "/api/v1/games/") + "/log").json()
    assert stored["tricks"][9]["plays"][2:] == [{"player": "Clara", "card": "B1"}]
    assert stored_steps(page, draft) is None
    assert tab_b.problems == []


def test_a_tab_in_polish_says_in_polish_that_another_tab_changed_the_game(page, live_server):
    continued(page, live_server, json.loads(SAMPLE.read_text()))
    tab_b = watched_page(page.context)
    tab_b.goto(page.evaluate("location.href").replace("lang=en", "lang=pl"))
    settled(tab_b, 0)
    play(page, "Clara", "B1", 1)
    settled(tab_b, 1)
    until(tab_b, "!document.getElementById('rec-note').hidden")
    assert tab_b.locator("#rec-note").inner_text() == \
        "Tę partię zmieniono w innej zakładce: jest tu pokazana tak, jak ją tam zapisano."
    assert tab_b.locator("#rec-status").inner_text() == "Kolej gracza Dennis."
    assert tab_b.problems == []

"""Browser tests of the recorder (/record) on the phone viewport: whole games of each game recorded by taps
give exactly the report of the simulated log they copy; a reload mid-game continues where it was; an illegal
play is recorded "as played" after a warning and its finding shows; an unfinished log is continued.

The test plays the table: at each step it taps the offered choice whose patch writes what the simulated
log says happened next (``contained``: the log so far is a part of the whole game), as a person copying a
score sheet would. It reads the choices the page holds (``RecordPlay.answer()``) only to know which button
that is; every step is a real tap on the page.
"""

from __future__ import annotations

import json
import re

import jsonpatch
import pytest

from replaykit import registry
from tests.conftest import until

pytestmark = pytest.mark.browser
MAX_STEPS = 3000


def contained(part: object, whole: object) -> bool:
    """``part`` is ``whole`` so far: every member it has, ``whole`` has alike; every list a prefix of its own."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(key in whole and contained(value, whole[key])
                                               for key, value in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and len(part) <= len(whole) and all(map(contained, part, whole))
    return part == whole and type(part) is type(whole)


def settled(page, steps: int) -> None:
    """Wait until the recorder holds ``steps`` steps and has the server's answer for them."""
    until(page, f"(r => r.dataset.steps === '{steps}' && !r.hasAttribute('aria-busy'))"
                f"(document.getElementById('recorder'))", timeout=20)


def recorded_log(page) -> dict:
    return page.evaluate("RecordCore.logOf(RecordPlay.current())")


def tap_through(page, target: dict, steps: int = 0) -> int:
    """Tap, step after step, the choice that writes the next part of ``target``, until the game is over."""
    for _ in range(MAX_STEPS):
        settled(page, steps)
        answer = page.evaluate("RecordPlay.answer()")
        assert answer["valid"], answer["findings"]
        if answer["over"]:
            return steps
        log = recorded_log(page)
        fitting = [index for index, choice in enumerate(answer["choices"])
                   if contained(jsonpatch.apply_patch(log, choice["patch"]), target)]
        assert fitting, f"no choice writes the next step at {answer['moment']}: {answer['choices'][:5]}"
        page.locator(f"#rec-choices button[data-choice='{fitting[0]}']").tap()
        steps += 1
    pytest.fail("the game did not end")


def press(locator) -> None:
    """A tap on a touch screen (the phone), a click with the mouse (the desktop)."""
    if locator.page.evaluate("'ontouchstart' in window"):
        locator.tap()
    else:
        locator.click()


def fill_players(page, game: str, players: list[str], first: str | None = None) -> None:
    page.locator(f"input[name=game][value='{game}']").check()
    while page.locator("#rec-players input").count() < len(players):
        press(page.locator("#rec-add-player"))
    while page.locator("#rec-players input").count() > len(players):
        press(page.locator("#rec-remove-player"))
    for index, name in enumerate(players):
        page.locator("#rec-players input").nth(index).fill(name)
    if first:
        page.select_option("#rec-first", first)


def tap_deal(page, hands: dict[str, list[str]], players: list[str]) -> None:
    """The deal tapped in the grid: a full hand moves the selection to the next player by itself."""
    press(page.locator("#rec-deal summary"))
    page.locator("#rec-hand-0").focus()
    for name in players:
        for card in hands[name]:
            press(page.locator(f"#rec-deal-grid button[data-card='{card}']"))


def start(page) -> None:
    press(page.locator(".rec-start-button"))
    until(page, "!document.getElementById('rec-play').hidden")


def same_report(page, recorded: dict, target: dict) -> None:
    ours = page.request.post(page.url.split("/record")[0] + "/api/v1/validate", data=json.dumps(recorded),
                             headers={"Content-Type": "application/json"}).json()
    theirs = page.request.post(page.url.split("/record")[0] + "/api/v1/validate", data=json.dumps(target),
                               headers={"Content-Type": "application/json"}).json()
    assert ours == theirs


def no_sideways_scroll(page) -> None:
    wide = page.evaluate("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391)"
                         ".map(e => e.id || e.className).slice(0, 5)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, wide


def test_a_david_and_goliath_game_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    target = registry.engines()["david-goliath"].simulate(4, 21, no_claims=True)
    phone.goto(live_server.url + "/record?game=david-goliath")
    fill_players(phone, "david-goliath", target["players"], target["dealer"])
    tap_deal(phone, target["hands"], target["players"])
    no_sideways_scroll(phone)
    start(phone)
    steps = tap_through(phone, target)
    assert steps == 15 * 4
    no_sideways_scroll(phone)
    same_report(phone, recorded_log(phone), target)


def test_a_dalmuti_session_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    target = registry.engines()["grande-dalmuti"].simulate(4, 5, no_hands=True, no_claims=True)
    phone.goto(live_server.url + "/record?game=grande-dalmuti")
    fill_players(phone, "grande-dalmuti", target["players"])
    if target.get("end"):
        kind, value = next(iter(target["end"].items()))
        phone.select_option("#rec-end-kind", kind)
        phone.fill("#rec-end-value", str(value))
    start(phone)
    tap_through(phone, target)
    no_sideways_scroll(phone)
    same_report(phone, recorded_log(phone), target)


def test_an_olympi_game_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    target = registry.engines()["olympi"].simulate(3, 8, no_hands=True, no_deck=True, no_claims=True)
    target.pop("discipline_deck", None)  # the table reveals the disciplines one race at a time
    phone.goto(live_server.url + "/record?game=olympi")
    fill_players(phone, "olympi", target["players"], target.get("first_player"))
    phone.locator("#rec-disciplines details summary").tap()
    phone.fill("#rec-declared", json.dumps(target["disciplines"]))
    start(phone)
    tap_through(phone, target)
    no_sideways_scroll(phone)
    same_report(phone, recorded_log(phone), target)


def test_a_reload_mid_game_continues_where_it_was_and_the_draft_is_listed(phone, live_server):
    target = registry.engines()["david-goliath"].simulate(3, 4, no_claims=True)
    phone.goto(live_server.url + "/record")
    fill_players(phone, "david-goliath", target["players"], target["dealer"])
    phone.locator("#rec-deal summary").tap()
    for index, name in enumerate(target["players"]):
        phone.fill(f"#rec-hand-{index}", " ".join(card.lower() for card in target["hands"][name]))
    start(phone)
    half = tap_through_some(phone, target, 7)
    before = recorded_log(phone)
    phone.reload()
    settled(phone, half)
    assert recorded_log(phone) == before
    assert "Restored" in phone.locator("#rec-announce").inner_text()
    steps = tap_through(phone, target, half)
    assert steps == 15 * 3
    same_report(phone, recorded_log(phone), target)
    # Away from the game, the draft is listed; discarding it (after a confirmation) forgets it.
    phone.locator("#rec-leave").tap()
    assert phone.locator("#rec-draft-list li").count() == 1
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.locator("#rec-draft-list button[data-discard]").tap()
    assert phone.locator("#rec-draft-list li").count() == 0 and phone.locator("#rec-drafts").is_hidden()


def tap_through_some(page, target: dict, count: int) -> int:
    """Like ``tap_through``, for ``count`` steps only."""
    for steps in range(count):
        settled(page, steps)
        answer = page.evaluate("RecordPlay.answer()")
        log = recorded_log(page)
        index = next(index for index, choice in enumerate(answer["choices"])
                     if contained(jsonpatch.apply_patch(log, choice["patch"]), target))
        page.locator(f"#rec-choices button[data-choice='{index}']").tap()
    settled(page, count)
    return count


# Three players, values 1–9: Andrea holds 1–3, Ben 4–6 and Clara 7–9 of every colour; Clara deals, so
# Andrea leads the first trick (the choices API's own worked example).
HANDS = {name: [f"{colour}{value}" for colour in "BYGRP" for value in range(low, low + 3)]
         for name, low in (("Andrea", 1), ("Ben", 4), ("Clara", 7))}


def test_an_illegal_play_is_recorded_as_played_after_a_warning_and_its_finding_shows(page, live_server):
    page.goto(live_server.url + "/record")
    fill_players(page, "david-goliath", ["Andrea", "Ben", "Clara"], "Clara")
    page.locator("#rec-deal summary").click()
    for index, name in enumerate(["Andrea", "Ben", "Clara"]):
        page.fill(f"#rec-hand-{index}", " ".join(HANDS[name]))
    start(page)
    settled(page, 0)
    page.fill("#rec-type", "b1")
    page.keyboard.press("Enter")
    settled(page, 1)
    # Ben must follow blue and holds B4–B6: those are his choices. He plays red 4: the rules refuse it; the
    # recorder warns and records nothing yet.
    offered = page.eval_on_selector_all("#rec-choices button", "buttons => buttons.map(b => b.dataset.action)")
    assert sorted(offered) == [f'{{"card":"B{value}","player":"Ben"}}' for value in (4, 5, 6)]
    page.fill("#rec-type", "r4")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rec-warning:not([hidden])")
    assert page.locator("#rec-warning li").count() == 1
    assert page.evaluate("RecordPlay.current().steps.length") == 1
    page.locator("#rec-as-played").click()
    settled(page, 2)
    # Beside it, the log so far is unfinished: warnings, shown too.
    assert page.locator("#rec-findings .finding-error .finding-code").all_inner_texts() == ["must-follow-suit"]
    assert "incomplete-game" in page.locator("#rec-findings .finding-warning .finding-code").all_inner_texts()
    assert "is-illegal" in page.locator("#rec-steps li").nth(1).get_attribute("class")
    assert recorded_log(page)["tricks"][0]["plays"][1] == {"player": "Ben", "card": "R4"}
    # Backspace in the empty entry undoes it; the finding goes with it.
    page.locator("#rec-type").press("Backspace")
    settled(page, 1)
    assert page.locator("#rec-findings .finding-error").count() == 0


def test_an_unfinished_log_stored_here_is_continued_in_the_recorder(phone, live_server):
    target = registry.engines()["david-goliath"].simulate(3, 9, no_claims=True)
    unfinished = {**target, "tricks": target["tricks"][:4]}
    phone.goto(live_server.url + "/")
    phone.fill("textarea[name=text]", json.dumps(unfinished))
    phone.locator("button[type=submit]").tap()
    phone.wait_for_url("**/games/*")
    phone.locator("a", has_text="Continue in the recorder").tap()
    phone.wait_for_url(re.compile(r"/record\?log=/api/v1/games/"))
    until(phone, "location.hash.startsWith('#draft=')")
    settled(phone, 0)
    assert recorded_log(phone) == unfinished
    steps = tap_through(phone, target)
    assert steps == (15 - 4) * 3
    same_report(phone, recorded_log(phone), target)
    # The end: storing opens the analysis board of the finished game.
    phone.locator("#rec-validate").tap()
    phone.wait_for_url("**/games/*")
    assert phone.locator("#verdict .verdict-title").inner_text() == "Valid"

"""Browser tests of the recorder (/record) on the phone viewport, David & Goliath and what every game shares: a
whole game and a whole match recorded by taps give exactly the report of the simulated log they copy; a
reload mid-game continues where it was; a dropped connection loses no step; an illegal play is recorded "as
played" after a warning and its finding shows; a past step changed or deleted has every later step checked
again; an unfinished or pasted log is continued; a plugin game is recorded from the State API alone. The
table is played as ``tests.record_helpers`` says."""

from __future__ import annotations

import json
import re

import pytest

from app import create_app
from replaykit import registry
from tests.conftest import ROOT, LiveServer, app_config, until
from tests.plugin_fixtures import PLUGINS, TOY, installed
from tests.record_helpers import (
    HANDS,
    begin_david_and_goliath,
    continued,
    fill_players,
    fits,
    played_to_the_end,
    press,
    recorded_log,
    same_report,
    settled,
    start,
    tap_through,
    tap_through_some,
    type_deal,
)

pytestmark = pytest.mark.browser


def test_a_david_and_goliath_game_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    target = registry.engines()["david-goliath"].simulate(4, 21, no_claims=True)
    begin_david_and_goliath(phone, live_server, target, tapped=True)
    assert played_to_the_end(phone, target) == 15 * 4


def test_a_david_and_goliath_match_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    """A match is several games in a row: after each game the next dealer deals, and the deal is entered in
    the form under the choices."""
    target = registry.engines()["david-goliath"].simulate(3, 6, match=True, no_claims=True)
    first = target["games"][0]
    phone.goto(live_server.url + "/record?game=david-goliath")
    fill_players(phone, "david-goliath", target["players"], first["dealer"])
    phone.locator("#rec-match").check()
    type_deal(phone, first["hands"], target["players"])
    start(phone)
    steps = tap_through(phone, target)
    assert steps == 3 * (15 * 3) + 2  # three games of 15 tricks of 3 plays, and two deals after the first
    same_report(phone, recorded_log(phone), target)


def test_a_reload_mid_game_continues_where_it_was_and_the_draft_is_listed(phone, live_server):
    target = registry.engines()["david-goliath"].simulate(3, 4, no_claims=True)
    begin_david_and_goliath(phone, live_server, target)
    half = tap_through_some(phone, target, 7)
    before = recorded_log(phone)
    phone.reload()
    settled(phone, half)
    assert recorded_log(phone) == before
    assert "Restored" in phone.locator("#rec-announce").inner_text()
    steps = tap_through(phone, target, half)
    assert steps == 15 * 3
    same_report(phone, recorded_log(phone), target)
    # The log can be downloaded as it stands.
    with phone.expect_download() as download:
        press(phone.locator("#rec-download"))
    downloaded = json.loads(download.value.path().read_text())
    assert downloaded.pop("meta")["title"].startswith("David & Goliath · ")  # named, though no title was typed
    assert downloaded == recorded_log(phone)
    # Away from the game, the draft is listed; discarding it (after a confirmation) forgets it.
    phone.locator("#rec-leave").tap()
    assert phone.locator("#rec-draft-list li").count() == 1
    phone.locator("#rec-draft-list button[data-resume]").tap()
    settled(phone, steps)
    assert recorded_log(phone)["tricks"] == target["tricks"]
    phone.locator("#rec-leave").tap()
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.locator("#rec-draft-list button[data-discard]").tap()
    assert phone.locator("#rec-draft-list li").count() == 0 and phone.locator("#rec-drafts").is_hidden()


def test_a_dropped_connection_loses_no_step_and_offers_nothing_stale(phone, live_server):
    target = registry.engines()["david-goliath"].simulate(3, 12, no_claims=True)
    begin_david_and_goliath(phone, live_server, target)
    tap_through_some(phone, target, 2)
    answer = phone.evaluate("RecordPlay.answer()")
    index = fits(recorded_log(phone), answer["choices"], target)[0]
    phone.context.set_offline(True)
    phone.locator(f"#rec-choices button[data-choice='{index}']").tap()
    settled(phone, 3)  # saved at once, though the server could not be asked what comes next
    assert phone.locator("#rec-problem-box").is_visible() and phone.locator("#rec-retry").is_visible()
    assert phone.locator("#rec-choices button").count() == 0
    saved = phone.evaluate("JSON.parse(localStorage.getItem('card-replay.record.v1.' + RecordPlay.current().id))")
    assert len(saved["steps"]) == 3
    phone.context.set_offline(False)
    phone.problems.clear()  # the browser logs the requests that failed offline
    press(phone.locator("#rec-retry"))
    until(phone, "RecordPlay.answer() !== null")
    assert phone.locator("#rec-problem-box").is_hidden()
    assert tap_through(phone, target, 3) == 15 * 3
    same_report(phone, recorded_log(phone), target)


def andrea_led_blue_1(page, live_server) -> None:
    """The recorder on a game of Andrea, Ben and Clara dealt ``HANDS``, Andrea's lead of B1 typed."""
    page.goto(live_server.url + "/record")
    fill_players(page, "david-goliath", ["Andrea", "Ben", "Clara"], "Clara")
    type_deal(page, HANDS, ["Andrea", "Ben", "Clara"])
    start(page)
    page.fill("#rec-type", "b1")
    page.keyboard.press("Enter")
    settled(page, 1)


def test_an_illegal_play_is_recorded_as_played_after_a_warning_and_its_finding_shows(page, live_server):
    andrea_led_blue_1(page, live_server)
    # Each step is announced to screen readers: what was recorded, then whose turn it is.
    announced = page.locator("#rec-announce").inner_text()
    assert announced.startswith("Recorded: ") and announced.endswith("Ben to play.")
    # Ben must follow blue and holds B4–B6: those are his choices. He plays red 4: the rules refuse it; the
    # recorder warns and records nothing yet.
    offered = page.eval_on_selector_all("#rec-choices button[data-choice]",
                                        "buttons => buttons.map(b => b.dataset.action)")
    assert sorted(offered) == [f'{{"card":"B{value}","player":"Ben"}}' for value in (4, 5, 6)]
    page.fill("#rec-type", "r4")
    page.keyboard.press("Enter")
    page.wait_for_selector("#rec-warning:not([hidden])")
    assert page.locator("#rec-warning li").count() == 1
    assert page.evaluate("RecordPlay.current().steps.length") == 1
    page.locator("#rec-as-played").click()
    settled(page, 2)
    # The warnings every unfinished game has are not said again after every step while recording.
    assert page.locator("#rec-findings .finding-error .finding-code").all_inner_texts() == ["must-follow-suit"]
    assert page.locator("#rec-warnings").is_hidden()
    assert "is-illegal" in page.locator("#rec-steps li").nth(1).get_attribute("class")
    assert recorded_log(page)["tricks"][0]["plays"][1] == {"player": "Ben", "card": "R4"}
    # Backspace in the empty entry undoes it; the finding goes with it.
    page.locator("#rec-type").press("Backspace")
    settled(page, 1)
    assert page.locator("#rec-findings .finding-error").count() == 0


def test_another_step_typed_while_a_warning_stands_replaces_it_and_enter_alone_records_nothing(page, live_server):
    # Typed while the warning stood ("p", "10 j"), another step and Enter did nothing, without a word (a tester)
    andrea_led_blue_1(page, live_server)
    page.fill("#rec-type", "r4")  # Ben holds blue: a warning
    page.keyboard.press("Enter")
    page.wait_for_selector("#rec-warning:not([hidden])")
    page.locator("#rec-type").press("Enter")  # Enter again, nothing typed: the warning stands, nothing recorded
    assert page.locator("#rec-warning").is_visible() and page.evaluate("RecordPlay.current().steps.length") == 1
    page.fill("#rec-type", "b5")
    page.locator("#rec-type").press("Enter")
    settled(page, 2)
    assert page.locator("#rec-warning").is_hidden()
    assert recorded_log(page)["tricks"][0]["plays"][1] == {"player": "Ben", "card": "B5"}


def test_a_past_step_changed_or_deleted_has_every_later_step_checked_again(page, live_server):
    page.goto(live_server.url + "/record")
    fill_players(page, "david-goliath", ["Andrea", "Ben", "Clara"], "Clara")
    type_deal(page, HANDS, ["Andrea", "Ben", "Clara"])
    start(page)
    for count, card in enumerate(["b1", "b4", "b7"], start=1):
        settled(page, count - 1)
        page.fill("#rec-type", card)
        page.keyboard.press("Enter")
    settled(page, 3)
    # Ben really played B5: change step 2; Clara's B7 after it is applied again, still legal.
    page.locator("#rec-steps li").nth(1).locator("button[data-edit]").click()
    until(page, "!document.getElementById('rec-editing').hidden && !document.getElementById('recorder')"
                ".hasAttribute('aria-busy')")
    offered = page.eval_on_selector_all("#rec-choices button[data-choice]",
                                        "buttons => buttons.map(b => b.dataset.action)")
    assert sorted(offered) == [f'{{"card":"B{value}","player":"Ben"}}' for value in (4, 5, 6)]
    page.fill("#rec-type", "b5")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('rec-editing').hidden")
    settled(page, 3)
    assert [play["card"] for play in recorded_log(page)["tricks"][0]["plays"]] == ["B1", "B5", "B7"]
    assert page.locator("#rec-findings .finding-error").count() == 0
    # Andrea's lead deleted: Ben's and Clara's plays are checked again, and Ben now leads out of turn.
    page.locator("#rec-steps li").nth(0).locator("button[data-delete]").click()
    settled(page, 2)
    assert [play["player"] for play in recorded_log(page)["tricks"][0]["plays"]] == ["Ben", "Clara"]
    assert "is-illegal" in page.locator("#rec-steps li").nth(0).get_attribute("class")
    assert page.locator("#rec-findings .finding-error").count() >= 1


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
    # The score sheet: the true scores, but one player's written one point too high, and the true winners.
    scores = registry.engines()["david-goliath"].validate(target).to_dict()["result"]["scores"]
    wrong = target["players"][1]
    for index, name in enumerate(target["players"]):
        phone.fill(f"#rec-claim-{index}", str(scores[name] + (name == wrong)))
    best = max(scores.values())
    for name in target["players"]:
        if scores[name] == best:
            phone.locator(f"#rec-claims input[data-winner='{name}']").check()
    # Storing opens the analysis board: the sheet is checked against the rules.
    written = json.loads(phone.evaluate("JSON.stringify(RecordSession.finalLog())"))
    phone.locator("#rec-validate").tap()
    phone.wait_for_url("**/games/*")
    assert phone.locator("#verdict .verdict-title").inner_text() == "Invalid"
    # Stored as the recorder wrote and measured it: a form's text field would have sent every line end as CR LF.
    stored = phone.request.get(phone.url.replace("/games/", "/api/v1/games/") + "/log").body()
    assert json.loads(stored) == written and b"\r" not in stored
    assert phone.locator(".analysis-main .finding-code").all_inner_texts() == ["score-mismatch"]


def test_an_opened_log_s_scores_and_winners_are_on_the_sheet_and_cleared_there_they_are_gone(phone, live_server):
    """The sheet once showed empty boxes for a log that claimed scores and winners, which stayed in the log:
    stored untouched, it broke six rules nobody could see."""
    log = json.loads((ROOT / "sample_games" / "david-goliath" / "unfinished-game.json").read_text())
    continued(phone, live_server, log)
    players = log["players"]
    assert [phone.locator(f"#rec-claim-{index}").input_value() for index in range(len(players))] == \
        [str(log["scores"][name]) for name in players]
    assert phone.evaluate("[...document.querySelectorAll('#rec-claims input[data-winner]:checked')]"
                          ".map(box => box.dataset.winner)") == ["Andrea"]
    written = json.loads(phone.evaluate("JSON.stringify(RecordSession.finalLog())"))
    assert written["scores"] == log["scores"] and written["winners"] == ["Andrea"]
    for index in range(len(players)):  # the players cross the line out: the log claims nothing any more
        phone.fill(f"#rec-claim-{index}", "")
    phone.locator("#rec-claims input[data-winner='Andrea']").uncheck()
    until(phone, "!('scores' in RecordSession.finalLog()) && !('winners' in RecordSession.finalLog())")


def test_a_pasted_log_is_continued_and_what_is_no_log_is_said_so(page, live_server):
    page.goto(live_server.url + "/record")
    page.locator("#rec-open summary").click()
    page.fill("#rec-open-text", json.dumps({"game": "david-goliath", "players": ["Andrea"]}))
    page.locator("#rec-open-button").click()
    page.wait_for_selector("#rec-open-problem:not([hidden])")
    assert "cannot be continued" in page.locator("#rec-open-problem").inner_text()
    assert page.locator("#rec-play").is_hidden()
    page.problems.clear()  # the browser logs the 422 answer
    target = registry.engines()["david-goliath"].simulate(3, 2, no_claims=True)
    unfinished = {**target, "tricks": target["tricks"][:2]}
    page.fill("#rec-open-text", json.dumps(unfinished))
    page.locator("#rec-open-button").click()
    settled(page, 0)
    assert recorded_log(page) == unfinished
    assert page.locator("#rec-status").inner_text() == f"{target['tricks'][2]['plays'][0]['player']} to play."


def test_a_plugin_games_log_is_recorded_on_from_the_state_api_alone(page, tmp_path):
    """The recorder names no game: a game it has no setup form for (the toy plugin) is continued from its
    setup, pasted, and tapped to the end."""
    with installed(PLUGINS) as engines, LiveServer(create_app(app_config(tmp_path))) as server:
        target = engines[TOY].simulate(3, 4, no_claims=True)
        page.goto(server.url + "/record")
        assert page.locator(f"input[name=game][value='{TOY}']").count() == 0  # no setup form for it
        page.locator("#rec-open summary").click()
        page.fill("#rec-open-text", json.dumps({**target, "plays": []}))
        page.locator("#rec-open-button").click()
        played_to_the_end(page, target)
        assert page.locator("#rec-claims-panel").is_hidden()

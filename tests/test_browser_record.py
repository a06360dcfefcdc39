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

from app import create_app
from dalmuti_replay.simulate import simulate as dalmuti_simulate
from replaykit import registry
from tests.conftest import LiveServer, app_config, until
from tests.plugin_fixtures import PLUGINS, TOY, installed

pytestmark = pytest.mark.browser
MAX_STEPS = 3000


def contained(part: object, whole: object) -> bool:
    """``part`` is ``whole`` so far: every member it has, ``whole`` has alike (a null one may be left out, as
    the formats allow); every list a prefix of its own."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(contained(value, whole[key]) if key in whole else value is None
                                               for key, value in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and len(part) <= len(whole) and all(map(contained, part, whole))
    return part == whole and type(part) is type(whole)


def fits(log: dict, choices: list[dict], target: dict) -> list[int]:
    """The choices whose patch writes a part of ``target``, those that write the most of it first (a race
    revealed with the discipline postponed before it, rather than the same race with nothing postponed)."""
    fitting = [index for index, choice in enumerate(choices)
               if contained(jsonpatch.apply_patch(log, choice["patch"]), target)]
    return sorted(fitting, key=lambda index: -len(json.dumps(choices[index]["patch"])))


def settled(page, steps: int) -> None:
    """Wait until the recorder holds ``steps`` steps and has the server's answer for them."""
    until(page, f"(r => r.dataset.steps === '{steps}' && !r.hasAttribute('aria-busy'))"
                f"(document.getElementById('recorder'))", timeout=20)


def recorded_log(page) -> dict:
    return page.evaluate("RecordCore.logOf(RecordPlay.current())")


def tap_through(page, target: dict, steps: int = 0) -> int:
    """Record, step after step, the next part of ``target`` until the game is over (``next_step``)."""
    for _ in range(MAX_STEPS):
        settled(page, steps)
        if page.evaluate("RecordPlay.answer().over"):
            return steps
        steps = next_step(page, target, steps)
    pytest.fail("the game did not end")


def next_step(page, target: dict, steps: int) -> int:
    """Tap the choice that writes the next part of ``target``; at the table's steps (a deal, a draw, a
    discipline revealed) enter what the target says was seen, or leave it unseen where the target leaves it
    out. Returns the number of steps recorded after it."""
    answer = page.evaluate("RecordPlay.answer()")
    assert answer["valid"], answer["findings"]
    log = recorded_log(page)
    if not answer["chance"]:
        press(page.locator(f"#rec-choices button[data-choice='{fits(log, answer['choices'], target)[0]}']"))
        return steps + 1
    offered = answer["choices"][0]
    assert page.locator("#rec-choices button").count() == 0, "no drawn outcome is offered to tap"
    if answer["may_leave_unseen"] and not written(target, offered["patch"][0]["path"]):
        # a deal or a draw the target leaves out: nobody saw it, and the next step is recorded straight on
        press(page.locator("#rec-unseen"))
        until(page, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
        return steps
    enter_seen(page, log, offered, target)
    return steps + 1


def written(target: dict, path: str) -> bool:
    """The target has something at this JSON Pointer (a deal, the cards of a draw)."""
    where: object = target
    for token in path.split("/")[1:]:
        if isinstance(where, list) and token.isdigit() and int(token) < len(where):
            where = where[int(token)]
        elif isinstance(where, dict) and token in where:
            where = where[token]
        else:
            return False
    return True


def seen_outcome(log: dict, offered: dict, target: dict) -> dict:
    """What the target says the table saw at this step, as an action of the offered step's shape."""
    operation = offered["patch"][0]
    *parents, last = operation["path"].split("/")[1:]
    where, seen = target, log
    for token in parents:
        where, seen = where[int(token) if isinstance(where, list) else token], \
            seen[int(token) if isinstance(seen, list) else token]
    index = len(seen) if last == "-" else last
    wanted = where[int(index)] if isinstance(where, list) else where[index]
    if not isinstance(wanted, dict) or offered["action"] == {"hands": operation["value"]}:
        return {key: wanted for key in offered["action"]}  # the step is one part: the cards drawn or dealt
    return {key: wanted.get(key) for key in {**offered["action"], "postponed": None}}


def enter_seen(page, log: dict, offered: dict, target: dict) -> None:
    """Enter the table's step as the target has it, in the pickers: cards typed seat by seat, a discipline or
    a player chosen by name; then record it."""
    for key, value in seen_outcome(log, offered, target).items():
        part = page.locator(f"#rec-chance-parts fieldset[data-key='{key}']")
        if part.count() == 0:
            assert value is None, key
        elif part.locator("select").count():
            part.locator("select").select_option(value or "")
        else:
            for field in part.locator("input").all():
                cards = value if isinstance(value, list) else value[field.get_attribute("data-seat")]
                field.fill(" ".join(card.lower() for card in cards))
    press(page.locator("#rec-chance-record"))


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


def type_deal(page, hands: dict[str, list[str]], players: list[str]) -> None:
    """The deal typed, one line per player, in lower case as a phone's keyboard gives it."""
    press(page.locator("#rec-deal summary"))
    for index, name in enumerate(players):
        page.fill(f"#rec-hand-{index}", " ".join(card.lower() for card in hands[name]))


def begin_david_and_goliath(page, live_server, target: dict, tapped: bool = False) -> None:
    """A David & Goliath game set up as ``target`` is, its deal tapped in the grid or typed."""
    page.goto(live_server.url + "/record?game=david-goliath")
    fill_players(page, "david-goliath", target["players"], target["dealer"])
    (tap_deal if tapped else type_deal)(page, target["hands"], target["players"])
    no_sideways_scroll(page)
    start(page)


def start(page) -> None:
    """Start recording, and wait for the server's first answer."""
    press(page.locator(".rec-start-button"))
    until(page, "!document.getElementById('rec-play').hidden")
    settled(page, 0)


def played_to_the_end(page, target: dict, steps: int = 0) -> int:
    """Tap through to the end; the page has no sideways scroll and the report is the target's own."""
    steps = tap_through(page, target, steps)
    no_sideways_scroll(page)
    same_report(page, recorded_log(page), target)
    return steps


def same_report(page, recorded: dict, target: dict) -> None:
    """The same report but for the title (the recorder names a game with no title typed)."""
    ours = page.request.post(page.url.split("/record")[0] + "/api/v1/validate", data=json.dumps(recorded),
                             headers={"Content-Type": "application/json"}).json()
    theirs = page.request.post(page.url.split("/record")[0] + "/api/v1/validate", data=json.dumps(target),
                               headers={"Content-Type": "application/json"}).json()
    ours.pop("meta", None)
    theirs.pop("meta", None)
    assert ours == theirs, first_difference(ours, theirs)


def first_difference(ours: object, theirs: object, where: str = "") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in dict.fromkeys([*ours, *theirs]):
            if ours.get(key, "<absent>") != theirs.get(key, "<absent>"):
                return first_difference(ours.get(key, "<absent>"), theirs.get(key, "<absent>"), f"{where}/{key}")
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        for index, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
            if mine != other:
                return first_difference(mine, other, f"{where}/{index}")
    return f"{where}: recorded {ours!r}, simulated {theirs!r}"


def no_sideways_scroll(page) -> None:
    """Nothing is wider than the screen (390 px on the phone)."""
    wide = page.evaluate("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > "
                         "innerWidth + 1).map(e => e.id || e.className).slice(0, 5)")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), wide


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


def dalmuti_session(players: int, seed: int, **options: bool) -> dict:
    """A session of two rounds, not the simulator's three: the second already has taxes paid by the first's
    ranks and ends the session, and each round taps some eighty steps through the browser."""
    return dalmuti_simulate(players, seed, rounds=2, **options)


def test_a_dalmuti_session_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    target = dalmuti_session(4, 5, claims=False)
    phone.goto(live_server.url + "/record?game=grande-dalmuti")
    fill_players(phone, "grande-dalmuti", target["players"])
    if target.get("end"):
        kind, value = next(iter(target["end"].items()))
        phone.select_option("#rec-end-kind", kind)
        phone.fill("#rec-end-value", str(value))
    start(phone)
    played_to_the_end(phone, target)


def test_an_olympi_game_recorded_by_taps_has_the_simulated_logs_report(phone, live_server):
    # What a table writes down: the cards drawn as they are seen, the disciplines as they are revealed; not
    # the order of the shuffled decks. The first cards drawn went unseen: they stay out of the log.
    target = registry.engines()["olympi"].simulate(3, 8, no_claims=True)
    del target["deck"], target["discipline_deck"]
    first_draw = next(turn for race in target["races"] for turn in race["turns"] if turn.get("draw"))
    del first_draw["draw"]
    phone.goto(live_server.url + "/record?game=olympi")
    fill_players(phone, "olympi", target["players"], target.get("first_player"))
    tap_deal(phone, target["hands"], target["players"])
    phone.locator("#rec-disciplines details summary").tap()
    phone.fill("#rec-declared", json.dumps(target["disciplines"]))
    start(phone)
    played_to_the_end(phone, target)


def sheet_part(page, index: int):
    """The score sheet's box of a round or race, opened."""
    part = page.locator(f"#rec-sheet-parts details[data-part='{index}']")
    if part.get_attribute("open") is None:
        press(part.locator("summary"))
    return part


def sheet_end(page, players: list[str], scores: dict[str, int], winners: list[str]) -> None:
    """The sheet's last line: every score or total, the winners ticked; nothing wider than the screen."""
    for index, name in enumerate(players):
        page.fill(f"#rec-claim-{index}", str(scores[name]))
        if name in winners:
            page.locator(f"#rec-claims input[data-winner='{name}']").check()
    no_sideways_scroll(page)


def test_a_dalmuti_session_with_no_deal_written_down_and_its_score_sheet_round_by_round(phone, live_server):
    """Most tables never write a Dalmuti deal down: each round's deal is left unseen, taxes and plays are
    entered straight on. The score sheet gets each round's ranks, finishing order, points and totals, and the
    session's totals and winners: with the true sheet the report is the simulated log's own; with one round's
    points miscounted, the board shows exactly that."""
    target = dalmuti_session(4, 2)  # one winner (the sheet lists tied winners in seating order)
    for entry in target["rounds"]:
        entry.pop("hands", None)
    plays = json.loads(json.dumps(target))
    for entry in plays["rounds"]:
        for key in ("finish", "points", "totals"):
            entry.pop(key, None)
    del plays["totals"], plays["winners"]
    phone.goto(live_server.url + "/record?game=grande-dalmuti")
    fill_players(phone, "grande-dalmuti", target["players"])
    kind, value = next(iter(target["end"].items()))
    phone.select_option("#rec-end-kind", kind)
    phone.fill("#rec-end-value", str(value))
    start(phone)
    assert phone.evaluate("RecordPlay.answer().may_leave_unseen") and phone.locator("#rec-unseen").is_visible()
    # Left unseen, then undone: the deal is offered again, and nothing was recorded either way.
    press(phone.locator("#rec-unseen"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().left_unseen && !RecordPlay.answer().chance")
    assert phone.locator("#rec-unseen-note").is_visible() and phone.locator("#rec-unseen").is_hidden()
    press(phone.locator("#rec-undo"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().may_leave_unseen")
    assert "back" in phone.locator("#rec-announce").inner_text() and recorded_log(phone)["rounds"] == [{"tricks": []}]
    tap_through(phone, plays)
    recorded = recorded_log(phone)
    assert all("hands" not in entry for entry in recorded["rounds"]), "no deal was written"
    for index, entry in enumerate(target["rounds"]):
        part = sheet_part(phone, index)
        for key in ("ranks", "finish"):  # a later round's ranks come with it: its step says them
            for place, name in enumerate(entry[key]):
                part.locator(f"fieldset[data-claim='{key}'] select").nth(place).select_option(name)
        for key in ("points", "totals"):
            for name, points in entry[key].items():
                part.locator(f"fieldset[data-claim='{key}'] input[data-player='{name}']").fill(str(points))
    sheet_end(phone, target["players"], target["totals"], target["winners"])
    same_report(phone, phone.evaluate("RecordSession.finalLog()"), target)
    # Round 2's points, one player's written one higher: that entry alone is wrong (rule 8 scores by place).
    second = target["rounds"][1]
    name = second["finish"][0]
    phone.locator(f"#rec-sheet-parts details[data-part='1'] fieldset[data-claim='points'] "
                  f"input[data-player='{name}']").fill(str(second["points"][name] + 1))
    press(phone.locator("#rec-validate"))
    phone.wait_for_url("**/games/*")
    found = phone.get_by_role("region", name="Findings").locator("li.finding")
    assert found.count() == 1, "the simulated log has no finding of its own"
    finding = found.first
    assert finding.locator(".finding-code").inner_text() == "points-mismatch"
    assert finding.get_attribute("data-round") == "2" and name in finding.inner_text()


def test_an_olympi_score_sheet_race_by_race_is_checked(phone, live_server):
    """A finished log continued here, its sheet written race by race: each race's medals and who took the
    First-player card. The true sheet gives the simulated log's own report; a silver written as gold is
    the one medal-mismatch."""
    target = registry.engines()["olympi"].simulate(3, 8)
    bare = json.loads(json.dumps(target))
    for race in bare["races"]:
        race.pop("awards", None)
    del bare["scores"], bare["winners"]
    phone.goto(live_server.url + "/record")
    press(phone.locator("#rec-open summary"))
    phone.fill("#rec-open-text", json.dumps(bare))
    press(phone.locator("#rec-open-button"))
    settled(phone, 0)
    assert phone.evaluate("RecordPlay.answer().over")
    for index, race in enumerate(target["races"]):
        part = sheet_part(phone, index)
        medals = race["awards"]["medals"]
        for name in target["players"]:
            for medal in ("gold", "silver", "bronze"):
                count = medals.get(name, []).count(medal)
                part.locator(f"input[data-player='{name}'][data-medal='{medal}']").fill(str(count))
        holder = race["awards"]["first_player"]
        part.locator("fieldset[data-claim='awards/first_player'] select").select_option(
            holder if holder is not None else "\u0000nobody")
        assert part.locator("fieldset[data-claim='awards/record']").count() == 0, "no World Record variant"
    sheet_end(phone, target["players"], target["scores"], target["winners"])
    same_report(phone, phone.evaluate("RecordSession.finalLog()"), target)
    # Race 1: its gold medallist's gold written as silver: that race's medals alone are wrong.
    gold = next(name for name, won in target["races"][0]["awards"]["medals"].items() if "gold" in won)
    first = phone.locator("#rec-sheet-parts details[data-part='0']")
    first.locator(f"input[data-player='{gold}'][data-medal='gold']").fill("0")
    first.locator(f"input[data-player='{gold}'][data-medal='silver']").fill("1")
    press(phone.locator("#rec-validate"))
    phone.wait_for_url("**/games/*")
    # (the simulated log's own warnings stay: a declared discipline's rule it leaves unchecked)
    found = phone.get_by_role("region", name="Findings").locator("li.finding-error")
    assert found.locator(".finding-code").all_inner_texts() == ["medal-mismatch"]
    assert found.first.get_attribute("data-race") == "1"


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


def tap_through_some(page, target: dict, count: int) -> int:
    """Like ``tap_through``, for ``count`` steps only."""
    for steps in range(count):
        settled(page, steps)
        answer = page.evaluate("RecordPlay.answer()")
        log = recorded_log(page)
        index = fits(log, answer["choices"], target)[0]
        press(page.locator(f"#rec-choices button[data-choice='{index}']"))
    settled(page, count)
    return count


# Three players, values 1–9: Andrea holds 1–3, Ben 4–6 and Clara 7–9 of every colour; Clara deals, so
# Andrea leads the first trick (the choices API's own worked example).
HANDS = {name: [f"{colour}{value}" for colour in "BYGRP" for value in range(low, low + 3)]
         for name, low in (("Andrea", 1), ("Ben", 4), ("Clara", 7))}


def test_an_illegal_play_is_recorded_as_played_after_a_warning_and_its_finding_shows(page, live_server):
    page.goto(live_server.url + "/record")
    fill_players(page, "david-goliath", ["Andrea", "Ben", "Clara"], "Clara")
    type_deal(page, HANDS, ["Andrea", "Ben", "Clara"])
    start(page)
    page.fill("#rec-type", "b1")
    page.keyboard.press("Enter")
    settled(page, 1)
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
    phone.locator("#rec-validate").tap()
    phone.wait_for_url("**/games/*")
    assert phone.locator("#verdict .verdict-title").inner_text() == "Invalid"
    assert phone.locator(".analysis-main .finding-code").all_inner_texts() == ["score-mismatch"]


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

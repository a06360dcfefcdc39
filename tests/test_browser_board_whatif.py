"""What-if on the board, in Chromium: a hypothetical branch plays on from a moment, steps back, returns to
the game and is shared by its URL; and the best swaps of the game worked by hand in
tests/test_dg_whatif.py appear as key moments and in the "Other plays here" panel."""

from __future__ import annotations

import json

import pytest

from tests.conftest import at_moment, moments_loaded, until, upload
from tests.test_dg_whatif import LOG

pytestmark = pytest.mark.browser


def center(page) -> list[str]:
    return page.locator("#board-center .chip").all_inner_texts()


def open_branch(page) -> None:
    """"Try another play" at the moment shown, once its choices are listed."""
    page.click("button[data-branch]")
    until(page, "document.querySelectorAll('#branch-choices button').length > 0")


def test_a_hypothetical_branch_plays_on_steps_back_and_returns(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-1-play-2")
    at_moment(page, "trick-1-play-2")
    real = center(page)
    assert len(real) == 2
    open_branch(page)
    assert center(page) == real[:1]  # the position before the play tried otherwise
    first = page.locator("#branch-choices button").first
    first.click()
    until(page, "document.querySelectorAll('#board-center .chip').length === 2")
    page.locator("#branch-choices button").first.click()
    until(page, "document.getElementById('branch-note').textContent.startsWith('2 plays tried')")
    shared = page.url
    assert "~try=" in shared
    page.click("[data-branch-back]")
    until(page, "document.getElementById('branch-note').textContent.startsWith('1 play tried')")
    assert len(center(page)) == 2
    page.click("[data-branch-return]")
    at_moment(page, "trick-1-play-2")
    assert page.locator("#branch").is_hidden() and center(page) == real
    page.goto(shared)  # the shared branch opens where it was left
    until(page, "document.getElementById('branch-note').textContent.startsWith('2 plays tried')")


def test_the_best_swaps_are_key_moments_and_shown_on_their_play(page, live_server, tmp_path):
    path = tmp_path / "swaps.json"
    path.write_text(json.dumps(LOG))
    upload(page, live_server, path)
    moments_loaded(page)
    labels = page.locator(".key-moments a").all_inner_texts()
    assert "Trick 1: with R2 here and R8 at trick 2, Andrea would have scored 10 (+3)" in labels
    assert "Trick 1: with R3 here and R1 at trick 2, Ben would have scored 16 (+7)" in labels
    page.locator(".key-moments a", has_text="Ben would have scored").click()
    at_moment(page, "trick-1-play-2")
    assert page.locator("#whatif-swap").inner_text() == \
        "Best swap: R3 here and R1 at trick 2, everyone else playing the same cards: Ben would have scored 16 (+7)."
    page.locator("#whatif-panel summary").click()
    assert sorted(page.locator("#whatif-list li").all_inner_texts()) == [
        "R3: takes R9; Clara takes R3", "R5: takes R9; Clara takes R5"]


def test_an_olympi_branch_draws_first_then_plays_on_and_returns(page, live_server):
    # The rulebook's two-player race: before turn 3 Bruno's draw (after his pass) is the table's step.
    page.goto(live_server.url + "/samples/olympi/rulebook-two-players#race-1-turn-3")
    at_moment(page, "race-1-turn-3")
    open_branch(page)
    draws = page.locator("#branch-choices button").all_inner_texts()
    assert len(draws) == 1 and draws[0].startswith("Bruno draws ")
    page.locator("#branch-choices button").first.click()
    until(page, "document.getElementById('branch-note').textContent.startsWith('1 play tried')")
    plays = page.locator("#branch-choices button").all_inner_texts()
    assert plays and all(label.startswith("Ann ") for label in plays)
    page.click("[data-branch-return]")
    at_moment(page, "race-1-turn-3")
    assert page.locator("#branch").is_hidden()


def test_a_dalmuti_play_shows_the_other_sets_and_whether_each_would_have_stood(page, live_server):
    # Worked by hand in tests/test_dalmuti_whatif.py: Bruno's 6 on Anna's 7, round 1, trick 2.
    page.goto(live_server.url + "/samples/grande-dalmuti/four-players-three-rounds#round-1-trick-2-play-2")
    at_moment(page, "round-1-trick-2-play-2")
    assert page.locator("#whatif-swap").inner_text() == "Bruno's 6 was beaten by Anna's 5."
    page.locator("#whatif-panel summary").click()
    assert page.locator("#whatif-panel summary").inner_text() == \
        "3 other sets Bruno could have laid here, the rest of the trick unchanged"
    assert page.locator("#whatif-list li").all_inner_texts() == [
        "3: Anna's 2 would have beaten it.", "4: Anna's 2 would have beaten it.", "5: Anna's 2 would have beaten it."]
    page.goto(live_server.url + "/samples/grande-dalmuti/four-players-three-rounds?lang=it#round-1-trick-2-play-2")
    at_moment(page, "round-1-trick-2-play-2")
    assert page.locator("#whatif-swap").inner_text() == "Il 6 di Bruno è stato battuto dal 5 di Anna."


def test_an_olympi_turn_shows_the_other_choices_and_their_effect_on_the_race(page, live_server):
    # Worked by hand in tests/test_olympi_whatif.py: Bruno's B5 on Ann's K3, Chiara's Y6 next.
    from tests.test_olympi_whatif import LOG

    stored = page.request.post(live_server.url + "/api/v1/games", data=LOG).json()
    page.goto(live_server.url + stored["links"]["page"] + "#race-1-turn-2")
    at_moment(page, "race-1-turn-2")
    assert page.locator("#whatif-swap").inner_text() == "Bruno played B5; Chiara played Y6 next."
    page.locator("#whatif-panel summary").click()
    assert page.locator("#whatif-panel summary").inner_text() == \
        "4 other choices Bruno had here, the rest of the race unchanged"
    assert sorted(page.locator("#whatif-list li").all_inner_texts()) == [
        "B6: Chiara could not have played Y6 on it.", "G8: Chiara could not have played Y6 on it.",
        "K9: Chiara could not have played Y6 on it.", "Retire here, 1st: bronze, 3 cards."]
    page.goto(live_server.url + stored["links"]["page"] + "?lang=pl#race-1-turn-2")
    at_moment(page, "race-1-turn-2")
    assert page.locator("#whatif-swap").inner_text() == "Bruno – zagranie B5; następnie Chiara – zagranie Y6."


COLOURS = {"B": "blue", "Y": "yellow", "G": "green", "R": "red", "P": "purple"}


@pytest.fixture
def laptop_page(page):
    page.set_viewport_size({"width": 1366, "height": 900})
    return page


def test_a_branch_is_a_line_of_the_list_that_the_arrows_walk(laptop_page, live_server):
    """Issue 30, item 11: the branch's position in words, in the table and the controls; the real play marked
    among the first choices; ← and → step along the branch (→ says where its line ends rather than leave it);
    its line stays in the list of moments under the moment it left from, and a click there goes back in."""
    page = laptop_page
    log = page.request.get(live_server.url + "/samples/david-goliath/legal-3-players/log.json").json()
    real = log["tricks"][0]["plays"][1]  # trick 1, play 2: the play tried otherwise
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-1-play-2")
    at_moment(page, "trick-1-play-2")
    open_branch(page)
    assert page.locator("#board-label").inner_text() == "Hypothetical · next: trick 1, play 2"
    assert page.locator("#step-status").inner_text() == "Hypothetical · next: trick 1, play 2"
    played = page.locator("#branch-choices .is-played")
    assert played.count() == 1
    assert played.inner_text().startswith(f"{real['player']} plays {COLOURS[real['card'][0]]} {real['card'][1:]}")
    other = page.locator("#branch-choices button:not(.is-played)").first
    label = other.inner_text()
    other.click()
    until(page, "document.getElementById('step-status').textContent === 'Hypothetical · next: trick 1, play 3'")
    assert page.locator("#step-story").inner_text() == f"Tried: {label}"
    line = page.locator(".analysis-main [data-step-id='trick-1-play-2'] + #branch-line")
    assert line.locator(".branch-move").all_inner_texts() == [label]
    assert line.locator(".branch-move.is-current").count() == 1
    page.keyboard.press("ArrowLeft")  # back to the branch's start: still in the branch
    until(page, "document.getElementById('step-status').textContent === 'Hypothetical · next: trick 1, play 2'")
    assert page.locator("#branch").is_visible() and line.locator(".branch-move.is-current").count() == 0
    page.keyboard.press("ArrowRight")  # on again along the line
    until(page, "document.getElementById('step-status').textContent === 'Hypothetical · next: trick 1, play 3'")
    page.keyboard.press("ArrowRight")  # the line ends here: said, and the branch stays
    until(page, "document.getElementById('branch-status').textContent.startsWith('The branch goes no further')")
    assert page.locator("#branch").is_visible()
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(300)
    page.keyboard.press("ArrowLeft")  # past the branch's start: the game, at the moment it left from
    at_moment(page, "trick-1-play-2")
    assert page.locator("#branch").is_hidden()
    assert line.locator(".branch-move").all_inner_texts() == [label]  # the line stays in the list
    line.locator(".branch-move").first.click()
    until(page, "document.getElementById('step-status').textContent === 'Hypothetical · next: trick 1, play 3'")
    assert page.locator("#branch").is_visible()


def test_a_branch_sends_its_log_once_then_one_play_a_step_and_starts_again_when_forgotten(page, live_server):
    """Issue 28: the server keeps the branch's position; a step sends its id, the step it stands on and the one
    play tried. A branch the server no longer keeps (404) is started again from the log the page kept."""
    sent: list[tuple[str, dict]] = []
    page.on("request", lambda request: sent.append((request.url.split("/api/v1/")[1], request.post_data_json))
            if "/api/v1/" in request.url else None)
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-1-play-2")
    at_moment(page, "trick-1-play-2")
    open_branch(page)
    for tried in ("1 play tried", "2 plays tried"):
        page.locator("#branch-choices button").first.click()
        until(page, f"document.getElementById('branch-note').textContent.startsWith('{tried}')")
    assert sent[0][0] == "branches" and sent[0][1]["game"] == "david-goliath"  # the log, once
    urls = {url for url, _body in sent[1:]}
    assert len(urls) == 1 and urls.pop().startswith("branches/")  # then the branch's id
    assert [(body["steps"], sorted(body["action"])) for _url, body in sent[1:]] == [(0, ["card", "player"]),
                                                                                   (1, ["card", "player"])]
    page.route("**/api/v1/branches/*", lambda route: route.fulfill(status=404, body="{}"))
    page.click("[data-branch-back]")
    until(page, "document.getElementById('branch-note').textContent.startsWith('1 play tried')")
    assert [url for url, _body in sent[-2:]][1] == "branches"  # the 404, then the branch started again
    played_once = sent[-1][1]["tricks"][0]["plays"]
    assert len(played_once) == 2  # the real first play and the one tried
    assert len(center(page)) == 2
    assert page.problems == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]
    page.problems.clear()  # the browser logs the 404 the page answered by starting the branch again


def test_a_play_of_the_line_that_cannot_be_played_again_is_said_and_the_branch_still_answers(page, live_server):
    """A click on a play of the branch's line when the server cannot answer: the branch says so and still takes
    the next key (it stayed busy for good before)."""
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-1-play-2")
    at_moment(page, "trick-1-play-2")
    open_branch(page)
    page.locator("#branch-choices button:not(.is-played)").first.click()
    until(page, "document.getElementById('step-status').textContent === 'Hypothetical · next: trick 1, play 3'")
    page.keyboard.press("ArrowLeft")
    until(page, "document.getElementById('step-status').textContent === 'Hypothetical · next: trick 1, play 2'")
    page.route("**/api/v1/branches**", lambda route: route.fulfill(status=503, body="{}"))
    page.locator("#branch-line .branch-move").first.click()  # on along the line: the server does not answer
    until(page, "document.getElementById('branch-status').textContent"
                ".startsWith('This position could not be played on')")
    page.unroute("**/api/v1/branches**")
    page.keyboard.press("ArrowLeft")  # the branch answers again: back to where it started
    until(page, "document.getElementById('step-status').textContent === 'Hypothetical · next: trick 1, play 2'")
    assert page.problems == ["Failed to load resource: the server responded with a status of 503 "
                             "(Service Unavailable)"]
    page.problems.clear()


def test_in_a_branch_the_real_moment_s_panels_step_aside_and_the_keyboard_keeps_its_place(laptop_page, live_server):
    """A branch's position is not the moment it left from: that moment's reason, other plays and findings are
    hidden while the branch is shown, and shown again back in the game. "Try another play" pressed from the
    keyboard hands the focus to the first play offered (the button itself is hidden in a branch); a play chosen
    leaves it among the next choices, as does a step back to the start (its button then disabled); "Return to
    the game", or Escape, hands it back to "Try another play"."""
    page = laptop_page
    page.goto(live_server.url + "/samples/david-goliath/illegal-revoke#trick-6-play-2")
    at_moment(page, "trick-6-play-2")
    about = ("#step-reason", "#whatif-panel", "#moment-panel")
    assert [page.locator(selector).is_visible() for selector in about] == [True, True, True]
    page.locator("button[data-branch]").press("Enter")
    until(page, "document.querySelectorAll('#branch-choices button').length > 0")
    assert [page.locator(selector).is_visible() for selector in about] == [False, False, False]
    assert page.locator("button[data-branch]").is_hidden(), "the branch's own choices are the plays to try"
    focused = "document.activeElement.className"
    assert page.evaluate("document.activeElement === document.querySelector('#branch-choices button')")
    page.locator("#branch-choices button").first.press("Enter")
    until(page, "document.getElementById('branch-note').textContent.startsWith('1 play tried')")
    assert page.evaluate(focused) == "branch-choice"
    page.locator("[data-branch-back]").press("Enter")
    until(page, "document.getElementById('branch-note').textContent.startsWith('From here')")
    assert page.evaluate(focused) == "branch-choice"
    page.locator("[data-branch-return]").press("Enter")
    at_moment(page, "trick-6-play-2")
    assert page.evaluate("document.activeElement.hasAttribute('data-branch')")
    assert [page.locator(selector).is_visible() for selector in about] == [True, True, True]
    page.keyboard.press("Enter")  # opened again from the keyboard, and left with Escape
    until(page, "!document.getElementById('branch').hidden && document.activeElement.className === 'branch-choice'")
    page.keyboard.press("Escape")
    at_moment(page, "trick-6-play-2")
    assert page.locator("#branch").is_hidden()
    assert page.evaluate("document.activeElement.hasAttribute('data-branch')")


def test_at_the_game_s_end_another_last_play_can_be_tried(laptop_page, live_server):
    page = laptop_page
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-15")
    at_moment(page, "trick-15")
    open_branch(page)
    assert page.locator("#step-status").inner_text() == "Hypothetical · next: trick 15, play 3"
    assert page.locator("#branch-choices .is-played").count() == 1  # the last card: the only one left
    page.locator("#branch-choices .is-played").click()  # played again: the game ends as it did, said with its scores
    log = page.request.get(live_server.url + "/samples/david-goliath/legal-3-players/log.json").json()
    scores = ", ".join(f"{name} {log['scores'][name]}" for name in log["players"])
    until(page, f"document.getElementById('branch-status').textContent === "
                f"'The game is over in this branch: {scores}.'")


def test_a_trick_a_branch_completes_shows_its_highest_and_lowest_card(laptop_page, live_server):
    page = laptop_page
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-1-play-3")
    at_moment(page, "trick-1-play-3")
    open_branch(page)
    assert page.locator("#board-center .chip.is-high, #board-center .chip.is-low").count() == 0
    page.locator("#branch-choices button").first.click()  # the trick's third card: the trick is taken
    until(page, "document.getElementById('branch-note').textContent.startsWith('1 play tried')")
    cards = page.locator("#board-center .chip").all_inner_texts()
    high, low = (page.locator(f"#board-center .chip.{mark}").all_inner_texts() for mark in ("is-high", "is-low"))
    assert len(cards) == 3 and len(high) == len(low) == 1
    # David & Goliath: the highest value whatever its colour, then the lowest among the other cards
    values = {card: int(card[1:]) for card in cards}
    assert values[high[0]] == max(values.values()) and values[low[0]] == min(values.values())


@pytest.mark.parametrize("language, said", [("en", "Chance decides here: pick what happens."),
                                            ("it", "Qui decide il caso: scegli che cosa succede.")])
def test_a_branch_at_a_chance_step_says_that_chance_decides(page, live_server, language, said):
    page.goto(live_server.url + f"/samples/olympi/illegal-turns?lang={language}#race-2")
    at_moment(page, "race-2")  # the race's discipline is drawn: nobody's turn
    open_branch(page)
    assert page.locator("#branch-status").inner_text() == said


def test_a_best_swap_that_scores_less_says_that_no_swap_helps(page, live_server, tmp_path):
    """tests/test_dg_whatif.py's game with Andrea's two red cards the other way round (R2 at trick 1, R8 at
    trick 2): that is the swap worked by hand there, worth 10 to Andrea; its only swap is the game as first
    played, where Andrea scores 7: 3 less. Polish says it in a form that needs no player's gender."""
    log = json.loads(json.dumps(LOG))
    log["tricks"][0]["plays"][0]["card"], log["tricks"][1]["plays"][1]["card"] = "R2", "R8"
    path = tmp_path / "swapped.json"
    path.write_text(json.dumps(log))
    upload(page, live_server, path)
    moments_loaded(page)
    address = page.url.split("#")[0]
    page.goto(address + "#trick-1-play-1")
    at_moment(page, "trick-1-play-1")
    assert page.locator("#whatif-swap").inner_text() == (
        "No swap with a later card helps Andrea: the best, R8 here and R2 at trick 2, everyone else playing the same "
        "cards, would have scored 7 (-3).")
    page.goto(address + "?lang=pl#trick-1-play-1")
    at_moment(page, "trick-1-play-1")
    assert page.locator("#whatif-swap").inner_text().endswith("dałaby 7 pkt (-3).")
    path.write_text(json.dumps(LOG))
    upload(page, live_server, path)
    moments_loaded(page)
    page.goto(page.url.split("#")[0] + "?lang=pl#trick-1-play-2")  # Ben's R3 with R1: 16 points, 7 more than 9
    at_moment(page, "trick-1-play-2")
    assert page.locator("#whatif-swap").inner_text().endswith("wynik gracza Ben wyniósłby 16 pkt (+7).")


def test_copy_link_in_a_branch_copies_the_branch_which_opens_fresh_where_it_was(laptop_page, live_server):
    page = laptop_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players#trick-1-play-2")
    at_moment(page, "trick-1-play-2")
    open_branch(page)
    page.locator("#branch-choices button:not(.is-played)").first.click()
    until(page, "document.getElementById('branch-note').textContent.startsWith('1 play tried')")
    tried = page.locator("#step-story").inner_text()
    page.click("button[data-copy-link]")
    until(page, "document.querySelector('button[data-copy-link]').textContent === 'Link copied'")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.url and "#trick-1-play-2~try=" in copied
    fresh = page.context.new_page()
    fresh.goto(copied)
    until(fresh, "document.getElementById('branch-note').textContent.startsWith('1 play tried')")
    assert fresh.locator("#step-story").inner_text() == tried
    fresh.close()

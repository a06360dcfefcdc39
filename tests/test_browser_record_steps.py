"""Browser tests of the recorder as a person at a real table meets it (round four), on a 390 px phone and, where
the keyboard is the point, at 1366×900: a table's step names whose cards it asks and keeps whose step it is
in view under the sticky header; a step is named in the page's words (a discipline by its title, a draw by
who drew, a step typed as JSON), and a draw changed starts from the cards recorded; the typed entry keeps
room for a card in every language; the example of a step as JSON is the game's own; a pass is ticked; the
table view leaves out what has no value and counts won cards in words that agree; a kept discipline card
forgotten shifts no other; a log that cannot be continued says where; leaving a game keeps the keyboard on
it and dates it in the reader's language; a warning cancelled gives the keyboard back. Most games are
opened by pasting an unfinished log, as a table continuing one would."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT, until, watched_page
from tests.record_helpers import HANDS, continued, fill_players, in_view, press, recorded_log, settled, start, type_deal

pytestmark = pytest.mark.browser

DISCIPLINES = ["house-higher", "house-lower", "house-same-colour", "house-other-colour", "house-own-climb",
               "house-middle", "house-higher-or-same-colour", "house-free", "ciclismo"]
# Race 1 under "House rule: higher": Anna plays Y3, Bruno Y5, and Cy retires: Cy draws three cards.
RETIRED = {"game": "olympi", "players": ["Anna", "Bruno", "Cy"], "disciplines": DISCIPLINES,
           "races": [{"discipline": "house-higher", "turns": [
               {"player": "Anna", "action": "play", "cards": ["Y3"]},
               {"player": "Bruno", "action": "play", "cards": ["Y5"]},
               {"player": "Cy", "action": "retire"}]}]}


def below_the_header(page, selector: str) -> bool:
    """The element is on screen and not hidden under the sticky site header."""
    return page.evaluate(f"(e => {{ const r = e.getBoundingClientRect(), h = document.querySelector('.site-header')"
                         f".getBoundingClientRect(); return r.height > 0 && r.top >= h.bottom - 1 && "
                         f"r.bottom <= innerHeight + 1; }})(document.querySelector({json.dumps(selector)}))")


def step_labels(page) -> list[str]:
    return page.locator("#rec-steps .rec-step-label").all_inner_texts()


def test_on_a_phone_the_table_scrolled_to_is_not_under_the_site_header(phone, live_server):
    continued(phone, live_server, RETIRED, "it")
    phone.evaluate("window.scrollTo(0, document.getElementById('rec-seats').getBoundingClientRect().top + scrollY)")
    seats = phone.locator("#rec-seats").bounding_box()
    header = phone.locator(".site-header").bounding_box()
    assert header["y"] + header["height"] <= seats["y"] + 1  # the header went with the page, the seats in full view


def test_a_draw_asks_the_cards_of_who_draws_with_whose_step_in_view(phone, live_server):
    continued(phone, live_server, RETIRED, "it")
    assert phone.locator("#rec-chance").is_visible()
    # Cy, first of three to retire, took bronze: his seat says his medals in words
    facts = phone.locator("#rec-seats > li").nth(2).locator(".rec-seat-fact").all_inner_texts()
    assert [fact for fact in facts if fact.startswith("medaglie")] == ["medaglie: bronzo"]  # said once, not counted too
    # The row of cards is Cy's: the one who retired draws (the log's turn being written says so).
    assert phone.locator("#rec-chance .rec-hand-name").inner_text().split("\n")[0] == "Cy"
    # Whose step it is and what is asked stay reachable: the dock is never taller than the screen under the
    # header (before, its top sat above the screen where no scrolling reached it).
    assert phone.evaluate("(d => d.getBoundingClientRect().height <= innerHeight - "
                          "document.querySelector('.site-header').getBoundingClientRect().height + 1)"
                          "(document.getElementById('rec-dock'))")
    # nor than 60 % of the screen: the table above it stays in sight (670 px of 844 hid all but a strip of it)
    assert phone.evaluate("document.getElementById('rec-dock').getBoundingClientRect().height <= "
                          "0.6 * innerHeight + 1")
    phone.locator("#rec-status").scroll_into_view_if_needed()
    assert below_the_header(phone, "#rec-status")
    phone.locator("#rec-chance-parts input").fill("r6 r5 g8")
    press(phone.locator("#rec-chance-record"))
    settled(phone, 1)
    assert step_labels(phone) == ["Cy pesca R6 R5 G8"]
    assert below_the_header(phone, "#rec-status")


def test_a_card_typed_at_a_draw_is_refused_in_words_and_enter_records_the_draw(screen, live_server):
    continued(screen, live_server, RETIRED, "en")
    screen.fill("#rec-type", "k3")
    screen.locator("#rec-type").press("Enter")
    until(screen, "!document.getElementById('rec-problem-box').hidden")
    assert screen.locator("#rec-problem").inner_text() == (
        "This step is the table's, not a player's: enter above what the table saw, or that nobody saw it.")
    assert step_labels(screen) == []  # nothing recorded, nothing asked of the server
    screen.locator("#rec-chance-parts input").fill("r6 r5 g8")
    screen.locator("#rec-chance-parts input").press("Enter")
    settled(screen, 1)
    assert step_labels(screen) == ["Cy draws R6 R5 G8"]


def test_a_step_leading_to_a_draw_brings_whose_step_it_is_into_view(phone, live_server):
    before = json.loads(json.dumps(RETIRED))
    before["races"][0]["turns"].pop()  # Cy still to move
    continued(phone, live_server, before, "it")
    press(phone.locator("#rec-choices button", has_text="Cy si ritira"))
    settled(phone, 1)
    assert phone.locator("#rec-chance").is_visible()
    assert below_the_header(phone, "#rec-status") and below_the_header(phone, "#rec-chance-title")


def test_a_race_revealed_is_named_by_its_disciplines_titles(phone, live_server):
    continued(phone, live_server, {**RETIRED, "races": []})
    # The outcome the server offers, entered as it is, is named in words, never by the catalogue's ids.
    offered = phone.evaluate("RecordPlay.answer().choices[0].action")
    titles = {"house-higher": "House rule: higher", "house-lower": "House rule: lower",
              "house-same-colour": "House rule: same colour", "house-other-colour": "House rule: another colour",
              "house-own-climb": "House rule: beat yourself", "house-middle": "House rule: middle values",
              "house-higher-or-same-colour": "House rule: higher or same colour",
              "house-free": "House rule: anything goes", "ciclismo": "Ciclismo"}
    part = "#rec-chance-parts fieldset[data-key='{}'] select"
    phone.locator(part.format("postponed")).select_option(offered.get("postponed") or "")
    phone.locator(part.format("discipline")).select_option(offered["discipline"])
    press(phone.locator("#rec-chance-record"))
    settled(phone, 1)
    raced = f"{titles[offered['discipline']]} is raced"
    assert step_labels(phone) == [f"The first player postpones {titles[offered['postponed']]}; {raced}"
                                  if offered.get("postponed") else raced]
    # Another start, entered in its place: named in words too.
    press(phone.locator("#rec-undo"))
    settled(phone, 0)
    other = "house-free" if offered["discipline"] != "house-free" else "house-middle"
    phone.locator(part.format("postponed")).select_option("")
    phone.locator(part.format("discipline")).select_option(other)
    press(phone.locator("#rec-chance-record"))
    settled(phone, 1)
    assert step_labels(phone) == [f"{titles[other]} is raced"]


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_typed_entry_keeps_room_for_a_card_on_a_phone(phone, live_server, language):
    """Italian's "Annulla l'ultimo" once squeezed the box for a typed card to 68 px ("Scriv…")."""
    continued(phone, live_server, RETIRED, language)
    assert phone.evaluate("document.getElementById('rec-type').getBoundingClientRect().width") >= 150
    # Its hint, without the keys a phone has not, is read whole (the Italian one was cut at 390 px)
    hint = {"en": "Type a card", "it": "Scrivi una carta", "pl": "Wpisz kartę"}[language]
    assert phone.evaluate("(e => { const pen = document.createElement('canvas').getContext('2d'), "
                          "style = getComputedStyle(e); pen.font = style.font; return [e.placeholder, "
                          "pen.measureText(e.placeholder).width + parseFloat(style.paddingLeft) + "
                          "parseFloat(style.paddingRight) <= e.clientWidth]; })(document.getElementById('rec-type'))"
                          ) == [hint, True]
    until(phone, "[...document.querySelectorAll('#rec-entry button')].every(b => "
                 "b.getBoundingClientRect().right <= innerWidth)")
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_the_example_of_a_step_as_json_is_the_games_own(phone, live_server):
    """The JSON example once showed a David & Goliath card (``"card": "R5"``) in every game; a Dalmuti play
    is its cards. At the table's step (the deal) the example is its shape alone, no outcome drawn."""
    players = ["Anna", "Bruno", "Cy", "Dora"]
    continued(phone, live_server, {"game": "grande-dalmuti", "players": players,
                                   "options": {"settling_round": True}, "rounds": [{"tricks": []}]})
    example = phone.locator("#rec-other-example")
    assert json.loads(example.text_content()) == {"hands": {name: ["…"] for name in players}}
    press(phone.locator("#rec-unseen"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
    # Round 1 with the deal unseen: Anna, first in the seating, leads; a play is who and which cards.
    shown = json.loads(example.text_content())
    assert set(shown) == {"player", "cards"} and shown["player"] == "Anna"


def test_a_table_s_step_whose_outcome_the_log_fixes_is_its_own_example(phone, live_server):
    """An Olympi race starts by revealing the discipline deck's next card: where the log lists that deck, the
    step is no draw at random, and its example is the very step (the example once read {"discipline": ""})."""
    log = json.loads((ROOT / "sample_games" / "olympi" / "clean-2-players.json").read_text())
    continued(phone, live_server, {**{key: log[key] for key in log if key not in ("races", "scores", "winners",
                                                                                  "meta")}, "races": []})
    # the first card of its discipline deck
    assert json.loads(phone.locator("#rec-other-example").text_content()) == {"discipline": "Archery"}


def test_leaving_a_game_lists_it_dated_in_the_readers_language_with_the_keyboard_on_it(browser, live_server):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-US")
    page = watched_page(context)
    try:
        continued(page, live_server, RETIRED, "pl")
        page.locator("#rec-leave").click()
        draft = page.locator("#rec-draft-list li")
        assert draft.count() == 1
        # dd.mm.yyyy, as Polish writes a date, whatever the browser's own locale (en-US: 11/27/2026, 6:27 PM)
        assert re.search(r"zapisano \d{1,2}\.\d{2}\.\d{4}", draft.inner_text()), draft.inner_text()
        assert not re.search(r"\b[AP]M\b", draft.inner_text())
        title = draft.locator("strong").inner_text()
        for kind in ("resume", "discard"):  # each button says which game it is for
            said = page.locator(f"#rec-draft-list button[data-{kind}]").inner_text()
            assert page.get_by_role("button", name=f"{said} {title}", exact=True).count() == 1, (said, title)
        # the button pressed went away with the game: the keyboard is on the game just left
        assert page.evaluate("document.activeElement.dataset.resume") == page.evaluate(
            "document.querySelector('#rec-draft-list button[data-resume]').dataset.resume")
        page.keyboard.press("Enter")
        settled(page, 0)
        assert not page.locator("#rec-play").is_hidden()
        assert page.problems == [], page.problems
    finally:
        context.close()


def test_a_warning_opens_on_cancel_and_cancelled_by_escape_or_enter_gives_the_keyboard_back_to_the_typed_entry(
        browser, live_server):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = watched_page(context)
    try:
        # Race 1 under "House rule: higher" after Anna's Y3: Bruno's Y2 is lower, so it breaks the rule.
        log = json.loads(json.dumps(RETIRED))
        del log["races"][0]["turns"][1:]
        continued(page, live_server, log)
        for leave in ("Escape", "Enter", "Cancel"):
            page.locator("#rec-type").fill("y2")
            page.keyboard.press("Enter")
            until(page, "!document.getElementById('rec-warning').hidden")
            assert page.evaluate("document.activeElement.id") == "rec-cancel"  # a second Enter records nothing
            # Enter in the emptied entry while the warning stands: no "type a card first", the warning keeps
            page.locator("#rec-type").focus()
            page.keyboard.press("Enter")
            assert page.evaluate("document.activeElement.id") == "rec-cancel"
            assert page.locator("#rec-problem-box").is_hidden() and not page.locator("#rec-warning").is_hidden()
            if leave == "Cancel":
                page.locator("#rec-cancel").click()
            else:
                page.keyboard.press(leave)
            until(page, "document.getElementById('rec-warning').hidden")
            assert page.evaluate("document.activeElement.id") == "rec-type"
        assert page.evaluate("RecordPlay.current().steps.length") == 0
        assert page.problems == [], page.problems
    finally:
        context.close()


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "Captured: 1", "Captured: 2"), ("pl", "Profit: 1", "Profit: 2")])
def test_the_cards_a_seat_has_captured_are_counted_in_the_game_s_words(phone, live_server, language, one, two):
    """Trick 1 of HANDS is Andrea's B1, Ben's B4, Clara's B7: the lowest card (David) takes the highest, and
    the highest takes the rest, so Andrea has captured one card and Clara two. A seat's pile is said as its
    game names it (captures here; an Olympi seat's medals, a Dalmuti seat's cards played), never "won or put
    aside" whatever the game."""
    phone.goto(f"{live_server.url}/record?game=david-goliath&lang={language}")
    fill_players(phone, "david-goliath", ["Andrea", "Ben", "Clara"], "Clara")
    type_deal(phone, HANDS, ["Andrea", "Ben", "Clara"])
    start(phone)
    press(phone.locator("#rec-entry button[type=submit]"))  # nothing typed: said, not silence
    until(phone, "!document.getElementById('rec-problem-box').hidden")
    assert phone.evaluate("RecordPlay.current().steps.length") == 0
    for count, card in enumerate(["b1", "b4", "b7"], start=1):
        phone.fill("#rec-type", card)
        press(phone.locator("#rec-entry button[type=submit]"))
        settled(phone, count)
    facts = [seat.locator(".rec-seat-fact").all_inner_texts() for seat in phone.locator("#rec-seats > li").all()]
    assert facts == [[one], [], [two]]


def test_forgetting_a_kept_discipline_card_leaves_the_others_chosen_where_they_were(phone, live_server):
    phone.goto(f"{live_server.url}/record?game=olympi")
    press(phone.locator("#rec-table-cards summary"))
    for count, name in enumerate(("Nuoto", "Scherma", "Tuffi"), start=1):
        phone.fill("#rec-card-name", name)
        press(phone.locator("#rec-card-keep"))
        until(phone, f"document.querySelectorAll('#rec-kept-cards li').length === {count}")  # read back, then kept
    pickers = phone.locator("select[name=discipline]")
    pickers.nth(1).select_option(label="Scherma")
    pickers.nth(2).select_option(label="Tuffi")
    press(phone.locator("#rec-kept-cards li", has_text="Nuoto").locator("button[data-forget]"))
    assert phone.locator("#rec-kept-cards strong").all_inner_texts() == ["Scherma", "Tuffi"]
    chosen = [pickers.nth(index).evaluate("p => p.selectedOptions[0].textContent") for index in (1, 2)]
    assert chosen == ["Scherma", "Tuffi"]  # not shifted one card along the list
    phone.reload()  # the half-filled form is given back, the kept cards chosen where they were
    until(phone, "document.querySelectorAll('#rec-kept-cards li').length === 2")
    pickers = phone.locator("select[name=discipline]")
    assert [pickers.nth(index).evaluate("p => p.selectedOptions[0].textContent") for index in (1, 2)] == chosen
    fill_players(phone, "olympi", ["Anna", "Bruno"])
    start(phone)
    declared = phone.evaluate("RecordCore.logOf(RecordPlay.current()).disciplines")
    assert [entry["name"] for entry in declared[1:3]] == ["Scherma", "Tuffi"]


def test_a_discipline_card_s_range_is_checked_in_words_and_its_name_may_take_40_characters(phone, live_server):
    phone.goto(f"{live_server.url}/record?game=olympi")
    press(phone.locator("#rec-table-cards summary"))
    name = "Lancio del giavellotto con rincorsa lung"  # 40 characters, the most a name may have
    assert len(name) == 40
    phone.fill("#rec-card-name", name)
    rows = phone.locator("#rec-rule-rows li")
    if rows.count() == 0:
        press(phone.locator("#rec-rule-add"))
    rows.first.locator("select").first.select_option("sum_in")
    numbers = rows.first.locator("input[type=number]")
    numbers.nth(0).fill("10")
    numbers.nth(1).fill("18")
    said = phone.locator("#rec-rule-sentence")
    # one card is worth 1 to 9: no single card sums to 10 or more
    until(phone, "document.getElementById('rec-rule-sentence').textContent.startsWith('No play')")
    assert said.inner_text() == "No play of 1 card sums to between 10 and 18: it sums to 1 to 9."
    numbers.nth(1).fill("")
    until(phone, "document.getElementById('rec-rule-sentence').textContent.startsWith('Enter')")
    assert said.inner_text() == "Enter both numbers of the range."
    phone.select_option("#rec-card-per-play", "2")  # two cards sum to 2 to 18
    numbers.nth(1).fill("18")
    until(phone, "!document.getElementById('rec-rule-sentence').classList.contains('is-wrong')")
    press(phone.locator("#rec-card-keep"))
    until(phone, "document.querySelectorAll('#rec-kept-cards li').length === 1")
    assert phone.locator("#rec-kept-cards strong").inner_text() == name


def test_a_pass_changed_in_the_step_offered_is_ticked_not_typed(phone, live_server):
    """Round 1 of a Dalmuti session, its deal unseen, after Anna led the 1 (no set is lower): the step
    offered is Bruno's pass; what really happened is written into its parts, a yes or no as a box ticked
    (it once read "pass: true")."""
    players = ["Anna", "Bruno", "Cy", "Dora"]
    continued(phone, live_server, {"game": "grande-dalmuti", "players": players,
                                   "options": {"settling_round": True},
                                   "rounds": [{"tricks": [{"plays": [{"player": "Anna", "cards": ["1"]}]}]}]},
              "it")
    assert phone.evaluate("RecordPlay.answer().choices[0].action") == {"player": "Bruno", "pass": True}
    press(phone.locator("#rec-fill summary"))
    names = phone.locator("#rec-fields .rec-field-name").all_inner_texts()
    assert names == ["Giocatore", "Passa"]
    box = phone.locator("#rec-fields input[data-key='pass']")
    assert box.get_attribute("type") == "checkbox" and box.is_checked()
    press(phone.locator("#rec-fill-form button[type=submit]"))
    settled(phone, 1)
    assert phone.evaluate("RecordCore.logOf(RecordPlay.current()).rounds[0].tricks[0].plays[1]") == {
        "player": "Bruno", "pass": True}


def test_the_table_view_leaves_out_what_has_no_value_yet(phone, live_server):
    """Race 1 after Anna's first play: nobody has finished, so the race's medals are not listed with nothing
    after them; the race, its discipline by title and its rule are."""
    log = json.loads(json.dumps(RETIRED))
    del log["races"][0]["turns"][1:]
    continued(phone, live_server, log)
    press(phone.locator(".rec-more summary"))
    terms = phone.locator("#rec-facts dt").all_inner_texts()
    assert "medals of this race" not in terms
    assert {"race", "discipline", "rule"} <= set(terms)
    values = dict(zip(terms, phone.locator("#rec-facts dd").all_inner_texts(), strict=True))
    assert values["discipline"] == "House rule: higher" and "" not in values.values()


def test_a_log_that_cannot_be_continued_is_said_in_the_pages_language_with_where(phone, live_server):
    phone.goto(f"{live_server.url}/record?lang=pl")
    press(phone.locator("#rec-open summary"))
    problem = phone.locator("#rec-open-problem")
    # cut off after 34 characters: the reading stops just past them (the browser's own words are English)
    phone.fill("#rec-open-text", '{"game": "olympi", "players": ["A"')
    press(phone.locator("#rec-open-button"))
    until(phone, "!document.getElementById('rec-open-problem').hidden")
    assert problem.inner_text() == \
        "Tego zapisu nie da się kontynuować: To nie jest JSON: błąd w wierszu 1, znak 35."
    # refused by the server: each problem it lists, where and what, not only how many there are
    phone.fill("#rec-open-text", json.dumps({"game": "olympi", "players": ["A", "B"],
                                             "races": [{"discipline": "house-higher"}]}))
    press(phone.locator("#rec-open-button"))
    until(phone, "document.getElementById('rec-open-problem').textContent.includes('/races/0/turns')")
    assert "/disciplines: " in problem.inner_text()
    assert phone.problems and all("status of 422" in logged for logged in phone.problems), phone.problems
    phone.problems.clear()  # the browser logs the server's 422 answer; it is the point here


def test_a_step_entered_as_json_is_named_in_the_pages_words_not_the_logs_keys(browser, live_server):
    """Once "player: Zed; card: B1" on an Italian page, then "Zed gioca B1" and "Giocatore: Zed; Passa: sì": a step
    is named as the game's choices name it, even by someone not at the table ("Zed gioca blu 1", "Zed passa")."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = watched_page(context)
    try:
        page.goto(f"{live_server.url}/record?game=david-goliath&lang=it")
        fill_players(page, "david-goliath", ["Andrea", "Ben", "Clara"], "Clara")
        start(page)
        page.locator(".rec-other summary").click()
        page.fill("#rec-other-text", '{"player": "Zed", "card": "B1"}')
        page.locator("#rec-other-button").click()
        until(page, "!document.getElementById('rec-warning').hidden")
        assert page.locator("#rec-warning-text p").first.inner_text() == \
            "Secondo le regole, il passo «Zed gioca blu 1» dà:"
        page.locator("#rec-cancel").click()
        # Il Grande Dalmuti: a pass by someone not at the table
        continued(page, live_server, {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Cy", "Dora"],
                                      "options": {"settling_round": True},
                                      "rounds": [{"tricks": [{"plays": [{"player": "Anna", "cards": ["1"]}]}]}]},
                  "it")
        page.locator(".rec-other summary").click()
        page.fill("#rec-other-text", '{"player": "Zed", "pass": true}')
        page.locator("#rec-other-button").click()
        until(page, "!document.getElementById('rec-warning').hidden")
        assert page.locator("#rec-warning-text p").first.inner_text() == \
            "Secondo le regole, il passo «Zed passa» dà:"
        assert page.problems == [], page.problems
    finally:
        context.close()


def test_changing_a_draw_starts_from_the_cards_recorded(phone, live_server):
    """A draw recorded as R6 R5 G8 when it was R6 R5 G9: the step opened again holds the cards recorded, to
    correct one, not to enter them all again."""
    continued(phone, live_server, RETIRED)
    phone.locator("#rec-chance-parts input").fill("r6 r5 g8")
    press(phone.locator("#rec-chance-record"))
    settled(phone, 1)
    press(phone.locator("#rec-steps button[data-edit='0']"))
    until(phone, "!document.getElementById('rec-editing').hidden && "
                 "!document.getElementById('recorder').hasAttribute('aria-busy')")
    cards = phone.locator("#rec-chance-parts input")
    assert cards.input_value() == "R6 R5 G8" and phone.locator("#rec-chance .rec-count").inner_text() == "3/3"
    cards.fill("R6 R5 G9")
    press(phone.locator("#rec-chance-record"))
    until(phone, "document.getElementById('rec-editing').hidden && "
                 "!document.getElementById('recorder').hasAttribute('aria-busy')")
    assert phone.evaluate("RecordCore.logOf(RecordPlay.current()).races[0].turns[2].draw") == ["R6", "R5", "G9"]
    assert step_labels(phone) == ["Cy draws R6 R5 G9"]


def test_a_play_of_two_cards_is_tapped_card_by_card_from_the_deck_where_the_hand_is_unseen(phone, live_server):
    """Ciclismo: each play is two cards. Anna's hand is unseen, so hundreds of pairs may be hers, more than the
    steps offered: her R4 and Y7 are tapped one after the other into the entry, which keeps only that pair, and
    recorded."""
    continued(phone, live_server, {**RETIRED, "races": [{"discipline": "ciclismo", "turns": []}]})
    compose = phone.locator("#rec-compose")
    assert compose.is_visible() and compose.locator("button[data-card]").count() == 45  # the deck's cards
    press(compose.locator("button[data-card='R4']"))
    press(compose.locator("button[data-card='Y7']"))
    assert phone.locator("#rec-type").input_value() == "R4 Y7"
    press(phone.locator("#rec-entry button[type=submit]"))
    settled(phone, 1)
    assert recorded_log(phone)["races"][0]["turns"][0] == {"player": "Anna", "action": "play", "cards": ["R4", "Y7"]}


def test_plays_of_one_card_need_no_composing(phone, live_server):
    continued(phone, live_server, RETIRED)  # House rule: higher, one card a play (and Cy's draw first)
    press(phone.locator("#rec-unseen"))
    until(phone, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
    assert phone.locator("#rec-compose").is_hidden()


@pytest.mark.parametrize("language, words", [("en", ["pass", "P"]), ("it", ["pas", "p"]), ("pl", ["pass", "pas"])])
def test_a_pass_or_a_retirement_is_typed_by_a_word_of_its_own(phone, live_server, language, words):
    """The list offers a pass last, far below the cards; typed, "pass" once answered "Not a card: pass". The
    log's own word is understood on every page: "pass" on a Polish one, whose word is "pasuje"."""
    players = ["Anna", "Bruno", "Cy", "Dora"]
    continued(phone, live_server, {"game": "grande-dalmuti", "players": players,
                                   "options": {"settling_round": True},
                                   "rounds": [{"tricks": [{"plays": [{"player": "Anna", "cards": ["5"]}]}]}]},
              language)
    for count, word in enumerate(words, start=1):  # Bruno passes, then Cy
        phone.fill("#rec-type", word)
        phone.locator("#rec-type").press("Enter")
        settled(phone, count)
    plays = phone.evaluate("RecordCore.logOf(RecordPlay.current()).rounds[0].tricks[0].plays")
    assert plays[1:] == [{"player": "Bruno", "pass": True}, {"player": "Cy", "pass": True}]
    # a word of no step at all is still refused as no card
    phone.fill("#rec-type", "xyz")
    phone.locator("#rec-type").press("Enter")
    until(phone, "!document.getElementById('rec-problem-box').hidden")
    assert "xyz" in phone.locator("#rec-problem").inner_text()


def test_a_retirement_is_offered_before_the_cards_where_it_is_seen(phone, live_server):
    """Hands unseen, Bruno may play any of 45 cards: his retirement came last, 938 px down a list scrolled
    inside the dock."""
    disciplines = ["house-higher", "house-lower", "house-same-colour", "house-other-colour", "house-own-climb",
                   "house-middle", "house-higher-or-same-colour", "house-free", "ciclismo"]
    log = {"game": "olympi", "players": ["Anna", "Bruno", "Cy"], "disciplines": disciplines,
           "races": [{"discipline": "house-free", "turns": [{"player": "Anna", "action": "play", "cards": ["Y3"]}]}]}
    continued(phone, live_server, log)
    first = phone.locator("#rec-choices button[data-choice]").first
    assert first.inner_text() == "Bruno retires" and first.is_visible()
    assert in_view(phone, "#rec-choices button[data-choice]")


def test_a_step_whose_fault_a_later_play_proves_is_marked_then(screen, live_server):
    """No deal seen: at trick 10 Clara plays yellow 12 on a green lead, legal as far as anyone knows; at trick
    12 she plays green 11, which nobody had played, so she held it at trick 10 and had to follow. From then
    on her step at trick 10 is marked as breaking a rule, with its finding, as the board marks it."""
    log = json.loads((ROOT / "sample_games" / "david-goliath" / "illegal-revoke-no-hands.json").read_text())
    continued(screen, live_server, {key: log[key] for key in ("game", "players", "dealer")} | {
        "tricks": log["tricks"][:9]})
    plays = ["g4", "p10", "y12", "g1", "b6", "g5", "g10", "y1", "r6", "r9"]
    for count, card in enumerate(plays, start=1):
        screen.fill("#rec-type", card)
        screen.locator("#rec-type").press("Enter")
        settled(screen, count)
    steps = screen.locator("#rec-steps .rec-step")
    assert steps.nth(2).inner_text().startswith("3.") and "Clara plays yellow 12" in steps.nth(2).inner_text()
    assert screen.locator("#rec-steps .rec-step.is-illegal").count() == 0
    screen.fill("#rec-type", "g11")
    screen.locator("#rec-type").press("Enter")
    settled(screen, len(plays) + 1)
    assert [index for index in range(len(plays) + 1) if "is-illegal" in steps.nth(index).get_attribute("class")] == [2]
    assert steps.nth(2).locator(".rec-step-findings").inner_text() == "1 finding"


def test_a_score_claimed_wrong_on_the_sheet_is_said_as_it_is_typed(screen, live_server):
    """The game recorded to its end, the sheet filled: a score written wrong is a finding at once, while the
    table is still there to look again, not once the game is stored; written right, it is gone."""
    log = json.loads((ROOT / "sample_games" / "david-goliath" / "legal-3-players.json").read_text())
    scores = log.pop("scores")
    log.pop("winners", None)
    continued(screen, live_server, log)
    assert screen.evaluate("RecordPlay.answer().over")
    # nothing is left to type or record; a step may still be undone
    assert screen.locator("#rec-type").is_hidden() and screen.locator("#rec-record").is_hidden()
    assert screen.locator("#rec-undo").is_visible()
    ben = log["players"].index("Ben")
    screen.fill(f"#rec-claim-{ben}", str(scores["Ben"] + 10))
    until(screen, "[...document.querySelectorAll('#rec-findings .finding-code')].some(c => c.textContent === "
                  "'score-mismatch')")
    assert screen.locator("#rec-status").inner_text().endswith("Rules broken so far: 1.")
    assert recorded_log(screen).get("scores") is None  # the draft's log is as recorded: the claims are the sheet's
    screen.fill(f"#rec-claim-{ben}", str(scores["Ben"]))
    until(screen, "document.querySelectorAll('#rec-findings .finding-error').length === 0")


def test_the_keyboard_is_taken_to_the_place_to_act_a_table_s_step_the_next_card_the_score_sheet(browser, live_server):
    """At 1366×900 the focus goes where the next thing is entered: what the table saw at a draw (typed cards are
    refused there), the typed entry while a step tapped is being checked (the steps offered are drawn anew), and
    the score sheet once the last card is played."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        keyboard_to_the_place_to_act(watched_page(context), live_server)
    finally:
        context.close()


def keyboard_to_the_place_to_act(screen, live_server) -> None:
    continued(screen, live_server, RETIRED)
    assert screen.evaluate("document.activeElement === document.querySelector('#rec-chance-parts input')")

    log = json.loads((ROOT / "sample_games" / "david-goliath" / "legal-3-players.json").read_text())
    for key in ("scores", "winners"):
        log.pop(key)
    last = log["tricks"][-1]
    last.pop("captures")
    clara = last["plays"].pop()  # Clara's P9 ends the game
    before = last["plays"].pop()  # Ben's B5, offered as a step to tap
    continued(screen, live_server, log)
    held_back = []  # the step's answer, until the focus is looked at

    def hold(route) -> None:
        return held_back.append(route) if held_back is not None else route.continue_()

    screen.route("**/choices*", hold)
    screen.locator("#rec-choices button", has_text="B5").focus()  # Ben's only card: his cards are the steps
    screen.keyboard.press("Enter")
    until(screen, "document.getElementById('recorder').getAttribute('aria-busy') === 'true'")
    assert screen.evaluate("document.activeElement.id") == "rec-type", "the keyboard keeps a place while it waits"
    waiting, held_back = held_back, None
    for route in waiting:
        route.continue_()
    settled(screen, 1)
    assert recorded_log(screen)["tricks"][-1]["plays"][-1] == before
    screen.keyboard.type(clara["card"].lower())
    screen.keyboard.press("Enter")
    settled(screen, 2)
    assert screen.evaluate("RecordPlay.answer().over")
    assert screen.evaluate("document.activeElement.id") == "rec-claim-0", "the score sheet is next"
    for name in log["players"]:  # each box says whose it is
        assert screen.get_by_role("checkbox", name=f"{name} winner", exact=True).count() == 1


def test_a_deal_s_card_grid_is_one_tab_stop_walked_with_the_arrows(browser, live_server):
    """D&G's grid was 45 Tab stops. It is one, on the card last used (else the first left); the arrows walk it,
    a row by ← and →, the rows by ↑ and ↓, Home and End to the ends; Enter gives the card to the seat chosen
    and, its only copy used, the keyboard goes on to the next card."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = watched_page(context)
    try:
        page.goto(live_server.url + "/record?game=david-goliath")
        fill_players(page, "david-goliath", ["Andrea", "Ben", "Clara"], "Clara")
        press(page.locator("#rec-deal summary"))
        page.locator("#rec-hand-2").focus()  # Clara's hand is the one a card goes to
        on = "document.activeElement.dataset.card"
        page.keyboard.press("Tab")
        assert page.evaluate(on) == "B1"
        assert page.locator("#rec-deal-grid button[tabindex='0']").count() == 1
        for key, card in (("ArrowRight", "B2"), ("ArrowDown", "Y2"), ("ArrowDown", "G2"), ("ArrowLeft", "G1"),
                          ("ArrowUp", "Y1"), ("End", "P9"), ("Home", "B1"), ("ArrowLeft", "B1")):
            page.keyboard.press(key)
            assert page.evaluate(on) == card, key
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")  # B2 to Clara: its only copy
        assert page.locator("#rec-hand-2").input_value() == "B2"
        assert page.evaluate(on) == "B3" and page.locator("#rec-deal-grid button[data-card='B2']").is_disabled()
        page.keyboard.press("ArrowLeft")  # past B2, used up
        assert page.evaluate(on) == "B1"
        page.keyboard.press("Tab")  # out of the grid at once
        assert page.evaluate(on) is None
        page.keyboard.press("Shift+Tab")  # and back onto the card last moved to
        assert page.evaluate(on) == "B1"
        assert page.problems == [], page.problems
    finally:
        context.close()


def test_the_steps_offered_are_one_tab_stop_walked_with_the_arrows(browser, live_server):
    """A hand unseen offers every card left (45 at D&G's first lead): they were 45 Tab stops before the typed
    entry. They are one; the arrows, Home and End walk them, and Enter records the one reached."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = watched_page(context)
    try:
        log = json.loads((ROOT / "sample_games" / "david-goliath" / "legal-3-players.json").read_text())
        for key in ("scores", "winners", "hands"):
            log.pop(key)
        log["tricks"] = log["tricks"][:1]
        continued(page, live_server, log)
        offered = page.locator("#rec-choices button:not([hidden])")
        assert offered.count() > 10 and page.locator("#rec-choices button[tabindex='0']").count() == 1
        assert page.evaluate("document.activeElement.id") == "rec-type"
        page.keyboard.press("Shift+Tab")  # from the typed entry onto the steps offered, at once
        first = offered.first.evaluate("button => button === document.activeElement")
        assert first, page.evaluate("document.activeElement.outerHTML")
        page.keyboard.press("End")
        assert offered.last.evaluate("button => button === document.activeElement")
        page.keyboard.press("ArrowLeft")
        chosen = offered.nth(offered.count() - 2)
        assert chosen.evaluate("button => button === document.activeElement")
        page.keyboard.press("Shift+Tab")  # out of them with one key, and back onto the one moved to
        page.keyboard.press("Tab")
        assert chosen.evaluate("button => button === document.activeElement")
        label = page.evaluate("RecordPlay.answer().choices[Number(document.activeElement.dataset.choice)].label")
        page.keyboard.press("Enter")
        settled(page, 1)
        assert page.evaluate("RecordPlay.current().steps[0].label") == label
        assert page.problems == [], page.problems
    finally:
        context.close()

"""Browser tests of the recorder as a person at a real table meets it (issue 30, items 1–6 and 8), each on a
390 px phone and at 1366×900: the table's steps asked as the table saw them, never drawn at random; the
place to act in view; a bad deal explained before the game starts; Undo bringing a deleted step back; the
hints one a line and the unfinished game's warnings left out; the setup's fields only where they belong,
in words; D&G with no dealer asking who leads; an illegal card tappable when the hand is known.
"""

from __future__ import annotations

import json

import pytest

from replaykit import registry
from tests.conftest import until
from tests.record_helpers import (
    HANDS,
    fill_players,
    in_view,
    next_step,
    no_sideways_scroll,
    press,
    recorded_log,
    settled,
    start,
    type_deal,
)

pytestmark = pytest.mark.browser
PLAYERS = ["Andrea", "Ben", "Clara"]


def begin(page, live_server, dealer: str | None = "Clara", hands: dict | None = HANDS) -> None:
    page.goto(live_server.url + "/record?game=david-goliath")
    fill_players(page, "david-goliath", PLAYERS, dealer)
    if hands:
        type_deal(page, hands, PLAYERS)
    start(page)


def typed(page, entry: str, steps: int) -> None:
    page.fill("#rec-type", entry)
    page.locator("#rec-type").press("Enter")
    settled(page, steps)


def test_olympi_chance_steps_ask_what_the_table_saw_and_record_only_what_was_entered(screen, live_server):
    target = registry.engines()["olympi"].simulate(3, 8, no_claims=True)
    screen.goto(live_server.url + "/record?game=olympi")
    fill_players(screen, "olympi", target["players"], target.get("first_player"))
    type_deal(screen, target["hands"], target["players"])
    press(screen.locator("#rec-disciplines details summary"))
    screen.fill("#rec-declared", json.dumps(target["disciplines"]))
    start(screen)
    # Race 1's discipline: no outcome to tap, a picker of the disciplines by name, nothing chosen yet.
    assert screen.locator("#rec-choices button").count() == 0 and screen.locator("#rec-chance").is_visible()
    legends = screen.locator("#rec-chance-parts legend").all_inner_texts()
    assert legends == ["Revealed first and postponed (if it was)", "The discipline raced"]
    raced = screen.locator("#rec-chance-parts fieldset[data-key='discipline'] select")
    names = [entry["name"] for entry in target["disciplines"]]
    assert raced.input_value() == "" and raced.locator("option").all_inner_texts()[1:] == names
    press(screen.locator("#rec-chance-record"))
    until(screen, "!document.getElementById('rec-problem-box').hidden")
    assert "Choose" in screen.locator("#rec-problem").inner_text()
    assert screen.evaluate("RecordPlay.current().steps.length") == 0, "nothing recorded that nobody entered"
    first = target["races"][0]
    postponed = screen.locator("#rec-chance-parts fieldset[data-key='postponed'] select")
    postponed.select_option(first.get("postponed") or "")
    raced.select_option(first["discipline"])
    press(screen.locator("#rec-chance-record"))
    settled(screen, 1)
    assert recorded_log(screen)["races"][0]["discipline"] == first["discipline"]
    # On to the first draw: its cards tapped in the grid, the count filling as they are.
    steps = 1
    while True:
        settled(screen, steps)
        answer = screen.evaluate("RecordPlay.answer()")
        if answer["chance"] and "draw" in answer["choices"][0]["action"]:
            break
        steps = next_step(screen, target, steps)
    size = len(answer["choices"][0]["action"]["draw"])
    assert screen.locator("#rec-chance .rec-count").inner_text() == f"0/{size}"
    press(screen.locator("#rec-chance-record"))  # no card entered: nothing is recorded
    until(screen, "!document.getElementById('rec-problem-box').hidden")
    assert "nobody saw" in screen.locator("#rec-problem").inner_text()
    assert screen.evaluate("RecordPlay.current().steps.length") == steps
    no_sideways_scroll(screen)
    press(screen.locator("#rec-chance button[data-card='K9']"))
    assert screen.locator("#rec-chance .rec-count").inner_text() == f"1/{size}"
    # Nobody saw the rest: left unseen, nothing of the draw is in the log.
    press(screen.locator("#rec-unseen"))
    until(screen, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
    assert "draw" not in json.dumps(recorded_log(screen)["races"])


def test_the_place_to_act_is_brought_into_view(screen, live_server):
    begin(screen, live_server)
    assert in_view(screen, "#rec-status") and in_view(screen, "#rec-choices button")
    # with a keyboard, the entry's hint names its keys; on a phone, only what to type
    hint = "Type a card" if screen.viewport_size["width"] < 400 else "Type a card, Enter · Backspace undoes"
    assert screen.locator("#rec-type").get_attribute("placeholder") == hint
    for count, card in enumerate(["b1", "b4", "b7"], start=1):
        typed(screen, card, count)
    for count in range(4, 13):  # on through trick 4: more steps than their list shows at once
        press(screen.locator("#rec-choices button[data-choice='0']"))
        settled(screen, count)
    assert screen.evaluate("(l => { const a = l.getBoundingClientRect(), b = l.lastElementChild."
                           "getBoundingClientRect(); return b.top >= a.top && b.bottom <= a.bottom + 1; })"
                           "(document.getElementById('rec-steps'))"), "the latest step is in view in the list"
    screen.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    press(screen.locator("#rec-steps li").nth(1).locator("button[data-edit]"))
    until(screen, "!document.getElementById('rec-editing').hidden && "
                  "!document.getElementById('recorder').hasAttribute('aria-busy')")
    assert in_view(screen, "#rec-editing")
    # The steps are numbered; the latest is in view in its list.
    assert screen.locator("#rec-steps .rec-step-number").all_inner_texts()[:2] == ["1.", "2."]


def test_a_hand_that_holds_its_cards_takes_no_tap_and_says_why(screen, live_server):
    screen.goto(live_server.url + "/record?game=david-goliath")
    fill_players(screen, "david-goliath", PLAYERS, "Clara")
    press(screen.locator("#rec-deal summary"))
    screen.fill("#rec-hand-0", "b1 b2 b3 b4 b5 b6 b7 b8 b9 y1 y2 y3 y4 y5 y6")  # Andrea's 15 of 45
    screen.locator("#rec-hand-0").focus()
    press(screen.locator("#rec-deal-grid button[data-card='G1']"))
    assert screen.locator("#rec-deal-entry .rec-count").all_inner_texts() == ["15/15", "0/15", "0/15"]
    assert screen.locator("#rec-deal-entry .rec-grid-note").inner_text() == (
        "Andrea holds 15 cards already: clear one to enter another.")
    screen.locator("#rec-hand-1").focus()
    press(screen.locator("#rec-deal-grid button[data-card='G1']"))
    assert screen.locator("#rec-deal-entry .rec-count").all_inner_texts() == ["15/15", "1/15", "0/15"]
    assert screen.locator("#rec-deal-entry .rec-grid-note").is_hidden()


def test_a_bad_deal_is_explained_before_the_game_starts_and_may_still_be_recorded(screen, live_server):
    screen.goto(live_server.url + "/record?game=david-goliath")
    fill_players(screen, "david-goliath", PLAYERS, "Clara")
    press(screen.locator("#rec-deal summary"))
    # the example is two cards of this deck: three players' values run to 9, blue first, yellow second
    assert screen.locator("#rec-deal-example").inner_text() == "b9 y3"
    screen.locator("#rec-hand-0").focus()
    press(screen.locator("#rec-deal-grid button[data-card='B1']"))
    # A card dealt is greyed (there is one of each), and the seat counts its cards.
    assert screen.locator("#rec-deal-grid button[data-card='B1']").is_disabled()
    assert screen.locator("#rec-deal-entry .rec-count").all_inner_texts() == ["1/15", "0/15", "0/15"]
    screen.fill("#rec-hand-1", "b1 b2")  # B1 again, typed; Clara's seat left empty
    press(screen.locator(".rec-start-button"))
    # A hand nobody entered is no hand dealt empty: the log records a deal whole, or leaves it out
    until(screen, "!document.getElementById('rec-setup-problem').hidden")
    assert screen.locator("#rec-setup-problem").inner_text() == (
        "A deal is recorded whole: enter the cards of Clara too, or leave every hand empty when nobody saw the deal.")
    assert screen.locator("#rec-deal-doubts").is_hidden() and screen.locator("#rec-play").is_hidden()
    # words that are no card, in two hands, said with the rest at once (they were said one hand at a time)
    screen.fill("#rec-hand-2", "g1 zz")
    screen.fill("#rec-hand-0", "B1 xx")
    press(screen.locator(".rec-start-button"))
    until(screen, "document.getElementById('rec-setup-problem').textContent.includes('zz')")
    assert screen.locator("#rec-setup-problem").inner_text() == (
        "Andrea's hand: Not a card: xx. Clara's hand: Not a card: zz. B1 is entered 2 times; the deck holds it "
        "once. Andrea holds 1 card of 15. Ben holds 2 cards of 15. Clara holds 1 card of 15.")
    screen.fill("#rec-hand-0", "B1")
    screen.fill("#rec-hand-2", "g1")
    press(screen.locator(".rec-start-button"))
    until(screen, "!document.getElementById('rec-deal-doubts').hidden")
    said = screen.locator("#rec-deal-doubt-list li").all_inner_texts()
    assert said == ["B1 is entered 2 times; the deck holds it once.", "Andrea holds 1 card of 15.",
                    "Ben holds 2 cards of 15.", "Clara holds 1 card of 15."]
    assert screen.locator("#rec-play").is_hidden() and in_view(screen, "#rec-deal-anyway")
    press(screen.locator("#rec-deal-anyway"))
    until(screen, "!document.getElementById('rec-play').hidden")
    settled(screen, 0)
    assert recorded_log(screen)["hands"] == {"Andrea": ["B1"], "Ben": ["B1", "B2"], "Clara": ["G1"]}
    codes = screen.locator("#rec-findings .finding-error .finding-code").all_inner_texts()
    assert "duplicate-card" in codes and "hand-size" in codes


def test_undo_brings_a_deleted_step_back_and_then_takes_back_the_newest(screen, live_server):
    begin(screen, live_server)
    for count, card in enumerate(["b1", "b4", "b7"], start=1):
        typed(screen, card, count)
    press(screen.locator("#rec-steps li").nth(0).locator("button[data-delete]"))
    settled(screen, 2)
    press(screen.locator("#rec-undo"))
    settled(screen, 3)
    assert [play["card"] for play in recorded_log(screen)["tricks"][0]["plays"]] == ["B1", "B4", "B7"]
    assert screen.locator("#rec-findings .finding-error").count() == 0
    press(screen.locator("#rec-choices button[data-choice='0']"))
    settled(screen, 4)
    press(screen.locator("#rec-undo"))
    settled(screen, 3)
    assert [play["card"] for play in recorded_log(screen)["tricks"][0]["plays"]] == ["B1", "B4", "B7"]
    assert len(recorded_log(screen)["tricks"]) == 1


def test_on_a_phone_what_is_amiss_with_a_deal_is_shown_where_it_is_seen(phone, live_server):
    """At 390 px the deal's pickers make the dock scroll inside: its message, at the dock's top, once sat
    scrolled away above the button pressed (y -67 to 22), and nothing seemed to happen."""
    phone.goto(live_server.url + "/record?game=grande-dalmuti")
    fill_players(phone, "grande-dalmuti", ["Anna", "Bruno", "Chiara", "Dario"])
    start(phone)
    phone.fill("#rec-chance-hands-0", "10 10 j j")
    press(phone.locator("#rec-chance-record"))
    until(phone, "document.getElementById('rec-problem').textContent.startsWith('A deal')")
    assert in_view(phone, "#rec-problem-box")


def test_hints_are_one_a_line_and_an_unfinished_games_warnings_are_left_out(screen, live_server):
    # Dalmuti with no deal written: a play's conditions are many ("only if … was dealt both Jesters").
    screen.goto(live_server.url + "/record?game=grande-dalmuti")
    fill_players(screen, "grande-dalmuti", ["Anna", "Bruno", "Chiara", "Dario"])
    start(screen)
    # The deal asked seat by seat: four players play without the 12s and 11s (57 cards: 15/14/14/14, rule 4),
    # a value the deck holds n times counts down as it is dealt (ten 10s, two Jesters). Nobody saw this deal,
    # so it is left unseen.
    grid = screen.locator("#rec-chance button[data-card]")
    assert grid.evaluate_all("buttons => buttons.map(b => b.dataset.card)") == [*map(str, range(1, 11)), "J"]
    screen.fill("#rec-chance-hands-0", "10 10 j j")
    assert screen.locator("#rec-chance button[data-card='10']").get_attribute("data-left") == "8"
    assert screen.locator("#rec-chance button[data-card='J']").is_disabled()
    assert screen.locator("#rec-chance .rec-count").all_inner_texts() == ["4/15", "0/14", "0/14", "0/14"]
    screen.fill("#rec-chance-hands-1", "11")  # no 11 in this deck: said, and nothing recorded
    press(screen.locator("#rec-chance-record"))
    until(screen, "!document.getElementById('rec-problem-box').hidden")
    assert screen.locator("#rec-problem").inner_text() == "Bruno: not a card: 11."
    assert screen.evaluate("RecordPlay.current().steps.length") == 0
    # Anna's hand alone: the others' are not recorded as dealt nothing (the log writes a deal whole)
    screen.fill("#rec-chance-hands-1", "")
    press(screen.locator("#rec-chance-record"))
    until(screen, "document.getElementById('rec-problem').textContent.startsWith('A deal')")
    assert screen.locator("#rec-problem").inner_text() == (
        "A deal is recorded whole: enter the cards of Bruno, Chiara, Dario too, or say that nobody saw the deal.")
    assert screen.evaluate("RecordPlay.current().steps.length") == 0
    press(screen.locator("#rec-unseen"))
    until(screen, "RecordPlay.answer() && RecordPlay.answer().left_unseen")
    hints = screen.evaluate("[...new Set(RecordPlay.answer().choices.map(c => c.hint).filter(Boolean))]")
    lines = screen.locator("#rec-hint li").all_inner_texts()
    # the unknown-hands line, then each hint on a line of its own, read as a sentence (a capital first)
    assert len(hints) > 1 and lines[1:] == [hint[:1].upper() + hint[1:] for hint in hints]
    # each choice a hint concerns is described by that hint's line
    described = screen.evaluate("[...document.querySelectorAll('#rec-choices button[data-choice]')].map(b => "
                                "[RecordPlay.answer().choices[+b.dataset.choice].hint || null, "
                                "(document.getElementById(b.getAttribute('aria-describedby')) || {}).textContent "
                                "|| null])")
    assert any(hint for hint, _line in described) and all(hint == line for hint, line in described)
    # The warnings every unfinished game has are not shown while recording.
    assert screen.locator("#rec-findings-panel").is_hidden()
    begin(screen, live_server)
    typed(screen, "b1", 1)
    assert screen.locator("#rec-findings-panel").is_hidden()
    # An illegal card, tapped (the hand is known), is recorded as played after the warning: "1 finding".
    press(screen.locator("#rec-choices button[data-illegal='R4']"))
    screen.wait_for_selector("#rec-warning:not([hidden])")
    press(screen.locator("#rec-as-played"))
    settled(screen, 2)
    assert recorded_log(screen)["tricks"][0]["plays"][1] == {"player": "Ben", "card": "R4"}
    assert screen.locator("#rec-steps li").nth(1).locator(".rec-step-findings").inner_text() == "1 finding"
    assert screen.locator("#rec-findings .finding-code").all_inner_texts() == ["must-follow-suit"]


def test_the_setup_shows_each_games_own_fields_in_words(screen, live_server):
    screen.goto(live_server.url + "/record")
    for game, first, match in (("grande-dalmuti", False, False), ("olympi", True, False),
                               ("david-goliath", True, True)):
        screen.locator(f"input[name=game][value='{game}']").check()
        assert screen.locator("#rec-match").is_visible() is match, game
        assert screen.locator("#rec-first").is_visible() is first, game
        unlabelled = screen.evaluate("[...document.querySelectorAll('#rec-setup select')].filter(s => "
                                     "s.offsetParent && !s.labels.length && !s.getAttribute('aria-label')).length")
        assert unlabelled == 0, game
        text = screen.locator("#rec-setup").inner_text()
        assert "full_deck" not in text and "settling_round" not in text
    marker = screen.evaluate("getComputedStyle(document.querySelector('#rec-deal summary'), '::before').content")
    assert marker == '"▸"'


def test_david_and_goliath_with_no_dealer_asks_who_leads_and_takes_a_typed_name(screen, live_server):
    begin(screen, live_server, dealer=None, hands=None)
    assert screen.locator("#rec-choices button:visible").count() == 3, "who leads, not every player's every card"
    press(screen.locator("#rec-choices button[data-who='Clara']"))
    assert screen.locator("#rec-choices button[data-choice]:visible").count() == 5 * 9
    typed(screen, "cl b7", 1)
    assert recorded_log(screen)["tricks"][0]["plays"] == [{"player": "Clara", "card": "B7"}]
    # No title typed: the log is stored under the game, its players and the day.
    title = screen.evaluate("RecordSession.finalLog().meta.title")
    assert title.startswith("David & Goliath · Andrea, Ben, Clara · ")
    press(screen.locator("#rec-leave"))
    assert in_view(screen, "#rec-drafts")


def test_an_olympi_table_composes_its_discipline_card_reads_it_back_and_keeps_it(screen, live_server):
    screen.goto(live_server.url + "/record?game=olympi")
    fill_players(screen, "olympi", ["Ann", "Bruno", "Chiara"])
    press(screen.locator("#rec-table-cards summary"))
    screen.fill("#rec-card-name", "Ciclismo")
    screen.select_option("#rec-card-per-play", "2")
    row = screen.locator("#rec-rule-rows li").first
    row.locator("select").first.select_option("sum")
    row.locator(".rec-rule-parts select").first.select_option(">=")
    # Read back in the validator's own sentence for that rule (olympi_replay.disciplines.sentence).
    until(screen, "document.getElementById('rec-rule-sentence').textContent.startsWith('Play two cards with a "
                  "total value at least')")
    # Two conditions, either of which makes a play legal: a second one added, the sentence says "either … or".
    press(screen.locator("#rec-rule-add"))
    screen.select_option("#rec-rule-join", "any_of")
    screen.locator("#rec-rule-rows li").nth(1).locator("select").first.select_option("value_in")
    until(screen, "document.getElementById('rec-rule-sentence').textContent.includes('either')")
    press(screen.locator("#rec-card-keep"))
    until(screen, "document.querySelectorAll('#rec-kept-cards li').length === 1")  # once the validator reads it
    assert screen.locator("#rec-kept-cards li strong").all_inner_texts() == ["Ciclismo"]
    # Kept for the table's next games: after a reload it is offered in the discipline pickers.
    screen.reload()
    screen.locator("input[name=game][value='olympi']").check()
    fill_players(screen, "olympi", ["Ann", "Bruno", "Chiara"])
    # the table's card, in its own group: not the catalogue's Ciclismo
    kept = screen.locator("select[name=discipline]").first.locator("optgroup option")
    assert kept.all_inner_texts() == ["Ciclismo"]
    screen.locator("select[name=discipline]").first.select_option(kept.get_attribute("value"))
    no_sideways_scroll(screen)
    start(screen)
    assert recorded_log(screen)["disciplines"][0] == {
        "name": "Ciclismo", "cards_per_play": 2,
        "rule": {"any_of": [{"sum": ">=", "than": "previous"}, {"value_in": [1, 9]}]}}


def kept_names(page) -> list[str]:
    return page.locator("#rec-kept-cards li strong").all_inner_texts()


def keep_cards(page, names: list[str]) -> None:
    press(page.locator("#rec-table-cards summary"))
    for count, name in enumerate(names, start=1):
        page.fill("#rec-card-name", name)
        press(page.locator("#rec-card-keep"))
        until(page, f"document.querySelectorAll('#rec-kept-cards li').length === {count}")


def test_a_discipline_card_forgotten_by_mistake_is_brought_back_where_it_was(screen, live_server):
    screen.goto(live_server.url + "/record?game=olympi")
    keep_cards(screen, ["Salto", "Corsa"])
    first, fifth = (screen.locator("select[name=discipline]").nth(index) for index in (0, 4))
    for picker in (first, fifth):
        picker.select_option("table:Salto")
    press(screen.locator("#rec-kept-cards li [data-forget]").first)
    assert kept_names(screen) == ["Corsa"]
    assert screen.locator("#rec-forgotten").inner_text().startswith("“Salto” is forgotten.")
    assert first.input_value() != "table:Salto"
    press(screen.locator("#rec-forgotten-undo"))
    assert kept_names(screen) == ["Salto", "Corsa"]
    assert screen.locator("#rec-forgotten").is_hidden()
    # the disciplines it was picked for have it again
    assert first.input_value() == fifth.input_value() == "table:Salto"
    assert [card["name"] for card in screen.evaluate(
        "JSON.parse(localStorage.getItem('card-replay.disciplines.v1'))")] == ["Salto", "Corsa"]


def test_a_kept_card_changed_and_renamed_is_replaced_in_its_place_and_where_it_was_picked(screen, live_server):
    screen.goto(live_server.url + "/record?game=olympi")
    keep_cards(screen, ["Salto", "Corsa"])
    picker = screen.locator("select[name=discipline]").nth(2)
    picker.select_option("table:Salto")
    press(screen.locator("#rec-kept-cards li [data-change]").first)
    screen.fill("#rec-card-name", "Salto in alto")
    press(screen.locator("#rec-card-keep"))
    until(screen, "[...document.querySelectorAll('#rec-kept-cards li strong')].some(n => n.textContent === "
                  "'Salto in alto')")
    assert kept_names(screen) == ["Salto in alto", "Corsa"]
    assert picker.input_value() == "table:Salto in alto"


@pytest.mark.parametrize(("language", "legends", "button"), [
    ("it", ["Rivelata per prima e posticipata (se lo è stata)", "La disciplina della gara"],
     "Registra ciò che il tavolo ha visto"),
    ("pl", ["Odkryta najpierw i odłożona (jeśli była)", "Rozgrywana dyscyplina"], "Zapisz to, co widział stół")])
def test_the_table_steps_and_the_deals_doubts_speak_italian_and_polish(phone, live_server, language, legends, button):
    target = registry.engines()["olympi"].simulate(3, 8, no_claims=True)
    phone.goto(live_server.url + f"/record?game=olympi&lang={language}")
    fill_players(phone, "olympi", target["players"], target.get("first_player"))
    third = target["players"][2]
    hands = {**target["hands"], third: target["hands"][third][:1]}  # the third seat dealt one card: doubted
    type_deal(phone, hands, target["players"])
    press(phone.locator("#rec-disciplines details summary"))
    phone.fill("#rec-declared", json.dumps(target["disciplines"]))
    press(phone.locator(".rec-start-button"))
    until(phone, "!document.getElementById('rec-deal-doubts').hidden")
    short = {"it": f"{third} ha 1 carta su 6.", "pl": f"{third} ma 1 kartę z 6."}
    assert phone.locator("#rec-deal-doubt-list li").all_inner_texts() == [short[language]]
    press(phone.locator("#rec-deal-anyway"))
    until(phone, "!document.getElementById('rec-play').hidden")
    settled(phone, 0)
    assert phone.locator("#rec-chance-parts legend").all_inner_texts() == legends
    assert phone.locator("#rec-chance-record").inner_text() == button


def test_a_half_filled_setup_outlives_a_reload_and_is_forgotten_once_the_game_starts(screen, live_server):
    screen.goto(live_server.url + "/record?game=david-goliath")
    fill_players(screen, "david-goliath", PLAYERS, "Clara")
    screen.fill("#rec-game-title", "Friday at the club")
    press(screen.locator("#rec-deal summary"))
    screen.locator("#rec-hand-0").focus()
    press(screen.locator("#rec-deal-grid button[data-card='B1']"))  # tapped
    press(screen.locator("#rec-deal-grid button[data-card='Y3']"))
    screen.fill("#rec-hand-1", "g2 r4")  # typed
    screen.reload()
    until(screen, "document.querySelectorAll('#rec-players input').length === 3")
    assert [screen.locator("#rec-players input").nth(index).input_value() for index in range(3)] == PLAYERS
    assert screen.input_value("#rec-first") == "Clara"
    assert screen.input_value("#rec-game-title") == "Friday at the club"
    assert screen.input_value("#rec-hand-0").upper() == "B1 Y3" and screen.input_value("#rec-hand-1").upper() == "G2 R4"
    assert screen.locator("#rec-deal-entry .rec-count").all_inner_texts() == ["2/15", "2/15", "0/15"]
    # another address is another form: the recorder opened for Il Grande Dalmuti starts empty
    other = screen.context.new_page()
    other.goto(live_server.url + "/record?game=grande-dalmuti")
    assert other.locator("#rec-players input").first.input_value() == ""
    other.close()
    screen.fill("#rec-hand-2", "p5")
    press(screen.locator(".rec-start-button"))
    until(screen, "!document.getElementById('rec-deal-doubts').hidden")  # a short deal, explained first
    press(screen.locator("#rec-deal-anyway"))
    until(screen, "!document.getElementById('rec-play').hidden")
    settled(screen, 0)
    assert recorded_log(screen)["hands"] == {"Andrea": ["B1", "Y3"], "Ben": ["G2", "R4"], "Clara": ["P5"]}
    assert screen.evaluate("sessionStorage.getItem('card-replay.setup.v1')") is None

"""Browser tests of the recorder's words, on a 390 px phone and at 1366×900, in English, Italian and Polish, for
the three games: a step reads as the game's State words it however it was entered (a card typed by hand, an
illegal card tapped, a set typed), never by its log code; and "Something else happened" asks every part of a
step in words, with pickers for the players and for what a player does, while what it records is the log
format's own step. The expected words are the games' and the page's translations, read from the .po files."""

from __future__ import annotations

import pytest

from tests.conftest import until
from tests.record_helpers import HANDS, continued, fill_players, no_sideways_scroll, press, settled, start, type_deal

pytestmark = pytest.mark.browser
PLAYERS = ["Andrea", "Ben", "Clara"]
# Race 1 under "House rule: higher", Anna has played Y3; Bruno's hand is unknown.
RACE = {"game": "olympi", "players": ["Anna", "Bruno", "Cy"], "disciplines": [
    "house-higher", "house-lower", "house-same-colour", "house-other-colour", "house-own-climb", "house-middle",
    "house-higher-or-same-colour", "house-free", "ciclismo"],
    "races": [{"discipline": "house-higher", "turns": [{"player": "Anna", "action": "play", "cards": ["Y3"]}]}]}
# Round 1 of a settling round, its deal unseen: Anna led the 1, so nothing is lower and Bruno may only pass.
LED = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Cy", "Dora"], "options": {"settling_round": True},
       "rounds": [{"tricks": [{"plays": [{"player": "Anna", "cards": ["1"]}]}]}]}
# Round 1 of a session whose seating is its ranks, its deal about to be left unseen: taxes come first.
TAXED = {"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Cy", "Dora"], "rounds": [{"tricks": []}]}

# Per language: the D&G plays (typed B1 offered, typed R4 and tapped R7 breaking must-follow), Dalmuti's typed 2
# and Olympi's typed Y2 (both breaking a rule), then the fill panel's part names and what a player does, and
# Andrea's G2 entered there.
WORDS = {
    "en": {"dg": ["Andrea plays blue 1", "Ben plays red 4", "Clara plays red 7"], "dalmuti": "Bruno plays 2",
           "olympi": "Bruno plays Y2", "turn": ["Player", "What they do", "Cards"], "deeds": ["Plays cards", "Retires"],
           "retired": "Bruno retires", "tax": ["Who gives", "Who receives", "Cards"], "play": ["Player", "Card"],
           "green": "Andrea plays green 2"},
    "it": {"dg": ["Andrea gioca blu 1", "Ben gioca rosso 4", "Clara gioca rosso 7"], "dalmuti": "Bruno gioca 2",
           "olympi": "Bruno gioca Y2", "turn": ["Giocatore", "Che cosa fa", "Carte"],
           "deeds": ["Gioca carte", "Si ritira"], "retired": "Bruno si ritira",
           "tax": ["Chi dà", "Chi riceve", "Carte"], "play": ["Giocatore", "Carta"], "green": "Andrea gioca verde 2"},
    "pl": {"dg": ["Andrea zagrywa niebieską 1", "Ben zagrywa czerwoną 4", "Clara zagrywa czerwoną 7"],
           "dalmuti": "Bruno zagrywa 2", "olympi": "Bruno zagrywa Y2", "turn": ["Gracz", "Co robi", "Karty"],
           "deeds": ["Zagrywa karty", "Wycofuje się"], "retired": "Bruno wycofuje się",
           "tax": ["Kto daje", "Kto otrzymuje", "Karty"], "play": ["Gracz", "Karta"],
           "green": "Andrea zagrywa zieloną 2"},
}


def step_labels(page) -> list[str]:
    return page.locator("#rec-steps .rec-step-label").all_inner_texts()


def typed(page, entry: str) -> None:
    page.fill("#rec-type", entry)
    page.locator("#rec-type").press("Enter")


def as_played(page, label: str, steps: int) -> None:
    """The warning names the step as the list will, and it is recorded as played."""
    until(page, "!document.getElementById('rec-warning').hidden")
    assert label in page.locator("#rec-warning-text p").first.inner_text()
    press(page.locator("#rec-as-played"))
    settled(page, steps)


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_a_step_entered_by_hand_reads_as_the_games_choices_word_it(screen, live_server, language):
    words = WORDS[language]
    screen.goto(f"{live_server.url}/record?game=david-goliath&lang={language}")
    fill_players(screen, "david-goliath", PLAYERS, "Clara")
    type_deal(screen, HANDS, PLAYERS)
    start(screen)
    typed(screen, "b1")  # offered: the choice's own words
    settled(screen, 1)
    typed(screen, "ben r4")  # Ben holds blue: not offered, recorded after the warning
    as_played(screen, words["dg"][1], 2)
    press(screen.locator("#rec-choices button[data-illegal='R7']"))  # Clara's red 7, tapped though she holds blue
    as_played(screen, words["dg"][2], 3)
    assert step_labels(screen) == words["dg"]
    assert screen.evaluate("RecordCore.logOf(RecordPlay.current()).tricks[0].plays") == [
        {"player": "Andrea", "card": "B1"}, {"player": "Ben", "card": "R4"}, {"player": "Clara", "card": "R7"}]
    continued(screen, live_server, LED, language)
    typed(screen, "2")
    as_played(screen, words["dalmuti"], 1)
    assert step_labels(screen) == [words["dalmuti"]]
    continued(screen, live_server, RACE, language)
    typed(screen, "y2")
    as_played(screen, words["olympi"], 1)
    assert step_labels(screen) == [words["olympi"]]
    no_sideways_scroll(screen)


def test_a_colour_typed_in_any_of_its_forms_finds_the_card_in_polish_and_italian(screen, live_server):
    # The Polish label agrees with the card ("zieloną 2"): typing the colour as a word is said ("zielony"), the
    # way the filter found it before the labels agreed, kept nothing. Andrea holds 1-3 of every colour.
    for language, typed_words, card, label in (("pl", "zielony 2", "G2", "Andrea zagrywa zieloną 2"),
                                               ("pl", "czerwone 3", "R3", "Andrea zagrywa czerwoną 3"),
                                               ("pl", "zolta 3", "Y3", "Andrea zagrywa żółtą 3"),  # no accents
                                               ("it", "rossa 1", "R1", "Andrea gioca rosso 1")):
        screen.goto(f"{live_server.url}/record?game=david-goliath&lang={language}")
        fill_players(screen, "david-goliath", PLAYERS, "Clara")
        type_deal(screen, HANDS, PLAYERS)
        start(screen)
        screen.fill("#rec-type", typed_words)
        shown = screen.locator("#rec-choices button[data-choice]:visible")
        until(screen, "document.querySelectorAll('#rec-choices button[data-choice]:not([hidden])').length === 1")
        assert shown.first.get_attribute("data-action") == f'{{"card":"{card}","player":"Andrea"}}'
        # Enter records the one step the words keep ("Not a card: czerwona 9" was answered)
        screen.locator("#rec-type").press("Enter")
        settled(screen, 1)
        assert step_labels(screen) == [label]


def test_a_card_typed_as_its_colour_s_word_and_value_is_that_card_in_every_entry(screen, live_server):
    # Olympi's steps are written as card codes ("Bruno gioca R5"): "rossa 5" kept nothing, and the draw and deal
    # fields refused "nero 1" and "niebieski 1" beside a key that names the colours so (a tester)
    continued(screen, live_server, RACE, "it")
    screen.fill("#rec-type", "rossa 5")
    until(screen, "document.querySelectorAll('#rec-choices button[data-choice]:not([hidden])').length === 1")
    screen.locator("#rec-type").press("Enter")
    settled(screen, 1)
    assert screen.evaluate("RecordCore.logOf(RecordPlay.current()).races[0].turns[1]") == {
        "player": "Bruno", "action": "play", "cards": ["R5"]}
    for language, typed_cards, game, cards in (
            ("it", "nero 1, giallo 9", "olympi", ["K1", "Y9"]),
            ("pl", "niebieski 1 zieloną 2 zolta 3", "david-goliath", ["B1", "G2", "Y3"])):
        screen.goto(f"{live_server.url}/record?lang={language}")
        read = screen.evaluate("([text, game]) => RecordCore.parseCards(text, RecordSetup.deck("
                               "RecordSetup.setups[game], 3, {}))", [typed_cards, game])
        assert read == {"cards": cards, "bad": []}


def test_a_tax_typed_with_a_name_is_the_step_whose_words_begin_with_it(screen, live_server):
    # In Italian a tax reads "Anna riceve 1 e 3 da Dora": "anna 1 3" was taken for Anna giving them, and with
    # no such step the recorder sent a tax with a "player", which the server refused in English on the page.
    # The name now means the step that begins with it, as the reader sees it (in English the giver comes first).
    continued(screen, live_server, TAXED, "it")
    press(screen.locator("#rec-unseen"))
    until(screen, "RecordPlay.answer() && RecordPlay.answer().left_unseen && "
                  "!document.getElementById('recorder').hasAttribute('aria-busy')")
    typed(screen, "anna 1 3")
    settled(screen, 1)
    assert screen.evaluate("RecordCore.logOf(RecordPlay.current()).rounds[0].taxes") == [
        {"from": "Dora", "to": "Anna", "cards": ["1", "3"]}]
    assert step_labels(screen) == ["Anna riceve 1 e 3 da Dora"]


def field_names(page) -> list[str]:
    if page.locator("#rec-fill").get_attribute("open") is None:
        press(page.locator("#rec-fill summary"))
    return page.locator("#rec-fields .rec-field-name").all_inner_texts()


def picked(page, key: str) -> str:
    """The words of the option chosen in a part's picker (a select, never a box to type a value in)."""
    return page.locator(f"#rec-fields select[data-key='{key}']").evaluate("s => s.selectedOptions[0].textContent")


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_something_else_asks_every_part_in_words_and_records_the_log_format(screen, live_server, language):
    words = WORDS[language]
    # Olympi: Bruno's turn, what he does picked in words among what the choices offer
    continued(screen, live_server, RACE, language)
    assert field_names(screen) == words["turn"]
    assert picked(screen, "player") == "Bruno"
    deeds = screen.locator("#rec-fields select[data-key='action'] option")
    assert deeds.all_inner_texts() == words["deeds"] and picked(screen, "action") == words["deeds"][0]
    screen.locator("#rec-fields select[data-key='action']").select_option("retire")
    screen.fill("#rec-fields input[data-key='cards']", "")
    no_sideways_scroll(screen)
    press(screen.locator("#rec-fill-form button[type=submit]"))
    settled(screen, 1)
    assert screen.evaluate("RecordCore.logOf(RecordPlay.current()).races[0].turns[1]") == {
        "player": "Bruno", "action": "retire"}
    assert step_labels(screen) == [words["retired"]]
    # Il Grande Dalmuti: a tax after the first one paid, who gives and who receives picked among the players
    continued(screen, live_server, TAXED, language)
    press(screen.locator("#rec-unseen"))
    until(screen, "RecordPlay.answer() && RecordPlay.answer().left_unseen && "
                  "!document.getElementById('recorder').hasAttribute('aria-busy')")
    first = screen.evaluate("RecordPlay.answer().choices.findIndex(c => 'from' in c.action)")
    press(screen.locator(f"#rec-choices button[data-choice='{first}']"))
    settled(screen, 1)
    offered = screen.evaluate("RecordPlay.answer().choices[0]")
    assert field_names(screen) == words["tax"]
    assert (picked(screen, "from"), picked(screen, "to")) == (offered["action"]["from"], offered["action"]["to"])
    press(screen.locator("#rec-fill-form button[type=submit]"))
    settled(screen, 2)
    assert screen.evaluate("RecordCore.logOf(RecordPlay.current()).rounds[0].taxes[1]") == offered["action"]
    assert step_labels(screen)[1] == offered["label"]
    # David & Goliath: the player picked, the card typed
    continued(screen, live_server, {"game": "david-goliath", "players": PLAYERS, "dealer": "Clara", "tricks": []},
              language)
    assert field_names(screen) == words["play"] and picked(screen, "player") == "Andrea"
    screen.fill("#rec-fields input[data-key='card']", "g2")
    press(screen.locator("#rec-fill-form button[type=submit]"))
    settled(screen, 1)
    assert screen.evaluate("RecordCore.logOf(RecordPlay.current()).tricks[0].plays[0]") == {
        "player": "Andrea", "card": "G2"}
    assert step_labels(screen) == [words["green"]]


def test_steps_checked_again_after_a_deletion_are_worded_in_the_page_s_language(screen, live_server):
    screen.goto(f"{live_server.url}/record?game=david-goliath&lang=en")
    fill_players(screen, "david-goliath", PLAYERS, "Clara")
    type_deal(screen, HANDS, PLAYERS)
    start(screen)
    typed(screen, "b1")
    settled(screen, 1)
    typed(screen, "b4")  # Ben follows blue
    settled(screen, 2)
    assert step_labels(screen) == ["Andrea plays blue 1", "Ben plays blue 4"]
    screen.goto(screen.url.replace("lang=en", "lang=it"))  # the same draft, read in Italian
    settled(screen, 2)
    press(screen.locator("#rec-steps button[data-delete='0']"))
    settled(screen, 1)
    # Ben's blue 4, applied again where it now stands (the trick's lead), in the page's words
    assert step_labels(screen) == ["Ben gioca blu 4"]

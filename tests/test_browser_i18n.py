"""The service in Italian and Polish, in Chromium: the page's words, the scripts' words (static/words.js
with the page's catalogue) and the game's own sentences all in the chosen language."""

from __future__ import annotations

import pytest

from tests.conftest import at_moment, until

pytestmark = pytest.mark.browser


def test_a_board_in_polish_its_controls_scripts_and_the_game_s_words(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players?lang=pl#trick-1-play-2")
    at_moment(page, "trick-1-play-2")
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.locator("[data-step=next]").inner_text() == "Dalej ›"
    assert page.locator("#play-speed").evaluate("select => select.labels[0].textContent.trim()").startswith("Szybkość")
    page.click("button[data-branch]")
    until(page, "document.querySelectorAll('#branch-choices button').length > 0")
    assert page.locator("#branch-note").inner_text() == \
        "Od tej chwili partia należy do ciebie: wybierz zagranie. Nic, czego spróbujesz, nie zmienia zapisu."
    page.locator("#branch-choices button").first.click()
    until(page, "document.getElementById('branch-note').textContent.startsWith('1 zagranie')")
    assert page.locator("#branch-note").inner_text() == \
        "1 zagranie wypróbowane od tego momentu; to nie to, co się wydarzyło."


def test_polish_plural_forms_in_the_scripts(page, live_server):
    # Polish: 1 punkt, 2 punkty, 5 punktów, 22 punkty, 12 punktów (the teens take the many form).
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players?lang=pl")
    said = page.evaluate("[1, 2, 5, 22, 12].map(n => _n('{count} point', '{count} points', n))")
    assert said == ["1 punkt", "2 punkty", "5 punktów", "22 punkty", "12 punktów"]
    italian = live_server.url + "/samples/david-goliath/legal-3-players?lang=it"
    page.goto(italian)
    assert page.evaluate("[1, 2].map(n => _n('{count} point', '{count} points', n))") == ["1 punto", "2 punti"]


def test_the_upload_form_s_own_check_speaks_italian(page, live_server):
    page.goto(live_server.url + "/?lang=it")
    page.set_input_files("input[type=file]", files=[{"name": "a.json", "mimeType": "application/json",
                                                     "buffer": b'{"game": "olympi"}'}])
    page.fill("textarea", '{"game": "olympi"}')
    page.click("button[type=submit]")
    assert page.locator("#form-problem").inner_text() == \
        "Hai scelto un file e incollato del testo: verificane uno (svuota l'altro)."


def test_the_recorder_in_italian(page, live_server):
    page.goto(live_server.url + "/record?lang=it")
    assert page.locator("#rec-title").inner_text() == "Registra una partita al tavolo"
    assert page.locator(".rec-start-button").inner_text() == "Inizia a registrare"
    assert page.locator("#rec-add-player").inner_text() == "Aggiungi un giocatore"
    # the script's own sentences come from the page's dictionary, in Italian too
    assert page.evaluate("JSON.parse(document.getElementById('record-text').textContent).nothing_to_undo") == \
        "Niente da annullare."

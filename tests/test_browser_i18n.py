"""The service in Italian and Polish, in Chromium: the page's words, the scripts' words (static/words.js
with the page's catalogue) and the game's own sentences all in the chosen language."""

from __future__ import annotations

import json

import pytest

from replaykit import registry
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


def test_a_right_to_left_name_in_a_script_s_sentence_is_set_apart(page, live_server):
    # FSI … PDI around a parameter with Hebrew or Arabic letters, or a direction mark; Latin names as they are
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players?lang=it")
    said = page.evaluate("[_('{player} +{points}', {player: 'בנימין', points: 13}),"
                         " _('{player} +{points}', {player: 'Zoë', points: 2}),"
                         " _('{player} +{points}', {player: '\\u202eAnn', points: 1})]")
    assert said == ["\u2068בנימין\u2069 +13", "Zoë +2", "\u2068\u202eAnn\u2069 +1"]


def test_the_language_switch_keeps_the_moment_the_reader_stands_on(page, live_server):
    page.goto(live_server.url + "/samples/david-goliath/legal-3-players?lang=it#trick-6-play-2")
    at_moment(page, "trick-6-play-2")
    page.click(".languages a[hreflang=pl]")
    page.wait_for_url("**lang=pl#trick-6-play-2")
    at_moment(page, "trick-6-play-2")
    assert page.evaluate("document.documentElement.lang") == "pl"


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


# Words that are English only (none is also an Italian or Polish word: "a", "in", "no", "on", "to", "link",
# "moment" and "record" are, so they are not listed).
ENGLISH = {"the", "and", "of", "is", "with", "for", "from", "not", "this", "that", "each", "every", "after",
           "before", "trick", "tricks", "plays", "player", "players", "score", "scores", "points", "error", "errors",
           "warning", "warnings", "valid", "invalid", "deal", "next", "previous", "game", "games", "turn", "takes",
           "wins", "winner", "chart", "round", "race", "card", "cards", "log", "step", "back", "copy", "download",
           "hand", "proven", "captured", "hypothetical", "revoke", "holds", "highest", "lowest"}
# Proper names stay as they are in every language: the service's, each installed game's, the publisher's.
NAMES = ("Card Replay", "API", "JSON", "999 Games", *(str(engine.name) for engine in registry.engines().values()))


def log_notes(value: object) -> list[str]:
    """The notes a log writes beside its steps (not its meta's); a sample's are translated (notes.<lang>.toml)."""
    if isinstance(value, dict):
        return [note for key, item in value.items() if key != "meta"
                for note in ([item] if key == "note" and isinstance(item, str) else log_notes(item))]
    if isinstance(value, list):
        return [note for item in value for note in log_notes(item)]
    return []


def english_words(page, notes: list[str] = ()) -> set[str]:
    """Each English word left, with the words around it (so a failure says where). A log's own notes are
    the players' words, as their names are; identifiers (``card-not-in-hand``, ``settling_round``) are data."""
    import re

    # Code (a log's keys in the format pages, finding codes) is data, as card codes are: not words to translate;
    # so are the notes an uploaded log writes beside its plays (the players' own words, as their names are; a
    # sample's are the service's, and translated); and what a page marks as English on purpose (the API's
    # operations, as the OpenAPI document has them).
    text = page.evaluate("document.querySelectorAll('code, pre, main [lang=en]')"
                         ".forEach(element => element.remove()), document.body.innerText")
    for name in (*NAMES, *notes):
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    text = re.sub(r"\b[a-z]+(?:[-_][a-z]+)+\b", " ", text)
    return {text[max(0, found.start() - 30):found.end() + 30].replace("\n", " ")
            for found in re.finditer(r"[A-Za-z]+", text) if found.group().lower() in ENGLISH}


def simulated(game: str, players: int) -> dict:
    from replaykit import registry

    log = registry.engines()[game].simulate(players, 3)
    log.pop("meta", None)  # a log's own title and notes are the players' words, not the service's
    return log


@pytest.mark.parametrize("language", ["it", "pl"])
def test_no_english_word_is_left_on_the_pages_a_reader_walks(page, live_server, language):
    visited = {"home": "/", "recorder": "/record", "samples": "/samples", "rules": "/rules",
               "a sample": "/samples/olympi/clean-2-players", "API": "/api/v1/docs",
               "an illegal D&G game": "/samples/david-goliath/illegal-revoke",
               "an illegal Dalmuti session": "/samples/grande-dalmuti/illegal-taxes",
               "an illegal Olympi game": "/samples/olympi/illegal-claims",
               "Olympi turns out of order": "/samples/olympi/illegal-turns",
               "a D&G game without its deal": "/samples/david-goliath/illegal-revoke-no-hands",
               "a D&G match": "/samples/david-goliath/match-irregular",
               "the edit page": "/samples/olympi/illegal-claims/edit"}
    visited.update({f"{document} of {game}": f"/{document}/{game}" for game in registry.engines()
                    for document in ("rules", "format")})
    # A board opens on a moment whose step panel reads a note (a sample's) or the table's words (a stored game's).
    moments = {"an illegal D&G game": "trick-6-play-2", "Olympi turns out of order": "race-1-turn-3",
               "a D&G game without its deal": "trick-10-play-3",
               "david-goliath": "trick-2-play-1", "grande-dalmuti": "round-1-trick-1-play-1",
               "olympi": "race-1-turn-1"}
    uploaded = {}
    for game, players in (("david-goliath", 4), ("grande-dalmuti", 5), ("olympi", 4)):
        uploaded[game] = simulated(game, players)
        stored = page.request.post(live_server.url + "/api/v1/games", data=uploaded[game]).json()
        visited[game] = stored["links"]["page"]
    left = {}
    for name, path in visited.items():
        page.goto(f"{live_server.url}{path}?lang={language}")
        if name in moments:
            page.goto(f"{live_server.url}{path}?lang={language}#{moments[name]}")
            at_moment(page, moments[name])
        assert page.evaluate("document.documentElement.lang") == language
        found = english_words(page, log_notes(uploaded.get(name)))
        if found:
            left[name] = sorted(found)
    # An error page, read as it is sent (a page that failed to load is a console error in the browser).
    error = page.request.get(f"{live_server.url}/no/such/page?lang={language}").text()
    page.set_content(error)
    found = english_words(page)
    if found:
        left["error"] = sorted(found)
    assert left == {}, "\n".join(f"{name}: {snippet!r}" for name, found in left.items() for snippet in found)


@pytest.mark.parametrize("language", ["it", "pl"])
def test_the_recorder_s_table_speaks_the_reader_s_language(page, live_server, language):
    """A game opened in the recorder mid-way: the table's seats and facts are in the game's words, not its
    view's keys; a finding's severity too."""
    logs = {"david-goliath": simulated("david-goliath", 4), "grande-dalmuti": simulated("grande-dalmuti", 5),
            "olympi": simulated("olympi", 4)}
    logs["david-goliath"]["tricks"] = logs["david-goliath"]["tricks"][:3]
    logs["olympi"]["races"] = logs["olympi"]["races"][:2]
    logs["olympi"]["races"][1]["turns"][0]["cards"] = logs["olympi"]["races"][1]["turns"][1]["cards"]  # a finding
    left = {}
    for game, log in logs.items():
        page.goto(f"{live_server.url}/record?lang={language}")
        page.locator("#rec-open summary").click()
        page.fill("#rec-open-text", json.dumps(log))
        page.locator("#rec-open-button").click()
        until(page, "!document.getElementById('rec-play').hidden && "
                    "!document.getElementById('recorder').hasAttribute('aria-busy')", timeout=20)
        assert page.locator("#rec-seats li").count() == len(log["players"])
        found = english_words(page)
        if found:
            left[game] = sorted(found)
    assert left == {}, "\n".join(f"{name}: {snippet!r}" for name, found in left.items() for snippet in found)

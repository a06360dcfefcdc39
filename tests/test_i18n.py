"""api.i18n: the reader's language — chosen by ?lang= (remembered), the cookie, Accept-Language, English —
and applied to pages, error pages and API answers alike. Expected words are the catalogues' as a reader
reads them, written here by hand."""

from __future__ import annotations

import re

import pytest

from api import assets


def visible(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_english_by_default_with_the_switch_naming_each_language_in_itself(client):
    response = client.get("/")
    page = response.get_data(as_text=True)
    assert '<html lang="en">' in page and response.headers["Content-Language"] == "en"
    assert "Was every play legal? Is the score right?" in page
    switch = re.search(r'<nav class="languages"[^>]*>(.*?)</nav>', page, re.S)[1]
    assert re.findall(r'hreflang="(\w+)"[^>]*>([^<]+)<', switch) == [
        ("en", "English"), ("it", "Italiano"), ("pl", "Polski")]
    assert {"Accept-Language", "Cookie"} <= set(response.headers["Vary"].replace(" ", "").split(","))


def test_scripts_styles_and_the_bundle_are_the_same_in_every_language_and_say_so(client):
    page_style = client.get("/styles/olympi.css")
    for url in ("/static/board.js", "/vendor/plotly-" + assets.PLOTLY.version + ".min.js"):
        for response in (client.get(url, headers={"Accept-Language": "pl"}), page_style):
            assert response.status_code == 200
            vary = set(response.headers.get("Vary", "").replace(" ", "").split(","))
            assert not vary & {"Accept-Language", "Cookie"}, (url, vary)


def test_lang_in_the_address_wins_and_is_remembered(client):
    first = client.get("/?lang=it", headers={"Accept-Language": "pl"})
    assert '<html lang="it">' in first.get_data(as_text=True)
    assert "Ogni giocata era regolare? Il punteggio è giusto?" in first.get_data(as_text=True)
    assert "lang=it" in first.headers["Set-Cookie"]
    later = client.get("/samples", headers={"Accept-Language": "pl"})  # the cookie beats the browser's wish
    assert '<html lang="it">' in later.get_data(as_text=True) and "Partite di esempio" in later.get_data(as_text=True)


def test_an_api_answer_says_its_language_and_a_lang_asked_of_the_api_is_not_kept(client):
    # A client keeping cookies got Polish on every later call after one ?lang=pl; API answers had no
    # Content-Language, though pages had.
    refused = client.post("/api/v1/validate?lang=pl", data=b"{", content_type="application/json")
    assert refused.headers["Content-Language"] == "pl" and "Set-Cookie" not in refused.headers
    later = client.post("/api/v1/validate", data=b"{", content_type="application/json")
    assert later.headers["Content-Language"] == "en" and "(line 1, column 2)" in later.get_json()["detail"]
    samples = client.get("/api/v1/samples", headers={"Accept-Language": "it"})
    assert samples.status_code == 200 and samples.headers["Content-Language"] == "it"


@pytest.mark.parametrize(("header", "language"), [
    ("pl-PL,pl;q=0.9,en;q=0.5", "pl"), ("de-DE,de;q=0.9,it;q=0.4", "it"), ("fr-FR,fr;q=0.9", "en"),
    ("en-GB,pl;q=0.8", "en")])
def test_the_browser_s_languages_choose_with_their_weights(client, header, language):
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{language}">' in page


def test_the_switch_keeps_the_page_s_own_query(client):
    page = client.get("/record?game=olympi&lang=pl").get_data(as_text=True)
    assert 'href="/record?game=olympi&amp;lang=it"' in page


def test_an_error_page_in_polish_and_in_italian(client):
    polish = visible(client.get("/nowhere", headers={"Accept-Language": "pl"}).get_data(as_text=True))
    assert "Błąd 404" in polish and "Nie znaleziono" in polish and "Pod tym adresem nic nie ma; sprawdź link." in polish
    italian = visible(client.get("/samples/olympi/no-such-game?lang=it").get_data(as_text=True))
    assert "Non c'è una partita di esempio con questo nome." in italian.replace("&#39;", "'")


def test_the_api_speaks_english_unless_asked_and_keeps_codes_and_paths(client):
    body = b'{"game": 5}'
    english = client.post("/api/v1/validate", data=body, content_type="application/json").get_json()
    polish = client.post("/api/v1/validate", data=body, content_type="application/json",
                         headers={"Accept-Language": "pl"}).get_json()
    assert english["errors"][0]["message"].startswith('"game" must be "david-goliath", ')
    assert polish["errors"][0]["message"].endswith("(obsługiwane gry), a nie liczba.")
    assert [(f["code"], f["path"]) for f in polish["errors"]] == [(f["code"], f["path"]) for f in english["errors"]]


def test_counts_follow_each_language_s_plural_forms(client):
    # The gallery counts each sample's errors: Polish says 1 błąd, 2 błędy, 6 błędów.
    page = visible(client.get("/samples?lang=pl").get_data(as_text=True))
    assert "1 błąd, 0 ostrzeżeń" in page and "2 błędy, 0 ostrzeżeń" in page and "6 błędów, 0 ostrzeżeń" in page
    italian = visible(client.get("/samples?lang=it").get_data(as_text=True))
    assert "1 errore, 0 avvisi" in italian and "2 errori, 0 avvisi" in italian


def test_speaking_another_language_for_a_while_then_the_reader_s_own_again(app):
    # What a stored game's upload does to render its lists in every language (api.listings).
    from flask import render_template_string

    from api import i18n

    findings = "{{ _('Findings') }}"
    with app.test_request_context("/?lang=pl"):
        assert render_template_string(findings) == "Uwagi"  # the request's catalogue, now looked up once
        with i18n.speaking("it"):
            assert i18n.language() == "it" and render_template_string(findings) == "Rilievi"
        assert i18n.language() == "pl" and render_template_string(findings) == "Uwagi"

"""The recorder's page (api/record.py, templates/record.html): what it offers for each game, the links to it,
the log it may continue, and how it stores a game (the upload form's path, CSRF token included)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from api import homes
from dg_replay.simulate import simulate
from replaykit import registry

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")


def _page(client, query: str = "") -> str:
    response = client.get("/record" + query)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _block(html: str, block_id: str) -> object:
    return json.loads(re.search(rf'<script type="application/json" id="{block_id}">(.*?)</script>', html, re.S)[1])


def _recorder(html: str) -> str:
    """The recorder's root tag (its data attributes)."""
    return re.search(r'<div class="recorder" id="recorder"[^>]*>', html, re.S)[0]


def _checked_game(html: str) -> str:
    return re.search(r'name="game" value="([a-z-]+)" checked', html)[1]


def test_the_page_offers_every_game_with_what_its_setup_asks(client):
    html = _page(client)
    assert re.findall(r'name="game" value="([a-z-]+)"', html) == ["david-goliath", "grande-dalmuti", "olympi"]
    setups = {setup["id"]: setup for setup in _block(html, "record-setups")}
    dg, dalmuti, olympi = setups["david-goliath"], setups["grande-dalmuti"], setups["olympi"]
    # David & Goliath: 3 to 6 players, a dealer, 15 cards each (5 colours × 3N values over N players), matches.
    assert (dg["players"], dg["first"], dg["hand_size"], dg["match"]) == ([3, 6], "dealer", 15, "david-goliath-match")
    assert dg["deck"]["colours"] == {"b": "B", "y": "Y", "g": "G", "r": "R", "p": "P"} and dg["deck"]["values"] is None
    # Il Grande Dalmuti: 4 to 8, no dealer (the seating is the order), the deal per round, values 1–12 and Jesters.
    assert (dalmuti["players"], dalmuti["first"], dalmuti["hands"]) == ([4, 8], None, "round")
    assert dalmuti["start"] == [{"tricks": []}]  # round 1 begins with the setup
    # The deck's copies, for the deal entry's greying: value n is n cards, and two Jesters, 80 cards in all.
    assert {key: value for key, value in dalmuti["deck"].items() if key not in ("copies", "top")} == {
        "kind": "rank", "values": [1, 12], "jester": "J"}
    assert dalmuti["deck"]["top"] == {"4": 10, "5": 11}  # rule 2: four players lose the 12s and 11s, five the 12s
    assert dalmuti["deck"]["copies"] == {**{str(value): value for value in range(1, 13)}, "J": 2}
    assert sum(dalmuti["deck"]["copies"].values()) == 80
    assert (dg["deck"]["copies"], olympi["deck"]["copies"]) == (1, 2)  # every D&G card is unique; Olympi's paired
    assert [option["name"] for option in dalmuti["options"]] == [
        "full_deck", "settling_round", "auto_revolution", "benevolent_rulers", "chosen_one", "market",
        "black_market", "misdeal"]
    # Olympi Cards: 2 to 7, a first player, six cards each, values 1–9 in the rings' colours, nine disciplines.
    assert (olympi["players"], olympi["first"], olympi["hand_size"]) == ([2, 7], "first_player", 6)
    assert olympi["deck"]["colours"] == {"b": "B", "y": "Y", "k": "K", "g": "G", "r": "R"}
    assert olympi["deck"]["values"] == [1, 9] and olympi["disciplines"]["count"] == 9
    assert "ciclismo" in [entry["id"] for entry in olympi["disciplines"]["catalogue"]]
    assert html.count('<select name="discipline"') == 9


def test_every_sentence_the_scripts_show_comes_from_the_pages_dictionary_and_each_is_used(client):
    text = _block(_page(client), "record-text")
    assert text["turn"] == "{player} to play."
    folder = Path(client.application.static_folder)
    # a game's own recorder script (Olympi's discipline cards, in its home) reads the dictionary too
    own = [path for engine in registry.engines().values() if (path := homes.script(engine)) is not None]
    scripts = "".join(name.read_text(encoding="utf-8")
                      for name in [*sorted(folder.glob("record*.js")), *own])
    used = set(re.findall(r"\btext\.([a-z_]+)", scripts))
    assert used == set(text), (used - set(text), set(text) - used)


def test_no_inline_script_and_the_sites_headers(client):
    response = client.get("/record")
    html = response.get_data(as_text=True)
    assert not INLINE_SCRIPT.search(html)
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    sources = re.findall(r'<script src="([^"]+)"', html)
    # words.js: the scripts' words in the reader's language; then each script after those it uses, a game's own
    # (Olympi's discipline cards, from its home) after the shared ones; each named with its content's hash
    assert all(re.fullmatch(r"/(static|scripts/[a-z-]+)/[a-z-]+\.js\?v=[0-9a-f]{20}", source)
               for source in sources), sources
    assert [source.split("?")[0] for source in sources] == [
        "/static/words.js", "/static/record-core.js", "/static/record-keys.js", "/static/record-deal.js",
        "/static/record-setup.js",
        "/static/record-table.js", "/static/record-entry.js", "/static/record-fill.js", "/static/record-chance.js",
        "/static/record-sheet.js", "/static/record.js", "/static/record-session.js", "/scripts/olympi/record.js"]
    for source in sources:
        assert client.get(source).status_code == 200
    # Each game's own stylesheet (Olympi's black cards) is there too, for its cards in the grid and the table.
    styles = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    assert {"/styles/olympi.css", "/static/record.css"} <= {style.split("?")[0] for style in styles}
    for style in styles:
        assert client.get(style).status_code == 200


def test_a_game_can_be_chosen_by_the_address_and_an_unknown_one_is_ignored(client):
    chosen = _page(client, "?game=olympi")
    assert _checked_game(chosen) == "olympi" and 'data-chosen="olympi"' in _recorder(chosen)
    unknown = _page(client, "?game=chess")
    assert _checked_game(unknown) == "david-goliath" and "data-chosen" not in _recorder(unknown)


def test_only_a_log_of_this_site_can_be_continued_from_the_address(client):
    assert 'data-continue="/api/v1/games/abc/log"' in _recorder(_page(client, "?log=/api/v1/games/abc/log"))
    for elsewhere in ("https://example.org/x.json", "//example.org/x.json", "/\\example.org", "x.json"):
        assert "data-continue" not in _recorder(_page(client, "?log=" + elsewhere)), elsewhere


def test_the_home_page_each_games_pages_and_each_analysis_page_lead_to_the_recorder(client):
    assert '<a class="button-link" href="/record">' in client.get("/").get_data(as_text=True)
    listing = client.get("/rules").get_data(as_text=True)
    for game in ("david-goliath", "grande-dalmuti", "olympi"):
        assert f'href="/record?game={game}"' in listing
        for page in (f"/rules/{game}", f"/format/{game}"):
            assert f'href="/record?game={game}"' in client.get(page).get_data(as_text=True), page
    sample = client.get("/samples/david-goliath/legal-4-players").get_data(as_text=True)
    assert ('<a href="/record?log=/samples/david-goliath/legal-4-players/log.json">Continue in the recorder</a>'
            in sample)


def test_the_store_form_posts_the_log_to_the_upload_form_with_its_csrf_token(app, client):
    form = re.search(r'<form method="post" action="/" id="rec-store" hidden>(.*?)</form>', _page(client), re.S)[1]
    token = re.search(r'name="csrf_token" value="([^"]+)"', form)[1]
    written = json.dumps(simulate(3, 5), indent=1).encode()
    # static/record-session.js adds the log as a file part, which keeps its bytes (its line ends among them)
    stored = client.post("/", data={"csrf_token": token, "file": (io.BytesIO(written), "david-goliath-1.json")})
    assert stored.status_code == 303 and re.search(r"/games/[A-Za-z0-9_-]+$", stored.headers["Location"])
    assert client.get("/api/v1" + urlsplit(stored.headers["Location"]).path + "/log").data == written
    refused = client.post("/", data={"csrf_token": "forged", "file": (io.BytesIO(written), "david-goliath-1.json")})
    assert refused.status_code == 400


def test_the_variants_are_offered_in_the_readers_language(client):
    """Each variant's sentence is the game's own words, said in the page's language and capitalised (slicing
    the game's Text for its capital once gave the English sentence on every page)."""
    italian, polish = _page(client, "?lang=it"), _page(client, "?lang=pl")
    assert "> Tutte le 80 carte, qualunque sia il numero di giocatori (Mazzo standard)</label>" in italian
    assert "> La variante Record del Mondo</label>" in italian
    assert "> Wszystkie 80 kart bez względu na liczbę graczy</label>" in polish
    assert "> Wariant z rekordem świata</label>" in polish
    assert "whatever the player count" not in italian + polish
    assert "> All 80 cards whatever the player count</label>" in _page(client, "?lang=en")

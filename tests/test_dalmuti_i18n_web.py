"""Il Grande Dalmuti's findings and board in the reader's language: the API follows Accept-Language (English
by default, codes, paths and positions unchanged) and the analysis page follows ?lang=."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import compile_catalogues

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games" / "grande-dalmuti"
PLACE = ("code", "severity", "path", "round", "trick", "play", "player")


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogues():
    compile_catalogues("dalmuti_replay", "messages")


def validated(client, sample: str, language: str | None) -> list[dict]:
    headers = {"Accept-Language": language} if language else {}
    response = client.post("/api/v1/validate", json=json.loads((SAMPLES / sample).read_text(encoding="utf-8")),
                           headers=headers)
    assert response.status_code == 200
    body = response.get_json()
    return [*body["errors"], *body["warnings"]]


@pytest.mark.parametrize(("sample", "code", "english", "italian", "polish"), [
    ("illegal-taxes.json", "tax-wrong-cards",
     "Carla pays 5 12, but the best cards of that hand were 4 5 (a Jester counts 13 here, ruling).",
     "Carla paga 5 12, ma le carte migliori di quella mano erano 4 5 (qui un Giullare vale 13, decisione).",
     "Carla płaci 5 12, ale najlepsze karty tej ręki to 4 5 (Błazen liczy się tu jako 13, rozstrzygnięcie)."),
    ("illegal-tricks.json", "not-lower",
     "Anna's 9 9 is not lower than the last set, Elena's 9s.",
     "Il set 9 9 di Anna non è più basso dell'ultimo set, quello di Elena (valore 9).",
     "Zestaw 9 9 gracza Anna nie jest niższy od ostatniego zestawu gracza Elena (wartość 9)."),
    ("wrong-claims-extra-round.json", "points-mismatch",
     "Anna is credited with 5 points in round 2, but the plays give 4 (going out scores the players still in the "
     "round, the one going out included: ruling).",
     "Anna: 5 punti attribuiti nella partita 2, ma le giocate danno 4 (chi esce segna i giocatori ancora in "
     "gioco, sé compreso: decisione).",
     "Graczowi Anna przypisano 5 punktów w rundzie 2, ale z zagrań wynika 4 (wychodzący dostaje tyle punktów, ilu "
     "graczy jest jeszcze w rundzie, wliczając jego: rozstrzygnięcie)."),
])
def test_a_finding_in_the_readers_language_keeps_its_place(client, sample, code, english, italian, polish):
    said = {language: validated(client, sample, language) for language in (None, "en", "it", "pl")}
    places = {language: [tuple(f.get(key) for key in PLACE) for f in found] for language, found in said.items()}
    assert places[None] == places["en"] == places["it"] == places["pl"]
    index = next(i for i, finding in enumerate(said[None]) if finding["code"] == code)
    assert said[None][index]["message"] == english
    assert said["en"][index]["message"] == english
    assert said["it"][index]["message"] == italian
    assert said["pl"][index]["message"] == polish


def test_an_italian_browser_gets_italian_findings_and_a_client_that_asks_nothing_english(client):
    italian = validated(client, "illegal-deal.json", "it-IT,it;q=0.9,en;q=0.5")
    english = validated(client, "illegal-deal.json", None)
    hand = next(finding for finding in italian if finding["code"] == "hand-size")
    assert hand["message"] == "Carte nella mano di Dario: 13; come Grande Peone con 4 giocatori Dario ne riceve 14."
    assert next(f for f in english if f["code"] == "hand-size")["message"] == \
        "Dario's hand has 13 cards; as Great Peon at 4 players Dario is dealt 14."


def _visible(html: str) -> str:
    """The words of the game's own panel (the rounds), without the log's notes (what the players wrote)."""
    panel = re.search(r'<section class="panel dal-rounds".*?</section>', html, flags=re.S).group(0)
    panel = re.sub(r'<p class="trick-note">.*?</p>', " ", panel, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", panel))


def _figures(html: str) -> str:
    return " ".join(re.findall(r'<script[^>]*type="application/json"[^>]*>(.*?)</script>', html, flags=re.S))


def test_a_dalmuti_board_in_italian_has_italian_charts_and_rank_words(client):
    response = client.get("/samples/grande-dalmuti/great-revolution?lang=it")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    shown, figures = _visible(html), _figures(html)
    for title in ("Carte rimaste: la corsa per uscire", "Scala sociale: la posizione in ogni partita",
                  "Punti della sessione dopo ogni partita", "Carte in mano", "Posizione (1 = in cima)"):
        assert title in figures
    for english in ("Cards left: the race to go out", "Social ladder: rank each round", "Cards in hand"):
        assert english not in figures
    assert "Elena Grande Dalmuti" in shown and "Anna Grande Peone" in shown and "Carla mercante" in shown
    assert "Partita 1: Grande Rivoluzione di Elena" in html  # a key moment
    assert "tassa del Grande Peone" in shown
    assert "Giro 1: lo vince 3 3 di Dario." in shown
    assert shown.strip().startswith("Partite Le carte più basse sono le migliori")
    for english in ("Great Dalmuti", "Great Peon", "merchant", "Great Revolution", "Trick", "Rounds", "pass",
                    "Finish", "Totals"):
        assert re.search(rf"\b{english}\b", shown) is None, english


def test_the_boards_moments_follow_the_remembered_language(client):
    client.get("/samples/grande-dalmuti/great-revolution?lang=pl")
    steps = client.get("/samples/grande-dalmuti/great-revolution/moments.json").get_json()["steps"]
    first = steps[0]
    assert first["status"] == "Runda 1 z 3 · przed grą"
    assert first["story"].startswith("Runda 1: Anna jest Wielkim Dalmutim, Elena Wielkim Peonem. Elena ma obu "
                                     "Błaznów i ogłasza wielką rewolucję: pozycje się odwracają.")
    assert steps[5] == {**steps[5], "story": "Anna pasuje.", "status": "Runda 1 z 3 · lewa 1 · zagranie 5"}

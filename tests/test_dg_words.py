"""David & Goliath's sentences in Italian and Polish (dg_replay.words and its catalogues): the same finding,
code, path and positions in every language; the words as the rulebooks say them (turno/runda, carte
prese/profit, the colours), written here by hand."""

from __future__ import annotations

import json
import re

import pytest

from api.games.david_goliath.charts import breakdown_figure, capture_figure, score_figure
from dg_replay.actions import play_label
from dg_replay.cards import COLORS, Card
from replaykit import registry
from replaykit.words import Languages, Text, render
from tests.conftest import ROOT

SAMPLES = ROOT / "sample_games" / "david-goliath"
REVOKE = json.loads((SAMPLES / "illegal-revoke.json").read_text())
MISCOUNTED = json.loads((SAMPLES / "illegal-miscounted-score.json").read_text())
ENGLISH = re.compile(r"\b(takes|trick|points?|cards?|face value|three or more|nothing|score falls|third)\b")


def said(client, log: dict, language: str | None) -> list[dict]:
    headers = {"Accept-Language": language} if language else {}
    return client.post("/api/v1/validate", json=log, headers=headers).get_json()["errors"]


def test_a_revoke_in_each_language_with_its_place_unchanged(client):
    english, italian, polish = (said(client, REVOKE, language) for language in (None, "it", "pl"))
    assert english[0]["message"] == \
        "Clara plays G12 on a red lead while holding red (the deal shows R9 still in hand)."
    assert italian[0]["message"] == ("Clara gioca G12 su un'uscita di colore rosso pur avendo il rosso "
                                     "(la distribuzione mostra R9 ancora in mano).")
    assert polish[0]["message"] == ("Clara zagrywa G12 na wyjście, którego kolor to czerwony, choć ma ten kolor w "
                                    "ręce (rozdanie pokazuje R9 wciąż w ręce).")
    place = [{key: value for key, value in finding.items() if key != "message"} for finding in english]
    assert [{key: value for key, value in finding.items() if key != "message"} for finding in polish] == place
    assert place[0]["code"] == "must-follow-suit" and place[0]["path"] == "/tricks/5/plays/1/card"
    assert (place[0]["trick"], place[0]["play"]) == (6, 2)


def test_a_miscounted_score_and_a_shared_win_in_italian_and_polish(client):
    italian = [finding["message"] for finding in said(client, MISCOUNTED, "it")]
    assert italian == [
        "Il punteggio di Dennis è dichiarato 41, ma le carte prese valgono 25.",
        "I vincitori dichiarati (Dennis) sono sbagliati: Andrea e Ben e Clara condividono la vittoria "
        "(una decisione di questo servizio)."]
    polish = [finding["message"] for finding in said(client, MISCOUNTED, "pl")]
    assert polish == [
        "Wynik gracza Dennis jest podany jako 41, ale zebrane karty dają 25.",
        "Podani zwycięzcy (Dennis) są błędni: Andrea i Ben i Clara dzielą zwycięstwo (rozstrzygnięcie tego "
        "serwisu)."]


def test_a_stored_game_is_shown_in_the_reader_s_language(client):
    stored = client.post("/api/v1/games", json=REVOKE).get_json()
    page = client.get(stored["links"]["page"] + "?lang=it").get_data(as_text=True)
    assert "su un&#39;uscita di colore rosso pur avendo il rosso" in page
    again = client.get(stored["links"]["page"] + "?lang=pl").get_data(as_text=True)  # the kept report, said again
    assert "na wyjście, którego kolor to czerwony" in again


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=lambda path: path.stem)
def test_every_finding_of_every_sample_is_a_sentence_that_can_be_said_again(path):
    report = registry.validate(json.loads(path.read_text()))[1].to_dict()
    for finding in [*report["errors"], *report["warnings"]]:
        assert isinstance(finding["message"], Text), finding


def test_a_board_in_polish_its_charts_moments_and_table_words(client):
    import re

    page = client.get("/samples/david-goliath/legal-3-players?lang=pl").get_data(as_text=True)
    assert "Wynik, gdyby partia skończyła się po każdej rundzie" in page  # the score chart's title
    assert ">Kto co zebrał<" in page and ">Rundy<" in page
    moments = client.get(re.search(r'data-moments="([^"]+)"', page)[1]).get_json()
    statuses = [step["status"] for step in moments["steps"]]
    assert statuses[:3] == ["Rozdanie", "Runda 1 z 15 · zagranie 1 z 3", "Runda 1 z 15 · zagranie 2 z 3"]
    assert moments["board"]["pile"] == "Profit"


def _hover_boxes(figure: dict, language: Languages) -> set[str]:
    return {render(text, language) for trace in figure["data"] for text in trace.get("hovertext", [])}


def test_the_charts_hover_boxes_in_italian_and_polish():
    # Trick 1: Andrea's R9 is highest and takes R7 and R2; Clara's R2 is lowest and takes the R9 (rule 4).
    report = registry.validate(json.loads((SAMPLES / "legal-3-players.json").read_text()))[1].to_dict()
    assert "<b>Andrea</b> prende R7 R2 al turno 1<br>rosso: 2 carte, 9 punti" in _hover_boxes(
        capture_figure(report), Languages("it"))
    assert "<b>Clara</b> bierze R9 w rundzie 1<br>czerwony: 1 karta, 9 punktów" in _hover_boxes(
        capture_figure(report), Languages("pl"))
    boxes = _hover_boxes(breakdown_figure(report), Languages("pl")) | _hover_boxes(score_figure(report),
                                                                                   Languages("pl"))
    assert not [box for box in boxes if ENGLISH.search(box)]


def test_a_chart_s_error_box_lists_the_findings_in_the_reader_s_language():
    report = registry.validate(REVOKE)[1].to_dict()
    revoke = next(finding for finding in report["errors"] if finding["code"] == "must-follow-suit")
    box = next(iter(_hover_boxes({"data": [trace for trace in score_figure(report)["data"]
                                           if trace["name"] == "Errors"]}, Languages("it"))))
    # each finding by its title in the reader's language, as the key moments name it: never its code
    assert box.startswith(f"<b>Turno {revoke['trick']}</b><br>Non ha risposto al colore (mancata risposta): ")
    assert render(revoke["message"], Languages("it"))[:40] in box


def test_a_played_card_s_colour_agrees_with_the_card_in_polish():
    # karta is feminine, and the object of "zagrywa" is in the accusative: "zagrywa zieloną 7", as the samples'
    # notes write it; the colour named alone keeps its own form ("musi dołożyć kolor zielony")
    labels = {color: render(play_label("Ann", Card(color, 7)), Languages("pl")) for color in COLORS}
    assert labels == {"B": "Ann zagrywa niebieską 7", "Y": "Ann zagrywa żółtą 7", "G": "Ann zagrywa zieloną 7",
                      "R": "Ann zagrywa czerwoną 7", "P": "Ann zagrywa fioletową 7"}
    assert render(play_label("Ann", Card("G", 7)), Languages("it")) == "Ann gioca verde 7"
    assert play_label("Ann", Card("G", 7)) == "Ann plays green 7"

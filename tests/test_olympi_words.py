"""Olympi Cards in Italian and Polish: every sentence the engine says is a Text its catalogues translate
(olympi_replay.words, olympi_replay/locale), in the rulebook's words, while English stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from olympi_replay.disciplines import Rule, sentence
from olympi_replay.engine import ENGINE
from olympi_replay.words import say_n
from replaykit.words import Languages, Text, render
from tests.conftest import compile_catalogues

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games" / "olympi"
ITALIAN, POLISH = Languages("it"), Languages("pl")


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogues():
    compile_catalogues("olympi_replay")


def document(name: str) -> dict:
    return json.loads((SAMPLES / name).read_text(encoding="utf-8"))


def findings_of(name: str) -> list:
    return list(ENGINE.validate(document(name)).findings)


def only_data(text: str) -> bool:
    """A sentence of nothing but names, card codes, numbers and punctuation reads the same in every language."""
    return re.fullmatch(r"[\W\d_]*", text) is not None


@pytest.mark.parametrize("name", sorted(path.name for path in SAMPLES.glob("*.json")))
def test_every_finding_of_every_sample_is_a_text_said_in_italian_and_polish(name):
    for finding in findings_of(name):
        message = finding.message
        assert isinstance(message, Text), (finding.code, message)
        assert message.domain == "olympi_replay"
        italian, polish = render(message, ITALIAN), render(message, POLISH)
        if not only_data(str(message)):
            assert italian != str(message), (finding.code, message)
            assert polish != str(message), (finding.code, message)
            assert italian != polish


def test_the_illegal_samples_have_findings_to_check():
    assert {finding.code for finding in findings_of("illegal-turns.json")} >= {"rule-broken", "wrong-turn"}
    assert {finding.code for finding in findings_of("illegal-claims.json")} >= {"medal-mismatch"}


def said(client, name: str, code: str, language: str | None) -> list[dict]:
    headers = {} if language is None else {"Accept-Language": language}
    answer = client.post("/api/v1/validate", json=document(name), headers=headers)
    return [error for error in answer.get_json()["errors"] if error["code"] == code]


RULE_BROKEN = {
    None: "Chiara's K4 breaks the Nuoto rule (play a card higher than the last card played): the last play was K6.",
    "it": "K4 di Chiara viola la regola di Nuoto (gioca una carta più alta di quella giocata per ultima): "
          "l'ultima giocata era K6.",
    "pl": "K4 gracza Chiara łamie regułę dyscypliny Nuoto (zagraj jedną kartę wyższą niż ostatnia zagrana karta): "
          "ostatnie zagranie to K6.",
}
MEDALS = {
    None: "Race 1's medals are claimed as Ann gold; Bruno gold; Chiara gold, but the retirements give Chiara "
          "bronze; Ann silver; Bruno gold.",
    "it": "Le medaglie della gara 1 sono dichiarate come Ann oro; Bruno oro; Chiara oro, ma i ritiri danno Chiara "
          "bronzo; Ann argento; Bruno oro.",
    "pl": "Medale konkurencji 1 podano jako Ann: złoty; Bruno: złoty; Chiara: złoty, ale z wycofań wynika Chiara: "
          "brązowy; Ann: srebrny; Bruno: złoty.",
}


@pytest.mark.parametrize(("name", "code", "expected"), [("illegal-turns.json", "rule-broken", RULE_BROKEN),
                                                        ("illegal-claims.json", "medal-mismatch", MEDALS)])
def test_a_finding_through_the_api_in_the_readers_language(client, name, code, expected):
    english = said(client, name, code, None)
    assert [error["message"] for error in english] == [expected[None]]
    assert said(client, name, code, "en") == english
    for language in ("it", "pl"):
        translated = said(client, name, code, language)
        assert [error["message"] for error in translated] == [expected[language]]
        # only the words change: the code, the place and the pointer are the same in every language
        assert [{**error, "message": None} for error in translated] == [{**error, "message": None}
                                                                        for error in english]


def test_a_rule_sentence_keeps_its_english_and_is_said_in_the_rulebooks_words():
    rule = Rule("value", op=">", ref="previous")
    text = sentence(rule)
    assert text == "Play a card higher than the last card played. The race's first play has nothing to compare with."
    assert render(text, ITALIAN) == ("Gioca una carta più alta di quella giocata per ultima. La prima giocata della "
                                     "gara non ha nulla con cui confrontarsi.")
    assert render(text, POLISH) == ("Zagraj jedną kartę wyższą niż ostatnia zagrana karta. Pierwsze zagranie w "
                                    "konkurencji nie ma się z czym porównać.")


def test_a_claim_and_a_plural_follow_the_language():
    report = ENGINE.validate(document("illegal-claims.json"))
    (record,) = [finding for finding in report.findings if finding.code == "record-mismatch"]
    assert record.message == "Race 3 claims Bruno set a World Record, but nobody did."
    assert render(record.message, ITALIAN) == ("La gara 3 dichiara che Bruno ha stabilito un Record del Mondo, ma "
                                               "nessuno l'ha stabilito.")
    # Polish: the verb agrees with "gracz" (a player), so a name need not tell a gender.
    assert render(record.message, POLISH) == ("Konkurencja 3 podaje, że rekord świata ustanowił gracz Bruno, ale nikt "
                                              "go nie ustanowił.")
    # Polish has three forms: 1 kartę, 2-4 karty, 5 kart; a turn is "ruch" throughout
    drew = {count: say_n("{player} drew {count} card in turn {number}, but the log lists {listed}.",
                         "{player} drew {count} cards in turn {number}, but the log lists {listed}.", count,
                         player="Ann", number=4, listed=0) for count in (1, 2, 5)}
    assert [str(drew[count]) for count in (1, 2)] == ["Ann drew 1 card in turn 4, but the log lists 0.",
                                                      "Ann drew 2 cards in turn 4, but the log lists 0."]
    assert [render(drew[count], POLISH) for count in (1, 2, 5)] == [
        "Gracz Ann dobiera 1 kartę w ruchu 4, ale zapis wymienia 0.",
        "Gracz Ann dobiera 2 karty w ruchu 4, ale zapis wymienia 0.",
        "Gracz Ann dobiera 5 kart w ruchu 4, ale zapis wymienia 0."]


def test_an_olympi_board_in_polish_its_charts_and_moments(client):
    import re

    page = client.get("/samples/olympi/rulebook-two-players?lang=pl").get_data(as_text=True)
    assert "Punkty zwycięstwa po każdej konkurencji" in page and ">Konkurencje<" in page
    moments = client.get(re.search(r'data-moments="([^"]+)"', page)[1]).get_json()
    steps = {step["id"]: step for step in moments["steps"]}
    assert steps["setup"]["status"] == "Przygotowanie"
    assert steps["race-1-turn-1"]["status"] == "Konkurencja 1 z 9 · ruch 1"
    assert steps["race-1-turn-1"]["story"] == "Ann zagrywa K7."
    assert moments["board"]["pile"] == "Medale"


ENGLISH_IN_A_BOX = re.compile(r"\b(Race|race|after|cards?|dealt|played|drew|retires|passes|stays|turn|in race|"
                              r"no medal|gold|silver|bronze|World Record)\b")


def test_the_charts_hover_boxes_in_italian_and_polish():
    from api.games.olympi.charts import hands_figure, medal_figure, order_figure, vp_figure

    report = ENGINE.validate(json.loads((SAMPLES / "clean-2-players.json").read_text())).to_dict()
    figures = [vp_figure(report), hands_figure(report), order_figure(report), medal_figure(report)]
    for language in (ITALIAN, POLISH):
        boxes = [render(text, language) for figure in figures for trace in figure["data"]
                 for text in trace.get("hovertext", [])]
        assert boxes and not [box for box in boxes if ENGLISH_IN_A_BOX.search(box)]
    # Six cards dealt to each player (rule: the deal), and the scale of points (gold 4, silver 2, bronze 1; this
    # game plays without the World Record variant).
    assert "<b>Ann</b>: 6 carte distribuite" in [render(text, ITALIAN) for text in figures[1]["data"][0]["hovertext"]]
    scale = render(figures[0]["layout"]["annotations"][0]["text"], POLISH)
    assert scale == "złoto 4 · srebro 2 · brąz 1"


def test_a_play_of_a_catalogue_card_s_race_names_the_card_by_its_title_as_every_page_does():
    """The recorder's warning read "W dyscyplinie house-free …" beside pages that call the card by its title."""
    log = {"game": "olympi", "players": ["Ann", "Bo", "Cy"], "disciplines": [
        "house-free", "house-higher", "house-lower", "house-same-colour", "house-other-colour", "house-own-climb",
        "house-middle", "house-higher-or-same-colour", "ciclismo"],
        "races": [{"discipline": "house-free", "turns": [{"player": "Ann", "action": "play", "cards": ["K9", "K9"]}]}]}
    finding = next(finding for finding in ENGINE.validate(log).findings if finding.code == "wrong-card-count")
    assert str(finding.message) == ("House rule: anything goes is played one card at a time; Ann played 2, so the "
                                    "rule was not checked.")
    assert render(finding.message, Languages("pl")).startswith("W dyscyplinie Reguła domowa: wszystko wolno ")


def test_the_last_player_stopping_closes_the_race_in_polish_not_the_game():
    # "kończy grę" read as ending the game: the race (konkurencja) is what the last player's stop closes (a
    # stand-in race: the label asks only whether it is finished)
    from olympi_replay.state_choices import turn_label

    class Finished:
        finished = True

    label = turn_label(Finished(), "Chiara", "retire", [])
    assert label == "Chiara stops playing"
    assert render(label, Languages("pl")) == "Chiara kończy konkurencję"

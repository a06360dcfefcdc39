"""Il Grande Dalmuti in Italian and Polish: every sentence the engine says is a Text its catalogues translate
(dalmuti_replay.words, dalmuti_replay/locale), in the rulebook's words, while English stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dalmuti_replay.choosing import gives
from dalmuti_replay.engine import ENGINE
from dalmuti_replay.rules import rank_title
from dalmuti_replay.words import said_with_an
from replaykit.words import Languages, Text, render
from scripts import messages
from tests.conftest import compile_catalogues

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games" / "grande-dalmuti"
ITALIAN, POLISH = Languages("it"), Languages("pl")


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogues():
    compile_catalogues("dalmuti_replay")


def findings_of(name: str) -> list[dict]:
    report = ENGINE.validate(json.loads((SAMPLES / name).read_text(encoding="utf-8"))).to_dict()
    return [*report["errors"], *report["warnings"]]


def samples_with_findings() -> list[str]:
    return sorted(path.name for path in SAMPLES.glob("*.json") if findings_of(path.name))


def only_data(text: str) -> bool:
    """A sentence of nothing but names, card codes, numbers and punctuation reads the same in every language."""
    return re.fullmatch(r"[\W\d_J]*", text) is not None


@pytest.mark.parametrize("name", samples_with_findings())
def test_every_finding_of_a_sample_is_said_in_italian_and_polish(name):
    for finding in findings_of(name):
        message = finding["message"]
        assert isinstance(message, Text), (finding["code"], message)
        # The words every game's reader shares (names, notes, meta: replaykit.texts) are the core's.
        assert message.domain in ("dalmuti_replay", "replaykit") or finding["code"] == "more-findings"
        italian, polish = render(message, ITALIAN), render(message, POLISH)
        assert italian and polish
        if not only_data(str(message)):
            assert italian != str(message), (finding["code"], message)
            assert polish != str(message), (finding["code"], message)
            assert italian != polish


def test_the_illegal_samples_are_among_those_checked():
    checked = samples_with_findings()
    assert {"illegal-deal.json", "illegal-taxes.json", "illegal-tricks.json", "illegal-schema.json",
            "illegal-players.json", "illegal-options-and-join.json", "wrong-claims-extra-round.json"} <= set(checked)


def _one(name: str, code: str) -> dict:
    return next(finding for finding in findings_of(name) if finding["code"] == code)


def test_a_peons_tax_of_the_wrong_cards_in_the_rulebooks_words():
    message = _one("illegal-taxes.json", "tax-wrong-cards")["message"]
    assert message == "Carla pays 5 12, but the best cards of that hand were 4 5 (a Jester counts 13 here, ruling)."
    assert render(message, ITALIAN) == ("Carla paga 5 12, ma le carte migliori di quella mano erano 4 5 (qui un "
                                        "Giullare vale 13, decisione).")
    assert render(message, POLISH) == ("Carla płaci 5 12, ale najlepsze karty tej ręki to 4 5 (Błazen liczy się tu "
                                       "jako 13, rozstrzygnięcie).")


def test_a_settling_round_revolution_names_the_rulebooks_variant():
    message = _one("illegal-taxes.json", "revolution-invalid")["message"]
    italian = render(message, ITALIAN)
    assert italian.startswith("La Rivoluzione di Carla non è ammessa: la partita 1 è una Mano di assestamento")
    assert render(message, POLISH).startswith("Rewolucja gracza Carla jest niedozwolona: runda 1 jest rundą")


def test_polish_plural_forms_follow_the_number_of_cards():
    """tax-wrong-count: 'kartę' for one, 'karty' for two to four, 'kart' for five and more."""
    from dalmuti_replay.taxes import WRONG_COUNT

    said = {count: render(WRONG_COUNT["great-tax"](count, giver="Anna", receiver="Elena", due=2), POLISH)
            for count in (1, 3, 5)}
    assert said[1] == "Anna przekazuje 1 kartę graczowi Elena; podatek Wielkiego Peona to 2 karty."
    assert said[3] == "Anna przekazuje 3 karty graczowi Elena; podatek Wielkiego Peona to 2 karty."
    assert said[5] == "Anna przekazuje 5 kart graczowi Elena; podatek Wielkiego Peona to 2 karty."
    assert WRONG_COUNT["great-tax"](1, giver="Anna", receiver="Elena", due=2) == \
        "Anna gives 1 card to Elena; the Great Peon's tax is 2 cards."


@pytest.mark.parametrize(("rank", "english", "italian", "polish"), [
    (1, "Great Dalmuti", "Grande Dalmuti", "Wielki Dalmuti"),
    (2, "Little Dalmuti", "Piccolo Dalmuti", "Mały Dalmuti"),
    (3, "merchant", "mercante", "kupiec"),
    (5, "Little Peon", "Piccolo Peone", "Mały Peon"),
    (6, "Great Peon", "Grande Peone", "Wielki Peon"),
])
def test_the_social_classes_are_the_rulebooks(rank, english, italian, polish):
    title = rank_title(rank, 6)
    assert title == english
    assert (render(title, ITALIAN), render(title, POLISH)) == (italian, polish)


def test_the_code_catalogue_and_the_variants_are_said_in_italian():
    summaries = {code.code: code.summary for code in ENGINE.codes}
    assert render(summaries["tax-wrong-cards"], ITALIAN) == \
        "Un Peone non ha consegnato le carte migliori della mano ricevuta."
    helps = {option.name: option.help for option in ENGINE.simulate_options}
    assert render(helps["settling_round"], ITALIAN) == "partita 1 senza tasse né Rivoluzioni (Mano di assestamento)"
    assert render(helps["market"], POLISH) == "pierwszy kupiec wymienia wybraną kartę z innym kupcem"


def test_a_choice_label_and_hint_are_texts_said_in_polish():
    state = ENGINE.new_state({"game": "grande-dalmuti", "players": ["Anna", "Bruno", "Carla", "Dario"]})
    deal = state.choices()[0]
    assert deal.label == "Round 1 is dealt"
    assert render(deal.label, POLISH) == "Rozdanie rundy 1"


def test_two_cards_given_are_listed_as_two_in_every_language():
    label = gives("Fabio", ["1", "5"], "Anna")  # the words of every transfer offered or recorded
    assert label == "Fabio gives 1 and 5 to Anna"
    assert render(label, ITALIAN) == "Anna riceve 1 e 5 da Fabio"
    assert render(label, POLISH) == "Fabio przekazuje 1 i 5 graczowi Anna"


def test_the_web_adapters_sentences_are_in_the_games_catalogue_and_nowhere_else():
    domains = {domain.name: domain for domain in messages.domains()}
    dalmuti = {message.id if isinstance(message.id, str) else message.id[0]
               for message in domains["dalmuti_replay"].extracted()}
    assert {"Cards left: the race to go out", "Great Peon's tax", "Round {round} of {rounds} · before play",
            "Trick {trick} · won by {winner}"} <= dalmuti
    core = {message.id for message in domains["replaykit"].extracted()}
    assert "Cards left: the race to go out" not in core  # the charts import replaykit.words, but not its say


@pytest.mark.parametrize(("value", "article"), [
    (1, "a"), (7, "a"), (8, "an"), (11, "an"), (12, "a"), (18, "an"), (19, "a"), (80, "an"), (88, "an"),
    (100, "a"), (180, "a"), (800, "an"), (1100, "a"), (8000, "an"), (11000, "an"), (18500, "an"), (21000, "a"),
    (800000, "an"), (8000000, "an")])
def test_english_says_an_before_a_number_spoken_from_eight_eleven_or_eighteen(value, article):
    assert ("an" if said_with_an(value) else "a") == article

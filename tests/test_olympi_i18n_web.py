"""Olympi Cards' board in the reader's language: a discipline the log names by an id of the shipped catalogue
(``house-higher``) is shown everywhere by the catalogue's title, translated; a club's own titles are its words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import compile_catalogues

SAMPLES = Path(__file__).parent.parent / "sample_games" / "olympi"
SAMPLE = "/samples/olympi/catalogue-ids"  # race 1 is raced under house-higher, race 2 under ciclismo


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogues():
    compile_catalogues("olympi_replay", "messages")


def outside_findings(page: str) -> str:
    """The page without its findings, whose messages quote the log as it is written (and stay as they are)."""
    return re.sub(r'<section class="panel findings-panel".*?</section>\s*(?=<section class="charts")', "", page,
                  flags=re.S)


@pytest.mark.parametrize(("language", "higher", "cycling"), [
    ("en", "House rule: higher", "Ciclismo"),
    ("it", "Regola della casa: più alto", "Ciclismo"),
    ("pl", "Reguła domowa: wyżej", "Kolarstwo"),
])
def test_a_catalogue_discipline_is_shown_by_its_title_in_the_readers_language(client, language, higher, cycling):
    page = client.get(f"{SAMPLE}?lang={language}").get_data(as_text=True)
    shown = outside_findings(page)
    assert re.search(rf'class="olympi-discipline">{re.escape(higher)}<', shown)  # the list of races
    assert re.search(rf'class="key key-[a-z]+"[^>]*>[^<]*{re.escape(higher)}[^<]*</a>', shown)  # the race's winner
    assert f"({higher})" in shown  # the charts' hover texts
    assert re.search(rf'class="olympi-discipline">{re.escape(cycling)}<', shown)
    assert "house-higher" not in shown and "House rule" not in shown.replace(higher, "")
    moments = client.get(f"{SAMPLE}/moments.json?lang={language}").get_data(as_text=True)
    assert f"· {higher}" in moments  # the table's label during race 1
    assert "house-higher" not in moments


@pytest.mark.parametrize(("language", "retires", "one_unseen"), [
    ("en", "retires", "1 unseen"), ("it", "si ritira", "1 non vista"), ("pl", "wycofuje się", "1 niewidoczna")])
def test_a_retirement_the_race_had_no_place_for_and_one_unseen_card_are_said_in_the_readers_words(
        client, language, retires, one_unseen):
    # Race 4 of the sample ends as Dario retires last, a retirement with no place of its own: its list showed
    # the log's bare "retire" in every language; Bruno's draw of one card unseen read "1 non viste".
    page = client.get(f"/samples/olympi/clean-4-players-no-deal?lang={language}").get_data(as_text=True)
    last = re.search(r'data-step-id="race-4-turn-7">.*?</li>', page, re.S).group(0)
    assert f'<span class="olympi-retire">{retires}</span>' in last
    assert f"{one_unseen}</span>" in page and ">retire<" not in page


@pytest.mark.parametrize(("language", "postponed"), [("it", "Regola della casa: più basso posticipata"),
                                                     ("pl", "Reguła domowa: niżej (odłożona)")])
def test_a_catalogue_discipline_postponed_is_shown_by_its_title_in_the_readers_language(client, language,
                                                                                         postponed):
    """The list of races said a postponed card by its English title on an Italian page."""
    log = json.loads((SAMPLES / "catalogue-ids.json").read_text())
    log["races"][1]["postponed"] = "house-lower"  # revealed before Ciclismo, and put under the pile
    page = client.get(client.post("/api/v1/games", json=log).get_json()["links"]["page"] + f"?lang={language}")
    shown = page.get_data(as_text=True)
    assert f'class="olympi-postponed">{postponed}<' in shown
    assert "House rule: lower" not in shown

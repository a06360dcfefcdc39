"""The notes written inside the sample logs, translated (``notes.<language>.toml`` in the game's samples
folder, needed once a sample has a note): every note has its Italian and Polish, a page in that language
shows them, and a translated log keeps the sample's verdict and findings exactly (issue 30, item 9)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from api import homes, samples, web
from replaykit import registry


def notes(value: object, path: str = "") -> dict[str, str]:
    """Every note of a log by its JSON pointer."""
    if isinstance(value, dict):
        found = {}
        for key, item in value.items():
            is_note = key == "note" and isinstance(item, str)
            found.update({f"{path}/note": item} if is_note else notes(item, f"{path}/{key}"))
        return found
    if isinstance(value, list):
        return {pointer: note for index, item in enumerate(value)
                for pointer, note in notes(item, f"{path}/{index}").items()}
    return {}


@pytest.fixture
def shipped(app):
    with app.app_context():
        yield web.services().samples


@pytest.mark.parametrize("language", ["it", "pl"])
def test_every_note_of_every_sample_log_is_translated_and_nothing_else(shipped, language):
    for (game, slug), sample in shipped.items():
        written = notes(sample.document)
        path = homes.folder(registry.engines()[game], "samples") / f"notes.{language}.toml"
        table = tomllib.loads(path.read_text(encoding="utf-8")) if written or path.exists() else {}
        translated = table.get(f"{slug}.json", {})
        assert set(translated) == set(written), (game, slug)
        assert all(text.strip() and text != written[pointer] for pointer, text in translated.items()), (game, slug)


def findings(report: dict) -> list[tuple]:
    return [(finding["code"], finding["severity"], finding["path"], finding.get("player"))
            for finding in report["errors"] + report["warnings"]]


@pytest.mark.parametrize("language", ["it", "pl"])
def test_a_translated_log_keeps_the_sample_s_verdict_and_findings(shipped, language):
    for key, sample in shipped.items():
        told = sample.verdict_in(language)
        if not notes(sample.document):
            assert told is sample.verdict
            continue
        assert told.report["valid"] == sample.report["valid"], key
        assert told.report.get("complete") == sample.report.get("complete"), key
        assert findings(told.report) == findings(sample.report), key
        assert told.key == f"{sample.verdict.key}@{language}"


def test_an_italian_and_a_polish_page_show_the_notes_translated(client):
    italian = client.get("/samples/david-goliath/illegal-revoke?lang=it").get_data(as_text=True)
    assert "Mancata risposta al colore: Clara ha ancora il 9 rosso" in italian and "Revoke:" not in italian
    polish = client.get("/samples/david-goliath/illegal-revoke/moments.json?lang=pl").get_json()
    story = next(step["story"] for step in polish["steps"] if step["id"] == "trick-6-play-2")
    assert "Niedołożenie do koloru: Clara ma jeszcze czerwoną 9" in story
    english = client.get("/samples/david-goliath/illegal-revoke?lang=en").get_data(as_text=True)
    assert "Revoke: Clara still holds red 9" in english


def test_a_translation_of_a_note_the_log_does_not_have_is_left_out(caplog):
    log = {"tricks": [{"plays": [{"player": "Ann", "card": "R1", "note": "A note."}]}]}
    kept = samples._pointing(log, {"/tricks/0/plays/0/note": "Una nota.", "/tricks/0/plays/0/card": "R2",
                                   "/tricks/3/note": "Nessuna."}, Path("x.json"))
    assert kept == {"/tricks/0/plays/0/note": "Una nota."}
    assert "no note at /tricks/0/plays/0/card" in caplog.text and "no note at /tricks/3/note" in caplog.text


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_a_field_named_in_a_sample_s_notes_is_set_as_code(client, language):
    # "recorded without `hands`" showed its backticks on the page
    page = client.get(f"/samples/david-goliath/legal-4-players?lang={language}").get_data(as_text=True)
    notes = page.split('<p class="notes">', 1)[1].split("</p>", 1)[0]
    assert "<code>hands</code>" in notes and "`" not in notes

"""The discipline catalogue: the shipped file, a club's own file through OLYMPI_DISCIPLINES, and logs that
name disciplines by catalogue id."""

from __future__ import annotations

import json

import pytest

from olympi_replay import catalogue, validate
from olympi_replay.catalogue import ENVIRONMENT, SHIPPED, main, read
from replaykit.words import Languages, render
from tests.olympi_helpers import codes, only, place

ITALIAN, POLISH = Languages("it"), Languages("pl")


def test_the_shipped_catalogue_is_clean_and_claims_no_real_card():
    shipped = read(SHIPPED)
    assert shipped.problems == []
    assert len(shipped.entries) == 9
    assert shipped.entries["ciclismo"].rule is None and shipped.entries["ciclismo"].cards_per_play == 2
    raw = json.loads(SHIPPED.read_text())["disciplines"]
    for identifier, entry in raw.items():
        if identifier != "ciclismo":
            assert entry["house_rule"] is True and "not a real card" in entry["note"]


def catalogue_log(ids):
    return {"game": "olympi", "players": ["Ann", "Bruno", "Chiara"], "first_player": "Ann", "disciplines": ids,
            "races": [{"discipline": ids[0], "turns": [
                {"player": "Ann", "action": "play", "cards": ["K5"]},
                {"player": "Bruno", "action": "play", "cards": ["K3"]}]}]}


def test_a_log_may_name_disciplines_by_id():
    ids = list(read(SHIPPED).entries)
    ids.insert(0, ids.pop(ids.index("house-higher")))
    report = validate(catalogue_log(ids))
    finding = only(report, "rule-broken")
    assert place(finding) == (1, 2, "Bruno", "/races/0/turns/1/cards")
    described = report.to_dict()["disciplines"][0]
    assert described["source"] == "catalogue" and described["title"] == "House rule: higher"


def test_an_unknown_id_is_reported_and_replayed_without_rule_or_card_count():
    ids = list(read(SHIPPED).entries)
    ids[0] = "nuoto-olimpico"
    log = catalogue_log(ids)
    log["races"][0]["turns"][0]["cards"] = ["K5", "K6", "K7"]
    report = validate(log)
    assert place(only(report, "unknown-discipline")) == (None, None, None, "/disciplines/0")
    assert "wrong-card-count" not in codes(report)
    assert place(only(report, "unchecked-rule")) == (1, None, None, "/races/0/discipline")


def test_a_club_file_overrides_the_shipped_one(tmp_path, monkeypatch):
    club = tmp_path / "club.json"
    club.write_text(json.dumps({"disciplines": {"nuoto": {"title": "Nuoto (club)", "rule": {"value_in": [1, 4]}},
                                                "broken": {"title": "Broken", "rule": {"value": "?"}}}}))
    monkeypatch.setenv(ENVIRONMENT, str(club))
    assert set(catalogue.current().entries) == {"nuoto"}
    report = validate(catalogue_log(["nuoto"] + [f"x{index}" for index in range(8)]))
    assert place(only(report, "rule-broken")) == (1, 1, "Ann", "/races/0/turns/0/cards")
    club.write_text(json.dumps({"disciplines": {}}))
    import os

    os.utime(club, ns=(1, 1))  # a new modification time: the edit is picked up without a restart
    assert catalogue.current().entries == {}


@pytest.mark.parametrize("content,fragment", [
    ("not json", "cannot be read"),
    ("[]", '"disciplines" object'),
    ('{"disciplines": {"a": 1, "": {}}}', "1 to 40"),
    ('{"disciplines": {"a": {"title": "A", "house_rule": "yes"}}}', '"house_rule"'),
])
def test_a_bad_catalogue_never_raises(tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    path.write_text(content)
    found = read(path)
    assert any(fragment in problem for problem in found.problems)
    assert read(tmp_path / "missing.json").problems


def test_the_checker_prints_sentences_and_fails_on_problems(tmp_path, capsys):
    assert main([str(SHIPPED)]) == 0
    assert "house-higher (House rule: higher): Play a card higher than the last card played." in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text('{"disciplines": {"a": {"rule": {}}}}')
    assert main([str(bad)]) == 1
    assert "problem at /disciplines/a/title" in capsys.readouterr().out


def test_the_shipped_titles_are_said_in_the_readers_language_and_a_clubs_as_written(tmp_path):
    shipped = read(SHIPPED).entries
    assert (str(shipped["house-higher"].title), render(shipped["house-higher"].title, ITALIAN),
            render(shipped["house-higher"].title, POLISH)) == (
        "House rule: higher", "Regola della casa: più alto", "Reguła domowa: wyżej")
    assert render(shipped["ciclismo"].title, POLISH) == "Kolarstwo"
    club = tmp_path / "club.json"
    club.write_text(json.dumps({"disciplines": {"nuoto": {"title": "House rule: higher"}}}))
    assert render(read(club).entries["nuoto"].title, ITALIAN) == "House rule: higher"


def test_a_catalogue_card_without_rule_is_warned_of_by_its_title_in_the_reader_s_language():
    ids = list(read(SHIPPED).entries)
    ids.insert(0, ids.pop(ids.index("ciclismo")))
    log = catalogue_log(ids)
    log["races"][0]["turns"] = [{"player": "Ann", "action": "play", "cards": ["K5", "K6"]}]
    finding = only(validate(log), "unchecked-rule")
    # the card's title, as the steps and the key moments call it, never its id
    assert str(finding.message).startswith("Cards were played in the Ciclismo race, but the discipline declares")
    assert render(finding.message, Languages("pl")).startswith("W konkurencji Kolarstwo zagrano karty")

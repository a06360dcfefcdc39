"""The message catalogues: every sentence of the code is translated into every language, keeping its
placeholders (scripts.messages)."""

from __future__ import annotations

import pytest

from scripts import messages

DOMAINS = {domain.name: domain for domain in messages.domains()}


@pytest.mark.parametrize("language", messages.LANGUAGES)
@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_every_sentence_in_the_code_is_translated_with_its_placeholders(name, language):
    assert messages.problems(DOMAINS[name], language) == []


def test_the_catalogues_cover_the_web_the_scripts_the_core_and_every_installed_game():
    assert {"messages", "scripts", "replaykit", "dg_replay", "dalmuti_replay", "olympi_replay"} <= set(DOMAINS)


def test_a_translation_that_drops_or_adds_a_placeholder_is_found(tmp_path):
    (tmp_path / "it" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "code.py").write_text('say("{player} plays {card}.")\nsay("Hello")\nsay("Left out")\n')
    (tmp_path / "it" / "LC_MESSAGES" / "toy.po").write_text(
        'msgid "{player} plays {card}."\nmsgstr "{player} gioca."\n\n'
        'msgid "Hello"\nmsgstr "Ciao {name}"\n', encoding="utf-8")
    domain = messages.Domain("toy", tmp_path, (("**.py", "python"),), messages.ENGINE_KEYWORDS, tmp_path)
    found = messages.problems(domain, "it")
    assert len(found) == 3
    assert "changes the placeholders of '{player} plays {card}.'" in found[0]
    assert "changes the placeholders of 'Hello'" in found[1]
    assert "no translation of 'Left out'" in found[2]


def test_placeholders_of_both_styles_are_read():
    assert messages.placeholders("{player} has %(count)d cards of {suit}") == {"player", "count", "suit"}

"""``scripts.messages extract`` rewrites only the catalogues whose messages changed, and the Babel that writes
them is the one pyproject.toml pins: an unrelated catalogue keeps its bytes whatever wrapping a translator
or another Babel gave it."""

from __future__ import annotations

import re
import shutil
import tomllib
from dataclasses import replace
from importlib.metadata import version

from scripts import messages
from tests.conftest import ROOT

# As a translator might leave it: an older header, and a long translation broken where they chose.
KEPT = """\
# Italian translations for Card Replay.
msgid ""
msgstr ""
"Project-Id-Version: Card Replay VERSION\\n"
"POT-Creation-Date: 2020-01-02 03:04+0000\\n"
"Language: it\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Generated-By: Babel 2.0\\n"

#: code.py:1
msgid "The deck is short."
msgstr "Il mazzo è corto."

#: code.py:2
msgid "A card that was played twice in the same trick, by the same player or by another one."
msgstr ""
"Una carta giocata due volte nella stessa presa, "
"dallo stesso giocatore o da un altro."
"""


# The sentences KEPT translates, as a module says them.
SOURCE = ('say("The deck is short.")\nsay("A card that was played twice in the same trick, by the same player or by '
          'another one.")\n')


def toy_domain(tmp_path, code: str) -> messages.Domain:
    (tmp_path / "code.py").write_text(code)
    return messages.Domain("toy", tmp_path, (("**.py", "python"),), messages.ENGINE_KEYWORDS, tmp_path / "locale")


def test_a_catalogue_whose_messages_did_not_change_keeps_its_bytes(tmp_path):
    domain = toy_domain(tmp_path, SOURCE)
    domain.po("it").parent.mkdir(parents=True)
    domain.po("it").write_text(KEPT, encoding="utf-8")
    messages.extract(domain, ("it",))
    assert domain.po("it").read_text(encoding="utf-8") == KEPT


def test_a_catalogue_whose_messages_changed_is_rewritten_with_its_translations_kept(tmp_path):
    domain = toy_domain(tmp_path, SOURCE + 'say("No trumps.")\n')
    domain.po("it").parent.mkdir(parents=True)
    domain.po("it").write_text(KEPT, encoding="utf-8")
    messages.extract(domain, ("it",))
    catalog = messages.read(domain.po("it"), "it")
    assert catalog.get("The deck is short.").string == "Il mazzo è corto."
    assert catalog.get("No trumps.").string == ""
    assert catalog.get("No trumps.").locations == [("code.py", 3)]


def entries(catalog) -> list[tuple]:
    return [(message.id, message.context, message.string, message.locations, sorted(message.flags),
             message.auto_comments) for message in catalog if message.id]


def test_extract_leaves_every_catalogue_of_the_repository_whose_messages_are_current_byte_identical(tmp_path):
    checked = 0
    for domain in messages.domains():
        copied = replace(domain, catalogues=tmp_path / domain.name)
        for language in messages.LANGUAGES:
            copied.po(language).parent.mkdir(parents=True)
            shutil.copyfile(domain.po(language), copied.po(language))
        messages.extract(copied)
        for language in messages.LANGUAGES:
            before, after = domain.po(language), copied.po(language)
            if entries(messages.read(before, language)) == entries(messages.read(after, language)):
                assert after.read_bytes() == before.read_bytes(), f"{before.relative_to(ROOT)} was re-written"
                checked += 1
    assert checked  # at least one catalogue was in step with its code


def test_the_catalogues_were_written_by_the_babel_that_is_pinned_and_installed():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    (pin,) = [re.fullmatch(r"Babel==([\d.]+)", line)[1] for line in project["dependencies"]
              if line.lower().startswith("babel")]
    assert version("babel") == pin
    for domain in messages.domains():
        for language in messages.LANGUAGES:
            header = domain.po(language).read_text(encoding="utf-8").split("\n\n", 1)[0]
            assert f'"Generated-By: Babel {pin}\\n"' in header, domain.po(language)

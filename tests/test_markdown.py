"""The project's documents as pages: Markdown forms become escaped blocks; each game's rulings and log
format pages are its documents in docs/games/<game>/."""

import re

import pytest
from markupsafe import escape

from api.i18n import LANGUAGES
from api.markdown import blocks, first_code, inline
from tests.conftest import ROOT


def test_markdown_forms_become_blocks():
    found = blocks("# Title\n\nSome `code` and **bold** <b>x</b>.\n\n## Part\n\n- one\n  continued\n- two\n\n"
                   "| a | b |\n|---|---|\n| `1` | <i> |\n\n```json\n{\"x\": \"<b>\"}\n```\n\n### Small")
    assert [block["kind"] for block in found] == ["title", "paragraph", "heading", "list", "table", "code",
                                                   "subheading"]
    assert str(found[1]["text"]) == "Some <code>code</code> and <strong>bold</strong> &lt;b&gt;x&lt;/b&gt;."
    assert [str(item) for item in found[3]["items"]] == ["one continued", "two"]
    assert [str(cell) for cell in found[4]["rows"][0]] == ["<code>1</code>", "&lt;i&gt;"]
    assert found[5] == {"kind": "code", "language": "json", "text": '{"x": "<b>"}'}
    assert found[2]["id"] == "part"


def test_one_asterisk_each_side_of_a_word_is_emphasis_and_nothing_else_is():
    # The rulings' "*play*" and "*reference*" were shown with their asterisks.
    assert str(inline("The *play* and *la giocata* are **bold**.")) == \
        "The <em>play</em> and <em>la giocata</em> are <strong>bold</strong>."
    assert str(inline("2 * 3 * 4, a*b*c, * spaced *, and `*code*`")) == \
        "2 * 3 * 4, a*b*c, * spaced *, and <code>*code*</code>"


def test_the_first_example_of_a_language_is_found():
    assert first_code("text\n\n```sh\nls\n```\n\n```json\n[1]\n```\n") == "[1]"
    assert first_code("no code") is None


def test_the_rulings_page_shows_every_ruling_of_the_document(client):
    page = client.get("/rules/david-goliath").get_data(as_text=True)
    document = (ROOT / "docs" / "games" / "david-goliath" / "rulings.md").read_text()
    headings = [line[3:] for line in document.splitlines() if line.startswith("## ")]
    assert len(headings) == 4 and all(str(escape(heading)) in page for heading in headings)
    assert "<strong>Shared wins.</strong>" in page and "<strong>A name listed twice</strong>" in page


def test_the_games_page_links_every_game_and_unknown_games_are_404(client):
    page = client.get("/rules").get_data(as_text=True)
    assert 'href="/rules/david-goliath"' in page and 'href="/format/david-goliath"' in page
    assert client.get("/rules/no-such-game").status_code == 404
    assert client.get("/format/no-such-game").status_code == 404


def test_a_translation_keeps_the_original_s_anchors():
    original = "# Rules\n\n## The deal\n\ntext\n\n### Ties"
    found = blocks("# Regole\n\n## La distribuzione\n\ntesto\n\n### Pareggi", original=original)
    assert [block.get("id") for block in found] == ["rules", "the-deal", None, "ties"]
    assert str(found[1]["text"]) == "La distribuzione"
    # A translation whose headings do not line up keeps its own anchors rather than misplacing them.
    assert blocks("# Regole\n\n## Uno\n\n## Due", original=original)[2]["id"] == "due"


def _shape(block: dict) -> tuple:
    if block["kind"] == "list":
        return ("list", len(block["items"]))
    if block["kind"] == "table":
        return ("table", len(block["head"]), [len(row) for row in block["rows"]])
    if block["kind"] == "code":
        return ("code", block["language"], block["text"])
    return (block["kind"],)


CODE_SPAN = re.compile(r"(?<!`)`[^`]+`(?!`)")
FENCED = re.compile(r"^```.*?^```", re.M | re.S)


def _code_spans(markdown: str) -> list[str]:
    """Every `code` span outside the examples, its wrapping undone: a translation may wrap lines elsewhere."""
    return sorted(" ".join(span.split()) for span in CODE_SPAN.findall(FENCED.sub("", markdown)))


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
@pytest.mark.parametrize("document", [path for path in sorted((ROOT / "docs" / "games").glob("*/*.md"))
                                      if len(path.suffixes) == 1],
                         ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_game_document_is_translated_block_for_block(document, language):
    """Same blocks in the same order, examples byte for byte, every `code` span kept: only prose differs."""
    translation = document.with_name(f"{document.stem}.{language}.md")
    assert translation.is_file(), f"{translation.relative_to(ROOT)} is missing"
    english, translated = document.read_text(encoding="utf-8"), translation.read_text(encoding="utf-8")
    assert [_shape(block) for block in blocks(translated)] == [_shape(block) for block in blocks(english)]
    assert _code_spans(translated) == _code_spans(english)
    assert translated != english


def test_the_rulings_page_is_in_the_reader_s_language_with_the_same_anchors(client):
    page = client.get("/rules/olympi", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    english = client.get("/rules/olympi?lang=en").get_data(as_text=True)
    assert '<article class="panel prose" lang="pl">' in page and "has not been translated" not in page
    assert 'id="rulings-of-the-contract"' in page and 'id="rulings-of-the-contract"' in english
    assert "Rulings of the contract" in english and "Rulings of the contract" not in page
    assert "<code>postpone-not-allowed</code>" in page


def test_an_untranslated_document_is_shown_in_english_and_says_so(client):
    page = client.get("/rules/toy?lang=it").get_data(as_text=True)
    assert "highest card takes the trick" in page and '<article class="panel prose" lang="en">' in page
    assert "non è ancora tradotta" in page
    assert "non è ancora tradotta" not in client.get("/rules/olympi?lang=it").get_data(as_text=True)

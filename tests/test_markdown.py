"""The project's documents as pages: Markdown forms become escaped blocks; each game's rulings and log
format pages are its documents in docs/games/<game>/."""

from markupsafe import escape

from api.markdown import blocks, first_code
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

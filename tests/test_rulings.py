"""The rules page is docs/RULINGS.md, escaped and placed."""

from markupsafe import escape

from api.pages import rule_blocks
from tests.conftest import ROOT


def test_markdown_forms_become_rule_blocks():
    found = rule_blocks("# Title\n\nSome `code` and **bold** <b>x</b>.\n\n## Part\n\n- one\n  continued\n- two")
    assert [block["kind"] for block in found] == ["title", "paragraph", "heading", "list"]
    assert str(found[1]["text"]) == "Some <code>code</code> and <strong>bold</strong> &lt;b&gt;x&lt;/b&gt;."
    assert [str(item) for item in found[3]["items"]] == ["one continued", "two"]


def test_the_page_shows_every_ruling_of_the_document(client):
    page = client.get("/rules").get_data(as_text=True)
    document = (ROOT / "docs" / "RULINGS.md").read_text()
    headings = [line[3:] for line in document.splitlines() if line.startswith("## ")]
    assert len(headings) == 3 and all(str(escape(heading)) in page for heading in headings)
    assert "<strong>Shared wins.</strong>" in page and "<strong>A name listed twice</strong>" in page

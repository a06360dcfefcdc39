"""The user documents of Il Grande Dalmuti: the format page's example validates clean, and both pages use
only the Markdown forms the site renders."""

import json
import re
from pathlib import Path

import pytest

from dalmuti_replay import validate

FOLDER = Path(__file__).resolve().parents[1] / "docs" / "games" / "grande-dalmuti"
PAGES = sorted(FOLDER.glob("*.md"))


def test_the_format_example_validates_with_no_finding():
    text = (FOLDER / "format.md").read_text(encoding="utf-8")
    example = re.search(r"^```json\n(.*?)^```", text, re.M | re.S).group(1)
    report = validate(json.loads(example))
    assert report.findings == [] and report.complete


def test_both_pages_exist_in_every_language():
    assert {page.name for page in PAGES} == {"format.md", "rulings.md", "format.it.md", "rulings.it.md",
                                             "format.pl.md", "rulings.pl.md"}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_only_the_rendered_markdown_forms(page):
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"^```json\n.*?^```\n", "", text, flags=re.M | re.S)
    for line in text.splitlines():
        assert not line.startswith("###"), line
        assert not re.match(r"\s*(\* |\d+\. |> )", line), line
        assert "](" not in line and "__" not in line, line

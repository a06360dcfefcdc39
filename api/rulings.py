"""The "Rules and rulings" page's content, read from docs/RULINGS.md so the page and the document never
differ. Only the few Markdown forms that file uses are understood: ``#``/``##`` headings, ``-`` lists
(with continuation lines), paragraphs, ``**bold**`` and ```code```. Everything is escaped first.
"""

from __future__ import annotations

import re
from pathlib import Path

from markupsafe import Markup, escape

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`(.+?)`")


def inline(text: str) -> Markup:
    html = str(escape(text))
    html = _CODE.sub(r"<code>\1</code>", html)
    return Markup(_BOLD.sub(r"<strong>\1</strong>", html))


def blocks(markdown: str) -> list[dict]:
    """``[{"kind": "title" | "heading" | "paragraph" | "list", "text": Markup, "items": [Markup]}]``."""
    found: list[dict] = []
    for chunk in re.split(r"\n\s*\n", markdown.strip()):
        lines = chunk.splitlines()
        first = lines[0]
        if first.startswith("## "):
            found.append({"kind": "heading", "text": inline(first[3:])})
        elif first.startswith("# "):
            found.append({"kind": "title", "text": inline(first[2:])})
        elif first.startswith("- "):
            items: list[str] = []
            for line in lines:
                if line.startswith("- "):
                    items.append(line[2:])
                else:
                    items[-1] += " " + line.strip()
            found.append({"kind": "list", "items": [inline(item) for item in items]})
        else:
            found.append({"kind": "paragraph", "text": inline(" ".join(line.strip() for line in lines))})
    return found


def load(path: Path) -> list[dict]:
    return blocks(path.read_text(encoding="utf-8"))

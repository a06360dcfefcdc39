"""The few Markdown forms the project's own documents use, turned into blocks a template places.

The rulings and log-format pages are the files in ``docs/games/<game>/`` themselves, so page and document
never differ. Understood: ``#``/``##``/``###`` headings, paragraphs, ``-`` lists with continuation lines,
fenced code blocks, pipe tables, and inline **bold**, *emphasis* and `code`. Everything is escaped first.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

_BOLD = re.compile(r"\*\*(.+?)\*\*")
# One asterisk each side, touching a word on the inside and no word or asterisk outside: "2 * 3" stays as it is.
_EMPHASIS = re.compile(r"(?<![*\w])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![*\w])")
_CODE = re.compile(r"`(.+?)`")
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```\s*$", re.M | re.S)


def inline(text: str) -> Markup:
    # code spans are taken as they are: an asterisk in code is no emphasis
    parts = _CODE.split(str(escape(text)))
    for index in range(0, len(parts), 2):
        parts[index] = _EMPHASIS.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", parts[index]))
    for index in range(1, len(parts), 2):
        parts[index] = f"<code>{parts[index]}</code>"
    return Markup("".join(parts))


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _text_blocks(markdown: str) -> list[dict]:
    found: list[dict] = []
    for chunk in re.split(r"\n\s*\n", markdown.strip()):
        lines = chunk.splitlines()
        if not lines:
            continue
        first = lines[0]
        heading = re.match(r"(#{1,3}) (.*)", first)
        if heading:
            kind = {1: "title", 2: "heading", 3: "subheading"}[len(heading.group(1))]
            found.append({"kind": kind, "text": inline(heading.group(2)), "id": slug(heading.group(2))})
            if len(lines) > 1:
                found.extend(_text_blocks("\n".join(lines[1:])))
        elif first.startswith("- "):
            items: list[str] = []
            for line in lines:
                if line.startswith("- "):
                    items.append(line[2:])
                else:
                    items[-1] += " " + line.strip()
            found.append({"kind": "list", "items": [inline(item) for item in items]})
        elif first.startswith("|") and len(lines) >= 2 and set(lines[1].replace("|", "").strip()) <= set("-: "):
            found.append({"kind": "table", "head": [inline(cell) for cell in _cells(first)],
                          "rows": [[inline(cell) for cell in _cells(line)] for line in lines[2:]]})
        else:
            found.append({"kind": "paragraph", "text": inline(" ".join(line.strip() for line in lines))})
    return found


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def blocks(markdown: str, original: str | None = None) -> list[dict]:
    """``[{"kind": "title" | "heading" | "subheading" | "paragraph" | "list" | "table" | "code", …}]``.

    A translation keeps the ``original``'s heading anchors, so a link to ``#rulings-of-the-contract`` lands
    on the same section in every language.
    """
    found: list[dict] = []
    position = 0
    for fence in _FENCE.finditer(markdown):
        found.extend(_text_blocks(markdown[position:fence.start()]))
        found.append({"kind": "code", "language": fence.group(1), "text": fence.group(2).rstrip("\n")})
        position = fence.end()
    found.extend(_text_blocks(markdown[position:]))
    if original is not None:
        originals = [block for block in blocks(original) if "id" in block]
        headings = [block for block in found if "id" in block]
        if [block["kind"] for block in originals] == [block["kind"] for block in headings]:
            for heading, anchor in zip(headings, originals, strict=True):
                heading["id"] = anchor["id"]
    return found


def first_code(markdown: str, language: str = "json") -> str | None:
    """The first fenced block of ``language``: a document's example, which tests validate."""
    return next((block["text"] for block in blocks(markdown) if block["kind"] == "code"
                 and block["language"] == language), None)

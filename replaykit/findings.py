"""The one finding type, and the RFC 6901 JSON pointers that say where in the document each one is.

Schema problems and rule violations are reported the same way, by every game.

A user's mistake is never an exception. Validators collect findings and carry on, so a report lists
every problem with its position: the JSON pointer, the player, and the game's own units (trick and play
for one game, round, trick and play for another, race and turn for a third), 1-based as players count.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"
SCHEMA = "schema"

Where = tuple[tuple[str, int | None], ...]


def escape(token: object) -> str:
    """One reference token: ``~`` and ``/`` in object keys must be escaped or the pointer changes meaning."""
    text = str(token)
    if "~" in text or "/" in text:
        return text.replace("~", "~0").replace("/", "~1")
    return text


def pointer(*tokens: object) -> str:
    """Join tokens (keys or 0-based indexes) into a pointer; no tokens is the whole document, ``""``."""
    return "".join("/" + escape(token) for token in tokens)


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def tokens(path: str) -> list[str]:
    """The reference tokens of a pointer, unescaped; ``""`` (the whole document) has none."""
    return [unescape(token) for token in path.split("/")[1:]] if path else []


def anchor(where: Where) -> str:
    """A deep-link id for a position, e.g. ``round-2-trick-3-play-4``; ``""`` when it has no unit."""
    return "-".join(f"{unit}-{number}" for unit, number in where if number is not None)


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem. ``where`` holds the game's units, outermost first, each present even when null
    (its report format lists them all): ``(("trick", 3), ("play", 2))``."""

    code: str
    severity: str
    message: str
    player: str | None = None
    path: str = ""
    where: Where = ()

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def unit(self, name: str) -> int | None:
        for unit, number in self.where:
            if unit == name:
                return number
        return None

    def within(self, unit: str, number: int, base: str) -> Finding:
        """The same finding seen from an enclosing document (a match): numbered by ``unit``, under ``base``."""
        return Finding(self.code, self.severity, self.message, self.player, base + self.path,
                       ((unit, number), *self.where))

    def to_dict(self) -> dict:
        data = {"code": self.code, "severity": self.severity, "message": self.message}
        data.update(self.where)
        data["player"] = self.player
        data["path"] = self.path
        return data

    def location(self) -> str:
        """Compiler-style position, e.g. ``game 2, trick 3, play 2 (Clara)``."""
        where = ", ".join(f"{unit} {number}" for unit, number in self.where if number is not None)
        where = where or self.path or "document"
        if self.player is not None:
            where += f" ({self.player})"
        return where


def split(findings: list[Finding]) -> tuple[list[dict], list[dict]]:
    """A report's ``errors`` and ``warnings``, in the order the findings were made."""
    errors: list[dict] = []
    warnings: list[dict] = []
    for finding in findings:
        (errors if finding.is_error else warnings).append(finding.to_dict())
    return errors, warnings

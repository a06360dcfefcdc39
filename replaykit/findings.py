"""The one finding type, and the RFC 6901 JSON pointers that say where in the document each one is.

Schema problems and rule violations are reported the same way.

A user's mistake is never an exception. Validators collect findings and carry on, so a report lists
every problem with its position: trick and play (1-based, as players count), player, and a JSON pointer.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


def escape(token: object) -> str:
    """One reference token: ``~`` and ``/`` in object keys must be escaped or the pointer changes meaning."""
    text = str(token)
    if "~" in text or "/" in text:
        return text.replace("~", "~0").replace("/", "~1")
    return text


def pointer(*tokens: object) -> str:
    """Join tokens (keys or 0-based indexes) into a pointer; no tokens is the whole document, ``""``."""
    return "".join("/" + escape(token) for token in tokens)


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    severity: str
    message: str
    trick: int | None = None
    play: int | None = None
    player: str | None = None
    path: str = ""
    game: int | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def in_game(self, game: int, base: str) -> Finding:
        """The same finding seen from a match log: numbered by game, its path under that game."""
        return Finding(self.code, self.severity, self.message, self.trick, self.play, self.player,
                       base + self.path, game)

    def to_dict(self) -> dict:
        data = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "trick": self.trick,
            "play": self.play,
            "player": self.player,
            "path": self.path,
        }
        if self.game is not None:
            data["game"] = self.game
        return data

    def location(self) -> str:
        """Compiler-style position, e.g. ``game 2, trick 3, play 2 (Clara)``."""
        parts = []
        if self.game is not None:
            parts.append(f"game {self.game}")
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.play is not None:
            parts.append(f"play {self.play}")
        where = ", ".join(parts) or (self.path or "document")
        if self.player is not None:
            where += f" ({self.player})"
        return where

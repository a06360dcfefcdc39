"""What every log shares, whatever its game: player names, free-text notes and ``meta``, bounded once here.

Each game's log format has its own shape, but the same free text rides along in all of them: names of
1 to 40 characters (every spec says so), notes on plays, tricks, rounds, races, and a free ``meta`` object
whose ``title`` and ``notes`` head every page. Free text is the cheapest place for a client to pack
megabytes, so its bounds are the core's: ``TextLimits`` holds them (each a ``LOG_MAX_<NAME>`` setting, like
a game's own limits), every game's ``Limits`` extends it, and every reader words an over-long value with
the sentences below, as a ``schema`` finding at the value's own pointer.

The functions return the problem and leave the finding to the game's reader, which alone knows how a
finding of its game is placed (trick, round, race).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from replaykit.reading import describe
from replaykit.words import Text, say

MAX_NAME = 40  # a player's name: 1 to 40 characters in every log format
MAX_TEXT = 2000  # a note, and meta.notes
MAX_TITLE = 200  # meta.title: it heads the page, the gallery and the link previews


@dataclass(frozen=True)
class TextLimits:
    """The bounds of the free text every log carries; a game's ``Limits`` adds its own fields to these."""

    max_name: int = MAX_NAME
    max_text: int = MAX_TEXT
    max_title: int = MAX_TITLE


def text_problem(value: object, what: Text, longest: int, shortest: int = 0) -> Text | None:
    """What is wrong with a text the log gives (a name, a note), or ``None``. ``what`` names it as the
    subject of a sentence, capitalised: ``say("A note")``."""
    if type(value) is not str:
        return say("{what} must be text; found {found}.", what=what, found=describe(value))
    if not shortest <= len(value) <= longest:
        return say("{what} must be {shortest} to {longest} characters long; this one has {count}.", what=what,
                   shortest=shortest, longest=longest, count=len(value))
    return None


class LongNames:
    """The names longer than a name may be that a reader has said so of: each is said once, where first read,
    not again at each use (a 45-character name used in 60 plays made 60 findings of one mistake)."""

    def __init__(self) -> None:
        self.said: set[str] = set()

    def unsaid(self, value: object, longest: int) -> bool:
        """Whether the problem of ``value`` as a name is still to be said: always, but for an over-long name
        said before (which this call counts as said)."""
        if type(value) is not str or len(value) <= longest:
            return True
        if value in self.said:
            return False
        self.said.add(value)
        return True


def not_a_player(sentence: Text, name: object, players: Iterable[object]) -> Text:
    """``sentence``, said of a name that is no player's, followed by the player the writer surely meant: the
    one whose name it is but for the case of its letters, its spaces or how its letters are encoded ("anna " for
    "Anna", "Zoë" typed as "e" and a combining diaeresis for the precomposed "ë"), else the only one
    whose name it is but for one slip of a letter (a letter missed, added, changed or two swapped: "Brunno",
    "Bne"): a transcript's commonest mistakes, which would otherwise read as strangers at the table."""
    if type(name) is not str:
        return sentence
    folded = _folded(name)
    slipped = []
    for player in players:
        if type(player) is str and player != name:
            other = _folded(player)
            if other == folded:
                return say('{sentence} Did you mean "{player}"?', sentence=sentence, player=player)
            if len(folded) > 2 and _one_slip(folded, other):  # a slip in a name of two letters is another name
                slipped.append(player)
    if len(slipped) == 1:
        return say('{sentence} Did you mean "{player}"?', sentence=sentence, player=slipped[0])
    return sentence


def _one_slip(written: str, name: str) -> bool:
    """Whether ``written`` is ``name`` with one letter missed, added or changed, or two neighbours swapped;
    both start alike (a cheap test first: a log of 48,000 plays by strangers asks for each of them)."""
    if written == name or written[:1] != name[:1] or abs(len(written) - len(name)) > 1:
        return False
    shorter = min(len(written), len(name))
    at = next((index for index in range(shorter) if written[index] != name[index]), shorter)  # the first slip
    if len(written) == len(name):
        return (written[at + 1:] == name[at + 1:]
                or (written[at:at + 2] == name[at:at + 2][::-1] and written[at + 2:] == name[at + 2:]))
    return written[at + 1:] == name[at:] if len(written) > len(name) else written[at:] == name[at + 1:]


@functools.lru_cache(maxsize=1024)
def _folded(name: str) -> str:
    """A name as compared for a hint, kept: the same few names are asked for at every stranger's play. Letters
    that look the same are compared the same (NFKC: a keyboard may send "ë" as one code point or as two)."""
    return " ".join(unicodedata.normalize("NFKC", name.casefold()).split())


def meta_problems(meta: object, limits: TextLimits) -> list[tuple[tuple[str, ...], Text]]:
    """The problems of a log's ``meta`` (free-form, but an object whose ``title`` and ``notes`` are bounded),
    each with the keys under ``/meta`` where it lies: ``()`` for ``meta`` itself, ``("title",)``."""
    if type(meta) is not dict:
        return [((), say('"meta" must be an object; found {what}.', what=describe(meta)))]
    found = []
    title, notes = meta.get("title"), meta.get("notes")
    if type(title) is str and len(title) > limits.max_title:
        found.append((("title",), say("The title may be at most {longest} characters long; this one has {count}.",
                                      longest=limits.max_title, count=len(title))))
    if type(notes) is str and len(notes) > limits.max_text:
        found.append((("notes",), say("The notes may be at most {longest} characters long; this one has {count}.",
                                      longest=limits.max_text, count=len(notes))))
    return found

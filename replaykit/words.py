"""Sentences that can be said again in the reader's language: a template and its parameters, kept apart.

A game says what it found in English, the language of its code and of the API's default, but remembers
how: ``say("{player} plays {card}, which is not in {player}'s hand.", player=..., card=...)`` is a
:class:`Text`, a ``str`` equal to the English sentence (so every report, test and client that reads the
message as text sees exactly what it saw before), which also keeps its template, its parameters and the
catalogue (*domain*) that translates it. ``render`` says it again through any ``gettext`` translations.

Each game has its own domain, named after its package, whose catalogues live in the package
(``<package>/locale/<language>/LC_MESSAGES/<package>.mo``, compiled from the ``.po`` beside it): a new
game brings its translations with it and touches no generic file. The engines import nothing of the web:
the web layer chooses the language and calls ``render``; the standard library's ``gettext`` reads the
catalogues.

``dumps`` and ``loads`` carry Texts through JSON text (a stored report keeps what it needs to be rendered in
any language later).
"""

from __future__ import annotations

import functools
import gettext
import json
import re
from collections.abc import Iterable, Mapping
from importlib.util import find_spec
from pathlib import Path

PACKED = "$text"  # the key that marks a packed Text; no report or view of any game has it
# Right-to-left letters (Hebrew, Arabic…) and the explicit direction marks. A parameter holding any is set
# apart from the sentence it is said in (first-strong isolate … pop directional isolate, Unicode's bidi
# algorithm): else a Hebrew name carries the numbers written beside it to its side ("cost בנימין 6 points"
# shows "cost 6 בנימין points"), and an override in a name reorders the rest of the sentence.
_BIDI = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202a-\u202e\u2066-\u2069"
                   "\U00010800-\U00010fff\U0001e800-\U0001efff]")


def isolated(value: object) -> object:
    """``value``, a plain string with right-to-left text or direction marks, between FSI and PDI; else as it is."""
    if type(value) is str and not value.isascii() and _BIDI.search(value):
        return "\u2068" + value + "\u2069"
    return value


def apart(items: Iterable[str]) -> str:
    """Names (or other strings from a log) joined by ", ", each set apart (``isolated``): an override in one ends
    with it, where a list isolated as a whole let it turn the names after it around."""
    return ", ".join(str(isolated(item)) for item in items)


def _said(template: str, params: Mapping[str, object]) -> str:
    said = template.format_map(params)
    if said.isascii() or not _BIDI.search(said):  # nearly always: nothing to set apart
        return said
    return template.format_map({name: isolated(value) for name, value in params.items()})


class Text(str):
    """A sentence in English that remembers its template, parameters and domain.

    A plural sentence has two English templates and the ``count`` that chooses between them (and, in
    another language, among that language's forms)."""

    template: str
    plural: str | None
    count: int | None
    params: Mapping[str, object]
    domain: str

    def __new__(cls, domain: str, template: str, params: Mapping[str, object], plural: str | None = None,
                count: int | None = None) -> Text:
        chosen = template if plural is None or count == 1 else plural
        self = super().__new__(cls, _said(chosen, params))
        self.domain, self.template, self.plural, self.count, self.params = domain, template, plural, count, params
        return self

    def __reduce__(self):  # a report crosses processes (a Dask worker, a cache) and must stay a Text
        return Text, (self.domain, self.template, dict(self.params), self.plural, self.count)

    def translated(self, translations: gettext.NullTranslations, languages: Languages) -> str:
        if self.plural is None:
            template = translations.gettext(self.template)
        else:
            template = translations.ngettext(self.template, self.plural, self.count or 0)
        params = {name: render(value, languages) for name, value in self.params.items()}
        try:
            return _said(template, params)
        except (KeyError, IndexError, ValueError):  # a broken translation: the reader still gets the sentence
            return str(self)


class Speaker:
    """The ``say`` and ``say_n`` of one domain (a game package). Babel extracts their first arguments
    (``say``; ``say_n:1,2``) into that package's catalogue."""

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def say(self, template: str, /, **params: object) -> Text:
        return Text(self.domain, template, params)

    def say_n(self, singular: str, plural: str, count: int, /, **params: object) -> Text:
        """A sentence whose words follow a number: ``count`` is also a parameter, ``{count}``."""
        return Text(self.domain, singular, {"count": count, **params}, plural, count)


def speakers(domain: str):
    """``say`` and ``say_n`` of a package's own catalogue: ``say, say_n = speakers(__package__)``."""
    speaker = Speaker(domain)
    return speaker.say, speaker.say_n


class Joined(Text):
    """Items joined as a list is read, ``A, B and C``: the last joint (``AND``, ``OR``) is a word of the
    reader's language; items that are Texts are rendered too."""

    def __new__(cls, items: list, last: Text | None = None, joint: str | Text = ", ") -> Joined:
        last = AND if last is None else last
        shown = [str(isolated(item)) for item in items]
        english = str(joint).join(shown[:-1]) + str(last) + shown[-1] if len(shown) > 1 else "".join(shown)
        self = str.__new__(cls, english)
        self.domain, self.template, self.plural, self.count, self.params = CORE, last.template, None, None, {}
        self.items, self.last, self.joint = list(items), last, joint
        return self

    def __reduce__(self):
        return Joined, (self.items, self.last, self.joint)

    def translated(self, translations: gettext.NullTranslations, languages: Languages) -> str:
        items = [str(isolated(render(item, languages))) for item in self.items]
        if len(items) < 2:
            return "".join(items)
        return str(render(self.joint, languages)).join(items[:-1]) + str(render(self.last, languages)) + items[-1]


CORE = "replaykit"
say, say_n = speakers(CORE)  # the core's own sentences, and the words every game's pages share
AND = say(" and ")
OR = say(" or ")


def ordinal(place: int) -> Text:
    """1st, 2nd, 3rd, 4th … (each language writes its own ordinals)."""
    if 10 <= place % 100 <= 20:
        return say("{place}th", place=place)
    ending = place % 10
    if ending == 1:
        return say("{place}st", place=place)
    if ending == 2:
        return say("{place}nd", place=place)
    if ending == 3:
        return say("{place}rd", place=place)
    return say("{place}th", place=place)


# Punctuation between listed items: the same in every language served, so no sentence to translate.
COMMA = Text(CORE, ", ", {})
SEMICOLON = Text(CORE, "; ", {})
SPACE = Text(CORE, " ", {})


class Languages:
    """The catalogues of one language, each domain's loaded once per process."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __call__(self, domain: str) -> gettext.NullTranslations:
        return catalogue(domain, self.language)


@functools.cache
def catalogue(domain: str, language: str) -> gettext.NullTranslations:
    """A domain's compiled catalogue for a language; English (no translation) when there is none."""
    directory = locale_dir(domain)
    if directory is None or language == "en":
        return gettext.NullTranslations()
    return gettext.translation(domain, str(directory), languages=[language], fallback=True)


def locale_dir(domain: str) -> Path | None:
    """``<package>/locale`` of an importable package, or None."""
    spec = find_spec(domain)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "locale"


def render(value: object, languages: Languages) -> object:
    """A value with every Text in it said in ``languages``' language; anything else as it is."""
    if isinstance(value, Text):
        return value.translated(languages(value.domain), languages)
    if isinstance(value, dict):
        return {key: render(item, languages) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [render(item, languages) for item in value]
    return value


_PLAIN = frozenset({str, int, float, bool, type(None)})  # written as they are


def _pack(value: object, seen: dict[int, object]) -> object:
    """A JSON-ready value with each Text written as ``{"$text": [...]}``, which ``loads`` reads back.

    A stored table view holds millions of plain values, and the same lists and Texts again and again (the
    cards in the middle at each moment of a trick, its label): plain values are looked at by type, not by a
    call, and a list or Text met again (``seen``, by identity, while ``value`` keeps it alive) is packed once."""
    kind = type(value)
    if kind is dict and PACKED not in value:
        return {key: item if type(item) in _PLAIN else seen.get(id(item)) or _pack(item, seen)
                for key, item in value.items()}
    if kind is list or kind is tuple:
        packed: object = [item if type(item) in _PLAIN else seen.get(id(item)) or _pack(item, seen)
                          for item in value]
    elif isinstance(value, Joined):
        packed = {PACKED: ["joined", _pack(value.items, seen), _pack(value.last, seen), _pack(value.joint, seen)]}
    elif isinstance(value, Text):
        packed = {PACKED: ["text", value.domain, value.template, _pack(dict(value.params), seen), value.plural,
                           value.count]}
    elif isinstance(value, dict):
        if PACKED in value:  # a user's own object (a log's meta) that only looks packed: kept as its JSON text
            return {PACKED: ["as-is", json.dumps(value, separators=(",", ":"))]}
        return {key: _pack(item, seen) for key, item in value.items()}
    elif isinstance(value, list | tuple):
        packed = [_pack(item, seen) for item in value]
    else:
        return value
    seen[id(value)] = packed
    return packed


def dumps(value: object) -> str:
    """A value as compact JSON text with its Texts packed, to be stored: ``loads`` gives it back."""
    return json.dumps(_pack(value, {}), separators=(",", ":"))


def loads(text: str | bytes) -> object:
    """What ``dumps`` wrote, every Text a Text again. The parser hands each object over innermost first, so a
    Text's parameters and a list's items are already read when their Text is made."""
    return json.loads(text, object_hook=_unpacked)


def _unpacked(value: dict) -> object:
    packed = value.get(PACKED) if len(value) == 1 else None
    if not isinstance(packed, list) or not packed:
        return value
    if packed[0] == "text":
        _, domain, template, params, plural, count = packed
        return Text(domain, template, params, plural, count)
    if packed[0] == "joined":
        _, items, last, joint = packed
        return Joined(items, last, joint)
    if packed[0] == "as-is":
        return json.loads(packed[1])
    return value

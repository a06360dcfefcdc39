"""The reader's language: chosen per request, and applied wherever words leave the service.

A request's language is, in order: ``?lang=`` (which is also remembered, in a cookie), that cookie (the
switch in every page's footer sets it), the browser's ``Accept-Language``, English. The API follows the
same order, so a client that sends nothing gets English, as it always did.

Three kinds of words are translated:

- the web layer's own (Python and templates): Flask-Babel's ``gettext`` and the ``messages`` catalogue
  in ``translations/``;
- the scripts' (``static/*.js``): the ``scripts`` catalogue, handed to each page as JSON (``script_words``)
  and read by ``static/words.js``;
- what a game says (findings, labels): ``replaykit.words.Text``, said again here, at the edge, through the
  game's own catalogue: in JSON answers (``localized``), in templates (Jinja's ``finalize``) and in the
  ``tojson`` filter (the JSON provider).

Everything else (codes, paths, positions, card codes, player names) is data and stays as it is.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from types import ModuleType
from urllib.parse import urlencode

from babel import Locale
from babel.messages.mofile import read_mo
from babel.numbers import get_decimal_symbol, get_group_symbol
from flask import Flask, Response, g, has_request_context, request
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel, force_locale, get_locale, get_translations, lazy_gettext
from markupsafe import Markup

import api as web
from api import assets
from api.problems import API_PREFIX
from replaykit import words

LANGUAGES = ("en", "it", "pl")
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
SCRIPTS = "scripts"


# The units games count in, as the board's buttons and the parts' table name them.
START = lazy_gettext("the start")
END = lazy_gettext("the end of the game")
UNITS = {"trick": lazy_gettext("trick"), "round": lazy_gettext("round"), "race": lazy_gettext("race"),
         "game": lazy_gettext("game"), "play": lazy_gettext("play"), "turn": lazy_gettext("turn"),
         "step": lazy_gettext("step")}
PARTS = {"game": lazy_gettext("Games"), "round": lazy_gettext("Rounds"), "race": lazy_gettext("Races")}
STEP_HELP = {
    "trick": lazy_gettext("Use ← and → to step, ↑ and ↓ to jump a trick, N and P to walk the findings, Space to "
                          "play through; or click a finding, a key moment or a chart."),
    "round": lazy_gettext("Use ← and → to step, ↑ and ↓ to jump a round, N and P to walk the findings, Space to "
                          "play through; or click a finding, a key moment or a chart."),
    "race": lazy_gettext("Use ← and → to step, ↑ and ↓ to jump a race, N and P to walk the findings, Space to "
                         "play through; or click a finding, a key moment or a chart."),
}
STEP_HELP_OTHER = lazy_gettext("Use ← and → to step, ↑ and ↓ to jump to the next key step, N and P to walk the "
                               "findings, Space to play through; or click a finding, a key moment or a chart.")


def game_words(engine) -> ModuleType | None:
    """A game's ``<package>.words`` (its ``UNITS`` and ``STEP_HELP`` name its units as its rulebook does)."""
    if engine is None:
        return None
    try:
        return importlib.import_module(f"{engine.package}.words")
    except ImportError:
        return None


def unit_name(unit: str | None, engine=None) -> str | None:
    """A unit's name in the reader's language, as the game calls it (a Dalmuti trick is a "giro", a David &
    Goliath one a "turno"); ``None`` stays ``None``; an unknown unit as it is."""
    if unit is None:
        return None
    named = getattr(game_words(engine), "UNITS", {})
    return str(localized(named[unit])) if unit in named else str(UNITS.get(unit, unit))


def where(numbers: Iterable[tuple[str, object]], engine=None) -> str:
    """Units and their numbers in words: ``[("round", 2), ("trick", 1)]`` → "partita 2, giro 1"."""
    return ", ".join(f"{unit_name(unit, engine)} {number}" for unit, number in numbers)


def place(anchor: str, engine=None) -> str:
    """A step's deep-link anchor in words (``race-3`` → "gara 3"); the empty anchor (before the first step)
    is the start."""
    return where(re.findall(r"([a-z_]+)-(\d+)", anchor or ""), engine) or str(START)


def step_help(unit: str, engine=None) -> str:
    own = getattr(game_words(engine), "STEP_HELP", None)
    return str(localized(own)) if own is not None else str(STEP_HELP.get(unit, STEP_HELP_OTHER))


def language() -> str:
    """The current request's language code (``en`` outside a request)."""
    try:
        return str(get_locale() or DEFAULT)
    except RuntimeError:  # no application or request: a command line, a test of a pure function
        return DEFAULT


def _select() -> str:
    asked = request.args.get("lang", "")
    if asked in LANGUAGES:
        return asked
    remembered = request.cookies.get(COOKIE, "")
    if remembered in LANGUAGES:
        return remembered
    # By the browser's weights, a regional tag counting for its language ("en-GB" is English).
    for tag, _quality in sorted(request.accept_languages, key=lambda item: -item[1]):
        primary = tag.split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT


def localized(value: object) -> object:
    """A JSON-ready value with every game's Text said in the request's language."""
    chosen = language()
    if chosen == DEFAULT:
        return value  # a Text is its English sentence already
    return words.render(value, words.Languages(chosen))


def _finalize(value: object) -> object:
    """Jinja prints every ``{{ … }}`` through this: a game's Text comes out in the reader's language, and a NUL
    a log's name may hold (JSON allows it) as U+FFFD, which HTML writes in its place, not as a raw NUL."""
    if isinstance(value, words.Text):
        value = localized(value)
    if isinstance(value, str) and "\x00" in value:  # Markup too: a label escaped before it came here
        return value.replace("\x00", "\ufffd")
    return value


def capital(value: object) -> str:
    """Jinja's ``capitalize`` for words that may be a game's Text: said first, then the first letter raised
    (the rest kept: "Record del Mondo" keeps its capitals)."""
    text = str(localized(value))
    return text[:1].upper() + text[1:]


def compact_json(value: object) -> str:
    """JSON as small as it can be, every game's Text said in the reader's language: no spaces, and UTF-8 text
    as it is (pages' data blocks, moments.json)."""
    return json.dumps(localized(value), separators=(",", ":"), ensure_ascii=False)


def script_json(value: object) -> Markup:
    """``compact_json`` for a page's JSON data block, every "<" escaped (the same JSON): no text from a log can
    end the block or open a tag in it."""
    return Markup(compact_json(value).replace("<", "\\u003c"))


class LocalizedJSON(DefaultJSONProvider):
    """``jsonify`` and ``|tojson`` say a game's Texts in the reader's language."""

    def dumps(self, obj: object, **kwargs: object) -> str:
        return super().dumps(localized(obj), **kwargs)


@functools.cache
def script_words(chosen: str) -> dict:
    """The scripts' catalogue of a language: ``{msgid: msgstr}``, a plural's msgid → its forms, and the
    plural forms' count (``static/words.js`` picks a form with the browser's ``Intl.PluralRules``)."""
    path = web.resource_dir("translations") / chosen / "LC_MESSAGES" / f"{SCRIPTS}.mo"
    if chosen == DEFAULT or not path.exists():
        return {}
    with path.open("rb") as file:
        catalogue = read_mo(file)
    entries: dict[str, object] = {}
    for message in catalogue:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple | list):
            entries[message.id[0]] = list(message.string)
        else:
            entries[message.id] = message.string
    return entries


# What plotly.js itself says on a chart, by its English: the tooltips of the toolbar's buttons static/charts.js
# keeps, and the notices those buttons and a double click give.
PLOTLY_WORDS = {
    "Download plot as a PNG": lazy_gettext("Download plot as a PNG"), "Zoom": lazy_gettext("Zoom"),
    "Pan": lazy_gettext("Pan"), "Reset axes": lazy_gettext("Reset axes"),
    "Preparing image - this may take a few seconds": lazy_gettext("Preparing image - this may take a few seconds"),
    "Image download succeeded": lazy_gettext("Image download succeeded"),
    "Sorry, there was a problem downloading your image!":
        lazy_gettext("Sorry, there was a problem downloading your image!"),
    "Double-click to zoom back out": lazy_gettext("Double-click to zoom back out"),
    "Double-click on legend to isolate one trace": lazy_gettext("Double-click on legend to isolate one trace")}


def chart_locale() -> dict | None:
    """Plotly's locale for the reader's language (``Plotly.register``'s shape: its words and how numbers are
    written), or None in English, plotly's own."""
    chosen = language()
    if chosen == DEFAULT:
        return None
    return {"moduleType": "locale", "name": chosen,
            "dictionary": {english: str(said) for english, said in PLOTLY_WORDS.items()},
            "format": {"decimal": get_decimal_symbol(chosen), "thousands": get_group_symbol(chosen)}}


def language_choices() -> Iterator[dict]:
    """The footer's switch: each language named in itself, with a link to this page in it."""
    current = language()
    arguments = [(key, value) for key, value in request.args.items(multi=True) if key != "lang"]
    for code in LANGUAGES:
        query = urlencode([*arguments, ("lang", code)])
        yield {"code": code, "name": Locale.parse(code).get_display_name(code).capitalize(),
               "href": f"{request.path}?{query}", "current": code == current}


def _remember(response: Response) -> Response:
    """A reader's ``?lang=`` kept for the pages that follow (a program calling the API asks for each answer:
    a year's cookie would turn its later answers without ``?lang=`` into that language); every answer in the
    reader's language says which it is."""
    asked = request.args.get("lang", "")
    api = request.path.startswith(API_PREFIX)
    if asked in LANGUAGES and not api and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax", secure=request.is_secure)
    if request.endpoint not in assets.SAME_IN_EVERY_LANGUAGE:
        response.vary.update(("Accept-Language", "Cookie"))
        if response.status_code not in (204, 304) and "Content-Language" not in response.headers:
            response.headers["Content-Language"] = language()
    return response


def _context() -> dict:
    chosen = language()
    return {"current_language": chosen, "language_choices": language_choices,
            "script_words": script_words(chosen)}


def _request_translations():
    """The reader's catalogue, looked up once per request: a page says a thousand template sentences, and
    Flask-Babel's own gettext finds the locale and its catalogue again for each (half a page's time)."""
    if not has_request_context():
        return get_translations()
    if "card_replay_translations" not in g:
        g.card_replay_translations = get_translations()
    return g.card_replay_translations


@contextmanager
def speaking(chosen: str) -> Iterator[None]:
    """Say everything in ``chosen`` for a while, whatever the reader asked for: a stored game's lists are
    rendered in every language when it is uploaded (``api.listings``)."""
    kept = g.pop("card_replay_translations", None)
    try:
        with force_locale(chosen):
            yield
    finally:
        g.pop("card_replay_translations", None)
        if kept is not None:
            g.card_replay_translations = kept


# Jinja's newstyle gettext escapes and fills the placeholders itself: these only look the sentence up.
def _template_gettext(string: str) -> str:
    return _request_translations().ugettext(string)


def _template_ngettext(singular: str, plural: str, count: int) -> str:
    return _request_translations().ungettext(singular, plural, count)


def install(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(web.resource_dir("translations")))
    Babel(app, locale_selector=_select)
    app.json = LocalizedJSON(app)
    app.jinja_env.finalize = _finalize
    app.jinja_env.filters["capital"] = capital
    app.jinja_env.globals["chart_locale"] = chart_locale
    # A game's Text given to a template's own sentence (``_("Rule: %(rule)s", rule=race.rule | said)``):
    # said before it goes in, since gettext's formatting would take its English.
    app.jinja_env.filters["said"] = lambda value: str(localized(value))
    # A name or title a log gives, where no <bdi> can hold it (a <title>, a <meta>'s content, an attribute): set
    # apart between FSI and PDI if it holds right-to-left letters or direction marks, as the games' sentences
    # set their names apart (an override left open would turn the words after it around); else as it is.
    app.jinja_env.filters["isolated"] = lambda value: words.isolated(str(localized(value)))
    app.jinja_env.install_gettext_callables(_template_gettext, _template_ngettext, newstyle=True)
    app.context_processor(_context)
    app.after_request(_remember)

"""The recorder: ``/record``, a page for writing a game's log at the table, step by step, checked as it goes.

The page is a client of the State API (``POST /api/v1/choices`` and ``POST /api/v1/apply``): it builds the
log in the browser by applying the patch of each step, and keeps every draft in the browser's own storage;
this server stores nothing until the user stores the game through the upload form. What the page needs
to know of each game is only how to start one — its players, who deals or goes first, its variants or
disciplines, its cards for the deal entry, and where the score sheet's claims go — and that is
``setups()``. Everything after the setup (whose turn, the legal steps, the table, the findings) comes from
the games' States through the API.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for
from flask_babel import gettext as _

from api import assets, games

bp = Blueprint("record", __name__)


def _colour_deck(letters: tuple[str, ...], names: dict[str, str], values: tuple[int, int] | None) -> dict:
    """Cards written as a colour letter and a value; ``values`` ``None`` means 1 to 3 × the players."""
    return {"kind": "colour", "colours": {letter.lower(): letter for letter in letters},
            "names": {letter: names[letter] for letter in letters}, "values": list(values) if values else None}


def _david_goliath() -> dict:
    from dg_replay import cards

    return {"first": "dealer", "steps": "tricks", "claims": "scores", "hands": "setup",
            "deck": _colour_deck(cards.COLORS, cards.COLOR_NAMES, None), "hand_size": len(cards.COLORS) * 3,
            "match": "david-goliath-match"}


def _grande_dalmuti() -> dict:
    from dalmuti_replay import cards
    from dalmuti_replay.engine import VARIANT_HELP

    # a session's setup begins round 1 (its seating is the players' order); later rounds are steps
    return {"first": None, "steps": "rounds", "start": [{"tricks": []}], "claims": "totals", "hands": "round",
            "deck": {"kind": "rank", "values": [1, cards.TOP_VALUE], "jester": cards.JESTER_TEXT},
            "options": [{"name": name, "help": help} for name, help in VARIANT_HELP.items()], "end": True}


def _olympi() -> dict:
    from olympi_replay import cards, catalogue, rules

    entries = catalogue.current().entries
    return {"first": "first_player", "steps": "races", "claims": "scores", "hands": "setup",
            "deck": _colour_deck(cards.COLORS, cards.COLOR_NAMES, (1, 9)), "hand_size": rules.HAND_SIZE,
            "options": [{"name": "world_record", "help": _("the World Record variant")}],
            # a race revealed may name the discipline postponed before it, whether or not the outcome offered does
            "fill_keys": {"discipline": ["postponed"]},
            "disciplines": {"count": rules.RACES,
                            "catalogue": [{"id": key, "title": entry.title} for key, entry in entries.items()]}}


# How each game starts, by engine id: what the setup form asks. Any other installed game (a plugin) is not
# offered in the form, but a log of it, pasted or linked, is recorded on from the State API alone.
SETUPS = {"david-goliath": _david_goliath, "grande-dalmuti": _grande_dalmuti, "olympi": _olympi}


def setups() -> list[dict]:
    """Every installed game, in the registry's order, ready for the page's data block; ``form`` is true for
    those the setup form can start."""
    found = []
    for engine in games.engines().values():
        describe = SETUPS.get(engine.id)
        found.append({"id": engine.id, "game": engine.log_games[0], "games": list(engine.log_games),
                      "name": engine.name, "players": list(engine.players), "form": describe is not None,
                      "format": url_for("pages.log_format", game_id=engine.id), **(describe() if describe else {})})
    return found


def _same_site_path(value: str | None) -> str | None:
    """A log to continue must be this site's own (a path such as ``/api/v1/games/ID/log``), never a URL
    elsewhere: the page fetches it with the visitor's cookies."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return None
    return value


@bp.route("/record")
def page():
    chosen = request.args.get("game")
    styles = [assets.game_style_url(engine) for engine in games.engines().values() if engine.id in SETUPS]
    return render_template("record.html", setups=setups(), chosen=chosen if chosen in SETUPS else None,
                           game_styles=[href for href in styles if href],
                           continue_from=_same_site_path(request.args.get("log")),
                           limit=current_app.config["MAX_CONTENT_LENGTH"],
                           api={"choices": "/api/v1/choices", "apply": "/api/v1/apply"})

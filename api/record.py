"""The recorder: ``/record``, a page for writing a game's log at the table, step by step, checked as it goes.

The page is a client of the State API (``POST /api/v1/choices`` and ``POST /api/v1/apply``): it builds the
log in the browser by applying the patch of each step, and keeps every draft in the browser's own storage;
this server stores nothing until the user stores the game through the upload form. What the page needs
to know of each game is only how to start one (its players, who deals or goes first, its variants or
disciplines, its cards for the deal entry, where the score sheet's claims go): each game's adapter's
``recorder``, gathered by ``setups()``; a game's own part of the page, if any, is the ``record.js`` of its
home (``api.homes.script``). Everything after the setup (whose turn, the legal steps, the table, the
findings) comes from the games' States through the API.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request, url_for

from api import assets, verdicts
from api.adapters import adapter_for

bp = Blueprint("record", __name__)


def setups() -> list[dict]:
    """Every installed game, in the registry's order, ready for the page's data block; ``form`` is true for
    those the setup form can start."""
    found = []
    for engine in verdicts.engines().values():
        describe = adapter_for(engine).recorder
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
    formed = {engine.id: engine for engine in verdicts.engines().values() if adapter_for(engine).recorder is not None}
    styles = [assets.game_file_url("game_style", engine) for engine in formed.values()]
    scripts = [assets.game_file_url("game_script", engine) for engine in formed.values()]
    chosen = request.args.get("game")
    return render_template("record.html", setups=setups(), chosen=chosen if chosen in formed else None,
                           game_styles=[href for href in styles if href],
                           game_scripts=[src for src in scripts if src],
                           continue_from=_same_site_path(request.args.get("log")),
                           limit=current_app.config["MAX_CONTENT_LENGTH"],
                           api={"choices": "/api/v1/choices", "apply": "/api/v1/apply"})

"""Where the web layer finds a game: its id in a route (``<game:…>``, ``GameConverter``), and its own files
only through its home (``Engine.home``), never by the game's id in a shared folder.

A home among the service's own folders (this repository's games: ``templates/games/<id>`` …) is read where
the service keeps those folders (``api.resource_dir``: the checkout, or ``api/site`` once installed); a
plugin's, inside its package. ``check`` refuses to start a service whose games name such a folder that is
not there; the registry refuses the rest (``replaykit.registry.check_home``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, PrefixLoader
from werkzeug.routing import BaseConverter

from replaykit import registry
from replaykit.engine import FOLDERS, Engine


class GameConverter(BaseConverter):
    """``<game:…>`` in a route: the id of a game installed when the app was made, and nothing else, so
    ``/samples/<game>/<slug>`` never takes the place of another route."""

    def __init__(self, url_map, *args: object, **kwargs: object) -> None:
        super().__init__(url_map, *args, **kwargs)
        self.regex = "|".join(re.escape(game_id) for game_id in registry.engines()) or "(?!)"


class HomeMissing(RuntimeError):
    """A game's home names a folder among the service's own that is not there."""


def site(top: str) -> Path:
    import api as web  # the folders the service reads: beside the source, or inside the installed package

    return web.resource_dir(top)


def folder(engine: Engine, part: str, roots: Mapping[str, Path] | None = None) -> Path | None:
    """The folder of a game's home named ``part`` (``samples``, ``docs``, ``templates``, ``static``), or
    ``None``; ``roots`` puts one of the service's own folders elsewhere (``{"sample_games": …}``)."""
    places = roots or {}
    return registry.home_folder(engine, part, lambda top: places.get(top) or site(top))


def check(engines: Iterable[Engine]) -> None:
    """Raise ``HomeMissing`` naming every folder a game's home names among the service's own that is not
    there: a game shown without its templates or samples must not pass for a game that has none."""
    missing = [f'"{engine.id}" names {getattr(engine.home, part)} as its {part}' for engine in engines
               for part in FOLDERS if engine.home.root is None and getattr(engine.home, part) is not None
               and folder(engine, part) is None]
    if missing:
        raise HomeMissing("Folders of a game's home are missing: " + "; ".join(missing) + ".")


def document(engine: Engine, name: str, language: str | None = None) -> Path | None:
    """A game's document (``format.md``, ``rulings.md``) in its home's ``docs``, or ``None``.

    With a ``language``, its translation beside it (``format.it.md``), or ``None`` when there is none.
    """
    if language:
        name = f"{Path(name).stem}.{language}{Path(name).suffix}"
    docs = folder(engine, "docs")
    path = docs / name if docs is not None else None
    return path if path is not None and path.is_file() else None


def style(engine: Engine) -> Path | None:
    """A game's own stylesheet, ``style.css`` in its home's ``static``, or ``None``."""
    return _static_file(engine, "style.css")


def script(engine: Engine) -> Path | None:
    """A game's own recorder script, ``record.js`` in its home's ``static`` (Olympi Cards' discipline cards),
    or ``None``: the recorder page loads it after the shared recorder's scripts, whose globals it may use."""
    return _static_file(engine, "record.js")


def _static_file(engine: Engine, name: str) -> Path | None:
    static = folder(engine, "static")
    path = static / name if static is not None else None
    return path if path is not None and path.is_file() else None


def template_loader(shared: BaseLoader | None, engines: Iterable[Engine]) -> BaseLoader:
    """Each game's templates as ``games/<id>/<file>`` (its partial: the adapter's ``partial``), read from its
    home's ``templates`` only, then the app's own."""
    own = {engine.id: FileSystemLoader(path) for engine in engines
           if (path := folder(engine, "templates")) is not None}
    return ChoiceLoader([loader for loader in (PrefixLoader({"games": PrefixLoader(own)}), shared)
                         if loader is not None])

"""The installed games, found through the ``card_replay.games`` entry point group, and the one path
from any parsed document to its engine's report.

The core imports no game: a game package registers itself with one line in its distribution's
entry points (``[project.entry-points."card_replay.games"]``). A plugin that fails to load (a missing
module, a name that is no ``Engine``, an id already taken) is logged, listed by ``broken()`` and skipped:
one bad plugin must not take every other game down with it. A document that names no installed game gets
a report of its own with one ``schema`` finding at ``/game`` listing the supported games.

Everything else a game brings is found through its home (``Engine.home``) only: ``home_module`` imports a
module of it (``web`` for the presentation, ``schemas`` for the schemas of record) and ``home_folder`` finds
a folder of it (``samples``, ``docs``, ``templates``, ``static``). A game whose home names a module or a
folder of its package that does not exist, or a part another game's home already names, is listed by
``broken()`` like any plugin that fails to load.
"""

from __future__ import annotations

import functools
import importlib
import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType

from replaykit.engine import MODULES, Engine, Report
from replaykit.findings import ERROR, SCHEMA, Finding
from replaykit.reading import mention
from replaykit.state import State
from replaykit.words import OR, Joined, say

GROUP = "card_replay.games"
log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())  # a library: the command line and the app say it in their own way


@dataclass(frozen=True)
class Broken:
    """A registered plugin that could not be loaded: its entry point and what went wrong, in one line."""

    name: str
    target: str
    problem: str

    def to_dict(self) -> dict:
        return {"name": self.name, "target": self.target, "problem": self.problem}


@functools.cache
def _installed() -> tuple[dict[str, Engine], tuple[Broken, ...]]:
    from importlib.metadata import entry_points  # 9 ms to import; a command given its game never needs it

    found: list[Engine] = []
    broken: list[Broken] = []
    for point in entry_points(group=GROUP):
        try:
            engine = point.load()
            if not isinstance(engine, Engine):
                raise TypeError(f"{point.value} is a {type(engine).__name__}, not a replaykit Engine")
            taken = next((other for other in found if other.id == engine.id), None)
            if taken is not None:
                raise ValueError(f'the game id "{engine.id}" is already registered by {taken.package}')
            check_home(engine, found)
        except Exception as error:  # any failure of a plugin's own code: report it, keep the other games
            problem = f"{type(error).__name__}: {error}".splitlines()[0][:300]
            log.warning('the game plugin "%s" (%s) could not be loaded and is skipped: %s',
                        point.name, point.value, problem)
            broken.append(Broken(point.name, point.value, problem))
            continue
        found.append(engine)
    engines = {engine.id: engine for engine in sorted(found, key=lambda engine: engine.name.casefold())}
    return engines, tuple(broken)


def engines() -> dict[str, Engine]:
    """Every installed engine that loaded, by id, in the order of their names."""
    return _installed()[0]


def broken() -> tuple[Broken, ...]:
    """The registered plugins that failed to load (each was logged once as a warning)."""
    return _installed()[1]


def refresh() -> None:
    """Look for installed games again (after the import path changed: a test installing a plugin)."""
    importlib.invalidate_caches()
    _installed.cache_clear()


def check_home(engine: Engine, others: Iterable[Engine]) -> None:
    """Refuse a home naming a module or a folder of a package that does not exist, or a part that another
    game's home names (``ValueError``, saying which). Folders among the service's own (``root`` ``None``)
    are checked by the service, which knows where they are (``api.homes``)."""
    home = engine.home
    for name, value in home.parts().items():
        if name in MODULES and find_spec(value) is None:
            raise ValueError(f'the home of "{engine.id}" names the module {value} as its {name}, which does not exist')
        if name not in MODULES and home.root is not None and home_folder(engine, name) is None:
            raise ValueError(f'the home of "{engine.id}" names the folder {value} of {home.root} as its {name}, '
                             "which does not exist")
    mine = _places(engine)
    for other in others:
        shared = sorted(mine & _places(other))
        if shared:
            raise ValueError(f'the home of "{engine.id}" names {shared[0][1]}, which is already the home of '
                             f'"{other.id}"')


def _places(engine: Engine) -> set[tuple[str, str]]:
    """Each part of a home as the place it names: a module, or a folder of a package ("" for the service's)."""
    home = engine.home
    return {("" if name in MODULES else home.root or "", value) for name, value in home.parts().items()}


def home_module(engine: Engine, name: str) -> ModuleType | None:
    """The module the engine's home names as its ``name`` (``web``, ``schemas``), or ``None`` when it names
    none. A module that fails to import raises: a broken part of a game must not pass for a missing one."""
    module = getattr(engine.home, name)
    return None if module is None else importlib.import_module(module)


def home_folder(engine: Engine, name: str, site: Callable[[str], Path] | None = None) -> Path | None:
    """The folder the engine's home names as its ``name`` (``samples``, ``docs``, ``templates``, ``static``),
    or ``None`` when it names none or it does not exist. ``site(top)`` is where the service keeps its own
    folder ``top`` (``templates``, ``sample_games`` …), for a home among them (``Home.root`` ``None``)."""
    home = engine.home
    relative = getattr(home, name)
    if relative is None:
        return None
    if home.root is None:
        if site is None:
            return None
        top, _, rest = relative.partition("/")
        path = site(top) / rest
        return path if path.is_dir() else None
    spec = find_spec(home.root)
    for folder in spec.submodule_search_locations or [] if spec else []:
        path = Path(folder) / relative
        if path.is_dir():
            return path
    return None


def engine_for(document: object, among: Iterable[Engine] | None = None) -> Engine | None:
    """The engine that reads this document's ``game``, or ``None``."""
    name = document.get("game") if isinstance(document, dict) else None
    for engine in among if among is not None else engines().values():
        if isinstance(name, str) and name in engine.log_games:
            return engine
    return None


@dataclass
class UnknownGameReport:
    """The report of a document no installed engine reads."""

    findings: list[Finding]
    game: object = None
    valid: bool = field(default=False, init=False)

    def to_dict(self) -> dict:
        return {"kind": "unknown", "game": self.game if isinstance(self.game, str) else None, "valid": False,
                "complete": False, "errors": [finding.to_dict() for finding in self.findings], "warnings": [],
                "result": None}


def unknown_game(document: object, among: Iterable[Engine]) -> UnknownGameReport:
    names = [f'"{name}"' for engine in among for name in engine.log_games]
    choices = Joined(names, OR) if names else ""
    if not isinstance(document, dict):
        message = say('A log must be a JSON object whose "game" is {choices}; this document is {what}.',
                      choices=choices, what=mention(document))
        return UnknownGameReport([Finding(SCHEMA, ERROR, message, path="")])
    if "game" not in document:
        message = say('The log does not say which game it is: "game" must be {choices}.', choices=choices)
    else:
        message = say('"game" must be {choices} (the supported games), not {what}.', choices=choices,
                      what=mention(document["game"]))
    return UnknownGameReport([Finding(SCHEMA, ERROR, message, path="/game")], document.get("game"))


def validate(document: object, settings: Mapping[str, int] | None = None,
             among: Iterable[Engine] | None = None) -> tuple[Engine | None, Report]:
    """The document's engine (``None`` for no known game) and its report; ``settings`` are size limits by
    name (``max_name`` …), each engine taking those it knows."""
    engine, report, _state = replay(document, settings, among)
    return engine, report


def replay(document: object, settings: Mapping[str, int] | None = None,
           among: Iterable[Engine] | None = None) -> tuple[Engine | None, Report, State | None]:
    """As ``validate``, with the state after the log's last action (``None`` where no game could start)."""
    pool = list(among if among is not None else engines().values())
    engine = engine_for(document, pool)
    if engine is None:
        return None, unknown_game(document, pool), None
    limits = engine.limits(settings) if settings else None
    report, state = engine.replay(document, limits)
    return engine, report, state

"""The installed games, found through the ``card_replay.games`` entry point group, and the one path
from any parsed document to its engine's report.

The core imports no game: a game package registers itself with one line in its distribution's
entry points (``[project.entry-points."card_replay.games"]``). A plugin that fails to load (a missing
module, a name that is no ``Engine``, an id already taken) is logged, listed by ``broken()`` and skipped:
one bad plugin must not take every other game down with it. A document that names no installed game gets
a report of its own with one ``schema`` finding at ``/game`` listing the supported games.

Everything else a game brings is found through its package (``Engine.package``): ``submodule`` imports a
conventional module of it (``web`` for the presentation, ``schemas`` for the schemas of record) and
``resource`` a folder or file inside it (``samples/``, ``docs/``, ``templates/``, ``static/``).
"""

from __future__ import annotations

import functools
import importlib
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType

from replaykit.engine import Engine, Report
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


def submodule(engine: Engine, name: str) -> ModuleType | None:
    """The module ``<engine's package>.<name>``, or ``None`` when the package has none. A module that
    exists but fails to import raises: a broken part of a game must not pass for a missing one."""
    full = f"{engine.package}.{name}"
    if find_spec(full) is None:
        return None
    return importlib.import_module(full)


def resource(engine: Engine, *parts: str) -> Path | None:
    """A file or folder inside the engine's package (``resource(engine, "samples")``), or ``None``."""
    spec = find_spec(engine.package)
    folders = list(spec.submodule_search_locations or []) if spec else []
    for folder in folders:
        path = Path(folder).joinpath(*parts)
        if path.exists():
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

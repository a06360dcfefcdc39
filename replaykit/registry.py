"""The installed games, found through the ``card_replay.games`` entry point group, and the one path
from any parsed document to its engine's report.

The core imports no game: a game package registers itself with one line in its distribution's
``pyproject.toml`` (``[project.entry-points."card_replay.games"]``). A document that names no installed
game gets a report of its own with one ``schema`` finding at ``/game`` listing the supported games.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points

from replaykit.engine import Engine, Report
from replaykit.findings import ERROR, SCHEMA, Finding
from replaykit.reading import mention
from replaykit.state import State

GROUP = "card_replay.games"


@functools.cache
def engines() -> dict[str, Engine]:
    """Every installed engine by id, in the order of their names."""
    found = [point.load() for point in entry_points(group=GROUP)]
    return {engine.id: engine for engine in sorted(found, key=lambda engine: engine.name.casefold())}


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
    names = [name for engine in among for name in engine.log_games]
    choices = ", ".join(f'"{name}"' for name in names[:-1]) + f' or "{names[-1]}"' if len(names) > 1 else \
        "".join(f'"{name}"' for name in names)
    if not isinstance(document, dict):
        what = mention(document)
        message = f"A log must be a JSON object whose \"game\" is {choices}; this document is {what}."
        return UnknownGameReport([Finding(SCHEMA, ERROR, message, path="")])
    if "game" not in document:
        message = f'The log does not say which game it is: "game" must be {choices}.'
    else:
        message = f'"game" must be {choices} (the supported games), not {mention(document["game"])}.'
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

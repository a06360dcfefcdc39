"""The small interface every game package implements, so that generic code never names a game.

A game package (a sibling of ``replaykit``) builds one ``Engine`` and exposes it as an entry point in
the ``card_replay.games`` group (``replaykit.registry``). Fixed facts live here (id, name, the ``game``
values it reads, player range, the units that place a finding, the finding codes); the live state of a
replay stays inside the game package, as OpenSpiel keeps Game apart from State.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

from replaykit.findings import Finding


class Report(Protocol):
    """What ``Engine.validate`` returns: every finding, the verdict, and the JSON form (the report)."""

    findings: list[Finding]

    @property
    def valid(self) -> bool: ...

    def to_dict(self) -> dict: ...


@dataclass(frozen=True)
class Code:
    """One entry of a game's finding catalogue."""

    code: str
    severities: tuple[str, ...]  # "error", "warning", or both where the spec makes it depend on the case
    summary: str  # when it is reported, in one line a user understands


@dataclass(frozen=True)
class Option:
    """A switch of ``simulate`` (``card-replay simulate GAME --NAME``): passed as ``NAME=True``."""

    name: str
    help: str


@dataclass(frozen=True)
class Engine:
    """One registered game.

    ``validate(document, limits)`` takes any parsed JSON value and never raises for the user's mistakes;
    ``limits`` is the engine's own frozen dataclass of size limits (``default_limits`` when omitted).
    ``simulate(players, seed, **options)`` returns the log of a random legal game.
    """

    id: str
    name: str
    log_games: tuple[str, ...]  # the values of "game" this engine reads (e.g. a game and a match of it)
    players: tuple[int, int]  # the player counts the rules define, inclusive
    units: tuple[str, ...]  # the fields that place a finding in this game, outermost first
    codes: tuple[Code, ...]
    run: Callable[[object, Any], Report]
    default_limits: Any
    simulate: Callable[..., dict]
    simulate_options: tuple[Option, ...] = ()
    description: str = ""

    def validate(self, document: object, limits: Any = None) -> Report:
        return self.run(document, self.default_limits if limits is None else limits)

    def limits(self, settings: Mapping[str, int]) -> Any:
        """This engine's limits with those of ``settings`` (``{"max_name": 40, …}``) that it knows."""
        known = {field.name for field in fields(self.default_limits)}
        return replace(self.default_limits, **{name: value for name, value in settings.items() if name in known})

    def code(self, code: str) -> Code | None:
        return next((entry for entry in self.codes if entry.code == code), None)

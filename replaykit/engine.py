"""The small interface every game package implements, so that generic code never names a game.

A game package (a sibling of ``replaykit``) builds one ``Engine`` and exposes it as an entry point in
the ``card_replay.games`` group (``replaykit.registry``). Fixed facts live here (id, name, the ``game``
values it reads, player range, the units that place a finding, the finding codes); the live state of a
replay stays inside the game package, as OpenSpiel keeps Game apart from State.

Everything else a game owns (its web adapter, schemas of record, templates, styles, samples and documents) is
found through its ``Home``: in a folder named by the game, never by a bare name in a shared folder.

Every report passes through ``Engine.validate``, which caps the findings listed (``max_findings``): a
document made of thousands of mistakes gets the first ones and one closing finding that counts the rest,
so neither the report nor the work of writing it grows with what a hostile client can pack into a body.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Protocol

from replaykit.findings import ERROR, WARNING, Finding
from replaykit.state import State
from replaykit.words import say
from replaykit.work import generic

DEFAULT_MAX_FINDINGS = 200
MORE_FINDINGS = "more-findings"
# A game's reader and replay may stop building error findings past this many and only count the rest in
# the report's ``unlisted``: reports list far fewer, and a body of nothing but mistakes must not cost a
# finding per byte.
DETAILED_FINDINGS = 1000
# The settings a log so far is read with, as a recorder sends it: it may list no steps yet, and end with a step
# opened and nothing in it yet. A game whose log must list one (Il Grande Dalmuti's "rounds": one or more) has
# ``min_steps`` among its limits; one whose parts may not be empty in a whole log (a Dalmuti trick), ``open_end``.
SETUP_SETTINGS = {"min_steps": 0, "open_end": 1}


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a log is replayed, then as it was found: a replay makes thousands
    of objects that all live on in its report, which young collections walk in vain (a seventh of an Il
    Grande Dalmuti validation's time, a fifth of an Olympi one's, when measured; docs/PERFORMANCE-JOURNAL.md)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Report(Protocol):
    """What ``Engine.validate`` returns: every finding, the verdict, and the JSON form (the report).

    ``to_dict()`` derives its errors and warnings from ``findings`` when called, so the cap can trim the
    list first. A report made of parts (a match's games) lists them in ``games``; each part is capped too.
    """

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
    # The code as a reader names it, in a few words ("a card dealt twice"): what a key moment, a group of
    # findings and a filter show; a game's ``say``, so it is translated with the game's other words.
    title: str = ""
    claim: bool = False  # about a claim of the score sheet: a game with no other error was played legally


# The codes any engine may report beside its own catalogue: they come from this module, never from a rule.
CORE_CODES = (Code(MORE_FINDINGS, (ERROR, WARNING), "More findings than a report lists: this one counts the rest "
                   "(an error when any of them is one).", say("more findings than listed")),)

# The parts of a home that are modules (dotted names); the others are folders.
MODULES = ("web", "schemas")
FOLDERS = ("templates", "static", "samples", "docs")


@dataclass(frozen=True)
class Home:
    """Where a game's own files are, each named by the game so that no two games (and no shared module) can
    take each other's place; ``None`` for a part the game does not have.

    ``web``: the module exposing ``ADAPTER`` (its presentation); ``schemas``: the module exposing ``LOGS``,
    ``REPORTS`` and ``TIMELINES`` (and optionally ``SO_FAR``, ``COMPONENTS`` and ``beyond_openapi``);
    ``templates``: the folder of its partials, reached by the pages as ``games/<id>/<file>``; ``static``: the
    folder of its ``style.css`` and, if the recorder page has a part of its own, its ``record.js``;
    ``samples``: its annotated logs and ``expected.toml``; ``docs``: ``format.md`` and ``rulings.md``.
    Folders are relative to the folder of the package ``root``, or with ``root`` ``None`` to the service's
    own folders (the checkout, or ``api/site`` once installed), where this repository keeps its games'.
    """

    web: str | None = None
    schemas: str | None = None
    templates: str | None = None
    static: str | None = None
    samples: str | None = None
    docs: str | None = None
    root: str | None = None

    @classmethod
    def inside(cls, package: str) -> Home:
        """A plugin's home: the parts its package has, by their conventional names (``<package>.web``,
        ``<package>.schemas``, ``<package>/templates`` …)."""
        spec = find_spec(package)
        folders = [Path(folder) for folder in (spec.submodule_search_locations or [])] if spec else []
        present = {name: f"{package}.{name}" for name in MODULES if find_spec(f"{package}.{name}") is not None}
        present |= {name: name for name in FOLDERS if any((folder / name).is_dir() for folder in folders)}
        return cls(**present, root=package)

    @classmethod
    def shipped(cls, game_id: str, *, static: bool = True) -> Home:
        """A home among the service's own folders, as this repository lays out its games: ``api.games.<id_>``,
        ``schemas.games.<id_>``, ``templates/games/<id>``, ``static/games/<id>`` (``static=False``: no styles
        of its own), ``sample_games/<id>`` and ``docs/games/<id>`` (``<id_>``: the id with ``_`` for ``-``)."""
        module = game_id.replace("-", "_")
        return cls(web=f"api.games.{module}", schemas=f"schemas.games.{module}",
                   templates=f"templates/games/{game_id}", static=f"static/games/{game_id}" if static else None,
                   samples=f"sample_games/{game_id}", docs=f"docs/games/{game_id}")

    def parts(self) -> dict[str, str]:
        """Every part this home declares, by name."""
        return {name: value for name in (*MODULES, *FOLDERS) if (value := getattr(self, name)) is not None}


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

    ``load(document, limits, observe=None)`` reads a log into actions, applies them to a
    ``replaykit.state.State`` and returns the report and that state after the last action (``None`` when
    the log has no setup a game can start from). ``observe(anchor, state)``, when given, is called with the
    new state (anchor ``""``) and after each action with the anchor of the step it recorded: the table view
    is built from these snapshots. ``new_state(setup)`` starts a game from a log's setup. ``validate`` is
    ``load``'s report, capped.
    """

    id: str
    name: str
    log_games: tuple[str, ...]  # the values of "game" this engine reads (e.g. a game and a match of it)
    players: tuple[int, int]  # the player counts the rules define, inclusive
    units: tuple[str, ...]  # the fields that place a finding in this game, outermost first
    codes: tuple[Code, ...]
    load: Callable[..., tuple[Report, State | None]]
    new_state: Callable[[dict], State]
    default_limits: Any
    simulate: Callable[..., dict]
    simulate_options: tuple[Option, ...] = ()
    description: str = ""
    version: str = "1"  # of the rules as this engine applies them: a change invalidates reports kept elsewhere
    # What storing a document asks for, read from it before any replay: steps × seats (``replaykit.work``).
    work: Callable[[object], int] = generic
    # Where its own files are; by default the parts its package has (``Home.inside``).
    home: Home | None = None
    # The computer analysis's marks: the cost, in the result's own units, from which a play is a blunder, a
    # mistake, an inaccuracy (``replaykit.analysis.marks``); the rulings page states them.
    mark_thresholds: tuple[float, float, float] = (6, 3, 1)

    def __post_init__(self) -> None:
        if self.home is None:
            object.__setattr__(self, "home", Home.inside(self.package))

    def validate(self, document: object, limits: Any = None, max_findings: int = DEFAULT_MAX_FINDINGS) -> Report:
        with collector_paused():
            # Only the report is kept: the state is freed before the collector resumes, whose first pass
            # walks every young object still alive.
            report = self.load(document, self.default_limits if limits is None else limits)[0]
        return self.capped(report, max_findings)

    def replay(self, document: object, limits: Any = None,
               max_findings: int = DEFAULT_MAX_FINDINGS) -> tuple[Report, State | None]:
        """The capped report and the state after the log's last action (``None``: no game could start)."""
        with collector_paused():
            report, state = self.load(document, self.default_limits if limits is None else limits)
        return self.capped(report, max_findings), state

    def capped(self, report: Report, max_findings: int) -> Report:
        """``report`` with at most ``max_findings`` findings listed in it and in each of its games."""
        unplaced = tuple((unit, None) for unit in self.units)
        for part in (report, *(getattr(report, "games", None) or ())):
            if part is not None:
                cap_findings(part.findings, max_findings, unplaced, getattr(part, "unlisted", 0))
        return report

    def snapshots(self, document: object, limits: Any = None) -> list[tuple[str, dict]]:
        """``(anchor, state.view())`` at the start and after every action of the log, in order."""
        taken: list[tuple[str, dict]] = []
        self.views(document, limits, lambda anchor, view: taken.append((anchor, view)))
        return taken

    def views(self, document: object, limits: Any, take: Callable[[str, dict], None]) -> None:
        """``snapshots`` handed to ``take`` one by one as the log is played, so that a caller keeps only what
        it needs (a document of several games: one game's views at a time)."""
        self.load(document, self.default_limits if limits is None else limits,
                  observe=lambda anchor, state: take(anchor, state.view()))

    @property
    def package(self) -> str:
        """The top-level package that implements this game."""
        return self.load.__module__.split(".")[0]

    def limits(self, settings: Mapping[str, int]) -> Any:
        """This engine's limits with those of ``settings`` (``{"max_name": 40, …}``) that it knows."""
        known = {field.name for field in fields(self.default_limits)}
        return replace(self.default_limits, **{name: value for name, value in settings.items() if name in known})

    def code(self, code: str) -> Code | None:
        """The catalogue entry of a code this engine may report (its own, or one of ``CORE_CODES``)."""
        return next((entry for entry in (*self.codes, *CORE_CODES) if entry.code == code), None)


def cap_findings(findings: list[Finding], limit: int, where: tuple = (), unlisted: int = 0) -> None:
    """Keep the first ``limit`` findings in place and replace the rest, and ``unlisted`` errors counted but
    never built, by one finding that counts them.

    The closing finding is an error when any finding it replaces is one, so the verdict never changes.
    """
    if len(findings) <= limit and not unlisted:
        return
    rest = findings[limit:]
    errors = sum(finding.is_error for finding in rest) + unlisted
    more = len(rest) + unlisted
    del findings[limit:]
    findings.append(Finding(
        MORE_FINDINGS, ERROR if errors else WARNING,
        say("…and {more} more findings ({errors} errors, {warnings} warnings) not listed: a report lists the "
            "first {limit}. Fix these and validate again.", more=more, errors=errors, warnings=more - errors,
            limit=limit), path="", where=where))

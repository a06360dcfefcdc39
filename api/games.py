"""The web layer's view of the installed games: a document's engine, its web adapter and its report.

Which games exist is decided by ``replaykit.registry`` (entry points), never here; a document naming no
installed game gets the registry's report with one ``schema`` finding at ``/game``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from api.adapters import DEFAULT, Adapter, adapter_for
from replaykit import registry
from replaykit.engine import MORE_FINDINGS, Engine
from replaykit.findings import SCHEMA
from replaykit.state import State


@dataclass(frozen=True)
class Verdict:
    """A validated document: the engine that read it (``None``: no installed game), and its report."""

    engine: Engine | None
    report: dict
    document: object = None
    settings: Mapping[str, int] | None = None

    def snapshots(self, number: int | None = None) -> list[tuple[str, dict]]:
        """The state's views at each step (``Engine.snapshots``); for part ``number`` of a document of several
        games, that part's, with anchors as the part's own page names them (``trick-3``, not
        ``game-2-trick-3``)."""
        if self.engine is None:
            return []
        limits = self.engine.limits(self.settings) if self.settings else None
        taken = self.engine.snapshots(self.document, limits)
        if number is None:
            return taken
        prefix = f"{self.adapter.part_unit}-{number}"
        return [(anchor[len(prefix):].lstrip("-"), view) for anchor, view in taken
                if anchor == prefix or anchor.startswith(prefix + "-")]

    @property
    def adapter(self) -> Adapter:
        return DEFAULT if self.engine is None else adapter_for(self.engine)

    @property
    def name(self) -> str:
        return "card game" if self.engine is None else self.engine.name

    @property
    def units(self) -> tuple[str, ...]:
        return () if self.engine is None else self.engine.units

    @property
    def schema_errors(self) -> list[dict]:
        """The findings that say the document is not a log's shape at all (the API's 422), and the count of
        those left out when the cap on findings cut into them."""
        errors = self.report.get("errors", [])
        found = [finding for finding in errors if finding.get("code") == SCHEMA]
        if found and len(found) == len(errors) - 1 and errors[-1].get("code") == MORE_FINDINGS:
            found.append(errors[-1])
        return found

    @property
    def valid(self) -> bool:
        return bool(self.report.get("valid"))


def engines() -> dict[str, Engine]:
    return registry.engines()


def by_id(game_id: str) -> Engine | None:
    return registry.engines().get(game_id)


def validate(document: object, settings: Mapping[str, int] | None = None) -> Verdict:
    return replay(document, settings)[0]


def replay(document: object, settings: Mapping[str, int] | None = None) -> tuple[Verdict, State | None]:
    """The verdict and the state after the document's last action (``None``: no game could start)."""
    engine, report, state = registry.replay(document, settings)
    return Verdict(engine, report.to_dict(), document, settings), state

"""A document's verdict: the engine that read it, its web adapter and its report, and what a stored game
keeps besides (table views, other plays), each worked out when first asked for.

Which games exist is decided by ``replaykit.registry`` (entry points), never here; a document naming no
installed game gets the registry's report with one ``schema`` finding at ``/game``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext

from api.adapters import DEFAULT, Adapter, adapter_for
from replaykit import registry
from replaykit.engine import MORE_FINDINGS, Engine
from replaykit.findings import SCHEMA
from replaykit.state import State


def split_whatif(better: dict | None) -> tuple[dict | None, dict | None]:
    """What other plays would have done, as a page shows it (its key moments and note), and its entry for
    every play, which only the board's ``moments.json`` carries."""
    if better is None:
        return None, None
    return {key: value for key, value in better.items() if key != "plays"}, better["plays"]


def head(board: object) -> dict | None:
    """A table view without its moments."""
    return {key: value for key, value in board.items() if key != "moments"} if isinstance(board, dict) else None


@dataclass(frozen=True)
class Verdict:
    """A validated document: the engine that read it (``None``: no installed game), and its report."""

    engine: Engine | None
    report: dict
    document: object = None
    settings: Mapping[str, int] | None = None
    # What a stored game keeps besides its report, each part read when first asked for (a report view needs
    # none of them, a page neither the table's moments nor the what-if's entry for every play): ``{"boards":
    # the table views by part, "" the whole; "heads": the same without their moments; "whatif": what other
    # plays would do, but its entries per play; "plays": those entries}``.
    kept: Mapping[str, Callable[[], Any]] | None = None
    # Which results these are, where they are kept (a stored game's id and results version, a sample's name):
    # what is rendered from them may be kept too (``api.listings``). ``None``: computed for this request only.
    key: str | None = None
    shelf: Any = None  # where a stored game's rendered lists are kept between processes (api.listings.Shelf)

    def better_plays(self) -> dict | None:
        """What other plays would have done (the adapter's ``better_plays``), for the whole document."""
        if self.kept is not None:
            summary = self.kept["whatif"]()
            return None if summary is None else {**summary, "plays": self.kept["plays"]()}
        if self.engine is None:
            return None
        return self.adapter.better_plays(self.engine, self.document, self.report)

    def whatif_summary(self) -> dict | None:
        """``better_plays`` without its entry for every play: its key moments and note, what a page shows."""
        if self.kept is not None:
            return self.kept["whatif"]()
        return split_whatif(self.better_plays())[0]

    def board(self, report: dict, timeline: dict, number: int | None = None) -> object:
        """The table view of the document, or of its part ``number``: kept with a stored game, else built from
        the snapshots (``report`` and ``timeline`` are that part's)."""
        key = "" if number is None else str(number)
        if self.kept is not None and key in self.kept["boards"]():
            return self.kept["boards"]()[key]
        return self.adapter.table(report, timeline, self.snapshots(number))

    def board_head(self, report: dict, timeline: Callable[[], dict], number: int | None = None) -> dict | None:
        """What a page says of its table view (that there is one, and its note): the moments, which the
        board fetches with ``moments.json``, are not read; ``timeline()`` only where the view is not kept."""
        key = "" if number is None else str(number)
        if self.kept is not None and key in self.kept["heads"]():
            return self.kept["heads"]()[key]
        return head(self.board(report, timeline(), number))

    def boards(self) -> dict[str, object]:
        """Every table view a page may show, from one replay: the game's, or each readable part's of a
        document of several games. A stored game keeps these rather than the snapshots, which hold a whole
        view per step, every hand again at every step."""
        if self.kept is not None:
            return dict(self.kept["boards"]())
        if self.engine is None:
            return {}
        adapter, parts = self.adapter, self.adapter.parts(self.report)
        if not parts:
            return {"": adapter.table(self.report, adapter.timeline(self.report), self.snapshots())}
        return self.part_boards(parts)

    def part_boards(self, parts: list) -> dict[str, object]:
        """Each readable part's table view, made as soon as the replay is past that part: only one part's
        views are held at a time (a part's steps come together, each anchor starting with its part's own)."""
        adapter, unit = self.adapter, self.adapter.part_unit + "-"
        made: dict[int, object] = {}
        at: list = [None, []]  # the part under way and its steps

        def finish() -> None:
            number, steps = at
            if number is not None and number <= len(parts) and parts[number - 1] is not None:
                made[number] = adapter.table(parts[number - 1], adapter.timeline(parts[number - 1]), steps)

        def take(anchor: str, view: dict) -> None:
            head, _dash, rest = anchor[len(unit):].partition("-") if anchor.startswith(unit) else ("", "", "")
            if not (head.isascii() and head.isdigit()) or head.startswith("0"):
                return
            if int(head) != at[0]:
                finish()
                at[:] = [int(head), []]
            at[1].append((rest.lstrip("-"), view))

        limits = self.engine.limits(self.settings) if self.settings else None
        self.engine.views(self.document, limits, take)
        finish()
        return {str(number): made[number] if number in made else adapter.table(part, adapter.timeline(part), [])
                for number, part in enumerate(parts, start=1) if part is not None}

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
        return str(lazy_gettext("card game")) if self.engine is None else self.engine.name

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

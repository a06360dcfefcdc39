"""The annotated sample games, read and validated once when the app starts.

Samples are fixed files shipped with the service, one folder per game (``sample_games/<game id>/``), so
their reports are computed once and kept in memory; the gallery, the sample pages and
``/api/v1/samples`` all serve from here. Each folder's ``expected.toml`` holds the verdicts the tests
expect and is no sample.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from api import games
from replaykit.jsonio import read_json

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sample:
    slug: str
    game: str  # the id of the game whose folder it is in
    raw: bytes
    document: object
    verdict: games.Verdict

    @property
    def report(self) -> dict:
        return self.verdict.report

    @property
    def meta(self) -> dict:
        meta = self.document.get("meta") if isinstance(self.document, dict) else None
        return meta if isinstance(meta, dict) else {}

    @property
    def title(self) -> str:
        title = self.meta.get("title")
        return title if isinstance(title, str) and title.strip() else self.slug.replace("-", " ").capitalize()

    @property
    def notes(self) -> str | None:
        notes = self.meta.get("notes")
        return notes if isinstance(notes, str) and notes.strip() else None

    def summary(self) -> dict:
        """What the gallery and the sample list show: title, game, players, verdict and finding counts."""
        report = self.report
        parts = self.verdict.adapter.parts(report)
        return {
            "slug": self.slug, "game": self.game, "game_name": self.verdict.name, "title": self.title,
            "notes": self.notes, "kind": report.get("kind"), "players": report.get("players", []),
            "valid": report.get("valid"), "complete": report.get("complete"),
            "errors": len(report.get("errors", [])), "warnings": len(report.get("warnings", [])),
            "games": len(parts or []), "winners": (report.get("result") or {}).get("winners", []),
        }


def load(root: Path) -> dict[str, Sample]:
    """Every ``*.json`` in each installed game's folder under ``root``, by slug (the file stem, prefixed
    with the game's id where two games use the same name), games in name order, files in name order.
    An unreadable file is logged and skipped: a broken sample must not take the service down with it."""
    samples: dict[str, Sample] = {}
    for game_id in games.engines():
        folder = root / game_id
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            raw = path.read_bytes()
            try:
                document = read_json(raw)
            except ValueError as error:
                log.warning("sample %s is not readable JSON: %s", path, error)
                continue
            slug = path.stem if path.stem not in samples else f"{game_id}-{path.stem}"
            samples[slug] = Sample(slug, game_id, raw, document, games.validate(document))
    return samples


def by_game(samples: dict[str, Sample]) -> list[tuple[str, list[Sample]]]:
    """The samples grouped by game name, in the registry's order."""
    grouped: dict[str, list[Sample]] = {}
    for sample in samples.values():
        grouped.setdefault(sample.verdict.name, []).append(sample)
    return list(grouped.items())

"""The annotated sample games (``sample_games/*.json``), read and validated once when the app starts.

Samples are fixed files shipped with the service, so their reports are computed once and kept in memory;
the gallery, the sample pages and ``/api/v1/samples`` all serve from here. ``expected.json`` (the
verdicts the tests expect) is not a sample.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from api import games
from replaykit.jsonio import read_json

log = logging.getLogger(__name__)
NOT_SAMPLES = {"expected"}


@dataclass(frozen=True)
class Sample:
    slug: str
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
        """What the gallery and the sample list show: title, players, verdict and finding counts."""
        report = self.report
        return {
            "slug": self.slug, "title": self.title, "notes": self.notes, "kind": report.get("kind"),
            "players": report.get("players", []), "valid": report.get("valid"),
            "complete": report.get("complete"), "errors": len(report.get("errors", [])),
            "warnings": len(report.get("warnings", [])), "games": len(report.get("games") or []),
            "winners": (report.get("result") or {}).get("winners", []),
        }


def load(folder: Path) -> dict[str, Sample]:
    """Every ``*.json`` in ``folder`` by file stem, in name order; an unreadable file is logged and skipped."""
    samples: dict[str, Sample] = {}
    if not folder.is_dir():
        return samples
    for path in sorted(folder.glob("*.json")):
        if path.stem in NOT_SAMPLES:
            continue
        raw = path.read_bytes()
        try:
            document = read_json(raw)
        except ValueError as error:  # a broken sample must not take the service down with it
            log.warning("sample %s is not readable JSON: %s", path.name, error)
            continue
        samples[path.stem] = Sample(path.stem, raw, document, games.validate(document))
    return samples

"""The annotated sample games, read and validated once when the app starts.

Samples are fixed files shipped with the service, one folder per game (``sample_games/<game id>/``, or
``samples/`` inside the game's own package, how a plugin brings them), so their reports are computed once
and kept in memory; the gallery, the sample pages and ``/api/v1/samples`` all serve from here. A sample is
named by its game and its file's stem (``/samples/<game>/<slug>``), so two games may use the same names.
Each folder's ``expected.toml`` holds the verdicts the tests expect and is no sample; its ``meta.<language>.toml``
holds the samples' titles and notes in that language (``["<file>.json"]`` with ``title`` and ``notes``).
"""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from api import games
from replaykit import registry
from replaykit.jsonio import read_json

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sample:
    slug: str
    game: str  # the id of the game whose folder it is in
    raw: bytes
    document: object
    verdict: games.Verdict
    said: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # language → its title and notes

    @property
    def key(self) -> tuple[str, str]:
        return self.game, self.slug

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

    def title_in(self, language: str) -> str:
        return self.said.get(language, {}).get("title") or self.title

    def notes_in(self, language: str) -> str | None:
        return self.said.get(language, {}).get("notes") or self.notes

    def summary(self, language: str = "en") -> dict:
        """What the gallery and the sample list show: title, game, players, verdict and finding counts."""
        report = self.report
        parts = self.verdict.adapter.parts(report)
        return {
            "slug": self.slug, "game": self.game, "game_name": self.verdict.name, "title": self.title_in(language),
            "notes": self.notes_in(language), "kind": report.get("kind"), "players": report.get("players", []),
            "valid": report.get("valid"), "complete": report.get("complete"),
            "errors": len(report.get("errors", [])), "warnings": len(report.get("warnings", [])),
            "games": len(parts or []), "winners": (report.get("result") or {}).get("winners", []),
        }


def folder(root: Path, game_id: str) -> Path | None:
    """A game's samples: ``root/<game id>``, else the ``samples`` folder of its package."""
    shared = root / game_id
    if shared.is_dir():
        return shared
    engine = games.by_id(game_id)
    return None if engine is None else registry.resource(engine, "samples")


def load(root: Path) -> dict[tuple[str, str], Sample]:
    """Every ``*.json`` in each installed game's folder, by (game id, slug = the file's stem), games in name
    order, files in name order. An unreadable file is logged and skipped: a broken sample must not take the
    service down with it."""
    samples: dict[tuple[str, str], Sample] = {}
    for game_id in games.engines():
        found = folder(root, game_id)
        said = _translations(found) if found is not None else {}
        for path in sorted(found.glob("*.json")) if found is not None else []:
            raw = path.read_bytes()
            try:
                document = read_json(raw)
            except ValueError as error:
                log.warning("sample %s is not readable JSON: %s", path, error)
                continue
            translated = {language: words.get(path.name, {}) for language, words in said.items()}
            verdict = replace(games.validate(document), key=f"sample:{game_id}/{path.stem}")
            samples[game_id, path.stem] = Sample(path.stem, game_id, raw, document, verdict, translated)
    return samples


def _translations(found: Path) -> dict[str, dict[str, dict[str, str]]]:
    """``{language: {file name: {"title": …, "notes": …}}}`` from the folder's ``meta.<language>.toml``."""
    said: dict[str, dict[str, dict[str, str]]] = {}
    for path in sorted(found.glob("meta.*.toml")):
        try:
            table = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            log.warning("sample translations %s are not readable: %s", path, error)
            continue
        said[path.name.split(".")[1]] = {name: {key: value for key, value in entry.items()
                                                if key in ("title", "notes") and isinstance(value, str)}
                                         for name, entry in table.items() if isinstance(entry, dict)}
    return said


def legacy_names(samples: dict[tuple[str, str], Sample]) -> dict[str, Sample]:
    """The names samples had before they were named by game (``/samples/<slug>``): the stem, or the game's
    id and the stem when an earlier game (in the registry's order) had taken it. Their pages redirect."""
    names: dict[str, Sample] = {}
    for sample in samples.values():
        names[sample.slug if sample.slug not in names else f"{sample.game}-{sample.slug}"] = sample
    return names


def by_game(samples: dict[str, Sample]) -> list[tuple[str, list[Sample]]]:
    """The samples grouped by game name, in the registry's order."""
    grouped: dict[str, list[Sample]] = {}
    for sample in samples.values():
        grouped.setdefault(sample.verdict.name, []).append(sample)
    return list(grouped.items())

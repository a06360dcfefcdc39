"""The annotated sample games, read and validated once for the apps of a process (again when a file changes).

Samples are fixed files shipped with the service, one folder per game, its home's ``samples``
(``sample_games/<game id>/`` for this repository's games, ``samples/`` inside a plugin's package), so their
reports are computed once and kept in memory; the gallery, the sample pages and ``/api/v1/samples`` all
serve from here. A sample is named by its game and its file's stem (``/samples/<game>/<slug>``), so two
games may use the same names.
Each folder's ``expected.toml`` holds the verdicts the tests expect and is no sample; its ``meta.<language>.toml``
holds the samples' titles and notes in that language (``["<file>.json"]`` with ``title`` and ``notes``), and its
``notes.<language>.toml`` the notes written inside the logs, by JSON pointer (``["<file>.json"]`` with
``"/tricks/5/plays/1/note" = "…"``). Those notes are the service's own words, so a page in that language
shows the sample's log with them translated: replayed once per language when first asked for, with the same
findings, since a note is never checked. A sample's table views and other plays are worked out by the first
view that needs them and then kept, as a stored game's are (a page would otherwise replay the game to say
that it has a table).
"""

from __future__ import annotations

import copy
import functools
import logging
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from api import homes, verdicts
from replaykit.jsonio import read_json

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Sample:
    slug: str
    game: str  # the id of the game whose folder it is in
    raw: bytes
    document: object
    verdict: verdicts.Verdict
    said: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # language → its title and notes
    notes_at: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # language → pointer → note
    _told: dict[str, verdicts.Verdict] = field(default_factory=dict, compare=False, repr=False)

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

    def verdict_in(self, language: str) -> verdicts.Verdict:
        """The verdict of the log with its notes in ``language`` (the log's own without a translation)."""
        notes = self.notes_at.get(language)
        if not notes:
            return self.verdict
        if language not in self._told:  # two threads may both replay it once: the same result either way
            document = copy.deepcopy(self.document)
            for pointer, note in notes.items():
                *path, last = _keys(pointer)
                _at(document, path)[last] = note
            self._told[language] = _keeping(replace(verdicts.validate(document), key=f"{self.verdict.key}@{language}"))
        return self._told[language]

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
    """A game's samples: the ``samples`` folder of its home (``root`` in place of the service's own
    ``sample_games``), or ``None``."""
    engine = verdicts.by_id(game_id)
    return None if engine is None else homes.folder(engine, "samples", {"sample_games": root})


def load(root: Path) -> dict[tuple[str, str], Sample]:
    """Every ``*.json`` in each installed game's folder, by (game id, slug = the file's stem), games in name
    order, files in name order. An unreadable file is logged and skipped: a broken sample must not take the
    service down with it. Apps of one process made from the same games and files share what they load."""
    folders = {game_id: folder(root, game_id) for game_id in verdicts.engines()}
    return dict(_loaded(tuple(verdicts.engines().items()), tuple(folders.items()), _fingerprint(folders)))


def _fingerprint(folders: Mapping[str, Path | None]) -> tuple:
    """Every file of the folders with its size and time of change: a sample edited, added or removed is
    loaded again."""
    return tuple((str(path), stat.st_size, stat.st_mtime_ns)
                 for found in folders.values() if found is not None
                 for path in sorted(found.iterdir()) if path.is_file() for stat in [path.stat()])


@functools.lru_cache(maxsize=4)  # a test run makes hundreds of apps from the same samples
def _loaded(engines: tuple, folders: tuple[tuple[str, Path | None], ...],
            fingerprint: tuple) -> dict[tuple[str, str], Sample]:
    samples: dict[tuple[str, str], Sample] = {}
    for game_id, found in folders:
        said = _translations(found) if found is not None else {}
        noted = _notes(found) if found is not None else {}
        for path in sorted(found.glob("*.json")) if found is not None else []:
            raw = path.read_bytes()
            try:
                document = read_json(raw)
            except ValueError as error:
                log.warning("sample %s is not readable JSON: %s", path, error)
                continue
            translated = {language: words.get(path.name, {}) for language, words in said.items()}
            verdict = _keeping(replace(verdicts.validate(document), key=f"sample:{game_id}/{path.stem}"))
            notes_at = {language: _pointing(document, notes.get(path.name, {}), path)
                        for language, notes in noted.items()}
            samples[game_id, path.stem] = Sample(path.stem, game_id, raw, document, verdict, translated, notes_at)
    return samples


def _keeping(verdict: verdicts.Verdict) -> verdicts.Verdict:
    """The verdict with what a stored game keeps (``verdicts.Verdict.kept``), each worked out once, when first
    asked for: the views hold Texts, said in each reader's language when sent."""
    if verdict.engine is None:
        return verdict
    boards = functools.cache(verdict.boards)
    whatif = functools.cache(lambda: verdicts.split_whatif(verdict.better_plays()))
    heads = functools.cache(lambda: {key: verdicts.head(board) for key, board in boards().items()})
    return replace(verdict, kept={"boards": boards, "heads": heads, "whatif": lambda: whatif()[0],
                                  "plays": lambda: whatif()[1]})


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


def _notes(found: Path) -> dict[str, dict[str, dict[str, str]]]:
    """``{language: {file name: {pointer: note}}}`` from the folder's ``notes.<language>.toml``."""
    noted: dict[str, dict[str, dict[str, str]]] = {}
    for path in sorted(found.glob("notes.*.toml")):
        try:
            table = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            log.warning("sample notes %s are not readable: %s", path, error)
            continue
        noted[path.name.split(".")[1]] = {name: {key: value for key, value in entry.items() if isinstance(value, str)}
                                          for name, entry in table.items() if isinstance(entry, dict)}
    return noted


def _keys(pointer: str) -> list[str]:
    return [key.replace("~1", "/").replace("~0", "~") for key in pointer.split("/")[1:]]


def _at(document: object, keys: list[str]) -> object:
    for key in keys:
        document = document[int(key)] if isinstance(document, list) else document[key]  # type: ignore[index]
    return document


def _pointing(document: object, notes: Mapping[str, str], path: Path) -> dict[str, str]:
    """The translations that replace a note the log has; any other is logged and left out, so a translation
    can only ever change a note."""
    kept = {}
    for pointer, note in notes.items():
        keys = _keys(pointer)
        try:
            found = _at(document, keys)
        except (KeyError, IndexError, ValueError, TypeError):
            found = None
        if keys and keys[-1] == "note" and isinstance(found, str):
            kept[pointer] = note
        else:
            log.warning("%s: no note at %s to translate", path.name, pointer)
    return kept


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

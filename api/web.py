"""What the JSON API (``api.api_v1``) and the pages (``api.pages``) share (reached as ``import api as web``).

This module holds: the per-app services (repository and samples) and the
one path from uploaded bytes to a verdict, so the form and the API accept and reject exactly alike.
"""

from __future__ import annotations

import functools
import hashlib
import json
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from flask import Response, current_app, request
from flask_babel import gettext as _

from api import background, guards, i18n, listings, quota, verdicts, workload
from api.problems import Problem
from api.samples import Sample
from api.storage import GameRecord, OverQuota, Repository, packed, unpacked
from replaykit import words
from replaykit.engine import SETUP_SETTINGS
from replaykit.jsonio import JSONReadError, read_json
from replaykit.reading import no_json_text
from replaykit.state import State

EXTENSION = "card_replay"
RESULTS_FORMAT = "parts-5"  # how stored results are written: a change re-validates what was kept before it
# (parts-4: the D&G best swap lets the rules choose the leaders, issue 29)
SOURCE_ROOT = Path(__file__).resolve().parent.parent
INSTALLED_ROOT = Path(__file__).resolve().parent / "site"


def resource_dir(name: str) -> Path:
    """A folder the service reads at run time (templates, static, sample_games, docs): inside the installed
    package when installed with pip, else beside the source in a checkout."""
    installed = INSTALLED_ROOT / name
    return installed if installed.is_dir() else SOURCE_ROOT / name


@dataclass
class Services:
    repository: Repository
    samples: dict[tuple[str, str], Sample]  # by (game id, slug)
    legacy: dict[str, Sample] = field(default_factory=dict)  # by the name a sample had before (a redirect)


def services() -> Services:
    return current_app.extensions[EXTENSION]


class NotJSON(ValueError):
    """The upload is not readable JSON; ``str()`` is the sentence to show."""


class NotALog(ValueError):
    """The upload is JSON but not a log's shape; ``findings`` are the ``schema`` findings."""

    def __init__(self, verdict: verdicts.Verdict) -> None:
        engine = verdict.engine
        super().__init__(_("This log of %(game)s does not follow the log format.", game=i18n.localized(engine.name))
                         if engine else _("This is not a log of any game this service knows."))
        self.verdict = verdict
        self.findings = verdict.schema_errors


def read(raw: bytes) -> object:
    """Uploaded bytes as a JSON value, within the reader's limits; raises ``NotJSON``."""
    try:
        return read_json(raw, guards.json_limits())
    except JSONReadError as error:
        reason = no_json_text(raw) or error.text
        raise NotJSON(str(i18n.localized(reason)).rstrip(".") + ".") from None


def replay(document: object, setup: bool = False) -> tuple[verdicts.Verdict, State | None]:
    """Validate a document and keep the state after its last action; raises ``NotALog``. With ``setup`` the
    document may list no steps yet (``SETUP_SETTINGS``): a recorder starts from one."""
    settings = guards.log_settings()
    verdict, state = verdicts.replay(document, {**settings, **SETUP_SETTINGS} if setup else settings)
    if verdict.schema_errors:
        raise NotALog(verdict)
    return verdict, state


def check(raw: bytes) -> tuple[verdicts.Verdict, str]:
    """Read and validate uploaded bytes: the verdict and its report as the JSON answered. Raises ``NotJSON`` or
    ``NotALog`` for what cannot be replayed, and a 422 ``Problem`` for a report past the bound on an answer."""
    verdict = replay(read(raw))[0]
    return verdict, workload.bounded_answer(verdict.report, len(raw))


def store(raw: bytes) -> tuple[verdicts.Verdict, GameRecord]:
    """Validate, then keep the bytes exactly as uploaded (only logs that have a log's shape are kept), within
    the client's quota and the bound on an upload's work (checked before the replay); the record returned
    carries the delete token."""
    document = read(raw)
    workload.ensure_bounded(document)
    verdict = replay(document)[0]
    workload.bounded_answer(verdict.report, len(raw))  # the answer embeds the report: it is written again there
    repository = services().repository
    client = quota.client_key(guards.client_address())
    with quota.storage_errors():
        quota.ensure_room(repository, client, len(raw))
        try:
            result = _packed(verdict)
            record = repository.add(raw, verdict.engine.id if verdict.engine else "", verdict.valid, client,
                                    quota=current_app.config["STORAGE_QUOTA_BYTES"], result=result,
                                    listings=_listings(verdict, result[0]))
        except OverQuota as error:
            raise quota.over_quota(error.used) from None
    background.queue_upload(record)  # its computer analysis, in the background
    return verdict, record


def results_version(engine_id: str) -> str:
    """What a kept report depends on: the game's engine and its rules version, and the size limits."""
    engine = verdicts.by_id(engine_id)
    settings = json.dumps(sorted(guards.log_settings().items()))
    digest = hashlib.sha256(settings.encode()).hexdigest()[:16]
    return f"{engine.id}:{engine.version}:{RESULTS_FORMAT}:{digest}" if engine else f"unknown:{digest}"


def _derived(verdict: verdicts.Verdict) -> dict[str, object]:
    """What a stored game keeps besides its report (``verdicts.Verdict.kept``), from one replay of the log."""
    summary, plays = verdicts.split_whatif(verdict.better_plays())
    boards = verdict.boards()
    return {"boards": boards, "heads": {key: verdicts.head(board) for key, board in boards.items()}, "whatif": summary,
            "plays": plays}


def _packed(verdict: verdicts.Verdict, derived: dict[str, object] | None = None) -> tuple[str, bytes, bytes]:
    """The report and what is derived from it, in the form ``Repository.add`` keeps them: each derived part
    packed on its own, so a view unpacks only the parts it shows."""
    engine_id = verdict.engine.id if verdict.engine else ""
    derived = dict(derived or _derived(verdict))
    # each table view packed on its own too: a match part's view unpacks its own game's, not all twelve
    parts = {BOARD + key: words.dumps(board) for key, board in derived.pop("boards").items()}
    parts.update((name, words.dumps(value)) for name, value in derived.items())
    return results_version(engine_id), packed(verdict.report), zlib.compress(json.dumps(parts).encode(), 6)


def _listings(verdict: verdicts.Verdict, version: str) -> tuple[str, dict[tuple[int, str], bytes]] | None:
    """A single game's page lists in every language, kept with it so that no view renders them (a match's
    parts are short games: each is rendered by its first view, then kept)."""
    if verdict.adapter.parts(verdict.report) is not None:
        return None
    return listings_version(version), listings.in_every_language(verdict.adapter, verdict.report)


def listings_version(version: str) -> str:
    """What a kept list depends on: the results it lists and the code that rendered it."""
    return f"{version}:{listings.renderer()}"


@dataclass(frozen=True, slots=True)
class StoredListings:
    """A stored game's shelf for its page lists (``api.listings.Shelf``): its rows in the database."""

    game_id: str
    version: str

    def read(self, part: int, language: str) -> bytes | None:
        with quota.storage_errors():
            return services().repository.listing(self.game_id, self.version, part, language)

    def keep(self, part: int, language: str, body: bytes) -> None:
        services().repository.keep_listing(self.game_id, self.version, part, language, body,
                                           quota=current_app.config["STORAGE_QUOTA_BYTES"])


BOARD = "board:"  # a kept table view's name: this, then its part's number ("" for a single game)


class _Boards(Mapping):
    """The kept table views by part, each unpacked when first read: a view of one part of a long match read
    every part's before (a 12-game match: 1 s of CPU at each view of a part's moments)."""

    def __init__(self, texts: dict[str, str]) -> None:
        self.texts, self.read = texts, {}

    def __getitem__(self, key: str) -> object:
        if key not in self.read:
            self.read[key] = words.loads(self.texts[key])
        return self.read[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.texts)

    def __len__(self) -> int:
        return len(self.texts)


def _kept(blob: bytes) -> dict[str, Callable[[], object]]:
    parts = json.loads(zlib.decompress(blob))
    boards = _Boards({name[len(BOARD):]: parts.pop(name) for name in list(parts) if name.startswith(BOARD)})
    return {"boards": lambda: boards,
            **{name: functools.cache(lambda text=text: words.loads(text)) for name, text in parts.items()}}


def stored_verdict(record: GameRecord) -> verdicts.Verdict:
    """A stored game's report and table views, as kept with it when they were computed by the current rules
    and limits; else computed from its bytes (and kept, for the next view). So a view replays no log, and
    a stored game still follows the rules of the day (and the games installed now: a record of a game no
    longer installed gets the unknown-game report).

    Limits of the JSON reader are not applied again: the bytes were accepted when stored, and a limit
    lowered since must not make a stored game unreadable."""
    repository = services().repository
    version = results_version(record.game)
    with quota.storage_errors():
        kept = repository.result(record.id, version)
    engine = verdicts.by_id(record.game)
    shelf = StoredListings(record.id, listings_version(version))
    try:
        # Reading is cheap beside a replay, and a what-if branch starts from the document itself.
        document = read_json(record.log)
    except JSONReadError as error:  # kept before the reader refused what it refuses now (a lone surrogate)
        raise Problem(422, _("This stored log can no longer be read: %(problem)s.",
                             problem=i18n.localized(error.text))) from None
    if kept is not None:
        report_blob, derived_blob = kept
        return verdicts.Verdict(engine, unpacked(report_blob), document, guards.log_settings(),
                                kept=_kept(derived_blob), key=f"{record.id}:{version}", shelf=shelf)
    verdict = verdicts.validate(document, guards.log_settings())
    derived = _derived(verdict)
    if verdict.engine is not None and verdict.engine.id == record.game:
        _version, report_blob, derived_blob = _packed(verdict, derived)
        repository.keep_result(record.id, version, report_blob, derived_blob,
                               quota=current_app.config["STORAGE_QUOTA_BYTES"])
    return replace(verdict, kept={name: (lambda value=value: value) for name, value in derived.items()},
                   key=f"{record.id}:{version}", shelf=shelf)


def log_response(raw: bytes, filename: str) -> Response:
    """A log's bytes as they were given; ``?download=1`` asks the browser to save them as ``filename``."""
    response = Response(raw, mimetype="application/json")
    if request.args.get("download"):
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def part_of(verdict: verdicts.Verdict, number: int) -> dict | None:
    """Part ``number`` (1-based) of a document of several games (a match game), or ``None``."""
    parts = verdict.adapter.parts(verdict.report) or []
    return parts[number - 1] if 1 <= number <= len(parts) else None

"""How much one client may store, how long games are kept, and what a full disk answers.

- **Quota**: each client (by address, as the rate limits count it) may keep ``STORAGE_QUOTA_BYTES`` in
  all: its logs and everything kept with them (results, page lists, computer analyses, rows:
  ``api.storage.stored_bytes``), read from its running total (``api.usage``).
  An upload that would take it past the quota is refused with 507 and nothing is written: checked with the
  log's size before any work, then with everything the upload stores in the transaction that stores it. A
  list a view renders later, or an analysis result, is kept only while it fits (else the next view renders
  the list again; the analysis fails with a short note, ``api.jobs``), so only a game's analysis job row and
  that note can take a client past its quota, by a few hundred bytes a game. The owner is kept as a keyed
  hash of the address (``api.storage.Upload``), so the database holds no addresses.
- **Full storage**: an upload that would leave less than ``STORAGE_MIN_FREE_BYTES`` free beside an SQLite
  database is refused with 507; a database that reports it is full answers 507 too, and one that cannot
  be reached or stays locked answers 503 with ``Retry-After``, on every route (uploads, pages, the API's
  views). SQLite says "disk I/O error" when it cannot grow its files: that is 507 when the disk's free
  space is under ``STORAGE_MIN_FREE_BYTES``, else 503. Nothing half-written is kept: each upload is one
  transaction.
- **Retention**: ``flask --app app cleanup`` deletes games older than ``RETENTION_DAYS`` (0 keeps them
  for ever), the background analyses of games no longer kept (deleted or expired) and expired rate-limit
  counters; run it daily (deploy/card-replay-cleanup.timer).
"""

from __future__ import annotations

import hashlib
import hmac
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import click
from flask import Flask, current_app
from flask_babel import format_decimal
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from api.database import is_locked
from api.problems import Problem
from api.storage import StoredGame

DEFAULTS = {
    "STORAGE_QUOTA_BYTES": 20 * 1024 * 1024,  # some 700 four-player games, each with its results and lists
    "STORAGE_MIN_FREE_BYTES": 64 * 1024 * 1024,
    "RETENTION_DAYS": 180,
}
RETRY_SECONDS = 30  # a database that cannot be reached: an operator must act
LOCKED_RETRY_SECONDS = 5  # a lock held past the request's own wait (database.LOCK_WAIT) is let go soon
FULL = ("database or disk is full", "no space left on device", "disk full", "could not extend file")


def client_key(address: str | None) -> str:
    """The owner recorded for an address: a keyed hash, stable across workers and restarts."""
    secret = current_app.config["SECRET_KEY"].encode()
    return hmac.new(secret, (address or "").encode(), hashlib.sha256).hexdigest()[:32]


def mebibytes(size: int) -> str:
    """A size's number of MiB as the reader writes numbers ("20.0", "20,0")."""
    return format_decimal(round(size / (1024 * 1024), 1), format="#,##0.0")


def _megabytes(size: int) -> str:
    return f"{mebibytes(size)} MiB"


def _free_bytes(url: str) -> int | None:
    """Free space on the file system of an SQLite database; ``None`` for a database server."""
    if not url.startswith("sqlite") or ":///" not in url:
        return None
    try:
        return shutil.disk_usage(Path(url.split(":///", 1)[1]).parent).free
    except OSError:
        return None


def over_quota(used: int) -> Problem:
    config = current_app.config
    shown = {"used": _megabytes(used), "quota": _megabytes(config["STORAGE_QUOTA_BYTES"]),
             "days": config["RETENTION_DAYS"]}
    return Problem(507, _("Your uploads already take %(used)s of the %(quota)s one client may store. Delete some "
                          "(DELETE /api/v1/games/ID with the delete token you were given) or wait until older "
                          "games expire after %(days)s days.", **shown),
                   page_detail=_("Your uploads already take %(used)s of the %(quota)s one client may store. Delete "
                                 "some (\u201cDelete this game\u201d on a game's page; this browser's are listed "
                                 "under \u201cYour uploads\u201d) or wait until older games expire after %(days)s "
                                 "days.", **shown))


def ensure_room(repository, client: str, size: int) -> None:
    """Refuse with 507, before anything is written, an upload past the client's quota or into a nearly full
    disk. ``size`` is the log's, the least the upload stores: ``Repository.add`` checks the quota again with
    all it stores (results and lists too), as it stores, and for uploads that arrive at once."""
    config = current_app.config
    quota = config["STORAGE_QUOTA_BYTES"]
    used = repository.usage(client)
    if quota and used + size > quota:
        raise over_quota(used)
    free = _free_bytes(str(repository.engine.url))
    if free is not None and free - size < config["STORAGE_MIN_FREE_BYTES"]:
        raise Problem(507, _("The server's storage is full; nothing was stored. Please try again later."))


def _is_full(error: OperationalError) -> bool:
    text = str(getattr(error, "orig", error)).lower()
    if any(sign in text for sign in FULL) or getattr(error.orig, "pgcode", None) == "53100":
        return True
    if "disk i/o error" in text:
        from api import services

        free = _free_bytes(str(services().repository.engine.url))
        return free is not None and free < current_app.config["STORAGE_MIN_FREE_BYTES"]
    return False


def storage_problem(error: OperationalError) -> Problem:
    """A full or unreachable (or locked) database as the client's 507 or 503, never a bug's 500."""
    if _is_full(error):
        return Problem(507, _("The server's storage is full; nothing was stored. Please try again later."))
    current_app.logger.warning("storage unavailable: %s", error.orig)
    seconds = LOCKED_RETRY_SECONDS if is_locked(error) else RETRY_SECONDS
    return Problem(503, _("The storage is busy or cannot be reached; nothing was stored. Please try again in "
                          "%(seconds)d seconds.", seconds=seconds), headers={"Retry-After": str(seconds)})


@contextmanager
def storage_errors() -> Iterator[None]:
    """A full or unreachable database is the client's 507 or 503, not a bug's 500."""
    try:
        yield
    except OperationalError as error:
        raise storage_problem(error) from None


def cleanup(app: Flask, days: int | None = None) -> dict[str, int]:
    """Delete games past retention, the analyses of games no longer kept and expired rate-limit counters;
    returns what was removed."""
    from api import background, ratelimits, services

    keep = app.config["RETENTION_DAYS"] if days is None else days
    removed = {"games": 0, "counters": 0}
    with app.app_context():
        repository = services().repository
        if keep > 0:
            removed["games"] = repository.purge(datetime.now(UTC) - timedelta(days=keep))
        removed["counters"] = ratelimits.purge_expired(repository.engine)
        removed["analyses"] = background.store().prune(select(StoredGame.id))
    return removed


def install(app: Flask) -> None:
    """The cleanup command, and 503/507 for a database error on any route (a page's read, a lock)."""
    from api import problems

    app.register_error_handler(OperationalError, lambda error: problems.handle_http(storage_problem(error)))

    @app.cli.command("cleanup")
    @click.option("--days", type=int, default=None, help="keep this many days instead of RETENTION_DAYS")
    def cleanup_command(days: int | None) -> None:
        """Delete stored games past the retention period, the analyses of games gone, expired rate-limit counters."""
        removed = cleanup(app, days)
        click.echo(f"deleted {removed['games']} games (and {removed['analyses']} analyses of games no longer kept) "
                   f"and {removed['counters']} expired rate-limit counters")

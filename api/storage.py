"""Where uploaded logs live: one SQLAlchemy table, byte-for-byte logs, behind a small repository.

The uploaded bytes are the record. What the pages derive from them (the report and the table view's
snapshots) is computed once and kept beside them in ``stored_results``, with the version of the rules
and limits that computed it: a view reads it instead of replaying the log, and a new rules version simply
computes it again on the next view. A page's list of moments, rendered in each language, is kept the same
way in ``stored_listings`` (``api.listings``). The default database is an SQLite file in the Flask instance
folder; ``DATABASE_URL`` selects any other.

Connections, lock waits and table creation are ``api.database``'s.

Beside each game, ``uploads`` keeps who stored it (a keyed hash of the client's address, never the
address), its log's size and the hash of its delete token: the per-client quota, the uploader's delete and
the retention cleanup (``api.quota``) read it. It is a table of its own so databases made before it need no
migration; their games simply have no owner.

What a client uses of its quota is every byte kept for its games (``stored_bytes``): the logs, the
results and the page lists, those a view renders later included, the computer analyses (``api.jobs``: each
game's job row, with its result or error), plus ``ROW_BYTES`` for each row's keys, versions, times and
index entries. Every write here keeps the client's running total of it (``api.usage``) in its own
transaction, so a list added later, a result replaced or a game deleted shows at once.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import secrets
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    Integer,
    LargeBinary,
    String,
    case,
    delete,
    false,
    func,
    literal,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

from api.database import LOCK_WAIT, create_tables, make_engine, patiently
from replaykit import words

ID_BYTES = 18  # 24 URL-safe characters: unguessable, so a stored game is shared only by its link
# What a row costs besides its log, results or list: ids, versions, times, hashes and their index entries
# (about 140 bytes a row in SQLite), counted generously so that no client stores more than its quota.
ROW_BYTES = 256


class Base(DeclarativeBase):
    pass


class StoredGame(Base):
    __tablename__ = "stored_games"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))  # which registered game validated it (api.verdicts)
    log: Mapped[bytes] = mapped_column(LargeBinary)
    valid: Mapped[bool] = mapped_column(Boolean)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class Upload(Base):
    """Who stored a game and how to let them delete it."""

    __tablename__ = "uploads"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the stored game's id
    client: Mapped[str] = mapped_column(String(64), index=True)
    size: Mapped[int] = mapped_column(Integer)  # of the log
    token: Mapped[str] = mapped_column(String(64))  # SHA-256 of the delete token: a leaked database deletes nothing
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class StoredResult(Base):
    """What a stored game's views derive from its log, computed once: zlib-compressed JSON."""

    __tablename__ = "stored_results"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the stored game's id
    version: Mapped[str] = mapped_column(String(200))  # rules and limits that computed it
    report: Mapped[bytes] = mapped_column(LargeBinary)
    snapshots: Mapped[bytes] = mapped_column(LargeBinary)


class StoredListing(Base):
    """A stored game's page list of moments as rendered in one language (``api.listings``): zlib-compressed
    JSON, made at upload or by the first view that found none of its version."""

    __tablename__ = "stored_listings"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the stored game's id
    part: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0: the page of the whole document
    language: Mapped[str] = mapped_column(String(16), primary_key=True)
    version: Mapped[str] = mapped_column(String(300))  # the results' version and the code that rendered it
    body: Mapped[bytes] = mapped_column(LargeBinary)


def packed(value: object) -> bytes:
    """What is kept beside a log: zlib-compressed JSON, its Texts packed (``replaykit.words``) so that it is
    said in any reader's language later."""
    return zlib.compress(words.dumps(value).encode(), 6)


def unpacked(blob: bytes) -> object:
    return words.loads(zlib.decompress(blob))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


ENDS_BYTES = 2048  # of each end of a log, for a list of games: its title


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A stored game detached from any session, safe to use after the transaction ended."""

    id: str
    game: str
    log: bytes
    valid: bool
    created: datetime
    delete_token: str | None = None  # only on the record ``add`` returns: shown to the uploader once


@dataclass(frozen=True, slots=True)
class Summary:
    """What a list of games shows of a stored one: the ends of its log, never the whole."""

    id: str
    game: str
    valid: bool
    created: datetime
    head: bytes
    tail: bytes  # empty when the head is the whole log


def _record(row: StoredGame) -> GameRecord:
    return GameRecord(row.id, row.game, row.log, row.valid, _aware(row.created))


def _aware(created: datetime) -> datetime:
    # SQLite keeps no time zone: what it gives back naive was written in UTC.
    return created if created.tzinfo else created.replace(tzinfo=UTC)


def _patient(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        return patiently(lambda: method(self, *args, **kwargs), self.lock_wait)
    return wrapper


class OverQuota(Exception):
    """An upload would take its client past the storage quota; ``used`` is what the client had stored."""

    def __init__(self, used: int) -> None:
        super().__init__(used)
        self.used = used


def owned_by(client: str):
    """The ids of a client's games, as a subquery."""
    return select(Upload.id).where(Upload.client == client)


def stored_bytes(session, ids) -> int:
    """Every byte kept for the games ``ids`` (a subquery or a list): their logs, results, page lists and
    computer analyses, and ``ROW_BYTES`` for each row of theirs (the game, its owner, its results, each list,
    its analysis job)."""
    from api.jobs import AnalysisJob  # api.jobs builds on this module: imported once both are loaded

    analysed = func.coalesce(func.length(AnalysisJob.result), 0) + func.coalesce(func.length(AnalysisJob.error), 0)
    payloads = ((StoredGame.id, func.length(StoredGame.log)), (Upload.id, literal(0)),
                (StoredResult.id, func.length(StoredResult.report) + func.length(StoredResult.snapshots)),
                (StoredListing.id, func.length(StoredListing.body)), (AnalysisJob.key, analysed))
    return sum(session.scalar(select(func.count() * ROW_BYTES + func.coalesce(func.sum(size), 0))
                              .where(key.in_(ids))) for key, size in payloads)


def one_writer_per_client(session, client: str) -> None:
    """Serialize one client's writes until the transaction ends; what the transaction reads after this is
    what no other writer of the client can change before it commits. PostgreSQL takes a transaction-scoped
    advisory lock on the client's key. SQLite has one writer at a time, but Python's driver opens the
    transaction only at its first write, so reads before it saw the database as it was then: two deletes of
    one game both measured it, both subtracted it, and the total went below zero. A write that changes
    nothing takes SQLite's write lock at once."""
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        session.execute(select(func.pg_advisory_xact_lock(func.hashtext(client))))
    elif dialect == "sqlite":
        session.execute(update(Upload).where(false()).values(client=Upload.client),
                        execution_options={"synchronize_session": False})


def counted_tables() -> list:
    """The tables the quota counts (the analysis jobs' too, ``stored_bytes``) and the running totals."""
    from api.jobs import AnalysisJob

    return [*Base.metadata.sorted_tables, AnalysisJob.__table__]


class Repository:
    """Add and fetch stored games; every write is one transaction that either commits whole or not at all."""

    def __init__(self, url: str, lock_wait: float = LOCK_WAIT) -> None:
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.lock_wait = lock_wait

    def create_schema(self) -> None:
        # IF NOT EXISTS: several workers may start at once on a fresh database; none may fail on the race,
        # and one that finds the database locked by another's creation waits for it (twice the usual wait).
        def create() -> None:
            with self.engine.begin() as connection:
                create_tables(connection, counted_tables())
        patiently(create, max(self.lock_wait, LOCK_WAIT) * 4)

    @_patient
    def add(self, log: bytes, game: str, valid: bool, client: str = "", quota: int = 0,
            result: tuple[str, bytes, bytes] | None = None,
            listings: tuple[str, Mapping[tuple[int, str], bytes]] | None = None) -> GameRecord:
        """Store the bytes as uploaded, with their owner (and ``result``: version, report and snapshots as
        ``keep_result`` takes them; ``listings``: a version and the rendered lists by part and language);
        returns the record, with its delete token, once it is committed. With a
        ``quota``, an upload that would take the client past it is not stored (``OverQuota``), however many
        of the client's uploads arrive at once."""
        for _attempt in range(5):
            now, token = datetime.now(UTC), secrets.token_urlsafe(ID_BYTES)
            row = StoredGame(id=secrets.token_urlsafe(ID_BYTES), game=game, log=bytes(log), valid=valid, created=now)
            owner = Upload(id=row.id, client=client, size=len(log), token=token_hash(token), created=now)
            try:
                with self.sessions.begin() as session:
                    one_writer_per_client(session, client)
                    session.add(row)
                    session.add(owner)
                    if result is not None:
                        session.add(StoredResult(id=row.id, version=result[0], report=result[1],
                                                 snapshots=result[2]))
                    if listings is not None:
                        version, bodies = listings
                        session.add_all(StoredListing(id=row.id, part=part, language=language, version=version,
                                                      body=body) for (part, language), body in bodies.items())
                    session.flush()
                    # Counted after the insert, in the same transaction: a second upload of this client
                    # waits for the first to commit (the lock above, or SQLite's one writer) and sees it.
                    stored = usage.upload_bytes(log, result, listings[1] if listings else {})
                    used = usage.charge(session, client, stored)
                    if quota and used > quota:
                        raise OverQuota(used - stored)
            except IntegrityError:  # an id collision: astronomically rare, and a fresh id fixes it
                continue
            record = _record(row)
            return GameRecord(record.id, record.game, record.log, record.valid, record.created, token)
        raise RuntimeError("could not find a free game id")

    @_patient
    def result(self, game_id: str, version: str) -> tuple[bytes, bytes] | None:
        """The report and snapshots kept for a game by rules and limits ``version``; ``None``: none kept."""
        with self.sessions() as session:
            row = session.get(StoredResult, game_id)
            return None if row is None or row.version != version else (row.report, row.snapshots)

    def keep_result(self, game_id: str, version: str, report: bytes, snapshots: bytes, quota: int = 0) -> bool:
        """Keep what a view computed for a game (replacing an older version's); ``False`` when the database
        would not take it now (locked, full, the game deleted meanwhile, or its owner's ``quota`` would not
        hold it): the next view computes it again."""
        return self._keep_beside(game_id, StoredResult(id=game_id, version=version, report=report,
                                                       snapshots=snapshots), quota)

    def _keep_beside(self, game_id: str, row: Base, quota: int = 0) -> bool:
        """Add or replace ``row`` beside a stored game, if the game is still there, the database takes it and,
        with a ``quota``, its owner's usage stays within it (or does not grow)."""
        try:
            with self.sessions.begin() as session:
                with usage.counted(session, game_id) as tally:
                    # locked (PostgreSQL) until the commit: a delete meanwhile cannot leave this row behind
                    if session.get(StoredGame, game_id, with_for_update=True) is None:
                        return False
                    session.merge(row)
                if tally.past(quota):
                    raise OverQuota(tally.used - tally.change)  # rolls the row and the total back
        except (OperationalError, IntegrityError, OverQuota):
            return False
        return True

    @_patient
    def listing(self, game_id: str, version: str, part: int, language: str) -> bytes | None:
        """A part's list rendered in ``language`` by ``version``; ``None``: none kept."""
        with self.sessions() as session:
            row = session.get(StoredListing, (game_id, part, language))
            return None if row is None or row.version != version else row.body

    def keep_listing(self, game_id: str, version: str, part: int, language: str, body: bytes,
                     quota: int = 0) -> bool:
        """Keep a list a view rendered (replacing an older version's); ``False`` when the database would not
        take it now, or its owner's ``quota`` would not hold it: the next view renders it again."""
        return self._keep_beside(game_id, StoredListing(id=game_id, part=part, language=language, version=version,
                                                        body=body), quota)

    @_patient
    def usage(self, client: str) -> int:
        """Bytes stored for one client (``stored_bytes``), from its running total (``api.usage``)."""
        with self.sessions() as session:
            return usage.usage(session, client)

    def count(self) -> int:
        with self.sessions() as session:
            return session.scalar(select(func.count()).select_from(StoredGame))

    @_patient
    def delete(self, game_id: str, token: str) -> bool:
        """Delete a game if ``token`` is its delete token; ``False`` (and nothing deleted) otherwise."""
        with self.sessions.begin() as session:
            owner = session.get(Upload, game_id) if game_id and len(game_id) <= 64 else None
            if owner is None or not hmac.compare_digest(owner.token, token_hash(token)):
                return False
            one_writer_per_client(session, owner.client)
            freed = usage.game_bytes(session, game_id)  # all of it: without its owner the game counts nothing
            if not session.execute(delete(Upload).where(Upload.id == game_id)).rowcount:
                return False  # a delete racing this one took it first, and subtracted it
            session.execute(delete(StoredGame).where(StoredGame.id == game_id))
            session.execute(delete(StoredResult).where(StoredResult.id == game_id))
            session.execute(delete(StoredListing).where(StoredListing.id == game_id))
            usage.charge(session, owner.client, -freed)
            return True

    def purge(self, before: datetime) -> int:
        """Delete every game stored before ``before``; returns how many."""
        with self.sessions.begin() as session, usage.counted_where(session, Upload.created < before):
            old = select(StoredGame.id).where(StoredGame.created < before)
            session.execute(delete(StoredResult).where(StoredResult.id.in_(old)))
            session.execute(delete(StoredListing).where(StoredListing.id.in_(old)))
            gone = session.execute(delete(StoredGame).where(StoredGame.created < before)).rowcount
            session.execute(delete(Upload).where(Upload.created < before))
            return gone

    @_patient
    def summaries(self, game_ids: list[str]) -> dict[str, Summary]:
        """The stored games among ``game_ids`` as a list shows them, with only the first and last ``ENDS_BYTES``
        of each log (its title is near one end: a log's meta mostly comes early, the recorder's last); gone ones
        are left out."""
        wanted = [game_id for game_id in game_ids if game_id and len(game_id) <= 64]
        size = func.length(StoredGame.log)
        head = func.substr(StoredGame.log, 1, ENDS_BYTES)
        tail = case((size > ENDS_BYTES, func.substr(StoredGame.log, size - (ENDS_BYTES - 1))), else_=literal(b""))
        query = select(StoredGame.id, StoredGame.game, StoredGame.valid, StoredGame.created, head, tail)
        with self.sessions() as session:
            rows = session.execute(query.where(StoredGame.id.in_(wanted))).all() if wanted else []
        return {row[0]: Summary(row[0], row[1], row[2], _aware(row[3]), bytes(row[4]), bytes(row[5])) for row in rows}

    @_patient
    def size(self, game_id: str) -> int:
        """A stored log's length in bytes, read without the log (0: none stored)."""
        if not game_id or len(game_id) > 64:
            return 0
        with self.sessions() as session:
            return session.scalar(select(func.length(StoredGame.log)).where(StoredGame.id == game_id)) or 0

    @_patient
    def get(self, game_id: str) -> GameRecord | None:
        if not game_id or len(game_id) > 64:
            return None
        with self.sessions() as session:
            row = session.get(StoredGame, game_id)
            return None if row is None else _record(row)

    def dispose(self) -> None:
        self.engine.dispose()


# Last: api.usage builds on the models above, and the methods above call it.
from api import usage  # noqa: E402

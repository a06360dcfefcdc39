"""The queue of background analyses: one row per analysed document in the app's own SQL database.

A job is requested for a key (a stored game's id, or ``sample/<game>/<slug>``), claimed by a worker for a
lease of ``LEASE_SECONDS``, and finished with its result (zlib-compressed JSON) or its error. Everything is
a row, so nothing lives only in a worker's memory: a worker that dies (a restart, ``kill -9``) leaves its
job ``running`` with a lease that runs out, and the next worker to look takes it again. A job that has
killed its worker ``MAX_ATTEMPTS`` times is marked failed rather than taken for ever. ``missing`` tells a
worker when the queue is gone for good (a deleted SQLite file, a dropped table), so that it stops.

Claims are conditional updates (``… WHERE state = 'queued' OR the lease ran out``), so two workers, in one
process or several, never run the same job; a worker finishes a job only while it still holds its claim.

Each client's analysis work is bounded here, from the rows themselves (so every worker and instance sees
the same counts and a restart forgets nothing): at most ``Bounds.pending`` jobs queued or running at once,
and at most ``Bounds.per_hour`` requested within an hour. Past either, ``Busy`` says when to try again. A
document already analysed (or queued) under the same version costs nothing to ask for again.

A sample's job is the service's own (``offer``, client ``SERVICE``): the samples are a fixed set, so their work is
bounded by their number whoever asks, and it never counts against a visitor. A stored game's job is claimed
before any sample's (someone uploaded it and waits for it; the samples are queued ahead of any visitor), and a
sample's failure stays until the worker starts again (``again``): a page cannot make it run again and again.

A stored game's job row and its result count against the storage quota of the game's owner
(``api.storage.stored_bytes``), so every write to a stored game's job keeps the owner's running total
(``api.usage.counted``): a result that would take the owner past the quota is not kept, and the job fails
saying so (``OVER_QUOTA``), as a list a view renders later is not kept past it either.

No Flask here: ``api.background`` runs the jobs and serves them to the pages.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import DateTime, Integer, LargeBinary, String, Text, delete, func, inspect, or_, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

from api.database import create_tables, patiently
from api.storage import counted_tables
from api.usage import counted
from replaykit import jsonio

LEASE_SECONDS = 900  # far longer than the longest analysis its budget allows (86 s, 6 players, load 10)
MAX_ATTEMPTS = 3
RETRY_PENDING_SECONDS = 10  # an analysis takes seconds: a client's queue frees up soon
HOUR = timedelta(hours=1)

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
SAMPLE_PREFIX = "sample/"  # the key of a sample's job; any other key is a stored game's id
SERVICE = "service"  # the client of the samples' jobs (a visitor's is a keyed hash in hex)
OVER_QUOTA = "the result would take the game's owner past the storage quota"


class Base(DeclarativeBase):
    pass


class AnalysisJob(Base):
    __tablename__ = "analysis_jobs"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    version: Mapped[str] = mapped_column(String(200))  # the engine and budget the result was made by
    client: Mapped[str] = mapped_column(String(64), index=True)  # who asked last (a keyed hash)
    state: Mapped[str] = mapped_column(String(16), index=True)
    requested: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)


@dataclass(frozen=True)
class Bounds:
    """What one client may ask of the workers."""

    pending: int = 2
    per_hour: int = 30


class Busy(Exception):
    """The client is over its bound; ``retry_after`` seconds from now it may ask again. ``hourly``: over its
    analyses of the hour, else over those queued or running at once."""

    def __init__(self, retry_after: int, hourly: bool = False) -> None:
        super().__init__(retry_after)
        self.retry_after, self.hourly = retry_after, hourly


@dataclass(frozen=True)
class Status:
    state: str  # queued, running, done, failed; "none" for a key never asked for (or asked under another version)
    ahead: int = 0  # jobs queued before this one
    result: object = None  # the finished job's result
    error: str | None = None


@dataclass(frozen=True)
class Claim:
    key: str
    version: str
    attempt: int


def _utc(moment: datetime | None) -> datetime | None:
    # SQLite keeps no time zone: what it gives back naive was written in UTC.
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment


def _sample():
    return AnalysisJob.key.startswith(SAMPLE_PREFIX)


def _changed():
    # The rows are compared in SQL alone: SQLite gives back naive times that Python could not compare.
    return update(AnalysisJob).execution_options(synchronize_session=False)


class JobStore:
    """The jobs, on an SQLAlchemy engine (the app's own database)."""

    def __init__(self, engine, bounds: Bounds = Bounds(), clock=lambda: datetime.now(UTC)) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.bounds = bounds
        self.clock = clock

    def create_schema(self) -> None:
        # the stored games' tables too: a job's bytes count against its game's owner
        def create() -> None:
            with self.engine.begin() as connection:
                create_tables(connection, counted_tables())
        patiently(create, 20)

    def file_gone(self) -> str | None:
        """Why the database is gone, when it is an SQLite file no longer there (a cheap look, made before
        connecting: connecting would make an empty file); else ``None``."""
        url = self.engine.url
        name = url.database or ""
        if url.get_backend_name() == "sqlite" and name and name != ":memory:" and not name.startswith("file:") \
                and not Path(name).exists():
            return f"its SQLite file {name} is gone"
        return None

    def missing(self) -> str | None:
        """Why the queue is gone from the database for good (its SQLite file deleted, its table dropped), or
        ``None``: it is there, or the database does not answer now, which may pass."""
        gone = self.file_gone()
        if gone is not None:
            return gone
        try:
            with self.engine.connect() as connection:
                there = inspect(connection).has_table(AnalysisJob.__tablename__)
        except SQLAlchemyError:
            return None
        return None if there else f"its table {AnalysisJob.__tablename__} is gone from the database"

    def request(self, key: str, version: str, client: str) -> Status:
        """Queue ``key`` for analysis by ``version`` unless it is queued, running or done by that version
        already; raises ``Busy`` when the client is over its bounds."""
        def attempt() -> Status:
            with self.sessions.begin() as session:
                with counted(session, key):
                    row = session.get(AnalysisJob, key)
                    if row is not None and row.version == version and row.state != FAILED:
                        return self._status(session, row)
                    now = self.clock()
                    self._ensure_room(session, client, now)
                    if row is None:
                        row = AnalysisJob(key=key)
                        session.add(row)
                    row.version, row.client, row.state, row.requested = version, client, QUEUED, now
                    row.lease_until, row.attempts, row.result, row.error = None, 0, None, None
                    session.flush()
                return self._status(session, row)
        return patiently(attempt)

    def offer(self, key: str, version: str, again: bool = False) -> Status:
        """Queue a sample's ``key`` as the service's own job, bounded by no client, unless it has a row by
        ``version`` already: queued, running, done or failed (with ``again``, a failed one is queued again)."""
        def attempt() -> Status:
            with self.sessions.begin() as session:
                row = session.get(AnalysisJob, key)
                if row is not None and row.version == version and (row.state != FAILED or not again):
                    return self._status(session, row)
                if row is None:
                    row = AnalysisJob(key=key)
                    session.add(row)
                row.version, row.client, row.state, row.requested = version, SERVICE, QUEUED, self.clock()
                row.lease_until, row.attempts, row.result, row.error = None, 0, None, None
                session.flush()
                return self._status(session, row)
        try:
            return patiently(attempt)
        except IntegrityError:  # another process queued it at the same moment
            return self.status(key, version)

    def _ensure_room(self, session, client: str, now: datetime) -> None:
        mine = select(AnalysisJob).where(AnalysisJob.client == client, ~_sample())
        pending = session.scalar(select(func.count()).select_from(
            mine.where(AnalysisJob.state.in_((QUEUED, RUNNING))).subquery()))
        if pending >= self.bounds.pending:
            raise Busy(RETRY_PENDING_SECONDS)
        recent = sorted(_utc(moment) for moment in session.scalars(
            select(AnalysisJob.requested).where(AnalysisJob.client == client, AnalysisJob.requested > now - HOUR)))
        if len(recent) >= self.bounds.per_hour:
            # free again once enough of those requests are an hour old
            leaves = recent[len(recent) - self.bounds.per_hour] + HOUR
            raise Busy(max(1, int((leaves - now).total_seconds()) + 1), hourly=True)

    def status(self, key: str, version: str) -> Status:
        def read() -> Status:
            with self.sessions() as session:
                row = session.get(AnalysisJob, key)
                if row is None or row.version != version:
                    return Status("none")
                return self._status(session, row)
        return patiently(read)

    def done(self, key: str) -> bool:
        """Whether ``key``'s job is done, read without its result (whatever version made it)."""
        def read() -> bool:
            with self.sessions() as session:
                return session.scalar(select(AnalysisJob.state).where(AnalysisJob.key == key)) == DONE
        return patiently(read)

    def _status(self, session, row: AnalysisJob) -> Status:
        if row.state == DONE:
            return Status(DONE, result=json.loads(zlib.decompress(row.result)) if row.result else None)
        if row.state == FAILED:
            return Status(FAILED, error=row.error)
        if row.state != QUEUED:
            return Status(row.state)
        earlier = AnalysisJob.requested < row.requested
        # every stored game's job goes before the samples' (``claim``)
        before = or_(earlier, ~_sample()) if row.key.startswith(SAMPLE_PREFIX) else earlier & ~_sample()
        ahead = session.scalar(select(func.count()).select_from(AnalysisJob).where(AnalysisJob.state == QUEUED, before))
        return Status(row.state, ahead=ahead)

    def claim(self) -> Claim | None:
        """The oldest job waiting (queued, or running under a lease that ran out), now this caller's; ``None``
        when there is none. A job already tried ``MAX_ATTEMPTS`` times is marked failed instead."""
        def attempt() -> Claim | None:
            now = self.clock()
            waiting = or_(AnalysisJob.state == QUEUED,
                          (AnalysisJob.state == RUNNING) & (AnalysisJob.lease_until < now))
            with self.sessions.begin() as session:
                for row in session.scalars(select(AnalysisJob).where(waiting)
                                           .order_by(_sample(), AnalysisJob.requested).limit(5)):
                    if row.attempts >= MAX_ATTEMPTS:
                        with counted(session, row.key):
                            session.execute(_changed().where(AnalysisJob.key == row.key, waiting).values(
                                state=FAILED, lease_until=None, error="the analysis stopped its worker every time"))
                        continue
                    taken = session.execute(
                        _changed().where(AnalysisJob.key == row.key, AnalysisJob.attempts == row.attempts,
                                                  waiting)
                        .values(state=RUNNING, lease_until=now + timedelta(seconds=LEASE_SECONDS),
                                attempts=row.attempts + 1))
                    if taken.rowcount == 1:
                        return Claim(row.key, row.version, row.attempts + 1)
            return None
        return patiently(attempt)

    def finish(self, claim: Claim, result: object = None, error: str | None = None, quota: int = 0) -> bool:
        """Record a claimed job's ``result`` (or its ``error``); ``False`` when the claim was lost meanwhile
        (its lease ran out and another worker took the job, or it was asked for again). With a ``quota``, a
        result that would take the stored game's owner past it, and grow what the owner stores, is not kept:
        the job fails with ``OVER_QUOTA``."""
        values = {"state": FAILED, "error": error[:2000]} if error is not None else {
            "state": DONE, "result": zlib.compress(jsonio.dumps(result).encode(), 6)}

        def attempt() -> bool:
            with self.sessions.begin() as session:
                mine = _changed().where(
                    AnalysisJob.key == claim.key, AnalysisJob.state == RUNNING, AnalysisJob.version == claim.version,
                    AnalysisJob.attempts == claim.attempt)
                with counted(session, claim.key) as tally:
                    done = session.execute(mine.values(lease_until=None, **values))
                if done.rowcount == 1 and tally.past(quota):
                    with counted(session, claim.key):
                        session.execute(_changed().where(AnalysisJob.key == claim.key).values(
                            state=FAILED, result=None, error=OVER_QUOTA))
                return done.rowcount == 1
        return patiently(attempt)

    def prune(self, kept) -> int:
        """Drop the jobs of stored games no longer kept (deleted, or past retention): ``kept`` is a subquery
        of the ids still stored. Samples' jobs stay. Returns how many were dropped. A game no longer kept
        has no owner, so no total changes."""
        def attempt() -> int:
            with self.sessions.begin() as session:
                gone = session.execute(delete(AnalysisJob).where(
                    ~AnalysisJob.key.startswith(SAMPLE_PREFIX), AnalysisJob.key.not_in(kept)))
                return gone.rowcount
        return patiently(attempt)

    def forget(self, key: str) -> None:
        """Drop a job (its document is gone)."""
        def attempt() -> None:
            with self.sessions.begin() as session, counted(session, key):
                row = session.get(AnalysisJob, key)
                if row is not None:
                    session.delete(row)
        patiently(attempt)

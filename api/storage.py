"""Where uploaded logs live: one SQLAlchemy table, byte-for-byte logs, behind a small repository.

Only the uploaded bytes are the record; reports are recomputed from them on every read, so a stored game
always shows the current rules engine's verdict and nothing derived can drift from the log. The default
database is an SQLite file in the Flask instance folder; ``DATABASE_URL`` selects any other.

Beside each game, ``uploads`` keeps who stored it (a keyed hash of the client's address, never the
address), its size and the hash of its delete token: the per-client quota, the uploader's delete and the
retention cleanup (``api.quota``) read it. It is a table of its own so databases made before it need no
migration; their games simply have no owner.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import Boolean, DateTime, Integer, LargeBinary, String, create_engine, delete, event, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker
from sqlalchemy.pool import NullPool
from sqlalchemy.schema import CreateIndex, CreateTable

ID_BYTES = 18  # 24 URL-safe characters: unguessable, so a stored game is shared only by its link


class Base(DeclarativeBase):
    pass


class StoredGame(Base):
    __tablename__ = "stored_games"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))  # which registered game validated it (api.games)
    log: Mapped[bytes] = mapped_column(LargeBinary)
    valid: Mapped[bool] = mapped_column(Boolean)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class Upload(Base):
    """Who stored a game and how to let them delete it."""

    __tablename__ = "uploads"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # the stored game's id
    client: Mapped[str] = mapped_column(String(64), index=True)
    size: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(64))  # SHA-256 of the delete token: a leaked database deletes nothing
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A stored game detached from any session, safe to use after the transaction ended."""

    id: str
    game: str
    log: bytes
    valid: bool
    created: datetime
    delete_token: str | None = None  # only on the record ``add`` returns: shown to the uploader once


def _record(row: StoredGame) -> GameRecord:
    # SQLite keeps no time zone: what it gives back naive was written in UTC.
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
    return GameRecord(row.id, row.game, row.log, row.valid, created)


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    # WAL lets page views read while an upload writes; FULL sync makes an answered upload survive kill -9.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def _private_file(url: str) -> None:
    """Create an SQLite file readable by its owner only, before SQLite creates it with the umask's mode
    (its -wal and -shm files copy the mode of the database)."""
    name = url.split(":///", 1)[1] if ":///" in url else ""
    if name and name != ":memory:" and not name.startswith("file:"):
        path = Path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        _private_file(url)
        # One connection per checkout: several gunicorn workers and threads share the file safely.
        engine = create_engine(url, poolclass=NullPool, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class OverQuota(Exception):
    """An upload would take its client past the storage quota; ``used`` is what the client had stored."""

    def __init__(self, used: int) -> None:
        super().__init__(used)
        self.used = used


class Repository:
    """Add and fetch stored games; every write is one transaction that either commits whole or not at all."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def create_schema(self) -> None:
        # IF NOT EXISTS: several workers may start at once on a fresh database; none may fail on the race.
        with self.engine.begin() as connection:
            for table in Base.metadata.sorted_tables:
                connection.execute(CreateTable(table, if_not_exists=True))
                for index in table.indexes:
                    connection.execute(CreateIndex(index, if_not_exists=True))

    def add(self, log: bytes, game: str, valid: bool, client: str = "", quota: int = 0) -> GameRecord:
        """Store the bytes as uploaded, with their owner; returns the record, with its delete token, once
        it is committed. With a ``quota``, an upload that would take the client past it is not stored
        (``OverQuota``), however many of the client's uploads arrive at once."""
        for _attempt in range(5):
            now, token = datetime.now(UTC), secrets.token_urlsafe(ID_BYTES)
            row = StoredGame(id=secrets.token_urlsafe(ID_BYTES), game=game, log=bytes(log), valid=valid, created=now)
            owner = Upload(id=row.id, client=client, size=len(log), token=token_hash(token), created=now)
            try:
                with self.sessions.begin() as session:
                    self._one_writer_per_client(session, client)
                    session.add(row)
                    session.add(owner)
                    session.flush()
                    if quota:
                        # Counted after the insert, in the same transaction: a second upload of this client
                        # waits for the first to commit (the lock above, or SQLite's one writer) and sees it.
                        used = session.scalar(select(func.sum(Upload.size)).where(Upload.client == client))
                        if used > quota:
                            raise OverQuota(used - len(log))
            except IntegrityError:  # an id collision: astronomically rare, and a fresh id fixes it
                continue
            record = _record(row)
            return GameRecord(record.id, record.game, record.log, record.valid, record.created, token)
        raise RuntimeError("could not find a free game id")

    def _one_writer_per_client(self, session, client: str) -> None:
        """Serialize one client's uploads until the transaction ends. SQLite has one writer at a time anyway;
        PostgreSQL takes a transaction-scoped advisory lock on the client's key."""
        if self.engine.dialect.name == "postgresql":
            session.execute(select(func.pg_advisory_xact_lock(func.hashtext(client))))

    def usage(self, client: str) -> int:
        """Bytes stored by one client."""
        with self.sessions() as session:
            return session.scalar(select(func.coalesce(func.sum(Upload.size), 0)).where(Upload.client == client))

    def count(self) -> int:
        with self.sessions() as session:
            return session.scalar(select(func.count()).select_from(StoredGame))

    def delete(self, game_id: str, token: str) -> bool:
        """Delete a game if ``token`` is its delete token; ``False`` (and nothing deleted) otherwise."""
        with self.sessions.begin() as session:
            owner = session.get(Upload, game_id) if game_id and len(game_id) <= 64 else None
            if owner is None or not hmac.compare_digest(owner.token, token_hash(token)):
                return False
            session.execute(delete(StoredGame).where(StoredGame.id == game_id))
            session.delete(owner)
            return True

    def purge(self, before: datetime) -> int:
        """Delete every game stored before ``before``; returns how many."""
        with self.sessions.begin() as session:
            gone = session.execute(delete(StoredGame).where(StoredGame.created < before)).rowcount
            session.execute(delete(Upload).where(Upload.created < before))
            return gone

    def get(self, game_id: str) -> GameRecord | None:
        if not game_id or len(game_id) > 64:
            return None
        with self.sessions() as session:
            row = session.get(StoredGame, game_id)
            return None if row is None else _record(row)

    def dispose(self) -> None:
        self.engine.dispose()

"""Where uploaded logs live: one SQLAlchemy table, byte-for-byte logs, behind a small repository.

Only the uploaded bytes are the record; reports are recomputed from them on every read, so a stored game
always shows the current rules engine's verdict and nothing derived can drift from the log. The default
database is an SQLite file in the Flask instance folder; ``DATABASE_URL`` selects any other.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Boolean, DateTime, LargeBinary, String, create_engine, event
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


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A stored game detached from any session, safe to use after the transaction ended."""

    id: str
    game: str
    log: bytes
    valid: bool
    created: datetime


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


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        # One connection per checkout: several gunicorn workers and threads share the file safely.
        engine = create_engine(url, poolclass=NullPool, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


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

    def add(self, log: bytes, game: str, valid: bool) -> GameRecord:
        """Store the bytes as uploaded; returns the record once it is committed."""
        for _attempt in range(5):
            row = StoredGame(id=secrets.token_urlsafe(ID_BYTES), game=game, log=bytes(log), valid=valid,
                             created=datetime.now(UTC))
            try:
                with self.sessions.begin() as session:
                    session.add(row)
            except IntegrityError:  # an id collision: astronomically rare, and a fresh id fixes it
                continue
            return _record(row)
        raise RuntimeError("could not find a free game id")

    def get(self, game_id: str) -> GameRecord | None:
        if not game_id or len(game_id) > 64:
            return None
        with self.sessions() as session:
            row = session.get(StoredGame, game_id)
            return None if row is None else _record(row)

    def dispose(self) -> None:
        self.engine.dispose()

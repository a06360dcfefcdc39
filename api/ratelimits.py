"""Rate-limit counters kept in the service's own SQL database, so every worker (and every restart) counts
against the same numbers without a Redis to run.

Flask-Limiter finds storages by URI scheme: ``sql+`` followed by a SQLAlchemy URL
(``sql+sqlite:////srv/replay/games.sqlite3``, ``sql+postgresql+psycopg://…``). When
``RATELIMIT_STORAGE_URI`` is not set, the counters live in ``DATABASE_URL``'s database; any other
storage of the limits library (``redis://…``) can be named instead. Only the fixed-window strategy is
supported, the library's default: one row per key holds the hits of its current window and when it ends.

While the database cannot count (locked by another writer past SQLite's short busy wait, full, failing),
each worker counts in its own memory instead, on top of what the database last held for the key (a read,
which a writer does not block): the limits still hold, and a validation, which needs no database, is still
answered. New hits go back to the database as soon as it answers; those counted in memory stay added to it
until their window ends. (Taking the larger of the two counts instead lost every hit counted in memory:
eight requests at a time on a busy machine had 148 validations answered against an allowance of 100.)

Which client is counted: ``api.guards.client_address`` (an IPv4 address, or an IPv6 address's /64).
"""

from __future__ import annotations

import contextlib
import time

from flask import Flask
from limits.storage import MemoryStorage, Storage
from sqlalchemy import Float, Integer, String, delete, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from api.database import LOCK_WAIT, create_tables, make_engine, patiently
from api.storage import Base

SCHEME = "sql+"


class Counter(Base):
    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)
    expires: Mapped[float] = mapped_column(Float, index=True)  # Unix time at which the window ends


# One statement, so two workers counting the same key at once both count: a window that has ended starts
# again from this request's hits.
INCREMENT = text("""
    INSERT INTO rate_limits (key, hits, expires) VALUES (:key, :amount, :expires)
    ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.expires <= :now THEN :amount ELSE rate_limits.hits + :amount END,
        expires = CASE WHEN rate_limits.expires <= :now THEN :expires ELSE rate_limits.expires END
    RETURNING hits
""")


class SQLStorage(Storage):
    """A ``limits`` storage on SQLAlchemy (SQLite 3.35+ or PostgreSQL: both know ``ON CONFLICT`` and
    ``RETURNING``)."""

    STORAGE_SCHEME = ["sql+sqlite", "sql+postgresql", "sql+postgresql+psycopg"]  # noqa: RUF012 - the library's API

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **_options: object) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions)
        self.engine = make_engine((uri or "")[len(SCHEME):], durable=False)  # counts, not what users gave
        self.memory = MemoryStorage()  # while the database cannot count
        patiently(self._create, LOCK_WAIT * 4)  # IF NOT EXISTS, and waiting: workers start together

    def _create(self) -> None:
        with self.engine.begin() as connection:
            create_tables(connection, [Counter.__table__])

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        try:
            return self._count(key, expiry, amount) + self.memory.get(key)
        except OperationalError:  # locked, full or failing: this worker counts the rest for now
            return self._stored_hits(key) + self.memory.incr(key, expiry, amount)

    def incr_shared(self, key: str, expiry: int) -> int:
        """``incr`` for a count that only means something when every worker shares it (``api.guards``: one
        upload of a client at a time): it waits for a locked database, as an upload does, and never counts
        in this worker's memory; a database still locked past ``LOCK_WAIT`` raises (a 503)."""
        return patiently(lambda: self._count(key, expiry, 1))

    def _count(self, key: str, expiry: int, amount: int) -> int:
        now = time.time()
        with self.engine.begin() as connection:
            return connection.execute(INCREMENT, {"key": key, "amount": amount, "expires": now + expiry,
                                                  "now": now}).scalar_one()

    def _row(self, key: str) -> tuple[int, float] | None:
        try:
            with self.engine.connect() as connection:
                row = connection.execute(select(Counter.hits, Counter.expires).where(Counter.key == key)).first()
        except OperationalError:
            return None
        return None if row is None or row.expires <= time.time() else (row.hits, row.expires)

    def _stored_hits(self, key: str) -> int:
        row = self._row(key)
        return 0 if row is None else row[0]

    def get(self, key: str) -> int:
        return self._stored_hits(key) + self.memory.get(key)

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return self.memory.get_expiry(key) if row is None else row[1]

    def check(self) -> bool:
        try:
            with self.engine.connect() as connection:
                connection.execute(select(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self.engine.begin() as connection:
            return connection.execute(delete(Counter)).rowcount

    def clear(self, key: str) -> None:
        """Forget a key, wherever it was counted, waiting for a locked database; one that cannot take the
        delete leaves the row to end with its window."""
        self.memory.clear(key)

        def forget() -> None:
            with self.engine.begin() as connection:
                connection.execute(delete(Counter).where(Counter.key == key))
        with contextlib.suppress(OperationalError):
            patiently(forget)


def purge_expired(engine: Engine) -> int:
    """Delete the counters whose window has ended (the cleanup command)."""
    with engine.begin() as connection:
        return connection.execute(delete(Counter).where(Counter.expires <= time.time())).rowcount


def configure(app: Flask) -> None:
    """Count in the app's own database unless another storage is configured."""
    if not app.config.get("RATELIMIT_STORAGE_URI"):
        app.config["RATELIMIT_STORAGE_URI"] = SCHEME + app.config["DATABASE_URL"]

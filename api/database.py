"""Connecting to the database that keeps the uploads: engines, SQLite's lock waits and table creation.

SQLite waits for a lock in short steps (``busy_timeout`` of 50 ms, then a sleep that lets a gevent worker
serve its other connections), ``LOCK_WAIT`` seconds in all, before the error reaches the caller (a 503). Its
file is created readable by its owner alone, in WAL mode with full sync, and a process keeps a few connections to
it open between requests. Any other database named by ``DATABASE_URL`` gets a pooled engine that checks a
connection before lending it.
"""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

from sqlalchemy import create_engine, event, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import QueuePool
from sqlalchemy.schema import CreateIndex, CreateTable

BUSY_MS = 50  # one blocking wait of SQLite's: it holds the whole gevent worker, so it is kept short
LOCK_WAIT = 5.0  # seconds a request waits in all for a locked database before its 503
POOLED = 4  # SQLite connections a process keeps open between requests


def is_locked(error: BaseException) -> bool:
    """An SQLite lock held by another connection: worth waiting for."""
    text = str(getattr(error, "orig", error)).lower()
    return "database is locked" in text or "database table is locked" in text or "busy" in text


def patiently(action, wait: float = LOCK_WAIT):
    """Run ``action()``, again after a short sleep while the database is locked, ``wait`` seconds in all.
    The sleep yields to a gevent worker's other connections (SQLite's own wait would block them)."""
    deadline, pause = time.monotonic() + wait, 0.01
    while True:
        try:
            return action()
        except OperationalError as error:
            if not is_locked(error) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def _sqlite_pragmas(connection, _record, synchronous: str = "FULL") -> None:
    cursor = connection.cursor()
    # The wait first: switching to WAL takes a lock that workers booting together contend for.
    cursor.execute(f"PRAGMA busy_timeout={BUSY_MS}")
    # WAL lets page views read while an upload writes; FULL sync makes an answered upload survive kill -9.
    # WAL is a property of the file: set once, by the first connection, and only checked after that.
    def wal() -> None:
        if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            cursor.execute("PRAGMA journal_mode=WAL")
    patiently(wal, LOCK_WAIT * 2)
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.close()


def _private_file(url: str) -> None:
    """Create an SQLite file readable by its owner only, before SQLite creates it with the umask's mode
    (its -wal and -shm files copy the mode of the database)."""
    name = url.split(":///", 1)[1] if ":///" in url else ""
    if name and name != ":memory:" and not name.startswith("file:"):
        path = Path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))


def make_engine(url: str, durable: bool = True) -> Engine:
    """An engine on ``url``. Not ``durable`` (SQLite): a commit is not synced to the disk at once, so the last
    moments' writes may be lost in a power cut, never in a crash of the process (WAL mode's NORMAL sync): for
    rate-limit counters, 0.3 ms a count instead of 0.8 ms on this machine's disk."""
    if url.startswith("sqlite"):
        _private_file(url)
        # A few connections kept open for reuse (opening one and setting its pragmas was 0.6 ms of a read's 1 ms,
        # three times a view); past them, as many as are asked for at once, each closed when given back, so a
        # gevent worker's many waiting requests never queue for a connection. Workers load the app after the
        # fork: no connection crosses a process.
        engine = create_engine(url, poolclass=QueuePool, pool_size=POOLED, max_overflow=-1,
                               connect_args={"check_same_thread": False})
        event.listen(engine, "connect", functools.partial(_sqlite_pragmas, synchronous="FULL" if durable else "NORMAL"))
        return engine
    return create_engine(url, pool_pre_ping=True)


def create_tables(connection, tables) -> None:
    """Create the tables (and their indexes) that are missing, in the connection's transaction. PostgreSQL's
    IF NOT EXISTS still races when two instances create the same table at once (a duplicate type), so
    there the creations take turns on one transaction-scoped advisory lock."""
    if connection.dialect.name == "postgresql":
        connection.execute(select(func.pg_advisory_xact_lock(func.hashtext("card-replay schema"))))
    for table in tables:
        connection.execute(CreateTable(table, if_not_exists=True))
        for index in table.indexes:
            connection.execute(CreateIndex(index, if_not_exists=True))

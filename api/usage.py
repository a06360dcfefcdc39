"""Each client's stored bytes as a running total, so that the quota reads one row per upload.

What a client uses is ``api.storage.stored_bytes`` of its games: the logs, results and page lists (those a
view renders later included), the computer analyses (``api.jobs``), and ``ROW_BYTES`` a row. Summing that
on every upload cost time in proportion to what the client had stored (10 ms at 1,000 games, 33 ms at
4,000: ``python -m benchmarks.quota``). Instead ``client_usage`` keeps the sum, and every write that
changes what a game stores changes the total in the same transaction (``counted``): it takes the owner's
write lock (``one_writer_per_client``), measures the game's rows before and after, and adds the difference.
Measuring one game costs a few indexed look-ups whatever the store holds; a rolled-back write rolls its
change back with it. ``tests/test_usage.py`` checks, after random sequences of uploads, renders,
analyses, deletes and cleanups, that every total equals a count of the rows.

A client with no total yet (its games stored before totals were kept) is counted from its rows once, by
its next write; until then ``usage`` counts the rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import BigInteger, String, select, update
from sqlalchemy.orm import Mapped, mapped_column

from api.storage import ROW_BYTES, Base, Upload, one_writer_per_client, owned_by, stored_bytes


class ClientUsage(Base):
    """What one client (a keyed hash, as ``Upload.client``) stores in all: ``stored_bytes`` of its games."""

    __tablename__ = "client_usage"

    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    bytes: Mapped[int] = mapped_column(BigInteger)


def game_bytes(session, game_id: str) -> int:
    """Every byte kept for one game, as its owner's total counts it: nothing once the game has no owner
    (deleted or expired), though its analysis job row waits for the next cleanup."""
    return stored_bytes(session, select(Upload.id).where(Upload.id == game_id))


def upload_bytes(log: bytes, result: tuple[str, bytes, bytes] | None, lists: Mapping[object, bytes]) -> int:
    """What ``Repository.add`` stores, as ``game_bytes`` counts it, without asking the database: the log and
    its owner's row, the results and the lists, with their rows."""
    kept = (len(log), 0, *((len(result[1]) + len(result[2]),) if result else ()), *map(len, lists.values()))
    return sum(kept) + ROW_BYTES * len(kept)


def charge(session, client: str, change: int) -> int:
    """Add ``change`` to the client's total and return the new total. The caller holds the client's write
    lock and made the change in this transaction; a client without a total is counted from its rows."""
    session.flush()
    total = session.scalar(update(ClientUsage).where(ClientUsage.client == client)
                           .values(bytes=ClientUsage.bytes + change).returning(ClientUsage.bytes))
    if total is None:
        total = stored_bytes(session, owned_by(client))
        session.add(ClientUsage(client=client, bytes=total))
        session.flush()
    return total


def usage(session, client: str) -> int:
    """What the client stores, from its total (or from its rows while it has none)."""
    total = session.scalar(select(ClientUsage.bytes).where(ClientUsage.client == client))
    return stored_bytes(session, owned_by(client)) if total is None else total


@dataclass
class Tally:
    """What a write inside ``counted`` changed: the game's bytes, and its owner's total after (``None``: no
    owner, or nothing changed)."""

    change: int = 0
    used: int | None = None

    def past(self, quota: int) -> bool:
        """The write grew its owner's total past ``quota``."""
        return bool(quota) and self.change > 0 and self.used is not None and self.used > quota


@contextmanager
def counted(session, game_id: str) -> Iterator[Tally]:
    """Keep the total of the game's owner true across the writes made in the block to the game's rows (its
    log, results, lists, owner or analysis job). The owner's lock is taken first, before any row lock, so
    that every writer takes the locks in the same order."""
    tally = Tally()
    owner = session.scalar(select(Upload.client).where(Upload.id == game_id))
    if owner is None:  # a sample's job, a game stored before owners were kept, or one deleted
        yield tally
        return
    one_writer_per_client(session, owner)
    before = game_bytes(session, game_id)
    yield tally
    session.flush()
    tally.change = game_bytes(session, game_id) - before
    if tally.change:
        tally.used = charge(session, owner, tally.change)


@contextmanager
def counted_where(session, which) -> Iterator[None]:
    """As ``counted``, for the games of every owner with an upload matching ``which`` (a condition on
    ``Upload``), as the retention cleanup deletes them: the owners' locks are taken in one order."""
    owners = sorted(session.scalars(select(Upload.client).where(which).distinct()))
    for owner in owners:
        one_writer_per_client(session, owner)

    def measure(owner: str) -> int:
        return stored_bytes(session, select(Upload.id).where(Upload.client == owner, which))
    before = {owner: measure(owner) for owner in owners}
    yield
    session.flush()
    for owner in owners:
        if change := measure(owner) - before[owner]:
            charge(session, owner, change)

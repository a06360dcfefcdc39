"""Each client's running total of stored bytes (api/usage.py) stays equal to a full recount of its rows
(``api.storage.stored_bytes`` over every game it owns) after each step of any sequence of uploads, renders
of results and lists, analyses (requested, claimed, finished, failed, failed after their workers died,
forgotten), deletes and retention cleanups, and also when the totals were lost (a database made before
they were kept). On SQLite and on PostgreSQL (``TEST_POSTGRES_URL``, as in tests/test_jobs.py)."""

from __future__ import annotations

import contextlib
import threading
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select, text

from api import usage
from api.jobs import LEASE_SECONDS, Bounds, JobStore
from api.storage import ROW_BYTES, Repository, Upload, counted_tables, owned_by, stored_bytes
from api.usage import ClientUsage

CLIENTS = ("ann", "bob", "cy")
GAME = st.integers(0, 7)  # which of the games stored so far (modulo how many there are)
SIZE = st.integers(0, 3000)
STEP = st.one_of(
    st.tuples(st.just("store"), st.sampled_from(CLIENTS), SIZE, st.booleans(), st.integers(0, 3)),
    st.tuples(st.just("result"), GAME, SIZE, st.integers(0, 9000)),
    st.tuples(st.just("list"), GAME, st.integers(0, 2), st.sampled_from(["en", "it"]), SIZE, st.integers(0, 9000)),
    # requested, then the oldest job waiting is claimed and left queued, finished, failed, or its worker dies
    # (its lease runs out, and the job is taken again)
    st.tuples(st.just("analyse"), GAME, st.sampled_from(["queued", "result", "error", "worker dies"]), SIZE,
              st.integers(0, 9000)),
    st.tuples(st.just("forget"), GAME),
    st.tuples(st.just("delete"), GAME),
    st.tuples(st.just("expire"), GAME),
    st.tuples(st.just("prune")),
    st.tuples(st.just("lose totals")),
)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def stores(request, tmp_path_factory) -> Iterator[tuple[Repository, JobStore]]:
    """The games and the analysis jobs on one database, as the app keeps them."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('usage') / 'games.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    repository = Repository(url)
    repository.create_schema()
    jobs = JobStore(repository.engine, Bounds(pending=1000, per_hour=100_000), Clock())
    yield repository, jobs
    if request.param == "postgresql":
        with repository.engine.begin() as connection:
            for table in ("client_usage", "analysis_jobs", "stored_listings", "stored_results", "uploads",
                          "stored_games"):
                connection.execute(text(f"DROP TABLE {table}"))
    repository.dispose()


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now


def assert_totals_true(repository: Repository) -> None:
    # The recount reads through one plain connection for every client, not an ORM session each: this check
    # runs after every step, and was most of the property's time.
    with repository.engine.connect() as connection:
        counted = {client: (stored_bytes(connection, owned_by(client)),
                            connection.scalar(select(ClientUsage.bytes).where(ClientUsage.client == client)))
                   for client in CLIENTS}
    for client, (recount, total) in counted.items():
        assert total in (None, recount), (client, total, recount)  # None: lost, and not written since
        assert repository.usage(client) == recount


def run(repository: Repository, jobs: JobStore, steps: list[tuple]) -> None:
    """Apply the steps to an empty database, checking every total after each."""
    with repository.sessions.begin() as session:
        for table in reversed(counted_tables()):
            session.execute(table.delete())
    games = []
    for step in steps:
        kind, which = step[0], step[1] if len(step) > 1 else None
        game = games[which % len(games)] if games and isinstance(which, int) else None
        if kind == "store":
            _, client, size, with_result, lists = step
            result = ("v", b"r" * size, b"s" * (size // 2)) if with_result else None
            bodies = {(part, "en"): b"l" * (size + part) for part in range(lists)}
            games.append(repository.add(b"x" * (size + 1), "david-goliath", True, client,
                                        result=result, listings=("v", bodies)))
        elif kind == "result" and game:
            repository.keep_result(game.id, "v2", b"R" * step[2], b"S", quota=step[3])
        elif kind == "list" and game:
            repository.keep_listing(game.id, "v2", step[2], step[3], b"L" * step[4], quota=step[5])
        elif kind == "analyse" and game:
            _, _, outcome, size, quota = step
            jobs.request(game.id, "v", "asker")
            claim = jobs.claim() if outcome != "queued" else None
            if claim is not None and outcome == "result":
                jobs.finish(claim, {"plays": "p" * size}, quota=quota)
            elif claim is not None and outcome == "error":
                jobs.finish(claim, error="ValueError: " + "e" * size)
            elif outcome == "worker dies":  # after MAX_ATTEMPTS such deaths, a claim marks the job failed
                jobs.clock.now += timedelta(seconds=LEASE_SECONDS + 1)
        elif kind == "forget" and game:
            jobs.forget(game.id)
        elif kind == "delete" and game:
            repository.delete(game.id, game.delete_token)
        elif kind == "expire" and game:
            repository.purge(game.created + timedelta(microseconds=1))
        elif kind == "prune":
            jobs.prune(select(Upload.id))
        elif kind == "lose totals":
            with repository.sessions.begin() as session:
                session.execute(delete(ClientUsage))
        assert_totals_true(repository)


# 30 sequences of 3 to 30 steps on each database: a few hundred steps, every kind many times after each other kind.
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=3, max_size=30))
def test_every_client_s_total_equals_a_full_recount_after_any_sequence_of_writes(stores, steps):
    repository, jobs = stores
    run(repository, jobs, steps)


def test_a_client_without_a_total_is_counted_from_its_rows_by_its_next_upload(stores):
    repository, _jobs = stores
    client = uuid.uuid4().hex
    first = repository.add(b"x" * 1000, "david-goliath", True, client, result=("v", b"r" * 300, b"s" * 200))
    with repository.sessions.begin() as session:  # as a database made before the totals were kept
        session.execute(delete(ClientUsage).where(ClientUsage.client == client))
    assert repository.usage(client) == 1000 + 500 + 3 * ROW_BYTES  # the game's, its owner's and its results' rows
    repository.add(b"y" * 40, "david-goliath", True, client)
    with repository.sessions() as session:
        total = session.scalar(select(ClientUsage.bytes).where(ClientUsage.client == client))
    assert total == 1000 + 500 + 40 + 5 * ROW_BYTES
    assert repository.delete(first.id, first.delete_token)
    assert repository.usage(client) == 40 + 2 * ROW_BYTES



def twice_at_once(monkeypatch, action) -> list:
    """``action()``'s answers when run by two threads at once, each waiting (up to a second) after its first
    measure of a game for the other to have measured too, as two requests arriving together may."""
    both_measured, waited = threading.Barrier(2), threading.local()
    measure = usage.game_bytes

    def measured_then_waiting(session, game_id):
        found = measure(session, game_id)
        if not getattr(waited, "done", False):
            waited.done = True
            with contextlib.suppress(threading.BrokenBarrierError):
                both_measured.wait(timeout=1)
        return found

    monkeypatch.setattr(usage, "game_bytes", measured_then_waiting)
    answers: list = []
    racers = [threading.Thread(target=lambda: answers.append(action())) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    return answers


def test_two_deletes_of_one_game_at_once_subtract_it_once(stores, monkeypatch):
    # The first to write deletes it; the other finds it gone, deletes nothing and subtracts nothing.
    repository, _jobs = stores
    client = uuid.uuid4().hex
    kept = repository.add(b"k" * 500, "david-goliath", True, client)
    game = repository.add(b"x" * 3000, "david-goliath", True, client, result=("v", b"r" * 700, b"s"))
    assert sorted(twice_at_once(monkeypatch, lambda: repository.delete(game.id, game.delete_token))) == [False, True]
    assert repository.get(game.id) is None and repository.get(kept.id) is not None
    assert repository.usage(client) == 500 + 2 * ROW_BYTES  # the game kept, and its owner's row


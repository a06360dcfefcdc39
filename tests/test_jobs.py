"""The job queue of the background analyses (api/jobs.py): jobs persist in the database, a job whose worker
died is taken again once its lease runs out, one job is never run twice at once, and each client's work
is bounded (jobs at once, jobs an hour) with the time to try again; the samples' jobs are the service's own,
counted against no client, run after the stored games' and tried again after a failure only when offered
``again``. On SQLite and on PostgreSQL (as several instances share it; ``TEST_POSTGRES_URL``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from api.database import make_engine
from api.jobs import LEASE_SECONDS, MAX_ATTEMPTS, RETRY_PENDING_SECONDS, Bounds, Busy, JobStore

START = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> Iterator[str]:
    """The app's database: an SQLite file, or PostgreSQL as several instances share it."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
        return
    address = request.getfixturevalue("postgres_url")
    # The process's schema is shared by its tests: other modules' stored games leave jobs behind.
    empty_queue(address)
    yield address
    empty_queue(address)


def empty_queue(address: str) -> None:
    engine = make_engine(address)
    with engine.begin() as connection:
        connection.execute(text("DROP TABLE IF EXISTS analysis_jobs"))
    engine.dispose()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def opened(url: str, clock: Clock, bounds: Bounds | None = None) -> JobStore:
    """A store as a freshly started process opens it: a new engine on the same file."""
    store = JobStore(make_engine(url), bounds or Bounds(), clock)
    store.create_schema()
    return store


def test_a_job_and_its_result_outlive_the_process_that_made_them(url, clock):
    first = opened(url, clock)
    assert first.request("game-a", "v1", "client").state == "queued"
    first.engine.dispose()

    second = opened(url, clock)  # a restart: nothing is kept in memory
    assert second.status("game-a", "v1").state == "queued"
    claim = second.claim()
    assert (claim.key, claim.attempt) == ("game-a", 1)
    assert second.status("game-a", "v1").state == "running"
    assert second.finish(claim, {"plays": [{"step": "trick-1-play-1", "cost": 2}]})
    second.engine.dispose()

    third = opened(url, clock)
    done = third.status("game-a", "v1")
    assert (done.state, done.result) == ("done", {"plays": [{"step": "trick-1-play-1", "cost": 2}]})
    assert third.claim() is None  # nothing left to do


def test_a_job_whose_worker_died_is_taken_again_when_its_lease_runs_out(url, clock):
    store = opened(url, clock)
    store.request("game-a", "v1", "client")
    lost = store.claim()  # this worker dies without finishing
    assert store.claim() is None  # meanwhile nobody else takes it
    clock.advance(seconds=LEASE_SECONDS - 1)
    assert store.claim() is None
    clock.advance(seconds=2)
    restarted = opened(url, clock)
    again = restarted.claim()
    assert (again.key, again.attempt) == ("game-a", 2)
    assert not store.finish(lost, {"late": True})  # the dead worker's claim is gone
    assert restarted.finish(again, {"fresh": True})
    assert restarted.status("game-a", "v1").result == {"fresh": True}


def test_a_job_that_stops_its_worker_every_time_fails_instead_of_looping(url, clock):
    store = opened(url, clock)
    store.request("game-a", "v1", "client")
    for attempt in range(1, MAX_ATTEMPTS + 1):
        assert store.claim().attempt == attempt
        clock.advance(seconds=LEASE_SECONDS + 1)
    assert store.claim() is None
    assert store.status("game-a", "v1").state == "failed"


def test_jobs_are_run_oldest_first_and_say_how_many_are_ahead(url, clock):
    store = opened(url, clock, Bounds(pending=5, per_hour=50))
    for key in ("first", "second", "third"):
        store.request(key, "v1", f"client-{key}")
        clock.advance(seconds=1)
    assert [store.status(key, "v1").ahead for key in ("first", "second", "third")] == [0, 1, 2]
    assert store.claim().key == "first"
    assert store.status("third", "v1").ahead == 1


def test_a_client_has_at_most_its_pending_jobs_at_once(url, clock):
    store = opened(url, clock, Bounds(pending=2, per_hour=50))
    store.request("a", "v1", "busy")
    store.request("b", "v1", "busy")
    with pytest.raises(Busy) as refused:
        store.request("c", "v1", "busy")
    assert refused.value.retry_after == RETRY_PENDING_SECONDS
    assert store.request("a", "v1", "busy").state == "queued"  # asking again for a queued job costs nothing
    assert store.request("c", "v1", "someone else").state == "queued"
    claim = store.claim()
    store.finish(claim, {})
    assert store.request("d", "v1", "busy").state == "queued"  # one of its two is done: room for one more


def test_a_client_has_at_most_so_many_jobs_an_hour_and_is_told_when_the_next_may_start(url, clock):
    store = opened(url, clock, Bounds(pending=10, per_hour=3))
    for key in ("a", "b", "c"):  # at 12:00, 12:10 and 12:20
        store.request(key, "v1", "client")
        store.finish(store.claim(), {})
        clock.advance(minutes=10)
    with pytest.raises(Busy) as refused:  # at 12:30: the 12:00 request leaves the hour at 13:00
        store.request("d", "v1", "client")
    assert refused.value.retry_after == 30 * 60 + 1
    assert store.request("a", "v1", "client").state == "done"  # a result already there is free
    clock.advance(minutes=30, seconds=1)
    assert store.request("d", "v1", "client").state == "queued"


def test_a_result_of_another_version_is_made_again(url, clock):
    store = opened(url, clock)
    store.request("game-a", "v1", "client")
    store.finish(store.claim(), {"by": "v1"})
    assert store.status("game-a", "v2").state == "none"
    assert store.request("game-a", "v2", "client").state == "queued"
    assert store.claim().version == "v2"


def test_a_failed_job_may_be_asked_for_again(url, clock):
    store = opened(url, clock)
    store.request("game-a", "v1", "client")
    store.finish(store.claim(), error="ValueError: broken")
    failed = store.status("game-a", "v1")
    assert (failed.state, failed.error) == ("failed", "ValueError: broken")
    assert store.request("game-a", "v1", "client").state == "queued"


def test_the_jobs_of_games_no_longer_kept_are_dropped_and_the_samples_stay(url, clock):
    store = opened(url, clock, Bounds(pending=5, per_hour=50))
    for key in ("kept", "deleted", "sample/david-goliath/legal-3-players"):
        store.request(key, "v1", "client")
    assert store.prune(["kept"]) == 1
    assert store.status("deleted", "v1").state == "none"
    assert store.status("kept", "v1").state == "queued"
    assert store.status("sample/david-goliath/legal-3-players", "v1").state == "queued"


def test_a_queue_whose_table_is_dropped_is_missing_for_good(url, clock):
    store = opened(url, clock)
    assert store.missing() is None
    empty_queue(url)  # drops the table, as a schema dropped would
    assert store.missing() == "its table analysis_jobs is gone from the database"


def test_a_deleted_sqlite_file_is_missing_and_looking_makes_no_empty_one(tmp_path, clock):
    path = tmp_path / "jobs.sqlite3"
    store = opened(f"sqlite:///{path}", clock)
    assert store.file_gone() is None
    for made in tmp_path.glob("jobs.sqlite3*"):
        made.unlink()
    assert store.file_gone() == store.missing() == f"its SQLite file {path} is gone"
    assert not path.exists()


def test_a_database_that_does_not_answer_is_not_missing_for_good(clock):
    # Nothing listens on port 9 of this machine: the server may be restarting, the worker tries again.
    store = JobStore(make_engine("postgresql+psycopg://nobody@127.0.0.1:9/none"), Bounds(), clock)
    assert store.missing() is None


def test_the_samples_are_the_service_s_own_work_never_a_client_s(url, clock):
    store = opened(url, clock, Bounds(pending=1, per_hour=1))
    for slug in ("a", "b", "c"):  # past both bounds of any client
        assert store.offer(f"sample/toy/{slug}", "v1").state == "queued"
    assert store.request("game-a", "v1", "client").state == "queued"  # the samples were counted against no one
    claim = store.claim()
    assert claim.key == "game-a"
    store.finish(claim, {})
    clock.advance(minutes=1)
    with pytest.raises(Busy):  # the client's one analysis of the hour is spent: the bound still holds for games
        store.request("game-b", "v1", "client")


def test_a_stored_game_is_analysed_before_the_samples_queued_ahead_of_it(url, clock):
    store = opened(url, clock, Bounds(pending=5, per_hour=50))
    store.offer("sample/toy/a", "v1")
    clock.advance(seconds=1)
    store.offer("sample/toy/b", "v1")
    clock.advance(seconds=1)
    store.request("game", "v1", "client")
    # the game first, then the samples oldest first
    assert [store.status(key, "v1").ahead for key in ("game", "sample/toy/a", "sample/toy/b")] == [0, 1, 2]
    assert [store.claim().key for _ in range(3)] == ["game", "sample/toy/a", "sample/toy/b"]


def test_a_sample_that_failed_is_tried_again_when_a_worker_starts_not_when_a_page_asks(url, clock):
    store = opened(url, clock)
    store.offer("sample/toy/a", "v1")
    store.finish(store.claim(), error="ValueError: broken")
    assert store.offer("sample/toy/a", "v1").state == "failed"  # a page asking again runs nothing
    assert store.offer("sample/toy/a", "v1", again=True).state == "queued"
    store.finish(store.claim(), {"plays": []})
    assert store.offer("sample/toy/a", "v1", again=True).state == "done"  # a result is kept, whoever offers
    assert store.offer("sample/toy/a", "v2").state == "queued"  # another version is made again

"""The background analysis worker (api/background.py) when its database goes away: a worker whose SQLite file
is deleted, or whose queue's table is dropped, stops at once with one line in the log; a database that
fails for a few looks loses nothing (the worker carries on and runs the job); one that keeps failing stops
the worker after ``MAX_FAILED_POLLS`` looks, and the next start of the app runs the jobs it left."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from api import background
from api.jobs import JobStore
from app import create_app
from replaykit.analysis import Budget
from tests.conftest import app_config

SAMPLE = "/samples/david-goliath/legal-3-players/analysis.json"
SAFETY = 50  # looks after which a test stops a worker that failed to stop itself


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    """A small search, and no waiting between looks: each test counts looks, never seconds."""
    monkeypatch.setattr(background, "BUDGET", Budget(max_nodes=2_000, max_total=5_000, worlds=2, world_nodes=200,
                                                     max_sampled=5_000))
    monkeypatch.setattr(background, "IDLE_SECONDS", 0.0)
    monkeypatch.setattr(background, "LONGEST_PAUSE", 0.0)


@pytest.fixture
def app(tmp_path):
    """An app whose worker does not queue the samples as it starts: each test counts its own jobs' looks."""
    application = create_app(app_config(tmp_path, ANALYSIS_SAMPLES_AT_START=False))
    yield application
    application.extensions["card_replay"].repository.dispose()


def database(app) -> Path:
    return Path(app.config["DATABASE_URL"].split(":///", 1)[1])


def run_worker(app, monkeypatch, stop_when_idle: bool = False) -> list[bool | str]:
    """Run a worker in this thread until it stops; what each look at the queue gave (or the error's class)."""
    worker, looks, mine = background.Worker(app), [], threading.current_thread()
    real = background.work_once

    def counted(app_) -> bool:
        if threading.current_thread() is not mine:  # another test's worker, still finishing its last look
            return real(app_)
        try:
            busy = real(app_)
        except Exception as error:
            looks.append(error.__class__.__name__)
            raise
        looks.append(busy)
        if len(looks) >= SAFETY or (stop_when_idle and not busy):
            worker.stop()
        return busy

    monkeypatch.setattr(background, "work_once", counted)
    worker.run()
    return looks


def said(caplog) -> list[tuple[int, str]]:
    return [(record.levelno, record.getMessage()) for record in caplog.records if record.name == background.__name__]


def failing_claims(monkeypatch, times: int | None) -> None:
    """The queue's database does not answer this thread's worker for ``times`` looks (``None``: never again); a
    worker another test left running in this process is not counted."""
    real, failed, mine = JobStore.claim, [], threading.current_thread()

    def claim(self):
        if threading.current_thread() is mine and (times is None or len(failed) < times):
            failed.append(1)
            raise OperationalError("SELECT analysis_jobs", {}, ConnectionRefusedError("connection refused"))
        return real(self)

    monkeypatch.setattr(JobStore, "claim", claim)


def test_a_worker_whose_sqlite_file_is_deleted_stops_at_once_and_says_so_once(app, monkeypatch, caplog):
    app.test_client().post(SAMPLE)
    path = database(app)
    for made in path.parent.glob(path.name + "*"):  # the file and its -wal and -shm
        made.unlink()
    assert run_worker(app, monkeypatch) == []  # it stops before connecting, which would make an empty file
    assert said(caplog) == [(logging.ERROR, f"the analysis worker stops: its SQLite file {path} is gone; the jobs "
                             "still in the database run when the app or `flask --app app analysis-worker` starts "
                             "again")]
    assert not path.exists()


def test_a_worker_whose_queue_table_is_dropped_stops_after_one_look(app, monkeypatch, caplog):
    with app.extensions["card_replay"].repository.engine.begin() as connection:
        connection.execute(text("DROP TABLE analysis_jobs"))
    assert run_worker(app, monkeypatch) == ["OperationalError"]
    [(level, message)] = said(caplog)
    assert level == logging.ERROR
    assert message.startswith("the analysis worker stops: its table analysis_jobs is gone from the database;")


def test_a_database_away_for_a_few_looks_loses_nothing(app, monkeypatch, caplog):
    client = app.test_client()
    client.post(SAMPLE)
    failing_claims(monkeypatch, 2)
    assert run_worker(app, monkeypatch, stop_when_idle=True) == ["OperationalError", "OperationalError", True, False]
    assert client.get(SAMPLE).json["state"] == "done"
    assert said(caplog) == [(logging.WARNING, "the analysis worker could not reach its queue (OperationalError: "
                             "(builtins.ConnectionRefusedError) connection refused); it tries again")]


def test_a_database_that_keeps_failing_stops_the_worker_and_the_next_start_runs_its_jobs(
        tmp_path, monkeypatch, caplog):
    first = create_app(app_config(tmp_path, ANALYSIS_SAMPLES_AT_START=False))
    first.test_client().post(SAMPLE)
    with monkeypatch.context() as patched:
        failing_claims(patched, None)
        assert run_worker(first, patched) == ["OperationalError"] * background.MAX_FAILED_POLLS
    [warning, stop] = said(caplog)
    assert warning[0] == logging.WARNING and stop[0] == logging.ERROR
    assert stop[1].startswith(f"the analysis worker stops: {background.MAX_FAILED_POLLS} looks at its queue "
                              "failed in a row, the last with OperationalError")
    first.extensions["card_replay"].repository.dispose()

    second = create_app(app_config(tmp_path))  # a restart: the job waited in the database
    assert background.work_once(second)
    assert second.test_client().get(SAMPLE).json["state"] == "done"
    second.extensions["card_replay"].repository.dispose()


def test_the_worker_command_stops_with_status_1_when_its_database_is_gone(app, caplog):
    path = database(app)
    for made in path.parent.glob(path.name + "*"):
        made.unlink()
    ran = app.test_cli_runner().invoke(args=["analysis-worker"])
    assert ran.exit_code == 1 and "0 jobs run" in ran.output
    assert [level for level, _message in said(caplog)] == [logging.ERROR]

"""``card-replay validate --scheduler``: a real ``dask scheduler`` and ``dask worker`` processes on loopback
validate archives of every game and write exactly the single-process run's reports, in its order,
also when a worker is killed mid-run."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from replaykit import checking, cli
from replaykit.registry import engines
from scripts.cluster import Cluster
from tests.conftest import ROOT

SEEDS = 50  # logs per game, about 1.7 MB in all (simulating them is most of this module's time)
PIECE = 32 * 1024  # about 50 pieces, so the workers share the run and a lost worker loses some


def simulated_archive(path: Path) -> dict[str, int]:
    """Logs of every game, each with a twin made invalid (its players' key removed), a blank line, a line
    that is not JSON and a log of a game no engine reads; returns how many of each verdict it holds."""
    lines = []
    for seed in range(SEEDS):
        for engine in engines().values():
            low, high = engine.players
            log = engine.simulate(low + seed % (high - low + 1), seed)
            lines.append(json.dumps(log))
            if seed % 50 == 0:
                lines.append(json.dumps({key: value for key, value in log.items() if key != "players"}))
    lines[10:10] = ["", "{not json", '{"game": "chess"}']
    path.write_text("\n".join(lines) + "\n")
    games = len(engines())
    invalid = games * (SEEDS // 50) + 1  # the twins, and the log of no installed game
    return {"valid": games * SEEDS, "invalid": invalid, "unreadable": 1}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return cli.main(list(argv), out, err), out.getvalue(), err.getvalue()


DASK_LOG = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ - distributed\.")  # Dask's own warnings, kept


def summary_free(err: str) -> str:
    """Standard error less the summary line and Dask's log lines: the single-process run's messages."""
    return "".join(line for line in err.splitlines(keepends=True)
                   if not line.startswith("Checked ") and not DASK_LOG.match(line))


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    path = tmp_path_factory.mktemp("archives") / "every-game.jsonl"
    return path, simulated_archive(path)


@pytest.fixture(scope="module")
def single(archive) -> tuple[int, str, str]:
    """The single-process run: the reference."""
    return run("validate", "--json", str(archive[0]))


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    with Cluster(tmp_path_factory.mktemp("dask"), workers=2) as started:
        yield started


def test_two_workers_write_the_single_process_reports_in_order(archive, single, cluster):
    path, counts = archive
    status, out, err = run("validate", "--json", "--scheduler", cluster.address, "--piece-size", str(PIECE),
                           str(path))
    assert (status, out, summary_free(err)) == single
    assert single[0] == checking.UNREADABLE and len(out.splitlines()) == sum(counts.values())
    verdicts = [json.loads(line)["valid"] for line in out.splitlines()]
    assert (verdicts.count(True), verdicts.count(False), verdicts.count(None)) == tuple(counts.values())
    assert {json.loads(line).get("game") for line in out.splitlines()} >= {
        name for engine in engines().values() for name in engine.log_games[:1]}
    summary = err.splitlines()[-1]
    assert summary.startswith(f"Checked {sum(counts.values()):,} logs in ")
    assert summary.endswith(f"{counts['valid']:,} valid, {counts['invalid']} invalid, 1 unreadable.")


def test_text_output_globs_urls_and_unreadable_paths_match_the_single_process_run(tmp_path, cluster, monkeypatch):
    logs = [json.dumps(engine.simulate(engine.players[0], seed)) for seed in range(4) for engine in engines().values()]
    (tmp_path / "b.jsonl").write_text("\n".join(logs[:6]) + "\n")
    (tmp_path / "a.jsonl").write_text("\n".join(logs[6:]))  # no final newline
    (tmp_path / "one.json").write_text(logs[0])
    monkeypatch.chdir(tmp_path)
    arguments = ["validate", "*.jsonl", "one.json", "missing.json", str(tmp_path)]
    single = run(*arguments)
    assert single[1].count("valid (0 errors") == len(logs) + 1 and "a.jsonl:6: valid" in single[1]
    assert single[1].index("a.jsonl:1:") < single[1].index("b.jsonl:1:")
    monkeypatch.setenv(cli.SCHEDULER_VARIABLE, cluster.address)  # Dask's own variable names the scheduler
    status, out, err = run(*arguments, "--piece-size", "300")
    assert (status, out, summary_free(err)) == single
    by_url = run("validate", "--scheduler", cluster.address, f"file://{tmp_path}/a*.jsonl")
    assert by_url[1] == single[1][:single[1].index("b.jsonl:1:")].replace("a.jsonl", f"file://{tmp_path}/a.jsonl")


def test_jobs_given_on_the_command_line_win_over_the_scheduler_variable(tmp_path, monkeypatch):
    from replaykit import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    path = tmp_path / "one.json"
    path.write_text(json.dumps(next(iter(engines().values())).simulate(3, 1)))
    monkeypatch.setenv(cli.SCHEDULER_VARIABLE, "tcp://127.0.0.1:9")  # nothing listens on port 9
    assert run("validate", "--jobs", "2", str(path))[0] == cli.OK
    status, out, err = run("validate", str(path))
    assert status == cli.STOPPED and out == ""
    assert err.startswith("Cannot reach the Dask scheduler at tcp://127.0.0.1:9: ")
    with pytest.raises(SystemExit):
        run("validate", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:9", str(path))


def test_a_worker_killed_mid_run_loses_no_report_and_repeats_none(archive, single, cluster, tmp_path):
    path, counts = archive
    output = tmp_path / "out.jsonl"
    # A third worker joins the module's cluster to be lost for good, so the two it started with remain for
    # the tests after this one (a cluster of its own would cost a scheduler's and two workers' start).
    doomed = cluster.add_worker()
    cluster.wait_for(3)
    with output.open("w") as out:
        command = subprocess.Popen([sys.executable, "-m", "replaykit.cli", "validate", "--json", "--scheduler",
                                    cluster.address, "--piece-size", str(PIECE), str(path)],
                                   cwd=ROOT, stdout=out, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while output.stat().st_size == 0 and time.monotonic() < deadline and command.poll() is None:
            time.sleep(0.02)
        written = output.read_text().count("\n")
        running = command.poll() is None
        cluster.kill(doomed)
        _, err = command.communicate(timeout=120)
    scheduler = (cluster.folder / "scheduler.log").read_text()
    assert re.search(rf"Remove worker addr: \S+ name: worker-{cluster.processes.index(doomed)} ", scheduler)
    assert running and written < sum(counts.values()) // 2, "the worker was killed too late to matter"
    assert command.returncode == single[0]
    assert output.read_text() == single[1]
    assert summary_free(err) == single[2]


def test_a_file_only_the_client_sees_ends_the_run_with_a_message_naming_it(cluster):
    import fsspec

    with fsspec.open("memory://client-only/archive.jsonl", "wb") as file:  # this process's memory alone
        file.write(b'{"game": "chess"}\n')
    status, out, err = run("validate", "--scheduler", cluster.address, "memory://client-only/archive.jsonl")
    assert status == cli.STOPPED and out == ""
    last = err.splitlines()[-1]
    assert last.startswith("memory://client-only/archive.jsonl: a worker cannot read it (")
    assert last.endswith("Every worker must see each path at the same place (a shared file system), or name the "
                         "file by URL.")

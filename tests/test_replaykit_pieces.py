"""``validate --jobs N`` (replaykit.pieces): the same bytes on standard output and standard error as one
process, whatever the inputs and the size of a piece; pieces that cover an archive exactly once; a bounded
number of pieces out at once and flat memory; a killed worker and Ctrl-C end the run with a message, a
killed parent takes its workers with it, and none of them leaves a file behind."""

import io
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay.simulate import simulate
from replaykit import checking, pieces
from tests.conftest import ROOT
from tests.helpers import run


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    """An archive with a bad log, broken JSON, blank lines and one log far longer than the others; two single
    files, one of them invalid; a path that does not exist."""
    folder = tmp_path_factory.mktemp("mixed")
    logs = [simulate(3 + seed % 4, seed) for seed in range(30)]
    logs[4]["tricks"][0]["plays"][0]["card"] = "B99"
    logs[9]["meta"] = {"note": "x" * 5000}  # longer than the pieces below
    lines = [json.dumps(log) for log in logs]
    # A JSON parser's message counts the line end: '{"a": "abc' is "unterminated" only without it.
    lines[12:12] = ["{broken", "", "   ", '"just a string"', '{"game": "chess"}', '{"a": "abc', "[1, 2"]
    archive = folder / "mixed.jsonl"
    archive.write_text("\n".join(lines) + "\n\n")
    good, bad = folder / "good.json", folder / "bad.json"
    good.write_text(json.dumps(logs[0]))
    bad.write_text(json.dumps(logs[4]))
    return [str(good), str(archive), str(folder / "missing.json"), str(bad), str(archive)]


@pytest.mark.parametrize("piece_size", [1, 3000, 1 << 20])
@pytest.mark.parametrize("as_json", [True, False])
def test_two_processes_write_what_one_writes(mixed, piece_size, as_json):
    flags = ["--json"] * as_json + ["--piece-size", str(piece_size)]
    one = run("validate", *flags, *mixed)
    two = run("validate", *flags, "--jobs", "2", *mixed)
    three = run("validate", *flags, "--jobs", "3", *mixed)
    assert one == two == three
    assert one[0] == 2  # broken JSON and a missing file: unreadable wins
    assert one[2].count("mixed.jsonl:13: ") == 2  # line 13 is "{broken"; the archive is given twice
    assert one[2].count("mixed.jsonl:18: Not valid JSON: Invalid control character") == 2  # the line end
    assert "missing.json: cannot open" in one[2] and len(one[2].splitlines()) == 7


LINES = [json.dumps(simulate(4, 5)), json.dumps(simulate(3, 6)).replace('"B1"', '"B10"'), "", "  ", "{",
         '{"a": "b', "[]", '"\u00e9t\u00e9"', "\u00e9t\u00e9 \u2660", '{"game": "david-goliath"}', "\t", "nul\x00l"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=30), st.booleans(), st.integers(min_value=1, max_value=9000))
def test_any_archive_gets_the_same_answers_from_two_processes(rows, finished, piece_size):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", encoding="utf-8") as stream:
        stream.write("\n".join(rows) + ("\n" if finished else ""))
        stream.flush()
        flags = ["validate", "--json", "--piece-size", str(piece_size), stream.name]
        assert run(*flags, "--jobs", "2") == run(*flags)


def test_standard_input_keeps_its_place_among_the_pieces(mixed):
    log = json.dumps(simulate(4, 77))
    paths = [mixed[1], "-", mixed[0]]
    one = run("validate", "--json", *paths, stdin=log)
    two = run("validate", "--json", "--jobs", "2", *paths, stdin=log)
    assert one == two
    labels = [json.loads(line)["file"] for line in one[1].splitlines()]
    assert labels.index("<stdin>") == labels.index(mixed[0]) - 1 == len(labels) - 2


def test_the_answers_copied_from_file_to_file_are_the_same_bytes(mixed, tmp_path):
    outputs = []
    for jobs in ("1", "2"):
        target = tmp_path / f"out-{jobs}.txt"
        with target.open("wb") as stream:
            command = [sys.executable, "-m", "dg_replay", "validate", "--json", "--piece-size", "2000", "--jobs", jobs]
            done = subprocess.run([*command, *mixed], stdout=stream, stderr=subprocess.PIPE, cwd=ROOT, check=False)
        outputs.append((done.returncode, target.read_bytes(), done.stderr))
    assert outputs[0] == outputs[1]
    # 35 inputs in each copy of the archive (37 lines, 2 of them blank), the two files, the missing one
    assert outputs[0][1].count(b"\n") == 2 * 35 + 3


def test_pieces_of_a_small_archive_worked_out_by_hand(tmp_path):
    path = tmp_path / "small.jsonl"
    path.write_bytes(b"aa\nbbbb\n\nc\ndddddddd")  # lines 1-5 at bytes 0, 3, 8, 9, 11; no final line end
    assert list(pieces.lines(str(path), 4)) == [
        (str(path), 0, 3, 1),  # "aa\n": the first 4 bytes end inside line 2, which goes to the next piece
        (str(path), 3, 5, 2),  # "bbbb\n": no line end in the first 4 bytes, so up to the next one
        (str(path), 8, 3, 3),  # "\nc\n"
        (str(path), 11, 8, 5),  # "dddddddd": longer than a piece, and unfinished
    ]
    (tmp_path / "empty.jsonl").write_bytes(b"")
    assert list(pieces.lines(str(tmp_path / "empty.jsonl"), 4)) == []


def test_a_line_longer_than_any_log_is_a_piece_of_its_own_never_held(tmp_path, monkeypatch):
    # A piece ending inside a line was finished by reading the rest of that line whole (gigabytes for a line
    # of gigabytes), by the parent that plans the pieces and by the worker that reads them.
    monkeypatch.setattr(checking, "MAX_FILE_BYTES", 1024)
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"{}\n" + b" " * (8 << 20) + b"\n{}")  # lines 1-3 at bytes 0, 3 and 3 + 8 MiB + 1
    tracemalloc.start()
    try:
        planned = list(pieces.lines(str(path), 1 << 16))
        read = [list(pieces.items(piece)) for piece in planned]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert planned == [(str(path), 0, 3, 1), (str(path), 3, (8 << 20) + 1, 2), (str(path), (8 << 20) + 4, 2, 3)]
    assert read == [[(f"{path}:1", b"{}\n", None)], [(f"{path}:2", None, checking.LINE_TOO_LONG)],
                    [(f"{path}:3", b"{}", None)]]
    assert peak < 1 << 20


def test_the_last_pieces_of_an_archive_are_smaller(tmp_path):
    path = tmp_path / "tail.jsonl"
    path.write_bytes(b"abc\n" * 100)  # 400 bytes; pieces of at most 64, and of at most 1/4 of what is left
    lengths = [length for _path, _start, length, _line in pieces.lines(str(path), 64, parts=4)]
    # 64 while a quarter of what is left is more; then a quarter, whole lines only; then 4 (64 / 16) at least
    assert lengths == [64, 64, 64, 52, 36, 28, 20, 16, 12, 8, 8, 4, 4, 4, 4, 4, 4, 4]
    assert sum(lengths) == 400


@settings(max_examples=150, deadline=None)
@given(st.lists(st.binary(max_size=12).map(lambda raw: raw.replace(b"\n", b"")), max_size=20), st.booleans(),
       st.integers(min_value=1, max_value=40), st.sampled_from([0, 1, 4]))
def test_pieces_cover_every_byte_once_and_start_on_a_line(rows, finished, size, parts):
    data = b"\n".join(rows) + (b"\n" if finished and rows else b"")
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as stream:
        stream.write(data)
        stream.flush()
        found = list(pieces.lines(stream.name, size, parts))
    assert b"".join(data[start:start + length] for _path, start, length, _line in found) == data
    for _path, start, length, line in found:
        assert length > 0 and line == data[:start].count(b"\n") + 1
        assert start == 0 or data[start - 1:start] == b"\n"


def test_small_files_travel_together_and_other_inputs_stay_with_the_parent(tmp_path):
    small = []
    for name in "abcde":
        small.append(tmp_path / f"{name}.json")
        small[-1].write_text("x" * 40)
    archive = tmp_path / "two.jsonl"
    archive.write_text("1\n2\n")
    paths = [*map(str, small[:3]), "-", str(archive), *map(str, small[3:]), str(tmp_path)]
    assert [task for task, _what in pieces.grouped(paths, 100)] == [
        (paths[0], paths[1], paths[2]),  # 120 bytes: the third file takes the run past 100
        None,  # standard input
        (str(archive), 0, 4, 1),
        (paths[5], paths[6]),
        None,  # a folder: the parent finds that it cannot be read
    ]


def test_no_more_pieces_are_out_than_the_workers_have_slots(tmp_path):
    archive = tmp_path / "many.jsonl"
    archive.write_text("".join(f'{{"game": "chess", "n": {n}}}\n' for n in range(200)))
    handed = []

    def counted(tasks):
        for task in tasks:
            handed.append(task)
            yield task

    out = io.StringIO()
    with pieces.Workers(2, True, None, out) as workers:
        taken = 0
        for _status, stored, _problems, counts, _size in workers.answers(counted(pieces.grouped([str(archive)], 64))):
            taken += 1
            assert len(handed) - taken < 2 * pieces.SLOTS  # at most every slot of both workers
            pieces.copy(stored, out, pieces.encoding_of(out))
            assert counts == (0, 1, 0) or counts == (0, 2, 0)
    assert taken == len(handed) > 50
    assert [json.loads(line)["file"] for line in out.getvalue().splitlines()] == [
        f"{archive}:{n}" for n in range(1, 201)]


def memory_peak(archive):
    """Peak resident memory (KB) of the largest process of a ``--jobs 2`` run over ``archive``."""
    code = ("import resource, subprocess, sys\n"
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "dg_replay", "validate", "--json",
                           "--jobs", "2", "--piece-size", "65536", str(archive)],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    return int(done.stdout)


def test_memory_stays_flat_on_a_longer_archive(tmp_path):
    lines = [json.dumps(simulate(3 + seed % 4, seed)) + "\n" for seed in range(20)]
    short, long = tmp_path / "short.jsonl", tmp_path / "long.jsonl"
    short.write_text("".join(lines * 25))  # 500 logs, about 2 MB
    long.write_text("".join(lines * 500))  # 10,000 logs, about 40 MB: held whole, it would show
    assert memory_peak(long) - memory_peak(short) < 12_000


def test_a_killed_worker_ends_the_run_with_a_message(mixed, monkeypatch):
    before = left_behind(set())
    real = checking.check

    def dying(item, *args):
        if item[0].endswith("mixed.jsonl:20"):
            os.kill(os.getpid(), signal.SIGKILL)
        return real(item, *args)

    monkeypatch.setattr(checking, "check", dying)  # what a worker checks with; forked, the workers have it too
    status, _out, err = run("validate", "--jobs", "2", "--piece-size", "3000", *mixed)
    assert status == 3
    last = err.splitlines()[-1]
    assert last.startswith("Stopped after ") and "killed by signal 9" in last
    assert f"while checking {mixed[1]} from line " in last
    assert multiprocessing.active_children() == [] and left_behind(before) == set()


def left_behind(before):
    return {name for name in os.listdir(tempfile.gettempdir()) if name.startswith("card-replay-")} - before


def test_ctrl_c_stops_the_workers_and_says_so(tmp_path):
    archive = tmp_path / "long.jsonl"
    archive.write_text((json.dumps(simulate(5, 3)) + "\n") * 5_000)
    before = left_behind(set())
    # Ctrl-C as at a terminal: a run started in the background by a shell inherits SIGINT ignored, and Python
    # then keeps ignoring it, so the command is given the default disposition a terminal's command has.
    process = subprocess.Popen([sys.executable, "-m", "dg_replay", "validate", "--json", "--jobs", "2", str(archive)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    process.stdout.readline()  # the run is under way
    os.killpg(process.pid, signal.SIGINT)  # as a terminal sends Ctrl-C: to the parent and its workers
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode().endswith("logs: interrupted.\n") and b"Traceback" not in err
    assert left_behind(before) == set()


def test_workers_end_when_the_parent_is_killed(tmp_path):
    archive = tmp_path / "long.jsonl"
    archive.write_text((json.dumps(simulate(5, 4)) + "\n") * 5_000)
    before = left_behind(set())
    process = subprocess.Popen([sys.executable, "-m", "dg_replay", "validate", "--json", "--jobs", "2", str(archive)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    process.stdout.readline()
    workers = [int(pid) for pid in Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()]
    process.kill()
    process.wait()
    assert len(workers) == 2

    def running(pid):  # neither gone nor a zombie waiting to be reaped
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 30  # a worker looks for its parent every second
    while any(map(running, workers)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(map(running, workers)) and left_behind(before) == set()

"""replaykit.cluster without a cluster: how archives are cut into pieces a worker reads alone, and how the
run is planned. (tests/test_cluster_dask.py runs it on real Dask processes.)"""

import io
import json
import tempfile
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replaykit import checking, cli
from replaykit.cluster import Piece, WorkerCannotRead, check_piece, count_newlines, lines_in, plan
from replaykit.registry import engines

ENGINE_IDS = list(engines())

lines = st.lists(st.sampled_from([b"", b" ", b"a", b"bb", b"ccc\r", b"{}", b"dddddddd"]), min_size=0, max_size=30)


@settings(max_examples=200, deadline=None)
@given(lines, st.booleans(), st.integers(1, 40))
def test_pieces_hold_every_line_once_and_know_where_it_is(chosen, final_newline, size):
    text = b"\n".join(chosen) + (b"\n" if final_newline and chosen else b"")
    # Each line by hand, with its line end: where it begins (at 0 and after every newline; a final newline
    # begins no line) and its number.
    starts = [0] + [index + 1 for index, byte in enumerate(text) if byte == ord("\n") and index + 1 < len(text)]
    ends = [*starts[1:], len(text)]
    every = [(begin, f"x.jsonl:{number}", text[begin:end])
             for number, (begin, end) in enumerate(zip(starts, ends, strict=True), 1) if text[begin:end].strip()]
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as file:
        file.write(text)
        file.flush()
        found, newlines_before = [], 0
        for start in range(0, len(text), size):
            piece = Piece(file.name, "x.jsonl", start, min(size, len(text) - start))
            with open(file.name, "rb") as stream:
                mine = [(label, line) for label, line, _error in lines_in(stream, piece, 1 + newlines_before)]
            assert mine == [(label, line) for begin, label, line in every if start <= begin < start + size]
            found += mine
            newlines_before += count_newlines(piece)
        assert found == [(label, line) for _begin, label, line in every]


def test_a_line_begun_before_a_piece_is_passed_over_unread_however_long(tmp_path, monkeypatch):
    # The rest of a line begun in the piece before was read whole to find where it ends (gigabytes for a
    # line of gigabytes); a line of the piece's own longer than any log is refused by its number, unread.
    monkeypatch.setattr(checking, "MAX_FILE_BYTES", 1024)
    path = tmp_path / "long.jsonl"
    path.write_bytes(b" " * (8 << 20) + b"\n{}\n" + b"[" * (4 << 20) + b"\n")
    size = path.stat().st_size
    tracemalloc.start()
    try:
        with path.open("rb") as stream:
            second = list(lines_in(stream, Piece(str(path), "long.jsonl", 100, size - 100), 1))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert second == [("long.jsonl:2", b"{}\n", None), ("long.jsonl:3", None, checking.LINE_TOO_LONG)]
    assert peak < 1 << 20
    # a piece inside that line holds no line's start, and reads no further than its own end to know it (every
    # piece of a line of gigabytes scanning to its end would read it once a piece)
    with path.open("rb") as stream:
        assert list(lines_in(stream, Piece(str(path), "long.jsonl", 1000, 4096), 1)) == []
        assert stream.tell() <= 1000 + 4096


def test_a_piece_reports_as_the_single_process_run_with_line_numbers(tmp_path):
    archive = tmp_path / "mixed.jsonl"
    logs = [json.dumps(engine.simulate(engine.players[0], seed)) for seed in range(3) for engine in engines().values()]
    archive.write_text("\n".join([logs[0], "", "{broken", *logs[1:]]) + "\n")
    out = []
    size = archive.stat().st_size
    newlines = 0
    for start in range(0, size, 700):
        piece = Piece(str(archive), "mixed.jsonl", start, min(700, size - start))
        out.append(check_piece(piece, 1 + newlines, True, ENGINE_IDS)[1])
        newlines += count_newlines(piece)
    reference = [json.loads(line) for line in "".join(out).splitlines()]
    # Line 2 is blank (no report), line 3 unreadable; every game's logs follow it, one a line.
    lines = (1, 3, *range(4, len(logs) + 3))
    assert [report["file"] for report in reference] == [f"mixed.jsonl:{number}" for number in lines]
    assert [report["valid"] for report in reference] == [True, None, *[True] * (len(logs) - 1)]


def test_a_worker_that_cannot_read_its_piece_says_which_and_why(tmp_path):
    gone = Piece(str(tmp_path / "gone.jsonl"), "gone.jsonl", 0, 10)
    for work in (lambda: count_newlines(gone), lambda: check_piece(gone, 1, False, ENGINE_IDS)):
        with pytest.raises(WorkerCannotRead, match=r"^gone\.jsonl: a worker cannot read it \(No such file or "
                                                   r"directory\)\. Every worker must see each path"):
            work()


def test_a_url_of_an_unknown_file_system_ends_the_run_with_a_message(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(["validate", "--scheduler", "tcp://127.0.0.1:9", "nosuch://bucket/a.jsonl"], out, err)
    assert status == cli.STOPPED and out.getvalue() == ""
    assert err.getvalue().startswith("Cannot read nosuch://bucket/a.jsonl: ") and "nosuch" in err.getvalue()[30:]


def test_the_plan_cuts_archives_keeps_lone_logs_whole_and_answers_what_cannot_be_opened(tmp_path, monkeypatch):
    archive, single = tmp_path / "a.jsonl", tmp_path / "one.json"
    archive.write_bytes(b"x" * 2500)
    single.write_bytes(b"{}")
    monkeypatch.chdir(tmp_path)
    planned = plan(["a.jsonl", "one.json", "missing.json", str(tmp_path)], piece_size=1000)
    assert planned[:4] == [Piece(str(archive), "a.jsonl", 0, 1000), Piece(str(archive), "a.jsonl", 1000, 1000),
                           Piece(str(archive), "a.jsonl", 2000, 500), Piece(str(single), "one.json", 0, 2, True)]
    assert planned[4:] == [next(cli.inputs("missing.json")), next(cli.inputs(str(tmp_path)))]
    assert planned[4][2] == "cannot open: No such file or directory"


def test_globs_expand_in_sorted_order_and_a_glob_matching_nothing_stays(tmp_path):
    for name in ("b.jsonl", "a.jsonl", "c.json", "game1.json", "game[1].json"):
        (tmp_path / name).write_text("")
    assert cli.expand([f"{tmp_path}/*.jsonl", f"{tmp_path}/none-*.jsonl", "s3://bucket/*.jsonl"]) == [
        f"{tmp_path}/a.jsonl", f"{tmp_path}/b.jsonl", f"{tmp_path}/none-*.jsonl", "s3://bucket/*.jsonl"]
    assert cli.expand([f"{tmp_path}/game[1].json"]) == [f"{tmp_path}/game[1].json"]  # a name, not a pattern

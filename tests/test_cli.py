"""The command line: outputs, `-`, .jsonl archives, exit codes (an output closed early too), and `card-replay`
over every game."""

import gzip
import io
import json
import os
import re
import subprocess
import sys
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay.cli import main
from dg_replay.simulate import simulate
from replaykit import checking
from replaykit.checking import check, inputs
from replaykit.cluster import Piece, check_piece
from replaykit.registry import engines
from tests.conftest import ROOT
from tests.helpers import json_values, run


@pytest.fixture
def files(tmp_path):
    good = simulate(4, 1)
    bad = json.loads(json.dumps(good))
    bad["tricks"][2]["plays"][1]["card"] = "G40"
    paths = {"good": tmp_path / "good.json", "bad": tmp_path / "bad.json", "broken": tmp_path / "broken.json"}
    paths["good"].write_text(json.dumps(good))
    paths["bad"].write_text(json.dumps(bad))
    paths["broken"].write_text('{"game": "david-goliath", "game": 1}')
    archive = tmp_path / "archive.jsonl"
    archive.write_text(json.dumps(good) + "\n\n" + json.dumps(bad) + "\n")
    paths["archive"] = archive
    return paths


def test_valid_log_exits_zero(files):
    status, out, _ = run("validate", str(files["good"]))
    assert status == 0 and out.strip().endswith("valid (0 errors, 0 warnings)")


def test_invalid_log_prints_compiler_style_lines_and_exits_one(files):
    status, out, _ = run("validate", str(files["bad"]))
    assert status == 1
    first = out.splitlines()[0]
    assert first.startswith(f"{files['bad']}: trick 3, play 2 (")
    assert ": card-not-in-deck: G40 is not in the 4-player deck" in first


def test_a_file_larger_than_any_log_is_unreadable_without_being_read_whole(files, tmp_path, monkeypatch):
    # /dev/zero read whole ran out of memory (a traceback); a 1.5 GB file under a memory limit crashed. With the
    # bound at 1 KiB here (16 MiB in use), a file one byte over it is refused, and one at it is read.
    monkeypatch.setattr(checking, "MAX_FILE_BYTES", 1024)
    monkeypatch.setattr(checking, "TOO_LARGE", "larger than 1 KiB: no log is that large (not read further)")
    (tmp_path / "huge.json").write_bytes(b" " * 1025)
    (tmp_path / "at.json").write_bytes(b"{" + b" " * 1022 + b"}")
    status, out, err = run("validate", str(tmp_path / "huge.json"), str(tmp_path / "at.json"))
    assert status == 2
    assert err.splitlines()[0] == f"{tmp_path / 'huge.json'}: larger than 1 KiB: no log is that large (not read " \
                                  "further)"
    assert f"{tmp_path / 'at.json'}: INVALID" in out  # read, and validated: {} is no log of any game


def test_an_archive_s_line_longer_than_any_log_is_passed_over_without_being_held(tmp_path, monkeypatch):
    # Read whole, a line of gigabytes was held in memory as one bytes object. With the bound at 1 KiB here, a
    # line of 16 MiB is refused by its number, the lines after it are read, and the most held at once is far
    # below the line (its rest is passed over 64 KiB at a time; the command itself holds about 3 MiB).
    monkeypatch.setattr(checking, "MAX_FILE_BYTES", 1024)
    monkeypatch.setattr(checking, "LINE_TOO_LONG", "a line longer than 1 KiB")
    path = tmp_path / "archive.jsonl"
    path.write_bytes(b"{}\n" + b" " * (16 << 20) + b"\n{}\n" + b"{" + b" " * 1022 + b"}\n" + b" " * 1025)
    tracemalloc.start()
    try:
        status, out, err = run("validate", str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert status == 2
    assert err.splitlines() == [f"{path}:2: a line longer than 1 KiB", f"{path}:5: a line longer than 1 KiB"]
    assert [line.split(": ")[0] for line in out.splitlines() if "INVALID" in line] == \
        [f"{path}:1", f"{path}:3", f"{path}:4"]  # read and validated: {} is no log of any game
    assert peak < 8 << 20


def test_unreadable_input_exits_two_and_wins(files, tmp_path):
    status, _out, err = run("validate", str(files["bad"]), str(files["broken"]), str(tmp_path / "missing.json"))
    assert status == 2
    assert "appears twice" in err and "missing.json: cannot open" in err


def test_files_that_hold_no_json_text_are_named_for_what_they_are(files, tmp_path):
    # Before: "Expecting value (line 1, column 1)", "not UTF-8 text (bad byte at position 0)" and "… position 1".
    text = files["good"].read_text()
    named = {"empty.json": b"", "notepad.json": text.encode("utf-16"), "game.json.gz": gzip.compress(text.encode())}
    for name, raw in named.items():
        (tmp_path / name).write_bytes(raw)
    status, _out, err = run("validate", *(str(tmp_path / name) for name in named))
    assert status == 2
    assert err.splitlines() == [
        f"{tmp_path / 'empty.json'}: The log is empty: send the JSON document itself",
        f"{tmp_path / 'notepad.json'}: This text is UTF-16 (or UTF-32), not UTF-8: save the log as UTF-8 and send "
        "it again",
        f"{tmp_path / 'game.json.gz'}: This is gzip-compressed data, not JSON text: send the log uncompressed"]


def test_json_output_one_line_per_input(files, tmp_path):
    status, out, _ = run("validate", "--json", str(files["good"]), str(files["broken"]), str(files["archive"]))
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2
    assert [line["valid"] for line in lines] == [True, None, True, False]
    assert lines[1]["read_error"].startswith('The key "game" appears twice')
    assert [line["file"] for line in lines[2:]] == [f"{files['archive']}:1", f"{files['archive']}:3"]
    assert lines[0]["result"]["winners"] and lines[3]["errors"][0]["path"] == "/tricks/2/plays/1/card"


def test_stdin_with_dash(files):
    status, out, _ = run("validate", "-", "--json", stdin=files["good"].read_text())
    assert status == 0 and json.loads(out)["file"] == "<stdin>"


def test_simulate_prints_a_valid_log():
    status, out, _ = run("simulate", "--players", "5", "--seed", "9", "--no-hands", "--no-claims")
    log = json.loads(out)
    assert status == 0 and len(log["players"]) == 5 and "hands" not in log and "scores" not in log
    assert run("simulate", "--players", "5", "--seed", "9", "--no-hands", "--no-claims")[1] == out


def test_module_entry_point(files):
    done = subprocess.run([sys.executable, "-m", "dg_replay", "validate", str(files["bad"])],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "card-not-in-deck" in done.stdout


def test_jobs_give_the_same_lines_in_the_same_order(tmp_path):
    archive = tmp_path / "many.jsonl"
    logs = [simulate(3 + seed % 4, seed) for seed in range(40)]
    logs[7]["tricks"][0]["plays"][0]["card"] = "B99"
    archive.write_text("\n".join(json.dumps(log) for log in logs) + "\n{broken\n")
    one = run("validate", "--json", str(archive))
    two = run("validate", "--json", "--jobs", "2", str(archive))
    assert one[0] == two[0] == 2
    assert one[1] == two[1]
    assert [json.loads(line)["valid"] for line in one[1].splitlines()].count(False) == 1


@settings(max_examples=80, deadline=None)
@given(st.binary(max_size=300) | json_values.map(lambda value: json.dumps(value).encode()))
def test_any_input_gets_an_answer_never_an_exception(raw):
    status, text, problem = check(("input.json", raw, None), as_json=True)
    line = json.loads(text)
    assert (status, line["valid"]) in ((0, True), (1, False), (2, None))
    assert (problem is not None) == (status == 2)


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_long_runs_show_a_progress_bar_on_a_terminal(tmp_path, monkeypatch):
    archive = tmp_path / "bar.jsonl"
    archive.write_text("\n".join(json.dumps(simulate(3, seed)) for seed in range(30)) + "\n")
    ticks = iter(range(10_000))
    monkeypatch.setattr("replaykit.cli.time.monotonic", lambda: next(ticks))  # every step is worth showing
    err = Terminal()
    assert main(["validate", str(archive)], io.StringIO(), err) == 0
    lines = err.getvalue().split("\r")
    assert lines[-1].startswith("[" + "#" * 24 + "] 100%  30 logs")
    summary = err.getvalue().splitlines()[-1]
    assert summary.startswith("Checked 30 logs in ") and summary.endswith(": 30 valid, 0 invalid, 0 unreadable.")
    assert "%" in lines[1] and "logs" in lines[1]
    plain = io.StringIO()
    main(["validate", str(archive)], io.StringIO(), plain)
    assert plain.getvalue() == ""  # not a terminal: nothing on standard error


def card_replay(*argv):
    from replaykit import cli

    out, err = io.StringIO(), io.StringIO()
    return cli.main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_card_replay_names_the_supported_games_for_a_log_of_another(tmp_path):
    path = tmp_path / "chess.json"
    path.write_text('{"game": "chess", "moves": ["e4"]}')
    status, out, _ = card_replay("validate", str(path))
    assert status == 1
    first = out.splitlines()[0]
    assert first.startswith(f"{path}: /game: schema: ") and '"david-goliath"' in first
    status, out, _ = card_replay("validate", "--json", str(path))
    report = json.loads(out)
    assert report["valid"] is False and [finding["path"] for finding in report["errors"]] == ["/game"]


def test_python_m_dg_replay_reads_only_david_and_goliath(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"game": "grande-dalmuti", "players": []}')
    status, out, _ = run("validate", str(path))
    assert status == 1 and '"david-goliath" or "david-goliath-match"' in out


def test_card_replay_simulates_each_game_with_its_options():
    status, out, _ = card_replay("simulate", "david-goliath", "--players", "3", "--seed", "4", "--no-hands")
    log = json.loads(out)
    assert status == 0 and len(log["players"]) == 3 and "hands" not in log
    assert json.loads(card_replay("simulate", "david-goliath", "--match")[1])["game"] == "david-goliath-match"
    with pytest.raises(SystemExit):
        card_replay("simulate", "david-goliath", "--players", "9")


def test_a_folder_of_samples_on_the_command_line_is_only_logs():
    folder = ROOT / "sample_games" / "david-goliath"
    status, out, err = card_replay("validate", *map(str, sorted(folder.glob("*.json"))))
    assert status == 1 and err == ""  # some samples are invalid by design; none is unreadable
    assert out.count("valid (") + out.count("INVALID (") == len(list(folder.glob("*.json")))


def test_one_pool_serves_every_path_of_a_run(monkeypatch, files):
    from replaykit import pieces

    started = []
    real = pieces.Worker

    def counting(*args, **kwargs):
        started.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(pieces, "Worker", counting)
    paths = [str(files["good"]), str(files["bad"])] * 5
    status, out, _ = card_replay("validate", "--jobs", "2", *paths)
    assert status == 1 and len(started) == 2  # two workers, started once for the whole run
    assert out.count("INVALID (") == 5 and out.count("valid (0 errors") == 5


def test_a_lone_surrogate_is_unreadable_input_with_its_place(tmp_path):
    path = tmp_path / "surrogate.json"
    path.write_text('{"game": "david-goliath", "players": ["A\\ud800", "B", "C"], "tricks": []}')
    status, out, err = run("validate", str(path))
    assert status == 2 and out == ""
    assert f"{path}: A string holds a lone UTF-16 surrogate escape (\\ud800)" in err and "column 41" in err


def test_a_piece_of_an_archive_reads_each_line_as_the_stream_reader_does(tmp_path):
    """The pieces the Dask cluster checks keep each line's end, as reading the file line by line does: a string
    left open meets the line end, so its message names a control character, whichever path reads it."""
    path = tmp_path / "broken.jsonl"
    path.write_bytes(b'{"a": "abc\n' + json.dumps(simulate(3, 1)).encode() + b"\n\n{}")
    streamed = [check(item, as_json=True) for item in inputs(str(path))]
    piece = Piece(str(path), str(path), 0, path.stat().st_size)
    status, text, problems, tally, _size = check_piece(piece, 1, True, list(engines()))
    assert text == "".join(answer for _code, answer, _problem in streamed)
    assert problems == [problem for _code, _answer, problem in streamed if problem is not None]
    assert status == 2 and tally == (1, 1, 1)  # valid, invalid ({} names no game), unreadable
    assert "Invalid control character" in problems[0] and problems[0].startswith(f"{path}:1")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_output_closed_early_ends_quietly_and_stops_the_workers(tmp_path, jobs):
    """`validate … | head`: the reader stops after one line. The command ends with 141 (as a shell reports a
    command that SIGPIPE ended), writes nothing to standard error, and leaves no worker running."""
    archive = tmp_path / "long.jsonl"
    archive.write_text((json.dumps(simulate(5, 2)) + "\n") * 3_000)
    process = subprocess.Popen([sys.executable, "-m", "dg_replay", "validate", "--json", "--jobs", jobs, str(archive)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    assert json.loads(process.stdout.readline())["valid"] is True
    process.stdout.close()
    assert process.wait(timeout=60) == 141
    assert process.stderr.read() == b""
    process.stderr.close()
    with pytest.raises(ProcessLookupError):  # nobody is left in the command's process group
        os.killpg(process.pid, 0)


def test_a_log_s_control_characters_cannot_rewrite_the_terminal(tmp_path):
    # A player named so that a terminal erased the line and showed "x: valid (0 errors)" in its place.
    evil = "D\r\x1b[2K/x: valid\n"
    log = simulate(3, 2)
    log["players"][0] = evil
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(log))
    status, out, _ = run("validate", str(path))
    assert status == 1
    assert "\r" not in out and "\x1b" not in out and "D\\r\\x1b[2K/x: valid\\n" in out
    assert all(line.startswith(str(path)) for line in out.splitlines())  # no line of the log's own making
    _, as_json, _ = run("validate", "--json", str(path))
    assert json.loads(as_json)["players"][0] == evil  # JSON escapes them itself, and keeps the text as it was


@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_an_archive_with_no_log_is_said_so_and_exits_two(files, tmp_path, jobs):
    # Before: an empty export printed nothing and exited 0, as if every log in it were valid.
    empty, blank = tmp_path / "empty.jsonl", tmp_path / "blank.jsonl"
    empty.write_text("")
    blank.write_text("\n  \n\n")
    status, out, err = run("validate", *jobs, str(empty), str(blank), str(files["good"]))
    assert status == 2
    assert err.splitlines() == [f"{empty}: the archive holds no log (it is empty or only blank lines)",
                                f"{blank}: the archive holds no log (it is empty or only blank lines)"]
    assert out == f"{files['good']}: valid (0 errors, 0 warnings)\n"  # the other inputs are still checked


@pytest.mark.parametrize("jobs", [[], ["--jobs", "2"]])
def test_an_archive_is_known_by_its_other_names_and_a_file_of_many_logs_is_said_to_be_one(files, tmp_path, jobs):
    lines = files["archive"].read_text()
    for name in ("games.ndjson", "GAMES.JSONL", "games.jsonlines"):
        (tmp_path / name).write_text(lines)
        status, out, _ = run("validate", *jobs, str(tmp_path / name))
        verdicts = [line.split(": ")[0] for line in out.splitlines() if re.search(r": (valid|INVALID) \(", line)]
        assert status == 1 and verdicts == [f"{tmp_path / name}:1", f"{tmp_path / name}:3"], name
    many = tmp_path / "games.json"
    many.write_text(lines)
    status, _, err = run("validate", *jobs, str(many))
    assert status == 2 and err.strip().endswith(
        "Extra data (line 3, column 1); a file of one log per line is read as an archive when its name ends in .jsonl")


@pytest.mark.parametrize("option", ["--jobs", "--piece-size"])
def test_a_count_below_one_is_a_usage_error(files, option, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["validate", option, "0", str(files["good"])])
    assert stopped.value.code == 2 and f"argument {option}: 0 is fewer than 1" in capsys.readouterr().err


def test_an_archive_line_cut_short_is_placed_just_past_what_it_holds(tmp_path):
    # the 42 characters written, the line end not counted: before, "(line 2, column 1)", past the line end
    path = tmp_path / "cut.jsonl"
    path.write_text(json.dumps(simulate(3, 1)) + '\n{"game": "david-goliath", "players": ["A",\n')
    status, _out, err = run("validate", str(path))
    assert status == 2
    assert f"{path}:2: The JSON ends before every bracket it opens is closed (line 1, column 43)" in err

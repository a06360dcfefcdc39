"""Checking inputs: each log read and validated by the engine its ``game`` names, its answer rendered where it
was checked (a worker process, a worker of a cluster), so only short strings travel back; an archive
(``.jsonl``) read a line at a time or in line-aligned pieces, each line the same way. ``replaykit.cli`` and
``replaykit.pieces`` run these on this machine, ``replaykit.cluster`` on a Dask cluster.
"""

from __future__ import annotations

import functools
import io
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import BinaryIO, TextIO

from replaykit import registry
from replaykit.engine import Engine
from replaykit.jsonio import JSONReadError, dumps, read_json
from replaykit.reading import no_json_text

OK, INVALID, UNREADABLE = 0, 1, 2
PIECE_SIZE = 1 << 20  # bytes of an archive handed to a process or a worker at a time
# A file holding one log is read up to this: 8 × the largest body the service takes. More is no log, and read
# whole it held gigabytes (a tester's /dev/zero: out of memory; a 1.5 GB file under a memory limit: a crash).
MAX_FILE_BYTES = 16 << 20
TOO_LARGE = f"larger than {MAX_FILE_BYTES >> 20} MiB: no log is that large (not read further)"
# An archive's line is one log: bounded as a file of one log is, and a longer line passed over without being held.
LINE_TOO_LONG = f"a line longer than {MAX_FILE_BYTES >> 20} MiB: no log is that large (passed over unread)"
Item = tuple[str, bytes | None, str | None]  # label, raw bytes, read error
Outcome = tuple[int, str, str | None]  # exit status, text for standard output, message for standard error
Tally = tuple[int, int, int]  # inputs found valid, invalid, unreadable
# worst exit status, standard output, standard error messages, inputs checked by outcome, bytes they took
Batch = tuple[int, str, list[str], Tally, int]


# The names an archive of one log per line goes by (JSON Lines, NDJSON), in any case: ``game.JSONL`` too.
ARCHIVE_SUFFIXES = (".jsonl", ".ndjson", ".jsonlines")
# Control characters of a log's text (a name, a note) reach a terminal as written: a carriage return or an
# escape sequence would rewrite the lines around it ("x: valid"). The text output shows them escaped.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]|\n(?!$)")


def is_archive(path: str) -> bool:
    return path.lower().endswith(ARCHIVE_SUFFIXES)


def printable(line: str) -> str:
    """``line`` (one line of the text output, its own line end kept) with every control character escaped."""
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], line) if _CONTROL.search(line) else line


def tally(status: int) -> Tally:
    return (int(status == OK), int(status == INVALID), int(status == UNREADABLE))



def cannot_open(error: OSError) -> str:
    return f"cannot open: {error.strerror or error}"


def inputs(path: str) -> Iterator[Item]:
    """Yield ``(label, raw bytes, read error)`` for each input a path names."""
    try:
        # Closed in the finally below, also when the caller stops iterating early.
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        yield path, None, cannot_open(error)
        return
    try:
        if is_archive(path):
            yield from archive_items(path, stream, 1)
        else:
            yield one_log(("<stdin>" if path == "-" else path), stream.read(MAX_FILE_BYTES + 1))
    except OSError as error:
        yield path, None, f"cannot read: {error.strerror or error}"
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def one_log(label: str, raw: bytes) -> Item:
    """A file of one log, read up to ``MAX_FILE_BYTES`` and one byte more: refused where that byte came."""
    return (label, raw, None) if len(raw) <= MAX_FILE_BYTES else (label, None, TOO_LARGE)


def check(item: Item, as_json: bool = False, among: Sequence[Engine] | None = None) -> Outcome:
    """Validate one input. The output is rendered here, in the worker, so that only short strings
    travel back between processes."""
    label, raw, problem = item
    if problem is None:
        try:
            document = read_json(raw or b"")
        except JSONReadError as error:
            problem = str(no_json_text(raw or b"") or error)
            said = getattr(error.reason, "params", {}).get("problem")
            if str(said) == "Extra data" and error.column == 1 and not is_archive(label):  # a log on each line
                problem += "; a file of one log per line is read as an archive when its name ends in .jsonl"
    if problem is not None:
        text = dumps({"file": label, "valid": None, "read_error": problem}) + "\n" if as_json else ""
        return UNREADABLE, text, printable(f"{label}: {problem}")
    _engine, report = registry.validate(document, among=among)
    status = OK if report.valid else INVALID
    if as_json:
        return status, dumps({"file": label, **report.to_dict()}) + "\n", None
    lines = []
    for finding in report.findings:
        severity = "" if finding.is_error else "warning: "
        lines.append(printable(f"{label}: {finding.location()}: {finding.code}: {severity}{finding.message}\n"))
    errors = sum(finding.is_error for finding in report.findings)
    warnings = len(report.findings) - errors
    verdict = "valid" if report.valid else "INVALID"
    lines.append(printable(f"{label}: {verdict} ({errors} error{'s' * (errors != 1)}, "
                           f"{warnings} warning{'s' * (warnings != 1)})\n"))
    return status, "".join(lines), None


def results(items: Iterable[Item], work: functools.partial) -> Iterator[Batch]:
    """Check inputs in order, one answer each."""
    for item in items:
        code, text, problem = work(item)
        yield code, text, [] if problem is None else [problem], tally(code), len(item[1] or b"")


def archive_items(label: str, stream: BinaryIO, first_line: int, length: int | None = None) -> Iterator[Item]:
    """The logs of an archive's lines from the stream's position, the first of them line ``first_line`` of the
    file ``label`` names: each line with its line end, blank lines skipped. With ``length``, only the lines
    that begin within that many bytes (the last of them read to its end). A line is read up to
    ``MAX_FILE_BYTES`` and one byte more; a longer one is refused and passed over, never held whole."""
    number, position = first_line, 0
    while length is None or position < length:
        line = stream.readline(MAX_FILE_BYTES + 1)
        if not line:
            return
        position += len(line)
        if len(line) > MAX_FILE_BYTES and not line.endswith(b"\n"):
            position += skip_line(stream)[0]
            yield f"{label}:{number}", None, LINE_TOO_LONG
        elif line.strip():
            yield f"{label}:{number}", line, None
        number += 1


def skip_line(stream: BinaryIO, limit: int | None = None) -> tuple[int, bool]:
    """Read past the rest of the line the stream is in, 64 KiB at a time, keeping none of it, or past ``limit``
    bytes of it at most: the bytes passed, and whether a line end ended them."""
    passed = 0
    while chunk := stream.readline(1 << 16 if limit is None else min(1 << 16, limit - passed)):
        passed += len(chunk)
        if chunk.endswith(b"\n"):
            return passed, True
    return passed, False


def check_into(items: Iterable[Item], out: TextIO, as_json: bool, among: Sequence[Engine] | None = None) -> Batch:
    """Check inputs in order, each answer written to ``out`` as soon as it is made (a piece's answers are
    never held together); the batch's text is empty and its size the bytes of the inputs."""
    status, problems, counts, size = OK, [], [0, 0, 0], 0
    for item in items:
        code, text, problem = check(item, as_json, among)
        out.write(text)
        status = max(status, code)
        counts[code] += 1
        if problem is not None:
            problems.append(problem)
        size += len(item[1] or b"")
    return status, "", problems, (counts[0], counts[1], counts[2]), size


def check_lines(items: Iterable[Item], as_json: bool, among: Sequence[Engine] | None = None) -> Batch:
    """Validate the lines of an archive (``archive_items``) as one batch, its answers as one text."""
    answers = io.StringIO()
    status, _text, problems, counts, size = check_into(items, answers, as_json, among)
    return status, answers.getvalue(), problems, counts, size

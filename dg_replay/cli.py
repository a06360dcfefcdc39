"""The command line (spec section 5): ``python -m dg_replay validate PATH… [--json]`` and ``simulate``.

Exit status of ``validate``: 0 when every log is valid, 1 when some log is invalid, 2 when some input
could not be read as JSON at all (2 wins over 1). A ``.jsonl`` path holds one log per line, each an input
of its own, read as a stream so an archive of any size runs in constant memory.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator
from multiprocessing import Pool
from typing import TextIO

from dg_replay import validate
from dg_replay.simulate import simulate, simulate_match
from replaykit.jsonio import JSONReadError, dumps, read_json

OK, INVALID, UNREADABLE = 0, 1, 2


def inputs(path: str) -> Iterator[tuple[str, bytes | None, str | None]]:
    """Yield ``(label, raw bytes, read error)`` for each input a path names."""
    try:
        # Closed in the finally below, also when the caller stops iterating early.
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        yield path, None, f"cannot open: {error.strerror or error}"
        return
    try:
        if path.endswith(".jsonl"):
            for number, line in enumerate(stream, 1):
                if line.strip():
                    yield f"{path}:{number}", line, None
        else:
            yield ("<stdin>" if path == "-" else path), stream.read(), None
    except OSError as error:
        yield path, None, f"cannot read: {error.strerror or error}"
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


Item = tuple[str, bytes | None, str | None]
Outcome = tuple[int, str, str | None]  # exit status, text for standard output, message for standard error


def check(item: Item, as_json: bool = False) -> Outcome:
    """Validate one input. The output is rendered here, in the worker, so that only short strings
    travel back between processes."""
    label, raw, problem = item
    if problem is None:
        try:
            document = read_json(raw or b"")
        except JSONReadError as error:
            problem = str(error)
    if problem is not None:
        text = dumps({"file": label, "valid": None, "read_error": problem}) + "\n" if as_json else ""
        return UNREADABLE, text, f"{label}: {problem}"
    report = validate(document)
    status = OK if report.valid else INVALID
    if as_json:
        return status, dumps({"file": label, **report.to_dict()}) + "\n", None
    lines = []
    for finding in report.findings:
        severity = "" if finding.is_error else "warning: "
        lines.append(f"{label}: {finding.location()}: {finding.code}: {severity}{finding.message}\n")
    errors = sum(finding.is_error for finding in report.findings)
    warnings = len(report.findings) - errors
    verdict = "valid" if report.valid else "INVALID"
    lines.append(f"{label}: {verdict} ({errors} error{'s' * (errors != 1)}, "
                 f"{warnings} warning{'s' * (warnings != 1)})\n")
    return status, "".join(lines), None


# worst exit status, standard output, standard error messages, inputs checked, bytes of input they took
Batch = tuple[int, str, list[str], int, int]


def results(items: Iterable[Item], as_json: bool, jobs: int) -> Iterator[Batch]:
    """Check inputs in order, on ``jobs`` processes. Inputs are handed out a batch at a time, so memory
    stays flat however long the input is (``Pool.imap`` alone would read it all ahead)."""
    work = functools.partial(check, as_json=as_json)
    if jobs <= 1:
        for item in items:
            code, text, problem = work(item)
            yield code, text, [] if problem is None else [problem], 1, len(item[1] or b"")
        return
    with Pool(jobs) as pool:
        iterator = iter(items)
        while batch := list(itertools.islice(iterator, 256 * jobs)):
            for item, (code, text, problem) in zip(batch, pool.imap(work, batch, chunksize=32), strict=True):
                yield code, text, [] if problem is None else [problem], 1, len(item[1] or b"")


def archive_chunks(path: str, size: int = 1 << 20) -> Iterator[tuple[str, int, int, int]]:
    """Split an archive into line-aligned pieces of about ``size`` bytes: (path, start, length, first line)."""
    with open(path, "rb") as stream:
        start, line = 0, 1
        while block := stream.read(size):
            block += stream.readline()  # finish the last line, so no log is cut in two
            yield path, start, len(block), line
            start += len(block)
            line += block.count(b"\n")


def check_chunk(chunk: tuple[str, int, int, int], as_json: bool) -> Batch:
    """Validate one piece of an archive in a worker, which reads it itself: the parent only hands out
    offsets and writes the answers, so it never becomes the bottleneck."""
    path, start, length, first_line = chunk
    with open(path, "rb") as stream:
        stream.seek(start)
        data = stream.read(length)
    status, texts, problems, count = OK, [], [], 0
    for offset, line in enumerate(data.split(b"\n")):
        if line.strip():
            code, text, problem = check((f"{path}:{first_line + offset}", line, None), as_json)
            status, count = max(status, code), count + 1
            texts.append(text)
            if problem is not None:
                problems.append(problem)
    return status, "".join(texts), problems, count, length


def archive_results(path: str, as_json: bool, jobs: int) -> Iterator[Batch]:
    with Pool(jobs) as pool:
        yield from pool.imap(functools.partial(check_chunk, as_json=as_json), archive_chunks(path))


class Progress:
    """A progress bar on a terminal's standard error for long runs (by bytes read, when the inputs are
    files), with logs done and the rate; silent when standard error is not a terminal."""

    WIDTH = 24

    def __init__(self, err: TextIO, total_bytes: int) -> None:
        self.err, self.total = err, total_bytes
        self.count = self.done = 0
        self.start, self.shown = time.monotonic(), 0.0
        self.live = hasattr(err, "isatty") and err.isatty()

    def step(self, count: int, size: int) -> None:
        self.count += count
        self.done += size
        now = time.monotonic()
        if self.live and now - self.shown > 0.25:
            self.shown = now
            rate = self.count / max(now - self.start, 1e-9)
            bar = ""
            if self.total:
                share = min(self.done / self.total, 1.0)
                filled = round(share * self.WIDTH)
                bar = f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {share:4.0%}  "
            self.err.write(f"\r{bar}{self.count:,} logs, {rate:,.0f}/s ")
            self.err.flush()

    def close(self) -> None:
        if self.live and self.shown:
            self.err.write("\n")


def _size(path: str) -> int:
    try:
        return os.path.getsize(path) if path != "-" else 0
    except OSError:
        return 0


def run_validate(paths: list[str], as_json: bool, out: TextIO, err: TextIO, jobs: int = 1) -> int:
    status = OK
    progress = Progress(err, sum(_size(path) for path in paths))
    for path in paths:
        if jobs > 1 and path.endswith(".jsonl") and os.path.isfile(path):
            batches = archive_results(path, as_json, jobs)
        else:
            batches = results(inputs(path), as_json, jobs)
        for code, text, problems, count, size in batches:
            progress.step(count, size)
            status = max(status, code)
            for problem in problems:
                err.write(problem + "\n")
            out.write(text)
    progress.close()
    return status


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m dg_replay",
                                     description="Validate David & Goliath game logs against the rules.")
    commands = parser.add_subparsers(dest="command", required=True)
    check_parser = commands.add_parser("validate", help="validate logs (a .jsonl path holds one log per line)")
    check_parser.add_argument("paths", nargs="+", metavar="PATH", help="a log file, a .jsonl archive, or - for stdin")
    check_parser.add_argument("--json", action="store_true", help="print one JSON report per input, one per line")
    check_parser.add_argument("--jobs", type=int, default=1, metavar="N", help="validate on N processes (default 1)")
    sim = commands.add_parser("simulate", help="print the log of a legal game played by simple bots")
    sim.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N", help="3 to 6 (default 4)")
    sim.add_argument("--seed", type=int, default=0, help="the same seed plays the same game")
    sim.add_argument("--no-hands", action="store_true", help="leave out the deal")
    sim.add_argument("--no-claims", action="store_true", help="leave out captures, scores and winners")
    sim.add_argument("--match", action="store_true", help="a whole match: one game per player")
    args = parser.parse_args(argv)
    if args.command == "validate":
        return run_validate(args.paths, args.json, out, err, max(1, args.jobs))
    make = simulate_match if args.match else simulate
    log = make(args.players, args.seed, hands=not args.no_hands, claims=not args.no_claims)
    out.write(json.dumps(log, ensure_ascii=False) + "\n")
    return OK

"""``card-replay``: the one command line for every installed game.

``card-replay validate PATH… [--json] [--jobs N]`` validates each log by the engine its ``game`` names
(a log naming no installed game gets one ``schema`` finding at ``/game``); ``card-replay simulate GAME``
prints a random legal log. Exit status of ``validate``: 0 when every log is valid, 1 when some log is
invalid, 2 when some input could not be read as JSON at all (2 wins over 1). A ``.jsonl`` path holds one
log per line, each an input of its own, read as a stream so an archive of any size runs in constant memory.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import itertools
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType
from typing import TextIO

from replaykit import registry
from replaykit.engine import Engine
from replaykit.jsonio import JSONReadError, dumps, read_json

OK, INVALID, UNREADABLE = 0, 1, 2
Item = tuple[str, bytes | None, str | None]  # label, raw bytes, read error
Outcome = tuple[int, str, str | None]  # exit status, text for standard output, message for standard error
# worst exit status, standard output, standard error messages, inputs checked, bytes of input they took
Batch = tuple[int, str, list[str], int, int]


def inputs(path: str) -> Iterator[Item]:
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


def check(item: Item, as_json: bool = False, among: Sequence[Engine] | None = None) -> Outcome:
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
    _engine, report = registry.validate(document, among=among)
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


def results(items: Iterable[Item], work: functools.partial, pool: PoolType | None) -> Iterator[Batch]:
    """Check inputs in order, in ``pool`` when there is one. Inputs are handed out a batch at a time, so
    memory stays flat however long the input is (``Pool.imap`` alone would read it all ahead)."""
    if pool is None:
        for item in items:
            code, text, problem = work(item)
            yield code, text, [] if problem is None else [problem], 1, len(item[1] or b"")
        return
    iterator = iter(items)
    while batch := list(itertools.islice(iterator, 512)):
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


def check_chunk(chunk: tuple[str, int, int, int], as_json: bool, among: Sequence[Engine] | None = None) -> Batch:
    """Validate one piece of an archive in a worker, which reads it itself: the parent only hands out
    offsets and writes the answers, so it never becomes the bottleneck."""
    path, start, length, first_line = chunk
    with open(path, "rb") as stream:
        stream.seek(start)
        data = stream.read(length)
    status, texts, problems, count = OK, [], [], 0
    for offset, line in enumerate(data.split(b"\n")):
        if line.strip():
            code, text, problem = check((f"{path}:{first_line + offset}", line, None), as_json, among)
            status, count = max(status, code), count + 1
            texts.append(text)
            if problem is not None:
                problems.append(problem)
    return status, "".join(texts), problems, count, length


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


def run_validate(paths: list[str], as_json: bool, out: TextIO, err: TextIO, jobs: int = 1,
                 among: Sequence[Engine] | None = None) -> int:
    status = OK
    progress = Progress(err, sum(_size(path) for path in paths))
    work = functools.partial(check, as_json=as_json, among=among)
    # One pool for the whole run: starting workers costs far more than validating a small file.
    with Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for path in paths:
            if pool is not None and path.endswith(".jsonl") and os.path.isfile(path):
                chunk_work = functools.partial(check_chunk, as_json=as_json, among=among)
                batches = pool.imap(chunk_work, archive_chunks(path))
            else:
                batches = results(inputs(path), work, pool)
            for code, text, problems, count, size in batches:
                progress.step(count, size)
                status = max(status, code)
                for problem in problems:
                    err.write(problem + "\n")
                out.write(text)
    progress.close()
    return status


def parser(among: Sequence[Engine], prog: str) -> argparse.ArgumentParser:
    names = ", ".join(engine.name for engine in among)
    top = argparse.ArgumentParser(prog=prog, description=f"Validate card game logs against the rules ({names}).")
    commands = top.add_subparsers(dest="command", required=True)
    check_parser = commands.add_parser("validate", help="validate logs (a .jsonl path holds one log per line)")
    check_parser.add_argument("paths", nargs="+", metavar="PATH", help="a log file, a .jsonl archive, or - for stdin")
    check_parser.add_argument("--json", action="store_true", help="print one JSON report per input, one per line")
    check_parser.add_argument("--jobs", type=int, default=1, metavar="N", help="validate on N processes (default 1)")
    sim = commands.add_parser("simulate", help="print the log of a random legal game")
    games = sim.add_subparsers(dest="game", required=True, metavar="GAME")
    for engine in among:
        low, high = engine.players
        game = games.add_parser(engine.id, help=f"{engine.name}, {low} to {high} players")
        game.add_argument("--players", type=int, default=min(max(4, low), high), choices=range(low, high + 1),
                          metavar="N", help=f"{low} to {high} (default %(default)s)")
        game.add_argument("--seed", type=int, default=0, help="the same seed plays the same game")
        for option in engine.simulate_options:
            game.add_argument("--" + option.name.replace("_", "-"), dest=option.name, action="store_true",
                              help=option.help)
    return top


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None, *,
         among: Sequence[Engine] | None = None, prog: str = "card-replay") -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    if among is None:
        among = tuple(registry.engines().values())
        for plugin in registry.broken():
            err.write(f'{prog}: warning: the game plugin "{plugin.name}" ({plugin.target}) could not be loaded '
                      f"and is skipped: {plugin.problem}\n")
    among = tuple(among)
    args = parser(among, prog).parse_args(argv)
    if args.command == "validate":
        return run_validate(args.paths, args.json, out, err, max(1, args.jobs), among)
    engine = next(engine for engine in among if engine.id == args.game)
    options = {option.name: getattr(args, option.name) for option in engine.simulate_options}
    log = engine.simulate(args.players, args.seed, **options)
    out.write(json.dumps(log, ensure_ascii=False) + "\n")
    return OK


if __name__ == "__main__":
    sys.exit(main())

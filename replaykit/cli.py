"""``card-replay``: the one command line for every installed game.

``card-replay validate PATH… [--json] [--jobs N | --scheduler ADDRESS]`` validates each log by the engine
its ``game`` names (a log naming no installed game gets one ``schema`` finding at ``/game``);
``card-replay simulate GAME`` prints a random legal log; ``card-replay analyse LOG`` is the computer analysis
of one log (``replaykit.analyse_cli``). Exit status of ``validate``: 0 when every log is valid, 1 when some
log is invalid, 2 when some input could not be read as JSON at all (a file of one log, or an archive's line,
over 16 MiB is not read further: ``checking.MAX_FILE_BYTES``) or an archive holds no log (2 wins over
1; argparse's own 2 for a command line it cannot read comes before any input is read), 3 when the run could
not finish (the Dask cluster failed, or one of the ``--jobs`` processes died), 130 on Ctrl-C; any command
ends quietly with 141 when its output is closed early (``| head``). A ``.jsonl`` (or ``.ndjson``,
``.jsonlines``, in any case) path holds one log per line, each an input of its own, read as a stream so an
archive of any size runs in constant memory; a path with ``*``, ``?`` or ``[`` is a glob, expanded in sorted
order. ``--jobs N`` checks on N processes of this machine (``replaykit.pieces``), ``--scheduler`` hands the work
to a Dask cluster (``replaykit.cluster``); the reports are the same, in the same order.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import glob
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import TextIO

from replaykit import analyse_cli, pieces, registry
from replaykit.checking import INVALID, OK, PIECE_SIZE, UNREADABLE, Tally, check, inputs, is_archive, printable, results
from replaykit.engine import Engine

STOPPED = 3  # the run could not finish: the Dask cluster failed, or a worker process died
INTERRUPTED = 130  # Ctrl-C, as a shell reports a command that SIGINT ended
CLOSED = 141  # the output was closed before the end, as a shell reports a command that SIGPIPE ended
SCHEDULER_VARIABLE = "DASK_SCHEDULER_ADDRESS"  # Dask's own name for it: its Client reads it too


def expand(paths: Iterable[str]) -> list[str]:
    """The paths with globs expanded in sorted order; a glob that matches nothing stays as it is (and then
    cannot be opened), as a shell leaves it, and so does a file whose very name has ``*``, ``?`` or ``[``.
    URLs (``scheme://``) are left to whoever opens them."""
    found = []
    for path in paths:
        wild = "://" not in path and any(sign in path for sign in "*?[") and not os.path.exists(path)
        matches = sorted(glob.glob(path)) if wild else []
        found += matches or [path]
    return found


class Progress:
    """A progress bar on a terminal's standard error for long runs (by bytes read, when the inputs are
    files), with logs done and the rate, and a summary at the end; silent when standard error is not a
    terminal, except for the summary of a run that was ``always_summed`` (a cluster's)."""

    WIDTH = 24

    def __init__(self, err: TextIO, total_bytes: int, always_summed: bool = False) -> None:
        self.err, self.total = err, total_bytes
        self.count = self.done = 0
        self.counts = [0, 0, 0]
        self.start, self.shown = time.monotonic(), 0.0
        self.live = hasattr(err, "isatty") and err.isatty()
        self.summed = self.live or always_summed

    def step(self, counts: Tally, size: int) -> None:
        for status, count in enumerate(counts):
            self.counts[status] += count
        self.count += sum(counts)
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

    def stop(self, cause: str) -> None:
        """End a run that could not finish, saying why."""
        bar_ended = "\n" if self.live and self.shown else ""
        self.err.write(f"{bar_ended}Stopped after {self.count:,} logs: {cause}.\n")

    def close(self) -> None:
        if self.live and self.shown:
            self.err.write("\n")
        if self.summed:
            seconds = time.monotonic() - self.start
            valid, invalid, unreadable = self.counts
            self.err.write(f"Checked {self.count:,} logs in {seconds:.1f} s ({self.count / max(seconds, 1e-9):,.0f} "
                           f"per second): {valid:,} valid, {invalid:,} invalid, {unreadable:,} unreadable.\n")


def _size(path: str) -> int:
    try:
        return os.path.getsize(path) if path != "-" else 0
    except OSError:
        return 0


def write(batches: Iterable[pieces.Answer], progress: Progress, out: TextIO, err: TextIO) -> int:
    """Write the answers in the order given (copied from their file when a worker stored them); the worst
    exit status."""
    status = OK
    encoding = pieces.encoding_of(out)
    for code, text, problems, counts, size in batches:
        progress.step(counts, size)
        status = max(status, code)
        for problem in problems:
            err.write(problem + "\n")
        if isinstance(text, pieces.Stored):
            pieces.copy(text, out, encoding)
        else:
            out.write(text)
    return status


def local_batches(paths: list[str], as_json: bool, jobs: int, among: Sequence[Engine] | None,
                  piece_size: int, out: TextIO) -> Iterator[pieces.Answer]:
    if jobs > 1:
        # One set of workers for the whole run: starting them costs far more than validating a small file.
        yield from pieces.batches(paths, as_json, jobs, among, piece_size, out)
        return
    work = functools.partial(check, as_json=as_json, among=among)
    for path in paths:
        yield from results(inputs(path), work)


def holds_no_log(path: str) -> bool:
    """Whether ``path`` is an archive file with nothing but blank lines: a broken export, said as such rather
    than passing as an archive whose every log is valid. Read only up to its first other byte."""
    if not is_archive(path) or not os.path.isfile(path):
        return False
    with open(path, "rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 16), b""):
            if chunk.strip():
                return False
    return True


def run_validate(paths: list[str], as_json: bool, out: TextIO, err: TextIO, jobs: int = 1,
                 among: Sequence[Engine] | None = None, scheduler: str | None = None,
                 piece_size: int = PIECE_SIZE) -> int:
    paths = expand(paths)
    empty = [path for path in paths if holds_no_log(path)]
    for path in empty:
        err.write(printable(f"{path}: the archive holds no log (it is empty or only blank lines)\n"))
    paths = [path for path in paths if path not in empty]
    status = _validated(paths, as_json, out, err, jobs, among, scheduler, piece_size)
    return max(status, UNREADABLE) if empty and status in (OK, INVALID) else status


def _validated(paths: list[str], as_json: bool, out: TextIO, err: TextIO, jobs: int,
               among: Sequence[Engine] | None, scheduler: str | None, piece_size: int) -> int:
    if not scheduler:
        progress = Progress(err, sum(_size(path) for path in paths))
        # Closed here, not when collected, so that the workers are stopped before the message is written.
        with contextlib.closing(local_batches(paths, as_json, jobs, among, piece_size, out)) as batches:
            try:
                status = write(batches, progress, out, err)
            except (KeyboardInterrupt, pieces.WorkerDied) as error:
                batches.close()
                progress.stop("interrupted" if isinstance(error, KeyboardInterrupt) else str(error))
                return INTERRUPTED if isinstance(error, KeyboardInterrupt) else STOPPED
        progress.close()
        return status
    from replaykit import cluster  # Dask is needed only here, and imported only then

    try:
        with cluster.Run(scheduler, paths, as_json, among, piece_size) as run:
            progress = Progress(err, run.total_bytes, always_summed=True)
            status = write(run.batches(), progress, out, err)
            progress.close()
    except cluster.ClusterError as error:
        err.write(f"{error}\n")
        return STOPPED
    return status


def positive(text: str) -> int:
    """A count of at least 1 (``--jobs 0`` once ran on one process without a word)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is fewer than 1")
    return value


def parser(among: Sequence[Engine], prog: str) -> argparse.ArgumentParser:
    names = ", ".join(engine.name for engine in among)
    top = argparse.ArgumentParser(prog=prog, description=f"Validate card game logs against the rules ({names}).")
    commands = top.add_subparsers(dest="command", required=True)
    check_parser = commands.add_parser("validate", help="validate logs (a .jsonl path holds one log per line)")
    check_parser.add_argument("paths", nargs="+", metavar="PATH", help="a log file, a .jsonl archive, or - for stdin")
    check_parser.add_argument("--json", action="store_true", help="print one JSON report per input, one per line")
    where = check_parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=positive, default=None, metavar="N", help="validate on N processes (default 1)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help=f"validate on the Dask cluster of this scheduler, e.g. tcp://10.0.0.5:8786 (default: "
                            f"${SCHEDULER_VARIABLE} when --jobs is not given; none: this machine)")
    check_parser.add_argument("--piece-size", type=positive, default=PIECE_SIZE, metavar="BYTES",
                              help="bytes of a .jsonl archive handed to a process or worker at a time "
                                   "(default %(default)s)")
    analyse_cli.add_parser(commands)
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
    try:
        status = run_command(args, among, out, err)
        out.flush()  # a closed pipe is met here, not in Python's own flush at exit
        return status
    except BrokenPipeError:  # the reader has what it wanted (`| head`); the --jobs workers are stopped by now
        with contextlib.suppress(OSError, ValueError):  # Python flushes at exit: into nothing, not a second error
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        return CLOSED


def run_command(args: argparse.Namespace, among: Sequence[Engine], out: TextIO, err: TextIO) -> int:
    if args.command == "validate":
        scheduler = args.scheduler or (os.environ.get(SCHEDULER_VARIABLE) if args.jobs is None else None)
        return run_validate(args.paths, args.json, out, err, max(1, args.jobs or 1), among, scheduler,
                            max(1, args.piece_size))
    if args.command == "analyse":
        return analyse_cli.run(args, among, out, err, sys.stdin)
    engine = next(engine for engine in among if engine.id == args.game)
    options = {option.name: getattr(args, option.name) for option in engine.simulate_options}
    log = engine.simulate(args.players, args.seed, **options)
    out.write(json.dumps(log, ensure_ascii=False) + "\n")
    return OK


if __name__ == "__main__":
    sys.exit(main())

"""``validate --jobs N`` on this machine: the inputs cut into pieces, checked by N worker processes that each
write a piece's answers into a file of their own, which the parent copies to standard output in order.

Validation costs about 100 µs a log, so what a second process gains is easily lost around it: a pool
pickling every answer through a pipe, the parent decoding and writing it, its helper threads, a fresh file
(pages allocated, then freed) for every piece. Here the parent only cuts the work (line-aligned byte ranges
of a ``.jsonl`` file, found by reading it once without parsing; runs of whole files up to a piece's size),
hands each worker a few pieces ahead, and gets back each piece's counts and messages. The answers travel
as bytes in ``SLOTS`` temporary files per worker (unnamed once both ends have them open), written over
again and again so that their pages stay allocated, which the parent copies out with ``os.sendfile`` (the
bytes never enter it). A worker gets a piece only into a free slot, so memory and disk stay flat on an
archive of any size; the last pieces of an archive are smaller, so that the workers finish together. An
input that is not a regular file (``-`` for standard input, a path that cannot be opened) is checked by
the parent itself, in its place in the order.

Workers are forked, so they start with everything the parent has imported; they ignore Ctrl-C, which the
parent handles by stopping them. A worker that dies (killed, out of memory) raises ``WorkerDied`` naming
the piece it had in hand; one log's errors never stop a worker, since ``checking.check`` answers any input.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import gc
import itertools
import multiprocessing
import os
import signal
import tempfile
import threading
from collections.abc import Iterable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import NamedTuple, TextIO

from replaykit.checking import Item, Tally, archive_items, check, check_into, inputs, is_archive, results, skip_line
from replaykit.engine import Engine

DEPTH = 2  # pieces a worker holds at once: it starts the next as soon as it sends an answer
SLOTS = DEPTH + 2  # answer files of a worker: finished pieces wait in them for their turn
TAIL = 4  # an archive's pieces are at most 1/(TAIL × workers) of what is left of it
Lines = tuple[str, int, int, int]  # a .jsonl file, the byte offset and length of a piece, its first line number
Task = Lines | tuple[str, ...]  # or the paths of a run of whole files


class Stored(NamedTuple):
    """A piece's answers, as bytes at the start of the open file ``fd``."""

    fd: int
    length: int


Answer = tuple[int, str | Stored, list[str], Tally, int]  # a Batch, or one whose answers are Stored


class WorkerDied(Exception):
    """A worker process ended before answering."""


def lines(path: str, size: int, parts: int = 0) -> Iterator[Lines]:
    """Line-aligned pieces of the archive ``path``: (path, start, length, first line). A piece ends at the
    last line end within its first ``size`` bytes, or when they hold none, at the first one after them (or
    at the end of the file). With ``parts``, ``size`` is at most 1/``parts`` of what is left of the file,
    down to 1/16 of itself: the last pieces are small, so that the processes finish together."""
    left = os.path.getsize(path) if parts else 0
    start, line = 0, 1
    with open(path, "rb") as stream:
        while True:
            want = min(size, max(size // 16, (left - start) // parts)) if parts else size
            block = stream.read(max(1, want))
            if not block:
                return
            end = block.rfind(b"\n") + 1
            newlines = block.count(b"\n", 0, end)
            if not end:  # the piece is the line begun, however long: passed over, not held
                passed, ended = skip_line(stream)
                end, newlines = len(block) + passed, int(ended)
            yield path, start, end, line
            start, line = start + end, line + newlines
            stream.seek(start)  # back over the start of the next line, read already


def grouped(paths: Iterable[str], size: int, parts: int = 0) -> Iterator[tuple[Task | None, str]]:
    """Each piece of the paths with what it is (for a message); ``None`` for a path the parent checks itself.
    Consecutive whole files are joined until they add up to ``size`` bytes: one round trip for many logs."""
    run: list[str] = []
    total = 0
    for path in paths:
        if os.path.isfile(path) and not is_archive(path):
            run.append(path)
            total += os.path.getsize(path)
            if total >= size:
                yield tuple(run), run[0]
                run, total = [], 0
            continue
        if run:
            yield tuple(run), run[0]
            run, total = [], 0
        if os.path.isfile(path) and os.access(path, os.R_OK):
            yield from ((piece, f"{path} from line {piece[3]}") for piece in lines(path, size, parts))
        else:  # the parent's reading says what is wrong, in the same words as one process
            yield None, path
    if run:
        yield tuple(run), run[0]


def items(task: Task) -> Iterator[Item]:
    """The inputs of one piece, as ``checking.inputs`` gives them."""
    if len(task) == 4 and isinstance(task[1], int):
        path, start, length, first_line = task
        with open(path, "rb") as stream:
            stream.seek(start)
            yield from archive_items(path, stream, first_line, length)
    else:
        for path in task:
            yield from inputs(path)  # type: ignore[arg-type]


def serve(conn: Connection, slots: list[str], as_json: bool, among: Sequence[Engine] | None,
          encoding: tuple[str, str], parent: int) -> None:
    """A worker's loop: receive (number, slot, task), write the answers at the start of ``slots[slot]``,
    send back their length and the rest. It ends on ``None``, or when the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    files = [os.open(path, os.O_WRONLY) for path in slots]
    for path in slots:
        os.unlink(path)  # the parent has them open too: no file is left behind, however the run ends
    while True:
        while not conn.poll(1.0):
            if os.getppid() != parent:
                return
        message = conn.recv()
        if message is None:
            return
        number, slot, task = message
        os.lseek(files[slot], 0, os.SEEK_SET)  # over the last answers: only ``length`` bytes of it count
        with open(files[slot], "w", encoding=encoding[0], errors=encoding[1], newline="", closefd=False) as out:
            status, _text, problems, counts, size = check_into(items(task), out, as_json, among)
        conn.send((number, slot, os.lseek(files[slot], 0, os.SEEK_CUR), status, problems, counts, size))


def copy(stored: Stored, out: TextIO, encoding: tuple[str, str]) -> None:
    """Write stored answers to ``out``: by ``os.sendfile`` when there is a file under ``out`` that it can
    write to, else decoded as they were encoded (io.StringIO and the like)."""
    out.flush()
    try:
        target: int | None = out.fileno()
    except (AttributeError, OSError, ValueError):
        target = None
    sent = 0
    while target is not None and sent < stored.length:
        try:
            sent += os.sendfile(target, stored.fd, sent, stored.length - sent)
        except OSError as error:
            if sent or error.errno not in (errno.EINVAL, errno.ENOSYS):  # a closed pipe stops the run as ever
                raise
            target = None
    if target is None:
        out.write(os.pread(stored.fd, stored.length, 0).decode(*encoding))


def encoding_of(out: TextIO) -> tuple[str, str]:
    """How answers are encoded for ``out``: as ``out`` would encode them; a stream of text without an
    encoding (io.StringIO) gets them back exactly."""
    encoding = getattr(out, "encoding", None)
    return (encoding, getattr(out, "errors", None) or "strict") if encoding else ("utf-8", "surrogatepass")


class Worker:
    def __init__(self, context: multiprocessing.context.BaseContext, as_json: bool,
                 among: Sequence[Engine] | None, encoding: tuple[str, str]) -> None:
        self.conn, theirs = context.Pipe()
        made = [tempfile.mkstemp(prefix="card-replay-") for _ in range(SLOTS)]
        self.slots = [fd for fd, _path in made]
        self.paths = [path for _fd, path in made]
        self.free = list(range(SLOTS))
        self.process = context.Process(target=serve, daemon=True,
                                       args=(theirs, self.paths, as_json, among, encoding, os.getpid()))
        self.process.start()
        theirs.close()
        self.held: dict[int, str] = {}  # number → what the piece is, for the message if the worker dies


class Workers:
    """``jobs`` worker processes for one run, a context manager: leaving it stops them and closes their
    files, also on Ctrl-C or an error."""

    def __init__(self, jobs: int, as_json: bool, among: Sequence[Engine] | None, out: TextIO) -> None:
        # Forking copies the parent as it is, nothing imported again; only safe with no other thread running.
        fork = threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if fork else None)
        gc.freeze()  # the workers' collectors then leave alone the objects they share with the parent
        self.workers = [Worker(context, as_json, among, encoding_of(out)) for _ in range(jobs)]
        gc.unfreeze()

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        for worker in self.workers:
            with contextlib.suppress(OSError):  # it may be gone already
                worker.conn.send(None)
            if exc[0] is not None:
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join()
            worker.conn.close()
            for slot, path in zip(worker.slots, worker.paths, strict=True):
                os.close(slot)
                with contextlib.suppress(FileNotFoundError):  # a worker that died before it removed them
                    os.unlink(path)

    def answers(self, tasks: Iterator[tuple[Task | None, str]]) -> Iterator[Answer]:
        """The answers of the tasks, in their order, as the workers give them."""
        done: dict[int, tuple[Worker, int, Answer]] = {}
        sent = given = 0
        more = True
        while more or given < sent:
            for worker in self.workers:
                while more and len(worker.held) < DEPTH and worker.free:
                    task = next(tasks, None)
                    if task is None:
                        more = False
                        break
                    worker.held[sent] = task[1]
                    try:
                        worker.conn.send((sent, worker.free[-1], task[0]))
                    except OSError:  # its end of the pipe closed: it died
                        raise died(worker) from None
                    worker.free.pop()
                    sent += 1
            while given in done:
                worker, slot, batch = done.pop(given)
                yield batch
                worker.free.append(slot)  # copied out by now: the consumer handled the answer before coming back
                given += 1
            if given < sent:
                self.receive(done)

    def receive(self, done: dict[int, tuple[Worker, int, Answer]]) -> None:
        ready = wait([worker.conn for worker in self.workers] + [worker.process.sentinel for worker in self.workers])
        for worker in self.workers:
            if worker.conn in ready or worker.conn.poll():
                try:
                    number, slot, length, status, problems, counts, size = worker.conn.recv()
                except (EOFError, OSError):  # its end of the pipe closed: it died
                    raise died(worker) from None
                del worker.held[number]
                done[number] = (worker, slot, (status, Stored(worker.slots[slot], length), problems, counts, size))
            elif worker.process.sentinel in ready:
                raise died(worker)


def died(worker: Worker) -> WorkerDied:
    worker.process.join()
    what = next(iter(worker.held.values()), "no piece")
    code = worker.process.exitcode or 0
    how = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
    return WorkerDied(f"a worker process ended unexpectedly ({how}) while checking {what}")


def batches(paths: Iterable[str], as_json: bool, jobs: int, among: Sequence[Engine] | None, size: int,
            out: TextIO) -> Iterator[Answer]:
    """The answers of every input of the paths in order, checked on ``jobs`` processes (``copy`` writes
    those that are ``Stored``)."""
    work = functools.partial(check, as_json=as_json, among=among)
    with Workers(jobs, as_json, among, out) as workers:
        for by_parent, run in itertools.groupby(grouped(paths, size, TAIL * jobs), key=lambda task: task[0] is None):
            if by_parent:
                for _none, path in run:
                    yield from results(inputs(path), work)
            else:
                yield from workers.answers(run)

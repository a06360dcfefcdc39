"""Validating archives on a Dask cluster: ``card-replay validate --scheduler tcp://HOST:8786 PATH…``.

For archives too big for one machine's processes. The client only plans and writes: it splits each
``.jsonl`` archive into byte ranges of ``piece_size`` and hands out (location, start, length); each worker
opens the file itself (a path every worker sees at the same place, or an fsspec URL such as
``s3://bucket/logs/*.jsonl``), reads the lines that *begin* in its range, validates them and sends back
only the rendered reports. A line belongs to the piece its first byte falls in, as in Dask's own
``read_bytes``, so no line is read twice or missed, and no piece needs its neighbour.

Report labels carry line numbers (``archive.jsonl:1234``), which a piece cannot know alone: a first, cheap
pass counts the newlines of every range on the workers, and the prefix sums give each piece its first line.
Reports come back in the order of the single-process run: pieces are submitted in order, at most
``window`` at a time, and written as the oldest one finishes.

A worker that dies takes its running and finished-but-unfetched pieces with it; the scheduler runs them
again elsewhere. The client writes each piece once, when it fetches it, so nothing is reported twice or
lost. Dask (``distributed``, which brings ``fsspec``) is imported only when a run starts: the rest of the
core stays standard library only.
"""

from __future__ import annotations

import io
import os
import uuid
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass
from typing import IO

from replaykit import checking, registry
from replaykit.engine import Engine

URL = "://"
CONNECT_SECONDS = 20


class ClusterError(Exception):
    """The cluster could not finish the run; ``str()`` says why, for standard error."""


class WorkerCannotRead(Exception):
    """Raised on a worker that cannot read an input the client found: a deployment problem (the path is not
    shared), which ends the run rather than being reported as a log."""

    @classmethod
    def of(cls, piece: Piece, error: OSError) -> WorkerCannotRead:
        why = error.strerror or f"{error.__class__.__name__}: {error}"
        return cls(f"{piece.label}: a worker cannot read it ({why}). Every worker must see "
                   "each path at the same place (a shared file system), or name the file by URL.")


@dataclass(frozen=True)
class Piece:
    """A byte range of one input for one worker: ``location`` is what the worker opens (an absolute path
    or a URL), ``label`` what the reports call the input (the path as given). ``whole``: a lone log file,
    read in one piece, rather than a range of an archive."""

    location: str
    label: str
    start: int
    length: int
    whole: bool = False


def open_binary(location: str) -> IO[bytes]:
    if URL in location:
        import fsspec
        from fsspec.spec import AbstractBufferedFile

        stream = fsspec.open(location, "rb").open()
        # A remote file of fsspec reads a line only whole (its readline takes no limit); buffered by io, an
        # archive's line is read within its bound.
        return io.BufferedReader(stream) if isinstance(stream, AbstractBufferedFile) else stream
    return open(location, "rb")


def count_newlines(piece: Piece) -> int:
    """Newlines in the piece's byte range (a worker's first pass)."""
    count, remaining = 0, piece.length
    try:
        with open_binary(piece.location) as stream:
            stream.seek(piece.start)
            while remaining > 0 and (block := stream.read(min(remaining, 1 << 22))):
                count += block.count(b"\n")
                remaining -= len(block)
    except OSError as error:
        raise WorkerCannotRead.of(piece, error) from None
    return count


def lines_in(stream: IO[bytes], piece: Piece, first_line: int) -> Iterator[checking.Item]:
    """The logs of the lines that begin in the piece's range; ``first_line`` is the number of the first line that
    begins at or after ``piece.start``, counted as if the range started on a line of its own. The rest of a line
    begun before the range is passed over unread, up to the range's end: a line of gigabytes is scanned once in
    all, not once by every piece it spans."""
    if piece.start > 0:
        stream.seek(piece.start - 1)
        if stream.read(1) != b"\n":  # mid-line: that line belongs to the piece before
            _passed, ended = checking.skip_line(stream, piece.length)
            if not ended:
                return  # no line begins in the range
            first_line += 1
    begun = stream.tell() - piece.start
    yield from checking.archive_items(piece.label, stream, first_line, piece.length - begun)


def check_piece(piece: Piece, first_line: int, as_json: bool, engine_ids: Sequence[str]) -> checking.Batch:
    """Validate one piece on a worker (``lines_in``); its size in the batch is its range's."""
    installed = registry.engines()
    missing = [name for name in engine_ids if name not in installed]
    if missing:
        raise RuntimeError(f"This worker has no engine for {', '.join(missing)}: install card-replay with the "
                           "same games on every worker.")
    among = tuple(installed[name] for name in engine_ids)
    try:
        with open_binary(piece.location) as stream:
            if piece.whole:
                raw = stream.read(checking.MAX_FILE_BYTES + 1)
                code, text, message = checking.check(checking.one_log(piece.label, raw), as_json, among)
                return code, text, [] if message is None else [message], checking.tally(code), len(raw)
            status, text, problems, counts, _read = checking.check_lines(lines_in(stream, piece, first_line),
                                                                         as_json, among)
            return status, text, problems, counts, piece.length
    except OSError as error:
        raise WorkerCannotRead.of(piece, error) from None


def plan(paths: Sequence[str], piece_size: int) -> list[Piece | checking.Item]:
    """What to check, in order: pieces for the workers, and the items the client answers itself
    (standard input, and inputs that cannot be opened: their answer is the single-process run's)."""
    planned: list[Piece | checking.Item] = []
    for path in paths:
        if path == "-":
            planned += checking.inputs(path)
            continue
        try:
            sources = _urls(path) if URL in path else [(os.path.abspath(path), path, _local_size(path))]
        except OSError as error:
            planned.append((path, None, checking.cannot_open(error)))
            continue
        for location, label, size in sources:
            if not checking.is_archive(label):
                planned.append(Piece(location, label, 0, size, whole=True))
            else:
                planned += [Piece(location, label, start, min(piece_size, size - start))
                            for start in range(0, size, piece_size)]
    return planned


def _local_size(path: str) -> int:
    """The size of a file, opened as the single-process run opens it, so a failure has its message."""
    with open(path, "rb") as stream:
        return os.fstat(stream.fileno()).st_size


def _urls(url: str) -> list[tuple[str, str, int]]:
    """(location, label, size) of each file an fsspec URL (or URL glob) names, in sorted order."""
    import fsspec

    try:
        fs, _token, found = fsspec.core.get_fs_token_paths(url, mode="rb", expand=False)
    except (ImportError, ValueError) as error:  # a protocol fsspec does not know, or whose package is missing
        raise ClusterError(f"Cannot read {url}: {error}") from None
    if not any(sign in url for sign in "*?["):
        return [(url, url, fs.size(found[0]))]  # named as the user named it
    matches = sorted(fs.glob(found[0]))
    if not matches:
        raise FileNotFoundError(2, "No such file or directory", url)
    return [(fs.unstrip_protocol(path), fs.unstrip_protocol(path), fs.size(path)) for path in matches]


class Done:
    """A finished answer the client computed itself, in the same queue as the workers' futures."""

    def __init__(self, batch: checking.Batch) -> None:
        self.batch = batch

    def result(self) -> checking.Batch:
        return self.batch


class Run:
    """One validation run on the cluster of ``scheduler``: ``with Run(…) as run: run.batches()``."""

    def __init__(self, scheduler: str, paths: Sequence[str], as_json: bool, among: Sequence[Engine] | None,
                 piece_size: int = checking.PIECE_SIZE) -> None:
        self.scheduler, self.as_json, self.among = scheduler, as_json, among
        self.engine_ids = [engine.id for engine in (among if among is not None else registry.engines().values())]
        self.planned = plan(paths, piece_size)
        self.total_bytes = sum(step.length for step in self.planned if isinstance(step, Piece))
        self.name = uuid.uuid4().hex[:12]  # task keys of this run, distinct from any other client's
        self.client = None

    def __enter__(self) -> Run:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterError("--scheduler needs Dask: pip install 'card-replay[dask]'.") from None
        try:
            self.client = Client(self.scheduler, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError) as error:
            raise ClusterError(f"Cannot reach the Dask scheduler at {self.scheduler}: {error}") from None
        return self

    def __exit__(self, *_: object) -> None:
        if self.client is not None:
            self.client.close()

    def window(self) -> int:
        """Pieces in flight at once: enough to keep every worker thread busy while the oldest is awaited,
        few enough that finished answers waiting their turn stay small."""
        return max(16, 4 * sum(self.client.nthreads().values()))

    def fetch(self, answer: Done, label: str) -> checking.Batch:
        """The answer of a Dask future (or of a ``Done``); a failure on a worker ends the run with a message
        naming the input."""
        from distributed import KilledWorker

        try:
            return answer.result()
        except WorkerCannotRead as error:
            raise ClusterError(str(error)) from None
        except KilledWorker as error:
            raise ClusterError(f"{label}: the cluster gave up on a piece that killed its workers again and again "
                               f"({error}).") from None
        except (OSError, CancelledError) as error:
            raise ClusterError(f"The Dask cluster at {self.scheduler} failed: {error}") from None
        except Exception as error:  # raised on a worker: its message is all there is to tell
            raise ClusterError(f"{label}: a worker failed: {error.__class__.__name__}: {error}") from None

    def first_lines(self) -> dict[int, int]:
        """The first line number of each archive piece (by its place in the plan), from the workers' counts."""
        ranges = [(index, step) for index, step in enumerate(self.planned) if isinstance(step, Piece)
                  and not step.whole]
        futures = self.client.map(count_newlines, [step for _, step in ranges],
                                  key=[f"count-{self.name}-{index}" for index, _ in ranges])
        counts = [self.fetch(future, step.label) for future, (_, step) in zip(futures, ranges, strict=True)]
        first, lines = {}, 1
        for (index, step), count in zip(ranges, counts, strict=True):
            lines = 1 if step.start == 0 else lines  # an archive's pieces follow one another from its start
            first[index] = lines
            lines += count
        return first

    def batches(self) -> Iterator[checking.Batch]:
        first = self.first_lines()
        window = self.window()
        waiting: deque[tuple[Done, str]] = deque()
        for index, step in enumerate(self.planned):
            if isinstance(step, Piece):
                future = self.client.submit(check_piece, step, first.get(index, 1), self.as_json, self.engine_ids,
                                            key=f"check-{self.name}-{index}")
                waiting.append((future, step.label))
            else:
                waiting.append((Done(next(checking.results([step], self._check_here))), step[0]))
            while len(waiting) > window:
                yield self.fetch(*waiting.popleft())
        while waiting:
            yield self.fetch(*waiting.popleft())

    def _check_here(self, item: checking.Item) -> checking.Outcome:
        return checking.check(item, self.as_json, self.among)

"""Timing helpers: the best of several repeats, which is what noise on a shared machine leaves intact; a
module's ``measure()`` run in a child process on the compiled modules or on their source."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from replaykit import native


@contextmanager
def settled_heap() -> Iterator[None]:
    """Objects made by earlier sections kept out of the collector's reach while a section times its runs, as
    in a fresh process: otherwise a full collection walks the benchmark's whole heap during whichever run it
    falls in, and a run that pauses the collector (a validation) escapes what the other (json.loads) pays.
    What an earlier section froze for good (``benchmarks.web.bench_app``, as a gunicorn worker freezes its app)
    stays frozen: ``gc.unfreeze`` cannot tell those objects from these, so it runs only if nothing was."""
    frozen_before = gc.get_freeze_count()
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        if not frozen_before:
            gc.unfreeze()


def best_of(function: Callable[[], object], number: int, repeat: int = 5) -> float:
    """Seconds per call: the fastest of ``repeat`` runs of ``number`` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def table(title: str, header: list[str], rows: list[list[object]]) -> str:
    """A plain text table; numbers are formatted by the caller."""
    cells = [header] + [[str(cell) for cell in row] for row in rows]
    widths = [max(len(row[column]) for row in cells) for column in range(len(header))]
    lines = [title, "  ".join(name.ljust(width) for name, width in zip(header, widths, strict=True))]
    lines.append("  ".join("-" * width for width in widths))
    lines += ["  ".join([row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:],
                                                                                           strict=True)])
              for row in cells[1:]]
    return "\n".join(lines)


def measured_in_child(module: str, pure: bool) -> dict:
    """``module.measure()`` (JSON-ready) run in a fresh process, on the compiled modules or, with ``pure``,
    under ``CARD_REPLAY_PURE=1``: which is used is settled when a process imports them."""
    env = {key: value for key, value in os.environ.items() if key != native.PURE}
    if pure:
        env[native.PURE] = "1"
    code = f"import json; from {module} import measure; print(json.dumps(measure()))"
    done = subprocess.run([sys.executable, "-c", code], cwd=native.ROOT, env=env, capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)

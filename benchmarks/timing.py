"""Timing helpers: the best of several repeats, which is what noise on a shared machine leaves intact."""

from __future__ import annotations

import time
from collections.abc import Callable


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

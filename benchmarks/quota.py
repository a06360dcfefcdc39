"""What the storage quota costs an upload as one client's store grows: the check before any work
(``Repository.usage``, which ``api.quota.ensure_room`` calls) and the upload's own transaction with its
quota check (``Repository.add``), against an SQLite file holding 0, 1,000 and 4,000 games of that client,
each with its results and four page lists. Time that grows with the games held would be paid by every
upload. ``python -m benchmarks.quota`` prints this section alone.
"""

from __future__ import annotations

import functools
import os
import tempfile

from benchmarks.timing import best_of, table

CLIENT = "one-client"
RESULT = ("v1", b"r" * 3000, b"s" * 5000)
LISTINGS = ("v1", {(0, language): b"l" * 2000 for language in ("en", "it", "pl", "de")})


def fill(repository, games: int) -> None:
    for _ in range(games):
        repository.add(b"x" * 1500, "david-goliath", True, client=CLIENT, result=RESULT, listings=LISTINGS)


def per_upload(sizes: tuple[int, ...] = (0, 1_000, 4_000)) -> str:
    from api.storage import Repository

    rows = []
    for size in sizes:
        folder = tempfile.mkdtemp()
        repository = Repository(f"sqlite:///{folder}/games.sqlite3")
        repository.create_schema()
        fill(repository, size)
        check = best_of(functools.partial(repository.usage, CLIENT), 20)
        upload = best_of(functools.partial(repository.add, b"x" * 1500, "david-goliath", True, client=CLIENT,
                                           quota=1 << 40, result=RESULT, listings=LISTINGS), 10)
        rows.append([f"{size:,}", f"{check * 1000:.2f}", f"{upload * 1000:.2f}"])
        repository.dispose()
    load = os.getloadavg()[0]
    return table(f"Storage quota per upload, one client's games held (load average {load:.1f})",
                 ["games held", "usage ms", "add with quota ms"], rows)


if __name__ == "__main__":
    print(per_upload())

"""What a game page makes of its moments, made once per game and language, then kept: the list of moments
(its adapter's partial, rendered), the steps' ids in order and the game's key moments.

A page lists every play of its game, and for a long session rendering that list and stepping through its
moments is most of a page's server time (section 4 of ``make bench`` times first and later views). All of it
depends only on the report shown and the reader's language, so a verdict that says which results it holds
(``Verdict.key``: a stored game's id and results version, a sample's name) has it made once per part and
language, and each process keeps what it made last, up to ``MAX_BYTES`` in all (the memory of the list's
HTML and of the ids). A verdict with no key (a log validated but not stored) is made afresh every time.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable

from flask import render_template
from markupsafe import Markup

from api import i18n
from api.adapters import Adapter

# A real game's list is 20–100 KB of HTML; 32 MiB keeps a few hundred pages per process.
MAX_BYTES = 32 * 1024 * 1024


class Kept:
    """The latest pages' moments, least recently used first out, within a byte budget."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._kept: OrderedDict[tuple, tuple[int, dict]] = OrderedDict()
        self._lock = threading.Lock()  # gevent patches it into a greenlet lock in the service's workers

    def get(self, key: tuple, make: Callable[[], dict]) -> dict:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found[1]
        made = make()
        # the strings' own memory: a name with an emoji makes a whole list four bytes a character
        size = sys.getsizeof(made["listing"] or "") + sum(sys.getsizeof(step) for step in made["ids"])
        if size > self.max_bytes:
            return made
        with self._lock:
            if key not in self._kept:
                self._kept[key] = (size, made)
                self.size += size
            while self.size > self.max_bytes:
                _key, (dropped, _made) = self._kept.popitem(last=False)
                self.size -= dropped
        return made

    def __len__(self) -> int:
        return len(self._kept)


KEPT = Kept(MAX_BYTES)


def moments(key: str | None, number: int | None, adapter: Adapter, report: dict,
            timeline: Callable[[], dict]) -> dict:
    """``{"listing": the partial rendered (None without one), "ids": the steps' ids in order, "key_moments":
    the adapter's}`` for this page, made now (from ``timeline()``, the report's moments) or kept."""

    def make() -> dict:
        moments = timeline()
        listing = Markup(render_template(adapter.partial, timeline=moments)) if adapter.partial else None
        return {"listing": listing, "ids": [step["id"] for step in adapter.steps(moments)],
                "key_moments": adapter.key_moments(report, moments)}

    if key is None:
        return make()
    return KEPT.get((key, number, i18n.language()), make)

"""What a game page makes of its moments, made once per game and language, then kept: the list of moments
(its adapter's partial, rendered), the steps' ids in order, the game's key moments and its charts.

A page lists every play of its game, and for a long session rendering that list and stepping through its
moments is most of a page's server time (section 4 of ``make bench`` times first and later views). All of it
depends only on the report shown, the reader's language and the code that renders it, so:

- a stored game has its lists made at upload, in every language (``in_every_language``), and kept with it
  in the database (``Shelf``: ``stored_listings``, under its results' version and ``renderer()``); a list
  not found there (a part of a match, a game stored by older code) is made by its first view and kept;
- each process keeps what it made or read last (``KEPT``), up to ``MAX_BYTES`` in all (the memory of the
  list's HTML, of the ids and of the charts' JSON), for any verdict that says which results it holds
  (``Verdict.key``: a stored game's id and results version, a sample's name). A verdict with no key (a log
  validated but not stored) is made afresh every time.
"""

from __future__ import annotations

import functools
import hashlib
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Protocol

from flask import render_template
from markupsafe import Markup

import api as web
from api import i18n, storage
from api.adapters import Adapter
from replaykit import registry

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
        size = (sys.getsizeof(made["listing"] or "") + sys.getsizeof(made["figures_json"])
                + sum(sys.getsizeof(step) for step in made["ids"]))
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


class Shelf(Protocol):
    """Where a stored game's lists are kept between processes: by part (0: the whole document's page) and
    language, as ``api.storage.packed`` writes them."""

    def read(self, part: int, language: str) -> bytes | None: ...

    def keep(self, part: int, language: str, body: bytes) -> None: ...


@functools.cache
def renderer() -> str:
    """A digest of what renders a list besides the report: the templates, the catalogues, and the code of
    the web layer and of every game. A deployment that changes any of them renders kept lists again."""
    digest = hashlib.sha256()
    packages = [find_spec(engine.package) for engine in registry.engines().values()]
    roots = [web.resource_dir("templates"), web.resource_dir("translations"), Path(__file__).parent,
             *(Path(next(iter(spec.submodule_search_locations))) for spec in packages if spec is not None)]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".html", ".mo") and path.is_file():
                digest.update(f"{root.name}/{path.relative_to(root)}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def charts(figures: list[dict]) -> dict:
    """A page's charts: ``charts``, what its template places of each (id, label, the figure's height), and
    ``figures_json``, their figures as the page's JSON data block, in the current language."""
    return {"charts": [{**{key: value for key, value in chart.items() if key != "figure"},
                        "height": chart["figure"].get("layout", {}).get("height")} for chart in figures],
            "figures_json": i18n.script_json({chart["id"]: chart["figure"] for chart in figures})}


def worked_out(adapter: Adapter, report: dict, timeline: Callable[[], dict]) -> dict:
    """What a page's lists are made of, said in no language yet (an adapter speaks in Texts): the report's
    moments (``timeline()``), the steps' ids in order, the adapter's key moments and figures."""
    moments = timeline()
    return {"moments": moments, "ids": [step["id"] for step in adapter.steps(moments)],
            "key_moments": adapter.key_moments(report, moments), "figures": adapter.figures(report)}


def said(adapter: Adapter, worked: dict) -> dict:
    """``{"listing": the partial rendered (None without one), "ids", "key_moments", **charts(the figures)}``,
    in the current language."""
    listing = Markup(render_template(adapter.partial, timeline=worked["moments"])) if adapter.partial else None
    return {"listing": listing, "ids": worked["ids"], "key_moments": worked["key_moments"],
            **charts(worked["figures"])}


def unpacked(body: bytes) -> dict:
    moments = storage.unpacked(body)
    return {**moments, "listing": None if moments["listing"] is None else Markup(moments["listing"]),
            "figures_json": Markup(moments["figures_json"])}


def in_every_language(adapter: Adapter, report: dict) -> dict[tuple[int, str], bytes]:
    """A single game's lists in each language the service speaks, packed, as ``Shelf.keep`` takes them."""
    worked = worked_out(adapter, report, lambda: adapter.timeline(report))
    lists = {}
    for language in i18n.LANGUAGES:
        with i18n.speaking(language):
            lists[(0, language)] = storage.packed(said(adapter, worked))
    return lists


def moments(key: str | None, number: int | None, adapter: Adapter, report: dict,
            timeline: Callable[[], dict], shelf: Shelf | None = None) -> dict:
    """What ``said`` gives for this page: kept in this process, else read from ``shelf``, else made now
    (and kept on the shelf)."""
    if key is None:
        return said(adapter, worked_out(adapter, report, timeline))
    language, part = i18n.language(), number or 0

    def make() -> dict:
        body = shelf.read(part, language) if shelf is not None else None
        if body is not None:
            return unpacked(body)
        fresh = said(adapter, worked_out(adapter, report, timeline))
        if shelf is not None:
            shelf.keep(part, language, storage.packed(fresh))
        return fresh

    return KEPT.get((key, number, language), make)

"""Analyses kept per process, by the document they were made from: a sample's page and its moments (two
requests) compute a game's what-if once, and a stored game keeps its own with the record anyway; and the
board's entry of a game whose what-if lists the other choices at each play (Il Grande Dalmuti, Olympi)."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable
from types import ModuleType

from replaykit.engine import Engine
from replaykit.words import Text

KEPT = 64  # analyses kept, the least recently used dropped first
_kept: OrderedDict[tuple[str, str], object] = OrderedDict()


def kept(kind: str, document: object, compute: Callable[[], object]) -> object:
    """``compute()``'s result for ``document``, computed once while it stays among the last ``KEPT``."""
    key = (kind, hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest())
    if key in _kept:
        _kept.move_to_end(key)
        return _kept[key]
    found = compute()
    _kept[key] = found
    while len(_kept) > KEPT:
        _kept.popitem(last=False)
    return found


def other_choices(game: str, analysis: ModuleType, engine: Engine, document: object, report: dict,
                  note: Text) -> dict | None:
    """A game's other choices at each play of a known hand (``analysis``: its ``whatif`` module, with
    ``analyse`` and ``examined_all``), kept per process; ``None`` when no hand is known. ``note`` says so
    when only the first plays were looked at (the module's bound on the work)."""
    if not isinstance(document, dict):
        return None
    plays = kept(game, document, lambda: analysis.analyse(engine, document, report))
    if not plays:
        return None
    found = {"plays": plays, "moments": []}
    return found if analysis.examined_all(report) else {**found, "note": note}

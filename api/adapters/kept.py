"""Analyses kept per process, by the document they were made from: a sample's page and its moments (two
requests) compute a game's what-if once, and a stored game keeps its own with the record anyway."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable

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

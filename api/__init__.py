"""The web layer: the JSON API (``api.api_v1``), the pages (``api.pages``), storage, what every game's
presentation shares (``api.adapters``) and this repository's games' own (``api.games``).

Importing ``api`` loads no web library, so the pure parts (``api.adapters``, ``api.games``) import without
Flask. The
names both blueprints share (``services``, ``check``, ``store``, ``resource_dir`` …) live in ``api.web``
and are reached as ``api.<name>`` (``import api as web``), loaded on first use (PEP 562).
"""

from __future__ import annotations

import importlib
from importlib.util import find_spec


def __getattr__(name: str) -> object:
    if not name.startswith("_") and find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f"{__name__}.{name}")  # a submodule: ``from api import adapters``
    from api import web

    try:
        value = getattr(web, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    globals()[name] = value  # found once: later uses (every request) read it directly
    return value

"""Compact JSON output for reports: orjson when installed (several times faster), ``json`` otherwise."""

from __future__ import annotations

import json

try:  # optional accelerator
    import orjson
except ImportError:  # pragma: no cover - exercised only where orjson is missing
    orjson = None


def dumps(data: object) -> str:
    """One line of JSON, non-ASCII kept as is, keys in insertion order (reports are built in reading order)."""
    if orjson is not None:
        try:
            return orjson.dumps(data).decode("utf-8")
        except TypeError:
            pass  # e.g. an integer past 64 bits inside a user's meta: the standard library can write it
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

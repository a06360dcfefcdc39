"""Marshmallow 4 schemas of record: each game's log, report and timeline, as the OpenAPI document shows them.

A game names its schemas of record in the module its home names (``Engine.home.schemas``:
``schemas.games.<id_>`` for this repository's games, ``<package>.schemas`` for a plugin); ``of_record``
finds them. ``schemas.common`` holds what every game shares (a finding of any game, a report's header).
The schemas translate shapes only; every rule of a game lives in its engine package.
"""

from __future__ import annotations

from types import ModuleType

from replaykit import registry


def _module(game_id: str) -> ModuleType | None:
    engine = registry.engines().get(game_id)
    return None if engine is None else registry.home_module(engine, "schemas")


def of_record(game_id: str) -> tuple[dict, dict]:
    """``(LOGS, REPORTS)`` of a game: ``{game value: (component name, schema class)}``; empty without a module."""
    module = _module(game_id)
    return (module.LOGS, module.REPORTS) if module is not None else ({}, {})


def so_far(game_id: str) -> dict:
    """What ``/choices`` and ``/apply`` take of a game, a log so far: its ``SO_FAR`` where a setup with no steps
    yet is no log of record (Il Grande Dalmuti's ``rounds`` hold one or more), else its ``LOGS``."""
    module = _module(game_id)
    return getattr(module, "SO_FAR", module.LOGS) if module is not None else {}


def components(game_id: str) -> dict:
    """``COMPONENTS`` of a game: OpenAPI schemas, written as such, that its schemas of record refer to by name
    (Olympi Cards' recursive rule); empty when it names none."""
    return getattr(_module(game_id), "COMPONENTS", {})


def timelines(game_id: str) -> dict:
    """``TIMELINES`` of a game: ``{game value: (component name, schema class)}`` describing what
    ``/api/v1/games/ID/timeline`` answers for it (its adapter's timeline); empty when it names none."""
    return getattr(_module(game_id), "TIMELINES", {})


def beyond_openapi(game_id: str, document: dict) -> bool:
    """Whether a document of this game breaks a shape rule that OpenAPI 3.0 cannot state (the game's schema
    module may say so with ``beyond_openapi(document)``): a rightly refused request the fuzzer thinks valid."""
    module = _module(game_id)
    check = getattr(module, "beyond_openapi", None)
    return bool(check and check(document))

"""Marshmallow 4 schemas of record: each game's log and report, as the OpenAPI document shows them.

For David & Goliath, ``schemas.log`` describes what a user submits, ``schemas.report`` what the API answers,
and ``schemas.findings`` turns marshmallow's errors into the project's ``schema`` findings. Each game has a
module ``schemas.<game id with _ for ->`` naming its schemas of record (``of_record`` finds them). The
schemas translate shapes only; every rule of a game lives in its engine package.
"""

import importlib

from schemas.findings import load_log, schema_findings
from schemas.log import CardField, LogSchema, MatchLogSchema, PlaySchema, TrickSchema, parse_card
from schemas.report import (
    FindingSchema,
    MatchReportSchema,
    PlayReportSchema,
    ReportSchema,
    ResultSchema,
    TrickReportSchema,
)

__all__ = [
    "CardField", "FindingSchema", "LogSchema", "MatchLogSchema", "MatchReportSchema", "PlayReportSchema",
    "PlaySchema", "ReportSchema", "ResultSchema", "TrickReportSchema", "TrickSchema", "load_log", "parse_card",
    "schema_findings",
]


def _module(game_id: str):
    name = f"{__name__}.{game_id.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def of_record(game_id: str) -> tuple[dict, dict]:
    """``(LOGS, REPORTS)`` of a game: ``{game value: (component name, schema class)}``; empty without a module."""
    module = _module(game_id)
    return (module.LOGS, module.REPORTS) if module is not None else ({}, {})


def beyond_openapi(game_id: str, document: dict) -> bool:
    """Whether a document of this game breaks a shape rule that OpenAPI 3.0 cannot state (the game's schema
    module may say so with ``beyond_openapi(document)``): a rightly refused request the fuzzer thinks valid."""
    module = _module(game_id)
    check = getattr(module, "beyond_openapi", None)
    return bool(check and check(document))

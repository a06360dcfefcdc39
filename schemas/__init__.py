"""Marshmallow 4 schemas of record: the David & Goliath log and match log, and the validation report.

``schemas.log`` describes what a user submits (spec section 2), ``schemas.report`` what the API answers
(docs/ARCHITECTURE.md), and ``schemas.findings`` turns marshmallow's errors into the project's ``schema``
findings. The schemas translate shapes only; every rule of the game lives in ``dg_replay``.
"""

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

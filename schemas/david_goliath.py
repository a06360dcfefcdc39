"""David & Goliath's schemas of record for the OpenAPI document, by the ``game`` value each describes.

Every game's schema module (``schemas.<game id with _ for ->``) exposes ``LOGS`` and ``REPORTS``:
``{game value: (component name, schema class)}``.
"""

from schemas.log import GAME_ID, MATCH_ID, LogSchema, MatchLogSchema
from schemas.report import MatchReportSchema, ReportSchema

LOGS = {GAME_ID: ("Log", LogSchema), MATCH_ID: ("MatchLog", MatchLogSchema)}
REPORTS = {GAME_ID: ("Report", ReportSchema), MATCH_ID: ("MatchReport", MatchReportSchema)}


def beyond_openapi(document: dict) -> bool:
    """Every game of a match must list the match's players (else a 422 at /games/g/players)."""
    games = document.get("games")
    return (document.get("game") == MATCH_ID and isinstance(games, list)
            and any(isinstance(game, dict) and game.get("players") != document.get("players") for game in games))

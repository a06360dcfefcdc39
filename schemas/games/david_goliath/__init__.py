"""David & Goliath's schemas of record for the OpenAPI document, by the ``game`` value each describes.

Every game's schema module (``schemas.<game id with _ for ->`` or ``<package>.schemas``) exposes ``LOGS``,
``REPORTS`` and ``TIMELINES``: ``{game value: (component name, schema class)}``; ``SO_FAR`` too where a setup
is no log of record (Il Grande Dalmuti's).
"""

from marshmallow import fields

from dg_replay.reader import DEFAULT_LIMITS as LIMITS
from schemas.common import TimelineHeaderSchema, keyed_past
from schemas.games.david_goliath.log import GAME_ID, MATCH_ID, DavidGoliathLogSchema, DavidGoliathMatchLogSchema
from schemas.games.david_goliath.report import DavidGoliathMatchReportSchema, DavidGoliathReportSchema


class DavidGoliathTimelineSchema(TimelineHeaderSchema):
    """One game's moments (``api.games.david_goliath.charts.timeline``)."""

    tricks = fields.List(fields.Dict(), metadata={"description": "Per trick: plays (with colour, value, highest and "
                                                  "lowest marked), captures, scores_after, story, errors, warnings."})
    breakdown = fields.Dict(metadata={"description": "Final points per player and colour, with the cards."})


class DavidGoliathMatchTimelineSchema(TimelineHeaderSchema):
    games = fields.List(fields.Nested(DavidGoliathTimelineSchema, allow_none=True),
                        metadata={"description": "One timeline per game of the match (null: unreadable)."})


LOGS = {GAME_ID: ("DavidGoliathLog", DavidGoliathLogSchema),
        MATCH_ID: ("DavidGoliathMatchLog", DavidGoliathMatchLogSchema)}
REPORTS = {GAME_ID: ("DavidGoliathReport", DavidGoliathReportSchema),
           MATCH_ID: ("DavidGoliathMatchReport", DavidGoliathMatchReportSchema)}
TIMELINES = {GAME_ID: ("DavidGoliathTimeline", DavidGoliathTimelineSchema),
             MATCH_ID: ("DavidGoliathMatchTimeline", DavidGoliathMatchTimelineSchema)}


def beyond_openapi(document: dict) -> bool:
    """Every game of a match must list the match's players (else a 422 at /games/g/players); no key of a
    deal or of a trick's captures may be longer than a name (else a 422 at that key)."""
    games = document.get("games")
    if (document.get("game") == MATCH_ID and isinstance(games, list)
            and any(isinstance(game, dict) and game.get("players") != document.get("players") for game in games)):
        return True
    logs = games if document.get("game") == MATCH_ID and isinstance(games, list) else [document]
    return any(isinstance(log, dict) and _long_keys(log) for log in logs)


def _long_keys(log: dict) -> bool:
    tricks = log.get("tricks") if isinstance(log.get("tricks"), list) else []
    return keyed_past(log.get("hands"), LIMITS.max_name) or any(
        isinstance(trick, dict) and keyed_past(trick.get("captures"), LIMITS.max_name) for trick in tricks)

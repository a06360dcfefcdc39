"""Toy Tricks' schemas of record: its log, its report and its timeline as the OpenAPI document shows them.

Found by the generic code as ``<package>.schemas`` (``schemas.of_record``); component names start with
the game's name, so they cannot take another game's (a clash stops the app: ``api.openapi.components``).
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from schemas.common import AnyFindingSchema, ReportHeaderSchema, TimelineHeaderSchema, meta_field
from toy_replay.reader import DEFAULT_LIMITS as LIMITS
from toy_replay.rules import GAME_ID

# The bounds the reader keeps (toy_replay.reader.shape), stated so that a client knows them beforehand.
NAME = validate.Length(1, LIMITS.max_name)


class ToyPlaySchema(Schema):
    class Meta:
        unknown = RAISE

    player = fields.String(required=True, metadata={"example": "Ann"})
    card = fields.Integer(required=True, strict=True, metadata={"description": "1 to 4 × players.", "example": 8})


class ToyLogSchema(Schema):
    """A game of Toy Tricks: the players, the deal, the plays in order, and the scores it claims."""

    class Meta:
        unknown = RAISE

    game = fields.Constant(GAME_ID, required=True, metadata={"enum": [GAME_ID]})
    players = fields.List(fields.String(validate=NAME), required=True, validate=validate.Length(max=LIMITS.max_players),
                          metadata={"example": ["Ann", "Bob"]})
    hands = fields.Dict(keys=fields.String(), values=fields.List(
        fields.Integer(strict=True), validate=validate.Length(max=LIMITS.max_plays)))
    plays = fields.List(fields.Nested(ToyPlaySchema), validate=validate.Length(max=LIMITS.max_plays))
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True))
    meta = meta_field(LIMITS, "Free object: title, notes, … (any keys).")


class ToyTrickSchema(Schema):
    number = fields.Integer(required=True)
    plays = fields.List(fields.Nested(ToyPlaySchema), required=True)
    taker = fields.String(required=True, allow_none=True, metadata={"description": "Who took it; null if no one."})


class ToyResultSchema(Schema):
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    winners = fields.List(fields.String(), required=True)


class ToyClaimsSchema(Schema):
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, allow_none=True)


class ToyReportSchema(ReportHeaderSchema):
    """The report on a Toy Tricks log."""

    errors = fields.List(fields.Nested(AnyFindingSchema), required=True)
    warnings = fields.List(fields.Nested(AnyFindingSchema), required=True)
    tricks = fields.List(fields.Nested(ToyTrickSchema), required=True)
    result = fields.Nested(ToyResultSchema, required=True)
    claims = fields.Nested(ToyClaimsSchema, required=True)


class ToyTimelineSchema(TimelineHeaderSchema):
    tricks = fields.List(fields.Dict(), metadata={"description": "Per trick: plays, taker, tricks taken after it, "
                                                  "story, errors and warnings."})


LOGS = {GAME_ID: ("ToyLog", ToyLogSchema)}
REPORTS = {GAME_ID: ("ToyReport", ToyReportSchema)}
TIMELINES = {GAME_ID: ("ToyTimeline", ToyTimelineSchema)}

"""Schemas every game shares: a finding of any game, as the API's problem documents carry them.

A game's own report schema lists its finding with all of its units required (David & Goliath's
``Finding``: trick and play); a 422 problem document may carry findings of any game, or of a document
naming no known game, so here every unit is optional.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from replaykit.texts import TextLimits, meta_problems

UNITS = {
    "game": "Game number within a match (1-based).",
    "round": "Round number (1-based), in games played in rounds.",
    "race": "Race number (1-based), in games played in races.",
    "trick": "Trick number (1-based), in games played in tricks.",
    "play": "Play number within its trick (1-based).",
    "turn": "Turn number within its race (1-based).",
}


def meta_field(limits: TextLimits, description: str, example: object = None, **kwargs: Any) -> fields.Dict:
    """A log's ``meta``, as every game has it: a free object whose title and notes the core bounds
    (``replaykit.texts``), with the reader's own words; ``kwargs`` go to the field."""
    def bounded(meta: dict) -> None:
        problems = meta_problems(meta, limits)
        if problems:
            raise ValidationError({keys[0]: [str(said)] for keys, said in problems})

    about = {"description": f"{description} A title of at most {limits.max_title} and notes of at most "
                            f"{limits.max_text} characters."}
    return fields.Dict(validate=bounded, metadata=about if example is None else {**about, "example": example},
                       **kwargs)


class AnyFindingSchema(Schema):
    """One problem found in a log of any game: its code, severity and message, the player concerned, the JSON
    pointer into the document, and the game's own units (each 1-based, or null when not inside one)."""

    code = fields.String(required=True, metadata={"description": "What kind of problem.", "example": "schema"})
    severity = fields.String(required=True, validate=validate.OneOf(("error", "warning")),
                             metadata={"description": "error makes the log invalid; warning does not."})
    message = fields.String(required=True, metadata={"description": "One plain sentence for a player."})
    player = fields.String(required=True, allow_none=True, metadata={"description": "The player concerned, or null."})
    path = fields.String(required=True, metadata={
        "description": 'RFC 6901 JSON pointer into the submitted document; "" is the whole document.',
        "example": "/game"})
    game = fields.Integer(allow_none=True, metadata={"description": UNITS["game"]})
    round = fields.Integer(allow_none=True, metadata={"description": UNITS["round"]})
    race = fields.Integer(allow_none=True, metadata={"description": UNITS["race"]})
    trick = fields.Integer(allow_none=True, metadata={"description": UNITS["trick"]})
    play = fields.Integer(allow_none=True, metadata={"description": UNITS["play"]})
    turn = fields.Integer(allow_none=True, metadata={"description": UNITS["turn"]})


class ReportHeaderSchema(Schema):
    """The fields that open every game's report: what it is, which game, the verdict, the players and the
    log's meta. A game's report schema adds its findings (with its units), its moments and its result."""

    kind = fields.String(required=True, metadata={"description": "game, or what holds several games (match).",
                                                  "example": "game"})
    game = fields.String(required=True, allow_none=True, metadata={"description": "The log's \"game\"."})
    valid = fields.Boolean(required=True, metadata={"description": "True when there is no finding of severity "
                                                                   "error."})
    complete = fields.Boolean(required=True, metadata={"description": "True when the log plays the game to its "
                                                                      "end."})
    players = fields.List(fields.String(), required=True,
                          metadata={"description": "Player names in seating order; [] when unreadable."})
    meta = fields.Dict(required=True, metadata={"description": "The log's meta object as given; {} if absent."})


class TimelineHeaderSchema(Schema):
    """The fields that open every game's timeline (``/api/v1/games/ID/timeline``)."""

    game = fields.String(required=True, metadata={"description": "The log's game, as its report says it: it tells "
                                                                 "the timelines apart.", "example": "david-goliath"})
    kind = fields.String(metadata={"description": "game, or what holds several games (match).", "example": "game"})
    players = fields.List(fields.String())


def keyed_past(value: object, longest: int) -> bool:
    """Whether an object keyed by player has a key longer than any name (``longest``): the readers refuse it,
    and OpenAPI 3.0 cannot bound a key's length (``beyond_openapi``)."""
    return isinstance(value, dict) and any(len(key) > longest for key in value)

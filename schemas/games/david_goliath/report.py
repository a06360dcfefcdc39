"""Marshmallow schemas of the validation report (``Report.to_dict()``, docs/ARCHITECTURE.md).

The API dumps reports through these schemas and flask-smorest turns them into the OpenAPI document, so
every field carries a description and, where it helps a reader, an example. Dumping emits only the
declared fields: a key the engine adds without a field here would silently vanish from API responses,
which is why the tests compare ``dump(report)`` with the engine's own dict.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from schemas.games.david_goliath.log import GAME_ID, MATCH_ID

SEVERITIES = ("error", "warning")


def _describe(description: str, example: object = None) -> dict:
    metadata: dict = {"description": description}
    if example is not None:
        metadata["example"] = example
    return metadata


def _name(description: str, example: str = "Clara", **kwargs: object) -> fields.String:
    return fields.String(metadata=_describe(description, example), **kwargs)  # type: ignore[arg-type]


def _number(description: str, example: int, **kwargs: object) -> fields.Integer:
    return fields.Integer(metadata=_describe(description, example), **kwargs)  # type: ignore[arg-type]


def _cards_by_player(description: str, example: dict) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True,
                       metadata=_describe(description, example))


def _points_by_player(description: str, example: dict) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                       metadata=_describe(description, example))


class DavidGoliathFindingSchema(Schema):
    """One problem found in a log: a schema problem or a broken rule."""

    code = fields.String(required=True, metadata=_describe(
        "What kind of problem, e.g. schema, must-follow-suit, capture-mismatch.", "must-follow-suit"))
    severity = fields.String(required=True, validate=validate.OneOf(SEVERITIES), metadata=_describe(
        "error makes the log invalid; warning does not.", "error"))
    message = fields.String(required=True, metadata=_describe(
        "One plain sentence for a player.", "Clara held a green card and had to play green, but played R2."))
    trick = _number("Trick number (1-based), or null when the problem is not inside a trick.", 3,
                    required=True, allow_none=True)
    play = _number("Play number within the trick (1-based), or null.", 2, required=True, allow_none=True)
    player = _name("The player concerned, or null.", required=True, allow_none=True)
    path = fields.String(required=True, metadata=_describe(
        'RFC 6901 JSON pointer into the submitted document (0-based indexes); "" is the whole document.',
        "/tricks/2/plays/1"))
    game = _number("Game number (1-based); only in match reports, for problems inside one game.", 2)


class DavidGoliathPlayReportSchema(Schema):
    """A play as recorded in the log, with its card in the string form."""

    player = _name("Who played, or null when the log does not say readably.", "Andrea",
                   required=True, allow_none=True)
    card = fields.String(required=True, allow_none=True, metadata=_describe(
        "The card in the string form, or null when it could not be read.", "G4"))
    note = fields.String(required=True, allow_none=True, metadata=_describe("The play's note, or null."))


class DavidGoliathTrickReportSchema(Schema):
    """One trick as re-executed from the rules."""

    number = _number("Trick number, 1-based.", 1, required=True)
    leader = _name("Who played first, or null for a trick without plays.", "Andrea", required=True, allow_none=True)
    resolved = fields.Boolean(required=True, metadata=_describe(
        "Whether the trick was resolved; an unfinished last trick or a trick past the 15th is not.", True))
    plays = fields.List(fields.Nested(DavidGoliathPlayReportSchema), required=True,
                        metadata=_describe("The plays in order of play."))
    high = _name("Player of the highest card, or null when not resolved.", "Ben", required=True, allow_none=True)
    low = _name("Player of the lowest card, or null when not resolved.", "Emma", required=True, allow_none=True)
    high_play = _number("Play number (1-based) of the highest card, or null.", 2, required=True, allow_none=True)
    low_play = _number("Play number (1-based) of the lowest card, or null.", 5, required=True, allow_none=True)
    captures = _cards_by_player("Who took which cards; {} when not resolved.",
                                {"Emma": ["G12"], "Ben": ["G4", "G7", "R2", "G2"]})
    scores_after = _points_by_player("Every player's running score after this trick.",
                                     {"Andrea": 0, "Ben": 25, "Emma": 12})
    claimed = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True,
                          allow_none=True, metadata=_describe(
                              "The captures the log claims for this trick, as written; null when it claims none.",
                              {"Emma": ["G12"]}))
    note = fields.String(required=True, allow_none=True, metadata=_describe("The trick's note, or null."))


class DavidGoliathClaimsSchema(Schema):
    """What the log claims about the result, as written (checked against ``result``, never trusted)."""

    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, allow_none=True,
                         metadata=_describe("Claimed scores (for a match: totals), or null when not claimed.",
                                            {"Andrea": 31}))
    winners = fields.List(fields.String(), required=True, allow_none=True,
                          metadata=_describe("Claimed winners, or null when not claimed.", ["Andrea"]))


class DavidGoliathResultSchema(Schema):
    """The computed outcome (for an unfinished game or match: so far)."""

    scores = _points_by_player("Computed score of every player (for a match: the totals).",
                               {"Andrea": 31, "Ben": 12, "Clara": 20})
    winners = fields.List(fields.String(), required=True, metadata=_describe(
        "The players with the highest score, in seating order; equal highest scores share the win.", ["Andrea"]))


class _ReportBase(Schema):
    """Fields common to the game and the match report."""

    valid = fields.Boolean(required=True, metadata=_describe("True when there is no finding of severity error.",
                                                             False))
    complete = fields.Boolean(required=True, metadata=_describe(
        "True for a finished game (15 tricks of one play per player) or a match of finished games.", True))
    players = fields.List(fields.String(), required=True, metadata=_describe(
        "Player names in seating order; [] when the log could not be read.", ["Andrea", "Ben", "Clara"]))
    meta = fields.Dict(required=True, metadata=_describe("The log's meta object as given; {} if absent.",
                                                         {"title": "Sample game"}))
    errors = fields.List(fields.Nested(DavidGoliathFindingSchema), required=True,
                         metadata=_describe("Findings of severity error, in document order."))
    warnings = fields.List(fields.Nested(DavidGoliathFindingSchema), required=True,
                           metadata=_describe("Findings of severity warning."))
    result = fields.Nested(DavidGoliathResultSchema, required=True, metadata=_describe("Computed scores and winners."))
    claims = fields.Nested(DavidGoliathClaimsSchema, required=True,
                           metadata=_describe("The result as the log claims it."))


class DavidGoliathReportSchema(_ReportBase):
    """The report on one game log (also on a document that is no log at all: then only schema findings)."""

    kind = fields.String(required=True, validate=validate.OneOf(["game"]),
                         metadata=_describe("Which report this is.", "game"))
    game = fields.String(required=True, metadata=_describe("The game's id.", GAME_ID))
    dealer = _name("The dealer as given in the log, or null.", required=True, allow_none=True)
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True, allow_none=True,
                        metadata=_describe("The deal as the log gives it (its readable cards), or null.",
                                           {"Andrea": ["G4", "R10"]}))
    tricks = fields.List(fields.Nested(DavidGoliathTrickReportSchema), required=True,
                         metadata=_describe("Every trick as re-executed, in order."))


class DavidGoliathMatchReportSchema(_ReportBase):
    """The report on a match log; findings inside a game carry its number in ``game``."""

    kind = fields.String(required=True, validate=validate.OneOf(["match"]),
                         metadata=_describe("Which report this is.", "match"))
    game = fields.String(required=True, metadata=_describe("The match's id.", MATCH_ID))
    games = fields.List(fields.Nested(DavidGoliathReportSchema, allow_none=True), required=True, metadata=_describe(
        "One game report per game of the match; null for a game that is not a log object."))

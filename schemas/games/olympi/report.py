"""Marshmallow schema of the Olympi Cards report (``olympi_replay.report.GameReport.to_dict()``).

Dumping emits only declared fields, so every key of the engine's report has a field here (a test checks
``dump(report) == report.to_dict()``), each with a description and, where it helps, an example.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from olympi_replay.log import GAME_ID


def described(description: str, example: object = None) -> dict:
    return {"description": description} | ({} if example is None else {"example": example})


def nullable_name(description: str, example: str = "Ann") -> fields.String:
    return fields.String(required=True, allow_none=True, metadata=described(description, example))


def counts(description: str, example: dict) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                       metadata=described(description, example))


class OlympiFindingSchema(Schema):
    """One problem found in a log, placed by race and turn."""

    code = fields.String(required=True, metadata=described("What kind of problem.", "rule-broken"))
    severity = fields.String(required=True, validate=validate.OneOf(("error", "warning")),
                             metadata=described("error makes the log invalid; warning does not.", "error"))
    message = fields.String(required=True, metadata=described("One plain sentence for a player."))
    race = fields.Integer(required=True, allow_none=True, metadata=described("Race number (1-based), or null.", 3))
    turn = fields.Integer(required=True, allow_none=True,
                          metadata=described("Turn number within the race (1-based), or null.", 5))
    player = nullable_name("The player concerned, or null.", "Chiara")
    path = fields.String(required=True, metadata=described("RFC 6901 JSON pointer into the log.",
                                                           "/races/2/turns/4/cards"))


class OlympiBreakdownSchema(Schema):
    gold = fields.Integer(required=True, metadata=described("Gold medals (4 VP each).", 3))
    silver = fields.Integer(required=True, metadata=described("Silver medals (2 VP each).", 2))
    bronze = fields.Integer(required=True, metadata=described("Bronze medals (1 VP each).", 1))
    records = fields.Integer(required=True, metadata=described("World Records (2 VP each).", 1))
    cards = fields.Integer(required=True, metadata=described("Performance cards in hand at the end (the "
                                                             "tie-breaker).", 4))


class OlympiResultSchema(Schema):
    """The computed outcome (of an unfinished game: so far)."""

    scores = counts("Every player's VP.", {"Ann": 19, "Bruno": 12})
    winners = fields.List(fields.String(), required=True, metadata=described(
        "Most VP, then most cards in hand; still tied, all of them in seating order.", ["Ann"]))
    breakdown = fields.Dict(keys=fields.String(), values=fields.Nested(OlympiBreakdownSchema), required=True,
                            metadata=described("Medals, records and cards of every player."))


class OlympiTurnReportSchema(Schema):
    number = fields.Integer(required=True, metadata=described("Turn number within the race, 1-based.", 1))
    player = nullable_name("Whose turn, or null when unreadable.")
    action = fields.String(required=True, allow_none=True, metadata=described(
        "The action as taken (a pass with 3+ players is taken as a retire, a retire with 2 as a pass).", "play"))
    cards = fields.List(fields.String(), required=True, metadata=described("Cards played.", ["K7"]))
    drew = fields.Integer(required=True, metadata=described("How many cards the turn drew.", 3))
    draw = fields.List(fields.String(), required=True, allow_none=True, metadata=described(
        "The cards drawn when all of them are known, else null.", ["B2", "Y9", "R1"]))
    reshuffled = fields.Boolean(required=True, metadata=described("Whether this draw reshuffled the discards."))
    ignored = fields.Boolean(required=True, metadata=described(
        "Whether the turn was ignored (malformed, unknown or retired player, race over)."))
    note = fields.String(required=True, allow_none=True, metadata=described("The turn's note, or null."))
    hand_after = fields.Integer(required=True, allow_none=True, metadata=described(
        "How many cards the turn's player holds after it; null when the turn names no player.", 5))


class OlympiRetirementSchema(Schema):
    player = fields.String(required=True, metadata=described("Who retired (two players: who passed).", "Bruno"))
    turn = fields.Integer(required=True, allow_none=True, metadata=described(
        "The turn of the retirement; null for the last player's gold.", 2))
    place = fields.Integer(required=True, metadata=described("1 for the first to retire.", 1))
    medal = fields.String(required=True, allow_none=True, metadata=described("The medal it earned, or null.",
                                                                             "bronze"))
    drew = fields.Integer(required=True, metadata=described("Cards drawn at once.", 3))
    first_player = fields.Boolean(required=True, metadata=described("Whether it took the First-player card."))


class OlympiRaceReportSchema(Schema):
    """One race as replayed."""

    number = fields.Integer(required=True, metadata=described("Race number, 1-based.", 1))
    discipline = fields.String(required=True, metadata=described("The discipline raced.", "Nuoto"))
    postponed = fields.String(required=True, allow_none=True, metadata=described("The postponed one, or null."))
    first_player = nullable_name("Who held the First-player card when the race began.")
    order = fields.List(fields.String(), required=True, metadata=described(
        "Retirements in order, the last player last (two players: the passers).", ["Bruno", "Chiara", "Ann"]))
    medals = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True,
                         metadata=described("Medals won in the race.", {"Ann": ["gold"]}))
    drawn = counts("Cards drawn, for players who drew any.", {"Bruno": 3})
    record = nullable_name("Who set a World Record, or null.")
    finished = fields.Boolean(required=True, metadata=described("Whether all players but one retired (two "
                                                                "players: three passes)."))
    scores_after = counts("Everyone's VP after the race.", {"Ann": 4, "Bruno": 1})
    hands_after = counts("Everyone's hand size after the race.", {"Ann": 4, "Bruno": 9})
    took_first_player = nullable_name("Who took the First-player card in this race, or null.")
    cards_per_play = fields.Integer(required=True, allow_none=True, metadata=described(
        "Cards per play of the discipline; null when any number is accepted or undeclared.", 1))
    rule = fields.String(required=True, allow_none=True, metadata=described(
        "The discipline's rule as a sentence; null for an undeclared discipline."))
    turns = fields.List(fields.Nested(OlympiTurnReportSchema), required=True)
    retirements = fields.List(fields.Nested(OlympiRetirementSchema), required=True)
    reshuffles = fields.Integer(required=True, metadata=described("How many times the deck was reshuffled.", 0))
    note = fields.String(required=True, allow_none=True, metadata=described("The race's note, or null."))


class OlympiDisciplineReportSchema(Schema):
    name = fields.String(required=True, metadata=described("The name races use.", "Nuoto"))
    title = fields.String(required=True, allow_none=True, metadata=described("The catalogue's display name."))
    source = fields.String(required=True, validate=validate.OneOf(("log", "catalogue", "unresolved")),
                           metadata=described("Declared in the log, from the catalogue, or an unknown id.", "log"))
    cards_per_play = fields.Integer(required=True, allow_none=True, metadata=described("1, 2 or null (any).", 1))
    rule = fields.Raw(required=True, allow_none=True, metadata=described("The rule as data, or null.",
                                                                          {"value": ">", "than": "previous"}))
    sentence = fields.String(required=True, metadata=described("The rule in words."))
    note = fields.String(required=True, allow_none=True, metadata=described("The discipline's note."))


class OlympiOptionsReportSchema(Schema):
    world_record = fields.Boolean(required=True, metadata=described("Whether the World Record variant was on."))


class OlympiClaimsSchema(Schema):
    """The log's own final claims, shown beside the computed result."""

    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, allow_none=True,
                         metadata=described("The claimed final VP; null when the log claims none.", {"Ann": 19}))
    winners = fields.List(fields.String(), required=True, allow_none=True,
                          metadata=described("The claimed winners; null when the log claims none.", ["Ann"]))


class ReportSchema(Schema):
    """The report on one Olympi Cards log."""

    kind = fields.String(required=True, metadata=described("Which report this is.", "game"))
    game = fields.String(required=True, metadata=described("The game's id.", GAME_ID))
    valid = fields.Boolean(required=True, metadata=described("True when no finding has severity error."))
    complete = fields.Boolean(required=True, metadata=described("True when nine races all finished."))
    players = fields.List(fields.String(), required=True, metadata=described("Seating order.", ["Ann", "Bruno"]))
    meta = fields.Dict(required=True, metadata=described("The log's meta object; {} if absent."))
    errors = fields.List(fields.Nested(OlympiFindingSchema), required=True)
    warnings = fields.List(fields.Nested(OlympiFindingSchema), required=True)
    result = fields.Nested(OlympiResultSchema, required=True, allow_none=True, metadata=described(
        "Computed VP and winners; null when the log could not be replayed."))
    first_player = nullable_name("Who held the First-player card in race 1 (from the log), or null.")
    options = fields.Nested(OlympiOptionsReportSchema, required=True)
    disciplines = fields.List(fields.Nested(OlympiDisciplineReportSchema), required=True)
    races = fields.List(fields.Nested(OlympiRaceReportSchema), required=True,
                        metadata=described("Every race replayed, in order."))
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True, allow_none=True,
                        metadata=described("The deal as the log gives it, for each hand of six it accepts; null "
                                           "when the log gives no deal.", {"Ann": ["K7", "B2", "Y9", "R1", "G5",
                                                                                   "B8"]}))
    claims = fields.Nested(OlympiClaimsSchema, required=True)

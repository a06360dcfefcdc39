"""Il Grande Dalmuti's schemas of record: the session log (spec section 2) and the report (section 4 with
the detail kept for charts), for the OpenAPI document, by the ``game`` value each describes.

The log schema states the *shape* of a log only, and calls exactly the documents well-formed that the
engine's own reader (``dalmuti_replay.reader``) does: a test holds the two together. A player count, a
card outside the deck in use or a play out of turn are rule findings of the replay, not shape errors.
The report schema dumps ``SessionReport.to_dict()`` unchanged, so no field can silently vanish.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from dalmuti_replay.cards import CARD_PATTERN
from dalmuti_replay.log import GAME_ID
from dalmuti_replay.reader import DEFAULT_LIMITS as LIMITS
from replaykit.engine import SETUP_SETTINGS
from schemas.common import TimelineHeaderSchema, meta_field

CARD_OPENAPI = {"type": "string", "pattern": f"^({CARD_PATTERN.pattern})$", "example": "7",
                "description": 'A card: its value as text, "1" (best) to "12", or "J" for a Jester.'}


def _about(description: str, example: object = None) -> dict:
    return {"description": description} if example is None else {"description": description, "example": example}


class CardField(fields.String):
    """A card in its text form; anything else, a number included, is not a card."""

    default_error_messages = {"invalid": 'This is not a card; write "1" to "12", or "J" for a Jester.'}  # noqa: RUF012

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {**CARD_OPENAPI, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str or CARD_PATTERN.fullmatch(value) is None:
            raise self.make_error("invalid")
        return value


class StrictBoolean(fields.Boolean):
    """JSON ``true`` or ``false`` only: marshmallow's own Boolean would also take 1 or "yes"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


def name_field(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(1, LIMITS.max_name), **kwargs)


def names_field(description: str, example: list[str] | None = None, **kwargs: Any) -> fields.List:
    return fields.List(name_field(), validate=validate.Length(max=LIMITS.max_names),
                       metadata=_about(description, example), **kwargs)


def note_field(what: str) -> fields.String:
    return fields.String(validate=validate.Length(max=LIMITS.max_text),
                         metadata=_about(f"Annotation shown with {what}."))


def cards_field(description: str, example: list[str], least: int = 0, **kwargs: Any) -> fields.List:
    return fields.List(CardField(), validate=validate.Length(least, LIMITS.max_cards),
                       metadata=_about(description, example), **kwargs)


def at_most_entries(count: int):
    """A bound on an object's entries; stated to OpenAPI as ``maxProperties`` (``Length`` would say maxLength)."""
    def check(value: dict) -> None:
        if len(value) > count:
            raise ValidationError(f"At most {count} entries.")
    return check


def name_keyed(values: fields.Field, description: str, example: dict | None = None) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=values, validate=at_most_entries(LIMITS.max_names),
                       metadata={**_about(description, example), "maxProperties": LIMITS.max_names})


def points_field(description: str, example: dict) -> fields.Dict:
    return name_keyed(fields.Integer(strict=True), description, example)


class Closed(Schema):
    class Meta:
        unknown = RAISE


class DalmutiPlaySchema(Closed):
    """One turn: a set of one or more cards, or a pass (exactly one of the two)."""

    player = name_field(required=True, metadata=_about("Who played.", "Bruno"))
    cards = cards_field("The set laid, in any order; Jesters join the set's value.", ["7", "7", "J"], least=1)
    pass_ = StrictBoolean(data_key="pass", attribute="pass", validate=validate.Equal(True),
                          metadata=_about("true for a pass; then no cards.", True))
    note = note_field("the play")

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def set_or_pass(self, data: dict, original: Any, **kwargs: Any) -> None:
        if type(original) is dict and ("cards" in original) == ("pass" in original):
            raise ValidationError('A play has either "cards" or "pass": true, exactly one of the two.')


class DalmutiTrickSchema(Closed):
    """A trick: its plays in order, from the lead to the last pass."""

    # OpenAPI 3.0 states "exactly one of cards and pass" as a oneOf beside the reference.
    plays = fields.List(fields.Nested(DalmutiPlaySchema, metadata={"oneOf": [{"required": ["cards"]},
                                                                             {"required": ["pass"]}]}),
                        required=True,
                        validate=validate.Length(1, LIMITS.max_plays), metadata=_about("The plays in order."))
    note = note_field("the trick")


class DalmutiTransferSchema(Closed):
    """Cards handed over before play: a tax, a Dalmuti's return, or half of a market exchange."""

    from_ = name_field(required=True, data_key="from", attribute="from", metadata=_about("Who gives.", "Elena"))
    to = name_field(required=True, metadata=_about("Who receives.", "Anna"))
    cards = cards_field("The cards given.", ["1", "3"], required=True)
    note = note_field("the transfer")


class DalmutiRoundSchema(Closed):
    """One round (a *mano*): who sits where, the deal, revolution and taxes, the tricks, and claims."""

    join = names_field("Newcomers joining before this round (not round 1); the round must then give its ranks.",
                       ["Fabio"])
    ranks = names_field("Claimed order at the start, Great Dalmuti first, before any revolution.",
                        ["Carla", "Anna", "Bruno", "Dario"])
    hands = name_keyed(cards_field("A player's dealt cards.", ["1", "2", "J"]),
                       "The deal, before revolution and taxes: every player's cards.")
    revolution = name_field(metadata=_about("The player who declares a revolution (dealt both Jesters).", "Dario"))
    taxes = fields.List(fields.Nested(DalmutiTransferSchema), validate=validate.Length(max=LIMITS.max_transfers),
                        metadata=_about("Taxes, returns and market exchanges, in any order."))
    tricks = fields.List(fields.Nested(DalmutiTrickSchema), required=True,
                         validate=validate.Length(max=LIMITS.max_tricks), metadata=_about("The tricks in order."))
    finish = names_field("Claimed finishing order (so far, if the round is unfinished).",
                         ["Bruno", "Anna", "Dario", "Carla"])
    points = points_field("Claimed points scored in this round.", {"Bruno": 4, "Anna": 3})
    totals = points_field("Claimed totals after this round.", {"Bruno": 7, "Anna": 5})
    note = note_field("the round")

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def join_needs_ranks(self, data: dict, original: Any, **kwargs: Any) -> None:
        if type(original) is dict and "join" in original and "ranks" not in original:
            raise ValidationError("A round with newcomers must give its ranks.", "join")


class DalmutiOptionsSchema(Closed):
    """The variants, each true or false; all are off unless listed (rule 12 of the contract)."""

    full_deck = StrictBoolean(metadata=_about("All 80 cards whatever the player count."))
    settling_round = StrictBoolean(metadata=_about("Round 1 without taxes or revolutions."))
    auto_revolution = StrictBoolean(metadata=_about("No taxes, except after a Great Revolution."))
    benevolent_rulers = StrictBoolean(metadata=_about("Bonus points to the Dalmutis when their Peons rise."))
    chosen_one = StrictBoolean(metadata=_about("A bonus point to a Great Peon who finishes first."))
    market = StrictBoolean(metadata=_about("The first merchant swaps a chosen card with another merchant."))
    black_market = StrictBoolean(metadata=_about("The same swap with random cards."))
    misdeal = StrictBoolean(metadata=_about("The misdeal rule; nothing in a log changes."))


class DalmutiEndSchema(Closed):
    """The declared end of the session: one of a number of rounds or a points target."""

    rounds = fields.Integer(strict=True, validate=validate.Range(min=1), metadata=_about("Rounds to play.", 5))
    points = fields.Integer(strict=True, validate=validate.Range(min=1), metadata=_about("Points target.", 30))

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def one_of_the_two(self, data: dict, original: Any, **kwargs: Any) -> None:
        if type(original) is dict and len(original) != 1:
            raise ValidationError('"end" is {"rounds": n} or {"points": n}, one of the two.')


def _rounds(fewest: int, description: str) -> fields.List:
    # "join needs ranks", for OpenAPI 3.0: a round either has no join or has ranks.
    return fields.List(fields.Nested(DalmutiRoundSchema, metadata={"anyOf": [{"not": {"required": ["join"]}},
                                                                             {"required": ["ranks"]}]}),
                       required=True, validate=validate.Length(fewest, LIMITS.max_rounds),
                       metadata=_about(description))


class DalmutiLogSchema(Closed):
    """A session of Il Grande Dalmuti: its rounds, one or more. Unknown keys are errors except inside
    meta."""

    game = fields.String(required=True, validate=validate.Equal(GAME_ID), metadata=_about("The game.", GAME_ID))
    version = fields.Integer(strict=True, validate=validate.Equal(1), metadata=_about("Log format version.", 1))
    players = names_field("Round 1's seating, clockwise from its Great Dalmuti (distinct names).",
                          ["Anna", "Bruno", "Carla", "Dario"], required=True)
    options = fields.Nested(DalmutiOptionsSchema, metadata=_about("The variants agreed on.", {"market": True}))
    end = fields.Nested(DalmutiEndSchema, metadata={**_about("The end declared beforehand, if any."),
                                                    "minProperties": 1, "maxProperties": 1})
    rounds = _rounds(LIMITS.min_steps, "The rounds in order, one or more.")
    totals = points_field("Claimed final totals.", {"Anna": 12, "Bruno": 9})
    winners = names_field("Claimed winners.", ["Anna"])
    meta = meta_field(LIMITS, "Free object: title, event, date, notes, … (any keys).",
                      example={"title": "Friday session"})

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def nobody_joins_round_1(self, data: dict, original: Any, **kwargs: Any) -> None:
        rounds = original.get("rounds") if type(original) is dict else None
        if type(rounds) is list and rounds and type(rounds[0]) is dict and "join" in rounds[0]:
            raise ValidationError({"rounds": {0: {"join": ["Nobody can join round 1."]}}})


# -- the report ----------------------------------------------------------------------------------

def _int(description: str, example: int | None = None, **kwargs: Any) -> fields.Integer:
    return fields.Integer(required=True, metadata=_about(description, example), **kwargs)


def _name(description: str, example: str = "Anna", **kwargs: Any) -> fields.String:
    return fields.String(required=True, metadata=_about(description, example), **kwargs)


def _names(description: str, example: list[str]) -> fields.List:
    return fields.List(fields.String(), required=True, metadata=_about(description, example))


def _counts(description: str, example: dict) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                       metadata=_about(description, example))


def _cards(description: str, example: list[str], **kwargs: Any) -> fields.List:
    return fields.List(fields.String(), required=True, metadata=_about(description, example), **kwargs)


class DalmutiFindingSchema(Schema):
    """One problem: a shape problem or a broken rule, placed by round, trick and play."""

    code = _name("What kind of problem.", "not-lower")
    severity = _name("error makes the log invalid; warning does not.", "error",
                     validate=validate.OneOf(("error", "warning")))
    message = _name("One plain sentence for a player.", "Bruno's 9 9 9 is not lower than the last set, Anna's 8s.")
    round = _int("Round number (1-based), or null.", 2, allow_none=True)
    trick = _int("Trick number within the round (1-based), or null.", 3, allow_none=True)
    play = _int("Play number within the trick (1-based), or null.", 4, allow_none=True)
    player = _name("The player concerned, or null.", "Bruno", allow_none=True)
    path = _name('RFC 6901 JSON pointer into the log (0-based); "" is the whole document.',
                 "/rounds/1/tricks/2/plays/3")


class DalmutiPlayReportSchema(Schema):
    number = _int("Play number within the trick, 1-based.", 2)
    player = _name("Who played, as written in the log.", "Bruno")
    cards = _cards("The set, or null for a pass.", ["7", "7", "J"], allow_none=True)
    pass_ = fields.Boolean(required=True, data_key="pass", attribute="pass", metadata=_about("Whether a pass.", False))
    cards_left = _counts("The cards left of the player this play changed: after a set, its player's count; {} after "
                         "a pass. Every count is the trick's cards_left or the round's start, updated play by "
                         "play.", {"Anna": 12})
    out = fields.Boolean(required=True, metadata=_about("Whether this play was the player's last card.", False))
    note = fields.String(required=True, allow_none=True, metadata=_about("The play's note, or null."))


class DalmutiTrickReportSchema(Schema):
    number = _int("Trick number within the round, 1-based.", 1)
    leader = _name("Who played first, or null.", allow_none=True)
    winner = _name("The last set's player, or null for a trick without a set.", "Bruno", allow_none=True)
    size = _int("The base set's size, or null.", 3, allow_none=True)
    value = _int("The last set's value (13 for Jesters alone), or null.", 7, allow_none=True)
    cards_left = _counts("Every player's cards left after the trick.", {"Anna": 12, "Bruno": 9})
    out = _names("Who went out during the trick.", ["Bruno"])
    plays = fields.List(fields.Nested(DalmutiPlayReportSchema), required=True, metadata=_about("The plays."))
    note = fields.String(required=True, allow_none=True, metadata=_about("The trick's note, or null."))


class DalmutiTransferReportSchema(Schema):
    kind = _name("great-tax, little-tax, great-return, little-return, market, market-return or not-due.", "great-tax")
    from_ = _name("Who gave.", "Dario", data_key="from", attribute="from")
    to = _name("Who received.", "Anna")
    cards = _cards("The cards given.", ["1", "3"])


class DalmutiOutSchema(Schema):
    player = _name("Who went out.", "Bruno")
    trick = _int("The trick he went out in, or null (before play).", 9, allow_none=True)
    play = _int("The play he went out at, or null.", 3, allow_none=True)
    points = _int("The points it scored.", 4)


def _claimed_names(description: str, example: list[str]) -> fields.List:
    return fields.List(fields.String(), required=True, allow_none=True, metadata=_about(description, example))


def _claimed_counts(description: str, example: dict) -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=fields.Integer(), required=True, allow_none=True,
                       metadata=_about(description, example))


class DalmutiRoundClaimsSchema(Schema):
    """What the log claims about a round, each null when it claims nothing (checked, never trusted)."""

    ranks = _claimed_names("The ranks claimed at the start, or null.", ["Anna", "Bruno"])
    finish = _claimed_names("The finishing order claimed, or null.", ["Bruno", "Anna"])
    points = _claimed_counts("The round's points claimed, or null.", {"Bruno": 4, "Anna": 3})
    totals = _claimed_counts("The totals after the round claimed, or null.", {"Bruno": 7, "Anna": 5})


class DalmutiSessionClaimsSchema(Schema):
    """What the log claims about the whole session, each null when it claims nothing."""

    totals = _claimed_counts("The final totals claimed, or null.", {"Anna": 7, "Carla": 9})
    winners = _claimed_names("The winners claimed, or null.", ["Carla"])


class DalmutiRoundReportSchema(Schema):
    number = _int("Round number, 1-based.", 1)
    ranks = _names("The order due at the start, Great Dalmuti first, before any revolution.", ["Anna", "Bruno"])
    order = _names("The seating played, after a Great Revolution.", ["Bruno", "Anna"])
    joined = _names("Newcomers of this round.", [])
    dealt = _counts("Each player's deal size (or recorded hand's size).", {"Anna": 15, "Bruno": 14})
    start = _counts("Each player's cards when play begins, after the cards handed over before it.",
                    {"Anna": 14, "Bruno": 15})
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True,
                        metadata=_about("The deal as the log records it, readable hands of players only; {} "
                                        "without one.", {"Anna": ["1", "5", "J"]}))
    revolution = _name("Who declared a revolution, or null.", "Dario", allow_none=True)
    revolution_kind = _name("plain, great, or null.", "great", allow_none=True)
    taxes = fields.List(fields.Nested(DalmutiTransferReportSchema), required=True,
                        metadata=_about("Transfers as performed, in the rules' order."))
    tricks = fields.List(fields.Nested(DalmutiTrickReportSchema), required=True, metadata=_about("The tricks."))
    finish = _names("Finishing order (so far, if unfinished).", ["Bruno", "Anna"])
    out = fields.List(fields.Nested(DalmutiOutSchema), required=True, metadata=_about("Who went out when."))
    bonus = _counts("Bonus points of the variants.", {"Anna": 1})
    points = _counts("Points of this round, bonuses included.", {"Bruno": 4, "Anna": 3})
    totals = _counts("Totals after this round.", {"Bruno": 7, "Anna": 5})
    complete = fields.Boolean(required=True, metadata=_about("Whether one player alone was left holding cards.", True))
    note = fields.String(required=True, allow_none=True, metadata=_about("The round's note, or null."))
    claims = fields.Nested(DalmutiRoundClaimsSchema, required=True, metadata=_about("What the log claims."))


class DalmutiResultSchema(Schema):
    ranks = _names("The order the next round would start in.", ["Carla", "Anna"])
    points = _counts("Totals so far.", {"Anna": 7, "Carla": 9})
    winners = _names("The winners, in rank order.", ["Carla"])


class DalmutiReportSchema(Schema):
    """The report on one Il Grande Dalmuti log (for a document that is no log, only schema findings)."""

    kind = _name("Which report this is.", "game", validate=validate.OneOf(["game"]))
    game = _name("The game's id.", GAME_ID)
    valid = fields.Boolean(required=True, metadata=_about("True when no finding is an error.", False))
    complete = fields.Boolean(required=True, metadata=_about("All rounds finished and any declared end reached.",
                                                             True))
    players = _names("Round 1's players, in seating order; [] when unreadable.", ["Anna", "Bruno"])
    meta = fields.Dict(required=True, metadata=_about("The log's meta object as given; {} if absent."))
    errors = fields.List(fields.Nested(DalmutiFindingSchema), required=True, metadata=_about("Errors, in order."))
    warnings = fields.List(fields.Nested(DalmutiFindingSchema), required=True, metadata=_about("Warnings."))
    result = fields.Nested(DalmutiResultSchema, required=True, metadata=_about("Ranks, totals and winners."))
    options = fields.Dict(keys=fields.String(), values=fields.Boolean(), required=True,
                          metadata=_about("Every variant and whether it is on.", {"market": False}))
    end = fields.Dict(required=True, allow_none=True, metadata=_about("The declared end, or null.", {"rounds": 5}))
    rounds = fields.List(fields.Nested(DalmutiRoundReportSchema), required=True, metadata=_about("Every round."))
    claims = fields.Nested(DalmutiSessionClaimsSchema, required=True,
                           metadata=_about("The final totals and winners the log claims."))


class DalmutiTimelineSchema(TimelineHeaderSchema):
    """The moments of a game (its adapter's ``timeline``), as ``/api/v1/games/ID/timeline`` answers them."""

    rounds = fields.List(fields.Dict(), metadata={"description": "Per round: the deal, ranks, taxes, tricks with their "
                                                  "plays, who went out, points, story and findings."})
    target = fields.Integer(allow_none=True, metadata={"description": "The session's points target, or null."})
    styles = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "The chip style of every card the moments name (its rank class), by card."})


class DalmutiLogSoFarSchema(DalmutiLogSchema):
    """A session as it is played on (``/choices``, ``/apply``): a log, or the setup before round 1 is dealt."""

    rounds = _rounds(SETUP_SETTINGS["min_steps"], "The rounds so far, in order; none yet in a setup.")


LOGS = {GAME_ID: ("DalmutiLog", DalmutiLogSchema)}
SO_FAR = {GAME_ID: ("DalmutiLogSoFar", DalmutiLogSoFarSchema)}
REPORTS = {GAME_ID: ("DalmutiReport", DalmutiReportSchema)}
TIMELINES = {GAME_ID: ("DalmutiTimeline", DalmutiTimelineSchema)}


def beyond_openapi(document: dict) -> bool:
    """Newcomers join between rounds: a ``join`` in round 1 is a shape error (OpenAPI 3.0 cannot single out
    a list's first item)."""
    rounds = document.get("rounds")
    return bool(isinstance(rounds, list) and rounds and isinstance(rounds[0], dict) and "join" in rounds[0])

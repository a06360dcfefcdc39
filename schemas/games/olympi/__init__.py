"""Olympi Cards' schemas of record for the OpenAPI document: the log (what a user submits) and the report
(what the API answers), by the ``game`` value each describes.

The log schema describes shapes only, exactly the shapes ``olympi_replay``'s own reader accepts (a test
checks that both agree on mutated logs): a player count outside 2–7, an unknown player, a broken rule
are rule findings of the replay, not schema errors. A discipline's ``rule`` is the recursive rule
vocabulary; it is validated here by its own small reading and documented as a free-form object. Every
object is closed except ``meta``.
"""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from olympi_replay.disciplines import count_nodes
from olympi_replay.log import DEFAULT_LIMITS as LIMITS
from olympi_replay.log import GAME_ID
from schemas.common import TimelineHeaderSchema, keyed_past, meta_field
from schemas.games.olympi.report import ReportSchema

COLORS = {"blue": "B", "yellow": "Y", "black": "K", "green": "G", "red": "R"}
CARD_HELP = 'write it as "K7" or {{"color": "black", "value": 7}} (colours B Y K G R, values 1 to 9)'
OPS = (">", ">=", "<", "<=", "==", "!=")
REFS = ("previous", "own")
MEDALS = ("gold", "silver", "bronze")
SUM_TOP = 1000  # the highest a range of sums may name (two cards make at most 18; a rule may say more)
RULE_KEYS = {"free": ("free",), "value": ("value", "than"), "sum": ("sum", "than"), "color": ("color", "as"),
             "value_in": ("value_in",), "sum_in": ("sum_in",), "all_of": ("all_of",), "any_of": ("any_of",)}


def card_text(value: object) -> str | None:
    """The string form of either written form of a card, or ``None``."""
    if type(value) is str:
        ok = len(value) == 2 and value[0] in COLORS.values() and value[1] in "123456789"
        return value if ok else None
    if type(value) is dict and value.keys() == {"color", "value"}:
        color, number = value["color"], value["value"]
        if type(color) is str and color in COLORS and type(number) is int and 1 <= number <= 9:
            return f"{COLORS[color]}{number}"
    return None


class CardField(fields.Field):
    """A Performance card in either form on input; the string form (``"K7"``) on output."""

    default_error_messages = {"invalid": f"This is not a card; {CARD_HELP}."}  # noqa: RUF012

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {"oneOf": [{"type": "string", "pattern": "^[BYKGR][1-9]$", "example": "K7"},
                                        {"type": "object", "required": ["color", "value"],
                                         "additionalProperties": False,
                                         "properties": {"color": {"type": "string", "enum": list(COLORS)},
                                                        "value": {"type": "integer", "minimum": 1, "maximum": 9}}}],
                              "description": 'A card: colour letter and value ("K7"), or {"color": "black", '
                                             '"value": 7}.'}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = card_text(value)
        if text is None:
            raise self.make_error("invalid")
        return text


class StrictBoolean(fields.Boolean):
    """``true`` or ``false`` only (marshmallow's Boolean also takes 1, "yes", …)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


def read_rule(value: object, depth: int = 1) -> dict | list | None:
    """Problems of a rule as marshmallow messages (``None``: none), mirroring the vocabulary's table."""
    if type(value) is not dict:
        return ["A rule must be an object such as {\"value\": \">\", \"than\": \"previous\"}."]
    if depth > LIMITS.max_rule_depth:
        return [f"Rules may be nested at most {LIMITS.max_rule_depth} levels deep."]
    if depth == 1 and count_nodes(value, LIMITS.max_rule_nodes) > LIMITS.max_rule_nodes:
        return [f"A rule may have at most {LIMITS.max_rule_nodes} parts in all."]
    kind = next((name for name in RULE_KEYS if name in value), None)
    if kind is None:
        return ["This is not a rule: it needs one of the keys " + ", ".join(RULE_KEYS) + "."]
    errors: dict = {key: [f'Not a field of a "{kind}" rule.'] for key in value if key not in RULE_KEYS[kind]}
    if kind == "free" and value["free"] is not True:
        errors["free"] = ['A free rule is written {"free": true}.']
    elif kind in ("value", "sum", "color"):
        choices = ("same", "different") if kind == "color" else OPS
        if type(value[kind]) is not str or value[kind] not in choices:
            errors[kind] = ["Must be one of " + ", ".join(choices) + "."]
        reference = value.get(RULE_KEYS[kind][1])
        if type(reference) is not str or reference not in REFS:
            errors[RULE_KEYS[kind][1]] = ['Must be "previous" or "own".']
    elif kind in ("value_in", "sum_in"):
        span, top = value[kind], 9 if kind == "value_in" else SUM_TOP
        if not (type(span) is list and len(span) == 2 and all(type(end) is int for end in span)
                and 1 <= span[0] <= span[1] <= top):
            errors[kind] = [f"Must be [LOW, HIGH] with 1 ≤ LOW ≤ HIGH ≤ {top}."]
    elif kind in ("all_of", "any_of"):
        parts = value[kind]
        if type(parts) is not list or not 1 <= len(parts) <= LIMITS.max_rule_items:
            errors[kind] = [f"Must be a list of 1 to {LIMITS.max_rule_items} rules."]
        else:
            inner = {index: problem for index, part in enumerate(parts)
                     if (problem := read_rule(part, depth + 1)) is not None}
            if inner:
                errors[kind] = inner
    return errors or None


def beyond_openapi(document: dict) -> bool:
    """Whether a document breaks a rule OpenAPI 3.0 cannot state: a discipline's rule of more than
    ``max_rule_nodes`` parts in all, nested too deep or with a range whose LOW passes its HIGH (the document
    states items per list only), or a key of an object keyed by player longer than a name."""
    disciplines = document.get("disciplines") if isinstance(document, dict) else None
    if isinstance(disciplines, list) and any(
            isinstance(item, dict) and (count_nodes(item.get("rule"), LIMITS.max_rule_nodes) > LIMITS.max_rule_nodes
                                        or _beyond(item.get("rule")))
            for item in disciplines):
        return True
    return isinstance(document, dict) and _long_keys(document)


def _beyond(rule: object, depth: int = 1) -> bool:
    """A rule nested too deep, or with a range whose LOW passes its HIGH."""
    if not isinstance(rule, dict):
        return False
    if depth > LIMITS.max_rule_depth:
        return True
    span = rule.get("value_in", rule.get("sum_in"))
    if isinstance(span, list) and len(span) == 2 and all(type(end) is int for end in span) and span[0] > span[1]:
        return True
    parts = rule.get("all_of", rule.get("any_of"))
    return isinstance(parts, list) and any(_beyond(part, depth + 1) for part in parts)


def _long_keys(document: dict) -> bool:
    """A key of the deal, the scores or a race's medals longer than a name (a 422 at that key)."""
    races = document.get("races") if isinstance(document.get("races"), list) else []
    medals = [race["awards"].get("medals") for race in races
              if isinstance(race, dict) and isinstance(race.get("awards"), dict)]
    return any(keyed_past(value, LIMITS.max_name) for value in (document.get("hands"), document.get("scores"), *medals))


def _closed(properties: dict, required: list[str]) -> dict:
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}


RULE_COMPONENT = "OlympiRule"
RULE_REF = {"$ref": f"#/components/schemas/{RULE_COMPONENT}"}


def rule_openapi() -> dict:
    """The rule vocabulary as OpenAPI 3.0 can state it, a component that refers to itself for ``all_of`` and
    ``any_of``, a range as two integers. Beyond it: the nesting's depth, LOW ≤ HIGH in a range, and the bound
    on a rule's parts in all (``beyond_openapi``)."""
    ref = {"type": "string", "enum": list(REFS)}
    rules = {"type": "array", "minItems": 1, "maxItems": LIMITS.max_rule_items, "items": RULE_REF}

    def span(top: int) -> dict:
        return {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "integer", "minimum": 1,
                                                                          "maximum": top}}

    return {"description": RULE_WORDS, "example": {"value": ">", "than": "previous"}, "oneOf": [
        _closed({"free": {"type": "boolean", "enum": [True]}}, ["free"]),
        _closed({"value": {"type": "string", "enum": list(OPS)}, "than": ref}, ["value", "than"]),
        _closed({"sum": {"type": "string", "enum": list(OPS)}, "than": ref}, ["sum", "than"]),
        _closed({"color": {"type": "string", "enum": ["same", "different"]}, "as": ref}, ["color", "as"]),
        _closed({"value_in": span(9)}, ["value_in"]),
        _closed({"sum_in": span(SUM_TOP)}, ["sum_in"]),
        _closed({"all_of": rules}, ["all_of"]),
        _closed({"any_of": rules}, ["any_of"])]}


RULE_WORDS = ("A rule of the vocabulary: {free: true}; {value|sum: OP, than: REF}; {color: same|different, as: REF}; "
              "{value_in|sum_in: [LOW, HIGH]}; {all_of|any_of: [RULE, …]}; OP one of > >= < <= == !=, REF previous "
              f"or own; nested at most {LIMITS.max_rule_depth} levels deep, {LIMITS.max_rule_nodes} parts in all.")
COMPONENTS = {RULE_COMPONENT: rule_openapi()}  # OpenAPI components of this game besides its schemas of record


class RuleField(fields.Field):
    """A discipline's rule: the recursive rule vocabulary, kept as written."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {"allOf": [RULE_REF], "description": RULE_WORDS}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        problems = read_rule(value)
        if problems is not None:
            raise ValidationError(problems)
        return value


def name_field(description: str, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(1, LIMITS.max_name), metadata={"description": description},
                         **kwargs)


def text_field(description: str) -> fields.String:
    return fields.String(validate=validate.Length(max=LIMITS.max_text), metadata={"description": description})


def names_field(description: str, most: int, **kwargs: Any) -> fields.List:
    return fields.List(fields.String(validate=validate.Length(1, LIMITS.max_name)),
                       validate=validate.Length(max=most), metadata={"description": description}, **kwargs)


def card_list(description: str) -> fields.List:
    return fields.List(CardField(), validate=validate.Length(max=LIMITS.max_cards),
                       metadata={"description": description})


class Closed(Schema):
    class Meta:
        unknown = RAISE


class OlympiDisciplineSchema(Closed):
    """A discipline declared inline."""

    name = name_field("The discipline's name, as races name it.", required=True)
    cards_per_play = fields.Integer(strict=True, validate=validate.OneOf((1, 2)),
                                    metadata={"description": "Cards per play: 1 (the default) or 2 (Cycling)."})
    rule = RuleField()
    note = text_field("Free text shown with the discipline.")


class DisciplineField(fields.Field):
    """A discipline: an inline object, or a catalogue id (a string)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {"description": "An inline discipline object, or the id of a catalogue entry.",
                              "oneOf": [{"type": "string", "minLength": 1, "maxLength": LIMITS.max_name},
                                        {"type": "object", "required": ["name"], "additionalProperties": False,
                                         "properties": {
                                             "name": {"type": "string", "minLength": 1, "maxLength": LIMITS.max_name},
                                             "cards_per_play": {"type": "integer", "enum": [1, 2]},
                                             "rule": RULE_REF,
                                             "note": {"type": "string", "maxLength": LIMITS.max_text}}}]}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is str:
            if not 1 <= len(value) <= LIMITS.max_name:
                raise ValidationError(f"A catalogue id must be 1 to {LIMITS.max_name} characters long.")
            return value
        if type(value) is not dict:
            raise ValidationError("A discipline is an object or a catalogue id.")
        return OlympiDisciplineSchema().load(value)


class OlympiTurnSchema(Closed):
    """One turn: a play of cards, a retirement, or (two players) a pass."""

    player = name_field("Whose turn it is.", required=True)
    action = fields.String(required=True, validate=validate.OneOf(("play", "retire", "pass")),
                           metadata={"description": "play, retire or pass.", "example": "play"})
    cards = card_list("A play's cards (only with play).")
    draw = card_list("The cards a retire or pass drew, in order.")
    reshuffle = card_list("The new deck's order, top first, when this draw found the deck empty.")
    note = text_field("Annotation shown with the turn.")

    @validates_schema(skip_on_field_errors=False)
    def action_fits(self, data: dict, **kwargs: Any) -> None:
        action, errors = data.get("action"), {}
        if action == "play" and "cards" not in data:
            errors["cards"] = ['A play must list its "cards".']
        if action in ("retire", "pass") and "cards" in data:
            errors["cards"] = [f'A {action} has no "cards".']
        for key in ("draw", "reshuffle"):
            if action == "play" and key in data:
                errors[key] = [f'A play has no "{key}".']
        if errors:
            raise ValidationError(errors)


def turn_openapi() -> dict:
    """A turn as OpenAPI states it: a play with its cards, or a retire/pass that may list draws."""
    name = {"type": "string", "minLength": 1, "maxLength": LIMITS.max_name}
    note = {"type": "string", "maxLength": LIMITS.max_text}
    card_list = {"type": "array", "maxItems": LIMITS.max_cards, "items": CardField().metadata}
    card_list["items"] = {key: value for key, value in card_list["items"].items() if key != "description"}
    return {"oneOf": [
        _closed({"player": name, "action": {"type": "string", "enum": ["play"]}, "cards": card_list, "note": note},
                ["player", "action", "cards"]),
        _closed({"player": name, "action": {"type": "string", "enum": ["retire", "pass"]}, "draw": card_list,
                 "reshuffle": card_list, "note": note}, ["player", "action"]),
    ], "description": "One turn: a play of cards, a retirement or (two players) a pass."}


class TurnField(fields.Field):
    """A turn, loaded by ``OlympiTurnSchema``; documented as the two shapes a turn takes."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = turn_openapi()
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return OlympiTurnSchema().load(value)


class OlympiAwardsSchema(Closed):
    """A race's claims, each optional."""

    medals = fields.Dict(keys=fields.String(), values=fields.List(
        fields.String(validate=validate.OneOf(MEDALS)), validate=validate.Length(max=LIMITS.max_cards)),
        metadata={"description": "Claimed medals by player.", "example": {"Ann": ["gold"]}})
    first_player = name_field("Who took the First-player card (null: nobody).", allow_none=True)
    record = name_field("Who set a World Record (null: nobody).", allow_none=True)


class OlympiRaceSchema(Closed):
    """One race: the discipline raced, maybe one postponed first, the turns and the claims."""

    discipline = name_field("The discipline raced.", required=True)
    postponed = name_field("The discipline revealed first and postponed, or null.", allow_none=True)
    turns = fields.List(TurnField(), required=True,
                        validate=validate.Length(max=LIMITS.max_turns), metadata={"description": "Turns in order."})
    awards = fields.Nested(OlympiAwardsSchema)
    note = text_field("Annotation shown with the race.")


class OlympiOptionsSchema(Closed):
    world_record = StrictBoolean(metadata={"description": "The World Record variant."})


class OlympiLogSchema(Closed):
    """An Olympi Cards game log."""

    game = fields.String(required=True, validate=validate.Equal(GAME_ID), metadata={"example": GAME_ID})
    version = fields.Integer(strict=True, validate=validate.Equal(1))
    players = names_field("Names in clockwise seating order.", LIMITS.max_cards, required=True)
    first_player = name_field("Who holds the First-player card in race 1.")
    options = fields.Nested(OlympiOptionsSchema)
    disciplines = fields.List(DisciplineField(), required=True, validate=validate.Length(max=LIMITS.max_disciplines),
                              metadata={"description": "The nine disciplines."})
    discipline_deck = names_field("The Discipline pile's order, top first.", LIMITS.max_disciplines)
    hands = fields.Dict(keys=fields.String(), values=card_list("A dealt hand."),
                        metadata={"description": "The deal: each player's six cards."})
    deck = card_list("The deck after the deal, top first.")
    races = fields.List(fields.Nested(OlympiRaceSchema), required=True, validate=validate.Length(max=LIMITS.max_races),
                        metadata={"description": "The races in order; fewer than nine: unfinished."})
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True),
                         metadata={"description": "Claimed final VP."})
    winners = names_field("Claimed winners.", LIMITS.max_cards)
    meta = meta_field(LIMITS, "Free object: title, notes, …")


class OlympiTimelineSchema(TimelineHeaderSchema):
    """The moments of a game (its adapter's ``timeline``), as ``/api/v1/games/ID/timeline`` answers them."""

    world_record = fields.Boolean(metadata={"description": "Whether the world-record variant is on."})
    first_player = fields.String(allow_none=True, metadata={"description": "Who plays first in race 1."})
    dealt = fields.Boolean(metadata={"description": "Whether the log records the deal."})
    races = fields.List(fields.Dict(), metadata={"description": "Per race: discipline, turns, retirements, awards, "
                                                 "scores after, story and findings."})
    setup_findings = fields.List(fields.Dict(), metadata={"description": "Findings about the setup, before race 1."})


LOGS = {GAME_ID: ("OlympiLog", OlympiLogSchema)}
REPORTS = {GAME_ID: ("OlympiReport", ReportSchema)}
TIMELINES = {GAME_ID: ("OlympiTimeline", OlympiTimelineSchema)}

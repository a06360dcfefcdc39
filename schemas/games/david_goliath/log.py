"""Marshmallow schemas of the David & Goliath log and match log: the schema of record of
docs/games/david-goliath/format.md.

These schemas describe the *shape* of a log and nothing else: a player count outside 3–6, a card above
the deck, an unknown player or a play out of turn are rule findings of the replay, not schema errors.
Loading returns plain canonical dicts (every card in its string form, ``"G12"``), so
``dump(load(log))`` gives the canonical log back. Every object is closed except ``meta``.

Error messages are whole sentences because ``schemas.games.david_goliath.findings`` gives them as findings
as they are.
Marshmallow formats field messages with ``str.format``, hence the doubled braces in card examples.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from dg_replay.cards import Card
from dg_replay.reader import DEFAULT_LIMITS as LIMITS
from schemas import common

GAME_ID = "david-goliath"
MATCH_ID = "david-goliath-match"
VERSION = 1
NAME_LENGTH = (1, 40)

COLOR_LETTERS = {"blue": "B", "yellow": "Y", "green": "G", "red": "R", "purple": "P"}
CARD_TEXT = re.compile(r"[BYGRP][1-9][0-9]*")
CARD_HELP = 'write it as "G12" or {{"color": "green", "value": 12}}'

CARD_OPENAPI = {
    "oneOf": [
        {"type": "string", "pattern": f"^{CARD_TEXT.pattern}$", "example": "G12"},
        {"type": "object", "additionalProperties": False, "required": ["color", "value"],
         "properties": {"color": {"type": "string", "enum": list(COLOR_LETTERS)},
                        "value": {"type": "integer", "minimum": 1}}},
    ],
    "description": 'A card: colour letter and value ("G12"), or {"color": "green", "value": 12}.',
}
GAME_CHOICE = f'"game" must be "{GAME_ID}" or "{MATCH_ID}".'


def parse_card(value: object) -> Card | None:
    """Either written form of a card, or ``None``; strict, so ``true`` or ``12.0`` is never a value."""
    if type(value) is str:
        # The pattern is checked here too so the schema of record states it, whatever the engine accepts.
        return Card.parse(value) if CARD_TEXT.fullmatch(value) else None
    if type(value) is dict and value.keys() == {"color", "value"}:
        color, number = value["color"], value["value"]
        # type() checks first: a list as colour is unhashable, and bool is a subclass of int.
        if type(color) is str and color in COLOR_LETTERS and type(number) is int and number >= 1:
            return Card(COLOR_LETTERS[color], number)
    return None


class CardField(fields.Field):
    """A card in either form on input; always the string form (``"G12"``) on output."""

    default_error_messages = {  # noqa: RUF012 - marshmallow merges this class attribute by name
        "invalid": f"This is not a card; {CARD_HELP}.",
        "required": "The card is missing.",
        "null": f"A card cannot be null; {CARD_HELP}.",
    }

    def __init__(self, **kwargs: Any) -> None:
        # apispec cannot infer a custom field's type; spell out both forms for the OpenAPI document.
        kwargs["metadata"] = {**CARD_OPENAPI, **kwargs.get("metadata", {})}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        card = parse_card(value)
        if card is None:
            raise self.make_error("invalid")
        return str(card)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        if value is None:
            return None
        if isinstance(value, Card):
            return str(value)
        card = parse_card(value)
        if card is None:
            raise ValueError(f"{value!r} is not a card and cannot be written as one")
        return str(card)


def _messages(what: str, kind: str) -> dict[str, str]:
    """Sentences for a field's generic failures, naming the field as a player would."""
    return {
        "required": f"{what} is missing.",
        "null": f"{what} cannot be null; it must be {kind}.",
        "invalid": f"{what} must be {kind}.",
    }


def name_field(what: str, **kwargs: Any) -> fields.String:
    low, high = NAME_LENGTH
    return fields.String(
        validate=validate.Length(low, high, error=f"{what} must be {low} to {high} characters long."),
        error_messages=_messages(what, "text"), **kwargs)


def most(count: int, what: str) -> validate.Length:
    """The engine's size limits (``dg_replay.reader.Limits``), stated here too so the OpenAPI document shows them."""
    return validate.Length(max=count, error=f"{what} may have at most {count} entries.")


def names_field(what: str, **kwargs: Any) -> fields.List:
    return fields.List(name_field("A player name"), error_messages=_messages(what, "a list of player names"),
                       validate=most(LIMITS.max_cards, what), **kwargs)


def text_field(what: str, **kwargs: Any) -> fields.String:
    return fields.String(error_messages=_messages(what, "text"),
                         validate=validate.Length(max=LIMITS.max_text,
                                                  error=f"{what} may be at most {LIMITS.max_text} characters long."),
                         **kwargs)


def integer_field(what: str, **kwargs: Any) -> fields.Integer:
    # strict: 12.0 and "12" are not whole numbers in a log; marshmallow already refuses booleans.
    messages = {**_messages(what, "a whole number"), "too_large": f"{what} is too large."}
    return fields.Integer(strict=True, error_messages=messages, **kwargs)


def keyed_by_player(what: str) -> validate.Length:
    return validate.Length(max=LIMITS.max_keys, error=f"{what} may have at most {LIMITS.max_keys} entries.")


def cards_by_player(what: str, **kwargs: Any) -> fields.Dict:
    return fields.Dict(validate=keyed_by_player(what),
        keys=fields.String(error_messages=_messages("A player name", "text")),
        values=fields.List(CardField(), error_messages=_messages("A player's cards", "a list of cards"),
                           validate=most(LIMITS.max_cards, "A list of cards")),
        error_messages=_messages(what, "an object of player name to cards"), **kwargs)


def points_by_player(what: str, **kwargs: Any) -> fields.Dict:
    return fields.Dict(validate=keyed_by_player(what),
        keys=fields.String(error_messages=_messages("A player name", "text")),
        values=integer_field("A score"),
        error_messages=_messages(what, "an object of player name to points"), **kwargs)


def game_field(game_id: str) -> fields.String:
    return fields.String(
        required=True, validate=validate.Equal(game_id, error=GAME_CHOICE),
        error_messages={"required": f'The log does not say which game it is; add "game": "{game_id}".',
                        "null": GAME_CHOICE, "invalid": GAME_CHOICE})


def version_field() -> fields.Integer:
    only = f"Only log format version {VERSION} exists."
    return fields.Integer(strict=True, validate=validate.Equal(VERSION, error=only),
                          error_messages={"null": only, "invalid": only, "too_large": only})


def meta_field() -> fields.Dict:
    return common.meta_field(LIMITS, "Free object: title, event, date, source, notes, … (any keys).",
                             error_messages=_messages('"meta"', "an object"))


class ClosedSchema(Schema):
    """A closed JSON object; ``noun`` names it in messages ("… is not a field of a play")."""

    noun = "an object"

    class Meta:
        unknown = RAISE


class DavidGoliathPlaySchema(ClosedSchema):
    noun = "a play"
    error_messages = {  # noqa: RUF012 - marshmallow merges this class attribute by name
        "type": 'A play must be an object like {"player": "Ben", "card": "G12"}.',
        "unknown": "Unknown field; a play has only player, card and note.",
    }

    player = name_field("The player", required=True, metadata={"description": "Who played the card."})
    card = CardField(required=True, metadata={"description": 'The card, "G12" or {"color": "green", "value": 12}.'})
    note = text_field("A note", metadata={"description": "Annotation shown with the play."})


class DavidGoliathTrickSchema(ClosedSchema):
    noun = "a trick"
    error_messages = {  # noqa: RUF012
        "type": "A trick must be an object with its plays.",
        "unknown": "Unknown field; a trick has only plays, captures and note.",
    }

    plays = fields.List(fields.Nested(DavidGoliathPlaySchema, error_messages=_messages("A play", "an object")),
                        required=True, error_messages=_messages('The trick\'s "plays"', "a list of plays"),
                        validate=most(LIMITS.max_plays, "A trick"),
                        metadata={"description": "The plays in order of play."})
    captures = cards_by_player('"captures"', metadata={"description": "Claimed result: who took which cards."})
    note = text_field("A note", metadata={"description": "Annotation shown with the trick."})


class DavidGoliathLogSchema(ClosedSchema):
    noun = "a log"
    error_messages = {  # noqa: RUF012
        "type": "A log must be a JSON object.",
        "unknown": 'Unknown field; free-form information belongs in "meta".',
    }

    game = game_field(GAME_ID)
    version = version_field()
    players = names_field('"players"', required=True,
                          metadata={"description": "Player names in clockwise seating order."})
    dealer = name_field('"dealer"', metadata={"description": "The dealer's name; optional."})
    hands = cards_by_player('"hands"', metadata={"description": "The deal: each player's 15 cards."})
    tricks = fields.List(fields.Nested(DavidGoliathTrickSchema, error_messages=_messages("A trick", "an object")),
                         required=True, error_messages=_messages('"tricks"', "a list of tricks"),
                         validate=most(LIMITS.max_tricks, '"tricks"'),
                         metadata={"description": "The tricks in order; fewer than 15 means unfinished."})
    scores = points_by_player('"scores"', metadata={"description": "Claimed final scores."})
    winners = names_field('"winners"', metadata={"description": "Claimed winners."})
    meta = meta_field()


class DavidGoliathMatchLogSchema(ClosedSchema):
    noun = "a match log"
    error_messages = {  # noqa: RUF012
        "type": "A match log must be a JSON object.",
        "unknown": 'Unknown field; free-form information belongs in "meta".',
    }

    game = game_field(MATCH_ID)
    version = version_field()
    players = names_field('"players"', required=True,
                          metadata={"description": "Player names in clockwise seating order."})
    games = fields.List(fields.Nested(DavidGoliathLogSchema, error_messages=_messages("A game", "a log object")),
                        required=True, error_messages=_messages('"games"', "a list of game logs"),
                        validate=most(LIMITS.max_games, '"games"'),
                        metadata={"description": "The games of the match, in order."})
    totals = points_by_player('"totals"', metadata={"description": "Claimed match totals."})
    meta = meta_field()

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def same_players(self, data: dict, original: Any, **kwargs: Any) -> None:
        # Section 2 makes "the same players" part of a match log's shape. The original input is compared,
        # not ``data``: a list field with a bad item drops it from ``data``, shifting the game indexes.
        if type(original) is not dict:
            return  # not an object at all: the type error says so
        players, games = original.get("players"), original.get("games")
        if type(players) is not list or type(games) is not list:
            return
        wrong = {index: {"players": [f"Game {index + 1} must list the match's players in the same order."]}
                 for index, game in enumerate(games)
                 if type(game) is dict and type(game.get("players")) is list and game["players"] != players}
        if wrong:
            raise ValidationError({"games": wrong})

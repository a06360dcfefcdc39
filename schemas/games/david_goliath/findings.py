"""Turn marshmallow validation errors into the project's ``schema`` findings, one per problem.

Marshmallow reports errors as a nested dict that mirrors the schema: field names, list indexes, and for
dict-valued fields (``hands``, ``captures``, ``scores``, ``totals``) the user's key and then ``"key"`` or
``"value"``. Walking that dict next to the schema that produced it tells those levels apart, so every
finding gets the exact RFC 6901 pointer into the submitted document and, inside a trick or a play, its
1-based trick and play numbers (and game number inside a match log).

``load_log`` takes any JSON value and gives a canonical log or these findings, never an exception. The
service does not call it (David & Goliath's reader finds the shape's problems on the hot path); the tests
do, to hold the reader's findings to what the schema of record says (tests/test_schemas_findings.py,
tests/test_dg_properties.py).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields

from dg_replay.reader import finding
from replaykit.findings import ERROR, Finding, pointer
from replaykit.reading import describe, show
from schemas.games.david_goliath.log import MATCH_ID, DavidGoliathLogSchema, DavidGoliathMatchLogSchema

SCHEMA = "schema"
SCHEMA_LEVEL = "_schema"  # marshmallow's key for errors of an object as a whole

_LOG = DavidGoliathLogSchema()
_MATCH = DavidGoliathMatchLogSchema()


def load_log(document: object) -> tuple[dict | None, list[Finding]]:
    """Load a log or match log (chosen by its ``game``): ``(canonical dict, [])`` or ``(None, findings)``."""
    if type(document) is not dict:
        message = f"A log must be a JSON object; this document is {describe(document)}."
        return None, [Finding(SCHEMA, ERROR, message)]
    # A wrong or missing "game" is read as a single-game log, so its other problems are reported too.
    schema = _MATCH if document.get("game") == MATCH_ID else _LOG
    try:
        return schema.load(document), []
    except ValidationError as error:
        return None, schema_findings(error.messages, schema)


def schema_findings(messages: Any, schema: Schema | type[Schema] | None = None) -> list[Finding]:
    """One ``schema`` finding per message in ``ValidationError.messages``.

    ``schema`` is the schema that raised (class or instance, ``DavidGoliathLogSchema`` by default); it is needed to
    tell a dict-valued field's ``"key"``/``"value"`` levels from user keys and to name unknown fields.
    """
    if schema is None:
        schema = _LOG
    elif isinstance(schema, type):
        schema = schema()
    found: list[Finding] = []
    _walk(messages, schema, [], found)
    return found


def _walk(messages: Any, node: Schema | fields.Field | None, tokens: list, found: list[Finding]) -> None:
    if isinstance(messages, str):
        found.append(_finding(tokens, messages))
    elif isinstance(messages, list | tuple):
        for item in messages:
            _walk(item, node, tokens, found)
    elif not isinstance(messages, dict):
        found.append(_finding(tokens, str(messages)))
    elif isinstance(node, Schema):
        _walk_object(messages, node, tokens, found)
    elif SCHEMA_LEVEL in messages:
        # Merging a schema validator's error into a field's item errors files it under "_schema":
        # it is about the field itself (e.g. a match game's whole "players" list).
        rest = {key: sub for key, sub in messages.items() if key != SCHEMA_LEVEL}
        _walk(messages[SCHEMA_LEVEL], None, tokens, found)
        if rest:
            _walk(rest, node, tokens, found)
    elif isinstance(node, fields.Nested):
        _walk(messages, node.schema, tokens, found)
    elif isinstance(node, fields.List):
        for index in sorted(messages, key=_index_order):
            _walk(messages[index], node.inner, [*tokens, index], found)
    elif isinstance(node, fields.Mapping) and all(isinstance(sub, dict) for sub in messages.values()):
        for key, sub in messages.items():
            # A bad key and a bad value are both the problem of this entry: same pointer.
            if "key" in sub:
                _walk(sub["key"], node.key_field, [*tokens, key], found)
            if "value" in sub:
                _walk(sub["value"], node.value_field, [*tokens, key], found)
    else:
        for key, sub in messages.items():
            _walk(sub, None, [*tokens, key], found)


def _walk_object(messages: dict, schema: Schema, tokens: list, found: list[Finding]) -> None:
    unknown_text = schema.error_messages["unknown"]
    unknown = []
    for key, sub in messages.items():
        if key == SCHEMA_LEVEL:
            for text in sub if isinstance(sub, list) else [sub]:
                if text == unknown_text:  # the user really wrote a key "_schema"
                    unknown.append(key)
                else:
                    _walk(text, None, tokens, found)
        elif key in schema.fields:
            _walk(sub, schema.fields[key], [*tokens, key], found)
        else:
            unknown.append(key)
    # Marshmallow finds unknown keys with a set difference, so its order changes from run to run.
    for key in sorted(unknown, key=str):
        found.append(_finding([*tokens, key], _unknown_message(key, schema)))


def _unknown_message(key: object, schema: Schema) -> str:
    noun = getattr(schema, "noun", "this object")
    if "meta" in schema.fields:
        return f'{show(key)} is not a field of {noun}; put free-form information in "meta".'
    names = list(schema.fields)
    allowed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    return f"{show(key)} is not a field of {noun}; it has only {allowed}."


def _finding(tokens: list, message: str) -> Finding:
    game, trick, play = _numbers(tokens)
    return finding(SCHEMA, ERROR, message, trick=trick, play=play, path=pointer(*tokens), game=game)


def _numbers(tokens: list) -> tuple[int | None, int | None, int | None]:
    """1-based game, trick and play numbers of a path, for those the path lies inside."""
    numbers: dict[str, int] = {}
    rest = tokens
    for name in ("games", "tricks", "plays"):
        if len(rest) >= 2 and rest[0] == name and type(rest[1]) is int:
            numbers[name] = rest[1] + 1
            rest = rest[2:]
    return numbers.get("games"), numbers.get("tricks"), numbers.get("plays")


def _index_order(key: object) -> tuple[int, str]:
    # Marshmallow merges schema-level errors after field errors; list items are reported in document order.
    return (key, "") if type(key) is int else (0, str(key))



"""Words for what a user wrote, shared by every game's reader so their messages speak alike.

A reader never echoes a whole value back: ``describe`` names a JSON value's kind as a player would,
``show`` quotes it briefly, and ``mention`` quotes text and names anything else. ``no_json_text`` names
bytes that are no JSON text at all, which the JSON reader can only call a bad byte or a missing value.
"""

from __future__ import annotations

import json

from replaykit.words import Text, say

NUMBER = say("a number")
OBJECT = say("an object")
KINDS = {bool: say("true/false"), int: NUMBER, float: NUMBER, str: say("text"), list: say("a list"), dict: OBJECT}
NULL = say("null")


def describe(value: object) -> Text:
    """How a player would name a JSON value's kind: ``null``, ``a number``, ``text``, ``a list`` …"""
    return NULL if value is None else KINDS.get(type(value), OBJECT)


def named(value: object) -> Text | str:
    """What stands where one of a few words belongs: a text quoted (``"Gold"``: the slip is in the spelling),
    anything else by its kind (``a number``)."""
    return show(value) if isinstance(value, str) else describe(value)


def show(value: object) -> str:
    """A short quotation of what the user wrote, as JSON writes it ("R7", {"color": "red"}, true, null), so a
    message shows it without flooding the line."""
    if isinstance(value, str):
        text = f'"{value}"'
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        except (TypeError, ValueError):  # not from a JSON document: said as Python says it
            text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def mention(value: object) -> str | Text:
    """Text quoted (it is usually a name that was meant), anything else by its kind."""
    return f'"{value[:40]}"' if isinstance(value, str) else describe(value)


EMPTY = say("The log is empty: send the JSON document itself")
GZIP = say("This is gzip-compressed data, not JSON text: send the log uncompressed")
WIDE = say("This text is UTF-16 (or UTF-32), not UTF-8: save the log as UTF-8 and send it again")
ZIP = say("This is a zip archive, not JSON text: unzip it and send the log it holds")


def no_json_text(raw: bytes) -> Text | None:
    """What bytes the JSON reader refused are, when they are no JSON text at all: nothing, gzip, zip, or UTF-16/32
    (which Windows tools write); ``None`` otherwise. A JSON text starts with two ASCII characters, so a wide
    encoding without its byte-order mark shows in where the NULs among its first bytes lie (RFC 4627): 00 xx
    or xx 00 (UTF-16, UTF-32 little-endian), 00 00 00 xx (UTF-32 big-endian). A NUL after two such characters
    (``{}`` then a NUL) is the reader's to place."""
    if not raw.strip():
        return EMPTY
    if raw.startswith(b"\x1f\x8b"):
        return GZIP
    if raw.startswith(b"PK\x03\x04"):
        return ZIP
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(raw) >= 2 and (raw[0] == 0) != (raw[1] == 0)) \
            or (len(raw) >= 4 and raw[:3] == b"\x00\x00\x00" and raw[3] != 0):
        return WIDE
    return None

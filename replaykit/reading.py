"""Words for what a user wrote, shared by every game's reader so their messages speak alike.

A reader never echoes a whole value back: ``describe`` names a JSON value's kind as a player would,
``show`` quotes it briefly, and ``mention`` quotes text and names anything else.
"""

from __future__ import annotations

from replaykit.words import Text, say

NUMBER = say("a number")
OBJECT = say("an object")
KINDS = {bool: say("true/false"), int: NUMBER, float: NUMBER, str: say("text"), list: say("a list"), dict: OBJECT}
NULL = say("null")


def describe(value: object) -> Text:
    """How a player would name a JSON value's kind: ``null``, ``a number``, ``text``, ``a list`` …"""
    return NULL if value is None else KINDS.get(type(value), OBJECT)


def show(value: object) -> str:
    """A short quotation of what the user wrote, so a message shows it without flooding the line."""
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def mention(value: object) -> str | Text:
    """Text quoted (it is usually a name that was meant), anything else by its kind."""
    return f'"{value[:40]}"' if isinstance(value, str) else describe(value)

"""Words for what a user wrote, shared by every game's reader so their messages speak alike.

A reader never echoes a whole value back: ``describe`` names a JSON value's kind as a player would,
``show`` quotes it briefly, and ``mention`` quotes text and names anything else.
"""

from __future__ import annotations

KINDS = {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}


def describe(value: object) -> str:
    """How a player would name a JSON value's kind: ``null``, ``a number``, ``text``, ``a list`` …"""
    return "null" if value is None else KINDS.get(type(value), "an object")


def show(value: object) -> str:
    """A short quotation of what the user wrote, so a message shows it without flooding the line."""
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def mention(value: object) -> str:
    """Text quoted (it is usually a name that was meant), anything else by its kind."""
    return f'"{value[:40]}"' if isinstance(value, str) else describe(value)

"""The games this browser uploaded through the form (or stored from the recorder): their delete tokens, kept in
its session, and the list of them the start page shows, so that an uploader who lost a link finds the game again.

A browser keeps the delete tokens of its last ``KEPT`` uploads, the most recent first; an API client gets its
token in the answer instead. The cookie is signed, not encrypted: each token is kept sealed (XOR with a key only
the server can derive, from its secret and the game's id), so reading the cookie does not give the token.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re

from flask import current_app, session, url_for
from flask_babel import format_datetime
from flask_babel import gettext as _

import api as web
from api import verdicts

KEPT = 20
# A log's title as its meta writes it, in the ends the list reads of each log (api.storage.ENDS_BYTES)
_TITLE = re.compile(rb'"title"\s*:\s*("(?:[^"\\]|\\.){0,400}")')
TITLE_SHOWN = 80  # characters


def _keystream(game_id: str) -> bytes:
    secret = current_app.config["SECRET_KEY"].encode()
    return hmac.new(secret, f"delete-token:{game_id}".encode(), hashlib.sha512).digest()


def _close(game_id: str, token: str) -> str:
    """The token sealed for the session (a token is 24 characters, the key 64 bytes)."""
    data = token.encode()[:64]
    return bytes(a ^ b for a, b in zip(data, _keystream(game_id), strict=False)).hex()


def _open(game_id: str, sealed: str) -> str:
    try:
        data = bytes.fromhex(sealed)
    except (TypeError, ValueError):
        return ""
    return bytes(a ^ b for a, b in zip(data, _keystream(game_id), strict=False)).decode("utf-8", "replace")


def owned() -> dict[str, str]:
    """``{game id: delete token}`` of this browser's uploads, newest first."""
    return {key: _open(key, value) for key, value in session.get("owned", [])}


def remember(game_id: str, token: str) -> None:
    # pairs, newest first: the session's JSON sorts the keys of a dict
    pairs = [[game_id, token], *([key, value] for key, value in owned().items())][:KEPT]
    session["owned"] = [[key, _close(key, value)] for key, value in pairs]


def forget(game_id: str) -> None:
    session["owned"] = [[key, _close(key, value)] for key, value in owned().items() if key != game_id]


def uploads() -> list[dict]:
    """What the start page lists of this browser's uploads still stored, newest first: title, game, verdict,
    when, and the page's address. Only the ends of each log are read, for its title."""
    ids = list(owned())
    if not ids:
        return []
    found = web.services().repository.summaries(ids)
    engines = verdicts.engines()
    listed = []
    for game_id in ids:
        record = found.get(game_id)
        if record is None:  # deleted, or past the retention
            continue
        engine = engines.get(record.game)
        listed.append({"href": url_for("pages.game", game_id=game_id), "title": _title(record.head, record.tail),
                       "game": engine.name if engine else record.game, "valid": record.valid,
                       "iso": record.created.isoformat(), "when": format_datetime(record.created, "short")})
    return listed


def _title(head: bytes, tail: bytes) -> str:
    match = _TITLE.search(head) or _TITLE.search(tail)
    try:
        title = json.loads(match.group(1)) if match else ""
    except ValueError:
        title = ""
    title = " ".join(title.split())
    return title[:TITLE_SHOWN] + ("…" if len(title) > TITLE_SHOWN else "") if title else _("Uploaded game")

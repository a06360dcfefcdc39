"""Every finding code in words: the short title a key moment, a group of findings and a filter show.

A code is how a program tells findings apart (``must-follow-suit``); a reader needs a phrase ("did not
follow suit"). Each game gives its codes their titles in its own catalogue (``Code.title``, said with the
game's words, so translated with them); a code listed with no title is shown by its summary, never raw.
"""

from __future__ import annotations

from replaykit.engine import CORE_CODES, Code
from replaykit.registry import engines
from replaykit.words import COMMA, SEMICOLON, Joined, Text, say

RESULT = say("The game's result")  # where a key moment tells the claims no step holds


def entries(code: str) -> list[Code]:
    """The catalogue entries of ``code``, in every installed game's catalogue and the core's."""
    listed = [*(entry for engine in engines().values() for entry in engine.codes), *CORE_CODES]
    return [entry for entry in listed if entry.code == code]


def is_claim(code: str) -> bool:
    """Whether ``code`` is about a claim of the score sheet in the games that list it: a game whose only
    errors are such was played legally to its end."""
    listed = entries(code)
    return bool(listed) and all(entry.claim for entry in listed)


def claims_moment(report: dict, unit: str, last_step: str | None, where: Text = RESULT) -> dict | None:
    """The key moment, at ``last_step`` (the game's last), of the errors about the score sheet's claims for the
    whole game (its scores, its winners), which no ``unit`` (trick, round, race) holds; ``None`` without
    such errors, or without a step to tell them at."""
    claims = [finding for finding in report.get("errors") or []
              if finding.get(unit) is None and is_claim(finding.get("code", ""))]
    if not claims or last_step is None:
        return None
    return {"step": last_step, "kind": "error", "label": moment_label(where, *claims)}


def title(code: str) -> str | Text:
    """The code in words: its title in the first catalogue that lists it, else that entry's summary."""
    listed = entries(code)
    return next((entry.title for entry in listed if entry.title), listed[0].summary if listed else code)


def moment_label(where: str | Text, *findings: dict) -> Text:
    """A key moment's label for the errors of one step: where, every reason in words (each once), and who."""
    reasons = Joined(list(dict.fromkeys(title(finding.get("code", "")) for finding in findings)), SEMICOLON, "; ")
    players = list(dict.fromkeys(finding["player"] for finding in findings
                                 if isinstance(finding.get("player"), str) and finding["player"]))
    if players:  # who before what: a reason may hold brackets of its own ("(a revoke)")
        return say("{where} · {players}: {reasons}", where=where, reasons=reasons, players=Joined(players, COMMA))
    return say("{where}: {reasons}", where=where, reasons=reasons)

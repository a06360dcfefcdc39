"""Every finding code in words: the short title a key moment, a group of findings and a filter show.

A code is how a program tells findings apart (``must-follow-suit``); a reader needs a phrase ("did not
follow suit"). Titles are whole phrases, one per code, so they can be translated as they stand; a code no
game lists here is shown by its catalogue summary, never raw.
"""

from __future__ import annotations

from replaykit.registry import engines
from replaykit.words import COMMA, SEMICOLON, Joined, Text, say

TITLES = {
    "schema": say("not in the log's format"),
    "more-findings": say("more findings than listed"),
    "player-count": say("wrong number of players"),
    "duplicate-player": say("a name listed twice"),
    "unknown-player": say("a name that is not a player"),
    "card-not-in-deck": say("a card not in the deck"),
    "hand-size": say("a hand of the wrong size"),
    "duplicate-card": say("a card dealt twice"),
    "too-many-copies": say("too many copies of a card"),
    "wrong-leader": say("the wrong player led"),
    "wrong-turn": say("played out of turn"),
    "trick-size": say("a trick of the wrong size"),
    "card-already-played": say("a card played twice"),
    "card-not-in-hand": say("a card not in hand"),
    "must-follow-suit": say("did not follow suit (a revoke)"),
    "too-many-tricks": say("more tricks than a game has"),
    "capture-mismatch": say("captures written wrong"),
    "score-mismatch": say("a score added up wrong"),
    "winner-mismatch": say("the wrong winners named"),
    "incomplete-game": say("the game is unfinished"),
    "dealer-rotation": say("the wrong dealer"),
    "match-length": say("more games than a match has"),
    "option-conflict": say("options that conflict"),
    "revolution-invalid": say("a revolution not allowed"),
    "tax-missing": say("a tax not recorded"),
    "tax-not-due": say("a tax nobody owed"),
    "tax-wrong-count": say("a tax of the wrong number of cards"),
    "tax-wrong-cards": say("a tax not paid with the best cards"),
    "lead-pass": say("a pass to open a trick"),
    "set-size": say("a set of the wrong size"),
    "mixed-values": say("a set of mixed values"),
    "not-lower": say("a set not lower than the last"),
    "trick-unfinished": say("a trick left unfinished"),
    "play-after-end": say("a play after the end"),
    "incomplete-round": say("the round is unfinished"),
    "rank-mismatch": say("the wrong ranks written"),
    "finish-mismatch": say("the wrong finishing order written"),
    "points-mismatch": say("points added up wrong"),
    "session-over": say("a round after the session ended"),
    "incomplete-session": say("the session is unfinished"),
    "discipline-count": say("the wrong number of disciplines"),
    "duplicate-discipline": say("a discipline named twice"),
    "unknown-discipline": say("an unknown discipline"),
    "deck-size": say("a deck of the wrong size"),
    "wrong-discipline": say("the wrong discipline raced"),
    "postpone-not-allowed": say("a discipline that may not be postponed"),
    "wrong-first-player": say("the wrong player opened the race"),
    "already-retired": say("a turn after retiring"),
    "race-over": say("a turn after the race was over"),
    "wrong-action": say("a pass and a retirement confused"),
    "wrong-card-count": say("the wrong number of cards played"),
    "rule-broken": say("broke the discipline's rule"),
    "draw-count": say("the wrong number of cards drawn"),
    "draw-mismatch": say("a draw that differs from the deck"),
    "reshuffle-mismatch": say("a reshuffle that did not happen so"),
    "unfinished-race": say("a race left unfinished"),
    "too-many-races": say("more races than a game has"),
    "medal-mismatch": say("the wrong medals written"),
    "first-player-mismatch": say("the wrong First-player card claim"),
    "record-mismatch": say("the wrong World Record claim"),
    "unchecked-rule": say("a rule the service cannot check"),
    "deck-exhausted": say("the deck ran out"),
}

# Claims written on the score sheet: a game whose only errors are these was played legally to its end.
SHEET_CODES = frozenset({"capture-mismatch", "score-mismatch", "winner-mismatch", "rank-mismatch",
                         "finish-mismatch", "points-mismatch", "medal-mismatch", "first-player-mismatch",
                         "record-mismatch"})


def title(code: str) -> str | Text:
    """The code in words: its title, else its summary in the catalogue of the game that lists it."""
    if code in TITLES:
        return TITLES[code]
    for engine in engines().values():
        for entry in engine.codes:
            if entry.code == code:
                return entry.summary
    return code


def moment_label(where: str | Text, *findings: dict) -> Text:
    """A key moment's label for the errors of one step: where, every reason in words (each once), and who."""
    reasons = Joined(list(dict.fromkeys(title(finding.get("code", "")) for finding in findings)), SEMICOLON, "; ")
    players = list(dict.fromkeys(finding["player"] for finding in findings
                                 if isinstance(finding.get("player"), str) and finding["player"]))
    if players:
        return say("{where}: {reasons} ({players})", where=where, reasons=reasons, players=Joined(players, COMMA))
    return say("{where}: {reasons}", where=where, reasons=reasons)

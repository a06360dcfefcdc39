"""Every finding code in words: the short title a key moment, a group of findings and a filter show.

A code is how a program tells findings apart (``must-follow-suit``); a reader needs a phrase ("did not
follow suit"). Titles are whole phrases, one per code, so they can be translated as they stand; a code no
game lists here is shown by its catalogue summary, never raw.
"""

from __future__ import annotations

from replaykit.registry import engines

TITLES = {
    "schema": "not in the log's format",
    "more-findings": "more findings than listed",
    "player-count": "wrong number of players",
    "duplicate-player": "a name listed twice",
    "unknown-player": "a name that is not a player",
    "card-not-in-deck": "a card not in the deck",
    "hand-size": "a hand of the wrong size",
    "duplicate-card": "a card dealt twice",
    "too-many-copies": "too many copies of a card",
    "wrong-leader": "the wrong player led",
    "wrong-turn": "played out of turn",
    "trick-size": "a trick of the wrong size",
    "card-already-played": "a card played twice",
    "card-not-in-hand": "a card not in hand",
    "must-follow-suit": "did not follow suit (a revoke)",
    "too-many-tricks": "more tricks than a game has",
    "capture-mismatch": "captures written wrong",
    "score-mismatch": "a score added up wrong",
    "winner-mismatch": "the wrong winners named",
    "incomplete-game": "the game is unfinished",
    "dealer-rotation": "the wrong dealer",
    "match-length": "more games than a match has",
    "option-conflict": "options that conflict",
    "revolution-invalid": "a revolution not allowed",
    "tax-missing": "a tax not recorded",
    "tax-not-due": "a tax nobody owed",
    "tax-wrong-count": "a tax of the wrong number of cards",
    "tax-wrong-cards": "a tax not paid with the best cards",
    "lead-pass": "a pass to open a trick",
    "set-size": "a set of the wrong size",
    "mixed-values": "a set of mixed values",
    "not-lower": "a set not lower than the last",
    "trick-unfinished": "a trick left unfinished",
    "play-after-end": "a play after the end",
    "incomplete-round": "the round is unfinished",
    "rank-mismatch": "the wrong ranks written",
    "finish-mismatch": "the wrong finishing order written",
    "points-mismatch": "points added up wrong",
    "session-over": "a round after the session ended",
    "incomplete-session": "the session is unfinished",
    "discipline-count": "the wrong number of disciplines",
    "duplicate-discipline": "a discipline named twice",
    "unknown-discipline": "an unknown discipline",
    "deck-size": "a deck of the wrong size",
    "wrong-discipline": "the wrong discipline raced",
    "postpone-not-allowed": "a discipline that may not be postponed",
    "wrong-first-player": "the wrong player opened the race",
    "already-retired": "a turn after retiring",
    "race-over": "a turn after the race was over",
    "wrong-action": "a pass and a retirement confused",
    "wrong-card-count": "the wrong number of cards played",
    "rule-broken": "broke the discipline's rule",
    "draw-count": "the wrong number of cards drawn",
    "draw-mismatch": "a draw that differs from the deck",
    "reshuffle-mismatch": "a reshuffle that did not happen so",
    "unfinished-race": "a race left unfinished",
    "too-many-races": "more races than a game has",
    "medal-mismatch": "the wrong medals written",
    "first-player-mismatch": "the wrong First-player card claim",
    "record-mismatch": "the wrong World Record claim",
    "unchecked-rule": "a rule the service cannot check",
    "deck-exhausted": "the deck ran out",
}

# Claims written on the score sheet: a game whose only errors are these was played legally to its end.
SHEET_CODES = frozenset({"capture-mismatch", "score-mismatch", "winner-mismatch", "rank-mismatch",
                         "finish-mismatch", "points-mismatch", "medal-mismatch", "first-player-mismatch",
                         "record-mismatch"})


def title(code: str) -> str:
    """The code in words: its title, else its summary in the catalogue of the game that lists it."""
    if code in TITLES:
        return TITLES[code]
    for engine in engines().values():
        for entry in engine.codes:
            if entry.code == code:
                return entry.summary
    return code


def moment_label(where: str, *findings: dict) -> str:
    """A key moment's label for the errors of one step: where, every reason in words (each once), and who."""
    reasons = list(dict.fromkeys(title(finding.get("code", "")) for finding in findings))
    players = list(dict.fromkeys(finding["player"] for finding in findings
                                 if isinstance(finding.get("player"), str) and finding["player"]))
    what = "; ".join(reasons)
    return f"{where}: {what} ({', '.join(players)})" if players else f"{where}: {what}"

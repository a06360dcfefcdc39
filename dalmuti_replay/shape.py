"""The shape of an Il Grande Dalmuti log as the reader checks it: the keys each object allows, the bounds of
its lists (``Limits``) and the reader's words for what breaks them.

Apart from ``reader`` so that the reader, which walks every play of a log, can be compiled (``scripts/native``):
``Limits`` extends the core's interpreted ``TextLimits``, which a compiled class cannot. The State asks the
same bounds and words before it offers or takes a step (``too_long``, ``too_many_session_plays``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dalmuti_replay.words import say, say_n
from replaykit.texts import TextLimits
from replaykit.words import Text

LOG_KEYS = ("game", "version", "players", "options", "end", "rounds", "totals", "winners", "meta")
ROUND_KEYS = ("join", "ranks", "hands", "revolution", "taxes", "tricks", "finish", "points", "totals", "note")
TRANSFER_KEYS = ("from", "to", "cards", "note")
TRICK_KEYS = ("plays", "note")
PLAY_KEYS = ("player", "cards", "pass", "note")
END_KEYS = ("rounds", "points")


@dataclass(frozen=True)
class Limits(TextLimits):
    """Sizes past which a document is not a log at all (schema), rather than a session with much in it
    (names, notes and meta are bounded by the core's ``TextLimits``)."""

    max_names: int = 64  # entries of players, join, ranks, finish, winners and of name-keyed objects
    min_steps: int = 1  # entries of "rounds": one or more in a log; none yet in a setup (replaykit.engine)
    # A log so far (replaykit.engine) may end with a trick opened and nothing played in it yet ({"trick": n})
    open_end: int = 0
    max_rounds: int = 100
    max_tricks: int = 100  # per round: 80 cards make at most 80 sets
    max_plays: int = 400  # per trick
    max_cards: int = 100  # per list of cards (a hand holds at most 80)
    max_transfers: int = 16  # per round
    # Plays and passes in the whole session: the work of a replay, its table view and its what-if grows with
    # them, and a request's work has a bound. Eight players make about 210 a round: some 28 rounds.
    max_session_plays: int = 6_000


DEFAULT_LIMITS = Limits()


def too_many_session_plays(limits: Limits, count: int) -> Text | None:
    """The reader's words for a session of ``count`` plays and passes, past its bound (``None``: within it);
    the State asks it too, so that it never offers nor accepts a play the reader would refuse."""
    if count <= limits.max_session_plays:
        return None
    return say("The session has {count} plays and passes in all; a log may have at most {most}. Split it into "
               "several logs, a few rounds each.", count=count, most=limits.max_session_plays)


# The words of the messages above: one whole sentence for each kind of entry.
PLAYER_NAME = say("A player name")
NOTE = say("A note")
DECLARER = say("The revolution's declarer")
NOT_AN_OBJECT: dict[str, Callable[..., Text]] = {
    "a round": lambda **p: say("A round must be an object like {example}; found {kind}.", **p),
    "a transfer": lambda **p: say("A transfer must be an object like {example}; found {kind}.", **p),
    "a trick": lambda **p: say("A trick must be an object like {example}; found {kind}.", **p),
    "a play": lambda **p: say("A play must be an object like {example}; found {kind}.", **p),
}
NOT_A_FIELD: dict[str, Callable[..., Text]] = {
    "a log": lambda key, allowed: say('{key} is not a field of a log; put free-form information in "meta".', key=key),
    "a round": lambda **p: say("{key} is not a field of a round; allowed: {allowed}.", **p),
    "a transfer": lambda **p: say("{key} is not a field of a transfer; allowed: {allowed}.", **p),
    "a trick": lambda **p: say("{key} is not a field of a trick; allowed: {allowed}.", **p),
    "a play": lambda **p: say("{key} is not a field of a play; allowed: {allowed}.", **p),
    "a deal": lambda **p: say("{key} is not a field of a deal; allowed: {allowed}.", **p),
    "a revolution": lambda **p: say("{key} is not a field of a revolution; allowed: {allowed}.", **p),
    "a trick opened": lambda **p: say("{key} is not a field of a trick opened; allowed: {allowed}.", **p),
}
TOO_LONG: dict[str, Callable[..., Text]] = {
    "rounds": lambda n, **p: say_n("{what} has {count} round; a log may have at most {most}.",
                                   "{what} has {count} rounds; a log may have at most {most}.", n, **p),
    "transfers": lambda n, **p: say_n("{what} has {count} transfer; a log may have at most {most}.",
                                      "{what} has {count} transfers; a log may have at most {most}.", n, **p),
    "tricks": lambda n, **p: say_n("{what} has {count} trick; a log may have at most {most}.",
                                   "{what} has {count} tricks; a log may have at most {most}.", n, **p),
    "plays": lambda n, **p: say_n("{what} has {count} play; a log may have at most {most}.",
                                  "{what} has {count} plays; a log may have at most {most}.", n, **p),
    "cards": lambda n, **p: say_n("A list of cards has {count} card; a log may have at most {most}.",
                                  "A list of cards has {count} cards; a log may have at most {most}.", n, **p),
}
# What a list of each kind is called in the sentences above: its key in the log.
LIST_KEYS: dict[str, str | None] = {
    "rounds": '"rounds"', "transfers": '"taxes"', "tricks": '"tricks"', "plays": '"plays"', "cards": None}


def numbers_of(path_tokens: tuple) -> tuple[int | None, int | None, int | None]:
    """1-based round, trick and play numbers of a path inside them."""
    found: dict[str, int] = {}
    rest = list(path_tokens)
    for name in ("rounds", "tricks", "plays"):
        if len(rest) >= 2 and rest[0] == name and type(rest[1]) is int:
            found[name] = rest[1] + 1
            rest = rest[2:]
    return found.get("rounds"), found.get("tricks"), found.get("plays")


def too_long(entries: str, count: int, most: int) -> Text | None:
    """The reader's words for a list of ``count`` ``entries`` (a key of ``TOO_LONG``) where at most ``most``
    fit, or ``None``; the State asks it before it offers or takes a step that lengthens a list."""
    return TOO_LONG[entries](count, what=LIST_KEYS[entries], most=most) if count > most else None


MISSING_NAME: dict[str, Callable[..., Text]] = {
    "from": lambda: say('"from" is missing: it says who gives the cards.'),
    "to": lambda: say('"to" is missing: it says who receives them.'),
    "player": lambda: say('"player" is missing: it says who played.'),
}

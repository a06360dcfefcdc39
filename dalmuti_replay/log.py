"""The typed form of a Grande Dalmuti log (spec section 2), as the reader hands it to the replay.

Every list keeps its positions: a part the reader could not read stays as ``None`` in its place, so a
finding's numbers and JSON pointer always name the entry the user wrote. The usual play is made here straight
from its JSON (``quick_play``), the rest by the reader, key by key.
"""

from __future__ import annotations

from typing import Final, TypeVar

from dalmuti_replay.cards import Card, card_of
from dalmuti_replay.rules import NO_VARIANTS, Options
from replaykit.findings import Finding
from replaykit.native import mypyc_attr

T = TypeVar("T")
GAME_ID = "grande-dalmuti"
UNITS = ("round", "trick", "play")


def finding(code: str, severity: str, message: str, round_: int | None = None, trick: int | None = None,
            play: int | None = None, player: str | None = None, path: str = "") -> Finding:
    """A finding placed by this game's three units, each present even when null."""
    return Finding(code, severity, message, player, path, (("round", round_), ("trick", trick), ("play", play)))


def shallow(thing: T) -> T:
    """A copy sharing every field, slotted or not: the forks of a session make many, and ``copy.copy``'s
    generic path is several times slower."""
    twin = object.__new__(type(thing))
    slots = getattr(type(thing), "__slots__", None)
    if slots is None:
        twin.__dict__.update(thing.__dict__)
    else:
        for name in slots:
            setattr(twin, name, getattr(thing, name))
    return twin


FEW_NAMES: Final = 10  # more than a table seats


def as_first_read(name: str, known: dict[str, str], order: list[str]) -> str:
    """``name`` as first read (``known``: each name to itself, as first read; ``order``: the first
    ``FEW_NAMES`` of them). A parsed log's names are new strings each time: comparing them with the few
    names of a table costs less than hashing them for ``known``, which is asked only after."""
    for first in order:
        if first == name:
            return first
    first = known.setdefault(name, name)
    if first is name and len(order) < FEW_NAMES:
        order.append(name)
    return first


@mypyc_attr(acyclic=True)
class Play:
    """One turn: a set (``cards``) or a pass (``cards`` is ``None``). A plain class rather than a dataclass:
    compiled, it is made without a Python-level ``__init__`` (one per play of the log). Compiled, it is also
    left out of the collector's reach (``acyclic``: what it holds never leads back to it), which then walks
    one object fewer a play after every replay and frees it sooner."""

    __slots__ = ("cards", "note", "player")

    def __init__(self, player: str, cards: list[Card] | None, note: str | None = None) -> None:
        self.player = player
        self.cards = cards
        self.note = note


@mypyc_attr(acyclic=True)  # as ``Play``
class Trick:
    __slots__ = ("note", "plays")

    def __init__(self, plays: list[Play | None], note: str | None = None) -> None:
        self.plays = plays
        self.note = note


def quick_play(value: object, longest: int, most: int, known: dict[str, str], order: list[str],
               passes: dict[str, Play]) -> Play | None:
    """The usual plays, ``{"player": name, "cards": [...]}`` and ``{"player": name, "pass": true}``, read at once
    (the name as first read); ``None`` for anything else, which ``Reader.slow_play`` reads key by key. A pass is the
    same ``Play`` for all of one player's passes (``passes``, by the name as first read): two thirds of the plays
    are passes, and a ``Play`` is never changed once read."""
    if type(value) is dict and len(value) == 2:
        player = value.get("player")
        if type(player) is str and 0 < len(player) <= longest:
            if value.get("pass") is True:  # asked first: most plays are passes
                first = as_first_read(player, known, order)
                play = passes.get(first)
                if play is None:
                    play = passes[first] = Play(first, None)
                return play
            cards = value.get("cards")
            if type(cards) is list and 0 < len(cards) <= most:
                try:
                    return Play(as_first_read(player, known, order), [card_of(card) for card in cards])
                except (KeyError, TypeError):
                    return None
    return None


def opened_alone(trick: Trick) -> bool:
    """Whether a trick is a step of its own before its plays: it has a note, or no play that could be read."""
    return trick.note is not None or all(play is None for play in trick.plays)


@mypyc_attr(acyclic=True)  # as ``Play``
class Transfer:
    """Cards handed over before play: a tax, a Dalmuti's return, or half of a market exchange. A plain class,
    as ``Round`` is: compiled, a dataclass is made through its Python-level ``__init__`` (``Play``)."""

    __slots__ = ("cards", "giver", "note", "receiver")

    def __init__(self, giver: str, receiver: str, cards: list[Card], note: str | None = None) -> None:
        self.giver = giver
        self.receiver = receiver
        self.cards = cards
        self.note = note


@mypyc_attr(acyclic=True)  # as ``Play``
class Round:
    """One round as the log gives it (``unreadable_hands``: hands left out for a schema problem)."""

    __slots__ = ("finish", "hands", "join", "note", "points", "ranks", "revolution", "taxes", "totals", "tricks",
                 "unreadable_hands")

    def __init__(self, join: list[str] | None = None, ranks: list[str] | None = None,
                 hands: dict[str, list[Card]] | None = None, unreadable_hands: set[str] | None = None,
                 revolution: str | None = None, taxes: list[Transfer | None] | None = None,
                 tricks: list[Trick] | None = None, finish: list[str] | None = None,
                 points: dict[str, int] | None = None, totals: dict[str, int] | None = None,
                 note: str | None = None) -> None:
        self.join = join
        self.ranks = ranks
        self.hands = hands
        self.unreadable_hands: set[str] = set() if unreadable_hands is None else unreadable_hands
        self.revolution = revolution
        self.taxes = taxes
        self.tricks: list[Trick] = [] if tricks is None else tricks
        self.finish = finish
        self.points = points
        self.totals = totals
        self.note = note

    def fork(self) -> Round:
        """A copy whose tricks and taxes a fork of the round may extend, the rest shared."""
        return Round(self.join, self.ranks, self.hands, self.unreadable_hands, self.revolution,
                     None if self.taxes is None else list(self.taxes),
                     [Trick(list(trick.plays), trick.note) for trick in self.tricks], self.finish, self.points,
                     self.totals, self.note)


@mypyc_attr(acyclic=True)  # as ``Play``
class End:
    """The declared end of a session: a number of rounds or a points target. A plain class, as ``Round``."""

    __slots__ = ("count", "kind")

    def __init__(self, kind: str, count: int) -> None:
        self.kind = kind  # "rounds" or "points"
        self.count = count


class Log:
    """The whole log as read. A plain class, as ``Round``: each log read makes one."""

    __slots__ = ("end", "meta", "options", "players", "rounds", "totals", "winners")

    def __init__(self, players: list[str] | None, options: Options | None = None) -> None:
        self.players = players
        self.options = NO_VARIANTS if options is None else options
        self.end: End | None = None
        self.rounds: list[Round | None] = []
        self.totals: dict[str, int] | None = None
        self.winners: list[str] | None = None
        self.meta: dict = {}

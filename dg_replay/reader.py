"""Read a parsed JSON document into a typed log, reporting every shape problem as a ``schema`` finding: the
validator's own reading of the log format (docs/games/david-goliath/format.md), in the standard library only, so
the engine and the command line stand alone and the hot path stays fast (``schemas/`` holds the marshmallow schema
of record; a test checks that both flag the same places). Nothing here raises for any JSON value: what cannot be
read is reported and left out, and the replay works with the rest."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from dg_replay.bits import card_of_text
from dg_replay.cards import CARD_OBJECT_EXAMPLE, CARD_TEXT_EXAMPLE, Card
from dg_replay.limits import DEFAULT_LIMITS, Limits, too_many_plays, too_many_tricks
from dg_replay.words import say
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import ERROR, Finding, pointer
from replaykit.reading import describe, show
from replaykit.texts import LongNames, meta_problems, text_problem

GAME_ID = "david-goliath"
MATCH_ID = "david-goliath-match"

LOG_KEYS = frozenset({"game", "version", "players", "dealer", "hands", "tricks", "scores", "winners", "meta"})
MATCH_KEYS = frozenset({"game", "version", "players", "games", "totals", "meta"})
TRICK_KEYS: Final = frozenset({"plays", "captures", "note"})
PLAY_KEYS = frozenset({"player", "card", "note"})


# What a message names, in the middle of a sentence and at its start (languages capitalise differently).
NOUNS = {"a log": (say("a log"), say("A log")), "a match log": (say("a match log"), say("A match log")),
         "a trick": (say("a trick"), say("A trick")), "a play": (say("a play"), say("A play")),
         "dealer": (say("dealer"), say("Dealer")), "a player name": (say("a player name"), say("A player name")),
         "a note": (say("a note"), say("A note")), "the player": (say("the player"), say("The player"))}


def finding(code: str, severity: str, message: str, trick: int | None = None, play: int | None = None,
            player: str | None = None, path: str = "", game: int | None = None) -> Finding:
    """A finding placed by this game's units: trick and play, and inside a match its game."""
    where: tuple[tuple[str, int | None], ...] = (("trick", trick), ("play", play))
    if game is not None:
        where = (("game", game), *where)
    return Finding(code, severity, message, player, path, where)


class Play:
    """One play as the log writes it, each field ``None`` where absent or unreadable: a plain class, made natively
    for every play read. Plays are equal, and hash alike, by their three fields (``views.key`` compares them)."""

    __slots__ = ("card", "note", "player")

    def __init__(self, player: str | None, card: Card | None, note: str | None = None) -> None:
        self.player, self.card, self.note = player, card, note

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and (self.player, self.card, self.note) == (other.player, other.card, other.note)

    def __hash__(self) -> int:
        return hash((self.player, self.card, self.note))


class Trick:
    """A trick as the log writes it (a plain class: compiled, made without a Python-level ``__init__``)."""

    __slots__ = ("captures", "note", "plays", "readable")

    def __init__(self, plays: list[Play], captures: dict[str, list[Card]] | None = None, note: str | None = None,
                 readable: bool = True) -> None:
        self.plays, self.captures, self.note = plays, captures, note
        self.readable = readable  # False when the plays could not be read at all (a schema finding says why)


class GameLog:
    """One game's log as read, filled as the reader finds it (a plain class: compiled, made natively)."""

    __slots__ = ("dealer", "hands", "has_dealer", "has_tricks", "meta", "players", "scores", "tricks", "winners")

    def __init__(self, players: list[str] | None) -> None:
        self.players = players
        self.dealer: str | None = None
        self.hands: dict[str, list[Card | None]] | None = None
        self.tricks: list[Trick] = []
        self.scores: dict[str, int] | None = None
        self.winners: list[str] | None = None
        self.meta: dict = {}
        self.has_dealer = False
        self.has_tricks = False  # "tricks" is a list (a patch adds to it rather than creating it)


@dataclass(slots=True)
class MatchLog:
    players: list[str] | None
    games: list[GameLog | None] = field(default_factory=list)
    totals: dict[str, int] | None = None
    meta: dict = field(default_factory=dict)
    has_games: bool = False  # "games" is a list (a patch adds to it rather than creating it)


class Reader:
    """Collects schema findings while reading one document."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        # Read for every play and every list of cards: fields of this compiled class, not the interpreted Limits.
        self.max_name, self.max_cards, self.max_keys = limits.max_name, limits.max_cards, limits.max_keys
        self.max_tricks, self.max_plays = limits.max_tricks, limits.max_plays
        self.findings: list[Finding] = []
        self.unlisted = 0  # shape problems past DETAILED_FINDINGS, counted only
        self.game_number: int | None = None  # set while reading a game inside a match
        # The players list's own strings: a play names its player with the seating's object, so that the State's
        # lookups by name (hand, count, tally, score) find it by identity, without hashing the play's copy.
        self.seated: list[str] = []
        self.long_names = LongNames()

    def problem(self, path: str, message: str, trick: int | None = None, play: int | None = None) -> None:
        if not self.counted_only():
            self.findings.append(finding("schema", ERROR, message, trick, play, None, path, self.game_number))

    def counted_only(self) -> bool:
        """Past ``DETAILED_FINDINGS`` a problem is counted, not worded: asked before wording one that costs (a
        body of 192,000 non-cards quoted each of them, 1.1 s for the 200 findings a report lists)."""
        if len(self.findings) >= DETAILED_FINDINGS:
            self.unlisted += 1
            return True
        return False

    # -- documents -------------------------------------------------------------------------------

    def document(self, data: object) -> GameLog | MatchLog | None:
        if type(data) is not dict:
            self.problem("", say("A log must be a JSON object; this document is {what}.", what=describe(data)))
            return None
        game = data.get("game")
        if game == MATCH_ID:
            from dg_replay.match import read_match  # that module replays what it reads, and imports this one

            return read_match(self, data)
        if game != GAME_ID:
            if "game" not in data:
                self.problem("/game", say('The log does not say which game it is; add "game": "{game}".', game=GAME_ID))
            else:
                self.problem("/game", say('"game" must be "{game}" or "{match}", not {found}.', game=GAME_ID,
                                          match=MATCH_ID, found=show(game)))
        return self.game(data)

    def game(self, data: dict, base: str = "") -> GameLog:
        self.closed(data, LOG_KEYS, base, "a log")
        self.version(data, base)
        log = GameLog(self.players(data, base))
        if "dealer" in data:
            log.has_dealer = True
            log.dealer = self.text(data["dealer"], base + "/dealer", "dealer", self.limits.max_name, 1)
        if "hands" in data:
            log.hands = self.hands(data["hands"], base + "/hands")
        if "tricks" not in data:
            self.problem(base + "/tricks", say('The log has no "tricks" list.'))
        else:
            log.has_tricks = type(data["tricks"]) is list
            log.tricks = self.tricks(data["tricks"], base + "/tricks")
        if "scores" in data:
            log.scores = self.scores(data["scores"], base + "/scores", "scores")
        if "winners" in data:
            log.winners = self.names(data["winners"], base + "/winners", "winners")
        log.meta = self.meta(data, base)
        return log

    # -- pieces ----------------------------------------------------------------------------------

    def too_many_keys(self, value: dict, path: str, what: str, trick: int | None = None) -> bool:
        """An object keyed by player with more entries than any table: one finding, and it is not read."""
        if len(value) <= self.limits.max_keys:
            return False
        self.problem(path, say("{what} has {count} entries, far more than any table seats.", what=what,
                               count=len(value)), trick)
        return True

    def closed(self, data: dict, allowed: frozenset[str], base: str, what: str,
               trick: int | None = None, play: int | None = None) -> None:
        unknown = [key for key in data if key not in allowed]  # document order, the same in every run
        if len(unknown) > self.limits.max_keys:  # one finding, not one per key of an absurd object
            self.problem(base, say("{what} has {count} fields it does not know; allowed are {allowed}.",
                                   what=NOUNS[what][1], count=len(unknown), allowed=", ".join(sorted(allowed))),
                         trick, play)
            return
        for key in unknown:
            self.problem(base + pointer(key), say("{key} is not a field of {what}; allowed are {allowed}.",
                                                  key=show(key), what=NOUNS[what][0],
                                                  allowed=", ".join(sorted(allowed))), trick, play)

    def version(self, data: dict, base: str) -> None:
        if "version" in data and not (type(data["version"]) is int and data["version"] == 1):
            self.problem(base + "/version", say("Only log format version 1 exists; found {found}.",
                                                 found=show(data["version"])))

    def players(self, data: dict, base: str) -> list[str] | None:
        path = base + "/players"
        if "players" not in data:
            self.problem(path, say('The log has no "players" list.'))
            self.seated = []
            return None
        names = self.names(data["players"], path, "players")
        self.seated = list(dict.fromkeys(names)) if names else []  # a repeated name keeps its first seat
        return names

    def names(self, value: object, path: str, what: str) -> list[str] | None:
        if type(value) is not list:
            self.problem(path, say('"{key}" must be a list of player names; found {what}.', key=what,
                                    what=describe(value)))
            return None
        if len(value) > self.limits.max_cards:
            self.problem(path, say('"{key}" has {count} entries, far more than any table seats.', key=what,
                                    count=len(value)))
            return None
        names = []
        for index, name in enumerate(value):
            text = self.text(name, f"{path}/{index}", "a player name", self.limits.max_name, 1)
            if text is not None:
                names.append(text)
        return names

    def text(self, value: object, path: str, what: str, longest: int, shortest: int = 0,
             trick: int | None = None, play: int | None = None) -> str | None:
        if type(value) is str and shortest <= len(value) <= longest:
            return value  # the common case, with nothing to say (``text_problem`` words what is wrong)
        if longest != self.max_name or self.long_names.unsaid(value, longest):
            said = text_problem(value, NOUNS[what][1], longest, shortest)
            if said is not None:
                self.problem(path, said, trick, play)
        return value if type(value) is str else None

    def card(self, value: object, path: str, trick: int | None = None, play: int | None = None) -> Card | None:
        card = Card.from_object(value)
        if card is None and not self.counted_only():  # worded only where it will be listed
            self.problem(path, say("{found} is not a card; write it as {text} or {object}.", found=show(value),
                                   text=CARD_TEXT_EXAMPLE, object=CARD_OBJECT_EXAMPLE), trick, play)
        return card

    def known_cards(self, value: object) -> list[Card] | None:
        """The common case, a list of cards each in a real deck's string form (``bits.card_of_text``); else None."""
        if type(value) is not list or len(value) > self.max_cards:
            return None
        cards = []
        for item in value:
            card = card_of_text(item) if type(item) is str else None
            if card is None:
                return None
            cards.append(card)
        return cards

    def cards(self, value: object, parent: str, key: str, trick: int | None = None) -> list[Card | None] | None:
        """A list of cards under ``parent``/``key``; the pointer is built only when there is a problem."""
        known = self.known_cards(value)
        if known is not None:
            return known  # type: ignore[return-value]  # a list of cards is a list that may hold None
        path = parent + pointer(key)
        if type(value) is not list:
            self.problem(path, say("Expected a list of cards; found {what}.", what=describe(value)), trick)
            return None
        if len(value) > self.limits.max_cards:
            self.problem(path, say("A list of {count} cards is longer than any deck.", count=len(value)), trick)
            return None
        return [self.card(item, f"{path}/{index}", trick) for index, item in enumerate(value)]

    def cards_of(self, name: str, value: object, parent: str, trick: int | None = None) -> list[Card | None] | None:
        """A player's cards in an object keyed by player (``hands``, ``captures``). A name longer than any player's is
        one finding, its cards unread: theirs would each repeat the key (120 made a 48 MB answer of a 0.4 MB body)."""
        if len(name) > self.max_name:
            self.text(name, parent + pointer(name), "a player name", self.max_name, 1, trick)
            return None
        return self.cards(value, parent, name, trick)

    def hands(self, value: object, path: str) -> dict[str, list[Card | None]] | None:
        if type(value) is not dict:
            self.problem(path, say('"hands" must be an object of player name to cards; found {what}.',
                                    what=describe(value)))
            return None
        if self.too_many_keys(value, path, '"hands"'):
            return None
        hands = {}
        for name, cards in value.items():
            read = self.cards_of(name, cards, path)
            if read is not None:
                hands[name] = read
        return hands

    def tricks(self, value: object, path: str) -> list[Trick]:
        if type(value) is not list:
            self.problem(path, say('"tricks" must be a list; found {what}.', what=describe(value)))
            return []
        if len(value) > self.max_tricks and (said := too_many_tricks(self.limits, len(value))) is not None:
            self.problem(path, said)
            return []
        return [self.trick(item, path, index + 1) for index, item in enumerate(value)]

    def trick(self, value: object, parent: str, number: int) -> Trick:
        """Trick ``number`` of the list at ``parent``; its pointer is built only for a problem."""
        if type(value) is not dict:
            self.problem(f"{parent}/{number - 1}", say("Trick {number} must be an object with its plays; found "
                                                       "{what}.", number=number, what=describe(value)), number)
            return Trick([], readable=False)
        for key in value:
            if key not in TRICK_KEYS:
                self.closed(value, TRICK_KEYS, f"{parent}/{number - 1}", "a trick", number)
                break
        trick = Trick([])
        plays = value.get("plays")
        if type(plays) is not list:
            self.problem(f"{parent}/{number - 1}/plays", say('Trick {number} needs a "plays" list; found {what}.',
                                                             number=number, what=describe(plays)), number)
            trick.readable = False
        elif len(plays) > self.max_plays and (said := too_many_plays(self.limits, number, len(plays))) is not None:
            self.problem(f"{parent}/{number - 1}/plays", said, number)
            trick.readable = False
        else:
            trick.plays = [self.play(item, parent, number, index) for index, item in enumerate(plays)]
        if "captures" in value:
            trick.captures = self.captures(value["captures"], parent, number)
        if "note" in value:
            trick.note = self.text(value["note"], f"{parent}/{number - 1}/note", "a note", self.limits.max_text, 0,
                                   number)
        return trick

    def play(self, value: object, parent: str, trick: int, index: int) -> Play:
        # Fast path for the usual play, {"player": name, "card": "G12"}; paths are built only for problems.
        if type(value) is dict and len(value) == 2:
            player, text = value.get("player"), value.get("card")
            card = card_of_text(text) if type(text) is str else None
            if card is not None and type(player) is str and 0 < len(player) <= self.max_name:
                return Play(self.seated_name(player), card)
        return self.slow_play(value, f"{parent}/{trick - 1}/plays/{index}", trick, index + 1)

    def seated_name(self, player: str) -> str:
        """The players list's own string for ``player`` if seated: cheaper than the State's lookups hashing anew."""
        for name in self.seated:
            if name == player:
                return name
        return player

    def slow_play(self, value: object, path: str, trick: int, number: int) -> Play:
        if type(value) is not dict:
            self.problem(path, say('A play must be an object like {{"player": "Ben", "card": "G12"}}; found '
                                   "{what}.", what=describe(value)), trick, number)
            return Play(None, None)
        self.closed(value, PLAY_KEYS, path, "a play", trick, number)
        if "player" in value:
            player = self.text(value["player"], path + "/player", "the player", self.limits.max_name, 1,
                               trick, number)
        else:
            player = None
            self.problem(path + "/player", say("The play does not say who played it."), trick, number)
        if "card" in value:
            card = self.card(value["card"], path + "/card", trick, number)
        else:
            card = None
            self.problem(path + "/card", say("The play does not say which card was played."), trick, number)
        note = None
        if "note" in value:
            note = self.text(value["note"], path + "/note", "a note", self.limits.max_text, 0, trick, number)
        return Play(player, card, note)

    def captures(self, value: object, parent: str, trick: int) -> dict[str, list[Card]] | None:
        """Trick ``trick``'s claimed captures; ``None`` when a card cannot be read (its schema finding says why)."""
        if type(value) is dict and len(value) <= self.max_keys:  # the common case: nothing to say
            claim: dict[str, list[Card]] = {}
            for name, cards in value.items():
                known = self.known_cards(cards)
                if known is None or len(name) > self.max_name:
                    break
                claim[name] = known
            else:
                return claim
        path = f"{parent}/{trick - 1}/captures"
        if type(value) is not dict:
            self.problem(path, say('"captures" must be an object of player name to cards; found {what}.',
                                    what=describe(value)), trick)
            return None
        if self.too_many_keys(value, path, '"captures"', trick):
            return None
        claim, readable = {}, True
        for name, cards in value.items():
            read = self.cards_of(name, cards, path, trick)
            if read is None or None in read:
                readable = False
            else:
                claim[name] = read  # type: ignore[assignment]
        return claim if readable else None

    def scores(self, value: object, path: str, what: str) -> dict[str, int] | None:
        if type(value) is not dict:
            self.problem(path, say('"{key}" must be an object of player name to points; found {what}.', key=what,
                                    what=describe(value)))
            return None
        if self.too_many_keys(value, path, f'"{what}"'):
            return None
        scores = {}
        for name, points in value.items():
            if type(points) is int:
                scores[name] = points
            else:
                self.problem(path + pointer(name), say("A score must be a whole number; found {found}.",
                                                        found=show(points)))
        return scores

    def meta(self, data: dict, base: str) -> dict:
        meta = data.get("meta", {})
        for keys, said in meta_problems(meta, self.limits):
            self.problem(base + pointer("meta", *keys), said)
        return meta if type(meta) is dict else {}

"""Read any parsed JSON value into a typed log, reporting every shape problem as a ``schema`` finding.

The validator's own reading of spec section 2 in the standard library, so the engine stands alone (the marshmallow
schema of record is ``schemas/grande_dalmuti.py``; a test checks that both call the same documents well-formed). Every
object is closed except ``meta``. Nothing here raises: what cannot be read is reported at its exact pointer and left out
(as ``None`` in its place), and the replay uses the rest. Lists longer than a bound of ``Limits`` are ``schema`` too, so
no log can ask for unbounded work.
"""

from __future__ import annotations

from typing import TypeGuard

from dalmuti_replay.cards import Card, card_of
from dalmuti_replay.log import GAME_ID, End, Log, Play, Round, Transfer, Trick, as_first_read, finding, quick_play
from dalmuti_replay.rules import Options
from dalmuti_replay.shape import (
    DECLARER,
    DEFAULT_LIMITS,
    END_KEYS,
    LOG_KEYS,
    MISSING_NAME,
    NOT_A_FIELD,
    NOT_AN_OBJECT,
    NOTE,
    PLAY_KEYS,
    PLAYER_NAME,
    ROUND_KEYS,
    TRANSFER_KEYS,
    TRICK_KEYS,
    Limits,
    numbers_of,
    too_long,
    too_many_session_plays,
)
from dalmuti_replay.words import say, say_n
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import ERROR, Finding, pointer
from replaykit.reading import mention as describe
from replaykit.reading import show as quote
from replaykit.texts import LongNames, meta_problems, text_problem
from replaykit.words import Text


class Reader:
    """Collects schema findings while reading one document."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.findings: list[Finding] = []
        self.unlisted = 0  # shape problems past DETAILED_FINDINGS, counted only
        # Each name as first read: an equal name read later is replaced by it, so that the replay's lookups by
        # player (every play makes a dozen) find their key by identity, not by comparing text
        self.known: dict[str, str] = {}
        self.order: list[str] = []  # the first few of them, in the order read (as_first_read)
        self.passes: dict[str, Play] = {}  # each player's pass, one for all (``quick_play``)
        # Read for every trick and name: native fields, not the attributes of the interpreted Limits
        self.max_name, self.max_cards, self.max_plays = limits.max_name, limits.max_cards, limits.max_plays
        self.long_names = LongNames()
        self.last_round = self.last_trick = -1  # the indexes of the log's last round and of that round's last trick

    def problem(self, tokens: tuple, message: Text) -> None:
        if not self.counted():
            self.findings.append(finding("schema", ERROR, message, *numbers_of(tokens), path=pointer(*tokens)))

    def counted(self) -> bool:
        """Past DETAILED_FINDINGS a problem is counted only (and this is true): a loop over an object's keys asks
        before it words each one, which a flood of unknown keys would do by the hundred thousand for nothing."""
        if len(self.findings) >= DETAILED_FINDINGS:
            self.unlisted += 1
            return True
        return False

    # -- the document ----------------------------------------------------------------------------

    def document(self, data: object) -> Log | None:
        if type(data) is not dict:
            self.problem((), say("A log must be a JSON object; this document is {kind}.", kind=describe(data)))
            return None
        if data.get("game") != GAME_ID:
            if "game" not in data:
                self.problem(("game",), say('The log does not say which game it is; add "game": "{game}".',
                                            game=GAME_ID))
            else:
                self.problem(("game",), say('"game" must be "{game}", not {found}.', game=GAME_ID,
                                            found=quote(data["game"])))
        self.closed(data, LOG_KEYS, (), "a log")
        if "version" in data and not (type(data["version"]) is int and data["version"] == 1):
            self.problem(("version",), say("Only log format version 1 exists; found {found}.",
                                           found=quote(data["version"])))
        log = Log(None)
        if "players" not in data:
            self.problem(("players",), say('The log has no "players" list (round 1\'s seating, Great Dalmuti first).'))
        else:
            log.players = self.names(data["players"], ("players",), '"players"')
        if "options" in data:
            log.options = self.options(data["options"])
        if "end" in data:
            log.end = self.end(data["end"])
        if "rounds" not in data:
            self.problem(("rounds",), say('The log has no "rounds" list.'))
        else:
            log.rounds = self.rounds(data["rounds"])
        if "totals" in data:
            log.totals = self.points(data["totals"], ("totals",), '"totals"')
        if "winners" in data:
            log.winners = self.names(data["winners"], ("winners",), '"winners"')
        meta = data.get("meta", {})
        for keys, said in meta_problems(meta, self.limits):
            self.problem(("meta", *keys), said)
        if type(meta) is dict:
            log.meta = meta
        return log

    def options(self, value: object) -> Options:
        if type(value) is not dict:
            self.problem(("options",), say('"options" must be an object of variant name to true/false; found {kind}.',
                                           kind=describe(value)))
            return Options()
        known = Options.names()
        chosen = {}
        for name, flag in value.items():
            if name not in known:
                self.problem(("options", name), say("{name} is not a variant; the variants are {variants}.",
                                                    name=quote(name), variants=", ".join(known)))
            elif type(flag) is not bool:
                self.problem(("options", name), say("The variant {name} must be true or false; found {kind}.",
                                                    name=name, kind=describe(flag)))
            else:
                chosen[name] = flag
        return Options(**chosen)

    def end(self, value: object) -> End | None:
        if type(value) is not dict or len(value) != 1 or next(iter(value)) not in END_KEYS:
            if type(value) is dict:
                self.problem(("end",), say('"end" must be {{"rounds": n}} or {{"points": n}}, one of the two; found '
                                           "another object."))
            else:
                self.problem(("end",), say('"end" must be {{"rounds": n}} or {{"points": n}}, one of the two; found '
                                           "{kind}.", kind=describe(value)))
            return None
        (kind, count), = value.items()
        if type(count) is not int or count < 1:
            if kind == "rounds":
                message = say("The declared end needs a whole number of rounds, 1 or more; found {found}.",
                              found=quote(count))
            else:
                message = say("The declared end needs a whole number of points, 1 or more; found {found}.",
                              found=quote(count))
            self.problem(("end", kind), message)
            return None
        return End(kind, count)

    # -- rounds ----------------------------------------------------------------------------------

    def rounds(self, value: object) -> list[Round | None]:
        tokens = ("rounds",)
        if not self.sized_list(value, tokens, '"rounds"', self.limits.max_rounds, "rounds"):
            return []
        too_many = too_many_session_plays(self.limits, plays_in_all(value))
        if too_many is not None:
            self.problem(tokens, too_many)
            return []
        if len(value) < self.limits.min_steps:  # type: ignore[arg-type]
            self.problem(tokens, say('A log needs at least one round in "rounds".'))
        self.last_round = len(value) - 1  # type: ignore[arg-type]
        return [self.round(item, index) for index, item in enumerate(value)]

    def round(self, value: object, index: int) -> Round | None:
        tokens = ("rounds", index)
        if not self.shaped(value, tokens, ROUND_KEYS, "a round", '{"tricks": [...]}'):
            return None
        found = Round()
        if "join" in value:
            found.join = self.names(value["join"], (*tokens, "join"), '"join"')
            if index == 0:
                self.problem((*tokens, "join"), say("Nobody can join round 1: its players are the log's \"players\"."))
                found.join = None
            elif "ranks" not in value:
                self.problem((*tokens, "join"), say('Round {round} has newcomers, so it must give its "ranks": '
                                                    "where they sit is the Great Dalmuti's choice.", round=index + 1))
        for key in ("ranks", "finish"):
            if key in value:
                setattr(found, key, self.names(value[key], (*tokens, key), f'"{key}"'))
        if "hands" in value:
            self.hands(value["hands"], tokens, found)
        if "revolution" in value:
            found.revolution = self.text(value["revolution"], (*tokens, "revolution"), DECLARER,
                                         self.limits.max_name, 1)
        if "taxes" in value:
            found.taxes = self.transfers(value["taxes"], (*tokens, "taxes"))
        if "tricks" not in value:
            self.problem((*tokens, "tricks"), say('Round {round} has no "tricks" list.', round=index + 1))
        else:
            found.tricks = self.tricks(value["tricks"], (*tokens, "tricks"))
        for key in ("points", "totals"):
            if key in value:
                setattr(found, key, self.points(value[key], (*tokens, key), f'"{key}"'))
        found.note = self.note(value, tokens)
        return found

    def hands(self, value: object, tokens: tuple, found: Round) -> None:
        tokens = (*tokens, "hands")
        if type(value) is not dict:
            self.problem(tokens, say('"hands" must be an object of player name to cards; found {kind}.',
                                     kind=describe(value)))
            return
        if len(value) > self.limits.max_names:
            self.problem(tokens, say('"hands" has {count} entries, more than any table seats.', count=len(value)))
            return
        found.hands = {}
        for name, cards in value.items():
            read = self.cards(cards, tokens, name, empty_ok=True)
            if read is None:
                found.unreadable_hands.add(name)
            else:
                found.hands[as_first_read(name, self.known, self.order)] = read

    def transfers(self, value: object, tokens: tuple) -> list[Transfer | None] | None:
        if not self.sized_list(value, tokens, '"taxes"', self.limits.max_transfers, "transfers"):
            return None
        return [self.transfer(item, (*tokens, index)) for index, item in enumerate(value)]

    def transfer(self, value: object, tokens: tuple) -> Transfer | None:
        example = '{"from": "Anna", "to": "Bruno", "cards": ["3"]}'
        if not self.shaped(value, tokens, TRANSFER_KEYS, "a transfer", example):
            return None
        giver = self.required_name(value, "from", tokens)
        receiver = self.required_name(value, "to", tokens)
        cards = None
        if "cards" not in value:
            self.problem((*tokens, "cards"), say("The transfer does not say which cards were given."))
        else:
            cards = self.cards(value["cards"], tokens, "cards", empty_ok=True)
        note = self.note(value, tokens)
        if giver is None or receiver is None or cards is None:
            return None
        return Transfer(giver, receiver, cards, note)

    # -- tricks and plays ------------------------------------------------------------------------

    def tricks(self, value: object, tokens: tuple) -> list[Trick]:
        if not self.sized_list(value, tokens, '"tricks"', self.limits.max_tricks, "tricks"):
            return []
        self.last_trick = len(value) - 1  # type: ignore[arg-type]
        return [self.quick_trick(item) or self.trick(item, (*tokens, index)) for index, item in enumerate(value)]

    def quick_trick(self, value: object) -> Trick | None:
        """The usual trick, ``{"plays": [...]}`` with every play read at once (``quick_play``), read without a
        pointer; ``None`` for anything else, which ``trick`` reads again key by key."""
        plays = value.get("plays") if type(value) is dict and len(value) == 1 else None
        if type(plays) is not list or not 0 < len(plays) <= self.max_plays:
            return None
        read: list[Play | None] = []
        for item in plays:
            if (play := quick_play(item, self.max_name, self.max_cards, self.known, self.order, self.passes)) is None:
                return None
            read.append(play)
        return Trick(read)

    def trick(self, value: object, tokens: tuple) -> Trick:
        if not self.shaped(value, tokens, TRICK_KEYS, "a trick", '{"plays": [...]}'):
            return Trick([])
        trick = Trick([], self.note(value, tokens))
        plays, where = value.get("plays"), (*tokens, "plays")
        if "plays" not in value:
            self.problem(where, say('The trick has no "plays" list.'))
        elif self.sized_list(plays, where, '"plays"', self.max_plays, "plays"):
            if not plays and not self.opened_last(tokens):
                self.problem(where, say("A trick needs at least one play."))
            trick.plays = [self.play(item, (*where, index)) for index, item in enumerate(plays)]
        return trick

    def opened_last(self, tokens: tuple) -> bool:
        """Whether the trick at ``tokens`` is the last of the log so far, which may be opened and empty yet."""
        return bool(self.limits.open_end) and tokens[1] == self.last_round and tokens[3] == self.last_trick

    def play(self, value: object, tokens: tuple) -> Play | None:
        return (quick_play(value, self.max_name, self.max_cards, self.known, self.order, self.passes)
                or self.slow_play(value, tokens))

    def slow_play(self, value: object, tokens: tuple) -> Play | None:
        """A play read key by key, each problem named."""
        if not self.shaped(value, tokens, PLAY_KEYS, "a play", '{"player": "Anna", "cards": ["7", "7"]}'):
            return None
        player = self.required_name(value, "player", tokens)
        note = self.note(value, tokens)
        if ("cards" in value) == ("pass" in value):
            self.problem(tokens, say('A play has either "cards" (a set) or "pass": true, exactly one of the two.'))
            return None
        if "pass" in value:
            if value["pass"] is not True:
                self.problem((*tokens, "pass"), say('"pass" can only be true; found {found}.',
                                                    found=quote(value["pass"])))
                return None
            return None if player is None else Play(player, None, note)
        cards = self.cards(value["cards"], tokens, "cards", empty_ok=False)
        return None if player is None or cards is None else Play(player, cards, note)

    # -- pieces ----------------------------------------------------------------------------------

    def shaped(self, value: object, tokens: tuple, allowed: tuple[str, ...], what: str,
               example: str) -> TypeGuard[dict]:
        """Whether ``value`` is an object; its unknown keys are reported, it is read all the same."""
        if type(value) is not dict:
            self.problem(tokens, NOT_AN_OBJECT[what](example=example, kind=describe(value)))
            return False
        self.closed(value, allowed, tokens, what)
        return True

    def closed(self, data: dict, allowed: tuple[str, ...], tokens: tuple, what: str) -> None:
        for key in data:
            if key not in allowed and not self.counted():
                self.problem((*tokens, key), NOT_A_FIELD[what](key=quote(key), allowed=", ".join(allowed)))

    def sized_list(self, value: object, tokens: tuple, what: str | None, most: int,
                   entries: str) -> TypeGuard[list]:
        """``what``: the list's key, quoted; ``None`` for a list of cards."""
        if type(value) is not list:
            self.problem(tokens, say("{what} must be a list; found {kind}.", what=what, kind=describe(value))
                         if what is not None else say("A list of cards must be a list; found {kind}.",
                                                      kind=describe(value)))
            return False
        if len(value) > most and (said := too_long(entries, len(value), most)) is not None:  # the words only then
            self.problem(tokens, said)
            return False
        return True

    def text(self, value: object, tokens: tuple, what: Text, longest: int, shortest: int = 0) -> str | None:
        if longest != self.max_name or self.long_names.unsaid(value, longest):
            said = text_problem(value, what, longest, shortest)
            if said is not None:
                self.problem(tokens, said)
        return value if type(value) is str else None

    def required_name(self, data: dict, key: str, tokens: tuple) -> str | None:
        if key not in data:
            self.problem((*tokens, key), MISSING_NAME[key]())
            return None
        return self.name(data[key], tokens, key)

    def name(self, value: object, tokens: tuple, last: object) -> str | None:
        """A player's name (``text``) at ``(*tokens, last)``, as first read (``known``)."""
        if type(value) is not str or not 0 < len(value) <= self.max_name:  # else no need to ask the core's words
            self.text(value, (*tokens, last), PLAYER_NAME, self.max_name, 1)  # its pointer built only then
        return as_first_read(value, self.known, self.order) if type(value) is str else None

    def note(self, data: dict, tokens: tuple) -> str | None:
        if "note" not in data:
            return None
        return self.text(data["note"], (*tokens, "note"), NOTE, self.limits.max_text)

    def names(self, value: object, tokens: tuple, what: str) -> list[str] | None:
        if type(value) is not list:
            self.problem(tokens, say("{what} must be a list of player names; found {kind}.", what=what,
                                     kind=describe(value)))
            return None
        if len(value) > self.limits.max_names:
            self.problem(tokens, say_n("{what} has {count} name; a log may list at most {most}.",
                                       "{what} has {count} names; a log may list at most {most}.", len(value),
                                       what=what, most=self.limits.max_names))
            return None
        names = [self.name(name, tokens, index) for index, name in enumerate(value)]
        return None if None in names else names  # type: ignore[return-value]

    def points(self, value: object, tokens: tuple, what: str) -> dict[str, int] | None:
        if type(value) is not dict:
            self.problem(tokens, say("{what} must be an object of player name to points; found {kind}.", what=what,
                                     kind=describe(value)))
            return None
        if len(value) > self.limits.max_names:
            self.problem(tokens, say_n("{what} has {count} entry, more than any table seats.",
                                       "{what} has {count} entries, more than any table seats.", len(value), what=what))
            return None
        read = {}
        for name, points in value.items():
            if type(points) is int:
                read[name] = points
            else:
                self.problem((*tokens, name), say("Points must be a whole number; found {found}.", found=quote(points)))
        return read

    def cards(self, value: object, tokens: tuple, last: object, empty_ok: bool) -> list[Card] | None:
        """A list of cards at ``(*tokens, last)``; ``None`` (with a finding for each problem) unless all read."""
        if type(value) is list and 0 < len(value) <= self.max_cards:
            try:  # the common case: one card_of per card, and no pointer
                return [card_of(card) for card in value]
            except (KeyError, TypeError):
                pass
        tokens = (*tokens, last)
        if not self.sized_list(value, tokens, None, self.limits.max_cards, "cards"):
            return None
        if not value and not empty_ok:
            self.problem(tokens, say('A set has at least one card; to pass, write "pass": true.'))
            return None
        cards = [Card.read(item) for item in value]
        for index, card in enumerate(cards):
            if card is None:
                self.problem((*tokens, index), say('{found} is not a card; write a value "1" to "12" as text, or "J" '
                                                   "for a Jester.", found=quote(value[index])))
        return None if None in cards else cards  # type: ignore[return-value]


def plays_in_all(rounds: list) -> int:
    """The plays and passes of every trick of every round, counted before anything is read: whatever is not
    a list where lists belong counts nothing here and is a finding of its own later."""
    return sum(len(trick["plays"]) for round_ in rounds if type(round_) is dict and type(round_.get("tricks")) is list
               for trick in round_["tricks"] if type(trick) is dict and type(trick.get("plays")) is list)

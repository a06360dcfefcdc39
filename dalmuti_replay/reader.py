"""Read any parsed JSON value into a typed log, reporting every shape problem as a ``schema`` finding.

The validator's own reading of spec section 2 in the standard library, so the engine stands alone;
``schemas/grande_dalmuti.py`` holds the marshmallow schema of record and a test checks that both call
the same documents well-formed. Every object is closed except ``meta``. Nothing here raises: what cannot
be read is reported at its exact pointer and left out (as ``None`` in its place), and the replay uses
the rest. Lists longer than a bound of ``Limits`` are ``schema`` too, so no log can ask for unbounded work.
"""

from __future__ import annotations

from dataclasses import dataclass

from dalmuti_replay.cards import CARD_BY_TEXT, Card
from dalmuti_replay.log import GAME_ID, End, Log, Play, Round, Transfer, Trick, finding
from dalmuti_replay.rules import Options
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import ERROR, Finding, pointer
from replaykit.reading import mention as describe
from replaykit.reading import show as quote

LOG_KEYS = ("game", "version", "players", "options", "end", "rounds", "totals", "winners", "meta")
ROUND_KEYS = ("join", "ranks", "hands", "revolution", "taxes", "tricks", "finish", "points", "totals", "note")
TRANSFER_KEYS = ("from", "to", "cards", "note")
TRICK_KEYS = ("plays", "note")
PLAY_KEYS = ("player", "cards", "pass", "note")
END_KEYS = ("rounds", "points")
CARD_HELP = 'write a value "1" to "12" as text, or "J" for a Jester'


@dataclass(frozen=True)
class Limits:
    """Sizes past which a document is not a log at all (schema), rather than a session with much in it."""

    max_name: int = 40
    max_text: int = 2000
    max_names: int = 64  # entries of players, join, ranks, finish, winners and of name-keyed objects
    max_rounds: int = 100
    max_tricks: int = 100  # per round: 80 cards make at most 80 sets
    max_plays: int = 400  # per trick
    max_cards: int = 100  # per list of cards (a hand holds at most 80)
    max_transfers: int = 16  # per round


DEFAULT_LIMITS = Limits()


def numbers_of(path_tokens: tuple) -> tuple[int | None, int | None, int | None]:
    """1-based round, trick and play numbers of a path inside them."""
    found: dict[str, int] = {}
    rest = list(path_tokens)
    for name in ("rounds", "tricks", "plays"):
        if len(rest) >= 2 and rest[0] == name and type(rest[1]) is int:
            found[name] = rest[1] + 1
            rest = rest[2:]
    return found.get("rounds"), found.get("tricks"), found.get("plays")


class Reader:
    """Collects schema findings while reading one document."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.findings: list[Finding] = []
        self.unlisted = 0  # shape problems past DETAILED_FINDINGS, counted only

    def problem(self, tokens: tuple, message: str) -> None:
        if len(self.findings) >= DETAILED_FINDINGS:
            self.unlisted += 1
            return
        self.findings.append(finding("schema", ERROR, message, *numbers_of(tokens), path=pointer(*tokens)))

    # -- the document ----------------------------------------------------------------------------

    def document(self, data: object) -> Log | None:
        if type(data) is not dict:
            self.problem((), f"A log must be a JSON object; this document is {describe(data)}.")
            return None
        if data.get("game") != GAME_ID:
            if "game" not in data:
                self.problem(("game",), f'The log does not say which game it is; add "game": "{GAME_ID}".')
            else:
                self.problem(("game",), f'"game" must be "{GAME_ID}", not {quote(data["game"])}.')
        self.closed(data, LOG_KEYS, (), "a log")
        if "version" in data and not (type(data["version"]) is int and data["version"] == 1):
            self.problem(("version",), f"Only log format version 1 exists; found {quote(data['version'])}.")
        log = Log(None)
        if "players" not in data:
            self.problem(("players",), 'The log has no "players" list (round 1\'s seating, Great Dalmuti first).')
        else:
            log.players = self.names(data["players"], ("players",), '"players"')
        if "options" in data:
            log.options = self.options(data["options"])
        if "end" in data:
            log.end = self.end(data["end"])
        if "rounds" not in data:
            self.problem(("rounds",), 'The log has no "rounds" list.')
        else:
            log.rounds = self.rounds(data["rounds"])
        if "totals" in data:
            log.totals = self.points(data["totals"], ("totals",), '"totals"')
        if "winners" in data:
            log.winners = self.names(data["winners"], ("winners",), '"winners"')
        meta = data.get("meta", {})
        if type(meta) is dict:
            log.meta = meta
        else:
            self.problem(("meta",), f'"meta" must be an object; found {describe(meta)}.')
        return log

    def options(self, value: object) -> Options:
        if type(value) is not dict:
            self.problem(("options",), f'"options" must be an object of variant name to true/false; '
                         f"found {describe(value)}.")
            return Options()
        known = Options.names()
        chosen = {}
        for name, flag in value.items():
            if name not in known:
                self.problem(("options", name), f"{quote(name)} is not a variant; the variants are "
                             f"{', '.join(known)}.")
            elif type(flag) is not bool:
                self.problem(("options", name), f"The variant {name} must be true or false; found {describe(flag)}.")
            else:
                chosen[name] = flag
        return Options(**chosen)

    def end(self, value: object) -> End | None:
        if type(value) is not dict or len(value) != 1 or next(iter(value)) not in END_KEYS:
            self.problem(("end",), '"end" must be {"rounds": n} or {"points": n}, one of the two; '
                         f"found {describe(value) if type(value) is not dict else 'another object'}.")
            return None
        (kind, count), = value.items()
        if type(count) is not int or count < 1:
            self.problem(("end", kind), f"The declared end needs a whole number of {kind}, 1 or more; "
                         f"found {quote(count)}.")
            return None
        return End(kind, count)

    # -- rounds ----------------------------------------------------------------------------------

    def rounds(self, value: object) -> list[Round | None]:
        tokens = ("rounds",)
        if not self.sized_list(value, tokens, '"rounds"', self.limits.max_rounds, "rounds"):
            return []
        if not value:
            self.problem(tokens, 'A log needs at least one round in "rounds".')
        return [self.round(item, index) for index, item in enumerate(value)]  # type: ignore[union-attr]

    def round(self, value: object, index: int) -> Round | None:
        tokens = ("rounds", index)
        if not self.shaped(value, tokens, ROUND_KEYS, "a round", '{"tricks": [...]}'):
            return None
        found = Round()
        if "join" in value:
            found.join = self.names(value["join"], (*tokens, "join"), '"join"')
            if index == 0:
                self.problem((*tokens, "join"), "Nobody can join round 1: its players are the log's \"players\".")
                found.join = None
            elif "ranks" not in value:
                self.problem((*tokens, "join"), f'Round {index + 1} has newcomers, so it must give its "ranks": '
                             "where they sit is the Great Dalmuti's choice.")
        for key in ("ranks", "finish"):
            if key in value:
                setattr(found, key, self.names(value[key], (*tokens, key), f'"{key}"'))
        if "hands" in value:
            self.hands(value["hands"], tokens, found)
        if "revolution" in value:
            found.revolution = self.text(value["revolution"], (*tokens, "revolution"), "The revolution's declarer",
                                         self.limits.max_name, 1)
        if "taxes" in value:
            found.taxes = self.transfers(value["taxes"], (*tokens, "taxes"))
        if "tricks" not in value:
            self.problem((*tokens, "tricks"), f'Round {index + 1} has no "tricks" list.')
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
            self.problem(tokens, f'"hands" must be an object of player name to cards; found {describe(value)}.')
            return
        if len(value) > self.limits.max_names:
            self.problem(tokens, f'"hands" has {len(value)} entries, more than any table seats.')
            return
        found.hands = {}
        for name, cards in value.items():
            read = self.cards(cards, (*tokens, name), empty_ok=True)
            if read is None:
                found.unreadable_hands.add(name)
            else:
                found.hands[name] = read

    def transfers(self, value: object, tokens: tuple) -> list[Transfer | None] | None:
        if not self.sized_list(value, tokens, '"taxes"', self.limits.max_transfers, "transfers"):
            return None
        return [self.transfer(item, (*tokens, index)) for index, item in enumerate(value)]  # type: ignore[union-attr]

    def transfer(self, value: object, tokens: tuple) -> Transfer | None:
        example = '{"from": "Anna", "to": "Bruno", "cards": ["3"]}'
        if not self.shaped(value, tokens, TRANSFER_KEYS, "a transfer", example):
            return None
        giver = self.required_name(value, "from", tokens, "who gives the cards")
        receiver = self.required_name(value, "to", tokens, "who receives them")
        cards = None
        if "cards" not in value:
            self.problem((*tokens, "cards"), "The transfer does not say which cards were given.")
        else:
            cards = self.cards(value["cards"], (*tokens, "cards"), empty_ok=True)
        note = self.note(value, tokens)
        if giver is None or receiver is None or cards is None:
            return None
        return Transfer(giver, receiver, cards, note)

    # -- tricks and plays ------------------------------------------------------------------------

    def tricks(self, value: object, tokens: tuple) -> list[Trick]:
        if not self.sized_list(value, tokens, '"tricks"', self.limits.max_tricks, "tricks"):
            return []
        return [self.trick(item, (*tokens, index)) for index, item in enumerate(value)]  # type: ignore[union-attr]

    def trick(self, value: object, tokens: tuple) -> Trick:
        if not self.shaped(value, tokens, TRICK_KEYS, "a trick", '{"plays": [...]}'):
            return Trick([])
        trick = Trick([], self.note(value, tokens))
        plays = value.get("plays")
        if "plays" not in value:
            self.problem((*tokens, "plays"), 'The trick has no "plays" list.')
        elif self.sized_list(plays, (*tokens, "plays"), '"plays"', self.limits.max_plays, "plays"):
            if not plays:
                self.problem((*tokens, "plays"), "A trick needs at least one play.")
            trick.plays = [self.play(item, (*tokens, "plays", index)) for index, item in enumerate(plays)]
        return trick

    def play(self, value: object, tokens: tuple) -> Play | None:
        # The usual play, {"player": name, "cards": [...]} with cards of the table, takes one dict lookup
        # per card; anything else goes the slow way, which names each problem.
        if type(value) is dict and len(value) == 2 and type(value.get("cards")) is list:
            player, cards = value.get("player"), value["cards"]
            limits = self.limits
            if type(player) is str and 0 < len(player) <= limits.max_name and 0 < len(cards) <= limits.max_cards:
                try:
                    return Play(player, [CARD_BY_TEXT[card] for card in cards])
                except (KeyError, TypeError):
                    pass
        if not self.shaped(value, tokens, PLAY_KEYS, "a play", '{"player": "Anna", "cards": ["7", "7"]}'):
            return None
        player = self.required_name(value, "player", tokens, "who played")
        note = self.note(value, tokens)
        if ("cards" in value) == ("pass" in value):
            self.problem(tokens, 'A play has either "cards" (a set) or "pass": true, exactly one of the two.')
            return None
        if "pass" in value:
            if value["pass"] is not True:
                self.problem((*tokens, "pass"), f'"pass" can only be true; found {quote(value["pass"])}.')
                return None
            return None if player is None else Play(player, None, note)
        cards = self.cards(value["cards"], (*tokens, "cards"), empty_ok=False)
        return None if player is None or cards is None else Play(player, cards, note)

    # -- pieces ----------------------------------------------------------------------------------

    def shaped(self, value: object, tokens: tuple, allowed: tuple[str, ...], what: str, example: str) -> bool:
        """Whether ``value`` is an object; its unknown keys are reported, it is read all the same."""
        if type(value) is not dict:
            self.problem(tokens, f"{what.capitalize()} must be an object like {example}; found {describe(value)}.")
            return False
        self.closed(value, allowed, tokens, what)
        return True

    def closed(self, data: dict, allowed: tuple[str, ...], tokens: tuple, what: str) -> None:
        for key in data:
            if key not in allowed:
                where = 'put free-form information in "meta"' if what == "a log" else f"allowed: {', '.join(allowed)}"
                self.problem((*tokens, key), f"{quote(key)} is not a field of {what}; {where}.")

    def sized_list(self, value: object, tokens: tuple, what: str, most: int, entries: str) -> bool:
        if type(value) is not list:
            self.problem(tokens, f"{what} must be a list; found {describe(value)}.")
            return False
        if len(value) > most:
            self.problem(tokens, f"{what} has {len(value)} {entries}; a log may have at most {most}.")
            return False
        return True

    def text(self, value: object, tokens: tuple, what: str, longest: int, shortest: int = 0) -> str | None:
        if type(value) is not str:
            self.problem(tokens, f"{what} must be text; found {describe(value)}.")
            return None
        if not shortest <= len(value) <= longest:
            self.problem(tokens, f"{what} must be {shortest} to {longest} characters long; this one has {len(value)}.")
        return value

    def required_name(self, data: dict, key: str, tokens: tuple, what: str) -> str | None:
        if key not in data:
            self.problem((*tokens, key), f'"{key}" is missing: it says {what}.')
            return None
        return self.text(data[key], (*tokens, key), "A player name", self.limits.max_name, 1)

    def note(self, data: dict, tokens: tuple) -> str | None:
        if "note" not in data:
            return None
        return self.text(data["note"], (*tokens, "note"), "A note", self.limits.max_text)

    def names(self, value: object, tokens: tuple, what: str) -> list[str] | None:
        if type(value) is not list:
            self.problem(tokens, f"{what} must be a list of player names; found {describe(value)}.")
            return None
        if len(value) > self.limits.max_names:
            self.problem(tokens, f"{what} has {len(value)} names; a log may list at most {self.limits.max_names}.")
            return None
        names = [self.text(name, (*tokens, index), "A player name", self.limits.max_name, 1)
                 for index, name in enumerate(value)]
        return None if None in names else names  # type: ignore[return-value]

    def points(self, value: object, tokens: tuple, what: str) -> dict[str, int] | None:
        if type(value) is not dict:
            self.problem(tokens, f"{what} must be an object of player name to points; found {describe(value)}.")
            return None
        if len(value) > self.limits.max_names:
            self.problem(tokens, f"{what} has {len(value)} entries, more than any table seats.")
            return None
        read = {}
        for name, points in value.items():
            if type(points) is int:
                read[name] = points
            else:
                self.problem((*tokens, name), f"Points must be a whole number; found {quote(points)}.")
        return read

    def cards(self, value: object, tokens: tuple, empty_ok: bool) -> list[Card] | None:
        """A list of cards; ``None`` (with a finding for each problem) unless every card reads."""
        if type(value) is list and 0 < len(value) <= self.limits.max_cards:
            try:  # the common case: one lookup per card
                return [CARD_BY_TEXT[card] for card in value]
            except (KeyError, TypeError):
                pass
        if not self.sized_list(value, tokens, "A list of cards", self.limits.max_cards, "cards"):
            return None
        if not value and not empty_ok:
            self.problem(tokens, 'A set has at least one card; to pass, write "pass": true.')
            return None
        cards = [Card.read(item) for item in value]  # type: ignore[union-attr]
        for index, card in enumerate(cards):
            if card is None:
                self.problem((*tokens, index), f"{quote(value[index])} is not a card; {CARD_HELP}.")  # type: ignore[index]
        return None if None in cards else cards  # type: ignore[return-value]

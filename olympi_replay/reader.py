"""Read any parsed JSON value into a typed Olympi Cards log, reporting every shape problem as a ``schema``
finding with its exact JSON pointer.

This is the engine's own reading of the log format, standard library only; ``schemas/olympi.py`` holds the
marshmallow schema of record and a test checks that both accept the same documents. Nothing here raises:
what cannot be read is reported and left out, and the replay works with the rest. Objects are closed
except ``meta``. Lists longer than ``Limits`` allow are not a log at all, so a replay never does
unbounded work.
"""

from __future__ import annotations

from typing import Final, cast

from olympi_replay import race_reader
from olympi_replay.cards import CARD_INDEX, CARD_OBJECT_EXAMPLE, CARD_TEXT_EXAMPLE, Card
from olympi_replay.disciplines import Discipline, Rule, read_rule
from olympi_replay.log import DEFAULT_LIMITS, GAME_ID, Limits, Log, finding
from olympi_replay.rules import MAX_PLAYERS, seated_rules
from olympi_replay.words import say
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import ERROR, Finding, pointer
from replaykit.kept import Kept
from replaykit.reading import describe, show
from replaykit.texts import LongNames, meta_problems, text_problem
from replaykit.words import Text

LOG_KEYS = frozenset({"game", "version", "players", "first_player", "options", "disciplines", "discipline_deck",
                      "hands", "deck", "races", "scores", "winners", "meta"})
DISCIPLINE_KEYS = frozenset({"name", "cards_per_play", "rule", "note"})
OPTION_KEYS = frozenset({"world_record"})
# The subjects of the reader's sentences, made once: a log names them at every name and note read.
A_LOG = say("a log")
THE_FIRST_PLAYER = say("The first player")
A_NOTE = say("A note")
A_NAME = say("A name")
THE_OPTIONS = say("the options")
A_CATALOGUE_ID = say("A catalogue id")
A_DISCIPLINE_NAME = say("A discipline's name")
# Every log declares its disciplines in full, most often the same few: a definition read without a problem is
# kept by its JSON text (and the limits it was read within), and an equal one in a later log is that same
# Discipline, never changed once made, instead of being read again (a tenth of a validation when measured).
READ_DISCIPLINES: Final[Kept[tuple, Discipline]] = Kept(512)


class Reader:
    """Collects schema findings while reading one document. ``race``/``turn``/``player`` place them."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.findings: list[Finding] = []
        self.race: int | None = None
        self.turn: int | None = None
        self.player: str | None = None
        self.unlisted = 0  # shape problems past DETAILED_FINDINGS, counted only
        # The log's "players" (a table's, up to seven) as its Rules spell them (``rules.seated_rules``): a turn's
        # name is read as that very string (``race_reader.seated``), so that each later comparison with the
        # seating's names (a dozen in a turn) finds the same object at once rather than comparing characters.
        self.seats: list[str] = []
        self.long_names = LongNames()

    def problem(self, path: str, message: str) -> None:
        if not self.counted():
            self.findings.append(finding("schema", ERROR, message, self.race, self.turn, self.player, path))

    def counted(self) -> bool:
        """Past DETAILED_FINDINGS a problem is counted only (and this is true): a loop over a list's items asks
        before it builds a message and a pointer, which a flood of bad items would build by the hundred thousand
        only to drop them."""
        if len(self.findings) >= DETAILED_FINDINGS:
            self.unlisted += 1
            return True
        return False

    def count(self) -> int:
        return len(self.findings) + self.unlisted

    # -- the document ------------------------------------------------------------------------------

    def document(self, data: object) -> Log:
        log = Log()
        if type(data) is not dict:
            self.problem("", say("A log must be a JSON object; this document is {kind}.", kind=describe(data)))
            log.stopped = True
            return log
        self.closed(data, LOG_KEYS, "", A_LOG)
        if data.get("game") != GAME_ID:
            log.stopped = True
            self.problem("/game", say('The log must say "game": "{game}".', game=GAME_ID) if "game" not in data
                         else say('The log must say "game": "{game}", not {found}.', game=GAME_ID,
                                  found=show(data["game"])))
        if "version" in data and not (type(data["version"]) is int and data["version"] == 1):
            self.problem("/version", say("Only log format version 1 exists; found {found}.",
                                         found=show(data["version"])))
        log.players = self.required_names(data, "players")
        if log.players is not None and len(log.players) <= MAX_PLAYERS:
            self.seats = list(seated_rules(tuple(log.players)).seating)
        if "first_player" in data:
            log.first_player = self.name(data["first_player"], "/first_player", THE_FIRST_PLAYER)
        log.world_record = self.options(data)
        if "disciplines" not in data:
            self.problem("/disciplines", say('The log has no "disciplines" list: declare the nine disciplines.'))
        else:
            log.disciplines = self.disciplines(data["disciplines"])
        if "discipline_deck" in data:
            log.discipline_deck = self.names(data["discipline_deck"], "/discipline_deck", "discipline_deck",
                                             self.limits.max_disciplines)
        if "hands" in data:
            log.hands = race_reader.hands(self, data["hands"])
        if "deck" in data:
            log.deck = self.cards(data["deck"], "/deck")
        if "races" not in data:
            self.problem("/races", say('The log has no "races" list.'))
        else:
            log.races = race_reader.races(self, data["races"])
        if "scores" in data:
            log.scores = race_reader.scores(self, data["scores"])
        if "winners" in data:
            log.winners = self.names(data["winners"], "/winners", "winners", self.limits.max_cards)
        meta = data.get("meta", {})
        for keys, said in meta_problems(meta, self.limits):
            self.problem(pointer("meta", *keys), said)
        if type(meta) is dict:
            log.meta = meta
        log.stopped = log.stopped or None in (log.players, log.disciplines, log.races)
        return log

    # -- small pieces -------------------------------------------------------------------------------

    def closed(self, data: dict, allowed: frozenset[str], path: str, what: str) -> bool:
        if all(key in allowed for key in data):  # a compiled loop: a keys view compared is a Python-level set test
            return True
        extra = data.keys() - allowed
        listed = ", ".join(sorted(allowed))
        for key in sorted(extra, key=str):
            if not self.counted():
                self.problem(path + pointer(key), say("{key} is not a field of {what}; allowed are {allowed}.",
                                                      key=show(key), what=what, allowed=listed))
        return not extra

    def text(self, value: object, path: str, what: Text, longest: int, shortest: int = 0) -> str | None:
        """``what`` names the value as the subject of a sentence (``say("A note")``)."""
        if type(value) is str and shortest <= len(value) <= longest:
            return value  # what text_problem accepts, without a call into the interpreted core: a log names dozens
        if longest == self.limits.max_name and not self.long_names.unsaid(value, longest):
            return None  # an over-long name said where first read
        said = text_problem(value, what, longest, shortest)
        if said is not None:
            self.problem(path, said)
            return None
        return cast(str, value)  # text_problem found none: a string of the right length

    def name(self, value: object, path: str, what: Text) -> str | None:
        return self.text(value, path, what, self.limits.max_name, 1)

    def is_name(self, value: object) -> bool:
        """A string of a name's length, which ``name`` takes as it is (as ``text`` finds first)."""
        return type(value) is str and 1 <= len(value) <= self.limits.max_name

    def name_at(self, value: object, path: str, key: str, what: Text) -> str | None:
        """``name`` of the value at ``path``'s ``key``, whose pointer is made only where it is read the long way
        (to report a problem): a log names a player or a discipline at every race."""
        return cast(str, value) if self.is_name(value) else self.name(value, f"{path}/{key}", what)

    def note(self, data: dict, path: str) -> str | None:
        return self.text(data["note"], path + "/note", A_NOTE, self.limits.max_text) if "note" in data else None

    def names(self, value: object, path: str, what: str, longest: int) -> list[str] | None:
        """A list of names; ``None`` when it or any name is unreadable."""
        if type(value) is not list:
            self.problem(path, say('"{key}" must be a list of names; found {kind}.', key=what, kind=describe(value)))
            return None
        if len(value) > longest:
            self.problem(path, say('"{key}" has {count} entries, more than any log needs ({longest}).', key=what,
                                   count=len(value), longest=longest))
            return None
        # Only a value that is not plainly a name is read with its pointer built.
        names = [item if self.is_name(item) else self.name(item, f"{path}/{index}", A_NAME)
                 for index, item in enumerate(value)]
        return None if None in names else names  # type: ignore[return-value]

    def required_names(self, data: dict, key: str) -> list[str] | None:
        if key not in data:
            self.problem("/" + key, say('The log has no "{key}" list.', key=key))
            return None
        return self.names(data[key], "/" + key, key, self.limits.max_cards)

    def usual_cards(self, value: object) -> list[int] | None:
        """The usual list of cards, every card in the string form, read with no path built and no finding
        possible; ``None`` for any other, which ``cards`` reads."""
        if type(value) is list and len(value) <= self.limits.max_cards:
            return race_reader.card_indexes(value)
        return None

    def cards(self, value: object, path: str) -> list[int] | None:
        """A list of cards, each as its index (``cards.CARD_INDEX``); ``None`` (after reporting) when it or any
        card is unreadable."""
        usual = self.usual_cards(value)
        if usual is not None:
            return usual
        if type(value) is not list:
            self.problem(path, say("Expected a list of cards; found {kind}.", kind=describe(value)))
            return None
        if len(value) > self.limits.max_cards:
            self.problem(path, say("A list of {count} cards is longer than the deck.", count=len(value)))
            return None
        cards: list[int] = []
        readable = True
        for index, item in enumerate(value):
            card = Card.from_object(item)
            if card is None:
                readable = False
                if self.counted():
                    continue
                self.problem(f"{path}/{index}", say("{found} is not a card; write it as {text} or {object} "
                                                "(colours B Y K G R, values 1 to 9).", found=show(item),
                                                text=CARD_TEXT_EXAMPLE, object=CARD_OBJECT_EXAMPLE))
            else:
                cards.append(CARD_INDEX[card])
        return cards if readable else None

    def options(self, data: dict) -> bool:
        options = data.get("options", {})
        if type(options) is not dict:
            self.problem("/options", say('"options" must be an object such as {{"world_record": true}}; found {kind}.',
                                                kind=describe(options)))
            return False
        self.closed(options, OPTION_KEYS, "/options", THE_OPTIONS)
        flag = options.get("world_record", False)
        if type(flag) is not bool:
            self.problem("/options/world_record", say('"world_record" must be true or false; found {found}.',
                                                                    found=show(flag)))
            return False
        return flag

    # -- disciplines --------------------------------------------------------------------------------

    def disciplines(self, value: object) -> list[Discipline | str] | None:
        if type(value) is not list:
            self.problem("/disciplines", say('"disciplines" must be a list of the nine disciplines; found {kind}.',
                                                    kind=describe(value)))
            return None
        if len(value) > self.limits.max_disciplines:
            self.problem("/disciplines", say('"disciplines" has {count} entries; a game has nine.', count=len(value)))
            return None
        read = [self.discipline(item, f"/disciplines/{index}") for index, item in enumerate(value)]
        return None if None in read else read  # type: ignore[return-value]

    def discipline(self, value: object, path: str) -> Discipline | str | None:
        if type(value) is str:
            return self.name(value, path, A_CATALOGUE_ID)
        if type(value) is not dict:
            self.problem(path, say('A discipline is an object like {{"name": "Nuoto", "rule": {{...}}}} or a '
                                   "catalogue id; found {kind}.", kind=describe(value)))
            return None
        key = self.discipline_key(value)
        known = None if key is None else READ_DISCIPLINES.get(key)
        if known is not None:
            return known
        before = self.count()
        read = self.definition(value, path, "name", DISCIPLINE_KEYS, "a discipline")
        if key is not None and read is not None and self.count() == before:
            READ_DISCIPLINES.keep(key, read)
        return read

    def discipline_key(self, value: dict) -> tuple | None:
        """What a discipline's reading depends on: its value and the limits; ``None`` for a value beyond JSON's
        types (a Python object handed in), read every time."""
        limits = self.limits
        try:
            frozen = json_key(value)
        except (TypeError, RecursionError):
            return None
        return frozen, limits.max_name, limits.max_text, limits.max_rule_depth, limits.max_rule_items, \
            limits.max_rule_nodes

    def definition(self, value: dict, path: str, name_key: str, keys: frozenset[str], what: str
                   ) -> Discipline | None:
        """A discipline object (also a catalogue entry, whose name key is ``title``)."""
        self.closed(value, keys, path, what)
        if name_key not in value:
            self.problem(f"{path}/{name_key}", say('The discipline has no "{key}".', key=name_key))
            name = None
        else:
            name = self.name(value[name_key], f"{path}/{name_key}", A_DISCIPLINE_NAME)
        per_play: int | None = 1
        if "cards_per_play" in value:
            given = value["cards_per_play"]  # any JSON value: typed only once it is known to be 1 or 2
            if type(given) is int and given in (1, 2):
                per_play = given
            else:
                self.problem(path + "/cards_per_play", say('"cards_per_play" must be 1 or 2; found {found}.',
                                                           found=show(given)))
                per_play = None
        rule: Rule | None = None
        if "rule" in value:
            rule = read_rule(value["rule"], path + "/rule", self.problem, self.limits.max_rule_depth,
                             self.limits.max_rule_items, max_nodes=self.limits.max_rule_nodes)
        note = self.note(value, path)
        return None if name is None else Discipline(name, per_play, rule, note)


def json_key(value: object) -> tuple:
    """A JSON value as a flat hashable key equal only to the same value: each part but a string tagged with its
    type (and a list or an object with its length), so that true and 1, or a list and a tuple, never meet; raises
    ``TypeError`` for a type JSON does not have. Flat, as a nested tuple would be hashed again part by part."""
    parts: list[object] = []
    _flatten(value, parts)
    return tuple(parts)


def _flatten(value: object, parts: list[object]) -> None:
    kind = type(value)
    if kind is str:  # alone, untagged: no other part is a string (the commonest part, and a call fewer a key)
        parts.append(value)
        return
    parts.append(kind)
    if kind is dict:
        data = cast(dict, value)
        parts.append(len(data))
        for key, item in data.items():
            if type(key) is str:
                parts.append(key)
            else:
                _flatten(key, parts)
            _flatten(item, parts)
    elif kind is list:
        items = cast(list, value)
        parts.append(len(items))
        for item in items:
            _flatten(item, parts)
    elif kind is int or kind is float or kind is bool or value is None:
        parts.append(value)
    else:
        raise TypeError(f"not a JSON value: {kind.__name__}")

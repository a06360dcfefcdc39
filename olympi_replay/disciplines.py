"""The discipline rule vocabulary: rules are data, read from JSON, evaluated and put into words.

A log declares each discipline's rule (the real cards' rules are published nowhere), in a small closed
vocabulary: comparisons of the cards played with a reference play (``previous``: the race's last play,
``own``: the player's own last play), value and sum ranges, and ``all_of``/``any_of`` combinations. This
module reads a rule and reports every shape problem with its JSON pointer, decides whether a play obeys
it (nothing is ever ``eval``-ed), and renders it as an English sentence for people.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Final

from olympi_replay.cards import CARDS_BY_INDEX, COLORS
from olympi_replay.words import say
from replaykit.words import AND, OR, Joined, Text

OPS = (">", ">=", "<", "<=", "==", "!=")
REFS, COLOR_TESTS = ("previous", "own"), ("same", "different")
TEST_CODES = {test: code for tests in (OPS, COLOR_TESTS) for code, test in enumerate(tests)}
# Each form's keys, in the order a rule is recognised by.
FORMS: dict[str, tuple[str, ...]] = {
    "free": ("free",), "value": ("value", "than"), "sum": ("sum", "than"), "color": ("color", "as"),
    "value_in": ("value_in",), "sum_in": ("sum_in",), "all_of": ("all_of",), "any_of": ("any_of",),
}
FORM_CODES = {kind: code for code, kind in enumerate(FORMS)}
IS_FREE: Final = 0  # a rule's form, its kind's place in FORMS (Final: constants in compiled code)
IS_VALUE: Final = 1
IS_SUM: Final = 2
IS_COLOR: Final = 3
IS_VALUE_IN: Final = 4
IS_SUM_IN: Final = 5
IS_ALL_OF: Final = 6  # 7: any_of
# A card (its index, as a replay holds it) as a rule reads it: its value, its colour's place in COLORS.
VALUE_OF: Final[tuple[int, ...]] = tuple(card.value for card in CARDS_BY_INDEX)
COLOR_OF: Final[tuple[int, ...]] = tuple(COLORS.index(card.color) for card in CARDS_BY_INDEX)
MAX_SUM = 1000  # no play reaches it; a bound keeps the vocabulary's numbers small
# A rule put into words longer than this is not spelled out: every broken play's finding quotes the rule,
# so its length multiplies the answer (the longest rule of the samples and the catalogue reads in 150).
MAX_SENTENCE = 400

Problem = Callable[[str, str], None]  # (JSON pointer, message)


class Rule:
    """One node of a rule: ``kind`` is a key of ``FORMS``; the other fields are those the kind uses.

    Never changed once made, and equal (and hashed) field by field, as a frozen dataclass is: a rule's
    sentence is cached by it. A plain class, as ``Discipline``: compiled, it is made without the Python-level
    ``__init__`` a dataclass gets (every log declares its rules, and each is read)."""

    __slots__ = ("form", "high", "kind", "low", "on_previous", "op", "parts", "ref", "test")

    def __init__(self, kind: str, op: str = "", ref: str = "", low: int = 0, high: int = 0,
                 parts: tuple[Rule, ...] = ()) -> None:
        self.kind = kind
        self.op = op  # value, sum: a key of OPS; color: "same" or "different"
        self.ref = ref  # "previous" or "own"
        self.low = low
        self.high = high
        self.parts = parts
        # ``holds`` reads these at every play: the kind's place in FORMS (else any_of's), the op's in OPS or COLOR_TESTS
        self.form = FORM_CODES.get(kind, IS_ALL_OF + 1)
        self.test = TEST_CODES.get(op, -1)
        self.on_previous = ref == "previous"

    def fields(self) -> tuple[str, str, str, int, int, tuple[Rule, ...]]:
        return self.kind, self.op, self.ref, self.low, self.high, self.parts

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rule) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return (f"Rule(kind={self.kind!r}, op={self.op!r}, ref={self.ref!r}, low={self.low!r}, high={self.high!r}, "
                f"parts={self.parts!r})")


class Discipline:
    """A declared discipline. ``cards_per_play`` ``None``: any number (unknown); ``rule`` ``None``: unchecked.
    Never changed once made, and equal field by field (as ``Rule``)."""

    __slots__ = ("cards_per_play", "name", "note", "rule", "source", "title")

    def __init__(self, name: str, cards_per_play: int | None = 1, rule: Rule | None = None, note: str | None = None,
                 source: str = "log", title: str | None = None) -> None:
        self.name = name
        self.cards_per_play = cards_per_play
        self.rule = rule
        self.note = note
        self.source = source  # "log" (declared inline), "catalogue" (an id resolved), "unresolved" (an unknown id)
        self.title = title  # the catalogue's display name

    def fields(self) -> tuple[str, int | None, Rule | None, str | None, str, str | None]:
        return self.name, self.cards_per_play, self.rule, self.note, self.source, self.title

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discipline) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return (f"Discipline(name={self.name!r}, cards_per_play={self.cards_per_play!r}, rule={self.rule!r}, "
                f"note={self.note!r}, source={self.source!r}, title={self.title!r})")


# -- reading -----------------------------------------------------------------------------------------

def called(definitions: dict[str, Discipline], name: str) -> str:
    """A discipline as people call it: a catalogue card by its title, never its id; any other by its name."""
    definition = definitions.get(name)
    return definition.title if definition is not None and definition.title else name


def read_rule(value: object, path: str, problem: Problem, max_depth: int, max_items: int, depth: int = 1,
              max_nodes: int = 0) -> Rule | None:
    """The rule written at ``path``, or ``None`` after reporting each problem through ``problem``. A rule of
    more than ``max_nodes`` parts in all (0: no bound) is one problem: every play walks the whole rule, so
    its size multiplies the work of a replay."""
    if type(value) is not dict:
        problem(path, say('A rule must be an object such as {{"value": ">", "than": "previous"}}.'))
        return None
    if max_nodes and count_nodes(value, max_nodes) > max_nodes:
        problem(path, say("A rule may have at most {most} parts in all (each comparison, range and "
                          "combination is one); this one has more.", most=max_nodes))
        return None
    if depth > max_depth:
        problem(path, say("Rules may be nested at most {most} levels deep.", most=max_depth))
        return None
    kind = next((name for name in FORMS if name in value), None)
    if kind is None:
        problem(path, say("This is not a rule: it needs one of the keys {keys}.", keys=", ".join(FORMS)))
        return None
    ok = True
    for key in sorted(value.keys() - set(FORMS[kind]), key=str):
        problem(f"{path}/{_escape(key)}", say('"{key}" does not belong in a "{kind}" rule, which has only {keys}.',
                                              key=str(key)[:40], kind=kind, keys=" and ".join(FORMS[kind])))
        ok = False
    rule: Rule | None = None
    if kind == "free":
        if value["free"] is not True:
            problem(path + "/free", say('A free rule is written {{"free": true}}.'))
        else:
            rule = Rule("free")
    elif kind in ("value", "sum", "color"):
        ref_key = FORMS[kind][1]
        op = value[kind]
        choices = COLOR_TESTS if kind == "color" else tuple(OPS)
        if type(op) is not str or op not in choices:
            problem(f"{path}/{kind}", say('"{kind}" must be one of {choices}.', kind=kind,
                                              choices=", ".join(f'"{c}"' for c in choices)))
        ref = value.get(ref_key)
        if type(ref) is not str or ref not in REFS:
            problem(f"{path}/{ref_key}", say('"{key}" must be "previous" (the last play) or "own" '
                                             "(the player's own last play).", key=ref_key))
        elif op in choices:
            rule = Rule(kind, op=op, ref=ref)
    elif kind in ("value_in", "sum_in"):
        rule = _range(value[kind], f"{path}/{kind}", kind, problem)
    else:
        parts = value[kind]
        if type(parts) is not list or not 1 <= len(parts) <= max_items:
            problem(f"{path}/{kind}", say('"{kind}" must be a list of 1 to {most} rules.', kind=kind, most=max_items))
        else:
            read = [read_rule(part, f"{path}/{kind}/{index}", problem, max_depth, max_items, depth + 1)
                    for index, part in enumerate(parts)]
            if None not in read:
                rule = Rule(kind, parts=tuple(read))  # type: ignore[arg-type]
    return rule if ok else None


def count_nodes(value: object, bound: int) -> int:
    """How many rule objects ``value`` holds, itself included, counting no further than ``bound + 1``: the
    walk costs at most the bound, however large the document."""
    count, pending = 0, [value]
    while pending and count <= bound:
        node = pending.pop()
        if type(node) is not dict:
            continue
        count += 1
        for kind in ("all_of", "any_of"):
            if type(node.get(kind)) is list:
                pending.extend(node[kind])
    return count


def size(rule: Rule) -> int:
    """The rule's parts in all, itself included."""
    return 1 + sum(size(part) for part in rule.parts)


def _range(value: object, path: str, kind: str, problem: Problem) -> Rule | None:
    top = 9 if kind == "value_in" else MAX_SUM
    if (type(value) is list and len(value) == 2 and all(type(end) is int for end in value)
            and 1 <= value[0] <= value[1] <= top):
        return Rule(kind, low=value[0], high=value[1])
    problem(path, say('"{kind}" must be a list [LOW, HIGH] of whole numbers with 1 ≤ LOW ≤ HIGH ≤ {top}.', kind=kind,
                      top=top))
    return None


def _escape(key: object) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def to_json(rule: Rule) -> dict:
    """The rule in its JSON form, as a log writes it."""
    if rule.kind == "free":
        return {"free": True}
    if rule.kind in ("value", "sum"):
        return {rule.kind: rule.op, "than": rule.ref}
    if rule.kind == "color":
        return {"color": rule.op, "as": rule.ref}
    if rule.kind in ("value_in", "sum_in"):
        return {rule.kind: [rule.low, rule.high]}
    return {rule.kind: [to_json(part) for part in rule.parts]}


# -- evaluating --------------------------------------------------------------------------------------

def holds(rule: Rule, play: tuple[int, ...], previous: tuple[int, ...] | None, own: tuple[int, ...] | None) -> bool:
    """Whether ``play`` obeys ``rule``; a reference that does not exist yet (``None``) satisfies a comparison.
    Cards are their indexes (``cards.CARD_INDEX``), read through ``VALUE_OF`` and ``COLOR_OF``."""
    form = rule.form
    if form == IS_FREE:
        return True
    if form <= IS_COLOR:
        reference = previous if rule.on_previous else own
        if reference is None:
            return True
        if form == IS_SUM:
            return compare(rule.test, sum(VALUE_OF[card] for card in play), sum(VALUE_OF[card] for card in reference))
        for card in play:
            for other in reference:
                if form == IS_VALUE:
                    if not compare(rule.test, VALUE_OF[card], VALUE_OF[other]):
                        return False
                elif (COLOR_OF[card] == COLOR_OF[other]) != (rule.test == 0):  # test 0: "same"
                    return False
        return True
    if form == IS_VALUE_IN:
        return all(rule.low <= VALUE_OF[card] <= rule.high for card in play)
    if form == IS_SUM_IN:
        return rule.low <= sum(VALUE_OF[card] for card in play) <= rule.high
    wanted = form == IS_ALL_OF  # all_of, else any_of
    for part in rule.parts:
        if holds(part, play, previous, own) != wanted:
            return not wanted
    return wanted


def compare(test: int, left: int, right: int) -> bool:
    """The comparison at place ``test`` of OPS, native (an ``operator`` function was a call through Python)."""
    if test < 2:
        return left > right if test == 0 else left >= right
    if test < 4:
        return left < right if test == 2 else left <= right
    return left == right if test == 4 else left != right


def references(rule: Rule) -> set[str]:
    """The references a rule compares with."""
    if IS_VALUE <= rule.form <= IS_COLOR:
        return {rule.ref}
    return set().union(*(references(part) for part in rule.parts)) if rule.parts else set()


# -- putting into words ------------------------------------------------------------------------------

VALUE_WORDS = {
    (">", False): lambda reference: say("higher than {reference}", reference=reference),
    (">", True): lambda reference: say("each higher than {reference}", reference=reference),
    (">=", False): lambda reference: say("at least as high as {reference}", reference=reference),
    (">=", True): lambda reference: say("each at least as high as {reference}", reference=reference),
    ("<", False): lambda reference: say("lower than {reference}", reference=reference),
    ("<", True): lambda reference: say("each lower than {reference}", reference=reference),
    ("<=", False): lambda reference: say("no higher than {reference}", reference=reference),
    ("<=", True): lambda reference: say("each no higher than {reference}", reference=reference),
    ("==", False): lambda reference: say("of the same value as {reference}", reference=reference),
    ("==", True): lambda reference: say("each of the same value as {reference}", reference=reference),
    ("!=", False): lambda reference: say("of another value than {reference}", reference=reference),
    ("!=", True): lambda reference: say("each of another value than {reference}", reference=reference),
}
COLOUR_WORDS = {
    ("same", False): lambda reference: say("of the same colour as {reference}", reference=reference),
    ("same", True): lambda reference: say("each of the same colour as {reference}", reference=reference),
    ("different", False): lambda reference: say("of another colour than {reference}", reference=reference),
    ("different", True): lambda reference: say("each of another colour than {reference}", reference=reference),
}
SUM_WORDS = {
    ">": lambda reference: say("with a total value higher than {reference}", reference=reference),
    ">=": lambda reference: say("with a total value at least {reference}", reference=reference),
    "<": lambda reference: say("with a total value lower than {reference}", reference=reference),
    "<=": lambda reference: say("with a total value at most {reference}", reference=reference),
    "==": lambda reference: say("with a total value equal to {reference}", reference=reference),
    "!=": lambda reference: say("with a total value different from {reference}", reference=reference)}
REFERENCE_CARDS = {("previous", False): say("the last card played"),
                   ("previous", True): say("every card of the last play"),
                   ("own", False): say("your own last card"), ("own", True): say("every card of your own last play")}
REFERENCE_TOTALS = {"previous": say("the last play's total"), "own": say("your own last play's total")}
# The whole sentences, by cards per play (1, 2, any other: one or more); a clause is the same words inside
# another sentence (a rule-broken finding), starting small and without the full stop.
NO_RULE = {1: say("Play a card; this discipline declares no rule, so plays are not checked."),
           2: say("Play two cards; this discipline declares no rule, so plays are not checked."),
           None: say("Play one or more cards; this discipline declares no rule, so plays are not checked.")}
FREE = {1: say("Play a card, any value and colour."), 2: say("Play two cards, any value and colour."),
        None: say("Play one or more cards, any value and colour.")}
FREE_CLAUSE = {1: say("play a card, any value and colour"), 2: say("play two cards, any value and colour"),
               None: say("play one or more cards, any value and colour")}
def _ruled(per_play: int | None, clause: bool, rule: Text) -> Text:
    if per_play == 1:
        return say("play a card {rule}", rule=rule) if clause else say("Play a card {rule}.", rule=rule)
    if per_play == 2:
        return say("play two cards {rule}", rule=rule) if clause else say("Play two cards {rule}.", rule=rule)
    return (say("play one or more cards {rule}", rule=rule) if clause
            else say("Play one or more cards {rule}.", rule=rule))


def _too_long(per_play: int | None, clause: bool, parts: int) -> Text:
    if per_play == 1:
        return (say("play a card as the discipline's rule of {parts} parts says; it is too long to put into words "
                    "here, so see the rule in the log", parts=parts) if clause
                else say("Play a card as the discipline's rule of {parts} parts says; it is too long to put into "
                         "words here, so see the rule in the log.", parts=parts))
    if per_play == 2:
        return (say("play two cards as the discipline's rule of {parts} parts says; it is too long to put into "
                    "words here, so see the rule in the log", parts=parts) if clause
                else say("Play two cards as the discipline's rule of {parts} parts says; it is too long to put into "
                         "words here, so see the rule in the log.", parts=parts))
    return (say("play one or more cards as the discipline's rule of {parts} parts says; it is too long to put "
                "into words here, so see the rule in the log", parts=parts) if clause
            else say("Play one or more cards as the discipline's rule of {parts} parts says; it is too long to put "
                     "into words here, so see the rule in the log.", parts=parts))


# A race says its rule at every broken play and in the table view at every step: each rule is put into
# words once (rules are frozen, and a Text never changes).
@functools.lru_cache(maxsize=256)
def sentence(rule: Rule | None, cards_per_play: int | None = 1, notes: bool = True, clause: bool = False) -> Text:
    """The rule in plain words, e.g. "Play a card higher than the last card played."; ``notes`` adds what
    the race's first play is compared with; ``clause`` gives the words to put inside another sentence
    (small first letter, no full stop, no notes)."""
    per_play = cards_per_play if cards_per_play in (1, 2) else None
    if rule is None:
        return NO_RULE[per_play]
    if rule.kind == "free":
        return FREE_CLAUSE[per_play] if clause else FREE[per_play]
    phrase = _phrase(rule, cards_per_play != 1, nested=False)
    text = _ruled(per_play, False, phrase)
    if len(text) > MAX_SENTENCE:
        return _too_long(per_play, clause, size(rule))
    if clause:
        return _ruled(per_play, True, phrase)
    refs = references(rule) if notes else set()
    if refs >= {"previous", "own"}:
        return say("{sentence} The race's first play has nothing to compare with. Your own first play in the race "
                   "has nothing of yours to compare with.", sentence=text)
    if "previous" in refs:
        return say("{sentence} The race's first play has nothing to compare with.", sentence=text)
    if "own" in refs:
        return say("{sentence} Your own first play in the race has nothing of yours to compare with.", sentence=text)
    return text


def _phrase(rule: Rule, plural: bool, nested: bool) -> Text:
    kind = rule.kind
    if kind == "value":
        return VALUE_WORDS[rule.op, plural](REFERENCE_CARDS[rule.ref, plural])
    if kind == "color":
        return COLOUR_WORDS[rule.op, plural](REFERENCE_CARDS[rule.ref, plural])
    if kind == "sum":
        return SUM_WORDS[rule.op](REFERENCE_TOTALS[rule.ref])
    if kind == "value_in" or (kind == "sum_in" and not plural):  # one card's total is its value
        if rule.low == rule.high:
            return (say("each valued {value}", value=rule.low) if plural else say("valued {value}", value=rule.low))
        return (say("each valued {low} to {high}", low=rule.low, high=rule.high) if plural
                else say("valued {low} to {high}", low=rule.low, high=rule.high))
    if kind == "sum_in":
        if rule.low == rule.high:
            return say("with a total value of {value}", value=rule.low)
        return say("with a total value of {low} to {high}", low=rule.low, high=rule.high)
    if kind == "free":
        return say("of any value and colour")
    words = [_phrase(part, plural, nested=True) for part in rule.parts]
    if len(words) == 1:
        return words[0]
    joined = Joined(words, AND if kind == "all_of" else OR)
    if kind == "any_of" and len(words) == 2:
        return say("either {choices}", choices=joined)
    if nested:
        if kind == "all_of":
            return say("both {parts}", parts=joined) if len(words) == 2 else say("all of: {parts}", parts=joined)
        return say("one of: {choices}", choices=joined)
    return joined


def join(words: Sequence[str], conjunction: str) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {conjunction} " + words[-1]

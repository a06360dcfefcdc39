"""JSON in and out. In: a hardened reader for everything users send (API bodies, form uploads, files on
the command line). Out: compact report lines.

Python's ``json`` silently accepts duplicate keys (keeping the last) and NaN/Infinity, and crashes on
absurd nesting or numbers, and lets an escaped lone UTF-16 surrogate (``"\\ud800"``) through as a string
that no UTF-8 encoder, database or page can write later; each of those is a ``JSONReadError`` here, a
``ValueError`` whose message says what is wrong and where. The common case takes the fast path (orjson
when installed, plus one cheap walk); only a suspicious document is parsed again slowly to name the exact
problem. Integers come back exact whichever parser ran: orjson turns those past 64 bits into floats, so a
document it reads with a float in it takes the slow path (without orjson, a long run of digits does).
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from types import ModuleType
from typing import cast

from replaykit.words import Text, say


def _accelerator() -> ModuleType | None:
    """orjson where installed: the reader's behaviour is the same without it."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - exercised only where orjson is missing
        return None
    return orjson


orjson = _accelerator()

_SPACED_KEY = re.compile(rb'"[ \t\r\n]+:')
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
EXACT_DIGITS = 18  # every integer of up to 18 digits fits in 64 bits, where orjson keeps integers exact
ORJSON_DIGITS = 20  # the most digits of an integer orjson returns as one (2**64 - 1), past which it gives a float
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
# A high surrogate followed by a low one is one character; whatever else matches is alone. An even run of
# backslashes before "u" is an escaped backslash followed by plain text, not an escape.
_LONE_SURROGATE = re.compile(r"(?<!\\)((?:\\\\)*)(\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}"
                             r"|\\u[dD][89a-fA-F][0-9a-fA-F]{2})")
_SURROGATES = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]")  # no surrogate literal: mypyc compiles this module


@dataclass(frozen=True)
class JSONLimits:
    max_depth: int = 32
    max_number_digits: int = 20


DEFAULT_JSON_LIMITS = JSONLimits()


class JSONReadError(ValueError):
    """The input is not acceptable JSON; ``str()`` is one sentence a user can act on."""

    def __init__(self, reason: Text, line: int | None = None, column: int | None = None) -> None:
        self.text = reason if line is None else say("{reason} (line {line}, column {column})", reason=reason,
                                                    line=line, column=column)
        super().__init__(self.text)
        self.reason, self.line, self.column = reason, line, column

    def __str__(self) -> str:
        return self.text


def read_json(raw: bytes | str, limits: JSONLimits = DEFAULT_JSON_LIMITS) -> object:
    """Parse one JSON document or raise ``JSONReadError``."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else bytes(raw)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a byte-order mark is common from Windows editors and harmless
    try:
        value = orjson.loads(data) if orjson is not None else json.loads(data)
    except (ValueError, RecursionError):
        return _strict(data, limits)  # raises with the precise reason
    depth, keys, floats = _shape(value)
    if (depth > limits.max_depth or not _keys_all_distinct(data, keys) or _numbers_unproven(data, floats, limits)
            or (orjson is None and _SURROGATE_ESCAPE.search(data))):  # orjson itself refuses lone surrogates
        return _strict(data, limits)  # tells a real problem from a harmless look-alike, and names it
    return value


def _numbers_unproven(data: bytes, floats: bool, limits: JSONLimits) -> bool:
    """Whether a number may have been read other than exactly, or past the digit limit.

    orjson keeps every integer it returns exact, and none has more than ``ORJSON_DIGITS`` digits: one past 64
    bits comes back a float. So where the limit allows that many digits, a document orjson read without any
    float is proven; otherwise a run of digits longer than the limit (or than exact) may be a number.
    """
    if orjson is not None and limits.max_number_digits >= ORJSON_DIGITS:
        return floats
    return _has_long_digit_run(data, min(limits.max_number_digits, EXACT_DIGITS))


def _keys_all_distinct(data: bytes, parsed_keys: int) -> bool:
    """True only when no object can have lost a duplicate key in parsing.

    In a document that parsed, every key written is followed by exactly one colon outside strings, and
    no other colon is outside strings: so the colons in the text are the keys written plus those inside
    strings, and equal the keys parsed only when none was dropped (one byte counted: the usual case).
    Where strings hold colons, a key is written '"name":' unless spaced before its colon; when none is so
    spaced, the '":' in the text are the keys written plus those inside strings. Otherwise: not proven.
    """
    if data.count(b":") == parsed_keys:
        return True
    if (b'" ' in data or b'"\n' in data or b'"\t' in data or b'"\r' in data) and _SPACED_KEY.search(data):
        return False
    return data.count(b'":') == parsed_keys


def _has_long_digit_run(data: bytes, digits: int) -> bool:
    """A run of more than ``digits`` digits: maybe a huge number, maybe just text."""
    return b"0" * (digits + 1) in data.translate(_DIGITS_AS_ZERO)


def _shape(value: object) -> tuple[int, int, bool]:
    """Nesting depth, the number of object keys and whether any value is a float, level by level without
    recursion."""
    depth = keys = 0
    floats = type(value) is float
    level: list[object] = [value]
    while level:
        depth += 1
        below: list[object] = []
        for item in level:
            # Each container walked as its own type (``cast``): compiled, a dict's values and a list's items
            # are read directly rather than through Python's iterator protocol.
            if type(item) is dict:
                mapping = cast(dict, item)
                keys += len(mapping)
                for child in mapping.values():
                    if type(child) is dict or type(child) is list:
                        below.append(child)
                    elif type(child) is float:
                        floats = True
            elif type(item) is list:
                for child in cast(list, item):
                    if type(child) is dict or type(child) is list:
                        below.append(child)
                    elif type(child) is float:
                        floats = True
        level = below
    return depth if type(value) in (dict, list) else 0, keys, floats


def _strict(data: bytes, limits: JSONLimits) -> object:
    refused: list[tuple[str, str]] = []  # what a hook refused, (kind, its text), for the place of the refusal

    def pairs(items: list[tuple[str, object]]) -> dict:
        result: dict = {}
        for key, value in items:
            if key in result:
                refused.append(("key", key))
                raise JSONReadError(say('The key "{key}" appears twice in one object; JSON keys must be unique',
                                         key=key[:40]))
            result[key] = value
        return result

    def constant(name: str) -> object:
        refused.append(("value", name))
        raise JSONReadError(say("{name} is not a JSON number", name=name))

    def integer(text: str) -> int:
        digits = len(text.lstrip("-"))  # a minus sign is no digit
        if digits > limits.max_number_digits:
            refused.append(("value", text))
            raise JSONReadError(say("A number with {digits} digits is far too large", digits=digits))
        return int(text)

    def decimal(text: str) -> float:
        longest = 4 * limits.max_number_digits
        if len(text) > longest:  # however small its value (0.000…1): the length is what costs
            refused.append(("value", text))
            raise JSONReadError(say("The number {start}… is written with {length} characters; a number may have "
                                    "at most {longest}", start=text[:24], length=len(text), longest=longest))
        number = float(text)
        if number in (float("inf"), float("-inf")):
            refused.append(("value", text))
            raise JSONReadError(say("The number {number} is too large", number=text[:24]))
        return number

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        read = data[:error.start].decode("utf-8")  # placed in characters, as editors count them
        raise _placed(say("The log is not UTF-8 text: save it as UTF-8 and send it again"), read,
                      len(read)) from None
    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_constant=constant, parse_int=integer,
                           parse_float=decimal)
    except RecursionError:
        raise _placed(_too_deep(limits), text, _place(text, "depth", limits.max_depth)) from None
    except json.JSONDecodeError as error:
        raise _syntax_error(error, text) from None
    except JSONReadError as error:
        kind, what = refused[-1]
        raise _placed(error.reason, text, _place(text, kind, what)) from None
    if _shape(value)[0] > limits.max_depth:
        raise _placed(_too_deep(limits), text, _place(text, "depth", limits.max_depth))
    if _SURROGATE_ESCAPE.search(data) and _holds_surrogate(value):
        raise _surrogate_error(text)
    return value


# What a walk of a refused text's structure meets: a string (passed over whole, whatever it holds) or a structural
# character; numbers and literals are skipped by the regular expression, not by the walk.
_STRING = r'"(?:[^"\\]|\\.)*"'
_STRUCTURE = re.compile(_STRING + r"|[{}\[\]:,]")
# Past this many strings and structural characters the walk stops and the refusal goes unplaced: placing a
# duplicate key at the end of a 2 MB body of 250,000 objects costs 0.14 s (compiled) beside its 0.28 s refusal.
PLACED_TOKENS = 300_000
VALUE_PREFIX = 40
VALUE_ENDS = ("", " ", "\t", "\r", "\n", ",", "]", "}")  # what may follow a value: nothing, a space, a comma, a bracket


def _place(text: str, kind: str, what: object) -> int | None:
    """The offset of what was refused: the second ``what`` among one object's keys (``kind`` "key"), the value
    written ``what`` ("value"), or the first bracket deeper than ``what`` levels ("depth")."""
    if kind == "value":  # written as a value: after a bracket, comma or colon, before one
        written = cast(str, what)
        # found by its start, then compared whole: a pattern of a number of 2,000,000 digits took 13 s to compile
        start = re.compile(f"{_STRING}|(?<![^\\s\\[,:]){re.escape(written[:VALUE_PREFIX])}")
        for match in start.finditer(text):
            at, end = match.start(), match.start() + len(written)
            if match.group()[0] != '"' and text.startswith(written, at) and text[end:end + 1] in VALUE_ENDS:
                return at
        return None
    open_keys: list[set[str] | None] = []  # per open bracket: an object's keys so far, or None for a list
    want_key = False
    for match in itertools.islice(_STRUCTURE.finditer(text), PLACED_TOKENS):
        token = match.group()
        if token in ("{", "["):
            open_keys.append(set() if token == "{" else None)
            if kind == "depth" and len(open_keys) > cast(int, what):
                return match.start()
            want_key = token == "{"
        elif token in ("}", "]"):
            if open_keys:
                open_keys.pop()
            want_key = False
        elif token in (",", ":"):
            want_key = token == "," and bool(open_keys) and open_keys[-1] is not None
        elif want_key and open_keys and open_keys[-1] is not None:
            name, keys = json.loads(token) if "\\" in token else token[1:-1], open_keys[-1]
            if kind == "key" and name == what and name in keys:
                return match.start()
            keys.add(name)
            want_key = False
    return None


def _placed(reason: Text, text: str, offset: int | None) -> JSONReadError:
    if offset is None:
        return JSONReadError(reason)
    return JSONReadError(reason, text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset))


def _syntax_error(error: json.JSONDecodeError, text: str) -> JSONReadError:
    """The decoder's refusal in a person's words where two common slips explain it: a comma before a closing
    bracket (placed at the comma), and a text that ends before its brackets close; else the decoder's own."""
    before = text[:error.pos].rstrip()
    if error.msg in _AFTER_COMMA and before.endswith(",") and text[error.pos:].lstrip()[:1] in ("]", "}"):
        return _placed(say("A comma before a closing bracket, which JSON does not allow (a trailing comma)"), text,
                       len(before) - 1)
    if error.msg.startswith("Expecting") and before and not text[error.pos:].strip():
        # placed just past what was written, not past the blank lines after it (an archive line's line end)
        return _placed(say("The JSON ends before every bracket it opens is closed"), text, len(before))
    return JSONReadError(say("Not valid JSON: {problem}", problem=_DECODER.get(error.msg, error.msg)), error.lineno,
                         error.colno)


_AFTER_COMMA = ("Expecting value", "Expecting property name enclosed in double quotes")


def _too_deep(limits: JSONLimits) -> Text:
    return say("The JSON is nested more than {depth} levels deep", depth=limits.max_depth)


# What Python's JSON decoder says (its English, kept), as sentences a catalogue can translate.
_DECODER = {str(text): text for text in (
    say("Expecting value"), say("Expecting ',' delimiter"), say("Expecting ':' delimiter"),
    say("Expecting property name enclosed in double quotes"), say("Unterminated string starting at"),
    say("Invalid control character at"), say("Invalid \\escape"), say("Invalid \\uXXXX escape"),
    say("Extra data"), say("Illegal trailing comma before end of object"),
    say("Illegal trailing comma before end of array"))}


def _holds_surrogate(value: object) -> bool:
    """Whether any string or key holds a lone surrogate (escaped pairs were joined into one character)."""
    level: list[object] = [value]
    while level:
        below: list[object] = []
        for item in level:
            if type(item) is str:
                if _SURROGATES.search(item):
                    return True
            elif type(item) is dict:
                below.extend(item)
                below.extend(item.values())
            elif type(item) is list:
                below.extend(item)
        level = below
    return False


def _surrogate_error(text: str) -> JSONReadError:
    def message(escape: str) -> Text:
        return say("A string holds a lone UTF-16 surrogate escape ({escape}), which is no character; write the "
                   "character itself or a complete surrogate pair", escape=escape)

    for match in _LONE_SURROGATE.finditer(text):
        escape = match.group(2)
        if len(escape) == 6:  # not a pair
            return _placed(message(escape), text, match.start(2))
    return JSONReadError(message("\\uD800 to \\uDFFF"))


def dumps(data: object) -> str:
    """Compact JSON on one line (orjson when installed, several times faster), non-ASCII kept as is, keys
    in insertion order: reports are built in reading order."""
    if orjson is not None:
        try:
            return orjson.dumps(data).decode("utf-8")
        except TypeError:
            pass  # e.g. an integer past 64 bits inside a user's meta: the standard library can write it
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

"""The hardened JSON reader: what Python's json accepts silently or crashes on is a clear error."""

import json

import pytest

from replaykit import jsonio
from replaykit.jsonio import JSONLimits, JSONReadError, read_json


def test_reads_ordinary_json_as_json_does():
    text = '{"a": [1, 2.5, "x", null, true], "b": {"c": "d\\u00e9\\":"}}'
    assert read_json(text) == json.loads(text)
    assert read_json(text.encode()) == json.loads(text)
    assert read_json(b"\xef\xbb\xbf[1]") == [1]


@pytest.mark.parametrize(("text", "reason"), [
    ('{"a": 1, "a": 2}', 'key "a" appears twice'),
    ('{"x": {"card": "G1", "card": "G2"}}', 'key "card" appears twice'),
    ("[NaN]", "NaN is not a JSON number"),
    ('{"a": Infinity}', "Infinity is not a JSON number"),
    ("[-Infinity]", "-Infinity is not a JSON number"),
    ("[" * 5000 + "]" * 5000, "nested"),
    ("[" * 40 + "]" * 40, "nested more than 32"),
    ("1" * 5000, "far too large"),
    ('{"score": 123456789012345678901234567890}', "far too large"),
    ("[1e400]", "too large"),
    ("[0." + "0" * 100 + "1]", "written with 103 characters; a number may have at most 80"),
    ('{"a": 1', "The JSON ends before every bracket it opens is closed (line 1, column 8)"),
    ('{"a": 1\n\n', "The JSON ends before every bracket it opens is closed (line 1, column 8)"),
    ('{"a": [1, 2,\n]}', "A comma before a closing bracket, which JSON does not allow (a trailing comma) (line 1, "
                          "column 12)"),
    ('{"a": }', "Not valid JSON: Expecting value (line 1, column 7)"),
    ("", "not valid JSON"),
    (b"\xff\xfe[]", "not UTF-8"),
])
def test_rejects_with_a_clear_reason(text, reason):
    with pytest.raises(JSONReadError) as caught:
        read_json(text)
    assert reason.lower() in str(caught.value).lower()


def test_a_colon_inside_a_string_is_not_a_duplicate_key():
    assert read_json('{"note": "he said \\": no\\"", "b": "x\\":"}') == {"note": 'he said ": no"', "b": 'x":'}


def test_long_digit_runs_inside_strings_are_fine():
    assert read_json('{"id": "123456789012345678901234567890"}') == {"id": "123456789012345678901234567890"}


def test_limits_are_configurable():
    assert read_json("[[[1]]]", JSONLimits(max_depth=3)) == [[[1]]]
    with pytest.raises(JSONReadError):
        read_json("[[[1]]]", JSONLimits(max_depth=2))


def test_position_is_reported():
    with pytest.raises(JSONReadError) as caught:
        read_json('{\n  "a": 1,\n  "b": }')
    assert caught.value.line == 3


@pytest.mark.parametrize(("text", "line", "column"), [
    ('{"plays": [{"card": "G1",\n  "card": "G2"}]}', 2, 3),  # the second "card", not the first
    ('{"note": "\\"card\\": 1", "card": 1,\n "card": 2}', 2, 2),  # a key written inside a string is no key
    ('{"a": {"b": 1}, "c": {"b": 2,\n "b": 3}}', 2, 2),  # "b" in two objects is no duplicate
    ('{"scores": {"A": 1,\n "B": NaN}}', 2, 7),
    ('[1,\n  123456789012345678901234567890]', 2, 3),
    ('[\n1e400]', 2, 1),
    ("[" * 33 + "]" * 33, 1, 33),  # the 33rd bracket is one level too deep
])
def test_a_refusal_python_s_decoder_gives_no_place_for_is_placed(text, line, column):
    # Only "The key "card" appears twice in one object" was said: in a long log, no way to find it.
    with pytest.raises(JSONReadError) as caught:
        read_json(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).endswith(f"(line {line}, column {column})")


def test_a_refusal_deep_in_a_huge_body_goes_unplaced_rather_than_cost_a_long_walk(monkeypatch):
    monkeypatch.setattr(jsonio, "PLACED_TOKENS", 10)
    with pytest.raises(JSONReadError) as caught:
        read_json('[{"a": 1}, {"a": 1}, {"a": 1, "a": 2}]')  # the second "a" is the 16th token
    assert caught.value.line is None and str(caught.value).endswith("must be unique")
    with pytest.raises(JSONReadError) as caught:
        read_json('[{"a": 1, "a": 2}]')  # the 7th
    assert (caught.value.line, caught.value.column) == (1, 11)


@pytest.fixture(params=["orjson", "json"])
def either_parser(request, monkeypatch):
    """Run a test with orjson and again with the standard library alone: the reader must not differ."""
    if request.param == "json":
        monkeypatch.setattr(jsonio, "orjson", None)
    return request.param


@pytest.mark.parametrize(("text", "column"), [
    ('{"game": "david-goliath", "players": ["A\\ud800", "B", "C"], "tricks": []}', 41),
    ('["\\udc00 low first"]', 3),
    ('["\\ud83d\\ud83d\\ude00"]', 3),  # a high surrogate followed by a whole pair
    ('{"\\uDBFF": 1}', 3),  # in a key, upper case
])
def test_a_lone_surrogate_escape_is_refused_with_its_place(either_parser, text, column):
    with pytest.raises(JSONReadError) as caught:
        read_json(text)
    assert "lone UTF-16 surrogate" in str(caught.value)
    assert (caught.value.line, caught.value.column) == (1, column)


@pytest.mark.parametrize(("text", "value"), [
    ('["\\ud83d\\ude00"]', ["\N{GRINNING FACE}"]),  # a pair is one character
    ('["\\\\ud800"]', ["\\ud800"]),  # an escaped backslash, then plain text
])
def test_surrogate_look_alikes_are_read(either_parser, text, value):
    assert read_json(text) == value


@pytest.mark.parametrize("number", [99999999999999999999, -9223372036854775809, 18446744073709551616,
                                    12345678901234567890, -1234567890123456789])
def test_integers_up_to_the_digit_limit_stay_exact_integers(either_parser, number):
    value = read_json(f'{{"scores": {{"A": {number}}}, "note": "x"}}')["scores"]["A"]
    assert type(value) is int and value == number


# The minus sign is no digit: -1 followed by 20 more digits has 21 (it was said to have 22).
@pytest.mark.parametrize("number", ["123456789012345678901", "-123456789012345678901"])
def test_too_many_digits_get_the_same_message_from_either_parser(monkeypatch, number):
    text = '{"a": ' + number + '}'
    with pytest.raises(JSONReadError) as fast:
        read_json(text)
    monkeypatch.setattr(jsonio, "orjson", None)
    with pytest.raises(JSONReadError) as slow:
        read_json(text)
    assert str(fast.value) == str(slow.value) == "A number with 21 digits is far too large (line 1, column 7)"
    assert read_json('{"a": ' + number[:-1] + '}') == {"a": int(number[:-1])}  # 20 digits: the limit


def test_the_depth_limit_is_exactly_its_value():
    # docs/RELIABILITY.md: JSON_MAX_DEPTH, 32 levels
    nested: list = []
    for _level in range(31):
        nested = [nested]
    assert read_json("[" * 32 + "]" * 32) == nested
    with pytest.raises(JSONReadError, match="nested more than 32 levels deep"):
        read_json("[" * 33 + "]" * 33)


def test_a_float_sends_a_document_to_the_strict_reader_which_reads_it_as_json_does(monkeypatch):
    # orjson reads an integer past 64 bits as a float, so the fast path trusts a document only without floats.
    loads, calls = json.loads, []  # the strict reader parses with json.loads (orjson being installed here)
    monkeypatch.setattr(json, "loads", lambda text, **hooks: calls.append(text) or loads(text, **hooks))
    assert read_json('{"a": [1, {"b": [2.5]}]}') == {"a": [1, {"b": [2.5]}]} and len(calls) == 1
    assert read_json('{"a": [1, {"b": [25, "2.5"]}], "c": "12345678901234567890123"}') == \
        {"a": [1, {"b": [25, "2.5"]}], "c": "12345678901234567890123"} and len(calls) == 1
    assert read_json("2.5") == 2.5 and len(calls) == 2


def test_a_lower_digit_limit_still_refuses_a_number_orjson_reads_exactly():
    with pytest.raises(JSONReadError) as caught:
        read_json('{"a": 1234567}', JSONLimits(max_number_digits=6))
    assert str(caught.value) == "A number with 7 digits is far too large (line 1, column 7)"
    assert read_json('{"a": 123456}', JSONLimits(max_number_digits=6)) == {"a": 123456}


def test_a_refused_number_is_placed_by_its_whole_writing_not_by_a_number_it_begins_like():
    long = "7" * 200_000
    # the same first digits, shorter, then inside a string, then the number refused on line 3
    text = f'{{"a": "{long}",\n"b": {long[:-1]},\n"c": [{long}]}}'
    with pytest.raises(JSONReadError) as caught:
        read_json(text)
    assert str(caught.value) == "A number with 199999 digits is far too large (line 2, column 6)"
    with pytest.raises(JSONReadError) as caught:
        read_json(f'{{"a": "{long}",\n"c": [{long}]}}')
    assert str(caught.value) == "A number with 200000 digits is far too large (line 2, column 7)"

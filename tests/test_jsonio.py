"""The hardened JSON reader: what Python's json accepts silently or crashes on is a clear error."""

import json

import pytest

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
    ('{"a": 1', "not valid JSON"),
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

"""The words readers use for what a user wrote."""

from replaykit.reading import describe, mention, no_json_text, show


def test_kinds_are_named_as_a_player_would():
    assert [describe(value) for value in (None, True, 3, 2.5, "x", [], {})] == [
        "null", "true/false", "a number", "a number", "text", "a list", "an object"]


def test_quotations_are_short():
    assert show("Ann") == '"Ann"' and show(12) == "12"
    assert len(show("x" * 500)) == 40 and show("x" * 500).endswith("...")
    assert mention("chess") == '"chess"' and mention(7) == "a number" and len(mention("y" * 99)) == 42


def test_what_the_user_wrote_is_quoted_as_json_writes_it():
    # Before: Python's {'color': 'Red', 'value': 7}, True and None, which no log holds
    assert show({"color": "Red", "value": 7}) == '{"color": "Red", "value": 7}'
    assert (show(True), show(None), show([1, "B2"]), show({"név": "Ágnes"})) == (
        "true", "null", '[1, "B2"]', '{"név": "Ágnes"}')


def test_bytes_that_are_no_json_text_are_named_and_json_text_is_not():
    assert no_json_text(b"") == no_json_text(b" \r\n") == "The log is empty: send the JSON document itself"
    gzip_said = "This is gzip-compressed data, not JSON text: send the log uncompressed"
    assert no_json_text(b"\x1f\x8b\x08\x00") == gzip_said
    zip_said = "This is a zip archive, not JSON text: unzip it and send the log it holds"
    assert no_json_text(b"PK\x03\x04\x14\x00") == zip_said
    wide = "This text is UTF-16 (or UTF-32), not UTF-8: save the log as UTF-8 and send it again"
    # UTF-16 with each byte order's mark, UTF-16 big-endian without one ("{" is 00 7B), UTF-32 little-endian
    # and big-endian
    wide_texts = (b"\xff\xfe{\x00", b"\xfe\xff\x00{", b"\x00{\x00\"", b"{\x00\x00\x00", b"\x00\x00\x00{")
    assert [no_json_text(raw) for raw in wide_texts] == [wide] * 5
    # a NUL after two characters is no encoding: the reader says where it is ("{}" then a NUL, a tester's body)
    assert [no_json_text(raw) for raw in (b"{}\x00", b"[1\x00]")] == [None] * 2
    # what the JSON reader names better itself: a UTF-8 mark before broken JSON, a stray byte, a bad syntax
    assert [no_json_text(raw) for raw in (b"\xef\xbb\xbf{", b'{"a": "\xe9"}', b"{,}")] == [None] * 3

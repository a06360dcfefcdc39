"""The words readers use for what a user wrote."""

from replaykit.reading import describe, mention, show


def test_kinds_are_named_as_a_player_would():
    assert [describe(value) for value in (None, True, 3, 2.5, "x", [], {})] == [
        "null", "true/false", "a number", "a number", "text", "a list", "an object"]


def test_quotations_are_short():
    assert show("Ann") == '"Ann"' and show(12) == "12"
    assert len(show("x" * 500)) == 40 and show("x" * 500).endswith("...")
    assert mention("chess") == '"chess"' and mention(7) == "a number" and len(mention("y" * 99)) == 42

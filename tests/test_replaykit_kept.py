"""The bounded memo games keep what they work out once in (a seating's facts, a discipline read)."""

from replaykit.kept import Kept


def test_a_value_is_made_once_and_then_found():
    made = []
    kept: Kept[str, list] = Kept(4)
    first = kept.made("a", lambda key: made.append(key) or [key])
    assert kept.made("a", lambda key: made.append(key) or [key]) is first
    assert made == ["a"]


def test_when_full_the_older_half_goes_and_the_newest_stay():
    kept: Kept[int, str] = Kept(4)
    for key in range(4):
        kept.keep(key, str(key))
    kept.keep(4, "4")  # full: 0 and 1, the two oldest, go
    assert list(kept) == [2, 3, 4] and kept[4] == "4"
    assert kept.made(0, str) == "0" and list(kept) == [2, 3, 4, 0]  # made again where dropped

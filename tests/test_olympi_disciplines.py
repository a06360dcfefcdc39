"""The rule vocabulary: reading rules with every shape problem at its pointer, evaluating them (compared
with a brute-force reading written here), and rendering them as sentences."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from olympi_replay.cards import ALL_CARDS, CARD_INDEX, Card
from olympi_replay.disciplines import holds, read_rule, sentence, to_json


def read(value, depth=8, items=20):
    problems = []
    rule = read_rule(value, "/rule", lambda path, message: problems.append((path, message)), depth, items)
    return rule, problems


# -- an independent, literal reading of the vocabulary's table -------------------------------------------

def brute(rule: dict, play, previous, own) -> bool:
    """The table of the log format, read as literally as possible, on the JSON form."""
    if "free" in rule:
        return True
    if "all_of" in rule:
        return all(brute(part, play, previous, own) for part in rule["all_of"])
    if "any_of" in rule:
        return any(brute(part, play, previous, own) for part in rule["any_of"])
    if "value_in" in rule:
        low, high = rule["value_in"]
        return all(low <= card.value <= high for card in play)
    if "sum_in" in rule:
        low, high = rule["sum_in"]
        return low <= sum(card.value for card in play) <= high
    ref_name = rule.get("than", rule.get("as"))
    reference = previous if ref_name == "previous" else own
    if reference is None:
        return True
    if "color" in rule:
        for card in play:
            for other in reference:
                if rule["color"] == "same" and card.color != other.color:
                    return False
                if rule["color"] == "different" and card.color == other.color:
                    return False
        return True
    compare = {">": lambda a, b: a > b, ">=": lambda a, b: a >= b, "<": lambda a, b: a < b,
               "<=": lambda a, b: a <= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}
    if "sum" in rule:
        return compare[rule["sum"]](sum(c.value for c in play), sum(c.value for c in reference))
    return all(compare[rule["value"]](card.value, other.value) for card in play for other in reference)


ops = st.sampled_from([">", ">=", "<", "<=", "==", "!="])
refs = st.sampled_from(["previous", "own"])
bounds = st.integers(1, 9).flatmap(lambda low: st.tuples(st.just(low), st.integers(low, 9)))
leaves = st.one_of(
    st.just({"free": True}),
    st.builds(lambda op, ref: {"value": op, "than": ref}, ops, refs),
    st.builds(lambda op, ref: {"sum": op, "than": ref}, ops, refs),
    st.builds(lambda test, ref: {"color": test, "as": ref}, st.sampled_from(["same", "different"]), refs),
    st.builds(lambda span: {"value_in": list(span)}, bounds),
    st.builds(lambda span: {"sum_in": [span[0], span[1] * 2]}, bounds),
)
rules = st.recursive(leaves, lambda inner: st.one_of(
    st.builds(lambda parts: {"all_of": parts}, st.lists(inner, min_size=1, max_size=3)),
    st.builds(lambda parts: {"any_of": parts}, st.lists(inner, min_size=1, max_size=3))), max_leaves=6)
cards = st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=2)


@settings(max_examples=150, deadline=None)
@given(rules, cards, st.none() | cards, st.none() | cards)
def test_the_evaluator_agrees_with_a_brute_force_reading(data, play, previous, own):
    rule, problems = read(data)
    assert problems == []
    assert to_json(rule) == data
    assert holds(rule, held(play), held(previous), held(own)) == brute(data, play, previous, own)


@settings(max_examples=60, deadline=None)
@given(rules, st.sampled_from([1, 2, None]))
def test_every_rule_renders_as_one_sentence(data, per_play):
    rule, _ = read(data)
    text = sentence(rule, per_play)
    assert text.startswith("Play ") and text.endswith(".") and "  " not in text


def held(cards: list[Card] | None) -> tuple[int, ...] | None:
    """Cards as a replay holds them, their indexes (what ``holds`` is given)."""
    return None if cards is None else tuple(CARD_INDEX[card] for card in cards)


K5, K7, B7 = 2 * 9 + 4, 2 * 9 + 6, 6  # black (the rings' third colour) 5 and 7, blue 7: colour × 9 + value - 1


def test_comparisons_hold_without_their_reference():
    rule, _ = read({"value": ">", "than": "previous"})
    assert holds(rule, (K5,), None, None)
    assert not holds(rule, (K5,), (K7,), None)
    own, _ = read({"color": "different", "as": "own"})
    assert holds(own, (K5,), (B7,), None) and not holds(own, (K5,), (B7,), (K7,))


def test_values_and_colours_are_read_from_the_card_s_index():
    # Sum of a play against the previous one: K5 + B7 = 12 >= K7 + K5 = 12; a value range reads 5 and 7.
    assert holds(read({"sum": ">=", "than": "previous"})[0], (K5, B7), (K7, K5), None)
    assert not holds(read({"sum": ">", "than": "previous"})[0], (K5, B7), (K7, K5), None)
    assert holds(read({"value_in": [5, 7]})[0], (K5, B7), None, None)
    assert not holds(read({"value_in": [6, 9]})[0], (K5,), None, None)
    assert holds(read({"color": "same", "as": "previous"})[0], (K5,), (K7,), None)


@pytest.mark.parametrize("data,expected", [
    ({"value": ">", "than": "previous"}, "Play a card higher than the last card played. The race's first play "
                                         "has nothing to compare with."),
    ({"value_in": [3, 6]}, "Play a card valued 3 to 6."),
    ({"sum_in": [10, 10]}, "Play a card valued 10."),  # one card's total is its value
    ({"free": True}, "Play a card, any value and colour."),
    ({"all_of": [{"value_in": [1, 4]}, {"color": "same", "as": "own"}]},
     "Play a card valued 1 to 4 and of the same colour as your own last card. Your own first play in the race "
     "has nothing of yours to compare with."),
    ({"any_of": [{"value": ">", "than": "previous"}, {"color": "same", "as": "previous"}]},
     "Play a card either higher than the last card played or of the same colour as the last card played. The "
     "race's first play has nothing to compare with."),
    ({"all_of": [{"value_in": [2, 8]}, {"any_of": [{"value_in": [1, 1]}, {"value_in": [9, 9]}]},
                 {"sum_in": [1, 5]}]},
     "Play a card valued 2 to 8, either valued 1 or valued 9 and valued 1 to 5."),
])
def test_sentences(data, expected):
    rule, _ = read(data)
    assert sentence(rule) == expected


def test_two_card_sentences():
    rule, _ = read({"sum": ">", "than": "previous"})
    assert sentence(rule, 2) == ("Play two cards with a total value higher than the last play's total. The "
                                 "race's first play has nothing to compare with.")
    rule, _ = read({"value": "<=", "than": "own"})
    assert sentence(rule, 2).startswith("Play two cards each no higher than every card of your own last play.")
    assert sentence(None, 2) == "Play two cards; this discipline declares no rule, so plays are not checked."


@pytest.mark.parametrize("data,paths", [
    ([], ["/rule"]),
    ({}, ["/rule"]),
    ({"free": False}, ["/rule/free"]),
    ({"value": ">>", "than": "previous"}, ["/rule/value"]),
    ({"value": ">", "than": "next"}, ["/rule/than"]),
    ({"value": ">"}, ["/rule/than"]),
    ({"color": "red", "as": "own"}, ["/rule/color"]),
    ({"value": ">", "than": "own", "extra": 1}, ["/rule/extra"]),
    ({"value_in": [5, 3]}, ["/rule/value_in"]),
    ({"value_in": [0, 3]}, ["/rule/value_in"]),
    ({"value_in": [1, 10]}, ["/rule/value_in"]),
    ({"value_in": [1, True]}, ["/rule/value_in"]),
    ({"sum_in": [2]}, ["/rule/sum_in"]),
    ({"all_of": []}, ["/rule/all_of"]),
    ({"any_of": [{"free": True}, {"sum": "<", "than": "x"}]}, ["/rule/any_of/1/than"]),
    ({"all_of": [{"all_of": [{"free": 1}]}, 3]}, ["/rule/all_of/0/all_of/0/free", "/rule/all_of/1"]),
])
def test_shape_problems_are_reported_at_their_pointer(data, paths):
    rule, problems = read(data)
    assert rule is None
    assert [path for path, _ in problems] == paths


def test_nesting_and_list_length_are_bounded():
    deep = {"free": True}
    for _ in range(5):
        deep = {"all_of": [deep]}
    assert read(deep, depth=6)[0] is not None
    assert read(deep, depth=5)[1] == [("/rule/all_of/0/all_of/0/all_of/0/all_of/0/all_of/0", "Rules may be nested "
                                       "at most 5 levels deep.")]
    assert read({"any_of": [{"free": True}] * 4}, items=3)[1][0][0] == "/rule/any_of"


def test_the_rulings_page_shows_each_example_as_the_renderer_words_it():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "games" / "olympi" / "rulings.md").read_text()
    examples = re.findall(r"^- `(\{.*\})`: (Play .*)$", text, re.MULTILINE)
    assert len(examples) >= 6
    for written, expected in examples:
        rule, problems = read(json.loads(written))
        assert problems == [] and sentence(rule) == expected
    two = re.search(r"With two cards per play, `(\{.*?\})` reads: (Play .*)$", text, re.MULTILINE)
    assert sentence(read(json.loads(two.group(1)))[0], 2) == two.group(2)

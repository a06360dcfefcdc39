"""Rules of section 1: the rulebooks' worked examples, highest-then-lowest, scoring and winners."""

from itertools import combinations

from dg_replay.cards import Card
from dg_replay.rules import (
    Rules,
    captures_of,
    color_class,
    color_points,
    color_score,
    high_low,
    score,
    score_by_color,
    winners,
)


def plays(*pairs):
    return [(name, Card.parse(card)) for name, card in pairs]


def resolve(trick):
    """Rules 5 and 6 as the State asks them of a trick given as (player, card) pairs: the highest and lowest
    play's indexes (``None``: no lowest) and who takes what."""
    cards = [card for _name, card in trick]
    high, low = high_low(cards)
    loser = trick[low][0] if low >= 0 else None
    return high, None if low < 0 else low, captures_of(cards, high, low, trick[high][0], loser)


def texts(captures):
    return {name: [str(card) for card in cards] for name, cards in captures.items()}


def test_italian_rulebook_trick():
    trick = plays(("Andrea", "G4"), ("Ben", "G12"), ("Clara", "G7"), ("Dennis", "R2"), ("Emma", "G2"))
    high, low, captures = resolve(trick)
    assert trick[high][0] == "Ben"
    assert trick[low][0] == "Emma"  # the 2s tie; Emma's was played last
    assert texts(captures) == {"Emma": ["G12"], "Ben": ["G4", "G7", "R2", "G2"]}


def test_polish_rulebook_trick():
    trick = plays(("Franek", "G4"), ("Sylwia", "G9"), ("Piotr", "R2"), ("Gosia", "G7"))
    assert texts(resolve(trick)[2]) == {"Piotr": ["G9"], "Sylwia": ["G4", "R2", "G7"]}


def test_scoring_example_is_52():
    cards = [Card.parse(text) for text in
             ["R4", "R10", "R11", "Y8", "G5", "G9", "B2", "B3", "B6", "B10", "B12", "P10", "P12"]]
    assert score_by_color(cards) == {"R": 3, "Y": 8, "G": 14, "B": 5, "P": 22}
    assert score(cards) == 52


def test_all_equal_trick_last_is_highest_second_to_last_lowest():
    trick = plays(("A", "G5"), ("B", "R5"), ("C", "Y5"), ("D", "P5"))
    high, low, captures = resolve(trick)
    assert (high, low) == (3, 2)
    assert texts(captures) == {"C": ["P5"], "D": ["G5", "R5", "Y5"]}


def test_equal_highest_goes_to_the_card_played_last():
    trick = plays(("A", "G9"), ("B", "R9"), ("C", "G1"))
    high, low, captures = resolve(trick)
    assert high == 1 and low == 2
    assert texts(captures) == {"C": ["R9"], "B": ["G9", "G1"]}


def test_lowest_is_found_among_the_other_cards():
    # Two cards share the top value: the earlier 9 is not the highest and may not be the lowest either.
    trick = plays(("A", "G9"), ("B", "G9".replace("G", "R")), ("C", "G3"))
    assert trick[resolve(trick)[1]][0] == "C"


def test_the_states_two_steps_rank_and_share_the_italian_rulebook_trick():
    # The State asks rule 5 (high_low) and rule 6 (captures_of) on the cards alone, naming the two players itself.
    cards = [Card.parse(text) for text in ("G4", "G12", "G7", "R2", "G2")]
    assert high_low(cards) == (1, 4)  # Ben's 12; of the two 2s, Emma's (played last) is the lowest
    assert texts(captures_of(cards, 1, 4, "Ben", "Emma")) == {"Emma": ["G12"], "Ben": ["G4", "G7", "R2", "G2"]}


def test_a_lone_card_has_no_lowest_and_goes_back_to_its_player():
    cards = [Card.parse("Y5")]
    assert high_low(cards) == (0, -1)
    assert texts(captures_of(cards, 0, -1, "A", None)) == {"A": ["Y5"]}
    high, low, captures = resolve(plays(("A", "Y5")))
    assert (high, low, texts(captures)) == (0, None, {"A": ["Y5"]})


def test_one_name_that_played_both_the_highest_and_the_lowest_takes_every_card():
    # A log that names A twice: A's 9 is taken by A's 1 (rule 6), and A takes the rest as the highest's player.
    cards = [Card.parse(text) for text in ("G9", "G5", "G1")]
    assert high_low(cards) == (0, 2)
    assert texts(captures_of(cards, 0, 2, "A", "A")) == {"A": ["G9", "G5", "G1"]}


def test_colour_score_collapses_at_three_cards():
    assert color_score([]) == 0
    assert color_score([11]) == 11
    assert color_score([11, 10]) == 21
    assert color_score([11, 10, 4]) == 3


def test_colour_classes_set_apart_captures_by_what_further_cards_add():
    assert color_class(1, 7) != color_class(1, 8)  # a second card, 5: 12 against 13
    assert color_class(1, 9) != color_class(2, 9)  # a card of 4 adds 4 to the first (13), makes the second 3
    assert color_class(3, 6) == color_class(5, 40)  # three cards or more: each further card adds one point


def test_captures_are_of_one_class_exactly_when_every_further_capture_gains_them_the_same():
    taken = [values for size in range(5) for values in combinations(range(1, 7), size)]
    further = [values for size in range(3) for values in combinations(range(1, 7), size)]

    def gains(values):
        count, total = len(values), sum(values)
        return [color_points(count + len(more), total + sum(more)) - color_points(count, total) for more in further]

    for one in taken:
        for other in taken:
            same = color_class(len(one), sum(one)) == color_class(len(other), sum(other))
            assert same == (gains(one) == gains(other)), (one, other)


def test_tied_winners_share_in_seating_order():
    assert winners({"C": 10, "A": 10, "B": 3}, ["A", "B", "C"]) == ["A", "C"]
    assert winners({}, ["A"]) == []


def test_seating_is_clockwise():
    rules = Rules(("A", "B", "C", "D"))
    assert rules.left_of("D") == "A"
    assert rules.right_of("A") == "D"
    assert rules.turn_order("C") == ("C", "D", "A", "B")
    assert rules.max_value == 12 and len(rules.deck) == 60


def test_deck_undefined_outside_three_to_six_players():
    assert not Rules(("A", "B")).deck_defined
    assert Rules(("A", "B")).deck == frozenset()

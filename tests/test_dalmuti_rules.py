"""The fixed rules: deal sizes, seats and titles, taxes due, points, bonuses, winners, joining."""

import pytest

from dalmuti_replay.cards import JESTER
from dalmuti_replay.rules import (
    Duty,
    Options,
    Table,
    bonuses,
    join_positions,
    newcomers_fit,
    points_for_going_out,
    rank_title,
    seat_newcomers,
    taxes_due,
    winners,
)

ORDER = ("A", "B", "C", "D", "E", "F")


def test_four_players_are_dealt_15_14_14_14():
    assert list(Table(("A", "B", "C", "D")).deal_sizes().values()) == [15, 14, 14, 14]


@pytest.mark.parametrize("players", range(4, 21))
def test_every_card_is_dealt_and_the_first_get_the_extra_ones(players):
    table = Table(tuple(f"P{index}" for index in range(players)))
    sizes = list(table.deal_sizes().values())
    assert sum(sizes) == sum(table.deck.values())
    assert sizes == sorted(sizes, reverse=True) and max(sizes) - min(sizes) <= 1


def test_a_table_knows_its_seats_deck_and_each_players_neighbours():
    table = Table(("A", "B", "C", "D"))
    assert table.seat == {"A": 0, "B": 1, "C": 2, "D": 3}
    assert table.top == 10 and table.deck[JESTER] == 2  # four players: no 11s nor 12s
    assert table.after["B"] == ("C", "D", "A", "B") and table.after["D"] == ("A", "B", "C", "D")
    sizes = table.deal_sizes()
    sizes["A"] = 0  # a round's counts change theirs, never the table's
    assert table.deal_sizes() == {"A": 15, "B": 14, "C": 14, "D": 14}
    assert table == Table(("A", "B", "C", "D")) and hash(table) == hash(Table(("A", "B", "C", "D")))
    assert table != Table(("A", "B", "C", "D"), Options(full_deck=True))


def test_titles_by_rank():
    assert [rank_title(rank, 6) for rank in range(1, 7)] == [
        "Great Dalmuti", "Little Dalmuti", "merchant", "merchant", "Little Peon", "Great Peon"]
    assert [rank_title(rank, 4) for rank in range(1, 5)] == [
        "Great Dalmuti", "Little Dalmuti", "Little Peon", "Great Peon"]


def test_taxes_due_in_rank_order_peons_first():
    duties = Table(ORDER).duties(True)
    assert [(duty.giver, duty.receiver, duty.count) for duty in duties] == [
        ("F", "A", 2), ("E", "B", 1), ("A", "F", 2), ("B", "E", 1)]
    assert Table(ORDER).duties(False) == []


def test_a_duty_is_equal_to_the_same_transfer_and_says_what_it_is():
    tax = Duty("great-tax", "F", "A", 2)
    assert tax == Duty("great-tax", "F", "A", 2) and hash(tax) == hash(Duty("great-tax", "F", "A", 2))
    assert tax != Duty("great-tax", "F", "A", 1) and tax != ("great-tax", "F", "A", 2)
    assert repr(tax) == "Duty(kind='great-tax', giver='F', receiver='A', count=2)"
    assert tax.is_peon_tax and not Duty("great-return", "A", "F", 2).is_peon_tax


def test_great_revolution_reverses_the_ranks():
    assert Table(("A", "B", "C", "D", "E")).reversed().order == ("E", "D", "C", "B", "A")


@pytest.mark.parametrize(("options", "number", "revolution", "due"), [
    (Options(), 1, None, True), (Options(), 2, "plain", False), (Options(), 2, "great", True),
    (Options(auto_revolution=True), 2, None, False), (Options(auto_revolution=True), 2, "great", True),
    (Options(settling_round=True), 1, None, False), (Options(settling_round=True), 1, "great", False),
    (Options(settling_round=True), 2, None, True)])
def test_when_taxes_are_due(options, number, revolution, due):
    assert taxes_due(options, number, revolution) is due


def test_market_needs_two_merchants_and_the_variant():
    assert not Table(("A", "B", "C", "D", "E"), Options(market=True)).has_market
    assert Table(ORDER, Options(black_market=True)).has_market
    assert not Table(ORDER).has_market
    assert Table(ORDER).merchants == ("C", "D")


def test_six_players_score_6_5_4_3_2_1():
    assert [points_for_going_out(still) for still in range(6, 0, -1)] == [6, 5, 4, 3, 2, 1]


def test_bonuses():
    table = Table(ORDER, Options(benevolent_rulers=True, chosen_one=True))
    assert bonuses(table, ["F", "A", "B", "C", "D", "E"]) == {"A": 1, "F": 1}  # Great Peon first
    assert bonuses(table, ["A", "B", "C", "D", "E", "F"]) == {}
    assert bonuses(table, ["A", "B", "C", "E", "D", "F"]) == {"B": 1}  # Little Peon above N-1
    assert bonuses(Table(ORDER), ["F", "E", "A", "B", "C", "D"]) == {}


def test_winners_share_ties_in_rank_order():
    assert winners({"A": 3, "B": 5, "C": 5}, ["C", "A", "B"]) == ["C", "B"]
    assert winners({}, []) == []


def test_newcomers_sit_together_in_the_middle():
    assert join_positions(4) == (2,) and join_positions(5) == (2, 3)
    earlier = ["A", "B", "C", "D", "E"]
    assert newcomers_fit(["A", "B", "X", "Y", "C", "D", "E"], earlier, ["X", "Y"])
    assert newcomers_fit(["A", "B", "C", "Y", "X", "D", "E"], earlier, ["X", "Y"])
    assert not newcomers_fit(["A", "X", "B", "Y", "C", "D", "E"], earlier, ["X", "Y"])
    assert not newcomers_fit(["A", "X", "Y", "B", "C", "D", "E"], earlier, ["X", "Y"])
    assert not newcomers_fit(["B", "A", "X", "Y", "C", "D", "E"], earlier, ["X", "Y"])
    assert seat_newcomers(earlier, ["X", "Y"]) == ["A", "B", "X", "Y", "C", "D", "E"]

"""The bounded look-ahead of Il Grande Dalmuti's estimates (docs/ANALYSIS.md, "Reach"): the standing a round
has reached before its end (``Position.returns``), a look-ahead by steps (``Search.max_depth``) stopping
there, worked by hand from the rules, the deepening of a sampled estimate over it, and (Hypothesis, small
random positions) a look-ahead past the end equal to the exact search."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dalmuti_replay.moves import Move
from dalmuti_replay.position import Position
from replaykit.search import Search, sampled_action_values

ABCD = ("Anna", "Bruno", "Carla", "Dario")
NINES, NINE, TWO = Move(9, 2, 0), Move(9, 1, 0), Move(2, 1, 0)


def endgame() -> Position:
    """Dario is out first (4 points). Anna leads holding 2 9 9; Bruno holds 5 6, Carla 7 8."""
    spot = Position(ABCD, [{2: 1, 9: 2}, {5: 1, 6: 1}, {7: 1, 8: 1}, {}], 0)
    spot.finish = [3]
    return spot


def test_the_standing_ranks_the_seats_out_by_place_and_the_others_by_cards_left():
    # Dario out first: 4 points. Bruno (1 card) would go out before Anna and Carla (3 each): 1 + 2 seats
    # holding more = 3 points; Anna and Carla tie, the tie going to the worse place: 1 each.
    spot = Position(ABCD, [{4: 3}, {5: 1}, {6: 2, 7: 1}, {}], 0)
    spot.finish = [3]
    assert spot.returns() == (1, 3, 1, 4)
    # Anna lays her three 4s and is out second (3 points); Bruno, holding fewer cards than Carla, stands
    # second of the two still holding (2 points), Carla last (1).
    spot.apply_action(Move(4, 3, 0))
    assert spot.finish == [3, 0] and spot.returns() == (3, 2, 1, 4)


def test_a_look_ahead_of_one_step_values_each_choice_by_the_standing_after_it():
    # Laying 9 9 leaves Anna 1 card against Bruno's 2 and Carla's 2: 1 + 2 = 3 points. Laying 9 or 2 leaves her
    # 2 cards, tied with both: 1 point.
    values = Search(0, max_depth=1).action_values(endgame())
    assert values == {NINES: 3, NINE: 1, TWO: 1}


def test_a_look_ahead_of_four_steps_sees_the_others_answer():
    # 9 9: neither Bruno nor Carla holds a pair (rule 7: the same number of cards), both pass, and Anna leads
    # her 2 at step 4, out second: 3 points.
    # 2: nothing goes below a 2, both pass, and Anna leads 9 9 at step 4, out second: 3 points.
    # 9: Bruno may lay 6 or 5 (Carla then passes, holding nothing lower), and Anna lays her 2 at step 4,
    # 1 card left against Bruno's 1 and Carla's 2: 2 points (passing leaves her 1). Or Bruno passes and
    # Carla lays 8 or 7: Anna's 2 leaves her 1 card against Bruno's 2 and Carla's 1: 2 points. Carla passing
    # too would let Anna lead at step 4, 1 card left against 2 and 2: 3. Bruno and Carla hold her to 2.
    values = Search(0, max_depth=4).action_values(endgame())
    assert values == {NINES: 3, NINE: 2, TWO: 3}
    # To the end no one can stop Anna going out second whatever she leads: nothing beats her 2, and once it
    # is down her 9s lead. The four-step look-ahead's 2 for the 9 is a bounded guess, not a proof.
    assert Search(0).action_values(endgame()) == {NINES: 3, NINE: 3, TWO: 3}


def test_a_look_ahead_past_the_end_of_the_round_values_the_end():
    # Bruno and Dario are out. Anna leads her last card and goes out third: Carla alone holds cards, so she is
    # last and the round is over after one step. Anna's 2 points are her place, however far the look-ahead.
    spot = Position(ABCD, [{3: 1}, {}, {7: 1}, {}], 0)
    spot.finish = [1, 3]
    assert Search(0, max_depth=5).action_values(spot) == {Move(3, 1, 0): 2}
    assert spot.returns() == (1, 4, 1, 3)  # before it, Anna and Carla tie on one card: both the worse place


def test_an_estimate_deepens_by_a_turn_of_the_table_while_its_budget_lasts():
    # Every hand is known, so the one world is the position itself. One step costs a position per choice, and
    # one more for the 9, whose 1 falls outside the window around the 3 of the 9 9 before it (searched again):
    # 4. With 4 positions the estimate stops there; with ample budget it deepens 1, 4, 7, … to the end.
    thin = sampled_action_values([endgame()], seat=0, max_nodes=4, step=3)
    assert (thin.worlds, thin.reach, thin.means) == (1, 1, {NINES: 3, NINE: 1, TWO: 1})
    ample = sampled_action_values([endgame()], seat=0, max_nodes=100_000, step=3)
    assert (ample.worlds, ample.reach, ample.means) == (1, None, {NINES: 3, NINE: 3, TWO: 3})



small_hands = st.lists(st.lists(st.integers(1, 6), max_size=3), min_size=4, max_size=4).filter(
    lambda hands: sum(1 for hand in hands if hand) >= 2)


@settings(max_examples=60, deadline=None)
@given(hands=small_hands, lead=st.integers(0, 3))
def test_a_look_ahead_reaching_past_the_end_is_the_exact_search_and_the_standing_ranks_every_seat(hands, lead):
    holding = [seat for seat, hand in enumerate(hands) if hand]
    spot = Position(ABCD, [dict(Counter(hand)) for hand in hands], holding[lead % len(holding)])
    spot.finish = [seat for seat, hand in enumerate(hands) if not hand]  # out already, in seat order
    # plays_left() bounds the steps to the end: a look-ahead one deeper never stops before it.
    deep = Search(spot.turn, max_depth=spot.plays_left() + 1).action_values(spot)
    assert deep == Search(spot.turn).action_values(spot)
    points = spot.returns()
    # A seat out stands above every seat still holding cards, and those in the order of the cards they hold.
    assert all(points[seat] > len(holding) for seat in spot.finish)
    for seat in holding:
        assert points[seat] == 1 + sum(len(hands[other]) > len(hands[seat]) for other in holding)

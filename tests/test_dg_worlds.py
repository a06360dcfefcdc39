"""dg_replay.worlds' dealing: the seats open to a card, asked of every set of colours at once (the slack of each),
are those the Hall check of each seat in turn leaves dealable (``rules.dealable``). The worlds themselves are held
to what the seat saw in tests/test_analysis_worlds.py."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay.cards import COLORS
from dg_replay.rules import dealable
from dg_replay.worlds import open_to, slack_of


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.sets(st.sampled_from(COLORS), max_size=4)), min_size=1, max_size=6),
       st.lists(st.sampled_from(COLORS), min_size=36, max_size=36), st.sampled_from(COLORS))
def test_the_seats_open_to_a_card_are_those_that_leave_the_rest_dealable(seats, cards, colour):
    need = {seat: places for seat, (places, _voids) in enumerate(seats)}
    voids = {seat: lacking for seat, (_places, lacking) in enumerate(seats)}
    cards = [colour, *cards][:sum(need.values())]  # as many cards as places, the one to deal among them
    supply = {each: cards.count(each) for each in COLORS}
    if colour not in cards or not dealable(supply, need, voids):
        return  # no such card to deal, or no deal at all: the dealing is never asked
    able = {seat: sum(1 << bit for bit, each in enumerate(COLORS) if each not in voids[seat]) for seat in need}
    slack = slack_of(supply, need, able)
    rest = {**supply, colour: supply[colour] - 1}
    for seat, places in need.items():
        if places and colour not in voids[seat]:
            fewer = {**need, seat: places - 1}
            assert open_to(slack, able[seat], COLORS.index(colour)) == dealable(rest, fewer, voids), (seat, need)

"""dg_replay.worlds' dealing: the seats open to a card, asked of every set of colours at once (the slack of each),
are those the Hall check of each seat in turn leaves dealable (``rules.dealable``), and what the log shows later of
the cards it never places constrains only those cards. The worlds themselves are held to what the seat saw in
tests/test_analysis_worlds.py."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay.cards import COLORS
from dg_replay.engine import ENGINE
from dg_replay.rules import dealable
from dg_replay.simulate import simulate
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


def test_what_later_plays_show_of_unplaced_cards_is_no_void_the_seats_have_shown():
    # A transcript without its deal, stopped in trick 14: every card the log never shows is placed by what the
    # seats fail to follow later (a tester's log). Those later voids were kept as if shown already, so a world of
    # trick 1 dealt the other seats' cards under them, which their true hands break: worlds of 14 and 13 cards
    # where each seat holds 15.
    log = simulate(3, 32, hands=False)
    del log["scores"], log["winners"]
    log["tricks"] = [*log["tricks"][:13], {"plays": log["tricks"][13]["plays"][:2]}]
    for trick in log["tricks"]:
        trick.pop("captures", None)
    steps: list[tuple[str, object, object]] = []
    before: list[object] = [None]

    def observe(anchor: str, state) -> None:
        if anchor:
            steps.append((anchor, before[0], state.last_action()))
        before[0] = state.searchable()

    ENGINE.load(log, ENGINE.default_limits, observe=observe)
    first = steps[0][1].learn([(anchor, played) for anchor, _position, played in steps])
    assert first.hidden() == 0  # every card placed by what the later plays show
    assert first.voids() == [0, 0, 0]  # and nobody has shown a void at the first play
    rng = random.Random(0)
    for seat in range(3):
        for _ in range(20):
            world = first.sample_world(seat, rng)
            assert [hand.bit_count() for hand in world.hands] == [15, 15, 15]
            assert world.hands[seat] == first.hands[seat]

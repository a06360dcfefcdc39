"""Each David & Goliath rule stated once (``dg_replay.rules``) and asked by every part that needs it: must-follow
on bit sets of cards and of colours alike, by the check and by the choices; rule 8 per colour; the deal the
table draws; match totals. Expected values are worked out by hand from the rulebook."""

from __future__ import annotations

import math
import random

from dg_replay import new_state, validate
from dg_replay.cards import COLORS, Card
from dg_replay.position import layout
from dg_replay.reader import Play, Reader
from dg_replay.replay import start
from dg_replay.rules import Tally, color_points, deal, deal_count, dealable, match_totals, playable


def cards(*texts: str) -> set[Card]:
    return {Card.parse(text) for text in texts}


def test_must_follow_keeps_the_led_colour_where_held_on_colours_and_on_cards_alike():
    # Bit sets of colours (the State's check): green led; a hand holding green and red may play green only,
    # one holding red and yellow anything it holds.
    green, red, yellow = 1, 2, 4
    assert playable(green | red, green) == green
    assert playable(red | yellow, green) == red | yellow
    hand = cards("G4", "G9", "R3")
    _cards, color_bits, index = layout(9)
    bits = sum(1 << index[card] for card in hand)
    assert playable(bits, color_bits["G"]) == (1 << index[Card("G", 4)]) | (1 << index[Card("G", 9)])


def test_the_check_and_the_choices_ask_the_same_must_follow():
    # Ann leads G1; Ben holds G2 and R2: only G2 is offered, and R2 played is a must-follow error.
    hands = {"Ann": ["G1", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "B1", "B2", "B3", "B4", "B5"],
             "Ben": ["G2", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "B6", "B7", "B8", "B9", "P1", "P2"],
             "Cy": ["G3", "G4", "G5", "G6", "G7", "G8", "G9", "R1", "P3", "P4", "P5", "P6", "P7", "P8", "P9"]}
    state = new_state({"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy", "hands": hands})
    state.apply({"player": "Ann", "card": "G1"})
    assert [choice.action["card"] for choice in state.choices()] == ["G2"]
    assert [made.code for made in state.apply({"player": "Ben", "card": "R2"})] == ["must-follow-suit"]


def test_an_unknown_hand_proven_to_hold_the_led_colour_is_offered_only_that_colour_and_checked_alike():
    # No deal. Trick 1: Ann G1, Ben R5, Cy Y3; trick 2: Ben G2, Cy Y4, Ann Y1. Ben's G2 of trick 2 proves he
    # held green on Ann's green lead; nothing proves Cy did.
    log = {"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy",
           "tricks": [{"plays": [{"player": "Ann", "card": "G1"}, {"player": "Ben", "card": "R5"},
                                 {"player": "Cy", "card": "Y3"}]},
                      {"plays": [{"player": "Ben", "card": "G2"}, {"player": "Cy", "card": "Y4"},
                                 {"player": "Ann", "card": "Y1"}]}]}
    assert [(made.code, made.player) for made in validate(log).findings if made.is_error] == \
        [("must-follow-suit", "Ben")]
    state = start(Reader().document(log))  # the whole log's evidence, its plays not yet made
    state.begin_trick()
    state.play(Play("Ann", Card("G", 1)))
    offered = {choice.action["card"] for choice in state.choices()}
    assert state.to_move == "Ben" and offered and all(card.startswith("G") for card in offered)
    assert not state.may_play("Ben", Card("R", 5), Card("G", 1), state.position)
    assert state.may_play("Cy", Card("R", 5), Card("G", 1), state.position)


def test_rule_8_scores_one_or_two_cards_by_value_and_three_or_more_one_each():
    assert [color_points(0, 0), color_points(1, 11), color_points(2, 21), color_points(3, 25)] == [0, 11, 21, 3]
    tally = Tally()
    assert tally.take(list(cards("G11", "G10"))) == 21
    assert tally.take(list(cards("G4", "R2"))) == 3 + 2 and tally.points("G") == 3 and tally.points("R") == 2
    assert tally.take(list(cards("G4")), -1) == 21 + 2  # given back: two greens again
    counts, points = tally.key()
    assert dict(zip(COLORS, zip(counts, points, strict=True), strict=True))["G"] == (2, 21)


def test_a_deal_is_dealable_exactly_when_halls_condition_holds():
    supply = {"B": 2, "Y": 1, "G": 0, "R": 0, "P": 0}
    assert dealable(supply, {"Ann": 2, "Ben": 1}, {"Ann": set(), "Ben": {"B"}})  # Ben Y, Ann both blues
    assert not dealable(supply, {"Ann": 1, "Ben": 2}, {"Ann": set(), "Ben": {"B"}})  # Ben takes only yellow
    assert not dealable(supply, {"Ann": 2, "Ben": 2}, {"Ann": set(), "Ben": set()})  # four places, three cards


def fits_by_trying(cards: list[str], need: dict[str, int], voids: dict[str, set[str]]) -> bool:
    """A plain search: some seat takes the first card, then the rest are dealt the same way."""
    if not cards:
        return not any(need.values())
    return any(fits_by_trying(cards[1:], {**need, seat: count - 1}, voids)
               for seat, count in need.items() if count and cards[0] not in voids[seat])


def test_dealable_agrees_with_dealing_every_way_on_small_tables():
    rng = random.Random(7)
    for _ in range(400):
        cards = [rng.choice(COLORS[:3]) for _ in range(rng.randint(0, 6))]
        need = {seat: rng.randint(0, 3) for seat in ("Ann", "Ben", "Cy")}
        voids = {seat: set(rng.sample(COLORS[:3], rng.randint(0, 2))) for seat in need}
        supply = {color: cards.count(color) for color in COLORS}
        assert dealable(supply, need, voids) == fits_by_trying(cards, need, voids), (cards, need, voids)


def test_the_table_deals_fifteen_cards_each_from_the_whole_deck_among_every_deal():
    dealt = deal(["Ann", "Ben", "Cy"], 9, random.Random(4))
    assert all(len(hand) == 15 and hand == sorted(hand) for hand in dealt.values())
    assert sorted(card for hand in dealt.values() for card in hand) == sorted(
        Card(color, value) for color in COLORS for value in range(1, 10))
    assert deal_count(3) == math.factorial(45) // math.factorial(15) ** 3


def test_match_totals_add_each_seats_scores_and_an_unread_game_adds_nothing():
    assert match_totals([{"Ann": 5, "Ben": 2}, None, {"Ann": 1, "Cy": 7}], ["Ann", "Ben", "Cy"]) == \
        {"Ann": 6, "Ben": 2, "Cy": 7}


def must_follow_findings(hands: dict[str, list[str]]) -> list[tuple[str, str | None]]:
    """Trick 1 of a three-player game, dealer Cy: Ann leads G1, Ben plays R5, Cy plays Y3."""
    log = {"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy", "hands": hands,
           "tricks": [{"plays": [{"player": "Ann", "card": "G1"}, {"player": "Ben", "card": "R5"},
                                 {"player": "Cy", "card": "Y3"}]}]}
    return [(made.code, made.player) for made in validate(log).findings if made.code == "must-follow-suit"]


def test_a_dealt_card_past_the_deck_still_shows_its_colour_held():
    # The 3-player deck runs 1 to 9, so G25 is an error of the deal, but the deal still shows Ben holding green
    # when he plays R5 on Ann's green lead (rule 4 on what the log shows); Cy holds no green.
    hands = {"Ann": ["G1", "B2"], "Ben": ["R5", "G25"], "Cy": ["Y3", "B4"]}
    assert must_follow_findings(hands) == [("must-follow-suit", "Ben")]
    state = start(Reader().document({"game": "david-goliath", "players": ["Ann", "Ben", "Cy"], "dealer": "Cy",
                                     "hands": hands}))
    state.begin_trick()
    state.play(Play("Ann", Card("G", 1)))
    assert not state.may_play("Ben", Card("R", 5), Card("G", 1), state.position)  # what the choices ask
    assert state.may_play("Cy", Card("Y", 3), Card("G", 1), state.position)


def test_a_card_past_the_deck_of_another_colour_does_not_show_the_led_one():
    assert must_follow_findings({"Ann": ["G1", "B2"], "Ben": ["R5", "R25"], "Cy": ["Y3", "B4"]}) == []
    # Within the deck alike: Ben's G9 is green, Cy's B9 is not.
    assert must_follow_findings({"Ann": ["G1", "B2"], "Ben": ["R5", "G9"], "Cy": ["Y3", "B9"]}) == \
        [("must-follow-suit", "Ben")]


def test_a_play_is_equal_and_hashed_by_its_player_card_and_note():
    play = Play("Ann", Card("G", 1))
    assert play == Play("Ann", Card("G", 1), None) and hash(play) == hash(Play("Ann", Card.parse("G1")))
    assert play != Play("Ann", Card("G", 1), "a note") and play != Play("Ben", Card("G", 1))
    assert play != Play("Ann", Card("G", 2)) and play != ("Ann", Card("G", 1), None)
    assert (play.player, play.card, play.note) == ("Ann", Card("G", 1), None)
    assert len({play, Play("Ann", Card("G", 1)), Play(None, None)}) == 2

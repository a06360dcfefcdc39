"""dg_replay.position: the David & Goliath position a search walks. Its legal plays are exactly the State's
choices on every step of simulated games (a perft-style check), its scores the report's; undo takes back
any sequence exactly; the search over it agrees with a plain minimax on random endgames; hand-worked
tricks from the rulebooks."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dg_replay import new_state
from dg_replay.cards import Card
from dg_replay.engine import ENGINE
from dg_replay.position import Position
from dg_replay.simulate import simulate, simulate_match
from replaykit.analysis import Budget, analyse
from replaykit.search import TERMINAL, Search
from tests.test_search import minimax


def cards(*texts: str) -> list[Card]:
    return [Card.parse(text) for text in texts]


def test_the_rulebook_trick_gives_the_lowest_card_the_highest_and_the_rest_to_the_highest():
    # Rulebook 000: Andrea leads green 4; Ben green 12; Clara green 7; Dennis red 2 (no green); Emma green 2.
    # Emma takes green 12 (12 points); Ben takes green 4, green 7, green 2 (three greens: 3) and red 2 (2).
    names = ["Andrea", "Ben", "Clara", "Dennis", "Emma"]
    hands = dict(zip(names, (cards("G4"), cards("G12"), cards("G7"), cards("R2"), cards("G2")), strict=True))
    position = Position(names, hands, "Andrea", max_value=15)
    for card in ("G4", "G12", "G7", "R2", "G2"):
        position.apply_action(position.index(Card.parse(card)))
    assert position.returns() == (0, 5, 0, 0, 12)
    assert position.leader == 1 and position.turn == TERMINAL


def test_a_player_holding_the_led_colour_must_follow_it_and_one_without_it_plays_anything():
    names = ["Ann", "Ben", "Cy"]
    hands = {"Ann": cards("G4", "B1"), "Ben": cards("G9", "R3"), "Cy": cards("R5", "Y2")}
    position = Position(names, hands, "Ann", max_value=9)
    assert [position.card(index) for index in position.legal_actions()] == cards("B1", "G4")  # a lead: any card
    position.apply_action(position.index(Card.parse("G4")))
    assert [position.card(index) for index in position.legal_actions()] == cards("G9")  # Ben holds green
    position.apply_action(position.index(Card.parse("G9")))
    assert [position.card(index) for index in position.legal_actions()] == cards("Y2", "R5")  # Cy holds none


def test_bounds_cover_every_score_the_cards_a_seat_could_still_take_give():
    # Ann leads; no card of her own can come back to her, so she can take only G9, R3, R5 and Y2: green 0 or 9,
    # red 0, 3, 5 or 8, yellow 0 or 2. Ben, likewise, only G4, B1, R5, Y2.
    names = ["Ann", "Ben", "Cy"]
    hands = {"Ann": cards("G4", "B1"), "Ben": cards("G9", "R3"), "Cy": cards("R5", "Y2")}
    position = Position(names, hands, "Ann", max_value=9)
    assert position.bounds_for(0) == (0, 19)
    assert position.bounds_for(1) == (0, 12)
    # With green 7 and 8 taken (15 points), a third green, G9, would bring her green down to 3 points.
    position.settle(0, [0, 0, 2, 0, 0], [0, 0, 15, 0, 0])  # per colour in B, Y, G, R, P order
    assert position.returns() == (15, 0, 0)
    assert position.bounds_for(0) == (3, 25)


def walk(log: dict):
    """Each GameState before a play of ``log``, with the play made there."""
    before, steps = [None], []

    def observe(_anchor, state):
        if before[0] is not None:
            steps.append((before[0], Card.parse(state.last_action()["card"])))
        before[0] = state.clone()

    report, _state = ENGINE.load(log, ENGINE.default_limits, observe=observe)
    return report, steps


def position_of(log: dict) -> Position:
    """The deal of a simulated log as the search starts from it (the State says who leads)."""
    setup = {key: log[key] for key in ("game", "players", "dealer", "hands")}
    return Position.of_game(new_state({**setup, "tricks": []}))


def test_the_legal_plays_are_the_states_choices_on_every_step_of_simulated_games():
    for seed in range(40):
        log = simulate(3 + seed % 4, seed)
        report, steps = walk(log)
        position = position_of(log)
        for state, played in steps:
            offered = {Card.parse(choice.action["card"]) for choice in state.choices()}
            assert {position.card(index) for index in position.legal_actions()} == offered
            assert state.to_move == position.players[position.turn]
            position.apply_action(position.index(played))
        assert position.turn == TERMINAL
        assert dict(zip(position.players, position.returns(), strict=True)) == report.to_dict()["result"]["scores"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_undo_takes_back_any_sequence_of_plays_exactly(seed, steps):
    rng = random.Random(seed)
    position = position_of(simulate(3 + seed % 4, seed))
    marks = []
    for _ in range(steps):
        if position.turn == TERMINAL:
            break
        marks.append((position.key(), position.legal_actions(), position.returns(), position.turn))
        position.apply_action(rng.choice(position.legal_actions()))
    while marks:
        position.undo_action()
        assert (position.key(), position.legal_actions(), position.returns(), position.turn) == marks.pop()


def endgame(rng: random.Random, players: int, left: int) -> Position:
    """A simulated deal played at random until ``left`` plays remain."""
    position = position_of(simulate(players, rng.randrange(10**6)))
    for _ in range(15 * players - left):
        position.apply_action(rng.choice(position.legal_actions()))
    return position


def test_the_search_agrees_with_a_plain_minimax_on_random_endgames():
    rng = random.Random(28)
    for round_ in range(300):
        players = 3 + round_ % 2
        position = endgame(rng, players, rng.randint(1, 2 * players + 1))
        seat = rng.randrange(players)
        expected = {}
        for action in position.legal_actions():
            position.apply_action(action)
            expected[action] = minimax(position, seat)
            position.undo_action()
        assert Search(seat).action_values(position) == expected


def test_each_answer_is_worth_the_score_it_guarantees_worked_by_hand():
    # Ben leads green 5, Cy follows with green 4; Ann holds green 9 and green 1 and must follow green.
    #   Green 9: the highest; green 4 the lowest, so Cy takes green 9 and Ann green 5 and green 4 (two greens:
    #   9). Ann leads green 1, Ben and Cy hold no green and play red 2 and red 3: red 3 is the highest, green 1
    #   the lowest, so Ann takes red 3. Ann ends with 9 + 3 = 12.
    #   Green 1: Ben's green 5 is the highest and Ann's green 1 the lowest: Ann takes green 5 (5). Ben leads red
    #   2, Cy red 3, Ann green 9: green 9 the highest, red 2 the lowest, so Ann takes red 2 and red 3 (5): 10.
    hands = {"Ann": cards("G9", "G1"), "Ben": cards("G5", "R2"), "Cy": cards("G4", "R3")}
    position = Position(["Ann", "Ben", "Cy"], hands, "Ben", max_value=9)
    position.apply_action(position.index(Card.parse("G5")))
    position.apply_action(position.index(Card.parse("G4")))
    values = Search(seat=0).action_values(position)
    assert {position.card(index): value for index, value in values.items()} == {Card.parse("G9"): 12,
                                                                                Card.parse("G1"): 10}


def test_the_analysis_of_a_game_values_its_last_plays_and_each_last_value_is_the_final_score():
    log = simulate(3, 11)
    result = analyse(ENGINE, log, Budget(max_nodes=20_000, max_total=200_000))
    plays = result["plays"]
    assert len(plays) == 45 and result["unsearched"] == 0
    assert all(play["exact"] for play in plays[-9:])  # the last three tricks are small enough
    final = ENGINE.validate(log).to_dict()["result"]["scores"]
    for play in plays[-3:]:  # one card left: nothing to choose, and its value is the score at the end
        assert play["cost"] == 0 and play["choices"] == [{"action": play["played"], "value": final[play["player"]]}]


def test_a_whole_transcript_without_its_deal_is_analysed_as_with_it():
    # Every card a player holds is one the transcript shows them playing later: the deal, in hindsight.
    budget = Budget(max_nodes=20_000, max_total=100_000)
    assert analyse(ENGINE, simulate(4, 3, hands=False), budget) == analyse(ENGINE, simulate(4, 3), budget)


def test_a_transcript_that_stops_early_is_estimated_not_searched():
    log = simulate(4, 3, hands=False)
    log["tricks"] = log["tricks"][:10]  # whatever the players held for tricks 11 to 15 is unknown
    for trick in log["tricks"]:
        trick.pop("captures", None)
    log.pop("scores"), log.pop("winners")
    result = analyse(ENGINE, log, Budget(worlds=2, max_sampled=100_000))
    assert len(result["plays"]) == 40 and result["unsearched"] == 0
    assert not any(play["exact"] for play in result["plays"])
    assert any(play["estimate"] for play in result["plays"])


def test_a_deal_naming_a_card_outside_the_deck_is_not_searched():
    # Clara's P3 written P13, in a 4-player deck of values 1 to 12: every play is from a deal the rules refuse.
    log = simulate(4, 3)
    clara = log["hands"]["Clara"]
    clara[0] = "P13"
    result = analyse(ENGINE, log, Budget(max_total=10_000, worlds=0))
    assert result["plays"] == [] and result["unsearched"] == 60


def test_each_game_of_a_match_is_valued_from_its_own_end():
    match = simulate_match(3, 5)
    result = analyse(ENGINE, match, Budget(max_nodes=5_000, max_total=200_000))
    assert result["unsearched"] == 0 and len(result["plays"]) == 3 * 45  # the deals are the table's, not plays
    for number, game in enumerate(match["games"], 1):
        last = [play for play in result["plays"] if play["step"].startswith(f"game-{number}-trick-15-")]
        assert [play["exact"] for play in last] == [True, True, True]
        for play in last:  # one card left each: its value is the player's score at the end of that game
            assert play["choices"][0]["value"] == game["scores"][play["player"]]


def test_a_game_whose_captures_hold_a_card_far_past_the_deck_is_not_searched():
    # Three players, the log without its deal: the leader plays G5000 (a value no deck has; its own finding), the
    # next G2 and the third G1, the lowest, which takes the G5000: a green sum of 5000 that no deck's captures
    # reach. The position there is not one the search can walk: searchable() says so rather than failing.
    log = simulate(3, 5, hands=False)
    state = new_state({"game": "david-goliath", "players": log["players"], "dealer": log["dealer"], "tricks": []})
    leader = state.to_move
    order = [leader, *(name for name in log["players"][log["players"].index(leader) + 1:]),
             *log["players"][:log["players"].index(leader)]]
    for name, card in zip(order, ("G5000", "G2", "G1"), strict=True):
        state.apply({"player": name, "card": card})
    assert state.tallies[order[2]].sums[2] == 5000  # the third's greens: G5000 alone (the highest goes to the lowest)
    assert state.searchable() is None

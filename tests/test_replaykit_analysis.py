"""replaykit.analysis and ``card-replay analyse``: each play's choices valued by what they guarantee, the
cost of the play made, and each player's accuracy, on Toy Tricks games worked by hand; a David & Goliath
endgame, an Il Grande Dalmuti lead and an Olympi Cards chance step worked by hand; the play made written as
its choice; the budgets of a whole log."""

from __future__ import annotations

import io
import json
from pathlib import Path

from api import evaluation
from dalmuti_replay.position import Position as DalmutiPosition
from dg_replay.cards import Card
from dg_replay.position import Position
from olympi_replay.cards import CARD_INDEX
from olympi_replay.cards import Card as OlympiCard
from olympi_replay.disciplines import Rule
from olympi_replay.position import CARDS as OLYMPI_CARDS
from olympi_replay.position import Position as OlympiPosition
from replaykit import registry
from replaykit.analysis import Budget, Step, accuracy, analyse, marks, value_plays
from replaykit.cli import main
from tests.plugin_fixtures import toy_engine

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"

ENGINE = toy_engine()
# Ann [2,3,5,7], Bob [1,4,6,8]. Trick 1: Ann 3, Bob 4 (Bob). Trick 2: Bob 8, Ann 5 (Bob). Trick 3: Bob 6,
# Ann 2 (Bob). Trick 4: Bob 1, Ann 7 (Ann).
GAME = {"game": "toy", "players": ["Ann", "Bob"], "hands": {"Ann": [2, 3, 5, 7], "Bob": [1, 4, 6, 8]},
        "plays": [{"player": "Ann", "card": 3}, {"player": "Bob", "card": 4}, {"player": "Bob", "card": 8},
                  {"player": "Ann", "card": 5}, {"player": "Bob", "card": 6}, {"player": "Ann", "card": 2},
                  {"player": "Bob", "card": 1}, {"player": "Ann", "card": 7}]}


def by_step(result: dict) -> dict[str, dict]:
    return {play["step"]: play for play in result["plays"]}


def test_each_play_is_valued_and_its_cost_is_what_it_gave_away():
    plays = by_step(analyse(ENGINE, GAME))
    assert list(plays) == [f"trick-{trick}-play-{play}" for trick in range(1, 5) for play in (1, 2)]
    assert all(play["exact"] and play["legal"] for play in plays.values())
    # Trick 2: Bob (one trick taken) leads from 1, 6, 8 against Ann's 2, 5, 7. Leading 8 takes it, but Ann
    # keeps 5 and 7 (she throws 2) and takes the last two: Bob ends with 2. Leading 1, Ann takes it with 2 at
    # best and leads 5 or 7 into Bob's 6 and 8: Bob takes both and ends with 3. Leading 6, Ann takes it with
    # 7, and of the last two tricks Bob's 8 takes one and his 1 none: 2.
    lead = plays["trick-2-play-1"]
    assert {choice["action"]["card"]: choice["value"] for choice in lead["choices"]} == {1: 3, 6: 2, 8: 2}
    assert lead["best"] == [{"player": "Bob", "card": 1}] and lead["cost"] == 1
    # Trick 3: Bob leads 6; Ann's 7 would take it and then 2 over 1 (2 tricks), her 2 gives both to Bob's 6
    # and leaves her 7 over 1 (1 trick).
    answer = plays["trick-3-play-2"]
    assert answer["played"] == {"player": "Ann", "card": 2} and answer["cost"] == 1
    assert answer["best"] == [{"player": "Ann", "card": 7}]
    # The last trick: one card each, nothing to choose.
    assert plays["trick-4-play-2"]["choices"] == [{"action": {"player": "Ann", "card": 7}, "value": 1}]


def test_each_player_accuracy_counts_plays_at_cost_zero_and_the_mean_cost():
    seats = analyse(ENGINE, GAME)["seats"]
    # Each player made one costly play (cost 1, an inaccuracy) among four, all valued exactly.
    none = {"plays": 0, "best_share": None, "mean_cost": None}
    marked = {"blunder": 0, "mistake": 0, "inaccuracy": 1}
    assert seats == {"Ann": {"plays": 4, "best_share": 0.75, "mean_cost": 0.25, "estimated": none, "marks": marked},
                     "Bob": {"plays": 4, "best_share": 0.75, "mean_cost": 0.25, "estimated": none, "marks": marked}}


def test_an_illegal_play_is_listed_without_a_cost():
    log = {**GAME, "plays": [{"player": "Ann", "card": 4}, *GAME["plays"][1:]]}  # Ann never held 4
    first = analyse(ENGINE, log)["plays"][0]
    assert first == {"step": "trick-1-play-1", "player": "Ann", "played": {"player": "Ann", "card": 4},
                     "legal": False, "exact": False, "choices": [], "best": None, "cost": None, "estimate": None,
                     "marks": []}


def test_a_play_past_the_budget_is_not_valued():
    log = {"game": "toy", "players": ["Ann", "Bob", "Cy"],
           "hands": {"Ann": [1, 4, 7, 10], "Bob": [2, 5, 8, 11], "Cy": [3, 6, 9, 12]},
           "plays": [{"player": "Ann", "card": 1}]}
    first = analyse(ENGINE, log, Budget(max_nodes=20, worlds=0))["plays"][0]
    assert first["legal"] and not first["exact"] and first["cost"] is None and first["choices"] == []
    assert first["estimate"] is None and first["marks"] == []


def test_a_log_that_starts_no_game_has_no_analysis():
    assert analyse(ENGINE, {"game": "toy", "players": ["Ann"], "hands": {}}) is None


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err, among=[ENGINE])
    return status, out.getvalue(), err.getvalue()


def test_the_command_prints_a_table_and_each_player_accuracy(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    status, out, err = run("analyse", str(path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["step", "player", "played", "best", "cost", "exact", "mark"]
    assert lines[3].split() == ["trick-2-play-1", "Bob", "card", "8", "card", "1", "1", "yes", "inaccuracy"]
    assert "Ann: 4 plays valued, 75% at cost 0, mean cost 0.25; 1 inaccuracy" in lines


def test_the_command_shows_estimates_apart_from_proven_values(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    status, out, err = run("analyse", str(path), "--max-nodes", "1", "--worlds", "4")
    assert status == 0 and err == ""
    lines = out.splitlines()
    # As in the two-player estimate above: Bob's lead of trick 2 is estimated at its exact cost.
    assert lines[3].split() == ["trick-2-play-1", "Bob", "card", "8", "card", "1", "~1", "est", "inaccuracy"]
    assert lines[8].split()[-3:] == ["0", "yes", "-"]  # Ann's last card: one position, proven
    assert "est, ~: 7 plays estimated over worlds sampled from what their player had seen, not proven" in lines
    assert ("Ann: 1 plays valued, 100% at cost 0, mean cost 0; 3 estimated, ~67% at cost 0, mean cost ~0.333; "
            "1 inaccuracy") in lines


def test_the_command_answers_json_and_says_why_it_cannot(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    status, out, _ = run("analyse", str(path), "--json")
    assert status == 0 and json.loads(out) == analyse(ENGINE, GAME)
    path.write_text("{not json")
    status, out, err = run("analyse", str(path))
    assert status == 2 and out == "" and str(path) in err
    path.write_text(json.dumps({"game": "chess"}))
    status, _, err = run("analyse", str(path))
    assert status == 1 and "names no game installed" in err
    # a game the search walks, in a log where none starts (one player): not "its game offers none"
    path.write_text(json.dumps({"game": "toy", "players": ["Ann"], "hands": {}}))
    status, _, err = run("analyse", str(path))
    assert status == 1 and err == f"{path}: no analysis: no game starts in this log\n"
    # a file larger than any log is refused as validate refuses it, not read whole (/dev/zero ran out of memory)
    status, out, err = run("analyse", "/dev/zero")
    assert status == 2 and out == ""
    assert err == "/dev/zero: larger than 16 MiB: no log is that large (not read further)\n"


def test_plays_are_valued_from_the_end_until_the_budget_runs_out():
    # From the end: Ann's last play searches 1 position (the end), Bob's last 2 (Ann's one card, the end):
    # 3 of the 5 allowed. Ann's answer in trick 3 needs 3 for each of her two cards: out of budget, so it
    # and every play before it are left unvalued.
    tight = analyse(ENGINE, GAME, Budget(max_nodes=10**6, max_total=5, worlds=0))["plays"]
    assert [play["exact"] for play in tight] == [False] * 6 + [True, True]
    roomy = analyse(ENGINE, GAME, Budget(max_nodes=10**6, max_total=10**6))["plays"]
    assert all(play["exact"] for play in roomy)


def test_a_play_past_the_exact_horizon_is_estimated_from_worlds_its_player_could_not_tell_apart():
    # Two players: every card Bob cannot see is Ann's, so each world is the true deal and each estimate is
    # the exact value, with no spread. With one position per play, only Ann's last card is valued exactly
    # (the end of the game); every play before it is estimated, and the hand-worked values come back.
    budget = Budget(max_nodes=1, max_total=10**6, worlds=4)
    plays = by_step(analyse(ENGINE, GAME, budget))
    assert [play["exact"] for play in plays.values()] == [False] * 7 + [True]
    lead = plays["trick-2-play-1"]
    assert lead["estimate"] == {"worlds": 4, "sampled": 4, "seed": 0, "reach": None, "nodes": lead["estimate"]["nodes"]}
    assert {choice["action"]["card"]: (choice["value"], choice["spread"]) for choice in lead["choices"]} == \
        {1: (3, 0), 6: (2, 0), 8: (2, 0)}
    assert lead["best"] == [{"player": "Bob", "card": 1}] and lead["cost"] == 1 and lead["marks"] == ["inaccuracy"]
    seats = analyse(ENGINE, GAME, budget)["seats"]
    assert seats["Ann"]["plays"] == 1 and seats["Ann"]["estimated"] == {"plays": 3, "best_share": 0.667,
                                                                       "mean_cost": 0.333}


def test_an_estimate_is_the_same_on_every_run_of_the_same_seed():
    log = {"game": "toy", "players": ["Ann", "Bob", "Cy"],
           "hands": {"Ann": [1, 4, 7, 10], "Bob": [2, 5, 8, 11], "Cy": [3, 6, 9, 12]},
           "plays": [{"player": "Ann", "card": 10}, {"player": "Bob", "card": 11}, {"player": "Cy", "card": 3}]}
    budget = Budget(max_nodes=1, worlds=6, world_nodes=500)
    once = analyse(ENGINE, log, budget)["plays"]
    assert once == analyse(ENGINE, log, budget)["plays"]
    for play in once[:2]:
        assert not play["exact"] and play["estimate"]["worlds"] == 6 and play["estimate"]["seed"] == 0
        assert all(choice["spread"] >= 0 for choice in play["choices"])
    other = analyse(ENGINE, log, Budget(max_nodes=1, worlds=6, world_nodes=500, seed=1))["plays"][0]
    assert other["estimate"]["seed"] == 1


def test_the_sampling_spends_no_more_than_its_budget():
    log = {"game": "toy", "players": ["Ann", "Bob", "Cy"],
           "hands": {"Ann": [1, 4, 7, 10], "Bob": [2, 5, 8, 11], "Cy": [3, 6, 9, 12]}, "plays": []}
    log["plays"] = [{"player": name, "card": card} for name, card in
                    (("Ann", 1), ("Bob", 2), ("Cy", 3), ("Cy", 6), ("Ann", 4), ("Bob", 5))]
    plays = analyse(ENGINE, log, Budget(max_nodes=1, worlds=4, world_nodes=10**6, max_sampled=2_000))["plays"]
    spent = [play["estimate"]["nodes"] for play in plays if play["estimate"]]
    # Six plays share 2,000 positions, what one leaves going to the next; a world's search finds out it is
    # out of budget one position past it.
    assert len(spent) == 6 and sum(spent) <= 2_000 + 6 * 4


def test_the_worlds_dealt_stop_at_their_budget_and_the_plays_left_are_unvalued():
    log = {"game": "toy", "players": ["Ann", "Bob", "Cy"],
           "hands": {"Ann": [1, 4, 7, 10], "Bob": [2, 5, 8, 11], "Cy": [3, 6, 9, 12]}, "plays": []}
    log["plays"] = [{"player": name, "card": card} for name, card in
                    (("Ann", 1), ("Bob", 2), ("Cy", 3), ("Cy", 6), ("Ann", 4), ("Bob", 5))]
    # Four worlds a play, ten worlds in all: two plays are estimated (eight worlds), the two left are not
    # enough for a third; the six plays have room for every world's search.
    result = analyse(ENGINE, log, Budget(max_nodes=1, worlds=4, world_nodes=10**6, max_worlds=10))
    estimated = [play for play in result["plays"] if play["estimate"]]
    assert len(estimated) == 2 and result["unvalued"] == 4
    # smallest first: the two plays with the fewest steps left, the last two
    assert [play["step"] for play in estimated] == [play["step"] for play in result["plays"][-2:]]


def test_a_david_and_goliath_play_is_marked_by_the_points_it_lost_as_a_toy_tricks_play_is_by_tricks():
    thresholds = registry.engines()["david-goliath"].mark_thresholds
    assert ENGINE.mark_thresholds == thresholds  # the toy game keeps the engine's own: 6, 3, 1
    assert [marks(cost, thresholds) for cost in (None, 0, 0.5, 1, 2.9, 3, 5.5, 6, 40)] == \
        [[], [], [], ["inaccuracy"], ["inaccuracy"], ["mistake"], ["mistake"], ["blunder"], ["blunder"]]


def test_every_game_marks_by_three_falling_thresholds_of_its_own():
    for engine in registry.engines().values():
        blunder, mistake, inaccuracy = engine.mark_thresholds
        assert blunder > mistake > inaccuracy > 0, engine.id


def test_a_dalmuti_play_is_marked_by_the_places_it_lost():
    """A Dalmuti place is a point, so three places lost, two, one: with five players the most a play can cost
    is 4, and a blunder must be reachable."""
    thresholds = registry.engines()["grande-dalmuti"].mark_thresholds
    assert [marks(cost, thresholds) for cost in (0.5, 1, 2, 3, 4)] == [
        [], ["inaccuracy"], ["mistake"], ["blunder"], ["blunder"]]


def test_an_olympi_play_is_marked_by_the_medals_it_lost():
    """Gold 4 VP, silver 2, bronze 1 (the rulings' "Scoring"): a blunder loses a gold's worth."""
    thresholds = registry.engines()["olympi"].mark_thresholds
    assert [marks(cost, thresholds) for cost in (0.9, 1, 2, 3.9, 4)] == [
        [], ["inaccuracy"], ["mistake"], ["mistake"], ["blunder"]]


def test_plays_past_the_bound_are_counted_and_the_steps_not_searched_named():
    log = {"game": "toy", "players": ["Ann", "Bob"], "hands": {"Ann": [2, 3, 5, 7], "Bob": [1, 4, 6, 8]},
           "plays": GAME["plays"]}
    found = analyse(ENGINE, log, Budget(max_plays=3))
    # eight plays: the first three listed, the five after them counted
    assert [play["step"] for play in found["plays"]] == ["trick-1-play-1", "trick-1-play-2", "trick-2-play-1"]
    assert (found["unlisted"], found["unsearched"], found["unsearched_steps"]) == (5, 0, [])


def dg_steps(line: list[tuple[str, str]]) -> list[Step]:
    """The steps of a two-trick David & Goliath endgame (cards 1 to 9, no capture yet), each from a position
    of its own: Ann G9 R1, Ben G5 B4, Cy R7 B2; Ann leads."""
    hands = {"Ann": ["G9", "R1"], "Ben": ["G5", "B4"], "Cy": ["R7", "B2"]}
    steps = []
    for number, (player, card) in enumerate(line):
        position = Position(["Ann", "Ben", "Cy"], {name: [Card.parse(text) for text in held]
                                                   for name, held in hands.items()}, "Ann", max_value=9)
        for _player, earlier in line[:number]:
            position.apply_action(position.index(Card.parse(earlier)))
        steps.append(Step(f"trick-{number // 3 + 1}-play-{number % 3 + 1}", position,
                          {"player": player, "card": card}))
    return steps


def test_a_david_and_goliath_endgame_worked_by_hand():
    # Rule 5: the highest card, then the lowest of the others; rule 6: the lowest's player takes the highest,
    # the highest's player the rest; rule 8: one or two cards of a colour score their sum. Ben and Cy play
    # against Ann (paranoid).
    #   Ann leads G9; Ben must follow with G5; Cy, without green, picks:
    #     R7: G5 is the lowest, so Ben takes G9 and Ann G5 and R7 (12); Ann leads R1 to Ben's B4 and Cy's B2:
    #         B4 is the highest, R1 the lowest: Ann takes B4. 16.
    #     B2: Cy takes G9, Ann G5 and B2 (7); Ann leads R1, Ben B4, Cy R7: R7 the highest, R1 the lowest, Ann
    #         takes R7. 14. Cy plays B2: G9 is worth 14.
    #   Ann leads R1; Cy must follow with R7; Ben, without red, picks:
    #     G5: R7 the highest, R1 the lowest: Ann takes R7 (7), Cy takes R1 and G5 and leads B2; Ann G9, Ben
    #         B4: Cy takes G9, Ann B2 and B4 (6). 13.
    #     B4: Ann takes R7, Cy R1 and B4; Cy leads B2, Ann G9, Ben G5: Ann takes B2 and G5 (7). 14.
    #     Ben plays G5: R1 is worth 13, one less than G9.
    # The line played: R1, G5, R7, then B2, G9, B4. Ben takes nothing whatever he plays; Cy ends with R1, G5
    # and G9: red 1 and green 14, 15.
    line = [("Ann", "R1"), ("Ben", "G5"), ("Cy", "R7"), ("Cy", "B2"), ("Ann", "G9"), ("Ben", "B4")]
    plays = value_plays(dg_steps(line), Budget(), registry.engines()["david-goliath"].mark_thresholds)
    values = [{choice["action"]["card"]: choice["value"] for choice in play["choices"]} for play in plays]
    assert values == [{"R1": 13, "G9": 14}, {"B4": 0, "G5": 0}, {"R7": 15}, {"B2": 15}, {"G9": 13}, {"B4": 0}]
    assert [play["step"] for play in plays] == ["trick-1-play-1", "trick-1-play-2", "trick-1-play-3",
                                                "trick-2-play-1", "trick-2-play-2", "trick-2-play-3"]
    assert [play["player"] for play in plays] == [player for player, _card in line]
    assert [play["played"]["card"] for play in plays] == [card for _player, card in line]
    assert all(play["exact"] and play["estimate"] is None for play in plays)
    assert plays[0]["best"] == [{"player": "Ann", "card": "G9"}] and plays[0]["cost"] == 1
    assert plays[0]["marks"] == ["inaccuracy"]
    assert plays[1]["best"] == [{"player": "Ben", "card": "B4"}, {"player": "Ben", "card": "G5"}]
    assert [play["cost"] for play in plays[1:]] == [0] * 5
    seats = accuracy(plays)
    assert {name: (seat["plays"], seat["best_share"], seat["mean_cost"]) for name, seat in seats.items()} == \
        {"Ann": (2, 0.5, 0.5), "Ben": (2, 1.0, 0.0), "Cy": (2, 1.0, 0.0)}
    assert seats["Ann"]["marks"] == {"blunder": 0, "mistake": 0, "inaccuracy": 1}


def test_a_play_is_written_as_its_choice_is_so_that_the_value_of_the_play_made_is_found():
    # Olympi Cards' logs write a pass or a retirement with the cards it drew ("draw") and a turn with a note;
    # the play made is the choice, which draws nothing itself: the board finds its value by it.
    olympi = registry.engines()["olympi"]
    for name in ("clean-2-players.json", "rulebook-three-players.json"):
        log = json.loads((SAMPLES / "olympi" / name).read_text())
        budget = Budget(max_nodes=5_000, max_total=20_000, worlds=2, max_sampled=20_000)
        plays = [play for play in analyse(olympi, log, budget)["plays"] if play["cost"] is not None]
        assert plays and all(play["played"] in [choice["action"] for choice in play["choices"]] for play in plays)
        assert all(evaluation.value_of(play) is not None for play in plays)
    written = {"player": "Bruno", "action": "retire", "note": "Bronze and 3 cards."}
    assert written in [turn for race in log["races"] for turn in race["turns"]]


def test_an_exact_average_over_a_chance_step_is_given_to_three_places_worked_by_hand():
    # Olympi Cards, two players, "higher than the last card" (Ann's Y5), both hands empty, the deck of unknown
    # order holding B1, B1 and B9. Bruno must pass (Ann bronze, 1 VP) and draws one card: B9 one time in three.
    # Ann must pass and draws the other two (Bruno silver, 2 VP). With B9 Bruno plays it, Ann cannot beat it
    # and her pass ends the race: Bruno gold, 2 + 4 = 6. With B1 (not above Y5) he passes: Ann gold, Bruno 2.
    # Bruno's pass is worth 6/3 + 2 × 2/3 = 10/3, given as 3.333 (and the best, at cost 0).
    start = OlympiPosition(("Ann", "Bruno"), [[], []], Rule("value", op=">", ref="previous"), 1, False)
    y5, b1, b9 = (CARD_INDEX[OlympiCard.parse(text)] for text in ("Y5", "B1", "B9"))
    start.previous, start.own, start.due = (y5,), ((y5,), None), 1
    start.deck, start.pool = None, tuple({b1: 2, b9: 1}.get(card, 0) for card in range(len(OLYMPI_CARDS)))
    passing = {"player": "Bruno", "action": "pass"}
    (play,) = value_plays([Step("race-1-turn-2", start, passing)], Budget(),
                          registry.engines()["olympi"].mark_thresholds)
    assert play["exact"] and play["choices"] == [{"action": passing, "value": 3.333}]
    assert play["best"] == [passing] and play["cost"] == 0


class Counted:
    """A toy position counting the steps a search makes on it (one per position it visits, or fewer: a position
    searched again in a wider window is one step)."""

    walked = 0

    def __init__(self, position) -> None:
        self.position = position

    def __getattr__(self, name: str):
        return getattr(self.position, name)

    def apply_action(self, action) -> None:
        Counted.walked += 1
        self.position.apply_action(action)


def test_the_exact_searches_of_a_whole_log_stay_within_its_total_budget():
    # Three players, four cards each: the first plays' trees are far larger than 300 positions in all.
    log = {"game": "toy", "players": ["Ann", "Bob", "Cy"],
           "hands": {"Ann": [1, 4, 7, 10], "Bob": [2, 5, 8, 11], "Cy": [3, 6, 9, 12]}}
    state, steps = ENGINE.new_state(log), []
    for card in (1, 2, 3, 12, 4, 5, 6, 7, 8, 11, 9, 10):
        play = {"player": state.to_move, "card": card}
        steps.append(Step(state.moment, Counted(state.searchable()), play))
        state.apply(play, strict=True)
    Counted.walked = 0
    plays = value_plays(steps, Budget(max_nodes=10**6, max_total=300, worlds=0),
                        registry.engines()["david-goliath"].mark_thresholds)
    assert Counted.walked <= 300 + len(steps)  # each search finds out it is out of budget one position past it
    assert plays[-1]["exact"] and not plays[0]["exact"]


def test_an_il_grande_dalmuti_lead_worked_by_hand_lists_the_best_and_the_cost_in_places():
    # Rule 9 with four players: 4 points for the first out … 1 for the last. Dario is out (4). Anna leads
    # holding 2 and 9, Bruno holds a 5, Carla a 7. The 2: nobody holds a lower card, both pass, Anna leads the
    # 9 and is out second (3). The 9: Bruno lays his 5 and is out second, and the best left to Anna is third
    # (2). Anna leads the 9, written with its cards as the choice is: cost 1, an inaccuracy.
    spot = DalmutiPosition(("Anna", "Bruno", "Carla", "Dario"), [{2: 1, 9: 1}, {5: 1}, {7: 1}, {}], 0)
    spot.finish = [3]
    (play,) = value_plays([Step("round-1-trick-4-play-1", spot, {"player": "Anna", "cards": ["9"], "note": "x"})],
                          Budget(), registry.engines()["grande-dalmuti"].mark_thresholds)
    assert play["exact"] and play["played"] == {"player": "Anna", "cards": ["9"]}
    assert play["choices"] == [{"action": {"player": "Anna", "cards": ["9"]}, "value": 2},
                               {"action": {"player": "Anna", "cards": ["2"]}, "value": 3}]
    assert play["best"] == [{"player": "Anna", "cards": ["2"]}] and play["cost"] == 1
    assert play["marks"] == ["inaccuracy"]


def test_a_two_player_race_without_its_deck_order_is_estimated_to_its_end():
    """Ann (B9 B1 Y1 K1 G1 R1) against Bruno (B2 Y2 K2 G2 R2 K3) under "Nove" (only 9s): the deck's order is not in
    the log. Over that order, passing first is worth 5.21 VP to Ann and playing B9 4.63 (an expectimax of the
    draws: 78 cards, 9 of them 9s). A world lays the deck in an order, so each is searched to the race's end and
    the estimate prefers the pass; left unordered, every draw stayed a chance step, the worlds stopped one step
    deep and both were worth 0."""
    disciplines = [{"name": "Nove", "rule": {"value_in": [9, 9]}}] + [
        {"name": f"D{number}", "rule": {"free": True}} for number in range(8)]
    log = {"game": "olympi", "players": ["Ann", "Bruno"], "first_player": "Ann", "disciplines": disciplines,
           "discipline_deck": [entry["name"] for entry in disciplines],
           "hands": {"Ann": ["B9", "B1", "Y1", "K1", "G1", "R1"], "Bruno": ["B2", "Y2", "K2", "G2", "R2", "K3"]},
           "races": [{"discipline": "Nove", "turns": [
               {"player": "Ann", "action": "play", "cards": ["B9"]}, {"player": "Bruno", "action": "pass"},
               {"player": "Ann", "action": "pass"}, {"player": "Bruno", "action": "pass"}]}]}
    first = analyse(registry.engines()["olympi"], log, Budget(max_nodes=200_000, max_total=500_000))["plays"][0]
    values = {choice["action"]["action"]: choice["value"] for choice in first["choices"]}
    assert not first["exact"] and first["estimate"]["reach"] is None
    assert values["pass"] > values["play"] and first["cost"] > 0

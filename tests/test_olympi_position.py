"""The Olympi Cards race as the computer analysis searches it (``olympi_replay.position``): values worked
out by hand from the rules (spec §1: rewards by retirement order, two-player passes, the World Record),
chance draws with their probabilities, undo, keys, observations, and the analysis over the samples."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from olympi_replay.cards import CARD_INDEX, Card
from olympi_replay.disciplines import Rule
from olympi_replay.engine import ENGINE
from olympi_replay.position import CARDS, RETIRE, Position
from replaykit.analysis import Budget, analyse
from replaykit.search import CHANCE, TERMINAL, Search
from tests.test_olympi_walk import accepts, every_state

HIGHER = Rule("value", op=">", ref="previous")  # "higher than the last card played"
FREE = Rule("free")
SAMPLES = Path(__file__).resolve().parent.parent / "sample_games" / "olympi"


def index(text: str) -> int:
    return CARD_INDEX[Card.parse(text)]


def play(*texts: str) -> tuple[int, ...]:
    return tuple(sorted(index(text) for text in texts))


def position(hands: list[list[str]], rule: Rule = HIGHER, world_record: bool = False) -> Position:
    names = ("Ann", "Bruno", "Chiara", "Dario")[:len(hands)]
    return Position(names, [[Card.parse(text) for text in hand] for hand in hands], rule, 1, world_record)


def test_three_players_a_high_card_first_forces_both_others_out():
    # Ann Y9, Bruno B2, Chiara G3, Ann first, "higher than the last card". Retiring first is bronze (1 VP).
    # Playing Y9 leaves nobody a higher card: Bruno must retire (bronze), then Chiara (silver), and Ann,
    # the last player, takes gold: 4 VP.
    start = position([["Y9"], ["B2"], ["G3"]])
    assert start.legal_actions() == [play("Y9"), RETIRE]
    assert Search(0).action_values(start) == {play("Y9"): 4, RETIRE: 1}
    start.apply_action(play("Y9"))
    assert start.turn == 1 and start.legal_actions() == [RETIRE]
    start.apply_action(RETIRE)
    assert start.turn == 2 and start.legal_actions() == [RETIRE]
    start.apply_action(RETIRE)
    assert start.turn == TERMINAL and start.returns() == (4, 1, 2)


def test_before_the_end_a_seat_still_in_has_the_medal_it_would_retire_with_now():
    # What a look-ahead stopping mid-race takes as each seat's result: three players, nobody out, each would
    # retire with bronze (1); once Bruno is out with it, Ann and Chiara would each retire with silver (2).
    start = position([["Y9"], ["B2"], ["G3"]])
    assert start.returns() == (1, 1, 1)
    start.apply_action(play("Y9"))
    start.apply_action(RETIRE)
    assert start.returns() == (2, 1, 2)
    start.apply_action(RETIRE)  # Chiara silver, Ann gold (4): the end, nothing added
    assert start.turn == TERMINAL and start.returns() == (4, 1, 2)
    # With four players the first out wins no medal (rule 6): nobody is sure of one yet
    assert position([["Y9"], ["B2"], ["G3"], ["R4"]]).returns() == (0, 0, 0, 0)


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.json")), ids=lambda path: path.stem)
def test_no_play_is_ever_valued_below_retiring_at_once(path):
    # A seat may retire at its next turn, when its place is no worse than now: estimates looking ahead only
    # so far once valued a play at 0 VP against a bronze for retiring (the result so far then left it out).
    log = json.loads(path.read_text())
    result = analyse(ENGINE, log, Budget(max_nodes=2_000, max_total=20_000, worlds=4, world_nodes=500,
                                         max_sampled=40_000))
    for play in (result or {"plays": []})["plays"]:
        values = {json.dumps(choice["action"]): choice["value"] for choice in play["choices"]}
        retire = [value for action, value in values.items() if '"retire"' in action]
        if len(log["players"]) > 2 and retire:
            assert min(values.values()) >= retire[0], (play["step"], values)


def test_the_spec_s_two_player_example_gives_five_and_two():
    # Spec §1, two players: Ann plays, Bruno passes (Ann bronze), Ann passes (Bruno silver), Bruno passes
    # (Ann gold): 5/2 VP. Here nothing beats Ann's Y9, so every step after it is forced.
    start = Position(("Ann", "Bruno"), [[Card.parse("Y9")], [Card.parse("B2"), Card.parse("B3")]], HIGHER, 1, False)
    start.deck = tuple(index(text) for text in ("K1", "K2", "K3", "K4", "K5", "K6"))  # top last: K6 first
    start.apply_action(play("Y9"))
    assert Search(0).value(start) == 5 and Search(1).value(start) == 2
    start.apply_action(RETIRE)  # Bruno's first pass draws one card: K6
    assert start.hands[1] == play("B2", "B3", "K6") and start.returns() == (1, 0)
    start.apply_action(RETIRE)  # Ann's pass draws two: K5, K4
    assert start.hands[0] == play("K4", "K5") and start.returns() == (1, 2)
    start.apply_action(RETIRE)  # the third pass ends the race: its three cards count for later races only
    assert start.turn == TERMINAL and start.returns() == (5, 2) and start.hands[1] == play("B2", "B3", "K6")


def test_a_pass_drawing_from_an_unknown_deck_is_a_chance_step_valued_by_expectation():
    # Two players, "higher than the last card", Ann's Y5 was the last play, both hands empty, the deck of
    # unknown order holds B1 and B9. Bruno must pass: Ann bronze, Bruno draws B1 or B9, one chance in two.
    # Ann must pass (she draws the other card; then deck and discards are empty): Bruno silver.
    # Drew B9: Bruno may play it (Ann holds B1, lower: she passes, Bruno gold: Ann 1, Bruno 6) or pass
    # (Ann gold: Ann 5, Bruno 2). Drew B1: he must pass: Ann 5, Bruno 2.
    # Ann's guaranteed value: (1 + 5) / 2 = 3; Bruno's: (6 + 2) / 2 = 4.
    start = Position(("Ann", "Bruno"), [[], []], HIGHER, 1, False)
    start.previous, start.own, start.due = play("Y5"), (play("Y5"), None), 1
    start.deck, start.pool = None, tuple(int(card in (index("B1"), index("B9"))) for card in range(len(CARDS)))
    assert start.legal_actions() == [RETIRE]
    start.apply_action(RETIRE)
    assert start.turn == CHANCE and sorted(start.chance_outcomes()) == [(index("B1"), 0.5), (index("B9"), 0.5)]
    start.undo_action()
    assert Search(0).value(start) == 3 and Search(1).value(start) == 4


def test_a_world_record_for_the_last_player_who_empties_the_hand():
    # World Record variant, a free discipline: Ann plays her only card, Bruno and Chiara retire (bronze,
    # silver); Ann is the last player with an empty hand: gold and a World Record, 4 + 2 VP.
    start = position([["Y1"], ["B1"], ["G1"]], FREE, world_record=True)
    for action in (play("Y1"), RETIRE, RETIRE):
        start.apply_action(action)
    assert start.turn == TERMINAL and start.returns() == (6, 1, 2)


def test_the_last_player_may_play_on_for_a_world_record_or_stop():
    # Ann keeps two cards when the others are out: she plays on (free rule) until her hand is empty (a
    # World Record: 6 VP), or stops with gold only (4 VP).
    start = position([["Y1", "Y2"], ["B1"], ["G1"]], FREE, world_record=True)
    for action in (play("Y1"), RETIRE, RETIRE):
        start.apply_action(action)
    assert start.turn == 0 and start.legal_actions() == [play("Y2"), RETIRE]
    assert Search(0).action_values(start) == {play("Y2"): 6, RETIRE: 4}


def test_undo_restores_every_value_of_the_position():
    rng = random.Random(3)
    for seed in range(6):
        start = first_positions(2 + seed % 6, seed)[0]
        keys = [start.key()]
        while start.turn != TERMINAL:
            outcomes = start.chance_outcomes()
            start.apply_action(rng.choice(outcomes)[0] if start.turn == CHANCE else rng.choice(start.legal_actions()))
            keys.append(start.key())
        for expected in reversed(keys[:-1]):
            start.undo_action()
            assert start.key() == expected


def test_a_key_names_one_position_and_an_observation_hides_the_others_cards():
    # Positions met along many random lines: whatever has the same key has the same legal actions, turn,
    # returns and observations; a world dealt from a seat's point of view looks the same to that seat.
    rng = random.Random(5)
    for seed in range(4):
        start = first_positions(3 + seed, seed)[0]
        met: dict = {}
        for _ in range(30):
            line = 0
            while start.turn != TERMINAL:
                facts = (start.turn, tuple(start.legal_actions()), start.returns(),
                         tuple(json.dumps(start.observation(seat)) for seat in range(len(start.players))))
                assert met.setdefault(start.key(), facts) == facts
                if start.turn >= 0:
                    world = start.sample_world(start.turn, rng)
                    assert world.observation(start.turn) == start.observation(start.turn)
                    assert sorted(card for hand in world.hands for card in hand) == sorted(
                        card for hand in start.hands for card in hand)
                start.apply_action(rng.choice(start.legal_actions()))
                line += 1
            for _ in range(line):
                start.undo_action()


def first_positions(players: int, seed: int) -> list[Position]:
    """The searchable position at every step of a simulated game (hands and deck known)."""
    found = []
    ENGINE.load(ENGINE.simulate(players, seed), ENGINE.default_limits,
                observe=lambda anchor, state: found.append(state.searchable()))
    return [position for position in found if position is not None]


def test_every_clean_sample_with_its_deal_is_analysed_with_every_play_legal():
    budget = Budget(max_total=100_000, worlds=0)
    for name in ("clean-2-players.json", "clean-3-players-world-record.json"):
        result = analyse(ENGINE, json.loads((SAMPLES / name).read_text()), budget)
        assert result["plays"] and all(play["legal"] for play in result["plays"])
        last = result["plays"][-1]  # the race's last turn: one step from its end, searched exactly
        played = {key: last["played"][key] for key in ("player", "action", "cards") if key in last["played"]}
        assert last["exact"] and last["cost"] == 0 and played in last["best"]


def test_a_log_without_its_deal_is_estimated_over_worlds_dealing_the_unseen_cards():
    result = analyse(ENGINE, json.loads((SAMPLES / "clean-4-players-no-deal.json").read_text()),
                     Budget(worlds=2, max_sampled=100_000))
    assert result["plays"] and result["unsearched"] == 0 and all(play["legal"] for play in result["plays"])
    assert not any(play["exact"] for play in result["plays"]) and any(play["estimate"] for play in result["plays"])


@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_position_offers_exactly_the_plays_the_state_accepts(players):
    # Perft: at every step of simulated games, the position's legal actions are exactly the compact forms
    # of the candidate turns the State's check (a strict apply) accepts.
    for seed in range(3):
        log = ENGINE.simulate(players, seed)
        for state in every_state(log):
            found = state.searchable()
            if found is None or found.turn < 0:
                continue
            accepted = {found.action_of(action) for action in candidates(state, found) if accepts(state, action)}
            assert accepted == set(found.legal_actions()), state.moment


def candidates(state, found: Position) -> list[dict]:
    """Every play of the discipline's number of cards from the hand, a card not held, and stopping."""
    player = found.players[found.turn]
    held = [CARDS[card] for card in found.hands[found.turn]]
    stranger = next(card for card in CARDS if card not in held)
    pool = [str(card) for card in held] + [str(stranger)]
    plays = {tuple(sorted((pool[first], pool[second]))) if found.per_play == 2 else (pool[first],)
             for first in range(len(pool)) for second in range(len(pool)) if second != first or found.per_play == 1}
    return ([{"player": player, "action": "play", "cards": list(cards)} for cards in plays]
            + [{"player": player, "action": "retire"}, {"player": player, "action": "pass"}])

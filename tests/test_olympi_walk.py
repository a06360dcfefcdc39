"""What the Olympi Cards State offers beyond replaying (``olympi_replay.state_walk``): undo, compact actions,
returns, observations, chance outcomes with probabilities worked out by hand, keys; Hypothesis over random
games; a perft-style check of the choices against the State's own check; returns equal to the report's
scores on every sample and on simulated games; and what a view carries for the table view to read as it is
(the cards the rest of the log proves a hand holds unseen, the plays a turn was compared with)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from olympi_replay.cards import CARD_INDEX, CARDS_BY_INDEX, Card, card_order
from olympi_replay.engine import ENGINE
from olympi_replay.state_choices import Move, Named, Reveal, of_log
from replaykit.state import Uniform
from tests.test_olympi_state import play, retire, setup, started

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games" / "olympi"


def index(text: str) -> int:
    return CARD_INDEX[Card.parse(text)]


def snapshot(state) -> tuple:
    return (state.view(), [choice.action for choice in state.choices(random.Random(0))], state.key(),
            state.to_log(), state.legal_actions())


def walk(state, picks: list[int], rng: random.Random) -> list[tuple]:
    """Apply one choice per pick (chance steps drawn with ``rng``); the snapshot before each step."""
    seen = []
    for pick in picks:
        if state.is_over():
            break
        seen.append(snapshot(state))
        options = state.choices(rng)
        state.apply(options[pick % len(options)].action)
    return seen


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 50), hands=st.booleans(),
       picks=st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_undo_restores_view_choices_key_and_log_exactly_after_any_sequence(players, seed, hands, picks):
    log = ENGINE.simulate(players, seed, no_hands=not hands, no_deck=not hands)
    state = ENGINE.new_state({key: value for key, value in log.items() if key not in ("races", "scores", "winners")})
    seen = walk(state, picks, random.Random(seed))
    for expected in reversed(seen):
        state.undo()
        assert snapshot(state) == expected
    with pytest.raises(IndexError):
        state.undo()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 50), first=st.lists(st.integers(0, 40), max_size=12),
       second=st.lists(st.integers(0, 40), max_size=12))
def test_keys_are_equal_exactly_when_positions_are(seed, first, second):
    states = []
    for picks in (first, second):
        state = ENGINE.new_state(setup())
        walk(state, picks, random.Random(seed))
        states.append(state)
    one, other = states
    same = one.to_log() == other.to_log() and one.pending == other.pending
    assert (one.key() == other.key()) == same
    if same:
        assert snapshot(one) == snapshot(other)


def test_an_observation_holds_the_seat_s_own_hand_and_played_cards_only():
    # Race 1 (Nuoto) after Ann's K5: Bruno sees his own six cards, Ann's K5 on the table and everyone's counts;
    # no card of Ann's or Chiara's hand.
    state = started()
    seen = state.observation(1)
    assert seen["hand"] == ["B1", "B5", "Y6", "K9", "G2", "R7"] and seen["unseen"] == 0
    assert seen["plays"] == [{"race": 1, "player": "Ann", "cards": ["K5"]}]
    assert seen["held"] == [5, 6, 6] and seen["deck"] == 72 and seen["to_move"] == "Bruno"
    hidden = {"B2", "B3", "Y1", "Y2", "G1", "K6", "K7", "R1", "R2", "G8", "G9"}  # Ann's rest and Chiara's hand
    assert not hidden & set(json.dumps(seen).replace('"', " ").replace(",", " ").split())


@pytest.mark.parametrize("players", range(2, 8))
def test_no_observation_ever_holds_another_seat_s_hidden_card(players):
    log = ENGINE.simulate(players, players)
    seating = log["players"]

    def observe(anchor, state):
        views = {seat["name"]: seat for seat in state.view()["seats"]}
        for seat, name in enumerate(seating):
            seen = state.observation(seat)
            assert seen["hand"] == views[name]["hand"]
            played = [card for entry in seen["plays"] for card in entry["cards"]]
            laid = [card for race in state.to_log()["races"] for turn in race["turns"]
                    if turn.get("action") == "play" for card in turn.get("cards", [])]
            assert played == laid
            assert set(seen) == {"seat", "player", "hand", "unseen", "plays", "held", "deck", "discards",
                                 "disciplines_left", "scores", "first_player", "to_move"}

    ENGINE.load(log, ENGINE.default_limits, observe=observe)


def test_returns_at_the_end_are_the_report_s_scores_on_every_sample_and_simulated_game():
    documents = [json.loads(path.read_text()) for path in sorted(SAMPLES.glob("*.json"))]
    documents += [ENGINE.simulate(players, seed, world_record=seed % 2 == 1)
                  for players in range(2, 8) for seed in range(3)]
    compared = 0
    for document in documents:
        report, state = ENGINE.load(document, ENGINE.default_limits)
        if state is None:
            continue
        assert dict(zip(document["players"], state.returns(), strict=True)) == report.result.scores
        compared += 1
    assert compared >= len(documents) - 2  # the eight-player and the same-name samples start no game


def test_a_race_start_s_chance_outcomes():
    # With the discipline deck given, the top card is known: one outcome, certain.
    state = ENGINE.new_state(setup())
    assert state.chance_outcomes() == [(Reveal("Nuoto"), 1.0)]
    # Without it any of the nine may come up, each one time in nine.
    state = ENGINE.new_state({key: value for key, value in setup().items() if key != "discipline_deck"})
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 9 and {probability for _, probability in outcomes} == {1 / 9}
    assert state.legal_actions()[:2] == [Reveal("Nuoto"), Reveal("Ciclismo", "Nuoto")]


def test_a_draw_made_unseen_lists_its_outcomes_when_few_and_samples_them_when_many():
    # Deck of unknown order, the 18 dealt cards known. Bruno retires first: three cards unseen, far too many
    # sets to list: ``Uniform``, the 72 × 71 × 70 / 3! draws of three of the 72 copies not known anywhere.
    state = started(deck=False)
    state.apply(retire("Bruno"))
    many = state.chance_outcomes()
    assert isinstance(many, Uniform) and many.count == 59640
    drawn = many.draw(random.Random(2))
    assert isinstance(drawn, Named) and len(drawn.cards) == 3
    assert state.leave_unseen()
    # Chiara K6 (Chiara's choice: nothing left to chance), then Ann retires second: one card from the 72
    # copies not known anywhere, the 18 dealt cards having one copy left (1/72 each) and the 27 others two (2/72).
    state.apply(play("Chiara", "K6"))
    assert state.chance_outcomes() == []
    state.apply(retire("Ann"))
    one = state.chance_outcomes()
    chances = {action.cards: probability for action, probability in one}
    assert len(one) == 45 and len(chances) == 45
    assert chances[(index("K5"),)] == pytest.approx(1 / 72) and chances[(index("R9"),)] == pytest.approx(2 / 72)
    assert sum(chances.values()) == pytest.approx(1)
    assert state.legal_actions() == [action for action, _ in one]


def test_compact_actions_apply_as_their_log_form_does():
    state, twin = started(), started()
    move = Move(1, "play", (index("K9"),))
    assert move in state.legal_actions() and move.to_log(("Ann", "Bruno", "Chiara")) == play("Bruno", "K9")
    assert state.apply(move) == twin.apply(play("Bruno", "K9")) and state.to_log() == twin.to_log()
    assert of_log(play("Bruno", "K9"), ("Ann", "Bruno", "Chiara")) == move
    assert of_log(retire("Chiara"), ("Ann", "Bruno", "Chiara")) == Move(2, "retire")
    assert of_log({"discipline": "Nuoto", "postponed": "Remo"}, ()) == Reveal("Nuoto", "Remo")
    assert of_log({"player": "Zoe", "action": "play", "cards": ["K1"]}, ("Ann",)) is None


@pytest.mark.parametrize(("players", "hands"), [(2, True), (3, True), (5, False), (7, True)])
def test_the_choices_are_exactly_the_candidate_turns_the_check_accepts(players, hands):
    # Perft: at every position of simulated games, the turns offered are exactly those among all candidates
    # (every play of the discipline's number of cards a hand may hold, a card it cannot, a retire, a pass,
    # and a turn by someone else) that a strict apply accepts.
    for seed in range(4 if hands else 1):  # an unknown hand has every card as a candidate: one game is enough
        log = ENGINE.simulate(players, seed, no_hands=not hands, no_deck=not hands)
        for state in every_state(log):
            if state.chance or state.is_over():
                continue
            offered = {json.dumps(choice.action, sort_keys=True) for choice in state.choices()}
            accepted = {json.dumps(action, sort_keys=True) for action in candidates(state) if accepts(state, action)}
            assert offered == accepted, state.moment


def candidates(state) -> list[dict]:
    player = state.to_move
    seating = state.game.rules.seating
    hand = state.game.cards.hands[player]
    definition = state.race.definition
    per_play = 1 if definition is None or definition.cards_per_play is None else definition.cards_per_play
    held = sorted({CARDS_BY_INDEX[index] for index in hand.cards()})  # a replay holds cards as their indexes
    stranger = next(card for card in CARD_INDEX if card not in held)
    pool = [*held, stranger] if not hand.unknown else list(CARD_INDEX)
    cards = [[card] for card in pool] if per_play == 1 else [
        [first, second] for number, first in enumerate(pool) for second in pool[number:]]
    other = next(name for name in seating if name != player)
    # a play's cards listed as a hand is shown (the rings' colours, then value), the order choices write
    return ([{"player": player, "action": "play", "cards": [str(card) for card in sorted(chosen, key=card_order)]}
             for chosen in cards]
            + [retire(player), {"player": player, "action": "pass"}, retire(other), play(other, str(pool[0]))])


def every_state(log: dict) -> list:
    """A copy of the State at every step of ``log``."""
    states: list = []
    ENGINE.load(log, ENGINE.default_limits, observe=lambda anchor, state: states.append(state.clone()))
    return states


def accepts(state, action: dict) -> bool:
    try:
        state.clone().apply(action, strict=True)
    except Exception:  # IllegalAction: the check refused it
        return False
    return True


# -- what a view carries for the table view ---------------------------------------------------------

def views(document: dict) -> dict[str, dict]:
    return dict(ENGINE.snapshots(document))


def proven(view: dict, name: str) -> list[str]:
    return next(seat["proven"] for seat in view["seats"] if seat["name"] == name)


def test_a_card_played_from_an_unrecorded_deal_is_proven_from_the_deal_until_it_is_played():
    # No deal given: Ann's K5 in race 1's first turn was in her hand from the deal on.
    document = {**setup(hands=False, deck=False), "races": [{"discipline": "Nuoto", "turns": [play("Ann", "K5")]}]}
    seen = views(document)
    assert proven(seen[""], "Ann") == ["K5"] and proven(seen["race-1"], "Ann") == ["K5"]
    assert proven(seen["race-1-turn-1"], "Ann") == [] and proven(seen["race-1"], "Bruno") == []


def test_cards_drawn_unseen_are_proven_only_from_the_draw_on():
    # Deal known, deck not. Race 1 (Nuoto): Ann K5, Bruno retires (bronze, three cards unseen), Chiara K6, Ann
    # retires (silver, the First-player card): the race is over. Race 2 (Ciclismo, two cards, a higher sum):
    # Ann B2 B3, then Bruno R8 R9 — neither in his dealt hand, so both came with his draw in race 1, turn 2.
    races = [{"discipline": "Nuoto", "turns": [play("Ann", "K5"), retire("Bruno"), play("Chiara", "K6"),
                                               retire("Ann")]},
             {"discipline": "Ciclismo", "turns": [play("Ann", "B2", "B3"), play("Bruno", "R8", "R9")]}]
    seen = views({**setup(deck=False), "races": races})
    assert proven(seen["race-1-turn-1"], "Bruno") == []  # before the draw: his hand is the deal, all known
    for step in ("race-1-turn-2", "race-1-turn-4", "race-2", "race-2-turn-1"):
        assert proven(seen[step], "Bruno") == ["R8", "R9"], step
    assert proven(seen["race-2-turn-2"], "Bruno") == []


def test_a_play_shows_the_plays_its_rule_compared_it_with():
    # Nuoto compares with the race's last play: Bruno's B1 after Ann's K5 breaks it, compared with K5.
    races = [{"discipline": "Nuoto", "turns": [play("Ann", "K5"), play("Bruno", "B1"), retire("Chiara")]}]
    seen = views({**setup(), "races": races})
    assert seen["race-1"]["compares"] == ["previous"] and seen["race-1"]["compared"] is None
    assert seen["race-1-turn-1"]["compared"] == []  # the race's first play has nothing to compare with
    assert seen["race-1-turn-2"]["compared"] == [["Ann", "K5"]]
    assert seen["race-1-turn-3"]["compared"] is None  # a retirement plays nothing


def test_a_rule_on_the_own_last_play_shows_the_player_s_own_play():
    # Lancio (lower than your own last card) is the fifth card of the discipline deck: races 1-4 are
    # left out by starting from a log whose deck puts Lancio on top.
    document = {**setup(), "discipline_deck": ["Lancio", "Nuoto", "Ciclismo", "Corsa", "Salto", "Tuffi",
                                               "Scherma", "Vela", "Remo"],
                "races": [{"discipline": "Lancio", "turns": [play("Ann", "K5"), play("Bruno", "B5"),
                                                             play("Chiara", "K7"), play("Ann", "B3")]}]}
    seen = views(document)
    assert seen["race-1"]["compares"] == ["own"]
    assert seen["race-1-turn-3"]["compared"] == []  # Chiara's first play of the race
    assert seen["race-1-turn-4"]["compared"] == [["Ann", "K5"]]

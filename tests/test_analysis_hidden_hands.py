"""The computer analysis of logs that do not give the hands (``replaykit.analysis``, each game's ``position``):
where the cards the log proves fill every hand, the values are those of the same log with its deal; where
they do not, the plays are estimated over worlds that keep every proven card in its hand and deal the rest
within the rules' constraints. Hand-made logs, the values worked out from the rules (specs: rules 3–8 of
David & Goliath, 2–9 of Il Grande Dalmuti, 5–7 of Olympi Cards; the toy game's own)."""

from __future__ import annotations

import copy
import io
import json
import random
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dalmuti_replay.position import unpack
from dg_replay.cards import Card
from dg_replay.engine import ENGINE as DG
from dg_replay.simulate import simulate
from olympi_replay.cards import CARD_INDEX
from olympi_replay.cards import Card as OlympiCard
from replaykit.analysis import Budget, analyse
from replaykit.cli import main
from replaykit.registry import engines
from replaykit.state import past_unseen
from tests.dalmuti_helpers import session, trick
from tests.plugin_fixtures import toy_engine

DALMUTI = engines()["grande-dalmuti"]
OLYMPI = engines()["olympi"]
TOY = toy_engine()
SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ROOMY = Budget(max_nodes=200_000, max_total=2_000_000)


def by_step(result: dict) -> dict[str, dict]:
    return {play["step"]: play for play in result["plays"]}


def values(play: dict) -> dict:
    """Each choice's value, keyed by its cards (or ``("pass",)``, ``("retire",)``)."""
    return {named(choice["action"]): choice["value"] for choice in play["choices"]}


def named(action: dict) -> tuple:
    if "cards" in action:
        return tuple(action["cards"])
    if "card" in action:
        return (action["card"],)
    return ("pass",) if action.get("pass") else (action["action"],)


# -- David & Goliath -------------------------------------------------------------------------------------------
# Three players, 1–9 in each colour (rule 2). Ann holds the 1, 4 and 7 of every colour, Ben the 2, 5, 8, Cleo
# the 3, 6, 9. Ben deals, so Cleo leads (rule 4); every trick is one colour: Cleo its highest card, Ann its
# lowest, Ben the middle one. Cleo's card is the highest, Ann's the lowest: Ann takes Cleo's card, Cleo the
# other two and leads again (rules 5–7). Each colour ends with three cards for Ann (3 points) and six for Cleo
# (6 points): Ann 15, Ben 0, Cleo 30 (rule 8).
SEATS = ["Ann", "Ben", "Cleo"]
DEALT = {name: [f"{color}{3 * k + offset}" for color in "BYGRP" for k in range(3)]
         for name, offset in (("Ann", 1), ("Ben", 2), ("Cleo", 3))}
TRICKS = [{"plays": [{"player": name, "card": f"{color}{3 * k + offset}"}
                     for name, offset in (("Cleo", 3), ("Ann", 1), ("Ben", 2))]} for color in "BYGRP" for k in range(3)]


def dg_log(plays: int, hands: bool = False) -> dict:
    """The game above stopped after its first ``plays`` plays, with or without its deal."""
    tricks = copy.deepcopy(TRICKS)
    kept, left = [], plays
    for record in tricks:
        if left <= 0:
            break
        record["plays"] = record["plays"][:left]
        left -= len(record["plays"])
        kept.append(record)
    log = {"game": "david-goliath", "players": SEATS, "dealer": "Ben", "tricks": kept}
    return {**log, "hands": copy.deepcopy(DEALT)} if hands else log


def test_a_game_stopped_one_card_short_is_proven_whole_and_valued_as_with_its_deal():
    # Stopped after Cleo's purple 9 and Ann's purple 7: Ben's last card never shows, but the whole deck is
    # dealt (rule 3) and every other card is placed, so it is the purple 8. Every hand is known: exact values.
    budget = Budget(max_nodes=50_000, max_total=300_000, worlds=2, max_sampled=40_000)
    bare, dealt = analyse(DG, dg_log(44), budget), analyse(DG, dg_log(44, hands=True), budget)
    assert bare == dealt
    plays = by_step(bare)
    assert len(plays) == 44 and bare["unsearched"] == 0
    # The last trick: one card each. Cleo ends with 30, Ann with 15.
    assert values(plays["trick-15-play-1"]) == {("P9",): 30}
    assert values(plays["trick-15-play-2"]) == {("P7",): 15}
    # Trick 14, Cleo to lead with purple 6 and 9; she holds six cards of each other colour (24) and the
    # purple 1 and 2. Leading the 6, Ann and Ben can keep her to four purple cards: Ann the 7 over it, Ben
    # the 5 under (Ben takes the 7, Ann the 6 and 5), then her 9 takes Ann's 4 and Ben's 8. Leading the 9 she
    # takes two now, but Ann keeping the 4 and Ben the 8 leave her 6 taking nothing: four again. 28 each.
    assert plays["trick-14-play-1"]["exact"] and values(plays["trick-14-play-1"]) == {("P6",): 28, ("P9",): 28}
    # Ben after Cleo's 6 and Ann's 4: his 8 is the highest and takes the 6 and 4 (10), then Cleo's 9 goes to
    # his lowest 5: three purple cards, 3 points; his 5 takes nothing now, and Cleo's 9 takes his 8: 0.
    assert values(plays["trick-14-play-3"]) == {("P5",): 0, ("P8",): 3}
    assert plays["trick-14-play-3"]["cost"] == 3 and plays["trick-14-play-3"]["marks"] == ["mistake"]


def test_a_game_stopped_early_is_estimated_over_worlds_its_proof_allows():
    # Stopped after trick 13: each seat holds two purple cards the log never shows.
    result = analyse(DG, dg_log(39), Budget(worlds=4, max_sampled=400_000))
    plays = result["plays"]
    assert len(plays) == 39 and result["unsearched"] == 0
    assert not any(play["exact"] for play in plays)
    estimated = [play for play in plays if play["estimate"] is not None]
    assert estimated
    for play in estimated:
        assert play["estimate"]["worlds"] >= 1 and all(choice["spread"] >= 0 for choice in play["choices"])
        assert play["played"] in [choice["action"] for choice in play["choices"]]
    # Trick 13, Cleo to lead: her purple 3 is proven, her purple 6 and 9 are not. Only the 3 is a choice in
    # every world, so the estimate weighs it alone.
    assert [choice["action"]["card"] for choice in by_step(result)["trick-13-play-1"]["choices"]] == ["P3"]


def dg_positions(log: dict) -> list:
    """Before each play of ``log``: its position, completed from the plays from there on as the analysis
    does, and the play made."""
    found = []
    DG.load(log, DG.default_limits, observe=lambda _anchor, state: found.append(state.searchable()))
    later = [(f"trick-{number}-play-{index}", play) for number, record in enumerate(log["tricks"], 1)
             for index, play in enumerate(record["plays"], 1)]
    return [(spot.learn(later[at:]), later[at][1]) for at, spot in enumerate(found[:len(later)])]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), tricks=st.integers(2, 13), pick=st.integers(0, 10**6),
       world_seed=st.integers(0, 10**6))
def test_no_world_gives_a_seat_a_colour_it_showed_it_lacks_or_another_seats_proven_card(seed, tricks, pick,
                                                                                        world_seed):
    log = simulate(4, seed, hands=False, claims=False)
    log["tricks"] = log["tricks"][:tricks]
    spot, played = dg_positions(log)[pick % (4 * tricks)]
    assert spot.hidden() > 0
    world = spot.sample_world(spot.turn, random.Random(world_seed))
    voids = spot.voids()
    held = 0
    for seat, (proven, dealt) in enumerate(zip(spot.hands, world.hands, strict=True)):
        assert dealt & proven == proven  # every proven card stays in its hand
        assert dealt.bit_count() == proven.bit_count() + spot.missing[seat]
        assert not (dealt & ~proven) & voids[seat]  # no colour the seat showed, now or later, it lacks
        assert not held & dealt  # and no card in two hands
        held |= dealt
    assert held == spot.pool | sum(spot.hands) and world.hidden() == 0
    # Whatever the world, the play the log shows is one the rules allow its player there (rule 4).
    assert world.index(Card.parse(played["card"])) in world.legal_actions()


def test_every_world_lets_each_player_make_the_play_the_log_shows():
    # A player who leaves the led colour later in the log holds none of it among its unseen cards now: what
    # it plays until then is proven. Without that, worlds of these eight tricks gave players cards of the
    # led colour beside a card of another that the log shows them playing (rule 4 would forbid it).
    for seed in range(4):
        log = simulate(4, seed, hands=False, claims=False)
        log["tricks"] = log["tricks"][:8]
        for spot, played in dg_positions(log):
            for world_seed in range(3):
                world = spot.sample_world(spot.turn, random.Random(world_seed))
                assert world.index(Card.parse(played["card"])) in world.legal_actions()


# -- Il Grande Dalmuti ----------------------------------------------------------------------------------------
# Four players, 57 cards (rule 2: no 11s or 12s), a settling round (no taxes). Anna holds ten 10s and five 9s;
# Bruno four 9s, eight 8s and both Jesters; Carla seven 7s, six 6s and a 5; Dario the 1, 2s, 3s, 4s and four 5s.
A, B, C, D = "Anna", "Bruno", "Carla", "Dario"
HANDS = {A: ["10"] * 10 + ["9"] * 5, B: ["9"] * 4 + ["8"] * 8 + ["J"] * 2, C: ["7"] * 7 + ["6"] * 6 + ["5"],
         D: ["1", "2", "2", "3", "3", "3", "4", "4", "4", "4", "5", "5", "5", "5"]}
ROUND = [trick((A, " ".join(["10"] * 10)), (B,), (C,), (D,)), trick((A, " ".join(["9"] * 5)), (B,), (C,), (D,)),
         trick((B, " ".join(["9"] * 4)), (C,), (D,)), trick((B, " ".join(["8"] * 8 + ["J", "J"])), (C,), (D,)),
         trick((C, " ".join(["7"] * 7)), (D,)), trick((C, " ".join(["6"] * 6)), (D,)), trick((C, "5"))]


def dalmuti_log(tricks: int = len(ROUND), hands: bool = False) -> dict:
    entry: dict = {"tricks": copy.deepcopy(ROUND[:tricks])}
    if hands:
        entry["hands"] = copy.deepcopy(HANDS)
    return session([A, B, C, D], entry, options={"settling_round": True})


def test_a_round_whose_sets_prove_every_hand_but_the_last_is_valued_as_with_its_deal():
    # Anna, Bruno and Carla lay every card they hold; Dario, last, never plays, and holds what the deck has
    # left: every hand is known.
    bare, dealt = analyse(DALMUTI, dalmuti_log(), ROOMY), analyse(DALMUTI, dalmuti_log(hands=True), ROOMY)
    assert bare["plays"] == dealt["plays"] and bare["seats"] == dealt["seats"]
    plays = by_step(bare)
    assert next(iter(plays)) == "round-1-trick-1-play-1"  # the play after the deal the log leaves out
    # Carla leads trick 6 holding six 6s and a 5, Dario the 1 to 5s, none of them six times. Six 6s: Dario
    # cannot answer, and her 5 takes her out third (2 points, rule 9). Anything else: Dario answers with a
    # lower set or a single 5 or 4, then leads his sets lower than anything she holds and goes out before
    # her: last, 1 point.
    expected = {("6",) * 6: 2, **{("6",) * count: 1 for count in range(1, 6)}, ("5",): 1}
    assert plays["round-1-trick-6-play-1"]["exact"] and values(plays["round-1-trick-6-play-1"]) == expected
    assert values(plays["round-1-trick-7-play-1"]) == {("5",): 2}


def test_a_trick_opened_with_a_note_does_not_stop_the_proof():
    bare, dealt = dalmuti_log(), dalmuti_log(hands=True)
    for log in (bare, dealt):
        log["rounds"][0]["tricks"][4]["note"] = "Carla leads her sevens."  # a step of its own, no one's play
    assert analyse(DALMUTI, bare, ROOMY)["plays"] == analyse(DALMUTI, dealt, ROOMY)["plays"]


def test_a_round_stopped_early_is_estimated_and_its_worlds_keep_the_proven_cards():
    # Stopped after Bruno's 8s: Carla's and Dario's 28 cards are unplaced between them.
    result = analyse(DALMUTI, dalmuti_log(4), Budget(worlds=4, max_sampled=200_000))
    plays = result["plays"]
    assert len(plays) == 14 and not any(play["exact"] for play in plays)
    # Every play is estimated, Anna's lead from fifteen cards too: its sets are too many for a world to search
    # to the end of the trick, but a look-ahead by steps fits (docs/ANALYSIS.md, "Reach").
    assert all(play["estimate"] is not None for play in plays)
    # Carla shows no card: a pass is all the worlds agree she could do.
    assert set(values(by_step(result)["round-1-trick-1-play-3"])) == {("pass",)}
    spots = []
    DALMUTI.load(dalmuti_log(4), DALMUTI.default_limits,
                 observe=lambda _anchor, state: spots.append(state.searchable()))
    later = [(f"round-1-trick-{number}-play-{index}", entry) for number, record in enumerate(ROUND[:4], 1)
             for index, entry in enumerate(record["plays"], 1)]
    first = next(spot for spot in spots if spot is not None).learn(later[1:])  # Bruno to answer Anna's 10s
    assert [unpack(hand) for hand in first.hands[:2]] == [{9: 5}, {8: 8, 9: 4, 13: 2}]
    assert first.missing == [0, 0, 14, 14] and first.hidden() == 28
    for seed in range(20):
        world = first.sample_world(first.turn, random.Random(seed))
        assert world.hands[:2] == first.hands[:2] and world.hidden() == 0
        dealt = [unpack(hand) for hand in world.hands[2:]]
        assert [sum(hand.values()) for hand in dealt] == [14, 14]
        together = {value: dealt[0].get(value, 0) + dealt[1].get(value, 0) for value in range(1, 14)}
        assert {value: count for value, count in together.items() if count} == unpack(first.pool)


# -- Olympi Cards -----------------------------------------------------------------------------------------------
# The spec's three-player example (rules 5–7), with no deal: Ann plays K7, Bruno retires, Chiara plays K8, Ann
# plays K9, Chiara retires; Ann is left alone and takes gold.

def olympi_example() -> dict:
    return json.loads((SAMPLES / "olympi" / "rulebook-three-players.json").read_text())


def test_a_race_without_its_deal_is_estimated_and_forced_rewards_come_out_of_the_rules():
    plays = by_step(analyse(OLYMPI, olympi_example()))
    assert len(plays) == 5 and not any(play["exact"] for play in plays.values())
    # Bruno shows no card: retiring is all the worlds agree on, and the first to retire of three takes
    # bronze, 1 VP, whatever the cards.
    assert values(plays["race-1-turn-2"]) == {("retire",): 1.0}
    # Ann retiring second would take silver (2 VP) in every world; so does Chiara when she does.
    assert values(plays["race-1-turn-4"])[("retire",)] == 2.0 and ("K9",) in values(plays["race-1-turn-4"])
    assert values(plays["race-1-turn-5"]) == {("retire",): 2.0}
    assert all(choice["spread"] == 0 for choice in plays["race-1-turn-5"]["choices"])


def test_an_olympi_world_keeps_the_cards_the_log_shows_and_deals_only_copies_known_nowhere():
    spots = []
    OLYMPI.load(olympi_example(), OLYMPI.default_limits,
                observe=lambda _anchor, state: spots.append((past_unseen(state) or state).searchable()))
    race = olympi_example()["races"][0]
    first = next(spot for spot in spots if spot is not None)  # the race revealed, Ann to play
    spot = first.learn([(f"race-1-turn-{number}", turn) for number, turn in enumerate(race["turns"], 1)])
    k7, k8, k9 = (CARD_INDEX[OlympiCard.parse(text)] for text in ("K7", "K8", "K9"))
    assert spot.hands == ((k7, k9), (), (k8,)) and spot.missing == (4, 6, 5)
    for seed in range(20):
        world = spot.sample_world(0, random.Random(seed))
        assert world.hidden() == 0 and [len(hand) for hand in world.hands] == [6, 6, 6]
        assert {k7, k9} <= set(world.hands[0]) and k8 in world.hands[2]
        dealt = Counter(card for hand in world.hands for card in hand) - Counter((k7, k8, k9))
        assert all(spot.unplaced[card] >= copies for card, copies in dealt.items())


# -- Toy Tricks (tests/plugins) --------------------------------------------------------------------------------
# Ann holds 2, 3, 5, 7 and Bob 1, 4, 6, 8 (the deck is 1 to 8); the highest card takes a trick and leads.
TOY_PLAYS = [("Ann", 3), ("Bob", 4), ("Bob", 8), ("Ann", 5), ("Bob", 6), ("Ann", 2), ("Bob", 1), ("Ann", 7)]


def toy_log(plays: int, hands: bool = False) -> dict:
    log = {"game": "toy", "players": ["Ann", "Bob"],
           "plays": [{"player": name, "card": card} for name, card in TOY_PLAYS[:plays]]}
    return {**log, "hands": {"Ann": [2, 3, 5, 7], "Bob": [1, 4, 6, 8]}} if hands else log


def test_a_toy_transcript_is_analysed_as_with_its_deal_and_a_short_one_by_worlds_keeping_its_proof():
    assert analyse(TOY, toy_log(8)) == analyse(TOY, toy_log(8, hands=True))
    # Stopped before Ann's last card: it is the one card of the deck not played, hers by elimination. One
    # card each before it: Bob's 1 goes under Ann's 7, whatever; he ends with the three tricks he has.
    plays = by_step(analyse(TOY, toy_log(7)))
    assert plays["trick-4-play-1"]["exact"] and values(plays["trick-4-play-1"]) == {(1,): 3}
    # Stopped after two tricks: Ann's 3 and 5 and Bob's 4 and 8 are proven, 1, 2, 6 and 7 are not placed.
    result = analyse(TOY, toy_log(4))
    assert not any(play["exact"] for play in result["plays"]) and all(play["estimate"] for play in result["plays"])
    spot = TOY.new_state({"game": "toy", "players": ["Ann", "Bob"]}).searchable().learn(
        [("", {"player": name, "card": card}) for name, card in TOY_PLAYS[:4]])
    assert spot.hands == {"Ann": {3, 5}, "Bob": {4, 8}} and spot.pool == {1, 2, 6, 7}
    for seed in range(10):
        world = spot.sample_world(0, random.Random(seed))
        assert world.hidden() == 0 and world.hands["Ann"] >= {3, 5} and world.hands["Bob"] >= {4, 8}
        assert len(world.hands["Ann"]) == len(world.hands["Bob"]) == 4
        assert world.hands["Ann"] | world.hands["Bob"] == set(range(1, 9))


# -- the API and the command ----------------------------------------------------------------------------------

def test_the_api_answers_for_a_log_without_hands(client):
    body = client.post("/api/v1/analyse", json=dg_log(39)).get_json()
    assert body["game"] == "david-goliath" and body["unsearched"] == 0 and len(body["plays"]) == 39
    assert any(play["estimate"] for play in body["plays"]) and not any(play["exact"] for play in body["plays"])
    whole = client.post("/api/v1/analyse", json=dg_log(44)).get_json()
    assert whole["plays"][-1]["exact"] and whole["plays"][-1]["choices"] == [
        {"action": {"player": "Ann", "card": "P7"}, "value": 15}]


def test_the_command_answers_for_a_log_without_hands(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dalmuti_log()))
    out, err = io.StringIO(), io.StringIO()
    assert main(["analyse", str(path), "--json"], out=out, err=err) == 0
    plays = by_step(json.loads(out.getvalue()))
    assert values(plays["round-1-trick-7-play-1"]) == {("5",): 2}


# A 4-player game without its deal, stopped after trick 12 (60 cards: 3 left in each hand, none shown).
UNPROVEN_TRICKS = ["B:B8 C:B10 D:B12 A:B9", "D:G5 A:G8 B:G10 C:G11", "C:B1 D:R4 A:G3 B:P9", "B:R11 C:R7 D:R5 A:R9",
                   "B:Y12 C:Y8 D:Y1 A:Y9", "B:R3 C:B5 D:R2 A:R1", "C:B6 D:P2 A:P1 B:Y4", "C:B2 D:G7 A:R12 B:G4",
                   "A:P3 B:P10 C:P6 D:P8", "B:R6 C:P11 D:P5 A:R10", "C:B7 D:P7 A:Y10 B:R8", "A:Y6 B:Y7 C:G2 D:G12"]


def test_a_card_the_log_never_shows_in_a_hand_is_never_valued_however_the_worlds_fall():
    # At trick 11 Dee plays P7 on Cid's blue lead: what the log proves of Dee's hand then is P7 and G12 (played
    # at trick 12), both allowed (Dee shows no blue); the 3 cards left are among G1 G6 G9 P4 P12, P4 in 120 of
    # the 200 deals that fit. Before: all 8 worlds sampled gave Dee P4, valued 48 against P7's 40, a "blunder".
    names = {"A": "Ann", "B": "Bob", "C": "Cid", "D": "Dee"}
    log = {"game": "david-goliath", "players": list(names.values()), "dealer": "Ann",
           "tricks": [{"plays": [{"player": names[play[0]], "card": play[2:]} for play in trick.split()]}
                      for trick in UNPROVEN_TRICKS]}
    dee = next(play for play in analyse(DG, log)["plays"] if play["step"] == "trick-11-play-2")
    assert sorted(choice["action"]["card"] for choice in dee["choices"]) == ["G12", "P7"]

"""Play random legal games of Olympi Cards and write their logs, with correct claims.

Tests, sample games and benchmarks need many realistic logs. The game is played through ``OlympiState``:
each seat has a temperament (how readily it retires or passes while it still could play) and picks among
the state's ``choices()`` at random, so the rules live in the State alone. The nine
declared disciplines mix house rules of every kind, a two-card Cycling-style discipline and one without
a rule; the first player sometimes postpones; the deck runs out and is reshuffled in larger games. Same
seed, same game.
"""

from __future__ import annotations

import random
from dataclasses import replace

from olympi_replay.cards import full_deck, index_texts, texts
from olympi_replay.disciplines import Rule, to_json
from olympi_replay.loading import new_state
from olympi_replay.log import GAME_ID
from olympi_replay.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, PASSES
from olympi_replay.state import OlympiState
from replaykit.state import Choice

NAMES = ("Ann", "Bruno", "Chiara", "Dario", "Elena", "Fabio", "Giulia")
# House rules for simulated games (no real card's text is known): (name, cards per play, rule or None).
DISCIPLINES: tuple[tuple[str, int, Rule | None], ...] = (
    ("Cycling", 2, Rule("sum", ">=", "previous")),
    ("Sprint", 1, Rule("value", ">", "previous")),
    ("Diving", 1, Rule("value", "<", "previous")),
    ("Rowing", 1, Rule("color", "same", "previous")),
    ("Fencing", 1, Rule("any_of", parts=(Rule("value", ">", "previous"), Rule("color", "different", "previous")))),
    ("Archery", 1, Rule("all_of", parts=(Rule("value_in", low=2, high=8), Rule("value", "!=", "own")))),
    ("Judo", 1, Rule("value", ">=", "own")),
    ("Sailing", 1, Rule("sum_in", low=3, high=9)),
    ("Marathon", 1, None),
)


def setup(players: int, rng: random.Random, world_record: bool) -> dict:
    """A shuffled game's setup as a log writes it: the deal, the deck and the Discipline pile all known."""
    names = list(NAMES[:players])
    deck = full_deck()
    rng.shuffle(deck)
    pile = [entry[0] for entry in DISCIPLINES]
    rng.shuffle(pile)
    log: dict = {"game": GAME_ID, "version": 1, "players": names, "first_player": rng.choice(names)}
    if world_record:
        log["options"] = {"world_record": True}
    log["disciplines"] = [{"name": name, "cards_per_play": per_play, **({"rule": to_json(rule)} if rule else {})}
                          for name, per_play, rule in DISCIPLINES]
    log["discipline_deck"] = pile
    log["hands"] = {name: texts(deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE]) for seat, name in enumerate(names)}
    log["deck"] = texts(deck[players * HAND_SIZE:])
    log["races"] = []
    return log


class Bot:
    """The seats' temperaments: how readily each retires (or passes) while it still could play."""

    def __init__(self, state: OlympiState, rng: random.Random) -> None:
        self.eagerness = {name: rng.uniform(0.02, 0.3) for name in state.game.rules.seating}

    def __call__(self, state: OlympiState, options: list[Choice], rng: random.Random) -> Choice:
        *plays, stop = options  # race_choices lists the plays, then retiring (passing)
        if state.race.finished:  # the last player playing on for a World Record
            return rng.choice(plays) if plays and rng.random() < 0.8 else stop
        if not plays or rng.random() < self.eagerness[state.to_move]:
            return reshuffled(state, stop, rng)
        return rng.choice(plays)


def reshuffled(state: OlympiState, retire: Choice, rng: random.Random) -> Choice:
    """A retirement whose draw empties the deck shuffles the discards into a new one: the simulator plays
    the table too, so it writes the new deck's order down as a log's ``reshuffle`` does."""
    race, cards = state.race, state.game.cards
    rules = state.game.rules
    reward = PASSES[race.passes] if rules.two_players else rules.reward(len(race.record.order))
    if cards.deck_size >= reward.draw or not cards.discards:
        return retire
    order = list(cards.discards)
    rng.shuffle(order)
    return replace(retire, action={**retire.action, "reshuffle": index_texts(order)})


def table_pick(options: list[Choice], rng: random.Random) -> Choice:
    """A chance step: the first player postpones the card on top now and then (the first outcome races it)."""
    if len(options) > 1 and options[0].action.keys() == {"discipline"} and rng.random() < 0.8:
        return options[0]
    return rng.choice(options)


def play(players: int, seed: int, world_record: bool = False) -> OlympiState:
    """A random legal game played to its end through the State (no legality of its own)."""
    rng = random.Random(seed)
    state = new_state(setup(players, rng, world_record))
    bot = Bot(state, rng)
    while not state.is_over():
        options = state.choices(rng)
        pick = table_pick(options, rng) if state.chance else bot(state, options, rng)
        state.apply(pick.action, strict=True)
    return state


def simulate(players: int, seed: int, *, hands: bool = True, deck: bool = True, claims: bool = True,
             world_record: bool = False) -> dict:
    """One complete legal game as a log dict (cards in the string form), its claims those of the replay."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Olympi Cards is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    state = play(players, seed, world_record)
    log, report = state.to_log(), state.report()
    for race, record in zip(log["races"], report.races, strict=True):
        for turn, entry in zip(race["turns"], record.turns, strict=True):
            if turn["action"] != "play" and hands and entry.drew:
                turn["draw"] = index_texts(entry.draw)
        if claims:
            race["awards"] = {"medals": record.medals, "first_player": record.took_first_player,
                              **({"record": record.record} if world_record else {})}
    if not hands:
        del log["hands"]
    if not deck:
        del log["deck"]
        for race in log["races"]:
            for turn in race["turns"]:
                turn.pop("reshuffle", None)
    if claims:
        log["scores"] = dict(report.result.scores)
        log["winners"] = list(report.result.winners)
    return log

"""Play random legal games of Olympi Cards and write their logs, with correct claims.

Tests, sample games and benchmarks need many realistic logs. Each seat has a temperament (how readily it
retires or passes while it still could play); plays are picked among the legal ones at random. The nine
declared disciplines mix house rules of every kind, a two-card Cycling-style discipline and one without
a rule; the first player sometimes postpones; the deck runs out and is reshuffled in larger games. Same
seed, same game.
"""

from __future__ import annotations

import itertools
import random

from olympi_replay.cards import Card, full_deck, texts
from olympi_replay.disciplines import Rule, holds, to_json
from olympi_replay.log import GAME_ID
from olympi_replay.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, PASSES, RACES, Rules, vp, winners

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


def legal_plays(hand: list[Card], per_play: int, rule: Rule | None, previous, own) -> list[list[Card]]:
    """Every distinct play of ``per_play`` cards from ``hand`` that obeys ``rule``."""
    options = {tuple(sorted(combo)) for combo in itertools.combinations(hand, per_play)}
    return [list(combo) for combo in sorted(options)
            if rule is None or holds(rule, combo, previous, own)]


class Simulation:
    def __init__(self, players: int, seed: int, world_record: bool) -> None:
        self.rng = random.Random(seed)
        self.rules = Rules(NAMES[:players])
        self.world_record = world_record
        deck = full_deck()
        self.rng.shuffle(deck)
        self.hands = {name: deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE] for seat, name in enumerate(NAMES[:players])}
        self.dealt = {name: list(cards) for name, cards in self.hands.items()}
        self.deck = deck[players * HAND_SIZE:]  # top first
        self.initial_deck = list(self.deck)
        self.discards: list[Card] = []
        self.eagerness = {name: self.rng.uniform(0.02, 0.3) for name in self.rules.seating}
        self.medals = {name: {} for name in self.rules.seating}
        self.records = dict.fromkeys(self.rules.seating, 0)
        self.first_player = self.rng.choice(self.rules.seating)

    def draw(self, player: str, count: int, turn: dict) -> None:
        drawn = []
        for _ in range(count):
            if not self.deck:
                if not self.discards:
                    break
                self.rng.shuffle(self.discards)
                self.deck, self.discards = self.discards, []
                turn["reshuffle"] = texts(self.deck)
            drawn.append(self.deck.pop(0))
        self.hands[player].extend(drawn)
        turn["draw"] = texts(drawn)

    def race(self, name: str, per_play: int, rule: Rule | None) -> dict:
        rng, rules = self.rng, self.rules
        active, order, turns, table = list(rules.seating), [], [], []
        medals: dict[str, list[str]] = {}
        previous, own = None, {}
        took, player, passes, last = None, self.first_player, 0, None
        while True:
            hand = self.hands[player]
            options = legal_plays(hand, per_play, rule, previous, own.get(player))
            if last is not None:  # the last player plays on for a World Record, or stops
                if options and rng.random() < 0.8:
                    choice = rng.choice(options)
                else:
                    if rng.random() < 0.5:
                        turns.append({"player": player, "action": "retire"})
                    break
            elif not options or rng.random() < self.eagerness[player]:
                turn: dict = {"player": player, "action": "pass" if rules.two_players else "retire"}
                turns.append(turn)
                order.append(player)
                if rules.two_players:
                    reward = PASSES[passes]
                    passes += 1
                    medals.setdefault(next(n for n in rules.seating if n != player), []).append(reward.medal)
                else:
                    reward = rules.reward(len(order) - 1)
                    active.remove(player)
                    if reward.medal:
                        medals.setdefault(player, []).append(reward.medal)
                took = player if reward.first_player else took
                self.draw(player, reward.draw, turn)
                if rules.two_players:
                    if passes == len(PASSES):
                        break
                    player = next(n for n in rules.seating if n != player)
                    continue
                if len(active) == 1:
                    last = active[0]
                    medals.setdefault(last, []).append("gold")
                    if not (self.world_record and self.hands[last]):
                        if rng.random() < 0.3:
                            turns.append({"player": last, "action": "retire"})
                        break
                    player = last
                    continue
                player = rules.next_after(player, active)
                continue
            else:
                choice = rng.choice(options)
            for card in choice:
                hand.remove(card)
            table.extend(choice)
            turns.append({"player": player, "action": "play", "cards": texts(choice)})
            previous = own[player] = tuple(choice)
            if last is not None:
                if not hand:
                    break
                continue
            player = next(n for n in rules.seating if n != player) if rules.two_players else \
                rules.next_after(player, active)
        record = last if self.world_record and last is not None and not self.hands[last] else None
        self.discards.extend(table)
        for winner, won in medals.items():
            for medal in won:
                self.medals[winner][medal] = self.medals[winner].get(medal, 0) + 1
        if record:
            self.records[record] += 1
        if took is not None:
            self.first_player = took
        awards: dict = {"medals": medals, "first_player": took}
        if self.world_record:
            awards["record"] = record
        return {"discipline": name, "turns": turns, "awards": awards}


def simulate(players: int, seed: int, *, hands: bool = True, deck: bool = True, claims: bool = True,
             world_record: bool = False) -> dict:
    """One complete legal game as a log dict (cards in the string form)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Olympi Cards is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    game = Simulation(players, seed, world_record)
    rng = game.rng
    pile = list(DISCIPLINES)
    rng.shuffle(pile)
    log: dict = {"game": GAME_ID, "version": 1, "players": list(game.rules.seating),
                 "first_player": game.first_player}
    if world_record:
        log["options"] = {"world_record": True}
    log["disciplines"] = [{"name": name, "cards_per_play": per_play, **({"rule": to_json(rule)} if rule else {})}
                          for name, per_play, rule in DISCIPLINES]
    log["discipline_deck"] = [entry[0] for entry in pile]
    if hands:
        log["hands"] = {name: texts(cards) for name, cards in game.dealt.items()}
    if deck:
        log["deck"] = texts(game.initial_deck)
    face_down, face_up = list(pile), []
    races = []
    for _ in range(RACES):
        postponed = None
        if face_down and len(face_down) + len(face_up) > 1 and rng.random() < 0.2:
            postponed = face_down.pop(0)
            face_up.append(postponed)
        top = face_down.pop(0) if face_down else face_up.pop(0)
        race = game.race(*top)
        if postponed:
            race = {"discipline": race["discipline"], "postponed": postponed[0], **race}
        races.append(race)
    log["races"] = races
    if not hands:
        for race in races:
            for turn in race["turns"]:
                turn.pop("draw", None)
    if not deck:
        for race in races:
            for turn in race["turns"]:
                turn.pop("reshuffle", None)
    if claims:
        scores = {name: vp(game.medals[name], game.records[name]) for name in game.rules.seating}
        sizes = {name: len(cards) for name, cards in game.hands.items()}
        log["scores"] = scores
        log["winners"] = winners(scores, sizes, game.rules.seating)
    else:
        for race in races:
            race.pop("awards")
    return log

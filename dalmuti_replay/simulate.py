"""Play random legal sessions with simple bots and write their logs, claims included when asked.

Tests, samples and benchmarks need many realistic logs: any player count from 4 to 20, every variant,
revolutions (Great ones too), newcomers, a declared end by rounds or by points. Bots lead their worst
cards more often than not and follow with a legal set most of the time; the same seed plays the same
session.
"""

from __future__ import annotations

import random
from collections import Counter

from dalmuti_replay.cards import JESTER, Card, best_cards
from dalmuti_replay.log import GAME_ID
from dalmuti_replay.rules import (
    MAX_ALLOWED,
    MIN_PLAYERS,
    Options,
    Table,
    bonuses,
    join_positions,
    points_for_going_out,
    revolutions_allowed,
    taxes_due,
    winners,
)

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Ivo", "Lia", "Marco", "Nadia", "Oscar",
         "Paola", "Renzo", "Sara", "Tito", "Ugo", "Vera", "Walter", "Zeno", "Bice", "Cesare")
MAX_ROUNDS = 40  # a points target always ends a session well before this


def sets_of(hand: Counter[Card], size: int | None, below: int | None) -> list[list[Card]]:
    """Every distinct set the hand can lay: of ``size`` cards when given, of value below ``below``."""
    jesters = hand[JESTER]
    found = []
    for card, count in sorted(hand.items()):
        if card.jester or (below is not None and card.value >= below):
            continue
        for real in range(1, count + 1):
            for extra in range(jesters + 1):
                if size is None or real + extra == size:
                    found.append([card] * real + [JESTER] * extra)
    if below is None:
        found.extend([JESTER] * count for count in range(1, jesters + 1) if size in (None, count))
    return found


class Bot:
    """A player's habits: how often he follows when he could, how keen he is to shed bad cards first."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.eager = rng.uniform(0.55, 0.95)
        self.shedding = rng.uniform(0.4, 0.9)

    def lead(self, hand: Counter[Card]) -> list[Card]:
        options = sets_of(hand, None, None)
        full = [cards for cards in options if JESTER not in cards or len(set(cards)) == 1]
        if self.rng.random() < self.shedding:
            worst = max(full, key=lambda cards: (cards[0].value, len(cards)))
            return worst
        return self.rng.choice(options)

    def follow(self, hand: Counter[Card], size: int, below: int) -> list[Card] | None:
        options = sets_of(hand, size, below)
        if not options or self.rng.random() > self.eager:
            return None
        if self.rng.random() < self.shedding:
            return max(options, key=lambda cards: (cards[0].value, -cards.count(JESTER)))
        return self.rng.choice(options)


class Session:
    """One simulated session; ``log()`` writes it."""

    def __init__(self, players: int, seed: int, options: Options, hands: bool, claims: bool) -> None:
        self.rng = random.Random(seed)
        self.options, self.hands, self.claims = options, hands, claims
        self.order = list(NAMES[:players])
        self.spare = list(NAMES[players:])
        self.bots = {name: Bot(self.rng) for name in NAMES}
        self.totals = dict.fromkeys(self.order, 0)
        self.rounds: list[dict] = []

    def play_round(self, number: int, join: int) -> None:
        rng, entry = self.rng, {}
        if join and self.spare:
            newcomers = [self.spare.pop(0) for _ in range(min(join, len(self.spare)))]
            seat = rng.choice(join_positions(len(self.order)))
            rng.shuffle(newcomers)
            self.order[seat:seat] = newcomers
            entry["join"] = sorted(newcomers)
            for name in newcomers:
                self.totals[name] = 0
        table = Table(tuple(self.order), self.options)
        if self.claims or join:
            entry["ranks"] = list(table.order)
        deck = sorted(table.deck.elements())
        rng.shuffle(deck)
        dealt: dict[str, list[Card]] = {name: [] for name in table.order}
        for index, card in enumerate(deck):
            dealt[table.order[index % table.size]].append(card)
        if self.hands:
            entry["hands"] = {name: [str(card) for card in sorted(cards)] for name, cards in dealt.items()}
        held = {name: Counter(cards) for name, cards in dealt.items()}
        kind = self.revolution(number, table, held, entry)
        if kind == "great":
            table = table.reversed()
        entry["taxes"] = self.taxes(table, held, taxes_due(self.options, number, kind))
        finish, points, entry["tricks"] = self.tricks(table, held)
        extra = bonuses(table, finish)
        points = {name: points[name] + extra.get(name, 0) for name in table.order}
        for name, gained in points.items():
            self.totals[name] += gained
        if self.claims:
            entry.update(finish=list(finish), points=points, totals=dict(self.totals))
        self.order = finish
        self.rounds.append(entry)

    def revolution(self, number: int, table: Table, held: dict[str, Counter[Card]], entry: dict) -> str | None:
        holder = next((name for name, hand in held.items() if hand[JESTER] == 2), None)
        if holder is None or not revolutions_allowed(self.options, number):
            return None
        great = holder == table.order[-1]
        if self.rng.random() > (0.9 if great else 0.5):
            return None
        entry["revolution"] = holder
        return "great" if great else "plain"

    def taxes(self, table: Table, held: dict[str, Counter[Card]], due: bool) -> list[dict]:
        transfers: list[dict] = []

        def move(giver: str, receiver: str, cards: list[Card]) -> None:
            held[giver].subtract(cards)
            held[giver] += Counter()  # drop emptied entries
            held[receiver].update(cards)
            transfers.append({"from": giver, "to": receiver, "cards": [str(card) for card in cards]})

        if not due:
            return transfers
        duties = table.duties(True)
        for duty in duties:
            hand = held[duty.giver]
            if duty.is_peon_tax:
                cards = best_cards(hand.elements(), duty.count)
            else:  # a Dalmuti gives back what he likes least, mostly
                ranked = sorted(hand.elements(), reverse=True)
                cards = ranked[:duty.count] if self.rng.random() < 0.8 else self.rng.sample(ranked, duty.count)
            move(duty.giver, duty.receiver, cards)
        if table.has_market and self.rng.random() < 0.75:
            first, partner = table.merchants[0], self.rng.choice(table.merchants[1:])
            for giver, receiver in ((first, partner), (partner, first)):
                move(giver, receiver, [self.rng.choice(sorted(held[giver].elements()))])
        return transfers

    def tricks(self, table: Table, held: dict[str, Counter[Card]]) -> tuple[list[str], dict[str, int], list[dict]]:
        finish: list[str] = []
        points = dict.fromkeys(table.order, 0)
        tricks: list[dict] = []

        def holding() -> list[str]:
            return [name for name in table.order if held[name].total() > 0]

        def after(name: str) -> str:
            seat = table.seat[name]
            return next(table.order[(seat + step) % table.size] for step in range(1, table.size + 1)
                        if held[table.order[(seat + step) % table.size]].total() > 0)

        def lay(name: str, cards: list[Card]) -> None:
            held[name].subtract(cards)
            held[name] += Counter()
            if held[name].total() == 0:
                points[name] = points_for_going_out(len(holding()) + 1)
                finish.append(name)

        leader = holding()[0]
        while len(holding()) > 1:
            cards = self.bots[leader].lead(held[leader])
            plays = [{"player": leader, "cards": [str(card) for card in cards]}]
            lay(leader, cards)
            size, last, last_player = len(cards), cards[0].value, leader
            needed, passes, turn = len(holding()) - (held[leader].total() > 0), 0, leader
            while passes < needed and len(holding()) > 1:
                turn = after(turn)
                choice = self.bots[turn].follow(held[turn], size, last)
                if choice is None:
                    plays.append({"player": turn, "pass": True})
                    passes += 1
                    continue
                plays.append({"player": turn, "cards": [str(card) for card in choice]})
                lay(turn, choice)
                last, last_player, passes = choice[0].value, turn, 0
                needed = len(holding()) - (held[turn].total() > 0)
            tricks.append({"plays": plays})
            if len(holding()) > 1:
                leader = last_player if held[last_player].total() > 0 else after(last_player)
        for name in holding():
            finish.append(name)
            points[name] = points_for_going_out(1)
        return finish, points, tricks


def simulate(players: int, seed: int, *, hands: bool = True, claims: bool = True, rounds: int = 3,
             points: int | None = None, join: int = 0, declare_end: bool = True, **variants: bool) -> dict:
    """A complete legal session as a log dict: ``rounds`` rounds, or play to a ``points`` target; ``join``
    newcomers take a seat before round 2; ``variants`` are option names (rule 12) set true."""
    if not MIN_PLAYERS <= players <= MAX_ALLOWED - join:
        raise ValueError(f"Il Grande Dalmuti simulates {MIN_PLAYERS} to {MAX_ALLOWED} players")
    options = Options(**variants)
    if options.market and options.black_market:
        raise ValueError("market and black_market conflict; choose one")
    session = Session(players, seed, options, hands, claims)
    number = 0
    while number < (MAX_ROUNDS if points else rounds):
        number += 1
        session.play_round(number, join if number == 2 else 0)
        if points and max(session.totals.values()) >= points:
            break
    log: dict = {"game": GAME_ID, "version": 1, "players": list(NAMES[:players])}
    if options.on():
        log["options"] = options.on()
    if declare_end:
        log["end"] = {"points": points} if points else {"rounds": rounds}
    log["rounds"] = session.rounds
    if claims:
        single = len(session.rounds) == 1 and not declare_end
        log["totals"] = dict(session.totals)
        log["winners"] = session.rounds[0]["finish"][:1] if single else winners(session.totals, session.order)
    return log

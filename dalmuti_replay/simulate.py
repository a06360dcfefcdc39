"""Play random legal sessions with simple bots and write their logs, claims included when asked.

Tests, samples and benchmarks need many realistic logs: any player count from 4 to 20, every variant,
revolutions (Great ones too), newcomers, a declared end by rounds or by points. The bots keep no rules
of their own: they pick among the State's ``choices()`` (``replaykit.state.play_out``), leading their
worst cards more often than not and following most of the time; the same seed plays the same session.
The claims (ranks, finishing orders, points, totals, winners) are the validator's own results.
"""

from __future__ import annotations

import random
from dataclasses import replace

from dalmuti_replay.cards import JESTER, Card
from dalmuti_replay.log import GAME_ID
from dalmuti_replay.reader import DEFAULT_LIMITS
from dalmuti_replay.rules import MAX_ALLOWED, MIN_PLAYERS, Options, join_positions
from dalmuti_replay.words import say
from replaykit.state import Choice, play_out

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Ivo", "Lia", "Marco", "Nadia", "Oscar",
         "Paola", "Renzo", "Sara", "Tito", "Ugo", "Vera", "Walter", "Zeno", "Bice", "Cesare")


def cards_of(choice: Choice) -> list[Card]:
    return [Card.parse(text) for text in choice.action.get("cards") or ()]


class Bot:
    """A player's habits: how often he follows when he could, how keen he is to shed bad cards first."""

    def __init__(self, rng: random.Random) -> None:
        self.eager = rng.uniform(0.55, 0.95)
        self.shedding = rng.uniform(0.4, 0.9)

    def pick(self, options: list[Choice], rng: random.Random) -> Choice:
        passes = [choice for choice in options if choice.action.get("pass")]
        sets = [choice for choice in options if "cards" in choice.action and "player" in choice.action]
        if passes:  # following
            if not sets or rng.random() > self.eager:
                return passes[0]
            if rng.random() < self.shedding:
                return max(sets, key=lambda choice: (cards_of(choice)[0].value, -cards_of(choice).count(JESTER)))
            return rng.choice(sets)
        if rng.random() < self.shedding:  # leading: shed the worst full set
            full = [choice for choice in sets if JESTER not in cards_of(choice) or len(set(cards_of(choice))) == 1]
            return max(full or sets, key=lambda choice: (cards_of(choice)[0].value, len(cards_of(choice))))
        return rng.choice(sets)


class Policy:
    """The table's habits around the bots: revolutions, the Dalmutis' returns, the market, a newcomer."""

    def __init__(self, rng: random.Random, players: int, join: int) -> None:
        self.bots = {name: Bot(rng) for name in NAMES}
        self.spare = list(NAMES[players:])
        self.join = join

    def __call__(self, state, options: list[Choice], rng: random.Random) -> Choice:
        first = options[0].action
        if "round" in first:
            return self.next_round(state, first["round"], rng)
        revolutions = [choice for choice in options if "revolution" in choice.action]
        if revolutions:
            rest = [choice for choice in options if choice not in revolutions]
            great = revolutions[0].action["revolution"] == state.round.state.table.order[-1]
            if rng.random() <= (0.9 if great else 0.5):
                return revolutions[0]
            options = rest
        transfers = [choice for choice in options if "from" in choice.action]
        if transfers:  # the table pays in the rules' order: the first transfer offered, its giver's options
            giver = transfers[0].action["from"]
            transfers = [choice for choice in transfers if choice.action["from"] == giver]
            table = state.round.state.table
            if giver in table.merchants:  # the market: a card picked at random, or (first merchant) none
                plays = [choice for choice in options if "player" in choice.action]
                if plays and rng.random() >= 0.75:
                    return self.bots[plays[0].action["player"]].pick(plays, rng)
                return rng.choice(transfers)
            if giver in table.order[:2] and len(transfers) > 1:  # a Dalmuti gives back what he likes least
                if rng.random() < 0.8:
                    return max(transfers, key=lambda choice: sorted(cards_of(choice), reverse=True))
                return rng.choice(transfers)
            return transfers[0]
        return self.bots[options[0].action["player"]].pick(options, rng)

    def next_round(self, state, number: int, rng: random.Random) -> Choice:
        action: dict = {"round": number}
        if number == 2 and self.join and self.spare:
            order = state.session.order_due()
            newcomers = [self.spare.pop(0) for _ in range(min(self.join, len(self.spare)))]
            seat = rng.choice(join_positions(len(order)))
            rng.shuffle(newcomers)
            order[seat:seat] = newcomers
            action.update(join=sorted(newcomers), ranks=order)
        return Choice(action, say("Round {round} begins", round=number))


UNBOUNDED = replace(DEFAULT_LIMITS, max_session_plays=10**9)


def simulate(players: int, seed: int, *, hands: bool = True, claims: bool = True, rounds: int = 3,
             points: int | None = None, join: int = 0, declare_end: bool = True, **variants: bool) -> dict:
    """A complete legal session as a log dict: ``rounds`` rounds, or play to a ``points`` target; ``join``
    newcomers take a seat before round 2; ``variants`` are option names (rule 12) set true."""
    from dalmuti_replay.load import load, new_state

    if not MIN_PLAYERS <= players <= MAX_ALLOWED - join:
        raise ValueError(f"Il Grande Dalmuti simulates {MIN_PLAYERS} to {MAX_ALLOWED} players")
    options = Options(**variants)
    if options.market and options.black_market:
        raise ValueError("market and black_market conflict; choose one")
    rng = random.Random(seed)
    setup: dict = {"game": GAME_ID, "version": 1, "players": list(NAMES[:players])}
    if options.on():
        setup["options"] = options.on()
    end = {"points": points} if points else {"rounds": rounds}
    state = new_state({**setup, "end": end})
    play_out(state, Policy(rng, players, join), rng)
    log = state.to_log()
    if declare_end:
        log["end"] = end
    else:
        log.pop("end", None)
    report = load(log, UNBOUNDED)[0]  # a simulated session may be longer than the service accepts
    for entry, record in zip(log["rounds"], report.rounds, strict=True):
        if not hands:
            entry.pop("hands", None)
        if claims or "join" in entry:
            entry["ranks"] = list(record.ranks)
        if claims:
            entry.update(finish=list(record.finish), points=dict(record.points), totals=dict(record.totals))
    if claims:
        log["totals"], log["winners"] = dict(report.totals), list(report.winners)
    return {key: log[key] for key in ("game", "version", "players", "options", "end", "rounds", "totals", "winners")
            if key in log}

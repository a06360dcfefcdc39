"""Play legal games with simple bots and write their logs, with correct claims.

Tests, sample games and benchmarks need many realistic logs. Each bot has a temperament drawn from the
seed (cautious, greedy or erratic) and still picks at random among its preferred legal cards, so games
differ from seed to seed and no bot is trivially predictable. Same seed, same game.
"""

from __future__ import annotations

import random

from dg_replay.cards import Card
from dg_replay.reader import GAME_ID, MATCH_ID
from dg_replay.rules import HAND_SIZE, TRICKS_PER_GAME, Rules, legal_cards, resolve_trick, score, winners

NAMES = ("Andrea", "Ben", "Clara", "Dennis", "Emma", "Franek")
TEMPERAMENTS = ("cautious", "greedy", "erratic")


def _choose(rng: random.Random, temperament: str, options: list[Card], taken: list[Card]) -> Card:
    """A cautious bot plays low, a greedy one high; both sometimes surprise. Erratic bots play anything."""
    if temperament == "erratic" or rng.random() < 0.25:
        return rng.choice(options)
    ranked = sorted(options, key=lambda card: card.value, reverse=temperament == "greedy")
    # Prefer cards whose colour the bot has not yet collected three of: a third card spoils the colour.
    counts = {card.color: 0 for card in options}
    for card in taken:
        if card.color in counts:
            counts[card.color] += 1
    ranked.sort(key=lambda card: counts[card.color] >= 2)
    return ranked[0] if len(ranked) == 1 else rng.choice(ranked[:2])


def simulate(players: int, seed: int, *, hands: bool = True, claims: bool = True,
             dealer_seat: int | None = None, names: tuple[str, ...] = NAMES) -> dict:
    """One complete legal game of ``players`` players as a log dict (cards in the string form)."""
    if not 3 <= players <= 6:
        raise ValueError("David & Goliath is for 3 to 6 players")
    rng = random.Random(seed)
    rules = Rules(tuple(names[:players]))
    deck = sorted(rules.deck)
    rng.shuffle(deck)
    dealt = {name: deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE] for seat, name in enumerate(rules.seating)}
    temperament = {name: rng.choice(TEMPERAMENTS) for name in rules.seating}
    in_hand = {name: list(cards) for name, cards in dealt.items()}
    taken: dict[str, list[Card]] = {name: [] for name in rules.seating}
    dealer = rules.seating[rng.randrange(players) if dealer_seat is None else dealer_seat % players]
    leader = rules.left_of(dealer)
    tricks = []
    for _ in range(TRICKS_PER_GAME):
        plays: list[tuple[str, Card]] = []
        for name in rules.turn_order(leader):
            led = plays[0][1] if plays else None
            card = _choose(rng, temperament[name], legal_cards(in_hand[name], led), taken[name])
            in_hand[name].remove(card)
            plays.append((name, card))
        outcome = resolve_trick(plays)
        for name, cards in outcome.captures.items():
            taken[name].extend(cards)
        trick: dict = {"plays": [{"player": name, "card": str(card)} for name, card in plays]}
        if claims:
            trick["captures"] = {name: [str(card) for card in cards] for name, cards in outcome.captures.items()}
        tricks.append(trick)
        leader = plays[outcome.high][0]
    log: dict = {"game": GAME_ID, "version": 1, "players": list(rules.seating), "dealer": dealer}
    if hands:
        log["hands"] = {name: [str(card) for card in sorted(cards)] for name, cards in dealt.items()}
    log["tricks"] = tricks
    if claims:
        scores = {name: score(cards) for name, cards in taken.items()}
        log["scores"] = scores
        log["winners"] = winners(scores, rules.seating)
    return log


def simulate_match(players: int, seed: int, *, hands: bool = True, claims: bool = True) -> dict:
    """A full match: one game per player, the deal passing one seat clockwise each game."""
    rng = random.Random(seed)
    first_dealer = rng.randrange(players)
    games = [simulate(players, rng.randrange(2**32), hands=hands, claims=claims, dealer_seat=first_dealer + index)
             for index in range(players)]
    match: dict = {"game": MATCH_ID, "players": list(games[0]["players"]), "games": games}
    if claims:
        match["totals"] = {name: sum(game["scores"][name] for game in games) for name in match["players"]}
    return match

"""Play legal games with simple bots and write their logs, with correct claims.

Tests, sample games and benchmarks need many realistic logs. A bot is a policy choosing among the State's
``choices()`` (``replaykit.state.play_out``): the rules are the State's, never the bot's. Each bot has a
temperament drawn from the seed (cautious, greedy or erratic) and still picks at random among its preferred
cards, so games differ from seed to seed and no bot is trivially predictable. Same seed, same game.
"""

from __future__ import annotations

import random

from dg_replay import new_state
from dg_replay.cards import Card, card_text
from dg_replay.match_state import MatchState
from dg_replay.reader import GAME_ID, MATCH_ID
from dg_replay.rules import deal, winners
from dg_replay.state import GameState
from replaykit.state import Choice, Policy, play_out

NAMES = ("Andrea", "Ben", "Clara", "Dennis", "Emma", "Franek")
TEMPERAMENTS = ("cautious", "greedy", "erratic")


def bots(temperament: dict[str, str]):
    """The policy of a table of bots: a cautious bot plays low, a greedy one high; both sometimes surprise,
    and both avoid a colour they already took two of (a third card spoils it). Erratic bots play anything."""

    def choose(state: GameState | MatchState, options: list[Choice], rng: random.Random) -> Choice:
        game = state.current if isinstance(state, MatchState) else state
        name = options[0].action["player"]
        mood = temperament[name]
        if mood == "erratic" or rng.random() < 0.25:
            return rng.choice(options)
        cards = {Card.parse(option.action["card"]): option for option in options}
        ranked = sorted(cards, key=lambda card: card.value, reverse=mood == "greedy")
        counts = {card.color: 0 for card in cards}
        for card in game.pile(name):  # type: ignore[union-attr]
            if card.color in counts:
                counts[card.color] += 1
        ranked.sort(key=lambda card: counts[card.color] >= 2)
        return cards[ranked[0] if len(ranked) == 1 else rng.choice(ranked[:2])]

    return choose


def game_log(state: GameState, *, hands: bool, claims: bool) -> dict:
    """The log of a played game, with the claims the players would write down."""
    played = state.to_log()
    log: dict = {"game": GAME_ID, "version": 1, "players": played["players"], "dealer": played["dealer"]}
    if hands:
        log["hands"] = played["hands"]
    log["tricks"] = played["tricks"]
    if claims:
        for trick, record in zip(log["tricks"], state.tricks, strict=True):
            trick["captures"] = {name: [card_text(card) for card in cards] for name, cards in record.captures.items()}
        log["scores"] = dict(state.scores)
        log["winners"] = winners(state.scores, state.rules.seating)
    return log


def simulated_start(players: int, seed: int, *, dealer_seat: int | None = None,
                    names: tuple[str, ...] = NAMES) -> tuple[GameState, Policy, random.Random]:
    """What ``simulate`` plays out: the dealt game, its table of bots, and the random source they go on with."""
    if not 3 <= players <= 6:
        raise ValueError("David & Goliath is for 3 to 6 players")
    rng = random.Random(seed)
    seating = list(names[:players])
    dealt = {name: [card_text(card) for card in cards] for name, cards in deal(seating, 3 * players, rng).items()}
    temperament = {name: rng.choice(TEMPERAMENTS) for name in seating}
    dealer = seating[rng.randrange(players) if dealer_seat is None else dealer_seat % players]
    state = new_state({"game": GAME_ID, "players": seating, "dealer": dealer, "hands": dealt, "tricks": []})
    return state, bots(temperament), rng  # type: ignore[return-value]


def simulate(players: int, seed: int, *, hands: bool = True, claims: bool = True,
             dealer_seat: int | None = None, names: tuple[str, ...] = NAMES) -> dict:
    """One complete legal game of ``players`` players as a log dict (cards in the string form)."""
    state, policy, rng = simulated_start(players, seed, dealer_seat=dealer_seat, names=names)
    play_out(state, policy, rng)
    return game_log(state, hands=hands, claims=claims)


def simulate_match(players: int, seed: int, *, hands: bool = True, claims: bool = True) -> dict:
    """A full match: one game per player, the deal passing one seat clockwise each game (the table's chance
    steps deal; the first dealer is drawn)."""
    if not 3 <= players <= 6:
        raise ValueError("David & Goliath is for 3 to 6 players")
    rng = random.Random(seed)
    seating = list(NAMES[:players])
    temperament = {name: rng.choice(TEMPERAMENTS) for name in seating}
    state = new_state({"game": MATCH_ID, "players": seating, "games": []})
    play_out(state, bots(temperament), rng)
    games = [game_log(game, hands=hands, claims=claims) for game in state.games]  # type: ignore[union-attr]
    match: dict = {"game": MATCH_ID, "players": seating, "games": games}
    if claims:
        match["totals"] = state.totals()  # type: ignore[union-attr]
    return match

"""Random legal games of Toy Tricks: a deal, then a random policy over the state's choices."""

from __future__ import annotations

import random

from replaykit.state import play_out
from toy_replay.rules import GAME_ID, HAND_SIZE, deck
from toy_replay.state import ToyState

NAMES = ("Ann", "Bob", "Cid", "Dee")


def simulate(players: int, seed: int, *, claims: bool = True) -> dict:
    """The log of a random legal game, with the scores it claims unless ``claims`` is false."""
    rng = random.Random(seed)
    names = list(NAMES[:players])
    cards = list(deck(players))
    rng.shuffle(cards)
    hands = {name: sorted(cards[seat * HAND_SIZE:(seat + 1) * HAND_SIZE]) for seat, name in enumerate(names)}
    state = play_out(ToyState({"game": GAME_ID, "players": names, "hands": hands, "plays": []}),
                     lambda _state, options, chooser: chooser.choice(options), rng)
    log = state.to_log()
    if claims:
        log["scores"] = dict(state.scores)
    return log

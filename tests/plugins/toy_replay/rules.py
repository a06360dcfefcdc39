"""The fixed rules of Toy Tricks: player counts, the deck, the deal, and who takes a trick."""

from __future__ import annotations

GAME_ID = "toy"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HAND_SIZE = 4  # cards dealt to each player, and so tricks in a game
UNITS = ("trick", "play")


def deck(players: int) -> range:
    """The cards in play: 1 to 4 × the number of players."""
    return range(1, HAND_SIZE * players + 1)


def taker(plays: list[tuple[str, int]]) -> str | None:
    """Who takes a trick: the player of its highest card (the first of equal ones); ``None`` for no card."""
    best: tuple[str, int] | None = None
    for player, card in plays:
        if best is None or card > best[1]:
            best = (player, card)
    return None if best is None else best[0]

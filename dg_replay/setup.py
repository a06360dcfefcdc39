"""The setup of a game of David & Goliath, checked as the state starts: seating, dealer and the deal.

Functions of ``dg_replay.state.GameState`` (its data lives there), run as it starts: the players' count and
names, a dealer who is a player, and a deal of 15 cards each from the deck with no card twice. The hands the
deal shows become the state's known hands; what follows from the seating alone is made once per seating
(``Table``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dg_replay.cards import Card
from dg_replay.playing import EVERY_CARD, not_in_deck
from dg_replay.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Rules
from dg_replay.words import say
from replaykit.findings import pointer

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState


class Table:
    """A seating's fixed facts as a game starts: the rules, the seats, each player's turn order and left-hand
    neighbour, whether the deck is known and its top value. Made once per seating met rather than once per game
    (``Rules`` is interpreted): an archive's logs mostly repeat their tables. Never changed once made, so every
    state of that seating shares it."""

    __slots__ = ("deck_known", "lefts", "orders", "rules", "seats", "top")

    def __init__(self, seating: tuple[str, ...]) -> None:
        self.rules = rules = Rules(seating)
        self.seats = frozenset(seating)
        self.orders = {name: rules.turn_order(name) for name in seating}  # looked up by ``lead``
        self.lefts = {name: rules.left_of(name) for name in seating}
        self.deck_known = rules.deck_defined
        self.top: float = rules.max_value if self.deck_known else float("inf")  # no deck: nothing is outside it


TABLES: Final[dict[tuple[str, ...], Table]] = {}
TABLES_KEPT: Final = 512  # seatings kept; the oldest half is dropped when full


def table_of(seating: tuple[str, ...]) -> Table:
    table = TABLES.get(seating)
    if table is None:
        if len(TABLES) >= TABLES_KEPT:
            for old in list(TABLES)[:TABLES_KEPT // 2]:
                TABLES.pop(old, None)  # another thread may have dropped it first
        table = TABLES[seating] = Table(seating)
    return table


def check_setup(state: GameState) -> None:
    into = state.found
    if not state.deck_known:
        state.add("player-count", say("David & Goliath is for {fewest} to {most} players; this log has {count}, "
                                      "so the deck is unknown and deck and hand checks are skipped.",
                                      fewest=MIN_PLAYERS, most=MAX_PLAYERS, count=state.size), "/players",
                  into=into)
    seen = set()
    for index, name in enumerate(state.players):
        if name in seen:
            state.add("duplicate-player", say('"{name}" is listed twice among the players.', name=name),
                      pointer("players", index), player=name, into=into)
        seen.add(name)
    if state.dealer is not None and state.dealer not in state.seats:
        state.add("unknown-player", say('The dealer "{dealer}" is not one of the players.', dealer=state.dealer),
                  "/dealer",
                  into=into)
    if state.given_hands is not None:
        check_hands(state, state.given_hands)


def check_hands(state: GameState, hands: dict[str, list[Card | None]]) -> None:
    rules, into = state.rules, state.found
    for name in hands:
        if name not in state.seats:
            state.add("unknown-player", say('The deal gives a hand to "{name}", who is not a player.', name=name),
                      pointer("hands", name), into=into)
    if not state.deck_known:
        return
    for name in rules.seating:
        if name not in hands:
            state.add("hand-size", say("The deal gives no hand to {name}; every player is dealt {size} cards.",
                                     name=name, size=HAND_SIZE),
                      "/hands", player=name, into=into)
        elif len(hands[name]) != HAND_SIZE:
            state.add("hand-size", say("{name}'s hand has {count} cards; every player is dealt {size}.",
                                       name=name, count=len(hands[name]), size=HAND_SIZE),
                      pointer("hands", name), player=name, into=into)
    # Each hand is made a set once (the state's known hands); the usual deal, with nothing to say, is then told
    # by their union, which reuses the hash each card got as it joined its hand instead of hashing it again.
    held: dict[str, set[Card]] = {name: set(cards) for name, cards in hands.items()}  # type: ignore[arg-type]
    dealt: set[Card] = set().union(*held.values())
    top = int(state.top)  # the deck's top value (``rules.max_value``, interpreted), read for every card dealt
    if not fair_deal(hands, len(dealt), top):
        check_cards(state, hands, top)
        dealt.discard(None)  # type: ignore[arg-type]
        state.strays = not dealt <= EVERY_CARD  # else every card is of the deck: a colour's letter, 1 to ``top``
    for name, hand in held.items():
        if name in state.seats:
            hand.discard(None)  # type: ignore[arg-type]  # an unreadable card is None
            state.hands[name] = hand


def fair_deal(hands: dict[str, list[Card | None]], distinct: int, top: int) -> bool:
    """Every card readable, in the deck and dealt once (``distinct``: how many different cards are dealt)."""
    count = 0
    for cards in hands.values():
        count += len(cards)
        for card in cards:
            if card is None or card.value > top:
                return False
    return distinct == count


def check_cards(state: GameState, hands: dict[str, list[Card | None]], top: int) -> None:
    """Each card dealt that is outside the deck or dealt before, in the deal's order."""
    dealt: set[Card] = set()
    for name, cards in hands.items():
        owner = name if name in state.seats else None
        for index, card in enumerate(cards):
            if card is None:
                continue
            before = len(dealt)
            dealt.add(card)  # one lookup: a card already dealt leaves the set as it was
            if card.value > top:
                state.add("card-not-in-deck", not_in_deck(state, card), pointer("hands", name, index),
                          player=owner, into=state.found)
            elif len(dealt) == before:
                state.add("duplicate-card", say("{card} is dealt twice; every card is unique.", card=str(card)),
                          pointer("hands", name, index), player=owner, into=state.found)

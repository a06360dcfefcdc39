"""The setup of a game of David & Goliath, checked as the state starts: seating, dealer and the deal.

Functions of ``dg_replay.state.GameState`` (its data lives there), run as it starts: the players' count and
names, a dealer who is a player, and a deal of 15 cards each from the deck with no card twice. The hands the
deal shows become the state's known hands; what follows from the seating alone is made once per seating
(``Table``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dg_replay.bits import BIT_LIMIT, COLOR_COUNT, SLOT_BY_CODE
from dg_replay.cards import Card
from dg_replay.playing import not_in_deck
from dg_replay.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Rules
from dg_replay.words import say
from replaykit.findings import pointer
from replaykit.kept import Kept
from replaykit.texts import not_a_player

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState


class Table:
    """A seating's fixed facts as a game starts: the rules, the seats, each player's turn order and left-hand
    neighbour, whether the deck is known and its top value. Made once per seating met rather than once per game
    (``Rules`` is interpreted): an archive's logs mostly repeat their tables. Never changed once made, so every
    state of that seating shares it."""

    __slots__ = ("deck_known", "lefts", "orders", "rules", "seat_of", "seat_orders", "seats", "top")

    def __init__(self, seating: tuple[str, ...]) -> None:
        self.rules = rules = Rules(seating)
        self.seats = frozenset(seating)
        self.orders = {name: rules.turn_order(name) for name in seating}  # looked up by ``lead``
        self.seat_of = {name: seat for seat, name in enumerate(seating)}  # a name's place in the per-seat lists
        self.seat_orders = {name: tuple(self.seat_of[other] for other in order) for name, order in self.orders.items()}
        self.lefts = {name: rules.left_of(name) for name in seating}
        self.deck_known = rules.deck_defined
        self.top: float = rules.max_value if self.deck_known else float("inf")  # no deck: nothing is outside it


TABLES: Final[Kept[tuple[str, ...], Table]] = Kept(512)  # seatings met (``replaykit.kept``)


def table_of(seating: tuple[str, ...]) -> Table:
    return TABLES.made(seating, Table)


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
        said = say('The dealer "{dealer}" is not one of the players.', dealer=state.dealer)
        state.add("unknown-player", not_a_player(said, state.dealer, state.players), "/dealer", into=into)
    if state.given_hands is not None:
        check_hands(state, state.given_hands)


def check_hands(state: GameState, hands: dict[str, list[Card | None]]) -> None:
    rules, into = state.rules, state.found
    for name in hands:
        if name not in state.seats:
            state.add("unknown-player", not_a_player(say('The deal gives a hand to "{name}", who is not a player.',
                                                         name=name), name, state.players),
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
    # Each hand made bits once (``dg_replay.bits``), with a bit per card; the deal is fair (nothing to
    # say) when every card was readable, no bit is past the deck's top value, no two hands share one, and the
    # bits are as many as the cards dealt. Only otherwise is each card looked at again, for its findings.
    top = int(state.top)  # the deck's top value (``rules.max_value``, interpreted)
    dealt = [0] * COLOR_COUNT
    fair, count = True, 0
    for name, cards in hands.items():
        hand = [0] * COLOR_COUNT
        for card in cards:
            if card is None:
                fair = False
            elif (value := card.value) > BIT_LIMIT:  # past every deck: kept as a card, not a bit (``BIT_LIMIT``)
                fair = False
                if name in state.seats:
                    state.odd.setdefault(name, set()).add(card)
            else:
                slot = SLOT_BY_CODE[ord(card.color)]  # ``color_slot``, inline: read for every card dealt
                hand[slot] = hand[slot] | 1 << value
        count += len(cards)
        for slot in range(COLOR_COUNT):
            bits, before = hand[slot], dealt[slot]
            if bits & before or bits >> top + 1:
                fair = False
            dealt[slot] = before | bits
        if name in state.seats:
            state.hands[name] = state.held[state.seat_of[name]] = hand
    if not fair or sum(bits.bit_count() for bits in dealt) != count:
        check_cards(state, hands, top)


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

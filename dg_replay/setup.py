"""The setup of a game of David & Goliath, checked as the state starts: seating, dealer and the deal.

Functions of ``dg_replay.state.GameState`` (its data lives there), run as it starts: the players' count and
names, a dealer who is a player, and a deal of 15 cards each from the deck with no card twice. The hands the
deal shows become the state's known hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dg_replay.cards import Card
from dg_replay.playing import not_in_deck
from dg_replay.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS
from dg_replay.words import say
from replaykit.findings import pointer

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState


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
    dealt: set[Card] = set()
    top = rules.max_value  # read for every card dealt
    for name, cards in hands.items():
        owner = name if name in state.seats else None
        for index, card in enumerate(cards):
            if card is None:
                continue
            before = len(dealt)
            dealt.add(card)  # one lookup: a card already dealt leaves the set as it was
            if card.value > top:
                state.add("card-not-in-deck", not_in_deck(state, card), pointer("hands", name, index),
                          player=owner, into=into)
            elif len(dealt) == before:
                state.add("duplicate-card", say("{card} is dealt twice; every card is unique.", card=str(card)),
                          pointer("hands", name, index), player=owner, into=into)
        if owner is not None:
            hand = state.hands[owner] = set(cards)  # type: ignore[arg-type]  # an unreadable card is None
            hand.discard(None)  # type: ignore[arg-type]

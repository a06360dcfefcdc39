"""The setup of a game of David & Goliath, checked as the state starts: seating, dealer and the deal.

A mixin of ``dg_replay.state.GameState`` (its data lives there): the players' count and names, a dealer who
is a player, and a deal of 15 cards each from the deck with no card twice. The hands the deal shows become
the state's known hands.
"""

from __future__ import annotations

from dg_replay.cards import Card
from dg_replay.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS
from dg_replay.words import say
from replaykit.findings import pointer


class Setup:
    """The setup half of ``GameState``."""

    __slots__ = ()

    def check_setup(self) -> None:
        rules, into = self.rules, self.found
        if not self.deck_known:
            self.add("player-count", say("David & Goliath is for {fewest} to {most} players; this log has {count}, "
                                         "so the deck is unknown and deck and hand checks are skipped.",
                                         fewest=MIN_PLAYERS, most=MAX_PLAYERS, count=self.size), "/players",
                     into=into)
        seen = set()
        for index, name in enumerate(self.players):
            if name in seen:
                self.add("duplicate-player", say('"{name}" is listed twice among the players.', name=name),
                         pointer("players", index), player=name, into=into)
            seen.add(name)
        if self.dealer is not None and not rules.is_player(self.dealer):
            self.add("unknown-player", say('The dealer "{dealer}" is not one of the players.', dealer=self.dealer),
                     "/dealer",
                     into=into)
        if self.given_hands is not None:
            self.check_hands(self.given_hands)

    def check_hands(self, hands: dict[str, list[Card | None]]) -> None:
        rules, into = self.rules, self.found
        for name in hands:
            if not rules.is_player(name):
                self.add("unknown-player", say('The deal gives a hand to "{name}", who is not a player.', name=name),
                         pointer("hands", name), into=into)
        if not self.deck_known:
            return
        for name in rules.seating:
            if name not in hands:
                self.add("hand-size", say("The deal gives no hand to {name}; every player is dealt {size} cards.",
                                         name=name, size=HAND_SIZE),
                         "/hands", player=name, into=into)
            elif len(hands[name]) != HAND_SIZE:
                self.add("hand-size", say("{name}'s hand has {count} cards; every player is dealt {size}.",
                                          name=name, count=len(hands[name]), size=HAND_SIZE),
                         pointer("hands", name), player=name, into=into)
        dealt: set[Card] = set()
        top = rules.max_value  # read for every card dealt
        for name, cards in hands.items():
            owner = name if rules.is_player(name) else None
            for index, card in enumerate(cards):
                if card is None:
                    continue
                if card.value > top:
                    self.add("card-not-in-deck", self.not_in_deck(card), pointer("hands", name, index),
                             player=owner, into=into)
                elif card in dealt:
                    self.add("duplicate-card", say("{card} is dealt twice; every card is unique.", card=str(card)),
                             pointer("hands", name, index), player=owner, into=into)
                dealt.add(card)
            if owner is not None:
                self.hands[owner] = {card for card in cards if card is not None}

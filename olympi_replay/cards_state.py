"""Where the Performance cards are, as far as a log shows: hands, deck, table and discard pile.

A hand has a known part (dealt in ``hands``, drawn from a deck of known order, or named in a ``draw``)
and a number of unknown cards; the deck has a known order (``deck``, or a correct ``reshuffle``) or only
a size. Sizes are always known. ``known`` counts the copies of each card known to be somewhere; a card is
*free* — it may still turn up from an unknown place — while fewer than its two copies are known. These
methods move cards and say what went wrong; the race turns that into findings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from olympi_replay.cards import COPIES, Card


@dataclass(slots=True)
class Hand:
    known: Counter = field(default_factory=Counter)
    unknown: int = 0

    @property
    def size(self) -> int:
        return self.known.total() + self.unknown


@dataclass(slots=True)
class Draw:
    """What one draw took: cards from a known order (in order), how many unknown ones, and what happened."""

    known: list[Card] = field(default_factory=list)
    unknown: int = 0
    reshuffled: bool = False
    reshuffle_wrong: bool = False  # a reshuffle list that is not the discard pile, or with no reshuffle
    short: bool = False  # deck and discards ran out

    @property
    def count(self) -> int:
        return len(self.known) + self.unknown


class Cards:
    """The live card state of one replay."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.hands = {name: Hand() for name in players}
        self.deck: list[Card] | None = None  # known order, top LAST (drawing pops it)
        self.deck_size = 0
        self.table: list[Card] = []  # cards played in the race under way
        self.discards: list[Card] = []
        self.known: Counter = Counter()

    def free(self, card: Card) -> bool:
        return self.known[card] < COPIES

    def learn(self, card: Card) -> bool:
        """Count one more copy as known; ``False`` when it was not free (a third copy)."""
        was_free = self.free(card)
        self.known[card] += 1
        return was_free

    def set_deck(self, top_first: list[Card] | None, size: int) -> None:
        self.deck = None if top_first is None else top_first[::-1]
        self.deck_size = size if top_first is None else len(top_first)

    def play(self, player: str, cards: list[Card]) -> list[tuple[int, str]]:
        """Move a play's cards to the table; returns ``(index, code)`` for each card that was wrong.

        A card comes from the hand's known part, else from its unknown part (where it must be free); with
        no unknown card left the player is known not to hold it, and that card alone is cancelled.
        """
        hand = self.hands[player]
        problems = []
        for index, card in enumerate(cards):
            if hand.known[card] > 0:
                hand.known[card] -= 1
            elif hand.unknown > 0:
                hand.unknown -= 1
                if not self.learn(card):
                    problems.append((index, "too-many-copies"))
            else:
                problems.append((index, "card-not-in-hand"))
                continue
            self.table.append(card)
        return problems

    def draw(self, player: str, count: int, reshuffle: list[Card] | None) -> Draw:
        """Draw ``count`` cards from the top into the player's hand, reshuffling the discards when the deck
        runs out (a ruling); ``reshuffle`` is the new deck's recorded order, top first."""
        hand, drawn = self.hands[player], Draw()
        for _ in range(count):
            if self.deck_size == 0:
                if not self.discards:
                    drawn.short = True
                    break
                self.reshuffle_discards(reshuffle, drawn)
            self.deck_size -= 1
            if self.deck is not None:
                card = self.deck.pop()
                hand.known[card] += 1
                drawn.known.append(card)
            else:
                hand.unknown += 1
                drawn.unknown += 1
        if reshuffle is not None and not drawn.reshuffled:
            drawn.reshuffle_wrong = True
        return drawn

    def reshuffle_discards(self, order: list[Card] | None, drawn: Draw) -> None:
        drawn.reshuffled = True
        if order is not None and Counter(order) == Counter(self.discards):
            self.set_deck(list(order), len(order))
        else:
            # Without the right order the new deck's cards count as unknown again (the spec's ruling).
            drawn.reshuffle_wrong = order is not None
            self.known.subtract(self.discards)
            self.set_deck(None, len(self.discards))
        self.discards = []

    def learn_drawn(self, player: str, card: Card) -> bool:
        """A card a ``draw`` names among those drawn unseen: it becomes a known card of the hand."""
        hand = self.hands[player]
        if hand.unknown > 0:
            hand.unknown -= 1
            hand.known[card] += 1
        return self.learn(card)

    def end_race(self) -> None:
        """Played cards are discarded when the race ends (a ruling)."""
        self.discards.extend(self.table)
        self.table = []

    def clone(self) -> Cards:
        """An independent copy (hands, deck, table, discards and the copies known)."""
        other = Cards(())
        other.hands = {name: Hand(Counter(hand.known), hand.unknown) for name, hand in self.hands.items()}
        other.deck = None if self.deck is None else list(self.deck)
        other.deck_size, other.table, other.discards = self.deck_size, list(self.table), list(self.discards)
        other.known = Counter(self.known)
        return other

    def sizes(self) -> dict[str, int]:
        return {name: hand.size for name, hand in self.hands.items()}

"""Where the Performance cards are, as far as a log shows: hands, deck, table and discard pile.

A hand has a known part (dealt in ``hands``, drawn from a deck of known order, or named in a ``draw``)
and a number of unknown cards; the deck has a known order (``deck``, or a correct ``reshuffle``) or only
a size. Sizes are always known. ``known`` counts the copies of each card known to be somewhere; a card is
*free* — it may still turn up from an unknown place — while fewer than its two copies are known. These
methods move cards and say what went wrong; the race turns that into findings.

``Proof`` is the one home of the "proven hand": the cards the log proves a seat holds among its unseen
ones. A card a player plays from the unseen part of their hand was in it since the last time cards came
into it unseen (the deal, or a draw from a deck of unknown order). While a log is replayed, ``Proof``
keeps when cards last came into each hand unseen and which unseen cards each play showed; a first replay
of the whole log hands its record (``revealed``) to the replay the views are made from (``given``), so
each view can show, at its step, the unseen cards the rest of the log proves the seat holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from olympi_replay.cards import CARD_COUNT, COPIES
from replaykit.native import mypyc_attr


@mypyc_attr(acyclic=True)  # as ``report.TurnRecord``: out of the collector's reach
class Hand:
    """A hand: its known cards and how many unseen (a plain class, as ``Draw``). A card is its index
    (``cards.CARD_INDEX``; a replay holds every card so), and ``known`` counts each card's copies known to be
    held: a list, which compiled code reads and writes natively, where a dict keyed by cards hashed each card
    twice at every card dealt, drawn and played.
    Known cards come and go through ``gain`` and ``lose``, which keep their number (``held``) as well: a hand's
    size is asked at every turn and for every seat as a race closes."""

    __slots__ = ("held", "known", "unknown")

    def __init__(self) -> None:
        self.known: list[int] = [0] * CARD_COUNT
        self.held = 0  # the known cards: the sum of ``known``'s counts
        self.unknown = 0

    @property
    def size(self) -> int:
        return self.held + self.unknown

    def count(self, card: int) -> int:
        """The copies of ``card`` known to be held."""
        return self.known[card]

    def gain(self, card: int) -> None:
        known = self.known
        count: int = known[card]  # typed, so that the sum is native
        known[card] = count + 1
        self.held += 1

    def lose(self, card: int) -> bool:
        """Take one known copy of ``card`` out; ``False`` when none is known to be held."""
        known = self.known
        count: int = known[card]
        if count <= 0:
            return False
        known[card] = count - 1
        self.held -= 1
        return True

    def cards(self) -> list[int]:
        """The known cards, each as many times as it is held, in the order a hand is shown in (``card_order``,
        the indexes' order)."""
        return [index for index, count in enumerate(self.known) for _ in range(count)]

    def copy(self) -> Hand:
        other = Hand()
        other.known, other.held, other.unknown = list(self.known), self.held, self.unknown
        return other


@mypyc_attr(acyclic=True)  # as ``Hand``
class Draw:
    """What one draw took: cards from a known order (in order), how many unknown ones, and what happened. A
    plain class: compiled, it is made without a dataclass's Python-level ``__init__`` (one per draw)."""

    __slots__ = ("known", "reshuffle_wrong", "reshuffled", "short", "unknown")

    def __init__(self) -> None:
        self.known: list[int] = []
        self.unknown = 0
        self.reshuffled = False
        self.reshuffle_wrong = False  # a reshuffle list that is not the discard pile, or with no reshuffle
        self.short = False  # deck and discards ran out

    @property
    def count(self) -> int:
        return len(self.known) + self.unknown


class Cards:
    """The live card state of one replay."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.hands = {name: Hand() for name in players}
        self.deck: list[int] | None = None  # known order, top LAST (drawing pops it)
        self.deck_size = 0
        self.table: list[int] = []  # cards played in the race under way
        self.discards: list[int] = []
        self.known: list[int] = [0] * CARD_COUNT  # the copies of each card known to be somewhere, by index (``Hand``)

    def copies(self, card: int) -> int:
        """The copies of ``card`` known to be somewhere."""
        return self.known[card]

    def free(self, card: int) -> bool:
        return self.known[card] < COPIES

    def learn(self, card: int) -> bool:
        """Count one more copy as known; ``False`` when it was not free (a third copy)."""
        known = self.known
        copies = known[card]
        known[card] = copies + 1
        return copies < COPIES  # was free (``free``, asked of the count looked up once: every card dealt)

    def set_deck(self, top_first: list[int] | None, size: int) -> None:
        self.deck = None if top_first is None else top_first[::-1]
        self.deck_size = size if top_first is None else len(top_first)

    def play(self, player: str, cards: tuple[int, ...]) -> list[tuple[int, str]]:
        """Move a play's cards to the table; returns ``(index, code)`` for each card that was wrong.

        A card comes from the hand's known part, else from its unknown part (where it must be free); with
        no unknown card left the player is known not to hold it, and that card alone is cancelled.
        """
        hand = self.hands[player]
        problems = []
        for index, card in enumerate(cards):
            if hand.lose(card):
                self.table.append(card)
            elif hand.unknown > 0:
                hand.unknown -= 1
                if not self.learn(card):
                    problems.append((index, "too-many-copies"))
                self.table.append(card)
            else:
                problems.append((index, "card-not-in-hand"))
        return problems

    def draw(self, player: str, count: int, reshuffle: list[int] | None) -> Draw:
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
                hand.gain(card)
                drawn.known.append(card)
            else:
                hand.unknown += 1
                drawn.unknown += 1
        if reshuffle is not None and not drawn.reshuffled:
            drawn.reshuffle_wrong = True
        return drawn

    def reshuffle_discards(self, order: list[int] | None, drawn: Draw) -> None:
        drawn.reshuffled = True
        if order is not None and Counter(order) == Counter(self.discards):
            self.set_deck(list(order), len(order))
        else:
            # Without the right order the new deck's cards count as unknown again (the spec's ruling).
            drawn.reshuffle_wrong = order is not None
            known = self.known
            for card in self.discards:
                known[card] -= 1
            self.set_deck(None, len(self.discards))
        self.discards = []

    def learn_drawn(self, player: str, card: int) -> bool:
        """A card a ``draw`` names among those drawn unseen: it becomes a known card of the hand."""
        hand = self.hands[player]
        if hand.unknown > 0:
            hand.unknown -= 1
            hand.gain(card)
        return self.learn(card)

    def end_race(self) -> None:
        """Played cards are discarded when the race ends (a ruling)."""
        self.discards.extend(self.table)
        self.table = []

    def clone(self) -> Cards:
        """An independent copy (hands, deck, table, discards and the copies known)."""
        other = Cards(())
        other.hands = {name: hand.copy() for name, hand in self.hands.items()}
        other.deck = None if self.deck is None else list(self.deck)
        other.deck_size, other.table, other.discards = self.deck_size, list(self.table), list(self.discards)
        other.known = list(self.known)
        return other

    def sizes(self) -> dict[str, int]:
        return {name: hand.size for name, hand in self.hands.items()}


class Proof:
    """The unseen cards each hand is proven to hold (see the module docstring)."""

    def __init__(self) -> None:
        self.steps = 0  # race starts and turns replayed
        self.arrived: dict[str, int] = {}  # the step after which cards last came into a hand unseen (0: the deal)
        self.revealed: dict[str, list[tuple[int, int, int]]] = {}  # (arrived, played at, card) per player
        self.given: dict[str, list[tuple[int, int, int]]] = {}  # the whole log's ``revealed``, for the views

    def step(self) -> None:
        """A step begins: the view after it is made at this count."""
        self.steps += 1

    @staticmethod
    def before(hand: Hand) -> list[int] | None:
        """What ``after`` compares with besides the unseen count: the known cards where some are unseen."""
        return list(hand.known) if hand.unknown else None

    def after(self, player: str, hand: Hand, unknown: int, known: list[int] | None, played: Sequence[int]) -> None:
        """A turn of ``player`` was replayed (this step): the cards it played from the unseen part, and cards
        that came in unseen (``unknown`` and ``known``: the hand's unseen count, and ``before``, as the turn
        began)."""
        if known is not None and played and hand.unknown < unknown:
            from_unseen = []
            for card in played:
                if known[card] > 0:
                    known[card] -= 1
                else:
                    from_unseen.append(card)
            arrived = self.arrived.get(player, 0)
            self.revealed.setdefault(player, []).extend(
                (arrived, self.steps, card) for card in from_unseen[:unknown - hand.unknown])
        if hand.unknown > unknown:
            self.arrived[player] = self.steps

    def proven(self, player: str) -> list[int]:
        """The unseen cards of ``player``'s hand now that the rest of the log shows them playing."""
        now = self.steps
        return sorted(card for arrived, played, card in self.given.get(player, ()) if arrived <= now < played)

    def clone(self) -> Proof:
        other = Proof()
        other.steps, other.arrived, other.given = self.steps, dict(self.arrived), self.given
        other.revealed = {name: list(cards) for name, cards in self.revealed.items()}
        return other

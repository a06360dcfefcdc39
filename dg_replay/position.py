"""A David & Goliath position a search can walk (``replaykit.search``): every hand known, legal plays only,
each step taken back exactly.

The log's State (``dg_replay.state``) reads what was played, mistakes included; a search needs far less
and far faster: the hands as bit sets (a card is bit ``colour × values + value − 1``), the trick on the
table, who leads, and each seat's captures as rule 8 needs them: per colour the cards taken and their values'
sum (one int, ``count << 8 | sum``, a card taken adding ``1 << 8 | value``), and the score, moved at each
capture by the change of the one colour it touches (``rules.color_points`` of the colour before and after,
read from a table the rule function fills once) rather than summed again. The rules applied are the
rulebook's, through the same functions the State uses: must-follow (``rules.playable``), who takes what
(``rules.high_low`` and ``rules.captures_of``) and the score (``rules.color_points``).

For sampled (PIMC) estimates, ``observation(seat)`` is what one seat has seen and ``sample_world(seat, rng)``
a position dealing the cards it cannot see again at random, consistent with that (``dg_replay.worlds``).

A log without the deal proves a hand only by the cards its player plays later. Where it stops early the
cards it never shows are ``pool``, each seat short of ``missing[seat]`` of them; since the whole deck is
dealt (rule 3) the pool is the deck less every card played or proven, and a card only one seat can hold
(the others shown void in its colour, rule 4) is placed by elimination. Such a position is not searched
(``hidden()`` > 0): its worlds (``sample_world``) deal the pool into the missing places at random
(``dg_replay.worlds``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from dg_replay.bits import known_hand
from dg_replay.cards import COLOR_INDEX, COLORS, Card, card_text
from dg_replay.rules import TRICKS_PER_GAME, captures_of, color_class, color_points, high_low, playable
from replaykit.search import TERMINAL

# Indexed by a colour's captures ``count << 8 | sum`` (at most 18 cards of a colour, summing to at most 171):
# its points and its class, from the rules' functions, looked up at every card taken.
POINTS = [color_points(taken >> 8, taken & 255) for taken in range(19 << 8)]
CLASSES = [color_class(taken >> 8, taken & 255) for taken in range(19 << 8)]


@cache
def layout(max_value: int) -> tuple[tuple[Card, ...], dict[str, int], dict[Card | None, int]]:
    """A deck's cards by bit index, each colour's bits, and each card's index: made once per deck size, not
    for every position the analysis builds."""
    cards = tuple(Card(color, value) for color in COLORS for value in range(1, max_value + 1))
    full = (1 << max_value) - 1
    color_bits = {color: full << (index * max_value) for index, color in enumerate(COLORS)}
    return cards, color_bits, {card: index for index, card in enumerate(cards)}


class Position:
    """One position of one game, seats by index in seating order (see the module docstring)."""

    __slots__ = ("cards", "classes", "color_bits", "hands", "history", "indexes", "lacking", "leader", "missing",
                 "opening", "players", "pool", "scores", "shown", "taken", "trick")

    def __init__(self, players: Sequence[str], hands: Mapping[str, Iterable[Card]], leader: str,
                 max_value: int) -> None:
        self.players = tuple(players)
        self.cards, self.color_bits, self.indexes = layout(max_value)
        self.hands = [sum(1 << self.indexes[card] for card in hands[name]) for name in self.players]
        self.leader = self.players.index(leader)
        self.trick: list[tuple[int, Card]] = []  # (seat, card) in order of play
        self.taken = [[0] * len(COLORS) for _ in self.players]  # per seat, per colour: count << 8 | sum
        self.scores = [0] * len(self.players)
        # Per seat, its colours' ``color_class`` a byte each, for the keys: moved with each card taken.
        self.classes = [0] * len(self.players)
        self.history: list[tuple] = []  # per step: (seat, bit index, what a closed trick changed, or None)
        # What ``voids`` starts from: each seat's colours shown lacking before this position was made, and
        # the trick on the table then (its plays, its led card).
        self.shown = [0] * len(self.players)
        self.opening: tuple[int, Card | None] = (0, None)
        self.missing = [0] * len(self.players)  # per seat, the cards it holds that the log never shows
        self.pool = 0  # those cards, as bits: who holds which is unknown
        # Per seat, the colours its unplaced cards lack because it fails to follow them later in the log
        # (``worlds.learn``): hindsight about those cards alone, never a void any seat has seen yet.
        self.lacking = [0] * len(self.players)

    @classmethod
    def of_game(cls, state: Any) -> Position | None:
        """The position a log's State (``dg_replay.state.GameState``) has reached, or ``None`` where it cannot
        be searched. A hand the log does not record is the cards the rest of the log shows its player playing
        (hindsight, as a double-dummy analysis takes the deal after the game), so a whole game's transcript
        is searched as well as a log with its deal. Where the transcript stops early, the cards it never
        shows are left unplaced (``worlds.place_unseen``). ``None`` unless every trick so far was resolved and each
        seat holds a card for each of its plays still to come, the unplaced ones counted (a mistake such as
        a card played twice leaves it otherwise), and no seat took more of a colour than a deck has."""
        rules, seating = state.rules, state.rules.seating
        if not rules.deck_defined or not state.every_trick_resolved:
            return None
        to_move = state.to_move
        record = state.current
        on_table = list(record.plays) if record is not None and not record.resolved else []
        if to_move is None or any(play.player not in seating or play.card is None for play in on_table):
            return None
        hands = {name: known_hand(state, name) if name in state.hands else
                 {card for position, card in state.proven.get(name, ()) if position >= state.position}
                 for name in seating}
        indexes = layout(rules.max_value)[2]
        if any(card not in indexes for hand in hands.values() for card in hand):
            return None  # a deal with a card outside the deck (the validator's error)
        position = cls(seating, hands, on_table[0].player if on_table else to_move, rules.max_value)
        position.trick = [(seating.index(play.player), play.card) for play in on_table]
        position.shown = [position.shown_void(name, state.tricks) for name in seating]
        position.opening = (len(on_table), on_table[0].card if on_table else None)
        played = {seat for seat, _card in position.trick}
        resolved = len(state.tricks) - bool(record is not None and not record.resolved)
        for seat, name in enumerate(seating):
            short = TRICKS_PER_GAME - resolved - (seat in played) - len(hands[name])
            if short < 0 or (short and name in state.hands):
                return None
            position.missing[seat] = short
            tally = state.tallies[name]
            if any(count > 18 or total > 255 for count, total in zip(tally.counts, tally.sums, strict=True)):
                return None  # captures past any deck (the validator's errors), past ``POINTS``' reach
            position.settle(seat, tally.counts, tally.sums)
        if any(position.missing):
            from dg_replay import worlds

            if not worlds.place_unseen(position, state.tricks):
                return None
        return position if position.players[position.turn] == to_move else None

    def learn(self, later: Sequence[tuple[str, object]]) -> Position | None:
        """This position with what the rest of the log shows of the cards it leaves unplaced
        (``dg_replay.worlds.learn``; ``replaykit.analysis``)."""
        if not any(self.missing):
            return self
        from dg_replay import worlds

        return worlds.learn(self, later)

    def hidden(self) -> int:
        """How many cards held the log does not place (``replaykit.analysis``): 0 where every hand is known."""
        return sum(self.missing)

    def settle(self, seat: int, counts: list[int], sums: list[int]) -> None:
        """Give ``seat`` the captures of ``counts`` and ``sums`` (per colour, in ``COLORS`` order)."""
        taken = self.taken[seat] = [count << 8 | total for count, total in zip(counts, sums, strict=True)]
        self.scores[seat] = sum(POINTS[each] for each in taken)
        self.classes[seat] = sum(CLASSES[each] << 8 * color for color, each in enumerate(taken))

    def shown_void(self, name: str, tricks: Sequence[Any]) -> int:
        """The colours ``name`` was seen not to follow in the log's ``tricks`` (as bits), less any its hand
        still holds: a revoke in the log proves nothing."""
        bits = 0
        for trick in tricks:
            plays = trick.plays
            led = plays[0].card if plays else None
            if led is not None and any(play.player == name and play.card is not None and play.card.color != led.color
                                       for play in plays[1:]):
                bits |= self.color_bits[led.color]
        seat = self.players.index(name)
        for color_bits in self.color_bits.values():
            if self.hands[seat] & color_bits:
                bits &= ~color_bits
        return bits

    # -- between the log's actions and the search's ------------------------------------------------------

    def action_of(self, action: object) -> int | None:
        """The bit index of a log's play where it is a legal play of the seat to move, else ``None``."""
        if self.turn == TERMINAL or not isinstance(action, dict) or action.get("player") != self.players[self.turn]:
            return None
        index = self.indexes.get(Card.from_object(action.get("card")))
        return index if index in self.legal_actions() else None

    def action_to_log(self, index: int) -> dict:
        return {"player": self.players[self.turn], "card": card_text(self.cards[index])}

    # -- where the game stands --------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        if not self.trick and not any(self.hands) and not any(self.missing):
            return TERMINAL
        return (self.leader + len(self.trick)) % len(self.players)

    def legal_actions(self) -> list[int]:
        """The bit indexes of the cards the seat to move may play, lowest first."""
        turn = self.turn
        if turn == TERMINAL:
            return []
        hand = self.hands[turn]
        if self.trick:
            hand = playable(hand, self.color_bits[self.trick[0][1].color])
        return bits_of(hand)

    def ordered_actions(self) -> list[int]:
        """``legal_actions()`` in the order a search tries them (``replaykit.search``): the highest value
        first, then from the lowest up — the two cards a trick turns on (rules 5 and 6), the highest taking it
        or going to the lowest; a lead ranks its cards by value whatever their colour. Against lowest first it
        searched fewer positions with 3 and 6 players and about as many with 4 and 5 (docs/PERFORMANCE-JOURNAL.md)."""
        cards = self.legal_actions()
        if not self.trick:
            size = len(self.cards) // len(COLORS)
            cards.sort(key=lambda index: index % size)
        return cards[-1:] + cards[:-1]

    def plays_left(self) -> int:
        return sum(hand.bit_count() for hand in self.hands) + sum(self.missing)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []  # the deal is known: a position with every hand known has no chance step left

    def returns(self) -> tuple[int, ...]:
        """Each seat's score now (at the end: its final score, rule 8), in seating order."""
        return tuple(self.scores)

    def key(self) -> tuple | None:
        """At the start of a trick: equal exactly when what is left to play, who leads and each seat's captures
        per colour as rule 8 can still count them (``rules.color_class``) and every score are equal: the rest of
        the game, and so every seat's final score, depends on nothing else. Inside a trick ``None``: such
        positions are reached again only through the trick's start."""
        if self.trick:
            return None
        return tuple(self.hands), self.leader, tuple(self.classes), tuple(self.scores)

    def key_for(self, seat: int) -> tuple | None:
        """For a search valuing the position for ``seat`` alone (``replaykit.search``): equal when what is left
        to play, who leads and the classes of that seat's colours are, so the points it can still gain are —
        rule 8 scores each seat on its own captures, and a colour's further points depend on its class only
        (``rules.color_class``); its score so far is left out, as the search adds it back."""
        if self.trick:
            return None
        return tuple(self.hands), self.leader, self.classes[seat]

    def bounds_for(self, seat: int) -> tuple[int, int]:
        """The lowest and the highest score ``seat`` could have at any later point of the game, its end
        included (``replaykit.search``), whatever it takes of the cards still to play that it could take —
        the others': rules 5 and 6 never give a player back a card of its own in a trick of several. Per
        colour, the least and the most ``color_points`` gives its captures with each number of those cards
        added: the lowest values for the least, the highest for the most, as for a given count the points
        never fall as the sum grows."""
        left = 0
        for other, hand in enumerate(self.hands):
            if other != seat:
                left |= hand
        for player, card in self.trick:
            if player != seat:
                left |= 1 << self.indexes[card]
        size = len(self.cards) // len(COLORS)
        low = high = 0
        for color, taken in enumerate(self.taken[seat]):
            values = [index + 1 for index in bits_of(left >> color * size & (1 << size) - 1)]
            least = most = taken
            fewest = greatest = POINTS[taken]
            for added in range(1, len(values) + 1):
                least += 256 + values[added - 1]
                most += 256 + values[-added]
                fewest = min(fewest, POINTS[least])
                greatest = max(greatest, POINTS[most])
            low += fewest
            high += greatest
        return low, high

    # -- moving -----------------------------------------------------------------------------------------

    def apply_action(self, index: int) -> None:
        seat = self.turn
        card = self.cards[index]
        self.hands[seat] &= ~(1 << index)
        trick = self.trick
        trick.append((seat, card))
        closed = None
        if len(trick) == len(self.players):  # rules 5 and 6 as the State takes a trick (``rules.high_low``)
            played = [each[1] for each in trick]
            high, low = high_low(played)
            captures = captures_of(played, high, low, trick[high][0], trick[low][0] if low >= 0 else None)
            closed = (self.leader, trick, captures)
            for taker, cards in captures.items():
                self.take(taker, cards, 1)
            self.leader, self.trick = trick[high][0], []
        self.history.append((seat, index, closed))

    def undo_action(self) -> None:
        seat, index, closed = self.history.pop()
        if closed is not None:
            self.leader, self.trick, captures = closed
            for taker, cards in captures.items():
                self.take(taker, cards, -1)
        self.trick.pop()
        self.hands[seat] |= 1 << index

    def take(self, seat: int, cards: list[Card], sign: int) -> None:
        """``seat`` takes ``cards`` (``sign`` -1: gives them back): its score moves by the change in each
        colour's points alone."""
        taken = self.taken[seat]
        score, classes = self.scores[seat], self.classes[seat]
        for card in cards:
            color = COLOR_INDEX[card.color]
            before = taken[color]
            after = taken[color] = before + sign * (256 + card.value)
            score += POINTS[after] - POINTS[before]
            classes ^= (CLASSES[after] ^ CLASSES[before]) << 8 * color
        self.scores[seat], self.classes[seat] = score, classes

    def card(self, index: int) -> Card:
        return self.cards[index]

    def index(self, card: Card) -> int:
        return self.indexes[card]

    # -- what one seat knows, and the worlds that fit it ---------------------------------------------------

    def observation(self, seat: int) -> dict:
        """What ``seat`` has seen (``dg_replay.worlds.observation``)."""
        from dg_replay import worlds  # here: that module reads positions, and imports this one

        return worlds.observation(self, seat)

    def voids(self) -> list[int]:
        """Per seat, the bits of the colours it has shown it lacks (rule 4: it did not follow them): those shown
        before this position was made, and each play since that left the led colour. Worked out from the
        steps when asked, so that a step of the search costs nothing for it."""
        voids = list(self.shown)
        count, led = self.opening
        for seat, index, _closed in self.history:
            card = self.cards[index]
            if not count:
                led = card
            elif led is not None and card.color != led.color:
                voids[seat] |= self.color_bits[led.color]
            count = (count + 1) % len(self.players)
        return voids

    def texts(self, hand: int) -> list[str]:
        return [card_text(self.cards[index]) for index in bits_of(hand)]

    def sample_world(self, seat: int, rng: random.Random) -> Position:
        """A world ``seat`` cannot tell from this one (``dg_replay.worlds.sample_world``)."""
        from dg_replay import worlds

        return worlds.sample_world(self, seat, rng)

    def copy(self) -> Position:
        """An independent copy of the position now (its history is not copied: the copy cannot undo)."""
        twin = Position(self.players, {name: () for name in self.players}, self.players[self.leader],
                        len(self.cards) // len(COLORS))
        twin.hands, twin.trick = list(self.hands), list(self.trick)
        twin.taken = [list(taken) for taken in self.taken]
        twin.scores, twin.classes = list(self.scores), list(self.classes)
        twin.shown = self.voids()
        twin.opening = (len(self.trick), self.trick[0][1] if self.trick else None)
        twin.missing, twin.pool, twin.lacking = list(self.missing), self.pool, list(self.lacking)
        return twin


def bits_of(bits: int) -> list[int]:
    """The indexes of the bits set, lowest first."""
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found

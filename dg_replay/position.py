"""A David & Goliath position a search can walk (``replaykit.search``): every hand known, legal plays only,
each step taken back exactly.

The log's State (``dg_replay.state``) reads what was played, mistakes included; a search needs far less
and far faster: the hands as bit sets (a card is bit ``colour × values + value − 1``), the trick on the
table, who leads, and each seat's captures as rule 8 needs them (``rules.Tally``: cards and points per
colour). The rules applied are the rulebook's, through the same functions the State uses: must-follow
(``rules.playable``), who takes what (``rules.resolve_trick``) and the score (``rules.Tally``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from dg_replay.cards import COLORS, Card, card_text
from dg_replay.rules import TRICKS_PER_GAME, Tally, playable, resolve_trick
from replaykit.search import TERMINAL


@cache
def layout(max_value: int) -> tuple[tuple[Card, ...], dict[str, int], dict[Card, int]]:
    """A deck's cards by bit index, each colour's bits, and each card's index: made once per deck size, not
    for every position the analysis builds."""
    cards = tuple(Card(color, value) for color in COLORS for value in range(1, max_value + 1))
    full = (1 << max_value) - 1
    color_bits = {color: full << (index * max_value) for index, color in enumerate(COLORS)}
    return cards, color_bits, {card: index for index, card in enumerate(cards)}


class Position:
    """One position of one game, seats by index in seating order (see the module docstring)."""

    __slots__ = ("captured", "cards", "color_bits", "hands", "history", "indexes", "leader", "players", "scores",
                 "tallies", "trick")

    def __init__(self, players: Sequence[str], hands: Mapping[str, Sequence[Card]], leader: str,
                 max_value: int) -> None:
        self.players = tuple(players)
        self.cards, self.color_bits, self.indexes = layout(max_value)
        self.hands = [sum(1 << self.indexes[card] for card in hands[name]) for name in self.players]
        self.leader = self.players.index(leader)
        self.trick: list[tuple[int, Card]] = []  # (seat, card) in order of play
        self.tallies = [Tally() for _ in self.players]
        self.scores = [0] * len(self.players)
        self.captured = [((0,) * len(COLORS), (0,) * len(COLORS))] * len(self.players)  # per seat, for key()
        self.history: list[tuple] = []  # per step: (seat, bit index, what a closed trick changed, or None)

    @classmethod
    def of_game(cls, state: Any) -> Position | None:
        """The position a log's State (``dg_replay.state.GameState``) has reached, or ``None`` where it cannot
        be searched. A hand the log does not record is the cards the rest of the log shows its player playing
        (hindsight, as a double-dummy analysis takes the deal after the game), so a whole game's transcript
        is searched as well as a log with its deal. ``None`` unless every trick so far was resolved and each
        seat holds exactly a card for each of its plays still to come (a transcript that stops early, or a
        mistake such as a card played twice, leaves it otherwise)."""
        rules, seating = state.rules, state.rules.seating
        if not rules.deck_defined or not state.every_trick_resolved:
            return None
        to_move = state.to_move
        record = state.current
        on_table = list(record.plays) if record is not None and not record.resolved else []
        if to_move is None or any(play.player not in seating or play.card is None for play in on_table):
            return None
        hands = {name: state.hands[name] if name in state.hands else
                 {card for position, card in state.proven.get(name, ()) if position >= state.position}
                 for name in seating}
        position = cls(seating, hands, on_table[0].player if on_table else to_move, rules.max_value)
        position.trick = [(seating.index(play.player), play.card) for play in on_table]
        played = {seat for seat, _card in position.trick}
        resolved = len(state.tricks) - bool(record is not None and not record.resolved)
        for seat, name in enumerate(seating):
            if len(hands[name]) != TRICKS_PER_GAME - resolved - (seat in played):
                return None
            tally = position.tallies[seat] = state.tallies[name].copy()
            position.captured[seat] = (tuple(tally.counts.values()), tuple(tally.sums.values()))
            position.scores[seat] = state.scores[name]
        return position if position.players[position.turn] == to_move else None

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
        if not self.trick and not any(self.hands):
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
        actions = []
        while hand:
            low = hand & -hand
            actions.append(low.bit_length() - 1)
            hand ^= low
        return actions

    def plays_left(self) -> int:
        return sum(hand.bit_count() for hand in self.hands)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []  # the deal is known: a position with every hand known has no chance step left

    def returns(self) -> tuple[int, ...]:
        """Each seat's score now (at the end: its final score, rule 8), in seating order."""
        return tuple(self.scores)

    def key(self) -> tuple | None:
        """At the start of a trick: equal exactly when what is left to play, who leads and each seat's captures
        per colour are equal (the rest of the game, and so every seat's final score, depends on nothing
        else). Inside a trick ``None``: such positions are reached again only through the trick's start."""
        if self.trick:
            return None
        return tuple(self.hands), self.leader, tuple(self.captured)

    # -- moving -----------------------------------------------------------------------------------------

    def apply_action(self, index: int) -> None:
        seat = self.turn
        card = self.cards[index]
        self.hands[seat] &= ~(1 << index)
        self.trick.append((seat, card))
        closed = None
        if len(self.trick) == len(self.players):
            outcome = resolve_trick(self.trick)
            closed = (self.leader, self.trick, outcome.captures, list(self.captured))
            for taker, cards in outcome.captures.items():
                tally = self.tallies[taker]
                self.scores[taker] = tally.take(cards)
                self.captured[taker] = (tuple(tally.counts.values()), tuple(tally.sums.values()))
            self.leader, self.trick = self.trick[outcome.high][0], []
        self.history.append((seat, index, closed))

    def undo_action(self) -> None:
        seat, index, closed = self.history.pop()
        if closed is not None:
            self.leader, self.trick, captures, self.captured = closed
            for taker, cards in captures.items():
                self.scores[taker] = self.tallies[taker].take(cards, -1)
        self.trick.pop()
        self.hands[seat] |= 1 << index

    def card(self, index: int) -> Card:
        return self.cards[index]

    def index(self, card: Card) -> int:
        return self.indexes[card]

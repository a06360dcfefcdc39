"""An Il Grande Dalmuti round as a search walks it (``replaykit.search``): every hand known, legal plays only,
each step taken back exactly, from now to the end of the round.

Cards of one value are equivalent, so a hand is a count per value: four bits each in one int (value v at
bits 4v, Jesters at 4 × 13), and a play is a ``moves.Move`` (value, numbered cards, Jesters) or ``PASS``.
The trick is its base size, the value to beat, the last set's player and the passes since; a seat's result
(``returns``) is its place in the round as rule 9 scores it: N for the first out down to 1 for the last
(variant bonuses aside: a seat plays for its place), and before the end the standing so far, where the
estimates' look-ahead by steps stops (``STANDING``; docs/ANALYSIS.md, "Reach in Il Grande Dalmuti"). The
sets allowed are rule 7's predicates through ``moves.shapes``, as for the State's choices.

``of_round`` builds the position a replayed round has reached (``None`` where it cannot be searched);
``observation`` and ``sample_world`` give what one seat has seen and a deal of the hidden cards consistent
with it (the played cards are public, so the cards the other seats hold between them are known, not who
holds which).

A round whose deal the log does not record holds what the log shows of each hand (``shown``: the cards the
transfers prove, and those a seat lays later in the round, ``learn``); the cards it leaves unplaced
(``pool``) are dealt at random into the places short of cards (``missing``, ``sample_world``), none below a
Peon's floor (``hidden.deal``), and such a position is not searched (``hidden()`` > 0). Where the taxes were
owed and the log leaves them out, the round's first play is valued from the position past them: the four
players' hands unknown, as the validator has them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

from dalmuti_replay.cards import JESTER_VALUE, Card
from dalmuti_replay.hidden import Moves, deal, witnessed
from dalmuti_replay.legal import due, owed
from dalmuti_replay.moves import PASS, Move, cards_of, move_of, shapes
from dalmuti_replay.rounds import TAXES
from dalmuti_replay.shown import counts_of, elements, learned, round_hands
from replaykit.search import TERMINAL

BITS = 4
NIBBLE = (1 << BITS) - 1
MOST = NIBBLE  # copies of one value a packed hand can hold
VALUES = range(1, JESTER_VALUE + 1)  # 13 stands for the Jesters


def pack(counts: dict[int, int]) -> int:
    """A hand as one int from ``{value: copies}`` (13: Jesters)."""
    return sum(copies << (BITS * value) for value, copies in counts.items())


def unpack(hand: int) -> dict[int, int]:
    return {value: copies for value in VALUES if (copies := (hand >> (BITS * value)) & NIBBLE)}


@lru_cache(maxsize=1 << 16)
def moves_for(hand: int, base: int | None, last: int | None) -> tuple[Move, ...]:
    """The sets a packed hand may lay, the larger and the worse first (they shed most, a cut-off found
    sooner), and a pass when following. Cached: a search meets the same hands on the same trick often."""
    held = [(value, (hand >> (BITS * value)) & NIBBLE) for value in range(1, JESTER_VALUE)]
    found = shapes([pair for pair in held if pair[1]], (hand >> (BITS * JESTER_VALUE)) & NIBBLE, base, last)
    found.sort(key=lambda move: (-move.size, -move.value, move.jesters))
    return (*found, PASS) if last is not None else tuple(found)


class Position:
    """One position of one round, seats by index in the round's seating (see the module docstring)."""

    # The standing so far (returns) means something after any step: a look-ahead may stop anywhere, and
    # must, as one trick can hold more lines of play than an estimate's whole budget (replaykit.search).
    STANDING: ClassVar[bool] = True
    __slots__ = ("base", "counts", "finish", "floors", "hands", "history", "last", "last_value", "missing", "needed",
                 "passes", "players", "pool", "turn", "witness")

    def __init__(self, players: Sequence[str], hands: Sequence[dict[int, int]], turn: int) -> None:
        self.players = tuple(players)
        self.hands = [pack(hand) for hand in hands]
        self.counts = [sum(hand.values()) for hand in hands]
        self.turn = turn  # the seat to move, or TERMINAL
        self.base: int | None = None  # the trick's base size; None on a lead
        self.last_value: int | None = None  # the value to beat; None on a lead
        self.last = -1  # the last set's seat
        self.passes = 0  # since the last set
        self.needed = 0  # passes that end the trick: the other seats holding cards at the last set
        self.finish: list[int] = []  # seats in the order they went out
        self.history: list[tuple] = []
        self.missing = [0] * len(self.players)  # per seat, the cards it holds that the log does not show
        self.pool = 0  # those cards, packed: who holds which is unknown
        self.floors = [0] * len(self.players)  # per seat, the lowest value its unshown cards may have
        # Per seat, what it saw of the others' hands in the transfers (``hidden.witnessed``)
        self.witness: list[tuple[dict[int, dict[int, int]], dict[int, int]]] = [({}, {}) for _ in self.players]

    @classmethod
    def of_round(cls, play: Any) -> Position | None:
        """The position a replayed round (``rounds.RoundPlay``) has reached, or ``None``: a recorded hand not
        matching its card count, a card outside a packed hand's reach, the cards laid and recorded more than
        the deck holds, the trick not checked (a play after its end, a trick opened by a pass), or nobody
        due. A hand not recorded is left unshown (``missing``) until ``learn``, but for the cards the transfers
        prove; taxes owed and not recorded before the first play are taken as left out of the log."""
        if play.tricks is None and play.phase == TAXES and play.log.taxes is None and owed(play)[0]:
            twin = play.fork()
            twin.begin_play()  # the taxes left out: the four players' hands unknown from here on
            return cls.of_round(twin)
        state = play.state
        moves = Moves(play)
        found = round_hands(play, moves)
        if found is None:
            return None
        hands, unseen, floors = found
        if any(copies > MOST for hand in hands for copies in hand.values()):
            return None
        order = state.table.order
        position = cls(order, hands, TERMINAL)
        for seat, name in enumerate(order):
            position.missing[seat] = state.counts[name] - position.counts[seat]
            position.counts[seat] = state.counts[name]
            position.floors[seat] = floors.get(name, 0)
        if sum(unseen.values()) != sum(position.missing):
            return None
        position.pool = pack(unseen)
        position.finish = [state.table.seat[name] for name in state.finish]
        if play.record.taxes:
            position.witness = [witnessed(name, state.table.seat, moves) for name in order]
        if state.over:
            return position
        if play.tricks is None and (play.phase != TAXES or not owed(play)[1]):
            return None  # the deal, or transfers owed before play may begin (an optional market may still come)
        player, _size, _below = due(play)
        current = play.tricks.current if play.tricks is not None else None
        if player is None or (current is not None and (current.after_end or state.ended_reported)):
            return None
        position.turn = state.table.seat[player]
        if current is not None and not current.over and current.previous is not None:
            if current.last_player is None:
                return None
            position.base, position.last_value = current.base, current.last_value
            position.last = state.table.seat[current.last_player]
            position.passes, position.needed = current.passes, current.needed
        return position

    def hidden(self) -> int:
        """How many cards held the log does not place (``replaykit.analysis``): 0 where every hand is known."""
        return sum(self.missing)

    def learn(self, later: Sequence[tuple[str, object]]) -> Position | None:
        """A copy where each seat holds the cards it lays in ``later`` (``shown.learned``: the steps from this
        position's own on), or ``None`` where the log cannot be so (a seat laying more than it holds, a card
        no hand can hold)."""
        if not any(self.missing):
            return self
        found = learned(self.players, [unpack(hand) for hand in self.hands], self.missing, unpack(self.pool), later)
        if found is None:
            return None
        hands, missing, pool = found
        if any(copies > MOST for hand in hands for copies in hand.values()):
            return None
        twin = self.copy()
        twin.hands, twin.missing, twin.pool = [pack(hand) for hand in hands], missing, pack(pool)
        return twin

    # -- between the log's actions and the search's ------------------------------------------------------

    def action_of(self, action: object) -> Move | None:
        """The move of a log's play where it is a legal play of the seat to move, else ``None``."""
        if self.turn < 0 or type(action) is not dict or action.get("player") != self.players[self.turn]:
            return None
        cards: list[Card] | None = None
        if action.get("pass") is not True or "cards" in action:
            read = [Card.read(text) for text in action.get("cards") or ()]
            cards = [card for card in read if card is not None]
            if not cards or len(cards) != len(read):
                return None
        move = move_of(cards)
        return move if move in self.legal_actions() else None

    def action_to_log(self, move: Move) -> dict:
        player = self.players[self.turn]
        if move == PASS:
            return {"player": player, "pass": True}
        return {"player": player, "cards": [str(card) for card in cards_of(move)]}

    # -- where the round stands ---------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Move, ...]:
        if self.turn < 0:
            return ()
        return moves_for(self.hands[self.turn], self.base, self.last_value)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        return []  # the deal is known: nothing is left to chance in the round

    def plays_left(self) -> int:
        """An upper bound on the steps to the end of the round: each set at most followed by a pass of every
        other seat holding cards, and as many passes may be due now: (cards held + 1) × seats holding − 1."""
        if self.turn < 0:
            return 0
        holding = sum(1 for count in self.counts if count)
        return (sum(self.counts) + 1) * holding - 1

    def returns(self) -> tuple[int, ...]:
        """Each seat's points for its place (rule 9: N for the first out … 1 for the last): at the end, every
        seat's place as a number where more is better. Before the end, the standing so far (what a bounded
        look-ahead stops at, docs/ANALYSIS.md): a seat out has its place; a seat still holding cards 1 plus
        the seats holding more cards than it, as if those still holding went out fewest cards first, a tie
        going to the worse place (no seat is sure of a tie)."""
        size = len(self.players)
        points = [0] * size
        for place, seat in enumerate(self.finish):
            points[seat] = size - place
        if self.turn != TERMINAL:
            counts = self.counts
            for seat, count in enumerate(counts):
                if count:
                    points[seat] = 1 + sum(other > count for other in counts)
        return tuple(points)

    def key(self) -> tuple | None:
        """At the start of a trick: equal exactly when the hands, the seat to lead and the finishing order so
        far are (the rest of the round depends on nothing else). Inside a trick ``None``: a trick's sets go
        down in value, so its positions are met again only through the trick's start (the bridge solvers'
        choice too), and not storing them doubled the positions searched per second."""
        if self.base is not None:
            return None
        return (*self.hands, self.turn, *self.finish)

    # -- moving -----------------------------------------------------------------------------------------

    def next_holding(self, seat: int) -> int:
        """The first seat after ``seat`` clockwise holding cards (``seat`` itself last)."""
        size, counts = len(self.players), self.counts
        for step in range(1, size + 1):
            other = (seat + step) % size
            if counts[other]:
                return other
        return TERMINAL

    def apply_action(self, move: Move) -> None:
        seat = self.turn
        self.history.append((seat, move, self.base, self.last_value, self.last, self.passes, self.needed,
                             len(self.finish)))
        if move == PASS:
            self.passes += 1
            if self.passes >= self.needed:
                self.lead(self.last if self.counts[self.last] else self.next_holding(self.last))
            else:
                self.turn = self.next_holding(seat)
            return
        value, real, jesters = move
        if real:
            self.hands[seat] -= real << (BITS * value)
        self.hands[seat] -= jesters << (BITS * JESTER_VALUE)
        self.counts[seat] -= real + jesters
        if self.base is None:
            self.base = real + jesters
        self.last_value, self.last, self.passes = value, seat, 0
        holding = [other for other, count in enumerate(self.counts) if count]
        if not self.counts[seat]:
            self.finish.append(seat)
            if len(holding) <= 1:
                self.finish.extend(holding)  # one alone holds cards: he is last, and the round is over
                self.turn = TERMINAL
                return
        self.needed = len(holding) - (self.counts[seat] > 0)
        self.turn = self.next_holding(seat)

    def lead(self, seat: int) -> None:
        self.turn, self.base, self.last_value, self.last, self.passes, self.needed = seat, None, None, -1, 0, 0

    def undo_action(self) -> None:
        seat, move, self.base, self.last_value, self.last, self.passes, self.needed, out = self.history.pop()
        self.turn = seat
        del self.finish[out:]
        if move != PASS:
            value, real, jesters = move
            if real:
                self.hands[seat] += real << (BITS * value)
            self.hands[seat] += jesters << (BITS * JESTER_VALUE)
            self.counts[seat] += real + jesters

    # -- what one seat knows ----------------------------------------------------------------------------

    def observation(self, seat: int) -> dict:
        """What ``seat`` has seen: its own hand, every seat's card count, the cards the others hold between
        them (the deck less its hand and every card played: the played cards are public), the trick, who is
        out, and what it saw in its transfers (``witness``); nothing more of which other seat holds which card."""
        others: dict[int, int] = {}
        for other, hand in enumerate(self.hands):
            if other != seat:
                for value, copies in unpack(hand).items():
                    others[value] = others.get(value, 0) + copies
        return {"seat": seat, "players": list(self.players), "hand": unpack(self.hands[seat]),
                "counts": list(self.counts), "others_hold": others, "turn": self.turn, "base": self.base,
                "last_value": self.last_value, "last": self.last, "passes": self.passes,
                "finish": list(self.finish), "gave": self.witness[seat][0], "floors": self.witness[seat][1]}

    def sample_world(self, seat: int, rng: random.Random) -> Position:
        """A copy with the cards ``seat`` cannot see dealt anew among the other seats, each keeping its count, what
        ``seat`` saw in the transfers kept (``witness``). Where the log leaves cards unplaced (``pool``), those
        alone are dealt, into the places short of cards (``seat``'s own included), every card the log proves
        staying in its hand and none below its seat's floor (``hidden.deal``)."""
        world = self.copy()
        if any(self.missing):
            places = {other: short for other, short in enumerate(self.missing) if short}
            dealt = deal(list(elements(unpack(self.pool))), places, self.floors, rng)
            for other, values in dealt.items():
                world.hands[other] += pack(counts_of(values, read=False) or {})
            world.missing, world.pool = [0] * len(self.players), 0
            return world
        gave, floors = self.witness[seat]
        places, cards = {}, []
        for other in (other for other in range(len(self.players)) if other != seat):
            hand = unpack(self.hands[other])  # what a log breaking the rules shows given beyond it is dropped
            kept = {value: min(copies, hand.get(value, 0)) for value, copies in gave.get(other, {}).items()}
            world.hands[other], places[other] = pack(kept), self.counts[other] - sum(kept.values())
            cards += elements({value: copies - kept.get(value, 0) for value, copies in hand.items()})
        dealt = deal(cards, places, [floors.get(other, 0) for other in range(len(self.players))], rng)
        for other, values in dealt.items():
            world.hands[other] += pack(counts_of(values, read=False) or {})
        return world

    def copy(self) -> Position:
        """An independent copy with no steps to take back (built through the constructor: a compiled class
        allows no other way)."""
        twin = Position(self.players, [], self.turn)
        twin.hands, twin.counts, twin.finish = list(self.hands), list(self.counts), list(self.finish)
        twin.missing, twin.pool, twin.floors = list(self.missing), self.pool, list(self.floors)
        twin.witness = self.witness  # never changed, only read
        twin.base, twin.last_value, twin.last, twin.passes, twin.needed = (self.base, self.last_value, self.last,
                                                                           self.passes, self.needed)
        return twin


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

A round whose deal the log does not record proves a hand by the sets its player lays later in the round
(``learn``, given those steps by ``replaykit.analysis``): a seat held, at a play, every card it lays
afterwards. The deck is known (rule 2) and every card played is public, so the cards no later play shows
(``pool``) are the deck less the cards laid so far and those proven; where one seat alone is short of
cards (``missing``), the last of the round, it holds them all. A pass proves nothing (rule 7 allows one
holding a playable set), so the rest is dealt at random into the places short of cards (``sample_world``);
such a position is not searched (``hidden()`` > 0). The recorded transfers prove more (``hidden.tax_proof``):
the cards a seat received and still holds, and a Peon's floor, below which none of his cards the log does not
show can be; the worlds keep both. Where the taxes were owed and the log leaves them out, the round's first
play is valued from the position past them: the four players' hands unknown, as the validator has them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

from dalmuti_replay.cards import JESTER_VALUE, Card, held_cards
from dalmuti_replay.hidden import deal, tax_proof, witnessed
from dalmuti_replay.legal import due, owed
from dalmuti_replay.moves import PASS, Move, cards_of, move_of, shapes
from dalmuti_replay.rounds import TAXES
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
        proven, floors = tax_proof(play)
        order = state.table.order
        unseen = {(JESTER_VALUE if card.jester else card.value): copies for card, copies in state.table.deck.items()}
        for trick in play.record.tricks:
            for entry in trick.plays:
                if not take(unseen, entry.cards or ()):
                    return None
        hands = []
        for name in order:
            hand = state.hands[name]
            if hand is not None and (sum(hand.values()) != state.counts[name] or not take(unseen, held_cards(hand))):
                return None
            counts = {} if hand is None else counts_of(held_cards(hand))
            for value, copies in proven.get(name, {}).items():
                # what a log contradicting itself proves beyond the cards left or the count held is dropped
                kept = min(copies, unseen.get(value, 0), state.counts[name] - sum((counts or {}).values()))
                if counts is not None and kept > 0:
                    unseen[value] -= kept
                    counts[value] = counts.get(value, 0) + kept
            if counts is None or any(copies > MOST for copies in counts.values()):
                return None
            hands.append(counts)
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
            position.witness = [witnessed(play, name, state.table.seat) for name in order]
        if state.over:
            return position
        if play.tricks is None and (play.phase != TAXES or owed(play)[0]):
            return None  # the deal or the transfers still to come
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
        """A copy where each seat holds the cards it lays in ``later`` (the steps from this position's own on,
        each its anchor and action as the log writes it) within this round, as far as the first transfer
        (cards laid after one may have been received), and a seat alone short of cards the rest; ``None``
        where a seat lays more than it holds or a card no hand can hold. A card laid of a value the seat is
        proven to hold already (a transfer's) is counted as that one: it proves nothing more."""
        if not any(self.missing):
            return self
        twin = self.copy()
        pool = unpack(self.pool)
        hands = [unpack(hand) for hand in self.hands]
        shown = [dict(hand) for hand in hands]  # the proven cards no later set has accounted for yet
        start = re.match(r"round-\d+-", later[0][0]) if later else None
        for anchor, action in later:
            if start is None or not anchor.startswith(start.group()) or not isinstance(action, dict) or \
                    "from" in action:
                break
            if "player" not in action:
                continue  # a trick opened empty or with a note
            seat = self.players.index(action["player"]) if action["player"] in self.players else -1
            laid = counts_of(Card.read(text) for text in action.get("cards") or ())
            if laid is None or seat < 0:
                break
            if not twin.missing[seat]:
                continue
            for value in list(laid):
                known = min(laid[value], shown[seat].get(value, 0))
                shown[seat][value] = shown[seat].get(value, 0) - known
                laid[value] -= known
            if sum(laid.values()) > twin.missing[seat] or not take(pool, _elements(laid)):
                return None
            twin.missing[seat] -= sum(laid.values())
            for value, copies in laid.items():
                hands[seat][value] = hands[seat].get(value, 0) + copies
        short = [seat for seat, count in enumerate(twin.missing) if count]
        if len(short) == 1:
            for value, copies in pool.items():
                hands[short[0]][value] = hands[short[0]].get(value, 0) + copies
            twin.missing[short[0]], pool = 0, {}
        if any(copies > MOST for hand in hands for copies in hand.values()):
            return None
        twin.hands, twin.pool = [pack(hand) for hand in hands], pack(pool)
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
            dealt = deal(list(_elements(unpack(self.pool))), places, self.floors, rng)
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
            cards += _elements({value: copies - kept.get(value, 0) for value, copies in hand.items()})
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


def counts_of(cards: object, read: bool = True) -> dict[int, int] | None:
    """``{value: copies}`` of cards (``read``: ``Card`` objects, a Jester counting 13; else values already), or
    ``None`` where one is unreadable or beyond a packed hand's values."""
    counts: dict[int, int] = {}
    for card in cards:  # type: ignore[attr-defined]
        if read and (card is None or (card.value == JESTER_VALUE and not card.jester)):
            return None
        value = card if not read else JESTER_VALUE if card.jester else card.value
        if value > JESTER_VALUE:
            return None
        counts[value] = counts.get(value, 0) + 1
    return counts


def take(counts: dict[int, int], cards: object) -> bool:
    """Take ``cards`` (``Card`` objects or values) out of ``counts``; ``False`` where one is not there."""
    for card in cards:  # type: ignore[attr-defined]
        value = card if isinstance(card, int) else JESTER_VALUE if card.jester else card.value
        if not counts.get(value):
            return False
        counts[value] -= 1
    return True


def _elements(counts: dict[int, int]) -> list[int]:
    return [value for value, copies in counts.items() for _ in range(copies)]

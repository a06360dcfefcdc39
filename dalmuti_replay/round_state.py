"""The cards of one round in play: card counts, known hand contents, who is out, points.

Counts are always known (deal sizes, or the recorded hand); contents only where ``hands`` shows them.
Every step of the round (``taxes``, ``tricks``) changes this state and reports through ``add``, which
places a finding by round, trick and play and builds its pointer under ``/rounds/i``. ``findings`` is
the list the current phase writes to: the session keeps each phase's findings apart, so a phase that
can only be judged later (the taxes, a revolution proven wrong by later plays) lands in its place.
"""

from __future__ import annotations

from collections import Counter

from dalmuti_replay.cards import Card, Hand
from dalmuti_replay.log import Round, finding
from dalmuti_replay.report import OutRecord, RoundRecord
from dalmuti_replay.rules import Table, points_for_going_out
from replaykit.findings import ERROR, Finding, pointer


def copied(hand: Counter[Card]) -> Hand:
    """A copy of a hand, made in C: ``Hand(hand)``, and even ``Hand()``, go through Counter's generic update in
    Python."""
    twin = Hand.__new__(Hand)
    dict.update(twin, hand)
    return twin


class RoundState:
    """One round: ``table`` is the seating being played (replaced after a Great Revolution, ``reseat``)."""

    # What the plays read of ``table``, kept as fields: reading a Table's (interpreted) attributes costs more
    table: Table
    order: tuple[str, ...]
    seat: dict[str, int]
    after: dict[str, tuple[str, ...]]
    top: int

    def __init__(self, number: int, table: Table, log: Round, findings: list[Finding], record: RoundRecord,
                 like: RoundState | None = None) -> None:
        """A round as dealt, or (``like``) a copy sharing every field of that state."""
        self.number = number
        self.reseat(table)
        self.log = log
        self.findings = findings
        self.record = record
        if like is None:
            # Not deal_sizes() nor dict.fromkeys: each is a call through the interpreter
            self.counts: dict[str, int] = dict(table.sizes)
            self.hands: dict[str, Counter[Card] | None] = {name: None for name in table.order}
            self.finish: list[str] = []
            self.points: dict[str, int] = {name: 0 for name in table.order}
            self.base = pointer("rounds", number - 1)
            self.over = False  # one player alone holds cards
            self.ended_reported = False  # a play after the round's end was reported: replay stops
        else:
            self.counts, self.hands, self.finish, self.points = like.counts, like.hands, like.finish, like.points
            self.base, self.over, self.ended_reported = like.base, like.over, like.ended_reported

    def reseat(self, table: Table) -> None:
        """Play on with the seating ``table`` from now on."""
        self.table, self.order, self.seat, self.top = table, table.order, table.seat, table.top
        self.after = table.after

    def add(self, code: str, message: str, *tokens: object, trick: int | None = None, play: int | None = None,
            player: str | None = None, severity: str = ERROR) -> None:
        self.findings.append(finding(code, severity, message, self.number, trick, play, player,
                                     self.base + pointer(*tokens)))

    def is_player(self, name: object) -> bool:
        return name in self.counts

    def shared(self) -> RoundState:
        """A copy sharing every field. Made through ``__init__``, as a compiled class must be (``scripts/native``)."""
        return RoundState(self.number, self.table, self.log, self.findings, self.record, self)

    def copy(self) -> RoundState:
        """An independent copy of what the tax phase changes (counts, hands, who is out, the transfers
        performed), writing to a fresh findings list: a phase replayed again starts from it."""
        twin = self.shared()
        twin.findings = []
        twin.counts = dict(self.counts)
        twin.hands = {name: None if hand is None else copied(hand) for name, hand in self.hands.items()}
        twin.finish = list(self.finish)
        twin.points = dict(self.points)
        twin.record = self.record.shallow()
        twin.record.out = list(self.record.out)
        twin.record.taxes = list(self.record.taxes)
        return twin

    def adopt(self, other: RoundState) -> None:
        """Take over the cards, outs and transfers of ``other`` (a copy this phase was replayed on)."""
        self.counts, self.hands, self.finish, self.points = other.counts, other.hands, other.finish, other.points
        self.over = other.over
        self.record.out[:] = other.record.out
        self.record.taxes[:] = other.record.taxes

    # -- cards moving --------------------------------------------------------------------------------

    def lacking(self, player: str, cards: list[Card]) -> list[Card]:
        """Cards of the deck in use the player's known hand does not hold (none when unknown)."""
        hand = self.hands[player]
        if hand is None:
            return []
        top, missing = self.top, []
        for index, card in enumerate(cards):  # plain loops: this runs for every set, and Counter arithmetic is slow
            if card.jester or card.value <= top:
                count = 1  # this copy and the same card earlier in the set (a set has few: no dict of them)
                for earlier in range(index):
                    other = cards[earlier]
                    if other.value == card.value and other.jester == card.jester:
                        count += 1
                if hand.get(card, 0) < count:
                    missing.append(card)
        return sorted(missing) if missing else missing

    def take(self, player: str, cards: list[Card], trick: int | None = None, play: int | None = None) -> None:
        """Cards leave a hand: the count drops by their number, each leaves the contents if there."""
        hand = self.hands[player]
        if hand is not None:
            for card in cards:
                count = hand.get(card, 0)
                if count > 1:
                    hand[card] = count - 1
                elif count:
                    del hand[card]  # a Hand's is dict's (``cards.Hand``)
        left = self.counts[player] - len(cards)
        self.counts[player] = left if left > 0 else 0
        if left <= 0 and player not in self.finish:
            self.go_out(player, trick, play)

    def give(self, player: str, cards: list[Card]) -> None:
        hand = self.hands[player]
        if hand is not None:
            for card in cards:  # not Counter.update, Python-level
                hand[card] = hand.get(card, 0) + 1
        self.counts[player] += len(cards)

    # -- who holds cards -----------------------------------------------------------------------------

    def holding(self) -> list[str]:
        return [name for name in self.order if self.counts[name] > 0]

    def holders(self) -> int:
        """How many players hold cards (``len(holding())``)."""
        count = 0
        for left in list(self.counts.values()):  # a list is walked natively, a dict's values by their iterator
            if left > 0:
                count += 1
        return count

    def next_holding(self, name: str) -> str | None:
        """The first player clockwise after ``name`` who holds cards (``name`` himself last)."""
        counts = self.counts
        for other in self.after[name]:
            if counts[other] > 0:
                return other
        return None

    def go_out(self, player: str, trick: int | None, play: int | None) -> None:
        """Rule 9: he scores the players still in the round, himself included; one left ends the round."""
        still = self.holders() + 1
        self.finish.append(player)
        self.points[player] = points_for_going_out(still)
        self.record.out.append(OutRecord(player, trick, play, self.points[player]))
        left = still - 1
        if left == 1:
            last = self.holding()[0]
            self.finish.append(last)
            self.points[last] = points_for_going_out(1)
            self.record.out.append(OutRecord(last, trick, play, 1))
            self.over = True
        elif not left:
            self.over = True

"""The cards of one round in play: card counts, known hand contents, who is out, points.

Counts are always known (deal sizes, or the recorded hand); contents only where ``hands`` shows them.
Every step of the round (``taxes``, ``tricks``) changes this state and reports through ``add``, which
places a finding by round, trick and play and builds its pointer under ``/rounds/i``. ``findings`` is
the list the current phase writes to: the session keeps each phase's findings apart, so a phase that
can only be judged later (the taxes, a revolution proven wrong by later plays) lands in its place.
"""

from __future__ import annotations

from dalmuti_replay.cards import Card
from dalmuti_replay.log import Round, finding
from dalmuti_replay.report import OutRecord, RoundRecord
from dalmuti_replay.rules import Table, points_for_going_out
from replaykit.findings import ERROR, Finding, pointer


def give_up(hand: dict[Card, int], cards: list[Card], top: int) -> list[Card]:
    """The cards leave ``hand``, each if there; those of the deck in use (values to ``top``, Jesters) it did not
    hold, sorted: a card of which the set has, so far, more copies than the hand held."""
    missing: list[Card] = []
    for card in cards:  # plain loops: this runs for every set, and Counter arithmetic is slow
        count = hand.get(card, 0)
        if count > 1:
            hand[card] = count - 1
        elif count:
            del hand[card]
        elif card.jester or card.value <= top:
            missing.append(card)
    return sorted(missing) if missing else missing


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
            self.held = 0  # how many players hold cards, kept as counts change: every set asks it
            for size in table.sizes.values():
                if size > 0:
                    self.held += 1
            self.hands: dict[str, dict[Card, int] | None] = {name: None for name in table.order}  # ``cards.counted``
            self.finish: list[str] = []
            self.points: dict[str, int] = {name: 0 for name in table.order}
            self.over = False  # one player alone holds cards
            self.ended_reported = False  # a play after the round's end was reported: replay stops
        else:
            self.counts, self.hands, self.finish, self.points = like.counts, like.hands, like.finish, like.points
            self.held = like.held
            self.over, self.ended_reported = like.over, like.ended_reported

    def reseat(self, table: Table) -> None:
        """Play on with the seating ``table`` from now on."""
        self.table, self.order, self.seat, self.top = table, table.order, table.seat, table.top
        self.after = table.after

    def add(self, code: str, message: str, *tokens: object, trick: int | None = None, play: int | None = None,
            player: str | None = None, severity: str = ERROR) -> None:
        # The pointer is made here, for a finding only: most rounds have none, and ``pointer`` is interpreted code
        self.findings.append(finding(code, severity, message, self.number, trick, play, player,
                                     pointer("rounds", self.number - 1, *tokens)))

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
        twin.hands = {name: None if hand is None else dict(hand) for name, hand in self.hands.items()}
        twin.finish = list(self.finish)
        twin.points = dict(self.points)
        twin.record = self.record.shallow()
        twin.record.out = list(self.record.out)
        twin.record.taxes = list(self.record.taxes)
        return twin

    def adopt(self, other: RoundState) -> None:
        """Take over the cards, outs and transfers of ``other`` (a copy this phase was replayed on)."""
        self.counts, self.hands, self.finish, self.points = other.counts, other.hands, other.finish, other.points
        self.held, self.over = other.held, other.over
        self.record.out[:] = other.record.out
        self.record.taxes[:] = other.record.taxes

    # -- cards moving --------------------------------------------------------------------------------

    def lacking(self, player: str, cards: list[Card]) -> list[Card]:
        """Cards of the deck in use the player's known hand does not hold (none when unknown); the hand is kept."""
        hand = self.hands[player]
        return [] if hand is None else give_up(dict(hand), cards, self.top)

    def lay(self, player: str, cards: list[Card]) -> list[Card]:
        """The cards leave the player's known hand, each if there; those it lacked, as ``lacking`` finds them (one
        pass where both are wanted: a card's hash is not cheap)."""
        hand = self.hands[player]
        return [] if hand is None else give_up(hand, cards, self.top)

    def take(self, player: str, cards: list[Card], trick: int | None = None, play: int | None = None,
             laid: bool = False) -> int:
        """Cards leave a hand (``laid``: its contents already, by ``lay``): the count drops by their number, each
        leaves the contents if there; the count left."""
        if not laid:
            self.lay(player, cards)
        before = self.counts[player]
        left = before - len(cards)
        if left > 0:
            self.counts[player] = left  # ``recount``'s work, without the call: ``held`` has not changed
            return left
        self.recount(player, before, 0)
        if player not in self.finish:
            self.go_out(player, trick, play)
        return 0

    def give(self, player: str, cards: list[Card]) -> None:
        hand = self.hands[player]
        if hand is not None:
            for card in cards:  # not Counter.update, Python-level
                hand[card] = hand.get(card, 0) + 1
        before = self.counts[player]
        self.recount(player, before, before + len(cards))

    def set_count(self, player: str, count: int) -> None:
        """The player now holds ``count`` cards."""
        self.recount(player, self.counts[player], count)

    def recount(self, player: str, before: int, count: int) -> None:
        """The player's count goes from ``before`` to ``count``; ``held`` follows."""
        self.counts[player] = count
        if before > 0 and count == 0:
            self.held -= 1
        elif before == 0 and count > 0:
            self.held += 1

    # -- who holds cards -----------------------------------------------------------------------------

    def holding(self) -> list[str]:
        return [name for name in self.order if self.counts[name] > 0]

    def holders(self) -> int:
        """How many players hold cards (``len(holding())``)."""
        return self.held

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

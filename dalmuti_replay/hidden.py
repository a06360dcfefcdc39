"""What an Il Grande Dalmuti log without the hands proves of them through its transfers, and a deal of the cards
it leaves unplaced that keeps to that proof (``position.Position.of_round`` and ``sample_world``).

A recorded transfer (rule 6, the market of rule 12) proves its receiver held the cards it got: they stay his
until he gives them on or lays cards of their values (a card of the same value laid may have been one he was
dealt; counting it as the one received only forgets, never invents). A Peon's tax is his best cards of the
hand as dealt, a Jester counting 13 (ruling), so every other card he was dealt is worth no less than the worst
he paid: his **floor**. The cards he holds that no transfer or play proves came from that deal, so none is
below his floor; a card he received below it is counted among the proven ones.

A player at the table sees the transfers he takes part in, and a sampled world for him keeps to them where the
hands are known too (``witnessed``): the cards he gave stay with their receiver, and a Peon whose tax he
received holds none of the other cards below it.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any

from dalmuti_replay.cards import JESTER_VALUE, Card
from replaykit.search import shuffle

TAXES_PAID = ("great-tax", "little-tax")


def value_of(card: Card) -> int:
    return JESTER_VALUE if card.jester else card.value


Values = dict[int, int]  # {value: copies}, every count above none


def _values(cards: Any) -> Values:
    values: Values = {}
    for card in cards:
        value = value_of(card)
        if value <= JESTER_VALUE:
            values[value] = values.get(value, 0) + 1
    return values


# Counter's ``+=`` and ``-=`` on plain dicts: compiled code runs these natively, Counter's operators as Python code
# (a third of a position's making, every play analysed).
def _add(held: Values, values: Values) -> None:
    for value, copies in values.items():
        held[value] = held.get(value, 0) + copies


def _less(held: Values, values: Values) -> None:
    """Take ``values`` from ``held``, counts stopping at none (a value left at none is dropped)."""
    for value, copies in values.items():
        left = held.get(value, 0) - copies
        if left > 0:
            held[value] = left
        elif value in held:
            del held[value]


def _full_tax(transfer: Any, due: dict[str, int]) -> bool:
    """A Peon's tax paid in its due count: its best cards, so every other card he was dealt is no worse."""
    return transfer.kind in TAXES_PAID and len(transfer.cards) == due.get(transfer.kind)


class Moves:
    """A round's record so far (``rounds.RoundPlay``), read once for a position (``position.Position.of_round``):
    the values each player has laid in its tricks, each recorded transfer with its values, and the count each
    tax is due; its own proof (``tax_proof``) and every seat's view of the transfers (``witnessed``) read it."""

    def __init__(self, play: Any) -> None:
        self.laid: dict[str, Values] = {}
        for trick in play.record.tricks:
            for entry in trick.plays:
                if entry.cards:
                    if entry.player not in self.laid:
                        self.laid[entry.player] = {}
                    counts = self.laid[entry.player]
                    for card in entry.cards:
                        value = value_of(card)
                        counts[value] = counts.get(value, 0) + 1
        self.transfers = [(transfer, _values(transfer.cards)) for transfer in play.record.taxes]
        self.due = {duty.kind: duty.count for duty in play.state.table.duties(True)}

    def less_laid(self, held: dict[str, Values]) -> None:
        """Take from each player's counted values those he laid since. Counts stop at none, so the values laid
        taken at once leave what taking them play by play left."""
        for name, values in held.items():
            if name in self.laid:
                _less(values, self.laid[name])


def tax_proof(play: Any, moves: Moves) -> tuple[dict[str, Values], dict[str, int]]:
    """For each player of the round (``rounds.RoundPlay``, its record read in ``moves``) whose hand the State
    does not know: the values the recorded transfers prove he holds now (received, less those given on and
    the values laid since), and the floor of a Peon whose tax has its due count (0 elsewhere: no floor)."""
    held: dict[str, Values] = {name: {} for name, hand in play.state.hands.items() if hand is None}
    floors: dict[str, int] = {}
    for transfer, values in moves.transfers:  # in the order the rules apply them
        if transfer.giver in held:
            _less(held[transfer.giver], values)
            if _full_tax(transfer, moves.due) and values:
                floors[transfer.giver] = max(values)
        if transfer.receiver in held:
            _add(held[transfer.receiver], values)
    moves.less_laid(held)
    return held, floors


def witnessed(name: str, seats: dict[str, int], moves: Moves) -> tuple[dict[int, dict[int, int]], dict[int, int]]:
    """What ``name`` saw of the other players' hands in the round's recorded transfers (read in ``moves``), as
    a player at the table sees them, by seat (``seats``): the values he gave each (still that player's, less
    those he gave on and the values he laid since), and the floor of a Peon whose tax he received."""
    held: dict[str, Values] = {}
    floors: dict[str, int] = {}
    for transfer, values in moves.transfers:
        if transfer.giver in held:
            _less(held[transfer.giver], values)
        if transfer.giver == name and transfer.receiver != name:
            if transfer.receiver not in held:
                held[transfer.receiver] = {}
            _add(held[transfer.receiver], values)
        if transfer.receiver == name and _full_tax(transfer, moves.due) and values:
            floors[transfer.giver] = max(values)
    moves.less_laid(held)  # held as counted holds no count below one: taking keeps only those above none
    return ({seats[other]: dict(values) for other, values in held.items() if other in seats and values},
            {seats[other]: floor for other, floor in floors.items() if other in seats})


def dealable(cards: list[int], need: dict[int, int], floors: list[int]) -> bool:
    """Whether ``cards`` (values) can go into the seats of ``need`` (seat: cards it still takes), none below its
    seat's floor. A card fits every seat a lower card fits, so the seats open to the cards up to each value
    must have room for them all (Hall's condition, enough for such nested choices)."""
    if sum(need.values()) != len(cards):
        return False
    below: Values = {}
    for value in cards:
        below[value] = below.get(value, 0) + 1
    count = 0
    for value in sorted(below):
        count += below[value]
        if count > sum(room for seat, room in need.items() if floors[seat] <= value):
            return False
    return True


def deal(cards: list[int], need: dict[int, int], floors: list[int], rng: random.Random) -> dict[int, list[int]]:
    """``cards`` (values) dealt at random into the seats of ``need``, each getting its count and, where that
    can be done, no card below its floor; else (a log breaking rule 6) the floors give way. One card at a
    time to a seat drawn, with one draw, among those that can take it and leave the rest dealable
    (``open_seats``): each such seat alike, as the first of them in a shuffled order was before."""
    shuffle(cards, rng)
    dealt: dict[int, list[int]] = {seat: [] for seat in need}
    if not any(floors[seat] for seat in need) or not dealable(cards, need, floors):
        for seat, count in need.items():
            dealt[seat], cards = cards[:count], cards[count:]
        return dealt
    need = dict(need)
    levels = sorted(set(cards))  # where Hall's condition is asked: each value dealt
    at = {level: index for index, level in enumerate(levels)}
    first = {seat: bisect_left(levels, floors[seat]) for seat in need}  # the lowest level a seat may take
    left = dict.fromkeys(levels, 0)
    for value in cards:
        left[value] += 1
    slack = slack_of(levels, left, need, first)
    count = len(levels)
    for value in cards:
        for index in range(at[value], count):  # the card is no longer among the rest
            slack[index] += 1
        seats = open_seats(at[value], slack, need, first)
        if seats:  # never empty where the rest was dealable (the seat a whole deal gives the card is open)
            seat = seats[int(rng.random() * len(seats))]
            need[seat] -= 1
            for index in range(first[seat], count):
                slack[index] -= 1
            dealt[seat].append(value)
    return dealt


def slack_of(levels: list[int], left: Values, need: dict[int, int], first: dict[int, int]) -> list[int]:
    """At each level (a value, ascending), the room of the seats open to the cards up to it (``first``: the
    lowest level each seat may take, past the last for none) less the cards ``left`` up to it: Hall's condition
    (``dealable``) holds where no level's slack is negative."""
    room = [0] * len(levels)
    for seat, places in need.items():
        if first[seat] < len(levels):
            room[first[seat]] += places
    slack, rooms, cards = [], 0, 0
    for index, level in enumerate(levels):
        rooms += room[index]
        cards += left[level]
        slack.append(rooms - cards)
    return slack


def open_seats(level: int, slack: list[int], need: dict[int, int], first: dict[int, int]) -> list[int]:
    """The seats of ``need`` that may take a card of the ``level``-th value (room, and a floor not above it) and
    leave the rest dealable, ``slack`` being the rest's (``slack_of``), asked at once for every seat: a seat
    taking the card takes one from the room of every level from its floor up, so it is open where the slack
    below its floor is never negative and from its floor up at least one. Linear in the levels and the seats,
    where asking ``dealable`` of each seat in turn was their product and the cards' (a 20-seat session: 4.7 s
    of an analysis request)."""
    if min(slack, default=1) >= 1:  # room to spare at every level: any seat that may take the card
        return [seat for seat, places in need.items() if places and first[seat] <= level]
    count = len(slack)
    # The least slack under each level and from each level up, counted no higher than 1 (no bound): only
    # "at least 0" and "at least 1" are asked of them.
    below = [1] * (count + 1)
    for index in range(count):
        below[index + 1] = min(below[index], slack[index])
    above = [1] * (count + 1)
    for index in range(count - 1, -1, -1):
        above[index] = min(above[index + 1], slack[index])
    return [seat for seat, places in need.items()
            if places and first[seat] <= level and below[first[seat]] >= 0 and above[first[seat]] >= 1]

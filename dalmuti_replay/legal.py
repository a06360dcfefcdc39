"""What may be done next in a round: the sets a hand can lay, the transfers owed, who moves.

Exact where a hand is known. Where it is not (no recorded deal), every set or transfer not proven
impossible is offered with ``known`` false: cards the deck in use still has unplayed this round, no more
cards than the player holds. Rule texts live in ``rules`` and ``taxes``; this module only enumerates.
"""

from __future__ import annotations

import itertools
from collections import Counter

from dalmuti_replay.cards import JESTER, Card, best_cards
from dalmuti_replay.rounds import TRICKS, RoundPlay
from dalmuti_replay.rules import Duty, revolutions_allowed
from dalmuti_replay.taxes import NOT_DUE, classify


def sets_of(hand: Counter[Card], size: int | None, below: int | None) -> list[list[Card]]:
    """Every distinct set the hand can lay: of ``size`` cards when given, of value below ``below``."""
    jesters = hand[JESTER]
    found = []
    for card, count in sorted(hand.items()):
        if card.jester or (below is not None and card.value >= below):
            continue
        for real in range(1, count + 1):
            for extra in range(jesters + 1):
                if size is None or real + extra == size:
                    found.append([card] * real + [JESTER] * extra)
    if below is None:
        found.extend([JESTER] * count for count in range(1, jesters + 1) if size in (None, count))
    return found


def possible_hand(play: RoundPlay, name: str) -> Counter[Card]:
    """The most a player whose hand is unknown could hold of each card: the deck in use less what this
    round has seen played and what known hands hold, each capped by his card count."""
    state = play.state
    left = Counter(state.table.deck)
    if play.tricks is not None:
        left.subtract(play.tricks.played)
    for other, hand in state.hands.items():
        if hand is not None and other != name:
            left.subtract(hand)
    held = state.counts[name]
    return Counter({card: min(count, held) for card, count in left.items() if count > 0})


def hand_or_possible(play: RoundPlay, name: str) -> tuple[Counter[Card], bool]:
    hand = play.state.hands.get(name)
    return (hand, True) if hand is not None else (possible_hand(play, name), False)


def playable(play: RoundPlay, name: str, size: int | None, below: int | None) -> tuple[list[list[Card]], bool]:
    """The sets ``name`` may lay (all of them on a lead), and whether his hand is known."""
    hand, known = hand_or_possible(play, name)
    found = sets_of(hand, size, below)
    if not known:
        found = [cards for cards in found if len(cards) <= play.state.counts[name]]
    return found, known


def owed(play: RoundPlay) -> Duty | None:
    """The next transfer the rules call for (Peons first, then the Dalmutis, then the market), or ``None``."""
    state = play.state
    if not play.taxes_due():
        return None
    duties = state.table.duties(True)
    transfers = [(index, transfer) for index, transfer in enumerate(play.log.taxes or ())
                 if transfer is not None and state.is_player(transfer.giver) and state.is_player(transfer.receiver)]
    kinds = classify(state, transfers, duties, closed=False)
    filled = {kind for kind, _index in kinds if kind != NOT_DUE}
    for duty in duties:
        if duty.kind not in filled:
            return duty
    if state.table.has_market and "market" in filled and "market-return" not in filled:
        first = state.table.merchants[0]
        partner = next(transfer.receiver for kind, index in kinds if kind == "market"
                       for transfer in [play.log.taxes[index]] if transfer is not None)
        return Duty("market-return", partner, first, 1)
    if state.table.has_market and "market" not in filled and not filled & {"market-return"}:
        return Duty("market", state.table.merchants[0], "", 1)
    return None


def transfers_for(play: RoundPlay, duty: Duty) -> tuple[list[tuple[str, list[Card]]], bool]:
    """``(receiver, cards)`` a duty may be paid with, and whether the giver's hand is known."""
    hand, known = hand_or_possible(play, duty.giver)
    if duty.is_peon_tax and known:
        return [(duty.receiver, best_cards(hand.elements(), duty.count))], True
    combos = sorted({tuple(cards) for cards in itertools.combinations(sorted(hand.elements()), duty.count)})
    receivers = [duty.receiver] if duty.receiver else list(play.state.table.merchants[1:])
    return [(receiver, list(cards)) for receiver in receivers for cards in combos], known


def revolutionary(play: RoundPlay) -> list[tuple[str, bool]]:
    """Who may still declare a revolution: a known hand with both Jesters, or any unknown hand while
    no other player is known to hold a Jester (``known`` false)."""
    state = play.state
    if play.kind is not None or play.log.revolution is not None or play.log.taxes or play.phase == TRICKS \
            or not revolutions_allowed(state.table.options, play.number):
        return []
    holders = [name for name, hand in state.hands.items() if hand is not None and hand[JESTER]]
    found = [(name, True) for name, hand in state.hands.items() if hand is not None and hand[JESTER] >= 2]
    if not holders:
        found += [(name, False) for name, hand in state.hands.items() if hand is None]
    return found


def due(play: RoundPlay) -> tuple[str | None, int | None, int | None]:
    """Who plays next, the base size and the value to beat (``None`` on a lead)."""
    state = play.state
    if state.over:
        return None, None, None
    phase = play.tricks
    if phase is None:
        holding = state.holding()
        return (holding[0] if holding else None), None, None
    current = phase.current
    if current is None:
        return phase.due, None, None
    if current.over:
        return current.next_leader(), None, None
    if current.previous is None:
        return current.leader_due, None, None
    return state.next_holding(current.previous), current.base, current.last_value

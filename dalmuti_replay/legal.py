"""What may be done next in a round: the sets a hand can lay, the transfers owed, who moves.

Exact where a hand is known. Where it is not (no recorded deal), every set or transfer not proven
impossible is offered with ``known`` false: cards the deck in use still has unplayed this round, no more
cards than the player holds. Rule texts live in ``rules`` and ``taxes``; this module only enumerates.
"""

from __future__ import annotations

import itertools
from collections import Counter

from dalmuti_replay.cards import JESTER, Card, best_held
from dalmuti_replay.moves import cards_of, shapes
from dalmuti_replay.rounds import TRICKS, RoundPlay
from dalmuti_replay.rules import DUTY_ORDER, Duty, revolutions_allowed
from dalmuti_replay.taxes import NOT_DUE, classify


def sets_of(hand: Counter[Card], size: int | None, below: int | None) -> list[list[Card]]:
    """Every distinct set the hand can lay: of ``size`` cards when given, of value below ``below``: the
    candidates rule 7's predicates accept (``moves.shapes``)."""
    held = [(card.value, count) for card, count in sorted(hand.items()) if not card.jester and count > 0]
    return [cards_of(move) for move in shapes(held, hand.get(JESTER, 0), size, below)]


def possible_hand(play: RoundPlay, name: str, held: int | None = None) -> Counter[Card]:
    """The most a player whose hand is unknown could hold of each card: the deck in use less what this
    round has seen played and what known hands hold, each capped by his card count (or ``held``)."""
    state = play.state
    left = Counter(state.table.deck)
    if play.tricks is not None:
        left.subtract(play.tricks.played_cards())
    for other, hand in state.hands.items():
        if hand is not None and other != name:
            left.subtract(hand)
    held = state.counts[name] if held is None else held
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


def classified(play: RoundPlay) -> list[tuple[str, int]]:
    """The transfers recorded so far, each with the duty it fulfils, in the rules' order of application."""
    state = play.state
    transfers = [(index, transfer) for index, transfer in enumerate(play.log.taxes or ())
                 if transfer is not None and state.is_player(transfer.giver) and state.is_player(transfer.receiver)]
    return classify(state, transfers, state.table.duties(True), closed=False)


def owed(play: RoundPlay) -> tuple[list[Duty], bool]:
    """The transfers that may be recorded now, in the rules' order, and whether play may begin.

    The rulings accept the transfers listed in any order and apply them in the rules' order, so every one
    still owed is offered at once, each from the hand its giver holds where the rules apply it: a Peon's
    tax from the hand as dealt, a Dalmuti's return from his hand with the tax once it has arrived (before
    that, from the cards he was dealt). The market's first half goes from the first merchant to another
    merchant, or that merchant's card comes first and names him; the other half follows. Play begins once
    nothing is owed and the market is not half done.
    """
    state = play.state
    if not play.taxes_due():
        return [], True
    filled = {kind: index for kind, index in classified(play) if kind != NOT_DUE}
    found = [duty for duty in state.table.duties(True) if duty.kind not in filled]
    whole = not found
    table = state.table
    if table.has_market:
        first, taxes = table.merchants[0], play.log.taxes or []
        if "market" in filled and "market-return" not in filled:
            found.append(Duty("market-return", taxes[filled["market"]].receiver, first, 1))
            whole = False
        elif "market-return" in filled and "market" not in filled:
            found.append(Duty("market", first, taxes[filled["market-return"]].giver, 1))
            whole = False
        elif "market" not in filled:
            found.append(Duty("market", first, "", 1))
            found += [Duty("market-return", other, first, 1) for other in table.merchants[1:]]
    return found, whole


def held_before(play: RoundPlay, duty: Duty) -> tuple[Counter[Card] | None, int]:
    """The giver's hand (``None``: unknown) and card count where the rules apply ``duty``: as dealt, with
    the transfers the rules apply before it (a Dalmuti's return comes after the tax he was paid)."""
    dealt = play.dealt if play.dealt is not None else play.state
    name = duty.giver
    hand = None if dealt.hands[name] is None else Counter(dealt.hands[name])
    count = dealt.counts[name]
    rank = DUTY_ORDER.index
    for kind, index in classified(play):
        transfer = play.log.taxes[index]
        if kind == NOT_DUE or rank(kind) >= rank(duty.kind) or name not in (transfer.giver, transfer.receiver):
            continue
        if transfer.receiver == name:
            count += len(transfer.cards)
            if hand is not None:
                hand.update(transfer.cards)
        else:
            count -= len(transfer.cards)
            if hand is not None:
                hand.subtract(transfer.cards)
                hand = +hand
    return hand, max(count, 0)


def transfers_for(play: RoundPlay, duty: Duty) -> tuple[list[tuple[str, list[Card]]], bool]:
    """``(receiver, cards)`` a duty may be paid with, and whether the giver's hand is known."""
    hand, count = held_before(play, duty)
    known = hand is not None
    if hand is None:
        hand = possible_hand(play, duty.giver, count)
    elif duty.is_peon_tax:
        return [(duty.receiver, best_held(hand, duty.count))], True
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
    holders = [name for name, hand in state.hands.items() if hand is not None and hand.get(JESTER, 0)]
    found = [(name, True) for name, hand in state.hands.items() if hand is not None and hand.get(JESTER, 0) >= 2]
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

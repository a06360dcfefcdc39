"""What an Il Grande Dalmuti log shows of the hands, as the search's position (``position.Position``) starts
from it: the hands a replayed round has reached, as counts per value, and the cards no hand is known to hold.

A round whose deal the log does not record proves a hand by the sets its player lays later in the round
(``learned``, given those steps by ``replaykit.analysis``): a seat held, at a play, every card it lays
afterwards. The deck is known (rule 2) and every card played is public, so the cards no later play shows
(the pool) are the deck less the cards laid so far and those proven; where one seat alone is short of cards
(``missing``), the last of the round, it holds them all. A pass proves nothing (rule 7 allows one holding a
playable set). The recorded transfers prove more (``hidden.tax_proof``): the cards a seat received and still
holds, counted into its hand here.

A hand here is ``{value: copies}``, a Jester counting 13 (``cards.JESTER_VALUE``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from dalmuti_replay.cards import JESTER_VALUE, Card, held_cards
from dalmuti_replay.hidden import Moves, tax_proof

Hand = dict[int, int]


def round_hands(play: Any, moves: Moves) -> tuple[list[Hand], Hand, dict[str, int]] | None:
    """For a replayed round (``rounds.RoundPlay``), in seating order: each seat's hand as far as the log shows it
    (recorded, or the cards the transfers prove), the cards left unplaced, and each Peon's floor
    (``hidden.tax_proof``); ``None`` where a recorded hand does not match its card count or the cards laid
    and recorded are more than the deck holds. ``moves``: the round's record, read once (``hidden.Moves``)."""
    state = play.state
    proven, floors = tax_proof(play, moves)
    unseen = {(JESTER_VALUE if card.jester else card.value): copies for card, copies in state.table.deck.items()}
    for laid in moves.laid.values():
        for value, copies in laid.items():
            if unseen.get(value, 0) < copies:
                return None  # more cards laid than the deck holds
            unseen[value] -= copies
    hands = []
    for name in state.table.order:
        hand = state.hands[name]
        if hand is not None and (sum(hand.values()) != state.counts[name] or not take(unseen, held_cards(hand))):
            return None
        counts = {} if hand is None else counts_of(held_cards(hand))
        if counts is None:
            return None
        for value, copies in proven.get(name, {}).items():
            # what a log contradicting itself proves beyond the cards left or the count held is dropped
            kept = min(copies, unseen.get(value, 0), state.counts[name] - sum(counts.values()))
            if kept > 0:
                unseen[value] -= kept
                counts[value] = counts.get(value, 0) + kept
        hands.append(counts)
    return hands, unseen, floors


def learned(players: Sequence[str], hands: list[Hand], missing: list[int], pool: Hand,
            later: Sequence[tuple[str, object]]) -> tuple[list[Hand], list[int], Hand] | None:
    """The hands, the cards each seat still holds unshown and the pool, once each seat holds the cards it lays
    in ``later`` (the steps from the position's own on, each its anchor and action as the log writes it)
    within this round, as far as the first transfer (cards laid after one may have been received), and a seat
    alone short of cards the rest; ``None`` where a seat lays more than it holds or a card no hand can hold.
    A card laid of a value the seat is proven to hold already (a transfer's) is counted as that one: it
    proves nothing more. The arguments are left as they are."""
    hands, missing, pool = [dict(hand) for hand in hands], list(missing), dict(pool)
    shown = [dict(hand) for hand in hands]  # the proven cards no later set has accounted for yet
    start = re.match(r"round-\d+-", later[0][0]) if later else None
    within = start.group() if start is not None else None  # the round's anchors begin so
    seat_of = {name: seat for seat, name in enumerate(players)}  # names are text: another value is no player
    for anchor, action in later:
        if within is None or not anchor.startswith(within) or not isinstance(action, dict) or "from" in action:
            break
        if "player" not in action:
            continue  # a trick opened empty or with a note
        name = action["player"]
        seat = seat_of.get(name, -1) if type(name) is str else -1
        laid = counts_of([Card.read(text) for text in action.get("cards") or ()])
        if laid is None or seat < 0:
            break
        if not missing[seat]:
            continue
        proven, extra = shown[seat], 0
        for value, copies in laid.items():
            known = min(copies, proven.get(value, 0))
            if known:
                proven[value] -= known
            copies -= known
            if copies:
                if pool.get(value, 0) < copies:
                    return None  # a card no hand can hold
                pool[value] -= copies
                hands[seat][value] = hands[seat].get(value, 0) + copies
                extra += copies
        if extra > missing[seat]:
            return None  # the seat lays more than it holds
        missing[seat] -= extra
    short = [seat for seat, count in enumerate(missing) if count]
    if len(short) == 1:
        for value, copies in pool.items():
            hands[short[0]][value] = hands[short[0]].get(value, 0) + copies
        missing[short[0]], pool = 0, {}
    return hands, missing, pool


def counts_of(cards: object, read: bool = True) -> Hand | None:
    """``{value: copies}`` of cards (``read``: ``Card`` objects, a Jester counting 13; else values already), or
    ``None`` where one is unreadable or beyond a packed hand's values."""
    counts: Hand = {}
    for card in cards:  # type: ignore[attr-defined]
        if read and (card is None or (card.value == JESTER_VALUE and not card.jester)):
            return None
        value = card if not read else JESTER_VALUE if card.jester else card.value
        if value > JESTER_VALUE:
            return None
        counts[value] = counts.get(value, 0) + 1
    return counts


def take(counts: Hand, cards: object) -> bool:
    """Take ``cards`` (``Card`` objects or values) out of ``counts``; ``False`` where one is not there."""
    for card in cards:  # type: ignore[attr-defined]
        value = card if isinstance(card, int) else JESTER_VALUE if card.jester else card.value
        if not counts.get(value):
            return False
        counts[value] -= 1
    return True


def elements(counts: Hand) -> list[int]:
    """Each card of ``counts`` as its value, as many times as its copies."""
    return [value for value, copies in counts.items() for _ in range(copies)]

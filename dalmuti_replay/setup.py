"""Before a round is played: who sits where (order, newcomers, claimed ranks) and the deal (rules 4, 11).

The order due is computed, never read from the log: round 1's is ``players``, a later round's the
previous finishing order with any newcomers seated in the middle. A round's ``ranks`` are a claim,
checked against it, except after an unfinished round, where nothing else says who sits where.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from dalmuti_replay.cards import TALLY_SIZE, Card, card_index, copies_in_deck, counted, in_deck
from dalmuti_replay.log import Round
from dalmuti_replay.round_state import RoundState
from dalmuti_replay.rules import newcomers_fit, seat_newcomers
from dalmuti_replay.words import said_with_an, say
from replaykit.texts import not_a_player
from replaykit.words import apart

Add = Callable[..., None]


def newcomers(add: Add, number: int, log: Round, earlier: list[str]) -> list[str]:
    """The readable, new names of ``join``; a name already playing is ``duplicate-player``."""
    found: list[str] = []
    for index, name in enumerate(log.join or ()):
        if name in earlier or name in found:
            add("duplicate-player", say('"{name}" cannot join round {round}: {name} is already playing.', name=name,
                                        round=number), "join", index, player=name)
        else:
            found.append(name)
    return found


def round_order(add: Add, number: int, log: Round, earlier: list[str], joining: list[str],
                unchecked: bool) -> list[str]:
    """The order this round starts in, Great Dalmuti first, before any revolution."""
    members = [*earlier, *joining]
    default = seat_newcomers(earlier, joining)
    ranks = log.ranks
    if ranks is None:
        return default
    for index, name in enumerate(ranks):
        if name not in members:
            said = say('The ranks of round {round} list "{name}", who is not playing it.', round=number, name=name)
            add("unknown-player", not_a_player(said, name, members), "ranks", index)
    if unchecked:
        # After an unfinished round only the log can say who sits where; a mere permutation is taken.
        if sorted(ranks) == sorted(members):
            return list(ranks)
        add("rank-mismatch", say("The ranks of round {round} must list each of its players once: {players}.",
                                 round=number, players=apart(members)), "ranks")
        return default
    if joining:
        if newcomers_fit(ranks, earlier, joining):
            return list(ranks)
        add("rank-mismatch", say("The ranks of round {round} break the joining rule: the earlier players keep "
                                 "their order ({earlier}) and {newcomers} sit together after {fewer} or {more} of "
                                 "them (ruling); the round is replayed as {order}.", round=number,
                                 earlier=apart(earlier), newcomers=apart(joining), fewer=len(earlier) // 2,
                                 more=(len(earlier) + 1) // 2, order=apart(default)), "ranks")
        return default
    if ranks != earlier:
        words = {"round": number, "due": apart(earlier), "claimed": apart(ranks), "previous": number - 1}
        add("rank-mismatch", say("The ranks of round {round} should be {due} (round 1's seating), not {claimed}.",
                                 **words) if number == 1 else
            say("The ranks of round {round} should be {due} (the finishing order of round {previous}), not {claimed}.",
                **words), "ranks")
    return earlier


def deal(state: RoundState) -> None:
    """Check a recorded deal (sizes, deck, copies) and take it as the hands' counts and contents."""
    log, table = state.log, state.table
    if log.hands is None:
        return
    sizes = table.sizes  # read only
    for name in log.hands:
        if not state.is_player(name):
            said = say('The deal gives a hand to "{name}", who is not playing round {round}.', name=name,
                       round=state.number)
            state.add("unknown-player", not_a_player(said, name, state.counts), "hands", name)
    for name in table.order:
        if name in log.unreadable_hands:
            continue
        hand = log.hands.get(name)
        if hand is None:
            state.add("hand-size", say("The deal gives no hand to {name}, who is dealt {size} cards as {rank}.",
                                       name=name, size=sizes[name], rank=table.title(name)), "hands", player=name)
            continue
        if len(hand) != sizes[name]:
            state.add("hand-size", say("{name}'s hand has {count} cards; as {rank} at {players} players {name} is "
                                       "dealt {size}.", name=name, count=len(hand), rank=table.title(name),
                                       players=table.size, size=sizes[name]), "hands", name, player=name)
        state.set_count(name, len(hand))
        state.hands[name] = counted(hand)
    top = table.top
    dealt = [0] * TALLY_SIZE  # how many of each card were dealt (``card_index``): a card's hash costs more
    fits = True
    for cards in log.hands.values():
        for card in cards:
            if in_deck(card, top):
                index = card_index(card)
                dealt[index] = dealt[index] + 1
                if dealt[index] > copies_in_deck(card):
                    fits = False
            else:
                fits = False
    if not fits:
        report_cards(state, log.hands)
    for name in table.order:
        if state.counts[name] == 0 and name not in state.finish:
            state.go_out(name, None, None)  # dealt nothing: out before play


def report_cards(state: RoundState, hands: dict[str, list[Card]]) -> None:
    """Each dealt card not in the deck in use, and the first copy of a value past the deck's, where it is
    dealt (``deal`` looks for one first: each value once, counted in C, for a deal that holds none)."""
    table = state.table
    dealt: Counter = Counter()
    reported = set()
    for name, hand in hands.items():
        owner = name if state.is_player(name) else None
        for index, card in enumerate(hand):
            if not in_deck(card, table.top):
                words = {"name": name, "card": str(card), "top": table.top}
                state.add("card-not-in-deck", say("{name} is dealt an {card}, which is not in the deck in use (values "
                                                  "1 to {top} and two Jesters).", **words) if said_with_an(card.value)
                          else say("{name} is dealt a {card}, which is not in the deck in use (values 1 to {top} and "
                                   "two Jesters).", **words), "hands", name, index, player=owner)
                continue
            dealt[card] += 1
            if dealt[card] > table.deck[card] and card not in reported:
                reported.add(card)
                state.add("too-many-copies", say("The deal has more than {copies} {card}s, all the deck holds; "
                                                 "{name}'s is one too many.", copies=table.deck[card], card=str(card),
                                                 name=name), "hands", name, index, player=owner)

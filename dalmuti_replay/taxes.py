"""Between deal and play: a revolution, the taxes and the market (rules 5, 6 and 12).

Transfers apply in the rules' order whatever the list order (ruling): the Peons pay first, the
Dalmutis give back, then the market (first merchant first), then transfers nobody owes. Without
``hands``, the only evidence of what a player was dealt is what he gave and what he played without
having received it; ``known_dealt`` collects that, and nothing more is inferred.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from dalmuti_replay.cards import JESTER, Card, best_held, in_deck, show
from dalmuti_replay.log import Transfer
from dalmuti_replay.report import TransferRecord
from dalmuti_replay.round_state import RoundState
from dalmuti_replay.rules import DUTY_ORDER, Duty, Options, Table, revolutions_allowed, taxes_due
from dalmuti_replay.words import said_with_an, say, say_n
from replaykit.texts import not_a_player
from replaykit.words import Text

NOT_DUE: Final = "not-due"
DUTY_NAMES = {"great-tax": say("the Great Peon's tax"), "little-tax": say("the Little Peon's tax"),
              "great-return": say("the Great Dalmuti's return"), "little-return": say("the Little Dalmuti's return"),
              "market": say("the first merchant's market card"), "market-return": say("the market card given back")}
# A transfer of the wrong size, said with what the rules ask of its kind (the count is the rules' own).
WRONG_COUNT = {
    "great-tax": lambda n, **p: say_n("{giver} gives {count} card to {receiver}; the Great Peon's tax is {due} cards.",
                                      "{giver} gives {count} cards to {receiver}; the Great Peon's tax is {due} cards.",
                                      n, **p),
    "little-tax": lambda n, **p: say_n("{giver} gives {count} card to {receiver}; the Little Peon's tax is {due} card.",
                                       "{giver} gives {count} cards to {receiver}; the Little Peon's tax is {due} "
                                       "card.", n, **p),
    "great-return": lambda n, **p: say_n("{giver} gives {count} card to {receiver}; the Great Dalmuti's return is "
                                         "{due} cards.", "{giver} gives {count} cards to {receiver}; the Great "
                                         "Dalmuti's return is {due} cards.", n, **p),
    "little-return": lambda n, **p: say_n("{giver} gives {count} card to {receiver}; the Little Dalmuti's return is "
                                          "{due} card.", "{giver} gives {count} cards to {receiver}; the Little "
                                          "Dalmuti's return is {due} card.", n, **p),
    "market": lambda n, **p: say_n("{giver} gives {count} card to {receiver}; the first merchant's market card is "
                                   "{due} card.", "{giver} gives {count} cards to {receiver}; the first merchant's "
                                   "market card is {due} card.", n, **p),
    "market-return": lambda n, **p: say_n("{giver} gives {count} card to {receiver}; the market card given back is "
                                          "{due} card.", "{giver} gives {count} cards to {receiver}; the market card "
                                          "given back is {due} card.", n, **p),
}


def known_dealt(state: RoundState) -> dict[str, Counter[Card]]:
    """For each player whose hand is unknown: cards he gave plus those he played but had not received."""
    if all(hand is not None for hand in state.hands.values()):
        return {}
    gave: dict[str, Counter[Card]] = {name: Counter() for name in state.counts}
    got: dict[str, Counter[Card]] = {name: Counter() for name in state.counts}
    for transfer in state.log.taxes or ():
        if transfer is not None and transfer.giver in gave and transfer.receiver in got:
            gave[transfer.giver].update(transfer.cards)
            got[transfer.receiver].update(transfer.cards)
    played: dict[str, Counter[Card]] = {name: Counter() for name in state.counts}
    for trick in state.log.tricks:
        for play in trick.plays:
            if play is not None and play.cards is not None and play.player in played:
                played[play.player].update(play.cards)
    top = state.table.top
    return {name: Counter({card: count for card, count in (gave[name] + (played[name] - got[name])).items()
                           if in_deck(card, top)})
            for name, hand in state.hands.items() if hand is None}


def revolution(state: RoundState) -> str | None:
    """Apply a declared revolution (``state.log.revolution``); returns ``"plain"``, ``"great"`` or ``None``.
    Whether it was allowed is ``revolution_problem``'s to say, once the round shows what it can prove."""
    name = state.log.revolution
    if name is None:
        return None
    if not state.is_player(name):
        said = say('The revolution is declared by "{name}", who is not playing round {round}.', name=name,
                   round=state.number)
        state.add("unknown-player", not_a_player(said, name, state.counts), "revolution")
        return None
    table = state.table
    kind = "great" if name == table.order[-1] else "plain"
    state.record.revolution, state.record.revolution_kind = name, kind
    if kind == "great":
        state.reseat(table.reversed())
        state.record.order = list(state.table.order)
    return kind


def needs_proof(state: RoundState) -> bool:
    """Whether judging the declared revolution waits for the rest of the round (the declarer's deal is unknown)."""
    name = state.log.revolution
    return (revolutions_allowed(state.table.options, state.number) and name is not None
            and state.hands.get(name, 0) is None)


def revolution_problem(state: RoundState, proof: dict[str, Counter[Card]], table: Table) -> None:
    """Report a revolution by someone not proven to hold both Jesters; it still takes effect (ruling).
    ``state`` is the round as dealt (``hands``), ``table`` its seating before the revolution; ``proof``
    what the whole round proves of unknown deals."""
    name = state.log.revolution
    if name is None or state.record.revolution != name:
        return  # not a player of the round: reported already
    problem = None
    if not revolutions_allowed(table.options, state.number):
        problem = say("{name}'s revolution is not allowed: round 1 is a settling round (variant settling_round), with "
                      "no revolution of either kind; it still takes effect (ruling).", name=name)
    else:
        hand = state.hands[name]
        if hand is not None and hand.get(JESTER, 0) < 2:
            problem = say_n("{name}'s revolution is not allowed: {name} was dealt {count} Jester, not both; it still "
                            "takes effect (ruling).", "{name}'s revolution is not allowed: {name} was dealt {count} "
                            "Jesters, not both; it still takes effect (ruling).", hand.get(JESTER, 0), name=name)
        else:
            holder = next((other for other in table.order if other != name and
                           (state.hands[other] or proof.get(other) or {}).get(JESTER, 0) > 0), None)
            if hand is None and holder is not None:
                problem = say("{name}'s revolution is not allowed: {holder} is known to have been dealt a Jester, so "
                              "{name} cannot have had both; it still takes effect (ruling).", name=name, holder=holder)
    if problem is not None:
        state.add("revolution-invalid", problem, "revolution", player=name)


def classify(state: RoundState, transfers: list[tuple[int, Transfer]], duties: list[Duty],
             closed: bool = True) -> list[tuple[str, int]]:
    """Match each readable transfer to the duty it fulfils (or ``NOT_DUE``), in the rules' order of
    application; once the phase is ``closed``, report the duties and market halves nobody fulfilled."""
    table = state.table
    open_duties = {(duty.giver, duty.receiver): duty for duty in duties}
    filled: set[str] = set()
    market_on = bool(duties) and table.has_market
    first, merchants = (table.merchants[0], set(table.merchants[1:])) if market_on else ("", set())
    partner = None
    kinds: list[tuple[str, int]] = []
    for index, transfer in transfers:
        giver, receiver = transfer.giver, transfer.receiver
        duty = open_duties.get((giver, receiver))
        kind = NOT_DUE
        if duty is not None and duty.kind not in filled:
            kind = duty.kind
        elif giver == first and receiver in merchants and "market" not in filled and partner in (None, receiver):
            kind, partner = "market", receiver
        elif receiver == first and giver in merchants and "market-return" not in filled and partner in (None, giver):
            kind, partner = "market-return", giver
        if kind != NOT_DUE:
            filled.add(kind)
        kinds.append((kind, index))
    order = {kind: position for position, kind in enumerate((*DUTY_ORDER, NOT_DUE))}
    ordered = sorted(kinds, key=lambda item: order[item[0]])
    if not closed:
        return ordered
    for duty in duties:
        if duty.kind not in filled:
            state.add("tax-missing", say_n("{giver} owes {receiver} {count} card ({duty}), but the taxes do not show "
                                           "it.", "{giver} owes {receiver} {count} cards ({duty}), but the taxes do "
                                           "not show it.", duty.count, giver=duty.giver, receiver=duty.receiver,
                                           duty=DUTY_NAMES[duty.kind]), "taxes", player=duty.giver)
    for half, other in (("market", "market-return"), ("market-return", "market")):
        if half in filled and other not in filled:
            missing = partner if other == "market-return" else first
            state.add("tax-missing", say("The market is half done: {duty} by {giver} is missing.",
                                         duty=DUTY_NAMES[other], giver=missing), "taxes", player=missing)
    return ordered


def collect(state: RoundState, kind: str | None, proof: dict[str, Counter[Card]], closed: bool = True) -> None:
    """Check and apply the round's transfers (``state.log.taxes``). While the phase is open (play has not
    begun) nothing is missing yet; a Peon's tax is judged on what the round so far proves (``proof``)."""
    table, log = state.table, state.log
    due = taxes_due(table.options, state.number, kind)
    duties = table.duties(due)
    if log.taxes is None:
        if duties and closed:
            state.add("tax-missing", say("Taxes were due in round {round} but the log has no \"taxes\": the four "
                                         "players' hands are unknown from here on.", round=state.number),
                      severity="warning")
            for duty in duties:
                state.hands[duty.giver] = None
        return
    readable = []
    for index, transfer in enumerate(log.taxes):
        if transfer is None:
            continue
        strangers = [(key, name) for key, name in (("from", transfer.giver), ("to", transfer.receiver))
                     if not state.is_player(name)]
        for key, name in strangers:
            said = say('Transfer {number} names "{name}", who is not playing round {round}.', number=index + 1,
                       name=name, round=state.number)
            state.add("unknown-player", not_a_player(said, name, state.counts), "taxes", index, key)
        if not strangers:
            readable.append((index, transfer))
    counts = {duty.kind: duty.count for duty in duties} | {"market": 1, "market-return": 1}
    for duty_kind, index in classify(state, readable, duties, closed):
        transfer = log.taxes[index]
        assert transfer is not None
        apply(state, index, transfer, duty_kind, counts.get(duty_kind), due, proof)


def _not_due_reason(state: RoundState, transfer: Transfer, due: bool) -> Text:
    if not due:
        options: Options = state.table.options
        if options.settling_round and state.number == 1:
            return say("round 1 is a settling round, with no taxes")
        if state.record.revolution_kind == "plain":
            return say("{name}'s revolution cancels the taxes", name=state.record.revolution)
        return say("under the automatic revolution variant no taxes are paid")
    table = state.table
    great = state.record.revolution_kind == "great"
    no_market = table.options.any_market and not table.has_market
    words = {"giver": transfer.giver, "giver_rank": table.title(transfer.giver), "receiver": transfer.receiver,
             "receiver_rank": table.title(transfer.receiver), "players": table.size}
    if great and no_market:
        return say("nobody owes it: {giver} ({giver_rank}) has no tax to pay {receiver} ({receiver_rank}), or it was "
                   "already paid; after the Great Revolution taxes follow the new ranks (ruling); a market needs two "
                   "merchants, six players or more (ruling), and this table has {players}", **words)
    if great:
        return say("nobody owes it: {giver} ({giver_rank}) has no tax to pay {receiver} ({receiver_rank}), or it was "
                   "already paid; after the Great Revolution taxes follow the new ranks (ruling)", **words)
    if no_market:
        return say("nobody owes it: {giver} ({giver_rank}) has no tax to pay {receiver} ({receiver_rank}), or it was "
                   "already paid; a market needs two merchants, six players or more (ruling), and this table has "
                   "{players}", **words)
    return say("nobody owes it: {giver} ({giver_rank}) has no tax to pay {receiver} ({receiver_rank}), or it was "
               "already paid", **words)


def apply(state: RoundState, index: int, transfer: Transfer, kind: str, count: int | None, due: bool,
          proof: dict[str, Counter[Card]]) -> None:
    giver, receiver, cards = transfer.giver, transfer.receiver, transfer.cards
    top = state.table.top
    for position, card in enumerate(cards):
        if not in_deck(card, top):
            words = {"giver": giver, "card": str(card), "top": top}
            state.add("card-not-in-deck", say("{giver} gives an {card}, which is not in the deck in use (values 1 to "
                                              "{top} and two Jesters).", **words) if said_with_an(card.value) else
                      say("{giver} gives a {card}, which is not in the deck in use (values 1 to {top} and two "
                          "Jesters).", **words), "taxes", index, "cards", position, player=giver)
    if kind == NOT_DUE:
        reason = _not_due_reason(state, transfer, due)
        state.add("tax-not-due", say("{giver} gives {cards} to {receiver}, but {reason}.", giver=giver,
                                     cards=show(cards), receiver=receiver, reason=reason),
                  "taxes", index, player=giver)
    right_count = count is None or len(cards) == count
    if not right_count:
        state.add("tax-wrong-count", WRONG_COUNT[kind](len(cards), giver=giver, receiver=receiver, due=count),
                  "taxes", index, player=giver)
    lacking = state.lacking(giver, cards)
    held = not lacking and len(cards) <= state.counts[giver]
    if lacking:
        words = {"giver": giver, "cards": show(lacking), "receiver": receiver}
        state.add("card-not-in-hand", say("{giver} gives {cards} to {receiver} without holding it.", **words)
                  if len(lacking) == 1 else say("{giver} gives {cards} to {receiver} without holding them.", **words),
                  "taxes", index, "cards", player=giver)
    elif not held:
        state.add("card-not-in-hand", say("{giver} gives {count} cards but holds only {held}.", giver=giver,
                                          count=len(cards), held=state.counts[giver]), "taxes", index, "cards",
                  player=giver)
    if kind.endswith("-tax") and right_count and held:
        _check_best(state, index, transfer, proof)
    state.take(giver, cards)
    state.give(receiver, cards)
    state.record.taxes.append(TransferRecord(kind, giver, receiver, list(cards)))


def _check_best(state: RoundState, index: int, transfer: Transfer, proof: dict[str, Counter[Card]]) -> None:
    """Rule 6: a Peon gives his best cards, judged on the hand as dealt, a Jester counting 13 (ruling)."""
    giver, cards = transfer.giver, transfer.cards
    hand = state.hands[giver]
    worst_paid = max(card.value for card in cards)
    if hand is not None:
        best = best_held(hand, len(cards))
        if sorted(card.value for card in best) != sorted(card.value for card in cards):
            state.add("tax-wrong-cards", say("{giver} pays {cards}, but the best cards of that hand were {best} (a "
                                             "Jester counts 13 here, ruling).", giver=giver, cards=show(sorted(cards)),
                                             best=show(best)), "taxes", index, "cards", player=giver)
        return
    others = proof.get(giver, Counter()) - Counter(cards)
    better = sorted(card for card in others.elements() if card.value < worst_paid)
    if better:
        state.add("tax-wrong-cards", say("{giver} pays {cards}, but {giver} was also dealt {better} (given or played "
                                         "later, never received), which is better than {worst}.", giver=giver,
                                         cards=show(sorted(cards)), better=str(better[0]), worst=worst_paid),
                  "taxes", index, "cards", player=giver)

"""The table as ``view()`` shows it: seats in the order played, the sets of the trick under way, the round.

Each seat: ``name``, ``hand`` (the cards known to be held, best first; none without a recorded deal),
``unseen`` (cards held but not known), ``pile`` (the sets this player laid this round), ``score`` (the
session's points, this round's so far included), ``rank`` (the social class this round) and ``out`` (the
place a player went out in, or ``None``). ``middle``: the sets of the trick under way, in the order laid
(at most the last 13: a legal trick never holds more, each set lower than the one before). Beside them
``round``, ``trick``, ``ranks`` (the order due at the round's start), ``revolution``, ``taxes`` (the
transfers performed so far, in the rules' order) and ``proven`` (for each seat whose hand the log does
not record, the cards proven so far to have been dealt to it: those it gave, and those it laid in the
plays replayed without having received them, as the rulings infer; nothing else is inferred). The view
after a round's deal shows every recorded hand whole (``unseen`` 0).

A view is taken after every step of a replay (the table view's snapshots), so views share what did not
change: a seat whose cards, pile, score and place are as before is the same object as in the last view,
and a step that changes nothing visible (a pass, a play past the round's end) gives the last view again.
Views are read-only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from dalmuti_replay.cards import held_cards
from dalmuti_replay.rounds import CLOSED, RoundPlay
from dalmuti_replay.session import Session


def texts(cards) -> list[str]:
    return [str(card) for card in cards]


def view_of(session: Session, view: Callable[..., dict]) -> dict:
    play = session.current
    if play is None:
        seats = [{"name": name, "hand": [], "unseen": 0, "pile": [], "score": session.totals.get(name, 0),
                  "rank": None, "out": None} for name in session.order]
        return view(seats, [], round=None, trick=None, ranks=list(session.order), revolution=None, taxes=[],
                    proven={})
    play.track()
    rules = play.state
    table = rules.table
    middle = play.middle[1] if play.middle[0] == len(play.log.tricks) else []
    closed = play.phase == CLOSED
    # Everything a view shows moves with one of these: a step that moves none gives the last view again.
    key = (play.phase, id(rules.hands), tuple(rules.counts.values()), len(rules.finish), id(middle),
           len(play.log.tricks), len(play.record.taxes), play.record.revolution, id(table), play.tracking)
    if play.last_view is not None and play.last_view[0] == key:
        return play.last_view[1]
    piles = play.piles
    places = {name: place for place, name in enumerate(rules.finish, start=1)}
    seats, cache = [], play.seat_views
    for seat_number, name in enumerate(table.order):
        hand = rules.hands.get(name)
        score = session.totals.get(name, 0) + (0 if closed else rules.points.get(name, 0))
        seat_key = (rules.counts[name], id(hand), id(piles[name]), score, places.get(name), seat_number)
        seat = cache.get(name)
        if seat is None or seat[0] != seat_key:
            cards = sorted(held_cards(hand)) if hand is not None else []
            seat = cache[name] = (seat_key, {"name": name, "hand": texts(cards),
                                             "unseen": max(rules.counts[name] - len(cards), 0), "pile": piles[name],
                                             "score": score, "rank": table.title(name), "out": places.get(name)})
        seats.append(seat[1])
    shown = view(seats, middle, round=play.number, trick=len(play.log.tricks) or None,
                 ranks=list(play.record.ranks), revolution=play.record.revolution,
                 taxes=[{"kind": tax.kind, "from": tax.giver, "to": tax.receiver, "cards": texts(tax.cards)}
                        for tax in play.record.taxes],
                 proven=proven_dealt(play))
    play.last_view = (key, shown)
    return shown


def laid(play: RoundPlay) -> dict[str, Counter]:
    """The cards each player laid in the plays replayed so far this round. Plays are only ever appended to
    ``record.tricks``, so the count goes on from the last view's; counters are copied, never changed, as a
    fork of the round shares them."""
    (trick, position), counted = play.laid
    tricks = play.record.tricks
    if not tricks or (trick, position) == (len(tricks) - 1, len(tricks[-1].plays)):
        return counted
    counted = dict(counted)
    for index in range(trick, len(tricks)):
        for entry in tricks[index].plays[position if index == trick else 0:]:
            if entry.cards:
                counted[entry.player] = counted.get(entry.player, Counter()) + Counter(entry.cards)
    play.laid = ((len(tricks) - 1, len(tricks[-1].plays)), counted)
    return counted


def proven_dealt(play: RoundPlay) -> dict[str, list[str]]:
    """For each seat without a recorded deal, the cards proven so far to have been dealt to it (best first):
    those it gave before play, and those it laid in the plays replayed without having received them. A
    seat whose cards laid and transfers are as at the last view keeps the list it had."""
    record = play.record
    unknown = [name for name in play.state.table.order if name not in record.hands]
    if not unknown:
        return {}
    taxes = tuple((tax.giver, tax.receiver, tuple(tax.cards)) for tax in record.taxes)
    played = laid(play)
    last_taxes, last_played, last = play.shown_proven
    shown = {}
    for name in unknown:
        mine = played.get(name)
        if taxes == last_taxes and name in last and mine is last_played.get(name):
            shown[name] = last[name]
            continue
        gave, got = Counter(), Counter()
        for giver, receiver, cards in taxes:
            if giver == name:
                gave.update(cards)
            if receiver == name:
                got.update(cards)
        shown[name] = texts(sorted((gave + ((mine or Counter()) - got)).elements()))
    play.shown_proven = (taxes, played, shown)
    return shown

"""The table as ``view()`` shows it: seats in the order played, the sets of the trick under way, the round.

Each seat: ``name``, ``hand`` (the cards known to be held, best first; none without a recorded deal),
``unseen`` (cards held but not known), ``pile`` (the sets this player laid this round), ``score`` (the
session's points, this round's so far included), ``rank`` (the social class this round) and ``out`` (the
place a player went out in, or ``None``). ``middle``: the sets of the trick under way, in the order laid.
Beside them ``round``, ``trick``, ``ranks`` (the order due at the round's start), ``revolution`` and
``taxes`` (the transfers performed so far, in the rules' order).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dalmuti_replay.rounds import CLOSED

if TYPE_CHECKING:
    from dalmuti_replay.state import DalmutiState


def texts(cards) -> list[str]:
    return [str(card) for card in cards]


def view_of(state: DalmutiState, view: Callable[..., dict]) -> dict:
    session = state.session
    play = session.current
    if play is None:
        seats = [{"name": name, "hand": [], "unseen": 0, "pile": [], "score": session.totals.get(name, 0),
                  "rank": None, "out": None} for name in session.order]
        return view(seats, [], round=None, trick=None, ranks=list(session.order), revolution=None, taxes=[])
    rules = play.state
    table = rules.table
    places = {name: place for place, name in enumerate(rules.finish, start=1)}
    piles: dict[str, list[str]] = {name: [] for name in table.order}
    for trick in play.log.tricks:
        for entry in trick.plays:
            if entry is not None and entry.cards is not None and entry.player in piles:
                piles[entry.player].extend(texts(entry.cards))
    closed = play.phase == CLOSED
    seats = []
    for name in table.order:
        hand = rules.hands.get(name)
        cards = sorted(hand.elements()) if hand is not None else []
        score = session.totals.get(name, 0) + (0 if closed else rules.points.get(name, 0))
        seats.append({"name": name, "hand": texts(cards), "unseen": max(rules.counts[name] - len(cards), 0),
                      "pile": piles[name], "score": score, "rank": table.title(name), "out": places.get(name)})
    middle = []
    current = play.tricks.current if play.tricks is not None else None
    if current is not None and play.log.tricks:
        middle = [{"player": entry.player, "cards": texts(entry.cards)}
                  for entry in play.log.tricks[current.number - 1].plays if entry is not None and entry.cards]
    taxes = [{"kind": tax.kind, "from": tax.giver, "to": tax.receiver, "cards": texts(tax.cards)}
             for tax in play.record.taxes]
    return view(seats, middle, round=play.number, trick=len(play.log.tricks) or None, ranks=list(play.record.ranks),
                revolution=play.record.revolution, taxes=taxes)

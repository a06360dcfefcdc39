"""The State as a model of the game (issue 28): each seat's result, what one seat has seen, the deal's odds,
a position key, the compact plays, and the position a search walks (``position.Position``).

``DalmutiState`` takes these from ``Model``; they read the session and the round under way and change
nothing. Seats are numbered in the seating of the round under way (``seats()``), Great Dalmuti first.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any

from dalmuti_replay import actions
from dalmuti_replay.cards import held_cards
from dalmuti_replay.choosing import texts
from dalmuti_replay.legal import due, owed, playable
from dalmuti_replay.moves import PASS, Move, move_of
from dalmuti_replay.position import Position
from dalmuti_replay.rounds import CLOSED, DEAL
from dalmuti_replay.rules import bonuses
from replaykit.state import Uniform


class Model:
    """What ``DalmutiState`` offers a search and an analysis (see the module docstring)."""

    session: Any
    round: Any
    logs: list
    last: actions.Step | None
    limits: Any
    chance: bool
    offered: Callable[[random.Random | None], list]
    to_log: Callable[[], dict]

    def seats(self) -> list[str]:
        """The seating of the round under way (or of the next, before any), Great Dalmuti first."""
        play = self.session.current
        return list(play.state.table.order) if play is not None else list(self.session.order)

    def returns(self) -> tuple[tuple[int | None, int], ...]:
        """Each seat's result: its place in the round (1 for the first out; ``None`` while it holds cards),
        then its points in the session, this round's so far included (with the variants' bonuses once the
        round is over): at the end, the report's finishing order and totals."""
        session, play = self.session, self.session.current
        totals = dict(session.totals)
        if play is None:
            return tuple((None, totals.get(name, 0)) for name in session.order)
        rules = play.state
        if play.phase != CLOSED:
            extra = bonuses(rules.table, rules.finish) if rules.over else {}
            for name, points in rules.points.items():
                totals[name] = totals.get(name, 0) + points + extra.get(name, 0)
        places = {name: place for place, name in enumerate(rules.finish, start=1)}
        return tuple((places.get(name), totals.get(name, 0)) for name in rules.table.order)

    def observation(self, seat: int) -> dict:
        """What ``seat`` has seen of the round under way: its own hand (``None`` when the log does not record
        it), every seat's card count, every play, the transfers it gave or received (of the others' only who
        and how many: tax cards pass face down), the revolution, who is out and the session's totals."""
        names = self.seats()
        me = names[seat]
        play = self.session.current
        totals = [self.session.totals.get(name, 0) for name in names]
        if play is None:
            return {"seat": seat, "players": names, "round": None, "hand": None, "counts": [0] * len(names),
                    "plays": [], "transfers": [], "revolution": None, "finish": [], "totals": totals}
        rules = play.state
        hand = rules.hands.get(me)
        transfers = [actions.transfer_entry(transfer) if me in (transfer.giver, transfer.receiver) else
                     {"from": transfer.giver, "to": transfer.receiver, "count": len(transfer.cards)}
                     for transfer in play.log.taxes or () if transfer is not None]
        plays = [actions.play_entry(entry) for trick in play.log.tricks for entry in trick.plays if entry is not None]
        return {"seat": seat, "players": names, "round": play.number,
                "hand": None if hand is None else texts(sorted(held_cards(hand))),
                "counts": [rules.counts[name] for name in names], "plays": plays, "transfers": transfers,
                "revolution": play.log.revolution, "finish": list(rules.finish), "totals": totals}

    def chance_outcomes(self) -> list[tuple[dict, float]] | Uniform:
        """At a deal, the deck's orders, all equally likely: ``Uniform`` with how many distinct orders of the
        deck's values there are (every deal comes from as many of them as its hands can be ordered, so deals
        are not equally likely, orders are) and a draw of one deal. Elsewhere nothing is left to chance."""
        if not self.chance:
            return []
        table = self.round.state.table
        deck = table.deck
        count = math.factorial(sum(deck.values())) // math.prod(math.factorial(copies) for copies in deck.values())

        def draw(rng: random.Random) -> dict:
            return self.offered(rng)[0].action

        return Uniform(count, draw)

    def key(self) -> tuple:
        """Equal exactly when two states are: the same log so far (a state is its steps replayed), the same
        phase of the round under way (a deal left unseen moves it on without a step) and the same limits."""
        play = self.round
        return (json.dumps(self.to_log(), sort_keys=True), None if play is None else play.phase, self.limits)

    def legal_actions(self) -> list[Move]:
        """The compact plays of the player to move once the round's play may begin (exact for a known hand,
        else every one not proven impossible): legality without a word made. Empty before that (a deal, a
        transfer owed) and at a round's end."""
        play = self.round
        if play is None or play.over or play.phase == DEAL or (play.tricks is None and not owed(play)[1]):
            return []
        player, size, below = due(play)
        if player is None:
            return []
        sets, _known = playable(play, player, size, below)
        moves = [move for move in map(move_of, sets) if move is not None]
        return [*moves, PASS] if below is not None else moves

    def searchable(self) -> Position | None:
        """The round under way as ``position.Position`` walks it, or ``None`` where it cannot be searched."""
        play = self.session.current
        if play is None or self.round is None or not self.session.replaying:
            return None
        return Position.of_round(play)

    def last_action(self) -> dict | None:
        """The step last made, as the log writes it."""
        return None if self.last is None else actions.action_of_step(self.last)

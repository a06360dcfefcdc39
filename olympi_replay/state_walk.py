"""What the Olympi Cards State offers beyond replaying: steps taken back, compact legal actions, each seat's
VP, a seat's own view of the game, chance outcomes with their probabilities, a position key, and the race
under way as the computer analysis searches it (``olympi_replay.position``).

A mixin of ``state.OlympiState``; it reads the replay (``game``), the log so far (``log``) and the draw made
unseen (``pending``), and never writes them but through ``undo``.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter

from olympi_replay.cards import CARD_COUNT, CARDS_BY_INDEX, COPIES, index_texts, natural
from olympi_replay.position import Position
from olympi_replay.rules import RECORD_VP, VP
from olympi_replay.state_choices import Action, Named, compact, race_actions, reveal_actions
from replaykit.state import Uniform

MAX_LISTED = 64  # a draw's sets of cards are listed up to this many, else drawn (``Uniform``)


class Walk:
    """The State's undo, compact actions, returns, observation, chance outcomes, key and search position."""

    def undo(self) -> None:
        """Take back the last step applied (``apply`` or ``leave_unseen``) exactly: the view, the choices, the
        key and the log are those before it."""
        if not self.history:
            raise IndexError("no step to take back")
        self.game, self.log, self.pending = self.history.pop()

    def free_copies(self) -> Counter:
        """The copies of each card (by index) not known to be anywhere: what a draw made unseen may bring."""
        known = self.game.cards.known
        return Counter({card: COPIES - known[card] for card in range(CARD_COUNT) if known[card] < COPIES})

    def legal_actions(self) -> list[Action]:
        """The legal steps as compact actions, no words: a race's starts, a player's plays then retiring
        (passing), or at a draw made unseen the draws listed by ``chance_outcomes`` (none where too many)."""
        if self.is_over():
            return []
        if self.pending is not None:
            outcomes = self.chance_outcomes()
            return [action for action, _ in outcomes] if isinstance(outcomes, list) else []
        if self.race_done():
            return reveal_actions(self.game)
        return [move for move, _known in race_actions(self.game, self.race, self.to_move)]

    def returns(self) -> tuple[int, ...]:
        """Each seat's VP so far in seating order, the race under way's medals and World Record included: the
        sum of its race rewards (rule 9); at the end of the game, the report's scores."""
        game, race = self.game, self.race
        scores = game.scores()
        if race is not None:
            for name, won in race.record.medals.items():
                scores[name] += sum(VP[medal] for medal in won)
            if race.record.record is not None:
                scores[race.record.record] += RECORD_VP
        return tuple(scores[name] for name in game.rules.seating)

    def key(self) -> tuple[str, bool]:
        """Equal exactly when two states are: the log so far (the replay is a function of it) and whether a
        draw made unseen waits to be named."""
        return json.dumps(self.log, sort_keys=True, separators=(",", ":")), self.pending is not None

    def chance_outcomes(self) -> list[tuple[Action, float]] | Uniform:
        """At a chance step, its outcomes with their probabilities (``[]`` elsewhere). A race's start: the
        card the pile shows on top, each equally likely where its order is unknown (postponing it is then
        the first player's choice, which ``choices`` offers with it). A draw made unseen: the cards drawn
        from a known order and a set of the copies not known to be anywhere, as likely as drawing it at
        random; past ``MAX_LISTED`` sets, ``Uniform``: the draws of so many of those copies, each equally
        likely (sets are not: a card with two copies left comes up more often), and one drawn."""
        if not self.chance:
            return []
        if self.pending is None:
            tops = self.game.pile.candidates()
            return [(action, 1 / len(tops)) for action in reveal_actions(self.game) if action.postponed is None]
        drawn, _number = self.pending
        copies = self.free_copies()
        wanted = min(drawn.unknown, copies.total())
        pool = list(copies.elements())
        ways = math.comb(len(pool), wanted)

        def named(cards) -> Named:
            return Named(compact([*drawn.known, *cards]))

        if _sets(list(copies.values()), wanted) > MAX_LISTED:
            return Uniform(ways, lambda rng: named(rng.sample(pool, wanted)))
        return [(named(cards), math.prod(math.comb(copies[card], times) for card, times in
                                         Counter(cards).items()) / ways)
                for cards in sorted(set(itertools.combinations(sorted(pool, key=CARDS_BY_INDEX.__getitem__), wanted)),
                                    key=natural)]

    def observation(self, seat: int) -> dict:
        """What the player at ``seat`` has seen: their own hand (its cards the log knows, and how many it
        does not), every card played in every race, each hand's size, the deck's and the discards' sizes,
        the Discipline cards left and everyone's VP; never a card of another hand or the deck's order."""
        game = self.game
        name = game.rules.seating[seat]
        hand = game.cards.hands[name]
        plays = [{"race": record.number, "player": entry.player, "cards": index_texts(entry.cards)}
                 for record in game.report.races for entry in record.turns
                 if entry.action == "play" and not entry.ignored]
        return {"seat": seat, "player": name, "hand": index_texts(hand.cards()),
                "unseen": hand.unknown, "plays": plays, "held": list(game.cards.sizes().values()),
                "deck": game.cards.deck_size, "discards": len(game.cards.discards),
                "disciplines_left": len(game.pile), "scores": list(self.returns()),
                "first_player": game.first_player, "to_move": self.to_move}

    def searchable(self) -> Position | None:
        """The race under way as the computer analysis searches it, where it can be (``Position.of_state``)."""
        return Position.of_state(self)

    def last_action(self) -> dict | None:
        """The step last recorded, as the log writes it: the race's last turn, else its start."""
        races = self.log.get("races") or []
        if not races or not isinstance(races[-1], dict):
            return None
        turns = races[-1].get("turns") or []
        if turns:
            return turns[-1]
        return {key: value for key, value in races[-1].items() if key != "turns"}


def _sets(copies: list[int], size: int) -> int:
    """How many distinct sets of ``size`` cards the copies make (``copies``: how many of each card)."""
    ways = [1] + [0] * size
    for count in copies:
        ways = [sum(ways[total - taken] for taken in range(min(count, total) + 1)) for total in range(size + 1)]
    return ways[size]

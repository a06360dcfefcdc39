"""What a game of David & Goliath looks like now: ``view()`` for the table, ``to_log()`` for the log so far.

A seat shows its hand (the deal where given, else the cards the log proves the player still holds), how
many held cards are unseen, its pile of captures with points per colour, and its score. The middle is the
trick on the table; ``taken`` is the last trick resolved, with who took what, so that a trick resolved only
when the next one began (a trick cut short) still shows its outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dg_replay.actions import hand_order
from dg_replay.cards import COLORS, card_text
from dg_replay.reader import GAME_ID
from dg_replay.rules import HAND_SIZE, color_score
from replaykit.state import view

if TYPE_CHECKING:
    from dg_replay.state import GameState


def texts(cards) -> list[str]:
    return [card_text(card) for card in cards]


class Views:
    """The view half of ``GameState`` (a mixin: the state's data lives in ``dg_replay.state``)."""

    __slots__ = ()

    def view(self: GameState) -> dict:
        seats = []
        for name in self.rules.seating:
            dealt = self.hands.get(name)
            if dealt is not None:
                hand, unseen = sorted(dealt, key=hand_order), 0
            else:
                hand = sorted((card for position, card in self.proven.get(name, ()) if position >= self.position),
                              key=hand_order)
                count = sum(play.player == name for trick in self.tricks for play in trick.plays)
                unseen = max(0, HAND_SIZE - count - len(hand))
            pile = self.pile(name)
            colors = {color: [card.value for card in pile if card.color == color] for color in COLORS}
            seats.append({"name": name, "hand": texts(hand), "unseen": unseen, "pile": texts(pile),
                          "score": self.scores[name], "dealt": dealt is not None,
                          "colors": {color: {"cards": len(values), "points": color_score(values)}
                                     for color, values in colors.items()}})
        record = self.current
        middle = [] if record is None else [{"player": play.player, "cards": [card_text(play.card)]}
                                            for play in record.plays if play.card is not None]
        taken = None
        if self.last_taken is not None:
            done = self.tricks[self.last_taken - 1]
            taken = {"trick": done.number, "high": done.high + 1 if done.high is not None else None,
                     "low": done.low + 1 if done.low is not None else None,
                     "captures": {name: texts(cards) for name, cards in done.captures.items()}}
        return view(seats, middle, trick=0 if record is None else record.number, tricks=len(self.tricks),
                    resolved=bool(record and record.resolved), taken=taken, dealer=self.dealer,
                    to_move=self.to_move, over=self.is_over())

    def to_log(self: GameState) -> dict:
        log: dict = {"game": GAME_ID, "players": list(self.players)}
        if self.dealer is not None:
            log["dealer"] = self.dealer
        if self.given_hands is not None:
            log["hands"] = {name: texts(card for card in cards if card is not None)
                            for name, cards in self.given_hands.items()}
        if self.has_tricks or self.tricks:
            log["tricks"] = [self.trick_log(record) for record in self.tricks]
        return log

    @staticmethod
    def trick_log(record) -> dict:
        plays = []
        for play in record.plays:
            entry: dict = {}
            if play.player is not None:
                entry["player"] = play.player
            if play.card is not None:
                entry["card"] = card_text(play.card)
            if play.note is not None:
                entry["note"] = play.note
            plays.append(entry)
        trick: dict = {"plays": plays}
        if record.note is not None:
            trick["note"] = record.note
        return trick

"""What a game of David & Goliath looks like now: ``view()`` for the table, ``to_log()`` for the log so far.

A seat shows its hand (the deal where given, else the cards the log proves the player still holds), how
many held cards are unseen, its pile of captures with points per colour, and its score. The middle is the
trick on the table; ``taken`` is the last trick resolved, with who took what, so that a trick resolved only
when the next one began (a trick cut short) still shows its outcome.
"""

from __future__ import annotations

from dg_replay.actions import hand_order
from dg_replay.cards import COLORS, card_text
from dg_replay.position import Position
from dg_replay.reader import GAME_ID
from dg_replay.rules import HAND_SIZE
from replaykit.state import view


def texts(cards) -> list[str]:
    return [card_text(card) for card in cards]


class Views:
    """The view half of ``GameState`` (a mixin: the state's data lives in ``dg_replay.state``).

    A view costs what changed since the state's last one, never a recount of the game so far: a seat's hand
    is looked at again only after that seat played (a hand only shrinks), its pile only after it took or gave
    back a trick (the state keeps captures as a chain of tricks, so the pile grows by the last one), the
    middle grows by the plays added to the trick on the table, and the last trick taken is described once.
    Views share what did not change (a seat's entry, its hand, the middle's plays): they are read, never
    changed in place.
    """

    __slots__ = ()

    def view(self) -> dict:
        shown, counts, piles = self.shown, self.counts, self.piles
        seats = []
        for name in self.rules.seating:
            kept = shown.get(name)
            seats.append(kept[3] if kept is not None and kept[0] == counts[name] and kept[1] is piles.get(name)
                         else self.seat_view(name))
        record = self.current
        taken = None
        if self.last_taken is not None:
            done = self.tricks[self.last_taken - 1]
            kept = shown.get("taken")
            if kept is None or kept[0] is not done:
                kept = shown["taken"] = (done, self.taken_view(done))
            taken = kept[1]
        return view(seats, [] if record is None else self.middle_view(record.plays), trick=0 if record is None
                    else record.number, tricks=len(self.tricks), resolved=bool(record and record.resolved),
                    taken=taken, dealer=self.dealer, to_move=self.to_move, over=self.is_over())

    def seat_view(self, name: str) -> dict:
        """``name``'s seat, from the last view's where there is one (``view`` reuses it while the seat has
        neither played nor taken or given back a trick since)."""
        count, chain, dealt = self.counts[name], self.piles.get(name), self.hands.get(name)
        kept = self.shown.get(name)
        if kept is None:
            held = sorted(dealt if dealt is not None else
                          (card for position, card in self.proven.get(name, ()) if position >= self.position),
                          key=hand_order)
            cards, hand = held, texts(held)
        elif kept[0] == count:
            cards, hand = kept[2], kept[3]["hand"]
        else:  # it played: its hand is the last one shown without the cards no longer held
            still = self.holds(name)
            cards = [card for card in kept[2] if still(card)]
            hand = kept[3]["hand"] if len(cards) == len(kept[2]) else \
                [text for card, text in zip(kept[2], kept[3]["hand"], strict=True) if still(card)]
        if kept is not None and kept[1] is chain:
            pile = kept[3]["pile"]
        elif kept is not None and chain is not None and chain[0] is kept[1]:
            pile = kept[3]["pile"] + texts(chain[1])
        else:
            pile = texts(self.pile(name))
        tally = self.tallies[name]
        unseen = 0 if dealt is not None else max(0, HAND_SIZE - count - len(hand))
        entry = {"name": name, "hand": hand, "unseen": unseen, "pile": pile, "score": self.scores[name],
                 "dealt": dealt is not None,
                 "colors": {color: {"cards": tally.counts[color], "points": tally.points(color)}
                            for color in COLORS}}
        self.shown[name] = (count, chain, cards, entry)
        return entry

    def holds(self, name: str):
        """Whether ``name`` still holds a card it held at the last view: in the deal, or played from here on."""
        dealt = self.hands.get(name)
        if dealt is not None:
            return dealt.__contains__
        played_at = self.shown.get("played at")
        if played_at is None:  # the proof is the loader's, given once: where each proven card is played
            played_at = self.shown["played at"] = {card: position for cards in self.proven.values()
                                                   for position, card in cards}
        return lambda card: played_at[card] >= self.position

    def middle_view(self, plays: list) -> list[dict]:
        """The trick on the table: the last middle shown and the plays added to the trick since."""
        kept = self.shown.get("middle")
        if kept is None or kept[0] is not plays or kept[1] > len(plays):
            kept = (plays, 0, [])
        middle = kept[2] + [{"player": play.player, "cards": [card_text(play.card)]}
                            for play in plays[kept[1]:] if play.card is not None]
        self.shown["middle"] = (plays, len(plays), middle)
        return middle

    @staticmethod
    def taken_view(done) -> dict:
        return {"trick": done.number, "high": done.high + 1 if done.high is not None else None,
                "low": done.low + 1 if done.low is not None else None,
                "captures": {name: texts(cards) for name, cards in done.captures.items()}}

    def returns(self) -> tuple[int, ...]:
        """Each seat's score were the log to end here, in seating order: at the end, the game's result (rule 8)."""
        scores = self.final_scores()
        return tuple(scores[name] for name in self.rules.seating)

    def final_scores(self) -> dict[str, int]:
        """The scores were the log to end here: a trick with a play too many is taken only as the log ends
        (``close_trick``), so it is taken on a copy."""
        record = self.current
        if record is None or record.resolved or len(record.plays) <= self.size:
            return self.scores
        final = self.snapshot()
        final.close_trick(last=True)
        return final.scores

    def observation(self, seat: int) -> dict:
        """What the player in ``seat`` (seating order) has seen, JSON-ready: their own hand (as far as the log
        shows it), every play so far, and for each seat the public counts — cards still held, pile, score.
        Never a card of another seat's hand."""
        name = self.rules.seating[seat]
        shown = self.view()["seats"]
        return {"seat": seat, "player": name, "hand": shown[seat]["hand"],
                "tricks": [self.trick_log(record)["plays"] for record in self.tricks],
                "seats": [{"name": entry["name"], "held": max(0, HAND_SIZE - self.counts[entry["name"]]),
                           "pile": entry["pile"], "score": entry["score"]} for entry in shown],
                "to_move": self.to_move}

    def chance_outcomes(self) -> list:
        """None: a game's deal is its setup, so no step of one game is the table's."""
        return []

    def key(self) -> tuple:
        """Equal exactly when two states started alike (the same limits and, from a log, the same evidence)
        are: a replay's position is its setup and every step recorded — its findings, piles and views follow
        from them."""
        hands = None if self.given_hands is None else tuple((name, tuple(cards))
                                                            for name, cards in self.given_hands.items())
        tricks = tuple((record.note, None if record.claimed is None else tuple(
            (name, tuple(cards)) for name, cards in record.claimed.items()), tuple(record.plays))
            for record in self.tricks)
        return tuple(self.players), self.dealer, hands, self.has_tricks, self.has_dealer, self.base, tricks

    def searchable(self) -> Position | None:
        """The position now for the computer analysis's search (``dg_replay.position``), where it can be one."""
        return Position.of_game(self)

    def last_action(self) -> dict | None:
        """The play last recorded, as a log writes it."""
        record = self.current
        if record is None or not record.plays:
            return None
        play = record.plays[-1]
        return {key: value for key, value in (("player", play.player),
                                              ("card", None if play.card is None else card_text(play.card)))
                if value is not None}

    def to_log(self) -> dict:
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

"""Tricks and turns (rules 7 and 8 with the contract's rulings), replayed play by play.

The replay goes on with the log as recorded: an illegal set still leaves its player's hand and is the
set to beat. The player due is the next clockwise from whoever made the previous play, among those
holding cards. A trick ends when, after its last set, as many passes were played as there were other
players holding cards; its last set's player leads next, or the first player to his left with cards.
"""

from __future__ import annotations

from dalmuti_replay.cards import JESTER, JESTER_VALUE, Card, in_deck, is_mixed, set_value, show
from dalmuti_replay.log import Play, Trick
from dalmuti_replay.moves import lower, right_size
from dalmuti_replay.report import PlayRecord, TrickRecord
from dalmuti_replay.round_state import RoundState
from dalmuti_replay.words import said_with_an, say, say_n
from replaykit.texts import not_a_player
from replaykit.words import Text


class TrickReplay:
    """One trick: ``step`` replays its plays one by one; ``over``, ``after_end`` and ``next_leader()`` say how
    it ended and who is due to lead the next one."""

    def __init__(self, state: RoundState, trick: Trick, number: int, due: str | None) -> None:
        self.state, self.trick, self.number = state, trick, number
        self.record = TrickRecord(number, note=trick.note)
        self.leader_due = due
        self.previous: str | None = None  # who made the previous play, for the turn order
        self.base: int | None = None
        self.last_value: int | None = None
        self.last_count = 0  # the cards of the last set, for the words that name it
        self.last_player: str | None = None
        self.needed: int | None = None  # passes that end the trick, counted from its last set
        self.passes = 0
        self.over = False
        self.after_end = False

    def fork(self, state: RoundState) -> TrickReplay:
        """A copy going on from ``state`` (a copy of this trick's), its record the last of ``state.record``'s."""
        twin = TrickReplay(state, self.trick, self.number, self.leader_due)
        twin.record = state.record.tricks[-1]
        twin.previous, twin.base, twin.last_value, twin.last_player = (self.previous, self.base, self.last_value,
                                                                       self.last_player)
        twin.last_count = self.last_count
        twin.needed, twin.passes, twin.over, twin.after_end = self.needed, self.passes, self.over, self.after_end
        return twin

    def add(self, code: str, message: Text, index: int, *tokens: object, player: str | None = None) -> None:
        self.state.add(code, message, "tricks", self.number - 1, "plays", index, *tokens, trick=self.number,
                       play=index + 1, player=player)

    def step(self, index: int, play: Play, played: list[int]) -> None:
        """Replay the readable play at ``index`` of the trick (``state.ended_reported`` stops the round)."""
        state = self.state
        if state.over:
            if not state.ended_reported:
                state.ended_reported = True
                holders = state.holding()
                if holders:
                    message = say("Round {round} was already over (only {holder} held cards, and a round ends when "
                                  "one player alone holds cards: ruling), so this play and the rest of the round are "
                                  "not replayed.", round=state.number, holder=holders[0])
                else:
                    message = say("Round {round} was already over (nobody held cards, and a round ends when one "
                                  "player alone holds cards: ruling), so this play and the rest of the round are not "
                                  "replayed.", round=state.number)
                self.add("play-after-end", message, index, player=play.player)
            return
        if self.over:
            self.play_after_trick(index, play)
        else:
            self.play(index, play, played)

    def play_after_trick(self, index: int, play: Play) -> None:
        """Not checked (ruling): the first such play is reported, sets only leave the hands."""
        if not self.after_end:
            self.after_end = True
            self.add("play-after-end", say_n("Trick {trick} was already over: everyone else had passed after "
                                             "{player}'s {value}; this play and the rest of the trick are not "
                                             "checked (ruling).",
                                             "Trick {trick} was already over: everyone else had passed after "
                                             "{player}'s {value}s; this play and the rest of the trick are not "
                                             "checked (ruling).", self.last_count, trick=self.number,
                                             player=self.last_player, value=self.last_value),
                     index, player=play.player)
        went_out, left = False, None
        if play.cards is not None and self.state.is_player(play.player):
            went_out, left = self.take(index, play.player, play.cards)
        self.note_play(index, play, went_out, left)

    def play(self, index: int, play: Play, played: list[int]) -> None:
        state = self.state
        due = self.leader_due if self.previous is None else state.next_holding(self.previous)
        if play.player != due and play.player not in state.counts:  # ``is_player``: the player due is one
            if due:
                message = say('"{name}" is not playing round {round}; the play is ignored and counted as a pass by '
                              "{due} (ruling).", name=play.player, round=state.number, due=due)
            else:
                message = say('"{name}" is not playing round {round}; the play is ignored and counted as a pass by '
                              "the player due (ruling).", name=play.player, round=state.number)
            self.add("unknown-player", not_a_player(message, play.player, state.counts), index, "player")
            self.previous = due or self.previous
            if self.needed is not None:
                self.count_pass()
            self.note_play(index, play)
            return
        player = play.player
        if self.previous is None:
            self.record.leader = player
            if due is not None and player != due:
                self.add("wrong-leader", self.wrong_leader(player, due), index, player=player)
        elif player != due:
            if state.counts[player] == 0:
                message = say("{player} plays out of turn: {player} is out of cards and plays no more.", player=player)
            else:
                message = say("{player} plays out of turn: after {previous}, it was {due}'s turn.", player=player,
                              previous=self.previous, due=due)
            self.add("wrong-turn", message, index, player=player)
        first = self.previous is None
        self.previous = player
        went_out, left = False, None
        if play.cards is None:
            if first:
                self.add("lead-pass", say("{player} passes on the lead of trick {trick}; a leader must play a set "
                                          "(ruling), so the trick's first set becomes its base.", player=player,
                                          trick=self.number), index, player=player)
            if self.needed is not None:
                self.count_pass()
        else:
            value = self.check_set(index, player, play.cards, played)
            went_out, left = self.take(index, player, play.cards, laid=True)
            if self.base is None:
                self.base = len(play.cards)
            self.last_value, self.last_count, self.last_player = value, len(play.cards), player
            self.needed = state.holders() - (left > 0)  # the others still holding cards
            self.passes = 0
            self.over = self.needed == 0
        self.note_play(index, play, went_out, left)

    def take(self, index: int, player: str, cards: list[Card], laid: bool = False) -> tuple[bool, int]:
        """The set leaves the hand (``laid``: its contents already, ``check_set``): whether it was the player's last
        card, and the count left."""
        finish = self.state.finish
        before = len(finish)
        left = self.state.take(player, cards, self.number, index + 1, laid)
        return len(finish) > before and finish[before] == player, left  # out now: listed first of those out

    def wrong_leader(self, player: str, due: str) -> Text:
        if self.number == 1:
            return say("{player} leads trick {trick}, but {due} should: the Great Dalmuti ({due}) leads a round's "
                       "first trick.", player=player, trick=self.number, due=due)
        return say("{player} leads trick {trick}, but {due} should: {due} is due after trick {previous} (its last "
                   "set's player, or the next with cards).", player=player, trick=self.number, due=due,
                   previous=self.number - 1)

    def count_pass(self) -> None:
        self.passes += 1
        if self.needed is not None and self.passes >= self.needed:
            self.over = True

    def check_set(self, index: int, player: str, cards: list[Card], played: list[int]) -> int:
        """Report what rule 7 and the cards held forbid in the set, a known hand giving it up (``RoundState.lay``);
        its value (``cards.set_value``)."""
        state = self.state
        top = state.top
        outside = False
        for card in cards:
            value = card.value  # a Jester's is 13: in the deck in use a value names one card (``TrickPhase``)
            if card.jester or value <= top:
                played[value] = played[value] + 1
            else:
                outside = True
        if outside:
            for position, card in enumerate(cards):
                if not in_deck(card, top):
                    words = {"player": player, "card": str(card), "top": top}
                    self.add("card-not-in-deck", say("{player} plays an {card}, which is not in the deck in use "
                                                     "(values 1 to {top} and two Jesters).", **words)
                             if said_with_an(card.value) else
                             say("{player} plays a {card}, which is not in the deck in use (values 1 to {top} and two "
                                 "Jesters).", **words), index, "cards", position, player=player)
        if state.hands[player] is not None:
            lacking = state.lay(player, cards)  # the set leaves the known hand here (``take`` counts it out)
            if lacking:
                self.add("card-not-in-hand", say("{player} plays {cards} without holding it.", player=player,
                                                 cards=show(lacking)) if len(lacking) == 1 else
                         say("{player} plays {cards} without holding them.", player=player, cards=show(lacking)),
                         index, "cards", player=player)
        else:
            if len(cards) > state.counts[player]:
                held = state.counts[player]  # one card or more: more than one is played
                said = (say("{player} plays {count} cards but holds only {held}.", player=player, count=len(cards),
                            held=held) if held else
                        say_n("{player} plays {count} card but holds none.", "{player} plays {count} cards but holds "
                              "none.", len(cards), player=player))
                self.add("card-not-in-hand", said, index, "cards", player=player)
            deck = state.table.deck
            past = sorted({card for card in cards if in_deck(card, top) and played[card.value] > deck[card]})
            if past:
                copies = ", ".join(f"{deck[card]} × {card}" for card in past)
                self.add("too-many-copies", say("{player} plays {cards}, but the deck's {copies} were all played this "
                                                "round already.", player=player, cards=show(past), copies=copies),
                         index, "cards", player=player)
        value = set_value(cards)
        if is_mixed(cards):
            self.add("mixed-values", say("{player}'s set {cards} mixes values; only Jesters may join a set. It counts "
                                         "as {value}s, its first numbered card (ruling).", player=player,
                                         cards=show(cards), value=value), index, "cards", player=player)
        if not right_size(len(cards), self.base):
            self.add("set-size", say_n("{player} plays {count} card ({cards}); trick {trick}'s base set has {base}.",
                                       "{player} plays {count} cards ({cards}); trick {trick}'s base set has {base}.",
                                       len(cards), player=player, cards=show(cards), trick=self.number,
                                       base=self.base), index, "cards", player=player)
        if not lower(value, self.last_value):
            words = {"player": player, "cards": show(cards), "last": self.last_player, "value": self.last_value}
            if all(card.jester for card in cards):
                message = say_n("{player}'s {cards} (Jesters alone count 13, ruling) is not lower than the last set, "
                                "{last}'s {value}.", "{player}'s {cards} (Jesters alone count 13, ruling) is not "
                                "lower than the last set, {last}'s {value}s.", self.last_count, **words)
            else:
                message = say_n("{player}'s {cards} is not lower than the last set, {last}'s {value}.",
                                "{player}'s {cards} is not lower than the last set, {last}'s {value}s.",
                                self.last_count, **words)
            self.add("not-lower", message, index, "cards", player=player)
        return value

    def note_play(self, index: int, play: Play, went_out: bool = False, left: int | None = None) -> None:
        """The play's record: ``left``, the count a set leaves its player (``None``: a pass, or no player)."""
        self.record.plays.append(PlayRecord(index + 1, play.player, play.cards, left, went_out, play.note))

    def next_leader(self) -> str | None:
        """The last set's player, or the first player to his left with cards; ``None`` without a set."""
        if self.last_player is None:
            return None
        if self.state.counts[self.last_player] > 0:
            return self.last_player
        return self.state.next_holding(self.last_player)


class TrickPhase:
    """The round's tricks as they come: ``open`` starts the next trick, ``step`` replays a play of the
    current one, ``close`` ends the phase; a trick is judged finished or cut short when the next opens."""

    def __init__(self, state: RoundState) -> None:
        self.state = state
        holding = state.holding()
        self.due: str | None = holding[0] if holding else None
        self.checked = True
        # The cards of the deck played this round, by value: in the deck in use a value names one card (a Jester
        # is the only 13), and a list's item is counted without hashing a card, as a dict's is
        self.played = [0] * (JESTER_VALUE + 1)
        self.current: TrickReplay | None = None
        self.count = 0  # tricks opened

    def fork(self, state: RoundState) -> TrickPhase:
        """A copy going on from ``state`` (a copy of this phase's): the cards played counted apart."""
        twin = TrickPhase(state)
        twin.due, twin.checked, twin.count = self.due, self.checked, self.count
        twin.played = list(self.played)
        twin.current = None if self.current is None else self.current.fork(state)
        return twin

    def played_cards(self) -> dict[Card, int]:
        """The cards of the deck played this round, and how many of each."""
        return {JESTER if value == JESTER_VALUE else Card(value): count for value, count in enumerate(self.played)
                if count}

    @property
    def stopped(self) -> bool:
        return self.state.ended_reported

    def open(self, trick: Trick) -> None:
        """Start the round's next trick (``trick`` is its entry in the round's log)."""
        self.end_current(cut_short=True)
        if self.stopped:
            return
        self.count += 1
        self.current = TrickReplay(self.state, trick, self.count, self.due if self.checked else None)
        self.state.record.tricks.append(self.current.record)

    def step(self, index: int, play: Play) -> None:
        if self.current is not None and not self.stopped:
            self.current.step(index, play, self.played)

    def step_all(self, plays: list[Play | None]) -> None:
        """``step`` for every readable play of the current trick, as the log holds them."""
        current = self.current
        if current is None:
            return
        for index, play in enumerate(plays):
            if self.stopped:
                return  # for good: the round was over
            if play is not None:
                current.step(index, play, self.played)

    def end_current(self, cut_short: bool) -> None:
        """Fill the current trick's record; ``cut_short``: another trick follows it in the log."""
        replay, state = self.current, self.state
        if replay is None or (self.stopped and replay.number != self.count):
            return
        record = replay.record
        record.winner, record.size, record.value = replay.last_player, replay.base, replay.last_value
        record.cards_left = dict(state.counts)
        record.out = [out.player for out in state.record.out if out.trick == record.number]
        if state.ended_reported:
            return
        if cut_short and not replay.over and not state.over and replay.last_player is not None:
            state.add("trick-unfinished", say("Trick {trick} stops before everyone else passed after {player}'s "
                                              "last set, yet trick {next} follows.", trick=replay.number,
                                              player=replay.last_player, next=replay.number + 1), "tricks",
                      replay.number - 1, trick=replay.number, player=replay.last_player)
        self.due = replay.next_leader()
        self.checked = self.due is not None and not replay.after_end
        self.current = None

    def close(self) -> None:
        self.end_current(cut_short=False)

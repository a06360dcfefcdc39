"""One game of David & Goliath as a live State: the one place where its rules are applied (a trick's plays here, its
rarer steps and rule 4 in ``dg_replay.playing``). The validator (``dg_replay.replay``) applies a log here; the
simulator picks among ``choices()``; the table view is ``view()`` after every play; the recorder and the what-if apply
what a person picks (``replaykit.state`` holds the contract). A user's mistake is a finding and the game goes on "as
played": the card leaves the hand if it was there, and a trick is resolved from the cards actually played. One class,
compiled whole by mypyc, its fields typed and copied one by one, its cards kept as bits (``dg_replay.bits``); what a
person asks of it (``actions``, ``views``, ``setup``) is in functions.

Findings are kept per trick, in the order the validator has always listed them (a trick's own problems — too many
tricks, wrong leader, wrong size — before its plays'), because a trick's size is only known once the next trick begins
or the log ends. The state has no look-ahead: what only a whole log can prove (that a player held a colour, from a
card they play later) is handed in by the loader as ``evidence``."""

from __future__ import annotations

import random

from dg_replay import actions, setup, views
from dg_replay.bits import BIT_LIMIT, COLOR_COUNT, SLOT_BY_CODE, first_played, odd_step
from dg_replay.cards import Card
from dg_replay.limits import DEFAULT_LIMITS, Limits
from dg_replay.playing import close_trick, lead, may_play, not_in_deck, off_lead, unresolve
from dg_replay.position import Position
from dg_replay.reader import Play, finding
from dg_replay.report import TrickRecord
from dg_replay.rules import TRICKS_PER_GAME, Tally, captures_of, high_low
from dg_replay.words import say
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import ERROR, Finding
from replaykit.state import Choice
from replaykit.texts import not_a_player

# Evidence: player -> colour -> (position of the last play proving it, its trick, the card), see ``replay``.
Evidence = dict[str, dict[str, tuple[int, int, Card]]]


def seating_of(players: list[str]) -> tuple[str, ...]:
    """Seats in order; a repeated name (itself an error) keeps its first seat (a set tells the usual case, no name
    repeated, for less than ``dict.fromkeys`` costs)."""
    return tuple(players) if len(set(players)) == len(players) else tuple(dict.fromkeys(players))


class GameState:
    """One game from its setup. The loader drives ``begin_trick`` and ``play`` (a log's tricks as written);
    ``apply`` (in ``dg_replay.actions``) places a play itself. ``budget``: findings that may still be built
    before errors are only counted (``unlisted``), as ``replaykit.engine.DETAILED_FINDINGS`` asks.
    ``copy_of``: that state's fields, shared, instead (``snapshot``: a compiled class is made by ``__init__``)."""

    chance = False  # the deal is part of the setup: no step of one game is the table's

    def __init__(self, players: list[str], dealer: str | None = None,
                 hands: dict[str, list[Card | None]] | None = None, budget: int = DETAILED_FINDINGS,
                 limits: Limits = DEFAULT_LIMITS, *, copy_of: GameState | None = None) -> None:
        if copy_of is not None:
            self.take(copy_of)
            return
        self.players = list(players)
        self.limits = limits  # the reader's: no step is offered or taken past them (``actions``)
        seating = seating_of(players)  # ``rules.seating``, kept in a local: ``Rules`` is interpreted
        table = setup.table_of(seating)
        self.rules, self.seats, self.orders, self.seat_of = table.rules, table.seats, table.orders, table.seat_of
        self.size, self.seat_orders = len(seating), table.seat_orders
        self.deck_known = table.deck_known
        self.top = table.top
        self.dealer = dealer
        self.given_hands = hands
        self.budget = budget
        self.unlisted = 0
        self.fresh: list[Finding] = []  # the findings of the step being applied
        self.found: list[Finding] = []  # in the validator's order: the setup's, then trick by trick
        self.from_claims: list[Finding] = []  # those of ``found`` about a log's claims (the loader's checks)
        self.head = 0  # where a trick-size finding of the current trick goes (after the trick's own)
        self.closed = False  # the trick on the table takes no more plays
        self.hands: dict[str, list[int]] = {}  # the known hands, per colour a bit per value held (``dg_replay.bits``)
        self.held: list[list[int] | None] = [None] * self.size  # the same hands' lists by seat (``seat_of``)
        self.odd: dict[str | None, set[Card]] = {}  # cards past ``bits.BIT_LIMIT``: by name in hands, None played
        self.played = [0] * COLOR_COUNT  # every card played so far, as bits (``dg_replay.bits``)
        self.tallies = {name: Tally() for name in seating}
        self.scores = dict.fromkeys(seating, 0)
        # Kept as plays are recorded, so that a view costs what changed since the last one (``dg_replay.views``):
        # each seat's plays so far, and its captures as a chain of the tricks taken, ``(earlier, cards)``.
        self.counts = [0] * self.size  # by seat (``seat_of``)
        self.piles: dict[str, tuple | None] = {}
        self.shown: dict = {}  # what the last views showed (``dg_replay.views``)
        self.void: dict[str, set[str]] = {}  # colours a player with an unknown hand has shown not to hold
        self.evidence: Evidence = {}
        self.proven: dict[str, list[tuple[int, Card]]] = {}  # cards a player plays later (view only)
        self.tricks: list[TrickRecord] = []
        self.readable: list[bool] = []  # per trick: its plays could be read
        self.every_trick_resolved = True
        self.position = 0  # plays recorded so far, over all tricks
        self.first: str | None = None  # the current trick's leader and the order of play from them
        self.order: tuple[str, ...] = ()
        self.order_seats: tuple[int, ...] = ()  # the same players' seats
        self.led: Card | None = None
        self.hidden = False  # a play of the current trick could not be read: it cannot be resolved
        self.due: str | None = table.lefts[dealer] if dealer in self.seats else None  # type: ignore[index]
        self.last_taken: int | None = None  # the number of the last trick resolved
        self.has_tricks = False  # the log holds a list of tricks (else a patch creates it)
        self.has_dealer = dealer is not None
        self.prefix = ""  # the anchors' prefix inside a match: ``game-N-``
        self.base = ""  # where this game sits in the document (a match's game: ``/games/N``)
        self.leader_hint: str | None = None  # a match's game whose players cannot be read: who led its first trick
        self.undos: list[GameState] = []  # the state before each step ``apply`` recorded (``undo``)
        self.shared = 0  # how many of ``undos`` a clone may hold too (``undo`` copies those before using one)
        setup.check_setup(self)

    def add(self, code: str, message: str, path: str, trick: int | None = None, play: int | None = None,
            player: str | None = None, severity: str = ERROR, into: list[Finding] | None = None,
            at: int | None = None) -> None:
        """Build a finding into ``into`` (the current trick's by default), or only count it past the budget."""
        if severity == ERROR and self.budget <= 0:
            self.unlisted += 1
            return
        self.budget -= 1
        made = finding(code, severity, message, trick, play, player, path)
        target = self.found if into is None else into
        if at is None:
            target.append(made)
        else:
            target.insert(at, made)  # only ever into the trick on the table: the next one has nothing yet
        self.fresh.append(made)

    @property
    def findings(self) -> list[Finding]:
        """Every finding of the setup and the actions so far, in the validator's order (not the log's claims)."""
        if not self.from_claims:
            return list(self.found)
        claims = {id(made) for made in self.from_claims}
        return [made for made in self.found if id(made) not in claims]

    def give_evidence(self, evidence: Evidence, proven: dict[str, list[tuple[int, Card]]]) -> None:
        """What the whole log proves: for each player and colour the last play showing they held it, and the
        cards each player is shown to play (the loader's hindsight, never the state's)."""
        self.evidence = evidence
        self.proven = {name: cards for name, cards in proven.items() if name not in self.hands}

    # -- tricks ----------------------------------------------------------------------------------

    @property
    def current(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None

    def is_open(self) -> bool:
        """A trick is on the table and takes more plays (fewer than one per player, its plays readable)."""
        return bool(self.tricks) and self.readable[-1] and len(self.tricks[-1].plays) < self.size

    def close_trick(self, last: bool) -> None:
        """The trick on the table takes no more plays: its size checked, taken if it can be (``playing``)."""
        close_trick(self, last)

    def begin_trick(self, note: str | None = None, claimed: dict | None = None, readable: bool = True) -> None:
        """Close the trick on the table (it was not the last) and start the next one."""
        tricks = self.tricks
        if tricks and not self.closed:
            close_trick(self, False)
        self.closed = False
        number = len(tricks) + 1
        self.has_tricks = True
        self.tricks.append(TrickRecord(number, [], note, claimed))
        self.readable.append(readable)
        self.head = len(self.found)
        if not readable:
            self.every_trick_resolved = False  # who played what is unknown: the result cannot be known
        if number == TRICKS_PER_GAME + 1:
            self.add("too-many-tricks", say("A game has {tricks} tricks; trick {number} and any after it are "
                                            "checked for illegal plays but not scored.", tricks=TRICKS_PER_GAME,
                                            number=number), f"/tricks/{number - 1}", number)
            self.head = len(self.found)

    def play(self, play: Play) -> None:
        """Record one play of the trick on the table, as played, with the findings the rules give."""
        self.plays([play])

    def plays(self, plays: list[Play]) -> None:
        """Record plays of the trick on the table in order (the loader gives a log's trick at once)."""
        record = self.tricks[-1]
        held, played, top = self.held, self.played, self.top  # ``self.add`` is called, never bound once a trick
        deck_known, counts, seat_of, order_seats = self.deck_known, self.counts, self.seat_of, self.order_seats
        number, size = record.number, self.size
        scored = number <= TRICKS_PER_GAME and self.readable[-1]
        on_table, order, led, hidden, position = record.plays, self.order, self.led, self.hidden, self.position
        taken = record.resolved  # kept in a local: the record is another module's object
        for play in plays:
            if taken:  # one play more than the table has players: taken again when closed
                unresolve(self, record)
                record, taken = self.tricks[-1], False
                on_table = record.plays
            index = len(on_table)
            player, card = play.player, play.card
            due = 0 < index < len(order) and player == order[index]
            # The player due: their seat known without a lookup by name; -1: not a player.
            seat = order_seats[index] if due else seat_of.get(player, -1) if player is not None else -1
            known = seat >= 0
            if not index:
                lead(self, player, card, known, number)
                order, order_seats, led, hidden = self.order, self.order_seats, card, False
            if not known:
                if player is None:
                    hidden = True
                else:
                    said = say('Trick {number}, play {play} is by "{player}", who is not a player.', number=number,
                               play=index + 1, player=player)
                    self.add("unknown-player", not_a_player(said, player, self.players),
                             f"/tricks/{number - 1}/plays/{index}/player", number, index + 1, player)
            elif index and index < len(order) and not due:
                self.add("wrong-turn", say("Play {play} of trick {number} is {player}'s, but it was {due}'s turn: "
                                           "play goes clockwise from {leader}.", play=index + 1, number=number,
                                           player=player, due=order[index], leader=order[0]),
                         f"/tricks/{number - 1}/plays/{index}", number, index + 1, player)
            on_table.append(play)
            if known:
                counts[seat] = counts[seat] + 1  # not ``+=``: compiled, that adds generic objects
            if card is None:
                hidden = True
            else:
                hand = held[seat] if known else None
                if (value := card.value) > BIT_LIMIT:  # a value no deck has, kept as a card (``bits.BIT_LIMIT``)
                    again, in_hand = odd_step(self, player, card, hand is not None)
                else:  # taken from the hand now: rule 4 (``off_lead``) asks only about cards of the led colour
                    slot, bit = SLOT_BY_CODE[ord(card.color)], 1 << value  # ``color_slot``, inline
                    bits = played[slot]
                    again, played[slot] = bits & bit != 0, bits | bit
                    in_hand = hand is None or hand[slot] & bit != 0
                    if hand is not None:
                        hand[slot] = hand[slot] & ~bit
                if value > top:
                    self.add("card-not-in-deck", not_in_deck(self, card),
                             f"/tricks/{number - 1}/plays/{index}/card", number, index + 1, player)
                elif again:
                    self.add("card-already-played", say("{player} plays {card}, which was already played in "
                                                        "trick {trick}.", player=player, card=str(card),
                                                        trick=first_played(self, card)),
                             f"/tricks/{number - 1}/plays/{index}/card", number, index + 1, player)
                elif not in_hand:
                    self.add("card-not-in-hand", say("{player} plays {card}, which is not in {player}'s hand.",
                                                     player=player, card=str(card)),
                             f"/tricks/{number - 1}/plays/{index}/card", number, index + 1, player)
                if index and known and led is not None and card.color != led.color and deck_known:
                    off_lead(self, player, card, led, hand, index, number, position)  # type: ignore[arg-type]
            position += 1
            if index + 1 == size and scored and not hidden:
                self.resolve(record)  # a full trick is taken at once; one more play would reopen it
                taken = True
        self.hidden, self.position = hidden, position

    def resolve(self, record: TrickRecord) -> None:
        """Take the trick ``record`` (full, its plays readable): rules 5 and 6, and each taker's score (rule 8)."""
        plays = record.plays
        cards_played: list[Card] = [play.card for play in plays]  # type: ignore[misc]  # readable: all known
        high, low = high_low(cards_played)  # the search's rules, with no (player, card) tuples built for them
        captures = captures_of(cards_played, high, low, plays[high].player, plays[low].player if low >= 0 else None)
        record.resolved = True
        record.high, record.low, record.captures = high, low if low >= 0 else None, captures
        piles, tallies, scores = self.piles, self.tallies, self.scores
        for name, cards in captures.items():
            piles[name] = (piles.get(name), cards)  # the record's list, never changed once taken
            tally = tallies.get(name)
            if tally is not None:  # cards taken by someone who is not a player score for nobody
                scores[name] = tally.take(cards)
        record.scores_after = dict(scores)
        self.last_taken = record.number
        taker = plays[high].player
        self.due = taker if taker in self.seats else None

    def pile(self, name: str) -> list[Card]:
        """The cards ``name`` has taken, trick by trick."""
        return views.pile_of(self, name)

    @property
    def moment(self) -> str:
        """The anchor of the next play."""
        if self.is_open():
            return f"{self.prefix}trick-{len(self.tricks)}-play-{len(self.tricks[-1].plays) + 1}"
        return f"{self.prefix}trick-{len(self.tricks) + 1}-play-1"

    def is_over(self) -> bool:
        return not self.size or (len(self.tricks) >= TRICKS_PER_GAME and not self.is_open()) or \
            actions.past_limit(self, not self.is_open()) is not None

    @property
    def to_move(self) -> str | None:
        """Who plays next; ``None`` when over or when nobody can say (an unknown leader)."""
        if self.is_over():
            return None
        if self.is_open():
            index = len(self.tricks[-1].plays)
            if not index:
                return self.due
            return self.order[index] if index < len(self.order) else None
        return self.due

    def clone(self) -> GameState:
        """An independent copy, able to ``undo`` what this state can (the copies it keeps shared until used)."""
        twin = self.snapshot()
        twin.undos = list(self.undos)
        self.shared = twin.shared = len(self.undos)
        return twin

    def snapshot(self) -> GameState:
        """A copy with nothing to undo: closed tricks are shared (they no longer change), the rest is copied."""
        twin = GameState(self.players, copy_of=self)
        twin.fresh = []
        twin.found = list(self.found)
        twin.from_claims = list(self.from_claims)
        twin.hands = {name: list(hand) for name, hand in self.hands.items()}
        twin.undos, twin.shared = [], 0
        twin.played = list(self.played)
        twin.tallies = {name: tally.copy() for name, tally in self.tallies.items()}
        twin.scores = dict(self.scores)
        twin.counts = list(self.counts)
        twin.held = [twin.hands.get(name) for name in self.rules.seating]
        twin.odd = {name: set(cards) for name, cards in self.odd.items()}
        twin.piles = dict(self.piles)
        twin.shown = dict(self.shown)
        twin.void = {name: set(colors) for name, colors in self.void.items()}
        twin.tricks = list(self.tricks)
        twin.readable = list(self.readable)
        if self.tricks:
            last = self.tricks[-1]
            twin.tricks[-1] = TrickRecord(last.number, list(last.plays), last.note, last.claimed, last.resolved,
                                          last.high, last.low, last.captures, last.scores_after)
        return twin

    def restore(self, before: GameState) -> None:
        """Become ``before``, a copy of this state taken earlier that nothing else holds (its steps to undo
        stay this state's)."""
        undos, shared = self.undos, self.shared
        self.take(before)
        self.undos, self.shared = undos, shared

    def take(self, other: GameState) -> None:
        """Every field of ``other``, shared (the copies' own containers are made by ``snapshot``)."""
        self.players, self.limits, self.rules, self.seats, self.size, self.orders, self.seat_of = \
            other.players, other.limits, other.rules, other.seats, other.size, other.orders, other.seat_of
        self.deck_known, self.top, self.dealer, self.given_hands, self.budget, self.unlisted = \
            other.deck_known, other.top, other.dealer, other.given_hands, other.budget, other.unlisted
        self.fresh, self.found, self.from_claims, self.head, self.closed = \
            other.fresh, other.found, other.from_claims, other.head, other.closed
        self.hands, self.played, self.tallies, self.scores, self.counts, self.piles, self.shown = \
            other.hands, other.played, other.tallies, other.scores, other.counts, other.piles, other.shown
        self.void, self.evidence, self.proven, self.tricks, self.readable, self.held = \
            other.void, other.evidence, other.proven, other.tricks, other.readable, other.held
        self.every_trick_resolved, self.position, self.first, self.order, self.led, self.hidden, self.order_seats = \
            other.every_trick_resolved, other.position, other.first, other.order, other.led, other.hidden, \
            other.order_seats
        self.due, self.last_taken, self.has_tricks, self.has_dealer, self.prefix, self.base, self.seat_orders = \
            other.due, other.last_taken, other.has_tricks, other.has_dealer, other.prefix, other.base, \
            other.seat_orders
        self.leader_hint, self.undos, self.shared, self.odd = other.leader_hint, other.undos, other.shared, other.odd

    # -- what a person asks (``dg_replay.actions``, ``dg_replay.views``) -------------------------

    def apply(self, action: object, strict: bool = False) -> list[Finding]:
        return actions.apply(self, action, strict)

    def undo(self) -> None:
        actions.undo(self)

    def patch(self, action: object) -> list[dict]:
        return actions.patch(self, action)

    def legal_actions(self) -> list[actions.Action]:
        return actions.legal_actions(self)

    def choices(self, rng: random.Random | None = None) -> list[Choice]:
        return actions.choices(self)

    def label(self, action: object) -> str | None:  # a Text (replaykit.words)
        return actions.label(action)

    def may_play(self, player: str, card: Card, led: Card, position: int) -> bool:
        """``playing.may_play``: rule 4 on what the log shows ``player`` holding before the play at ``position``."""
        return may_play(self, player, card, led, position)

    def view(self) -> dict:
        return views.view(self)

    def to_log(self) -> dict:
        return views.to_log(self)

    def returns(self) -> tuple[int, ...]:
        return views.returns(self)

    def final_scores(self) -> dict[str, int]:
        return views.final_scores(self)

    def observation(self, seat: int) -> dict:
        return views.observation(self, seat)

    def chance_outcomes(self) -> list:
        return []  # none: a game's deal is its setup, so no step of one game is the table's

    def key(self) -> tuple:
        return views.key(self)

    def searchable(self) -> Position | None:
        """The position now for the computer analysis's search (``dg_replay.position``), where it can be one."""
        return Position.of_game(self)

    def last_action(self) -> dict | None:
        return views.last_action(self)

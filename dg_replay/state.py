"""One game of David & Goliath as a live State: the one place where its rules are applied (its plays through
``dg_replay.playing``, compiled).

The validator (``dg_replay.replay``) reads a log into its setup and its plays and applies them here; the
simulator picks among ``choices()``; the table view is ``view()`` after every play; the recorder and the
what-if apply what a person picks (``replaykit.state`` holds the contract). A user's mistake is a finding
and the game goes on "as played": the card leaves the hand if it was there, and a trick is resolved from
the cards actually played.

Findings are kept per trick, in the order the validator has always listed them (a trick's own problems —
too many tricks, wrong leader, wrong size — before its plays'), because a trick's size is only known once
the next trick begins or the log ends. The state has no look-ahead: what only a whole log can prove (that a
player held a colour, from a card they play later) is handed in by the loader as ``evidence``.
"""

from __future__ import annotations

from collections.abc import Iterable

from dg_replay.actions import Actions
from dg_replay.cards import Card
from dg_replay.playing import record_plays, resolve
from dg_replay.reader import DEFAULT_LIMITS, Limits, Play, finding
from dg_replay.report import TrickRecord
from dg_replay.rules import TRICKS_PER_GAME, Rules, Tally
from dg_replay.setup import Setup
from dg_replay.views import Views
from dg_replay.words import say
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import ERROR, WARNING, Finding

# Evidence: player -> colour -> (position of the last play proving it, its trick, the card), see ``replay``.
Evidence = dict[str, dict[str, tuple[int, int, Card]]]


def seating_of(players: list[str]) -> tuple[str, ...]:
    """Seats in order; a repeated name (itself an error) keeps its first seat."""
    return tuple(dict.fromkeys(players))


class GameState(Setup, Actions, Views):
    """One game from its setup. The loader drives ``begin_trick`` and ``play`` (a log's tricks as written);
    ``apply`` (in ``dg_replay.actions``) places a play itself. ``budget``: findings that may still be built
    before errors are only counted (``unlisted``), as ``replaykit.engine.DETAILED_FINDINGS`` asks."""

    # No ``__slots__``: a step's copy (``snapshot``) and its return (``restore``) copy the attribute dict whole.

    def __init__(self, players: list[str], dealer: str | None = None,
                 hands: dict[str, list[Card | None]] | None = None, budget: int = DETAILED_FINDINGS,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.players = list(players)
        self.limits = limits  # the reader's: no step is offered or taken past them (``actions``)
        self.rules = rules = Rules(seating_of(players))
        self.seats = frozenset(rules.seating)
        self.size = len(rules.seating)
        self.deck_known = rules.deck_defined
        self.top: float = rules.max_value if self.deck_known else float("inf")  # no deck: nothing is outside it
        self.dealer = dealer
        self.given_hands = hands
        self.budget = budget
        self.unlisted = 0
        self.fresh: list[Finding] = []  # the findings of the step being applied
        self.found: list[Finding] = []  # in the validator's order: the setup's, then trick by trick
        self.from_claims: list[Finding] = []  # those of ``found`` about a log's claims (the loader's checks)
        self.head = 0  # where a trick-size finding of the current trick goes (after the trick's own)
        self.closed = False  # the trick on the table takes no more plays
        self.hands: dict[str, set[Card]] = {}
        self.played: dict[Card, int] = {}  # card -> the trick it was first played in
        self.tallies = {name: Tally() for name in rules.seating}
        self.scores = dict.fromkeys(rules.seating, 0)
        # Kept as plays are recorded, so that a view costs what changed since the last one (``dg_replay.views``):
        # each seat's plays so far, and its captures as a chain of the tricks taken, ``(earlier, cards)``.
        self.counts = dict.fromkeys(rules.seating, 0)
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
        self.led: Card | None = None
        self.hidden = False  # a play of the current trick could not be read: it cannot be resolved
        self.due = rules.left_of(dealer) if rules.is_player(dealer) else None
        self.last_taken: int | None = None  # the number of the last trick resolved
        self.has_tricks = False  # the log holds a list of tricks (else a patch creates it)
        self.has_dealer = dealer is not None
        self.prefix = ""  # the anchors' prefix inside a match: ``game-N-``
        self.base = ""  # where this game sits in the document (a match's game: ``/games/N``)
        self.leader_hint: str | None = None  # a match's game whose players cannot be read: who led its first trick
        self.undos: list[GameState] = []  # the state before each step ``apply`` recorded (``undo``)
        self.shared = 0  # how many of ``undos`` a clone may hold too (``undo`` copies those before using one)
        self.check_setup()

    # -- findings --------------------------------------------------------------------------------

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

    def not_in_deck(self, card: Card) -> str:
        return say("{card} is not in the {players}-player deck, whose values run from 1 to {top}.", card=str(card),
                   players=self.rules.player_count, top=self.rules.max_value)

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

    def begin_trick(self, note: str | None = None, claimed: dict | None = None, readable: bool = True) -> None:
        """Close the trick on the table (it was not the last) and start the next one."""
        tricks = self.tricks
        if tricks and not self.closed:
            self.close_trick(last=False)
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

    def close_trick(self, last: bool) -> None:
        """The trick on the table takes no more plays: check its size and resolve it if it can be."""
        self.closed = True
        record, size = self.tricks[-1], self.size
        number, plays = record.number, record.plays
        if record.resolved and len(plays) == size:
            return  # taken as it filled up
        beyond = number > TRICKS_PER_GAME
        if len(plays) != size and not beyond and self.readable[-1]:  # unreadable: the schema finding says it
            unfinished = last and len(plays) < size
            if unfinished:
                said = say("Trick {number} has {count} plays and is unfinished: the game stops mid-trick, so it "
                           "is not scored.", number=number, count=len(plays))
            else:
                said = say("Trick {number} has {count} plays and should have one play per player ({size}).",
                           number=number, count=len(plays), size=size)
            self.add("trick-size", said,
                     f"/tricks/{number - 1}/plays", number, severity=WARNING if unfinished else ERROR,
                     at=self.head)
        if record.resolved:
            return
        self.due = None
        if beyond or not plays or (last and len(plays) < size):
            return
        if not all(play.player is not None and play.card is not None for play in plays):
            self.every_trick_resolved = False  # a schema problem hides who played what
            return
        resolve(self, record)

    def unresolve(self, record: TrickRecord) -> None:
        """A resolved trick takes one more play (as played): its captures go back until it is closed."""
        piles = self.piles
        for name, cards in record.captures.items():
            piles[name] = piles[name][0]  # this trick's captures were the last taken
            tally = self.tallies.get(name)
            if tally is not None:
                self.scores[name] = tally.take(cards, -1)
        self.tricks[-1] = TrickRecord(record.number, record.plays, record.note, record.claimed)
        self.last_taken = next((trick.number for trick in reversed(self.tricks[:-1]) if trick.resolved), None)
        self.due = None

    # -- one play --------------------------------------------------------------------------------

    def play(self, play: Play) -> None:
        """Record one play of the trick on the table, as played, with the findings the rules give."""
        self.plays((play,))

    def plays(self, plays: Iterable[Play]) -> None:
        """Record plays of the trick on the table in order (the loader gives a log's trick at once)."""
        record_plays(self, plays)

    def pile(self, name: str) -> list[Card]:
        """The cards ``name`` has taken, trick by trick."""
        chunks, node = [], self.piles.get(name)
        while node is not None:
            node, cards = node
            chunks.append(cards)
        return [card for cards in reversed(chunks) for card in cards]

    # -- where the game stands -------------------------------------------------------------------

    chance = False  # the deal is part of the setup: no step of one game is the table's

    @property
    def moment(self) -> str:
        """The anchor of the next play."""
        if self.is_open():
            return f"{self.prefix}trick-{len(self.tricks)}-play-{len(self.tricks[-1].plays) + 1}"
        return f"{self.prefix}trick-{len(self.tricks) + 1}-play-1"

    def is_over(self) -> bool:
        return not self.size or (len(self.tricks) >= TRICKS_PER_GAME and not self.is_open()) or \
            self.past_limit(not self.is_open()) is not None

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

    def closing_findings(self) -> list[Finding]:
        """What only the end of a log shows (the log stops here): fewer than 15 tricks."""
        if len(self.tricks) >= TRICKS_PER_GAME:
            return []
        into: list[Finding] = []
        self.add("incomplete-game", say("The log has {count} of {tricks} tricks: the game is unfinished, so "
                                        "scores and winners are those so far.", count=len(self.tricks),
                                        tricks=TRICKS_PER_GAME), "/tricks", severity=WARNING, into=into)
        return into

    def clone(self) -> GameState:
        """An independent copy, able to ``undo`` what this state can (the copies kept for it are shared until
        used)."""
        twin = self.snapshot()
        twin.undos = list(self.undos)
        self.shared = twin.shared = len(self.undos)
        return twin

    def snapshot(self) -> GameState:
        """A copy with nothing to undo: closed tricks are shared (they no longer change), the rest is copied."""
        twin = object.__new__(GameState)
        twin.__dict__.update(self.__dict__)
        twin.fresh = []
        twin.found = list(self.found)
        twin.from_claims = list(self.from_claims)
        twin.hands = {name: set(cards) for name, cards in self.hands.items()}
        twin.undos, twin.shared = [], 0
        twin.played = dict(self.played)
        twin.tallies = {name: tally.copy() for name, tally in self.tallies.items()}
        twin.scores = dict(self.scores)
        twin.counts = dict(self.counts)
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

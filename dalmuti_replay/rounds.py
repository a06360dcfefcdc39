"""One round as it is played step by step: the deal, a revolution, the taxes, the tricks, the points.

The steps come in the log's order (``RoundPlay.deal``, ``revolution``, ``transfer``, ``open_trick``,
``play``) and each is judged as it comes, with two exceptions the rules force: transfers apply in the
rules' order whatever order they are listed in, and what a player without a recorded deal was dealt is
only proven by what he gives and plays later in the round. So the tax phase is replayed afresh from the
dealt cards whenever a transfer is added (and once more when play begins, when nothing is missing any
more), and the checks that need proof are made again when the round closes. Each phase writes its
findings to its own list, and ``findings()`` gives them in the order the rules apply them.
"""

from __future__ import annotations

from collections import Counter

from dalmuti_replay.cards import Card
from dalmuti_replay.log import Play, Round, Transfer, Trick, opened_alone
from dalmuti_replay.report import RoundRecord
from dalmuti_replay.round_state import RoundState
from dalmuti_replay.rules import Table, bonuses, taxes_due
from dalmuti_replay.setup import deal
from dalmuti_replay.taxes import collect, known_dealt, needs_proof, revolution, revolution_problem
from dalmuti_replay.tricks import TrickPhase
from dalmuti_replay.words import say
from replaykit.findings import Finding
from replaykit.words import apart

DEAL, TAXES, TRICKS, CLOSED = "deal", "taxes", "tricks", "closed"
NOBODY = say("nobody")
MIDDLE_SETS = 13  # a legal trick never holds more sets: each is lower than the one before


def names(people: list[str]) -> str:
    """Players listed as the log lists them (``nobody``, in the reader's language, for none)."""
    return apart(people) or NOBODY


def fresh(before: list[Finding], after: list[Finding]) -> list[Finding]:
    """The findings of ``after`` that ``before`` did not hold (a phase replayed again)."""
    if not before:
        return list(after)  # the usual case, without a Counter: its __init__ is Python code
    left = Counter(before)
    found = []
    for item in after:
        if left[item]:
            left[item] -= 1
        else:
            found.append(item)
    return found


def put(entries: list, position: int, entry: object) -> None:
    """Place ``entry`` at ``position`` of a log's list, entries the log could not read standing as ``None``."""
    while len(entries) < position:
        entries.append(None)
    if position == len(entries):
        entries.append(entry)
    else:
        entries[position] = entry


class RoundPlay:
    """One round under way. ``state`` holds its cards; ``log`` the round as recorded so far."""

    def __init__(self, number: int, table: Table, log: Round, record: RoundRecord, setup: list[Finding]) -> None:
        self.number = number
        self.log = log
        self.record = record
        self.setup = setup  # join and ranks, then the deal
        self.revolution_found: list[Finding] = []
        self.taxes_found: list[Finding] = []
        self.tricks_found: list[Finding] = []
        self.end_found: list[Finding] = []
        self.claims_found: list[Finding] = []
        self.state = RoundState(number, table, log, self.setup, record)
        self.dealt_table = table  # before a Great Revolution reverses it
        self.phase = DEAL
        self.kind: str | None = None  # the revolution's
        self.dealt: RoundState | None = None  # the round as dealt, once the tax phase begins
        self.tricks: TrickPhase | None = None
        # What the table shows (``seats``): each seat's sets laid, the current trick's last sets, the last
        # view and seats given, so that a view after every step shares what did not change.
        self.piles: dict[str, list[str]] = {name: [] for name in table.order}
        self.middle: tuple[int, list[dict]] = (0, [])
        self.seat_views: dict[str, tuple] = {}
        self.last_view: tuple | None = None
        self.tracking = False  # piles and middle kept up to date once a view was asked for
        # For the views' proven cards: the cards each player laid in the plays replayed up to (trick, play)
        # of ``record.tricks`` (a view counts only the plays since), and the proven cards last shown with the
        # transfers and cards laid they came from.
        self.laid: tuple[tuple[int, int], dict[str, Counter[Card]]] = ((0, 0), {})
        self.shown_proven: tuple[tuple, dict, dict[str, list[str]]] = ((), {}, {})

    def findings(self) -> list[Finding]:
        return [*self.setup, *self.revolution_found, *self.taxes_found, *self.tricks_found, *self.end_found,
                *self.claims_found]

    @property
    def over(self) -> bool:
        return self.state.over

    def fork(self, share_log: bool = False) -> RoundPlay:
        """A copy that can go on (or close) apart from this one. ``share_log``: the copy only closes, so the
        round's log, which closing never changes, need not be copied."""
        # Made through __init__, as a compiled class must be (scripts/native); its fresh state is replaced below
        twin = RoundPlay(self.number, self.dealt_table, self.log, self.record, self.setup)
        twin.phase, twin.kind, twin.tracking, twin.last_view = self.phase, self.kind, self.tracking, self.last_view
        twin.middle, twin.laid, twin.shown_proven = self.middle, self.laid, self.shown_proven
        if not share_log:
            twin.log = self.log.fork()
        twin.setup, twin.revolution_found = list(self.setup), list(self.revolution_found)
        twin.taxes_found, twin.tricks_found = list(self.taxes_found), list(self.tricks_found)
        twin.end_found, twin.claims_found = list(self.end_found), list(self.claims_found)
        twin.piles, twin.seat_views = dict(self.piles), dict(self.seat_views)
        record = twin.record = self.record.shallow()
        record.out, record.taxes = list(self.record.out), list(self.record.taxes)
        record.tricks = [*self.record.tricks[:-1], *(trick.fork() for trick in self.record.tricks[-1:])]
        state = twin.state = self.state.copy()
        state.record, state.log = record, twin.log
        state.findings = {DEAL: twin.setup, TAXES: twin.setup, TRICKS: twin.tricks_found}.get(self.phase,
                                                                                             twin.end_found)
        if self.dealt is not None:
            twin.dealt = self.dealt.shared()
            twin.dealt.log = twin.log
        if self.tricks is not None:
            twin.tricks = self.tricks.fork(state)
        return twin

    # -- before play -----------------------------------------------------------------------------

    def deal(self, hands: dict[str, list[Card]], unreadable: set[str]) -> list[Finding]:
        start = len(self.setup)
        self.log.hands, self.log.unreadable_hands = hands, set(unreadable)
        self.record.hands = {name: list(cards) for name, cards in hands.items()
                             if name in self.state.table.seat and name not in unreadable}
        self.state.findings = self.setup
        deal(self.state)
        self.phase = TAXES
        return self.setup[start:]

    def declare(self, name: str) -> list[Finding]:
        self.phase = TAXES
        self.log.revolution = name
        self.state.findings = self.revolution_found
        self.kind = revolution(self.state)
        if self.kind is not None and not needs_proof(self.state):
            revolution_problem(self.state, {}, self.dealt_table)
        return list(self.revolution_found)

    def transfer(self, transfer: Transfer, position: int, replay: bool = True) -> list[Finding]:
        """Record a transfer; ``replay`` the tax phase now (a validator that only wants the report lets the
        first play do it once)."""
        self.phase = TAXES
        taxes = self.log.taxes if self.log.taxes is not None else []
        self.log.taxes = taxes
        put(taxes, position, transfer)
        return self.replay_taxes(closed=False) if replay else []

    def replay_taxes(self, closed: bool) -> list[Finding]:
        """Replay the whole tax phase from the cards as dealt; the findings it adds."""
        if self.dealt is None:
            # The first replay starts from the state as it stands, the cards as dealt: it is played on the
            # state itself (one copy, kept for a replay again, rather than two and an adoption)
            self.dealt = self.state.copy()
            state, before = self.state, self.state.findings
            state.findings = []
            collect(state, self.kind, known_dealt(self.dealt), closed)
            found, state.findings = state.findings, before
        else:
            work = self.dealt.copy()
            collect(work, self.kind, known_dealt(self.dealt), closed)
            self.state.adopt(work)
            found = work.findings
        added = fresh(self.taxes_found, found)
        self.taxes_found = found
        return added

    def begin_play(self, closed: bool = True) -> list[Finding]:
        """Close the tax phase: from now on a duty not recorded is missing (unless not ``closed``: the log
        stops before its last round's play, and what is still owed is not missing yet)."""
        added = self.replay_taxes(closed=closed)
        self.phase = TRICKS
        # The report's counts at the first play are the rules' own, so no reader works them out again
        self.record.start = {name: self.state.counts[name] for name in self.state.table.order}
        self.state.findings = self.tricks_found
        self.tricks = TrickPhase(self.state)
        return added

    # -- tricks ----------------------------------------------------------------------------------

    def trick(self, number: int, note: str | None = None) -> list[Finding]:
        """Make sure trick ``number`` (1-based) is open, opening any before it; returns the findings."""
        found = self.begin_play() if self.phase != TRICKS else []
        start = len(self.tricks_found)
        tricks = self.log.tricks
        while len(tricks) < number:
            tricks.append(Trick([], note if len(tricks) == number - 1 else None))
            assert self.tricks is not None
            self.tricks.open(tricks[-1])
        return found + self.tricks_found[start:] if len(self.tricks_found) > start else found

    def play(self, play: Play, trick: int, position: int) -> list[Finding]:
        """Record ``play`` at ``position`` (0-based) of trick ``trick`` and replay it; the findings it gives."""
        tricks = self.log.tricks
        found = self.trick(trick) if self.phase != TRICKS or trick != len(tricks) else []
        start = len(self.tricks_found)
        put(tricks[trick - 1].plays, position, play)
        if self.tracking:
            self.lay(play, trick)
        phase = self.tricks
        assert phase is not None
        if phase.current is not None and phase.current.number == trick:
            phase.step(position, play)
        if len(self.tricks_found) == start:
            return found
        return found + self.tricks_found[start:]

    def play_tricks(self, tricks: list[Trick]) -> int:
        """Every trick of the round's log in turn (none of it recorded yet), as ``play_all`` makes a trick's plays,
        a trick that is a step of its own (``log.opened_alone``) opened first; the plays and passes made."""
        played = 0
        for number, trick in enumerate(tricks, start=1):
            if opened_alone(trick):
                self.trick(number, trick.note)
            played += self.play_all(number, trick.plays)
        return played

    def play_all(self, trick: int, plays: list[Play | None]) -> int:
        """Every readable play of ``plays`` (trick ``trick`` as a log holds it, none of it recorded yet) in its
        place, as ``play`` makes each; how many. For a replay nobody watches (``load``): the findings are only
        written to the round's lists, and no table view follows the plays."""
        readable, end = 0, 0  # how many plays are readable, and the place past the last
        for position, play in enumerate(plays):
            if play is not None:
                readable, end = readable + 1, position + 1
        if not readable:
            return 0
        if self.phase != TRICKS or trick != len(self.log.tricks):
            self.trick(trick)
        recorded = self.log.tricks[trick - 1].plays
        assert not recorded and not self.tracking
        recorded.extend(plays if end == len(plays) else plays[:end])  # as put() places them one by one
        phase = self.tricks
        assert phase is not None
        if phase.current is not None and phase.current.number == trick:
            phase.step_all(plays)
        return readable

    def lay(self, play: Play, trick: int) -> None:
        """The table's piles and middle after ``play`` (in trick ``trick``); new lists, so views keep theirs."""
        if play.cards is not None and play.player in self.piles:
            laid = [str(card) for card in play.cards]
            self.piles[play.player] = [*self.piles[play.player], *laid]
            sets = self.middle[1][-(MIDDLE_SETS - 1):] if self.middle[0] == trick else []
            self.middle = (trick, [*sets, {"player": play.player, "cards": laid}])

    def track(self) -> None:
        """Start keeping the piles and middle (a replay that is not watched skips them)."""
        if not self.tracking:
            self.tracking = True
            for number, trick in enumerate(self.log.tricks, start=1):
                for play in trick.plays:
                    if play is not None:
                        self.lay(play, number)

    # -- the end ---------------------------------------------------------------------------------

    def close(self, last: bool) -> list[Finding]:
        """End the round: judge what waited for proof, then the points (``last``: no round follows)."""
        owing = not (last and self.phase != TRICKS)  # a log stopping before its last round's play owes on
        found = self.begin_play(owing) if self.phase != TRICKS else []
        assert self.tricks is not None
        start = len(self.tricks_found)
        self.tricks.close()
        found += self.tricks_found[start:]
        assert self.dealt is not None
        proof = known_dealt(self.dealt)
        if proof:
            work = self.dealt.copy()
            collect(work, self.kind, proof, owing)
            found += fresh(self.taxes_found, work.findings)
            self.taxes_found = work.findings
            if self.kind is not None and needs_proof(self.dealt):
                probe = self.dealt.copy()
                revolution_problem(probe, proof, self.dealt_table)
                self.revolution_found += probe.findings
                found += probe.findings
        state, record = self.state, self.record
        state.findings = self.end_found
        if not state.over:
            state.add("incomplete-round", say("Round {round} stops while {players} still hold cards; its points are "
                                              "those of the players out so far.", round=self.number,
                                              players=names(state.holding())), severity="warning" if last else "error")
        found += self.end_found
        record.finish = list(state.finish)
        record.complete = state.over
        record.bonus = bonuses(state.table, state.finish) if state.over else {}
        record.points = {name: state.points[name] + record.bonus.get(name, 0) for name in state.table.order}
        self.phase = CLOSED
        return found

    def taxes_due(self) -> bool:
        return taxes_due(self.state.table.options, self.number, self.kind)

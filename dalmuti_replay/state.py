"""Il Grande Dalmuti's ``replaykit.state.State``: one position of a session, everything goes through it.

The validator reads a log into steps and applies them here (``engine.load``); the simulator's bots pick
among ``choices()``; the table view is ``view()`` after every step. ``apply`` takes any JSON value:
actions are the log's own items (``actions``), a malformed one is a ``schema`` finding, a step out of
the log's order too (a deal after play began, a trick already behind), and a rule broken is the same
finding the validator gives for that entry of a log, the session going on "as played". A step that would
take the log past the reader's ``Limits`` (rounds, tricks of a round, plays of a trick, transfers of a round,
plays of the session) is never offered, and ``apply`` answers it with the reader's ``schema`` finding.

``undo`` takes back the last step applied: a step is made in place, with a fork of the state kept before
it every ``SNAPSHOT_EVERY`` steps, and undo goes back to the last one and makes the steps since again. What
a search and an analysis ask of the State (returns, observations, the deal's odds, a key, compact plays,
the searchable position) is ``model.Model``'s.
"""

from __future__ import annotations

import copy
import random

from dalmuti_replay import actions
from dalmuti_replay.actions import DEAL, PLAY, REVOLUTION, ROUND, TRANSFER, TRICK, Step
from dalmuti_replay.choosing import choices_of, step_label
from dalmuti_replay.legal import due
from dalmuti_replay.log import Log, Round, Trick, shallow
from dalmuti_replay.model import Model
from dalmuti_replay.reader import DEFAULT_LIMITS, Limits, Reader, too_long, too_many_session_plays
from dalmuti_replay.report import SessionReport
from dalmuti_replay.rounds import CLOSED, TAXES, TRICKS
from dalmuti_replay.rounds import DEAL as DEALING
from dalmuti_replay.seats import view_of
from dalmuti_replay.session import Session
from dalmuti_replay.words import say
from replaykit.findings import Finding, anchor
from replaykit.state import Choice, IllegalAction, refusal, view
from replaykit.words import Text

SNAPSHOT_EVERY = 16  # steps: an undo forks a snapshot and makes at most this many steps again
LIMITED = (ROUND, TRANSFER, PLAY)  # the kinds of step that lengthen a list the reader bounds, as offered


class DalmutiState(Model):
    """A session from its setup (``head``: the log's keys before ``rounds``) and the steps applied since."""

    def __init__(self, head: dict, session: Session, limits: Limits = DEFAULT_LIMITS) -> None:
        self.head = head
        self.session = session
        self.limits = limits
        self.logs: list[Round] = []  # every round's log, also those not replayed
        self.eager = True  # replay the tax phase at each transfer (a validator wanting only the report: no)
        self.played = 0  # plays and passes recorded: the reader bounds the session's (max_session_plays)
        # Per step applied, for undo(): a snapshot of the state before it (now and then, else None) and the step
        # (None: a deal left unseen).
        self.history: list[tuple[DalmutiState | None, Step | None]] = []
        self.last: Step | None = None  # the step last made

    # -- where the session stands -------------------------------------------------------------------

    @property
    def round(self):
        current = self.session.current
        return current if current is not None and len(self.logs) == current.number else None

    def needs_round(self) -> bool:
        play = self.round
        return play is None or play.phase == CLOSED or play.over

    def is_over(self) -> bool:
        return self.session.is_over() or self.stuck()

    def stuck(self) -> bool:
        """Every step the rules offer now would take the log past the reader's limits."""
        blocked = self.blocked()
        return bool(blocked) and not any(actions.kind_of(choice.action) not in blocked
                                         for choice in self.offered(random.Random(0)))

    def blocked(self) -> set[str]:
        """The kinds of step that, as ``choices`` offers them (appended where the rules place them), would
        take the log past the reader's limits."""
        return {kind for kind in LIMITED if self.past_limit(Step(kind, None)) is not None}

    def past_limit(self, step: Step) -> tuple[tuple, Text] | None:
        """Where and why the log would be past the reader's limits once ``step`` is recorded (the pointer's
        tokens and the reader's words), or ``None``."""
        limits = self.limits
        if step.kind == ROUND:
            said = too_long("rounds", len(self.logs) + 1, limits.max_rounds)
            return None if said is None else (("rounds",), said)
        if step.kind not in (TRANSFER, TRICK, PLAY) or not self.logs:
            return None
        log, tokens = self.logs[-1], ("rounds", len(self.logs) - 1)
        if step.kind == TRANSFER:
            said = too_long("transfers", len(log.taxes or ()) + 1, limits.max_transfers)
            return None if said is None else ((*tokens, "taxes"), said)
        if step.kind == PLAY and (said := too_many_session_plays(limits, self.played + 1)) is not None:
            return ("rounds",), said  # the reader counts these first, over the whole session
        trick = step.trick or (self.default_place()[0] if self.round is not None else len(log.tricks) or 1)
        said = too_long("tricks", max(len(log.tricks), trick), limits.max_tricks)
        if said is not None:
            return (*tokens, "tricks"), said
        plays = len(log.tricks[trick - 1].plays) if trick <= len(log.tricks) else 0
        said = None if step.kind == TRICK else too_long("plays", plays + 1, limits.max_plays)
        return None if said is None else ((*tokens, "tricks", trick - 1, "plays"), said)

    @property
    def chance(self) -> bool:
        # the phase first: whether the session is over (``stuck`` asks for every choice) is asked only at a deal
        return not self.needs_round() and self.round.phase == DEALING and not self.is_over()

    @property
    def to_move(self) -> str | None:
        if self.is_over() or self.chance:
            return None
        if self.needs_round():
            return (self.session.order_due() or [None])[0]
        return choices_of(self.session, self.round, len(self.logs) + 1, None, who_only=True)

    @property
    def moment(self) -> str:
        play = self.round
        if self.needs_round():
            return anchor((("round", len(self.logs) + 1),))
        if play.phase != TRICKS or play.tricks is None:
            return anchor((("round", play.number),))
        trick, position = self.default_place()
        return anchor((("round", play.number), ("trick", trick), ("play", position)))

    def default_place(self) -> tuple[int, int]:
        """Where a play goes when it does not say: the trick under way, or the next once it is over."""
        play = self.round
        tricks = play.log.tricks
        current = play.tricks.current if play.tricks is not None else None
        if tricks and current is not None and not current.over and current.number == len(tricks):
            return len(tricks), len(tricks[-1].plays) + 1
        return len(tricks) + 1, 1

    # -- the contract -------------------------------------------------------------------------------

    def choices(self, rng: random.Random | None = None) -> list[Choice]:
        if self.is_over():
            return []
        found = self.offered(rng or random.Random())
        blocked = self.blocked()
        return [choice for choice in found if actions.kind_of(choice.action) not in blocked] if blocked else found

    def offered(self, rng: random.Random | None) -> list[Choice]:
        return choices_of(self.session, self.round, len(self.logs) + 1, rng)

    def label(self, action: object) -> Text | None:
        """Any step, offered or not, in the words of its choice; ``None`` for what is no step here."""
        step, _found = self.read(action)
        if step is None:
            return None
        return step_label(step, len(self.logs) + (step.kind == ROUND))

    def apply(self, action: object, strict: bool = False) -> list[Finding]:
        step, found = self.read(action)
        if step is None:
            if strict:
                raise IllegalAction(found)  # a schema finding is an error: nothing was applied
            return found
        if not strict or self.surely_clean(step):
            self.remember(step)
            found = self.step(step)[1]
            if strict and any(item.is_error for item in found):  # not expected: surely_clean is exact
                self.undo()
                raise IllegalAction(found)
            return found
        trial = self.clone()
        found = trial.step(step)[1]
        if any(item.is_error for item in found):
            raise IllegalAction(found)
        # The trial was a fork: this state's objects are untouched, a snapshot for undo() at no cost.
        before = object.__new__(DalmutiState)
        before.__dict__.update(self.__dict__)
        before.history = []
        history = self.history
        self.__dict__.update(trial.__dict__)
        self.history = history
        history.append((before, copy.deepcopy(step) if step.kind == ROUND else step))
        return found

    def remember(self, step: Step | None) -> None:
        """Note a step about to be made in place (``None``: a deal left unseen), with a snapshot of the state
        before it once every ``SNAPSHOT_EVERY`` steps: ``undo`` goes back to a snapshot and makes the steps
        since again, so a step costs a fork only now and then."""
        recent = next((index for index, (kept, _step) in enumerate(reversed(self.history)) if kept is not None),
                      None)
        kept = None
        if recent is None or recent + 1 >= SNAPSHOT_EVERY:
            kept = self.clone()
            kept.history = []
        if step is not None and step.kind == ROUND:
            step = copy.deepcopy(step)  # the round begun becomes the round's log, which its later steps fill
        self.history.append((kept, step))

    def surely_clean(self, step: Step) -> bool:
        """Whether ``step`` is a play the rules accept at this point of the round's tricks, known without
        making it: the player due, and a set (or pass) the searchable position allows (one predicate for the
        check and the moves, ``moves``). A strict step so known is made in place, without a trial fork."""
        play = self.round
        if step.kind != PLAY or step.trick is not None or step.play is not None or play is None \
                or play.phase != TRICKS or due(play)[0] != step.value.player:
            return False
        spot = self.searchable()
        return spot is not None and spot.turn >= 0 and spot.action_of(actions.play_entry(step.value)) is not None

    def undo(self) -> None:
        """Take back the last step applied (``apply``, ``leave_unseen``): the state is again exactly what it
        was before it. A state read by ``load`` has no step to take back until one is applied."""
        history = self.history
        if not history:
            raise ValueError("no step applied to take back")
        kept, _step = history.pop()
        again: list = []
        if kept is None:  # back to the last snapshot, then the steps made since it again
            index = max(index for index, (snapshot, _step) in enumerate(history) if snapshot is not None)
            kept, again = history[index][0], history[index:]
        twin = kept.clone()  # snapshots stay as they are: clones share them
        self.__dict__.update(twin.__dict__)
        self.history = history
        for _kept, step in again:
            if step is None:
                self.round.phase = TAXES
            else:
                self.step(copy.deepcopy(step) if step.kind == ROUND else step)  # kept as it was begun

    def leave_unseen(self) -> bool:
        """The round's deal left out of the log, as most tables play: its hands stay unknown, taxes come next."""
        if not self.chance:
            return False
        self.remember(None)
        self.round.phase = TAXES
        return True

    def read(self, action: object) -> tuple[Step | None, list[Finding]]:
        """The step an action spells, or ``None`` and the ``schema`` findings that say why not."""
        reader = Reader(self.limits)
        number = len(self.logs) + (actions.kind_of(action) == ROUND)
        step = actions.read(action, ("rounds", max(number - 1, 0)), reader)
        problem = None if step is None else self.out_of_order(step)
        if problem is not None:
            reader.problem(("rounds", max(number - 1, 0)), problem)
            step = None
        limit = None if step is None else self.past_limit(step)
        if limit is not None:
            reader.problem(*limit)
            step = None
        return step, list(reader.findings)

    def out_of_order(self, step: Step) -> str | None:
        play = self.round if self.logs and self.session.current is not None else None
        if step.kind == ROUND:
            due = len(self.logs) + 1
            if step.round is not None and step.round != due:
                return say("Round {due} begins next, not round {number}.", due=due, number=step.round)
            return None
        if not self.logs:
            return say("No round has begun: the first action of a session is {{\"round\": 1}}.")
        if step.kind == PLAY and step.play is not None:  # a play is recorded at the end of its trick, nowhere else
            tricks = self.logs[-1].tricks
            trick = step.trick or (self.default_place()[0] if play is not None else len(tricks) or 1)
            due = len(tricks[trick - 1].plays) + 1 if trick <= len(tricks) else 1
            if step.play != due:
                return say("A play is recorded at the end of its trick, as play {due} of trick {trick}; this one "
                           "says play {number}.", due=due, trick=trick, number=step.play)
        if not self.session.replaying:
            return None
        assert play is not None
        if step.kind == DEAL and play.phase != DEALING:
            return say("A round's deal comes before anything else is done in it.")
        if step.kind == REVOLUTION and (play.phase not in (DEALING, TAXES) or play.log.taxes or
                                        play.log.revolution is not None):
            return say("A revolution is declared once, before any card is handed over or played.")
        if step.kind == TRANSFER and play.phase not in (DEALING, TAXES):
            return say("Cards are handed over before the round's first play.")
        if step.kind in (TRICK, PLAY) and step.trick is not None and step.trick < len(play.log.tricks):
            return say("Trick {trick} is over: a play goes into trick {current} or a later one.", trick=step.trick,
                       current=len(play.log.tricks))
        return None

    def step(self, step: Step) -> tuple[str, list[Finding]]:
        """Apply a step read from a log or an action: its anchor and the findings it gave."""
        where, found = self.advance(step)
        self.last = step
        return step_anchor(where), found

    def advance(self, step: Step) -> tuple[tuple, list[Finding]]:
        """``step``'s work: the position it recorded (round, trick, play) and its findings."""
        kind = step.kind
        if kind == PLAY:
            self.played += 1
            play = self.round
            if play is not None:
                number = len(self.logs)
                trick = step.trick or self.default_place()[0]
                tricks = play.log.tricks
                position = step.play or (len(tricks[trick - 1].plays) + 1 if trick <= len(tricks) else 1)
                found = play.play(step.value, trick, position - 1)
                return (("round", number), ("trick", trick), ("play", position)), found
        if kind == ROUND:
            log = step.value
            assert isinstance(log, Round)
            self.logs.append(log)
            where = (("round", len(self.logs)),)
            if not self.session.replaying:
                return where, []
            return where, self.session.start_round(log)
        play = self.round
        where = (("round", len(self.logs)),)
        if play is None:  # a round not replayed: only recorded
            return self.record_only(step), []
        if kind == DEAL:
            return (*where, ("deal", "")), play.deal(step.value, set(step.unreadable))
        if kind == REVOLUTION:
            return (*where, ("revolution", "")), play.declare(step.value)
        if kind == TRANSFER:
            position = len(play.log.taxes or []) if step.index is None else step.index
            found = play.transfer(step.value, position, self.eager)
            return (*where, ("transfer", position + 1)), found
        return (*where, ("trick", step.trick)), play.trick(step.trick, step.value)

    def record_only(self, step: Step) -> tuple:
        """Keep a step of a round that is not replayed in the log; the position it took."""
        log = self.logs[-1]
        where: tuple = (("round", len(self.logs)),)
        if step.kind == DEAL:
            log.hands, log.unreadable_hands = step.value, set(step.unreadable)
            return (*where, ("deal", ""))
        if step.kind == REVOLUTION:
            log.revolution = step.value
            return (*where, ("revolution", ""))
        if step.kind == TRANSFER:
            log.taxes = [*(log.taxes or []), step.value]
            return (*where, ("transfer", len(log.taxes)))
        while len(log.tricks) < (step.trick or max(len(log.tricks), 1)):
            log.tricks.append(Trick([], step.value if step.kind == TRICK else None))
        where = (*where, ("trick", len(log.tricks)))
        if step.kind == PLAY:
            log.tricks[-1].plays.append(step.value)
            where = (*where, ("play", len(log.tricks[-1].plays)))
        return where

    def patch(self, action: object) -> list[dict]:
        step, found = self.read(action)
        if step is None:
            raise refusal(found)
        last = f"/rounds/{len(self.logs) - 1}"
        if step.kind == ROUND:
            return [{"op": "add", "path": "/rounds/-", "value": actions.round_head(step.value)}]
        log = self.logs[-1]
        if step.kind == DEAL:
            hands = {name: actions.cards_text(cards) for name, cards in step.value.items()}
            return [{"op": "add", "path": f"{last}/hands", "value": hands}]
        if step.kind == REVOLUTION:
            return [{"op": "add", "path": f"{last}/revolution", "value": step.value}]
        if step.kind == TRANSFER:
            entry = actions.transfer_entry(step.value)
            if log.taxes is None:
                return [{"op": "add", "path": f"{last}/taxes", "value": [entry]}]
            return [{"op": "add", "path": f"{last}/taxes/-", "value": entry}]
        trick = step.trick or (self.default_place()[0] if self.round is not None else len(log.tricks) or 1)
        ops = [{"op": "add", "path": f"{last}/tricks/-", "value": {"plays": []}}
               for _ in range(len(log.tricks), trick)]
        if step.kind == TRICK:
            if ops and step.value is not None:
                ops[-1]["value"]["note"] = step.value
            return ops
        entry = actions.play_entry(step.value)
        if ops:
            ops[-1]["value"]["plays"].append(entry)
            return ops
        return [{"op": "add", "path": f"{last}/tricks/{trick - 1}/plays/-", "value": entry}]

    def view(self) -> dict:
        return view_of(self.session, view)

    def to_log(self) -> dict:
        return {**copy.deepcopy(self.head), "rounds": [actions.round_entry(log) for log in self.logs]}

    def clone(self) -> DalmutiState:
        twin = shallow(self)
        twin.history = list(self.history)  # the positions kept are never changed: they are shared
        twin.session = self.session.fork()
        twin.logs = list(self.logs)
        current = twin.session.current
        if current is not None and self.round is not None:
            twin.logs[-1] = current.log
        elif twin.logs:
            old = self.logs[-1]
            twin.logs[-1] = Round(old.join, old.ranks, old.hands, set(old.unreadable_hands), old.revolution,
                                  None if old.taxes is None else list(old.taxes),
                                  [Trick(list(trick.plays), trick.note) for trick in old.tricks], note=old.note)
        return twin

    # -- the report ---------------------------------------------------------------------------------

    def report(self, log: Log, found: list[Finding]) -> SessionReport:
        return self.session.report(log, found)


def step_anchor(where: tuple) -> str:
    """A step's own deep-link id: ``round-2``, ``round-2-deal``, ``round-2-transfer-3``, ``round-2-trick-4-play-1``."""
    return "-".join(unit if number == "" else f"{unit}-{number}" for unit, number in where)


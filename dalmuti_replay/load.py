"""From a log to a State: the reader's typed log, its steps in order, applied one by one (a trick's plays at
once when nobody watches the steps), then the claims.

``load`` is the validator: schema findings first (the reader), then every step's findings as the State
gives them, then the claims checked against the plays. ``new_state`` starts a session from a setup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from dalmuti_replay.actions import DEAL, PLAY, REVOLUTION, ROUND, TRANSFER, TRICK, Step
from dalmuti_replay.log import GAME_ID, Log, Round, opened_alone
from dalmuti_replay.reader import DEFAULT_LIMITS, Limits, Reader
from dalmuti_replay.report import SessionReport
from dalmuti_replay.rounds import TAXES, RoundPlay
from dalmuti_replay.rules import Options
from dalmuti_replay.session import Session
from dalmuti_replay.state import DalmutiState
from replaykit.state import refusal

Observe = Callable[[str, DalmutiState], None]


def head_of(log: Log) -> dict:
    """The log's setup as JSON: what comes before its rounds."""
    head: dict = {"game": GAME_ID, "version": 1, "players": list(log.players or [])}
    if log.options.on():
        head["options"] = log.options.on()
    if log.end is not None:
        head["end"] = {log.end.kind: log.end.count}
    if log.meta:
        head["meta"] = log.meta
    return head


def start(log: Log, limits: Limits) -> DalmutiState:
    end = None if log.end is None else (log.end.kind, log.end.count)
    return DalmutiState(head_of(log), Session(log.players or [], log.options, end, log.meta), limits)


def round_begun(entry: Round) -> Step:
    return Step(ROUND, Round(entry.join, entry.ranks, taxes=None if entry.taxes is None else [], note=entry.note))


def before_play(entry: Round) -> Iterator[Step]:
    """A round's steps before its tricks: the deal, a revolution, the transfers."""
    if entry.hands is not None:
        yield Step(DEAL, entry.hands, unreadable=frozenset(entry.unreadable_hands))
    if entry.revolution is not None:
        yield Step(REVOLUTION, entry.revolution)
    for position, transfer in enumerate(entry.taxes or ()):
        if transfer is not None:
            yield Step(TRANSFER, transfer, index=position)


def play_before(play: RoundPlay, entry: Round) -> None:
    """``before_play``'s steps given straight to the round being replayed, each as ``DalmutiState.advance`` gives
    it when nobody watches (the tax phase not replayed at each transfer): no ``Step`` made, no interpreted call."""
    if entry.hands is not None:
        play.deal(entry.hands, set(entry.unreadable_hands))
    if entry.revolution is not None:
        play.declare(entry.revolution)
    for position, transfer in enumerate(entry.taxes or ()):
        if transfer is not None:
            play.transfer(transfer, position, False)


def steps_of(log: Log) -> Iterator[Step]:
    """The log's steps in order; an unreadable round ends them (who sits where next is unknown)."""
    for entry in log.rounds:
        if entry is None:
            return
        yield round_begun(entry)
        yield from before_play(entry)
        for number, trick in enumerate(entry.tricks, start=1):
            if opened_alone(trick):
                yield Step(TRICK, trick.note, trick=number)
            for position, play in enumerate(trick.plays, start=1):
                if play is not None:
                    yield Step(PLAY, play, number, position)


def replay_unwatched(state: DalmutiState, log: Log) -> None:
    """The log's steps after round 1 begun, as ``steps_of`` gives them, when nobody watches them one by one: a
    round's tricks and a trick's plays are made at once (``RoundPlay.play_tricks``) rather than a ``Step``
    each, and the tax phase is replayed once, when play begins, rather than at every transfer."""
    state.eager = False
    session = state.session
    for index, entry in enumerate(log.rounds):
        if entry is None:
            break
        if index:
            state.advance(round_begun(entry))
            if session.halted:
                break
        play: RoundPlay | None = state.round
        assert play is not None  # the session replays this round: it was seated
        play_before(play, entry)
        state.played += play.play_tricks(entry.tricks)
    state.eager = True
    play = state.round
    if play is not None and play.phase == TAXES and play.log.taxes:
        play.replay_taxes(closed=False)  # the state goes on from here: its hands after the transfers


def load(document: object, limits: Limits = DEFAULT_LIMITS,
         observe: Observe | None = None) -> tuple[SessionReport, DalmutiState | None]:
    """The report of a log and the State at its end (``None``: no session could start); ``observe`` is shown
    the State at the start and after each step."""
    reader = Reader(limits)
    log = reader.document(document)
    if log is None or log.players is None:
        if log is None:
            report = SessionReport([], reader.findings)
        else:
            end = None if log.end is None else {log.end.kind: log.end.count}
            report = SessionReport([], reader.findings, log.meta, log.options, end,
                                   claims={"totals": log.totals, "winners": log.winners})
        report.unlisted = reader.unlisted
        return report, None
    state = start(log, limits)
    session = state.session
    steps = steps_of(log) if session.playable else iter(())
    first = next(steps, None)
    if first is not None:  # a session starts with its first round begun: its seating is the players'
        state.advance(first)
    if observe is not None:
        observe("", state)
    if session.playable:
        if observe is None:
            replay_unwatched(state, log)
        else:
            for step in steps:
                observe(state.step(step)[0], state)
    report = state.report(log, reader.findings)
    report.unlisted = reader.unlisted
    return report, state


def new_state(setup: dict) -> DalmutiState:
    """A session from a log's setup (its players, options, end and meta; any rounds are left out), with
    round 1 begun: its deal is the first step."""
    if type(setup) is not dict:
        raise ValueError("A setup is a log's object: game, players, options, end, meta.")
    reader = Reader()
    log = reader.document({**setup, "rounds": [{"tricks": []}]})
    problems = [finding for finding in reader.findings if not finding.path.startswith("/rounds")]
    if log is None or log.players is None or problems:
        raise refusal(problems, "The setup names no players.")
    state = start(log, DEFAULT_LIMITS)
    if not state.session.playable:
        raise refusal(state.session.head)
    state.apply({"round": 1})  # round 1 is seated as the players are listed: the deal comes first
    return state


__all__ = ["Options", "load", "new_state"]

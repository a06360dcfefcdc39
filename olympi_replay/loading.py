"""The validator through the State: a log read into its setup and steps, applied one by one to an
``OlympiState``, then the log's claims checked (``Engine.load`` and ``Engine.new_state`` of this game).

The loader steps through the log as written: a race entry starts a race (a malformed one leaves its
discipline's pile and replays no turn; a tenth stops the replay), each turn is the race's next step. The
report is the state's, with the last race and the claims closed on a copy, so the state returned can go on.
"""

from __future__ import annotations

from olympi_replay.log import DEFAULT_LIMITS, Limits
from olympi_replay.reader import Reader
from olympi_replay.replay import GameReplay
from olympi_replay.report import GameReport
from olympi_replay.state import OlympiState


def load(document: object, limits: Limits = DEFAULT_LIMITS, observe=None) -> tuple[GameReport, OlympiState | None]:
    """Read a log into its setup and steps, apply them to a State and check the log's claims: the report,
    and the state after the last step (``None`` when no game can start)."""
    reader = Reader(limits)
    log = reader.document(document)
    game = GameReplay(log, reader.findings)
    if not game.setup():
        game.report.unlisted = reader.unlisted
        return game.report, None
    state = OlympiState(game, document, limits)
    if observe is not None:
        observe("", state)
    for number, race in enumerate(log.races or (), 1):
        if not state.start(race):
            break
        if observe is not None:
            observe(f"race-{number}", state)
        if state.race is None:
            continue  # a race too malformed to replay: its turns are not replayed either
        for turn_number, turn in enumerate(race.turns, 1):
            state.take(turn)
            if observe is not None:
                observe(f"race-{number}-turn-{turn_number}", state)
    report = state.report()
    report.unlisted = reader.unlisted
    return report, state


def new_state(setup: dict) -> OlympiState:
    """A game about to start from a log's setup (its races, if any, are replayed too)."""
    document = {**setup, "races": setup.get("races", [])} if isinstance(setup, dict) else setup
    report, state = load(document)
    if state is None:
        problems = "; ".join(f"{finding.path or '/'}: {finding.message}" for finding in report.findings[:3])
        raise ValueError(f"No game of Olympi Cards can start from this setup: {problems}")
    return state

"""The validator through the State: a log read into its setup and steps, applied one by one to an
``OlympiState``, then the log's claims checked (``Engine.load`` and ``Engine.new_state`` of this game).

The loader steps through the log as written: a race entry starts a race (a malformed one leaves its
discipline's pile and replays no turn; a tenth stops the replay), each turn is the race's next step. The
report is the state's, with the last race and the claims closed on a copy, so the state returned can go on.
"""

from __future__ import annotations

from typing import cast

from olympi_replay.log import DEFAULT_LIMITS, Limits, Race
from olympi_replay.reader import Reader
from olympi_replay.replay import GameReplay
from olympi_replay.report import GameReport
from olympi_replay.state import OlympiState, apply_ops

CLAIMS = ("scores", "winners")  # the score sheet's, checked at the end: not part of the log so far


def load(document: object, limits: Limits = DEFAULT_LIMITS, observe=None) -> tuple[GameReport, OlympiState | None]:
    """Read a log into its setup and steps, apply them to a State and check the log's claims: the report,
    and the state after the last step (``None`` when no game can start)."""
    reader = Reader(limits)
    log = reader.document(document)
    game = GameReplay(log, reader.findings)
    if not game.setup():
        game.report.unlisted = reader.unlisted
        return game.report, None
    data = cast(dict, document)  # a game was set up: the document is an object
    races = data.get("races")
    written = races if isinstance(races, list) else []
    setup = {key: value for key, value in data.items() if key not in CLAIMS}
    state = OlympiState(game, {**setup, "races": []}, limits)
    if observe is not None:
        if game.cards.deck is None or any(hand.unknown for hand in game.cards.hands.values()):
            # Cards unseen: the views show those the rest of the log proves held, which a first replay finds.
            first = load(document, limits)[1]
            assert first is not None  # the same setup started a game just now
            game.proof.given = first.game.proof.revealed
        observe("", state)
    for number, race in enumerate(log.races or (), 1):
        # As ``state.start``, here with the game itself: the interpreted State called twice a race cost more
        # than the race's start.
        state.pending = None
        if not game.start_race(race):
            break
        entry = written[number - 1] if number <= len(written) else None
        listed = entry.get("turns") if isinstance(entry, dict) else None
        turns = listed if isinstance(listed, list) else []
        # A race too malformed to replay: its turns are neither replayed nor written into the log so far.
        replayed = turns[:len(race.turns)] if game.current is not None else []
        if observe is None:
            _take_race(state, game, entry, race, replayed)
        else:
            _observe_race(state, number, entry, race, replayed, observe)
    report = state.report()
    report.unlisted = reader.unlisted
    return report, state


def _take_race(state: OlympiState, game: GameReplay, entry: object, race: Race, replayed: list) -> None:
    """A race's turns replayed, its entry written into the state's log whole (nobody sees a state midway, nor
    shares its log yet: the list is added to in place); as ``state.take_all``, with the game itself."""
    state.log["races"].append(_without_turns(entry, replayed))
    if game.current is not None and race.turns:
        state.pending = game.steps(race.turns)


def _observe_race(state: OlympiState, number: int, entry: object, race: Race, replayed: list, observe) -> None:
    """A race step by step, each step seen by ``observe``: the state's log grows with each step as written,
    so a state seen midway writes back the log so far."""
    state.log = apply_ops(state.log, [{"op": "add", "path": "/races/-", "value": _without_turns(entry, [])}])
    observe(f"race-{number}", state)
    if state.race is None:
        return
    for turn_number, turn in enumerate(race.turns, 1):
        state.take(turn)
        if turn_number <= len(replayed):
            state.log = apply_ops(state.log, [{"op": "add", "path": f"/races/{number - 1}/turns/-",
                                               "value": replayed[turn_number - 1]}])
        observe(f"race-{number}-turn-{turn_number}", state)


def _without_turns(entry: object, turns: list) -> object:
    """A race entry as the log so far holds it with ``turns`` replayed: its awards (a claim) are left out."""
    if not isinstance(entry, dict):
        return entry
    written = {key: value for key, value in entry.items() if key != "awards"}
    written["turns"] = turns  # where the entry has its turns, as a dict updated keeps a key's place
    return written


def new_state(setup: dict) -> OlympiState:
    """A game about to start from a log's setup (its races, if any, are replayed too)."""
    document = {**setup, "races": setup.get("races", [])} if isinstance(setup, dict) else setup
    report, state = load(document)
    if state is None:
        problems = "; ".join(f"{finding.path or '/'}: {finding.message}" for finding in report.findings[:3])
        raise ValueError(f"No game of Olympi Cards can start from this setup: {problems}")
    return state

"""What an action given to ``OlympiState.apply`` is: read with the log reader, so a step of the recorder
and the same step written in a log get the same ``schema`` findings, placed where the step would go.

Three shapes: a race's start ``{"discipline": D}`` (with ``"postponed": P``), a turn as a race's
``turns`` write it, and ``{"draw": [cards]}`` naming the cards of a draw made unseen. Anything else is a
``schema`` finding and changes nothing.
"""

from __future__ import annotations

from typing import Protocol

from olympi_replay import race_reader
from olympi_replay.log import finding
from olympi_replay.reader import Reader
from olympi_replay.words import say
from replaykit.findings import ERROR
from replaykit.reading import describe, show

RACE_START_KEYS = frozenset({"discipline", "postponed", "note"})


class Stepping(Protocol):
    """What ``read_action`` reads of the State (``state.OlympiState``, which imports this module)."""

    limits: object
    game: object
    race: object
    log: dict
    pending: tuple | None

    def past_limit(self, kind: str) -> object: ...


def read_action(state: Stepping, action: object) -> tuple[str, object, list]:
    """``(kind, what was read, schema findings)``: kind ``race``, ``turn`` or ``draw``."""
    reader = Reader(state.limits)
    game, race = state.game, state.race
    if type(action) is not dict:
        return "", None, [_problem("", say('An action of Olympi Cards is a race\'s start {{"discipline": "Sprint"}} '
                                               '(with "postponed"), a turn {{"player": "Ann", "action": "play", '
                                               '"cards": ["K7"]}} or a draw {{"draw": ["K7"]}}; found {kind}.',
                                               kind=describe(action)))]
    if "player" in action or "action" in action:
        if race is None or game.stopped:
            return "turn", None, [_problem("/races", say("No race is under way: a turn needs a race started first."))]
        if (refused := state.past_limit("turn")) is not None:
            return "turn", None, [refused]
        number = len(race.record.turns) + 1
        reader.race = race.record.number
        turn = race_reader.one_turn(reader, action, f"/races/{len(state.log['races']) - 1}/turns/{number - 1}", number)
        return "turn", turn, reader.findings
    if "discipline" in action or "postponed" in action:
        path = f"/races/{len(state.log['races'])}"
        if (refused := state.past_limit("race")) is not None:
            return "race", None, [refused]
        if game.stopped:
            return "race", None, [_problem(path, say("A tenth race was recorded: nothing after it is replayed."))]
        reader.race = game.entries + 1
        extra = sorted(action.keys() - RACE_START_KEYS, key=str)
        for key in extra:
            reader.problem(f"{path}/{key}", say("{key} is not a field of a race's start; allowed are {allowed}.",
                                                   key=show(key), allowed=", ".join(sorted(RACE_START_KEYS))))
        read = race_reader.one_race(reader, {**action, "turns": []}, path)
        return "race", read, reader.findings
    if action.keys() == {"draw"}:
        if state.pending is None:
            return "draw", None, [_problem("", say("No cards were drawn unseen just now: there is no draw to name."))]
        entry = state.race.record.turns[state.pending[1] - 1]
        reader.race, reader.turn, reader.player = state.race.record.number, entry.number, entry.player
        path = f"/races/{len(state.log['races']) - 1}/turns/{entry.number - 1}/draw"
        cards = reader.cards(action["draw"], path)
        return "draw", cards, reader.findings
    keys = ", ".join(sorted(map(str, action)))
    return "", None, [_problem("", say('An action of Olympi Cards is a race\'s start {{"discipline": "Sprint"}} '
                                       '(with "postponed"), a turn {{"player": "Ann", "action": "play", "cards": '
                                       '["K7"]}} or a draw {{"draw": ["K7"]}}; found an object with {keys}.', keys=keys)
                                   if keys else
                                   say('An action of Olympi Cards is a race\'s start {{"discipline": "Sprint"}} '
                                       '(with "postponed"), a turn {{"player": "Ann", "action": "play", "cards": '
                                       '["K7"]}} or a draw {{"draw": ["K7"]}}; found an object with no keys.'))]


def _problem(path: str, message: str):
    return finding("schema", ERROR, message, path=path)

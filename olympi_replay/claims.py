"""The claims a log makes — each race's awards, the final scores and winners — compared with the replay.

Claims are checked, never trusted. A claim naming someone who is not a player is reported and still
compared (such a name has 0 VP); players a claim leaves out are not compared.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from olympi_replay.log import Log, Race
from olympi_replay.report import RaceRecord, Result
from replaykit.findings import pointer

if TYPE_CHECKING:
    from olympi_replay.replay import GameReplay


def _medals(won: dict[str, list[str]]) -> dict[str, Counter]:
    return {name: Counter(medals) for name, medals in won.items() if medals}


def _list(won: dict[str, list[str]]) -> str:
    return "; ".join(f"{name} {', '.join(medals)}" for name, medals in won.items() if medals) or "no medals"


def check_race_claims(game: GameReplay, race: Race, record: RaceRecord, base: str) -> None:
    awards, number = race.awards, record.number
    if awards.medals is not None:
        for name in awards.medals:
            if not game.rules.is_player(name):
                game.add("unknown-player", f'Race {number} claims medals for "{name}", who is not a player.',
                         base + "/awards/medals" + pointer(name), number)
        if _medals(awards.medals) != _medals(record.medals):
            game.add("medal-mismatch", f"Race {number}'s medals are claimed as {_list(awards.medals)}, but the "
                     f"retirements give {_list(record.medals)}.", base + "/awards/medals", number)
    claims = (("first_player", record.took_first_player, "first-player-mismatch", "took the First-player card"),
              ("record", record.record, "record-mismatch", "set a World Record"))
    for key, actual, code, what in claims:
        if key not in awards.given:
            continue
        claimed = getattr(awards, key)
        if claimed is not None and not game.rules.is_player(claimed):
            game.add("unknown-player", f'Race {number} says "{claimed}" {what}, but they are not a player.',
                     f"{base}/awards/{key}", number)
        if claimed != actual:
            truth = f"{actual} did" if actual is not None else "nobody did"
            game.add(code, f"Race {number} claims {claimed or 'nobody'} {what}, but {truth}.",
                     f"{base}/awards/{key}", number)


def check_claims(game: GameReplay, log: Log, result: Result) -> None:
    so_far = "" if log.races is not None and len(log.races) >= 9 else " so far"
    for name, claimed in (log.scores or {}).items():
        known = game.rules.is_player(name)
        if not known:
            game.add("unknown-player", f'A score is claimed for "{name}", who is not a player.',
                     pointer("scores", name))
        actual = result.scores.get(name, 0)
        if claimed != actual:
            game.add("score-mismatch", f"{name}'s score is claimed as {claimed} VP, but the medals and records "
                     f"give {actual}{so_far}.", pointer("scores", name), player=name if known else None)
    if log.winners is None:
        return
    for index, name in enumerate(log.winners):
        if not game.rules.is_player(name):
            game.add("unknown-player", f'"{name}" is claimed as a winner but is not a player.',
                     pointer("winners", index))
    if set(log.winners) != set(result.winners):
        actual = result.winners
        verdict = (" and ".join(actual) + " share the win: equal VP and cards in hand (a ruling)"
                   if len(actual) > 1 else f"{actual[0]} wins" if actual else "nobody wins")
        game.add("winner-mismatch", f"The claimed winners ({', '.join(log.winners) or 'none'}) are wrong: "
                 f"{verdict}{so_far}.", "/winners")

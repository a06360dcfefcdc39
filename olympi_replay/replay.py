"""Re-execute one Olympi Cards log: setup (players, disciplines, deal), the Discipline pile, each race
(``race.py``), and every claim, which is checked and never trusted.

A claim naming someone who is not a player is reported and still compared (such a name has 0 VP);
players a claim leaves out are not compared.

The replay reports every error it finds and goes on after each with the log as recorded, so one report
lists them all with race, turn, player and JSON pointer.
"""

from __future__ import annotations

import copy
from collections import Counter

from olympi_replay import catalogue
from olympi_replay.cards_state import Cards
from olympi_replay.disciplines import Discipline
from olympi_replay.log import Log, Race, finding
from olympi_replay.opening import Pile, deal, declared_disciplines
from olympi_replay.race import RaceReplay
from olympi_replay.report import GameReport, RaceRecord, Result
from olympi_replay.rules import MAX_PLAYERS, MIN_PLAYERS, RACES, Rules, vp, winners
from replaykit.findings import ERROR, WARNING, Finding, pointer


class GameReplay:
    """One pass over one log; findings are appended as they are met."""

    def __init__(self, log: Log, findings: list[Finding]) -> None:
        self.log, self.findings = log, findings
        self.rules = Rules(tuple(log.players or ()))
        self.cards = Cards(self.rules.seating)
        self.world_record = log.world_record
        self.first_player: str | None = None
        self.medals = {name: Counter() for name in self.rules.seating}
        self.records = dict.fromkeys(self.rules.seating, 0)
        self.report = GameReport([], findings)
        self.definitions: dict[str, Discipline] = {}
        self.pile = Pile([])
        self.current: RaceReplay | None = None  # the race under way
        self.entries = 0  # race entries of the log met so far (a tenth stops the replay)
        self.finished = 0  # races that finished
        self.stopped = False  # a tenth race: nothing more is replayed

    def add(self, code: str, message: str, path: str, race: int | None = None, turn: int | None = None,
            player: str | None = None, severity: str = ERROR) -> None:
        self.findings.append(finding(code, severity, message, race, turn, player, path))

    def setup(self) -> bool:
        """Players, disciplines, the First-player card and the deal; ``False`` when no game can start."""
        log = self.log
        report = self.report = GameReport(list(log.players or ()), self.findings, log.meta,
                                          world_record=log.world_record)
        if log.stopped or not self.players_ok(log.players or []):
            return False
        self.definitions, order = declared_disciplines(self, log, catalogue.current())
        report.disciplines = list(self.definitions.values())
        self.pile = Pile(list(self.definitions), order)
        if log.first_player is not None:
            if self.rules.is_player(log.first_player):
                self.first_player = log.first_player
            else:
                self.add("unknown-player", f'The First-player card is given to "{log.first_player}", who is not '
                         "a player.", "/first_player")
        report.first_player = self.first_player
        report.hands = deal(self, log)
        report.claims = {"scores": None if log.scores is None else dict(log.scores),
                         "winners": None if log.winners is None else list(log.winners)}
        return True

    def start_race(self, race: Race) -> bool:
        """The log's next race entry: close the race before it, reveal this one (and maybe postpone); ``False``
        when it is a tenth race, which is not replayed (nor is anything after it)."""
        index = self.entries
        self.entries += 1
        self.close_race(another=True)
        if index == RACES:
            self.stopped = True
            self.add("too-many-races", f"A game has {RACES} races; race {index + 1} and any after it are not "
                     "replayed.", f"/races/{index}", index + 1)
            return False
        self.current = self.race(race, index + 1)
        return True

    def close_race(self, another: bool) -> None:
        """The race under way ends: discards, medals, records and the race's claims; ``another``: the log goes
        on with another race entry."""
        current, self.current = self.current, None
        if current is None:
            return
        record = current.record
        self.cards.end_race()
        if record.took_first_player is not None:
            self.first_player = record.took_first_player
        for name_, won in record.medals.items():
            self.medals[name_].update(won)
        if record.record is not None:
            self.records[record.record] += 1
        record.scores_after = self.scores()
        record.hands_after = self.cards.sizes()
        check_race_claims(self, current.race, record, current.base)
        self.finished += record.finished
        if not record.finished and another:
            self.add("unfinished-race", f"Race {record.number} ({record.discipline}) did not finish, yet the log "
                     "goes on with another race.", f"/races/{record.number - 1}/turns", record.number)

    def finish(self) -> GameReport:
        """The end of the log: close the last race, then the result and the game's claims."""
        self.close_race(another=False)
        report, entries = self.report, self.entries
        last_done = bool(report.races) and report.races[-1].finished and report.races[-1].number == min(
            entries, RACES)
        report.complete = self.finished == RACES and len(report.races) == RACES
        if entries < RACES or not last_done:
            what = (f"has {entries} of {RACES} races" if entries < RACES
                    else "ends with an unfinished race")
            self.add("incomplete-game", f"The log {what}: the game is unfinished, so scores and winners are "
                     "those so far.", "/races", severity=WARNING)
        report.result = self.result()
        check_claims(self, self.log, report.result, report.complete)
        return report

    def clone(self) -> GameReplay:
        """An independent copy; finished races' records are shared, as nothing changes them any more."""
        other = copy.copy(self)
        other.findings = list(self.findings)
        other.cards, other.pile = self.cards.clone(), self.pile.clone()
        other.medals = {name: Counter(won) for name, won in self.medals.items()}
        other.records = dict(self.records)
        other.report = copy.copy(self.report)
        other.report.findings = other.findings
        other.report.races = list(self.report.races)
        if self.current is not None:
            other.current = self.current.clone(other)
            other.report.races[-1] = other.current.record
        return other

    def players_ok(self, players: list[str]) -> bool:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            self.add("player-count", f"Olympi Cards is for {MIN_PLAYERS} to {MAX_PLAYERS} players; this log has "
                     f"{len(players)}, so it cannot be replayed.", "/players")
            return False
        seen: set[str] = set()
        ok = True
        for index, name in enumerate(players):
            if name in seen:
                ok = False
                self.add("duplicate-player", f'"{name}" is listed twice among the players; the log cannot be '
                         "replayed.", pointer("players", index), player=name)
            seen.add(name)
        return ok

    def race(self, race: Race, number: int) -> RaceReplay | None:
        """Reveal, maybe postpone, and start one race; ``None`` for a race too malformed to replay."""
        base, pile, definitions = f"/races/{number - 1}", self.pile, self.definitions
        if race.malformed:
            if race.discipline is not None:
                pile.take(race.discipline)
            return None
        name = race.discipline
        if race.postponed is not None:
            self.reveal(race.postponed, base + "/postponed", number, pile, definitions, postponing=True)
            pile.postpone(race.postponed)
        self.reveal(name, base + "/discipline", number, pile, definitions, postponing=False)
        pile.take(name)
        record = RaceRecord(number, name, race.postponed, self.first_player, definitions.get(name), note=race.note)
        self.report.races.append(record)
        return RaceReplay(self, race, record, definitions.get(name))

    def reveal(self, name: str, path: str, number: int, pile: Pile, definitions: dict, postponing: bool) -> None:
        """Check that ``name`` is the card on top of the pile, and may be postponed when it is."""
        what = "postponed" if postponing else "raced"
        if name not in definitions:
            self.add("unknown-discipline", f'Race {number} names "{name}" as {what}, but no such discipline is '
                     "declared.", path, number)
            return
        if not pile.on_top(name):
            top = pile.top()
            where = (f'"{top}" is' if top is not None else "another card is") if len(pile) else "no card is"
            state = "already raced" if name not in pile else "not the card on top"
            self.add("wrong-discipline", f'Race {number} {what} "{name}", which is {state}: {where} on top of '
                     "the Discipline pile.", path, number)
        elif postponing and (pile.is_face_up(name) or len(pile) == 1):
            why = ("it was postponed before and lies face up" if pile.is_face_up(name)
                   else "it is the pile's last card (a ruling)")
            self.add("postpone-not-allowed", f'"{name}" cannot be postponed in race {number}: {why}.', path, number)

    def scores(self) -> dict[str, int]:
        return {name: vp(self.medals[name], self.records[name]) for name in self.rules.seating}

    def result(self) -> Result:
        scores, sizes = self.scores(), self.cards.sizes()
        return Result(scores, winners(scores, sizes, self.rules.seating),
                      {name: dict(won) for name, won in self.medals.items()}, dict(self.records), sizes)


# -- claims -----------------------------------------------------------------------------------------

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


def check_claims(game: GameReplay, log: Log, result: Result, complete: bool) -> None:
    so_far = "" if complete else " so far"
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

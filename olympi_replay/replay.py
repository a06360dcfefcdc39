"""Re-execute one Olympi Cards log: setup (players, disciplines, deal), the Discipline pile, each race
(``race.py``), and every claim, which is checked and never trusted.

A claim naming someone who is not a player is reported and still compared (such a name has 0 VP);
players a claim leaves out are not compared.

The replay reports every error it finds and goes on after each with the log as recorded, so one report
lists them all with race, turn, player and JSON pointer.
"""

from __future__ import annotations

from olympi_replay.cards_state import Cards, Draw, Proof
from olympi_replay.disciplines import Discipline, called
from olympi_replay.log import Log, Race, Turn, finding
from olympi_replay.opening import Pile, deal, declared_disciplines
from olympi_replay.race import RaceReplay, Sitting
from olympi_replay.report import GameReport, RaceRecord, Result
from olympi_replay.rules import MAX_PLAYERS, MIN_PLAYERS, RACES, Rules, seated_rules
from olympi_replay.scoring import RECORD_VP, VP, winners
from olympi_replay.words import medal_word, say
from replaykit.findings import ERROR, WARNING, Finding, pointer
from replaykit.texts import not_a_player
from replaykit.words import AND, Joined, Text, apart


class GameReplay:
    """One pass over one log; findings are appended as they are met."""

    def __init__(self, log: Log, findings: list[Finding], rules: Rules | None = None,
                 cards: Cards | None = None) -> None:
        """``rules`` and ``cards``: a clone's, made from the game's (by default, the log's players')."""
        self.log, self.findings = log, findings
        self.rules = seated_rules(tuple(log.players or ())) if rules is None else rules
        self.cards = Cards(self.rules.seating) if cards is None else cards
        self.world_record = log.world_record
        self.first_player: str | None = None
        # Plain dicts, as the report gives them: read for every seat's points each time a race closes.
        self.medals: dict[str, dict[str, int]] = {name: {} for name in self.rules.seating}
        self.records = dict.fromkeys(self.rules.seating, 0)
        # Each seat's VP so far (``scoring.vp`` of its medals and records), added to as they are won: every seat's
        # points are given as each race closes, where summing every seat's medals again cost a thirtieth of a
        # validation.
        self.points = dict.fromkeys(self.rules.seating, 0)
        self.report = GameReport([], findings)
        self.definitions: dict[str, Discipline] = {}
        self.pile = Pile([])
        self.current: RaceReplay | None = None  # the race under way
        self.sitting: Sitting | None = None  # what its races read of the game (``seated``)
        self.entries = 0  # race entries of the log met so far (a tenth stops the replay)
        self.finished = 0  # races that finished
        self.stopped = False  # a tenth race: nothing more is replayed
        self.proof = Proof()  # what the log proves the hands hold unseen (the views')

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
        self.definitions, order = declared_disciplines(self, log)
        report.disciplines = list(self.definitions.values())
        self.pile = Pile(list(self.definitions), order)
        if log.first_player is not None:
            if self.rules.is_player(log.first_player):
                self.first_player = log.first_player
            else:
                said = say('The First-player card is given to "{player}", who is not a player.',
                           player=log.first_player)
                self.add("unknown-player", not_a_player(said, log.first_player, self.rules.seating), "/first_player")
        report.first_player = self.first_player
        report.hands = deal(self, log)
        report.claims = {"scores": None if log.scores is None else dict(log.scores),
                         "winners": None if log.winners is None else list(log.winners)}
        # Set up, the game reads no more of the log than its claims (and a clone what it starts from): the races
        # and the deal are let go, so that a replay keeps none of the log's turns alive for the garbage collector
        # to walk (the records keep what they show).
        self.log = Log(players=log.players, world_record=log.world_record, scores=log.scores, winners=log.winners)
        return True

    def start_race(self, race: Race) -> bool:
        """The log's next race entry: close the race before it, reveal this one (and maybe postpone); ``False``
        when it is a tenth race, which is not replayed (nor is anything after it)."""
        index = self.entries
        self.entries += 1
        self.proof.step()
        self.close_race(another=True)
        if index == RACES:
            self.stopped = True
            self.add("too-many-races", say("A game has {races} races; race {number} and any after it are not replayed.",
                                           races=RACES, number=index + 1), f"/races/{index}", index + 1)
            return False
        self.current = self.race(race, index + 1)
        return True

    def steps(self, turns: list[Turn]) -> tuple[Draw, int] | None:
        """The race under way's next turns (``RaceReplay.steps``); the game learns who holds the First-player
        card where the race's first turn showed it. Returns the last turn's draw where its cards were drawn unseen
        and the turn lists none (a draw step may name them), with the turn's number; else ``None``."""
        current = self.current
        if current is None:
            return None
        drawn = current.steps(turns)
        if self.first_player is None:
            self.first_player = current.record.first_player
        if drawn is None or not drawn.unknown or turns[-1].draw is not None:
            return None
        return drawn, len(current.record.turns)

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
        points = self.points
        for name_, won in record.medals.items():
            tally = self.medals[name_]
            for medal in won:
                tally[medal] = tally.get(medal, 0) + 1
                points[name_] += VP[medal]
        if record.record is not None:
            self.records[record.record] += 1
            points[record.record] += RECORD_VP
        record.scores_after = self.scores()
        record.hands_after = self.cards.sizes()
        check_race_claims(self, current.race, record)
        self.finished += record.finished
        if not record.finished and another:
            self.add("unfinished-race", say("Race {number} ({name}) did not finish, yet the log goes on with "
                                              "another race.", number=record.number,
                                              name=called(self.definitions, record.discipline)),
                     f"/races/{record.number - 1}/turns", record.number)

    def finish(self) -> GameReport:
        """The end of the log: close the last race, then the result and the game's claims."""
        self.close_race(another=False)
        report, entries = self.report, self.entries
        last_done = bool(report.races) and report.races[-1].finished and report.races[-1].number == min(
            entries, RACES)
        report.complete = self.finished == RACES and len(report.races) == RACES
        if entries < RACES or not last_done:
            message = (say("The log has {entries} of {races} races: the game is unfinished, so scores and winners "
                           "are those so far.", entries=entries, races=RACES) if entries < RACES
                       else say("The log ends with an unfinished race: the game is unfinished, so scores and "
                                "winners are those so far."))
            self.add("incomplete-game", message, "/races", severity=WARNING)
        report.result = self.result()
        check_claims(self, self.log, report.result, report.complete)
        return report

    def clone(self) -> GameReplay:
        """An independent copy; finished races' records are shared, as nothing changes them any more. Made
        field by field, since a compiled class has no ``copy.copy``."""
        other = GameReplay(self.log, list(self.findings), self.rules, self.cards.clone())
        other.world_record, other.first_player = self.world_record, self.first_player
        other.definitions, other.entries, other.finished, other.stopped = (self.definitions, self.entries,
                                                                           self.finished, self.stopped)
        other.pile, other.proof = self.pile.clone(), self.proof.clone()
        other.medals = {name: dict(won) for name, won in self.medals.items()}
        other.records, other.points = dict(self.records), dict(self.points)
        other.report = self.report.copy()
        other.report.findings = other.findings
        other.report.races = list(self.report.races)
        if self.current is not None:
            if self.sitting is not None:  # the clone's parts, with what the seating made once
                other.sitting = Sitting(other, self.sitting)
            other.current = self.current.clone(other.seated())
            other.report.races[-1] = other.current.record
        return other

    def players_ok(self, players: list[str]) -> bool:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            self.add("player-count", say("Olympi Cards is for {least} to {most} players; this log has {count}, so "
                                             "it cannot be replayed.", least=MIN_PLAYERS, most=MAX_PLAYERS,
                                             count=len(players)), "/players")
            return False
        seen: set[str] = set()
        ok = True
        for index, name in enumerate(players):
            if name in seen:
                ok = False
                self.add("duplicate-player", say('"{name}" is listed twice among the players; the log cannot be '
                                                   "replayed.", name=name), pointer("players", index), player=name)
            seen.add(name)
        return ok

    def race(self, race: Race, number: int) -> RaceReplay | None:
        """Reveal, maybe postpone, and start one race; ``None`` for a race too malformed to replay."""
        pile, definitions = self.pile, self.definitions
        name = race.discipline
        if race.malformed or name is None:  # (a race that names no discipline is malformed)
            if name is not None:
                pile.take(name)
            return None
        if race.postponed is not None:
            self.reveal(race.postponed, number, pile, definitions, postponing=True)
            pile.postpone(race.postponed)
        self.reveal(name, number, pile, definitions, postponing=False)
        pile.take(name)
        record = RaceRecord(number, name, race.postponed, self.first_player, definitions.get(name), note=race.note)
        self.report.races.append(record)
        return RaceReplay(self.seated(), race, record, definitions.get(name))

    def seated(self) -> Sitting:
        """What a race reads of this game, made at its first race (or a clone's first need, once it has its own
        parts)."""
        if self.sitting is None:
            self.sitting = Sitting(self)
        return self.sitting

    def reveal(self, name: str, number: int, pile: Pile, definitions: dict, postponing: bool) -> None:
        """Check that ``name`` is the card on top of the pile, and may be postponed when it is."""
        where = "/postponed" if postponing else "/discipline"
        if name not in definitions:
            message = (say('Race {number} names "{name}" as postponed, but no such discipline is declared.',
                           number=number, name=name) if postponing
                       else say('Race {number} names "{name}" as raced, but no such discipline is declared.',
                                number=number, name=name))
            self.add("unknown-discipline", message, _path(number, where), number)
            return
        if not pile.on_top(name):
            self.add("wrong-discipline", _not_on_top(number, name, pile, definitions, postponing), _path(number, where),
                     number)
        elif postponing and (pile.is_face_up(name) or len(pile) == 1):
            shown = called(definitions, name)
            message = (say('"{name}" cannot be postponed in race {number}: it was postponed before and lies face up.',
                           name=shown, number=number) if pile.is_face_up(name)
                       else say("\"{name}\" cannot be postponed in race {number}: it is the pile's last card "
                                "(a ruling).", name=shown, number=number))
            self.add("postpone-not-allowed", message, _path(number, where), number)

    def scores(self) -> dict[str, int]:
        """Each seat's VP, in seating order (``scoring.vp`` of its medals and records)."""
        return dict(self.points)

    def result(self) -> Result:
        scores, sizes = self.scores(), self.cards.sizes()
        return Result(scores, winners(scores, sizes, self.rules.seating),
                      {name: dict(won) for name, won in self.medals.items()}, dict(self.records), sizes)


def _not_on_top(number: int, name: str, pile: Pile, definitions: dict[str, Discipline], postponing: bool) -> Text:
    """The wrong-discipline sentence: what the race named, and what lies on top of the pile instead, each as
    people call it (a catalogue card by its title)."""
    state = say("already raced") if name not in pile else say("not the card on top")
    on_top = pile.top()
    top: str | None = None if on_top is None else called(definitions, on_top)
    name = called(definitions, name)
    if not len(pile):
        return (say('Race {number} postponed "{name}", which is {state}: no card is on top of the Discipline pile.',
                    number=number, name=name, state=state) if postponing
                else say('Race {number} raced "{name}", which is {state}: no card is on top of the Discipline pile.',
                         number=number, name=name, state=state))
    if top is None:
        return (say('Race {number} postponed "{name}", which is {state}: another card is on top of the Discipline '
                    "pile.", number=number, name=name, state=state) if postponing
                else say('Race {number} raced "{name}", which is {state}: another card is on top of the Discipline '
                         "pile.", number=number, name=name, state=state))
    return (say('Race {number} postponed "{name}", which is {state}: "{top}" is on top of the Discipline pile.',
                number=number, name=name, state=state, top=top) if postponing
            else say('Race {number} raced "{name}", which is {state}: "{top}" is on top of the Discipline pile.',
                     number=number, name=name, state=state, top=top))


# -- claims -----------------------------------------------------------------------------------------

def _medals(won: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each medallist's medals in one order, to compare as counts (a list sorts faster than a Counter is made)."""
    return {name: sorted(medals) for name, medals in won.items() if medals}


COMMA, SEMICOLON = say(", "), say("; ")  # the joints of a list of medals, and of players' medals


def _list(won: dict[str, list[str]]) -> Text:
    """``Ann gold, silver; Bob bronze``, or ``no medals``."""
    lines = [say("{player} {medals}", player=name,
                 medals=Joined([medal_word(medal) for medal in medals], COMMA))
             for name, medals in won.items() if medals]
    return Joined(lines, SEMICOLON, "; ") if lines else say("no medals")


def _path(number: int, where: str) -> str:
    """The pointer of ``where`` in race ``number`` (from 1): made only for a finding, not for every race."""
    return f"/races/{number - 1}{where}"


def check_race_claims(game: GameReplay, race: Race, record: RaceRecord) -> None:
    awards, number = race.awards, record.number
    if awards.medals is not None:
        for name in awards.medals:
            if name not in game.cards.hands:  # the seating's players, as rules.is_player asks (read as a str)
                said = say('Race {number} claims medals for "{name}", who is not a player.', number=number,
                           name=name)
                game.add("unknown-player", not_a_player(said, name, game.rules.seating),
                         _path(number, "/awards/medals" + pointer(name)), number)
        # Equal as written (the usual case) is equal as counts; otherwise each player's medals are sorted first.
        if awards.medals != record.medals and _medals(awards.medals) != _medals(record.medals):
            game.add("medal-mismatch", say("Race {number}'s medals are claimed as {claimed}, but the retirements give "
                                             "{actual}.", number=number, claimed=_list(awards.medals),
                                             actual=_list(record.medals)), _path(number, "/awards/medals"), number)
    if "first_player" in awards.given:
        _check_claim(game, "first_player", awards.first_player, record.took_first_player, "first-player-mismatch",
                     number)
    if "record" in awards.given:
        _check_claim(game, "record", awards.record, record.record, "record-mismatch", number)


def _check_claim(game: GameReplay, key: str, claimed: str | None, actual: str | None, code: str, number: int) -> None:
    """A race's claim of who took the First-player card (``key``), or set a World Record, against who did."""
    if claimed is not None and claimed not in game.cards.hands:  # the seating's players, as above
        said = not_a_player(UNKNOWN_CLAIMANT[key](number=number, player=claimed), claimed, game.rules.seating)
        game.add("unknown-player", said, _path(number, f"/awards/{key}"), number)
    if claimed != actual:
        game.add(code, _claim_wrong(key, number, claimed, actual), _path(number, f"/awards/{key}"), number)


UNKNOWN_CLAIMANT = {
    "first_player": lambda **params: say('Race {number} says "{player}" took the First-player card, but they are '
                                         "not a player.", **params),
    "record": lambda **params: say('Race {number} says "{player}" set a World Record, but they are not a player.',
                                   **params)}


def _claim_wrong(key: str, number: int, claimed: str | None, actual: str | None) -> Text:
    """Who the race claims took the First-player card (or set a World Record), and who did."""
    if key == "first_player":
        if claimed and actual is not None:
            return say("Race {number} claims {claimed} took the First-player card, but {actual} did.",
                       number=number, claimed=claimed, actual=actual)
        if claimed:
            return say("Race {number} claims {claimed} took the First-player card, but nobody did.",
                       number=number, claimed=claimed)
        if actual is not None:
            return say("Race {number} claims nobody took the First-player card, but {actual} did.",
                       number=number, actual=actual)
        return say("Race {number} claims nobody took the First-player card, but nobody did.", number=number)
    if claimed and actual is not None:
        return say("Race {number} claims {claimed} set a World Record, but {actual} did.",
                   number=number, claimed=claimed, actual=actual)
    if claimed:
        return say("Race {number} claims {claimed} set a World Record, but nobody did.",
                   number=number, claimed=claimed)
    if actual is not None:
        return say("Race {number} claims nobody set a World Record, but {actual} did.", number=number, actual=actual)
    return say("Race {number} claims nobody set a World Record, but nobody did.", number=number)


def check_claims(game: GameReplay, log: Log, result: Result, complete: bool) -> None:
    for name, claimed in (log.scores or {}).items():
        known = game.rules.is_player(name)
        if not known:
            said = say('A score is claimed for "{name}", who is not a player.', name=name)
            game.add("unknown-player", not_a_player(said, name, game.rules.seating), pointer("scores", name))
        actual = result.scores.get(name, 0)
        if claimed != actual:
            message = (say("{name}'s score is claimed as {claimed} VP, but the medals and records give {actual}.",
                           name=name, claimed=claimed, actual=actual) if complete
                       else say("{name}'s score is claimed as {claimed} VP, but the medals and records give {actual} "
                                "so far.", name=name, claimed=claimed, actual=actual))
            game.add("score-mismatch", message, pointer("scores", name), player=name if known else None)
    if log.winners is None:
        return
    for index, name in enumerate(log.winners):
        if not game.rules.is_player(name):
            said = say('"{name}" is claimed as a winner but is not a player.', name=name)
            game.add("unknown-player", not_a_player(said, name, game.rules.seating), pointer("winners", index))
    if set(log.winners) != set(result.winners):
        game.add("winner-mismatch", _winners_wrong(log.winners, result.winners, complete), "/winners")


def _winners_wrong(claimed: list[str], actual: list[str], complete: bool) -> Text:
    named = apart(claimed) or say("none")
    if len(actual) > 1:
        sharing = Joined(actual, AND, " and ")
        return (say("The claimed winners ({claimed}) are wrong: {winners} share the win: equal VP and cards in hand "
                    "(a ruling).", claimed=named, winners=sharing) if complete
                else say("The claimed winners ({claimed}) are wrong: {winners} share the win: equal VP and cards in "
                         "hand (a ruling) so far.", claimed=named, winners=sharing))
    if actual:
        return (say("The claimed winners ({claimed}) are wrong: {winner} wins.", claimed=named, winner=actual[0])
                if complete else say("The claimed winners ({claimed}) are wrong: {winner} wins so far.",
                                     claimed=named, winner=actual[0]))
    return (say("The claimed winners ({claimed}) are wrong: nobody wins.", claimed=named) if complete
            else say("The claimed winners ({claimed}) are wrong: nobody wins so far.", claimed=named))

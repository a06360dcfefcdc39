"""A whole Grande Dalmuti session played step by step (spec section 3), and its report.

The players and options first; then per round its order (``setup``), the deal, a revolution and the
taxes, the tricks, the points (``rounds.RoundPlay``); then the declared end and, once the log's claims
are known, every claim checked against the plays (``report``). Findings are collected, never raised.
"""

from __future__ import annotations

from dalmuti_replay.log import Log, Round, finding
from dalmuti_replay.report import RoundRecord, SessionReport
from dalmuti_replay.rounds import CLOSED, RoundPlay, names
from dalmuti_replay.rules import MAX_ALLOWED, MAX_PLAYERS, MIN_PLAYERS, Options, Table, bonuses, winners
from dalmuti_replay.setup import newcomers, round_order
from dalmuti_replay.words import say, say_n
from replaykit.findings import ERROR, WARNING, Finding, pointer
from replaykit.texts import not_a_player
from replaykit.words import Text


class Session:
    """The session's flow: who plays each round, the totals, the declared end; ``rounds`` in play order."""

    players: list[str]
    options: Options
    end: tuple[str, int] | None
    meta: dict
    head: list[Finding]  # the players and options
    rounds: list[RoundPlay]
    totals: dict[str, int]
    order: list[str]
    finished: bool  # the previous round ended: its finishing order is the order due
    ended_after: int | None
    halted: bool  # a round could not be seated: nothing more is replayed
    halt_found: list[Finding]  # why
    playable: bool

    def __init__(self, players: list[str], options: Options, end: tuple[str, int] | None, meta: dict,
                 like: Session | None = None) -> None:
        """A session from its players, or (``like``) a copy sharing every field of that session: made through
        ``__init__``, as a compiled class must be (``scripts/native``)."""
        if like is not None:
            self.players, self.options, self.end, self.meta = like.players, like.options, like.end, like.meta
            self.head, self.rounds, self.totals, self.order = like.head, like.rounds, like.totals, like.order
            self.finished, self.ended_after, self.halted = like.finished, like.ended_after, like.halted
            self.halt_found, self.playable = like.halt_found, like.playable
            return
        self.players, self.options, self.end, self.meta = list(players), options, end, meta
        self.head = []
        self.rounds = []
        self.totals = {}
        self.order = list(players)
        self.finished = True
        self.ended_after = None
        self.halted = False
        self.halt_found = []
        self.playable = self.check_players()
        if not self.playable:
            return
        if options.market and options.black_market:
            self.add(self.head, "option-conflict", say("The Market (market) and Black Market (black_market) variants "
                                                       "conflict (ruling): the first merchant's exchange is checked "
                                                       "once, as a Market."),
                     "options")
        self.totals = dict.fromkeys(self.order, 0)

    def add(self, into: list[Finding], code: str, message: Text, *tokens: object, round_: int | None = None,
            player: str | None = None, severity: str = ERROR) -> None:
        into.append(finding(code, severity, message, round_, None, None, player, pointer(*tokens)))

    def check_players(self) -> bool:
        """Rule 1; with a count error or a repeated name nothing is replayed (ruling)."""
        fine, players = True, self.players
        for index, name in enumerate(players):
            if name in players[:index]:
                self.add(self.head, "duplicate-player", say('"{name}" is listed twice among the players.', name=name),
                         "players", index, player=name)
                fine = False
        count = len(players)
        if not MIN_PLAYERS <= count <= MAX_ALLOWED:
            self.add(self.head, "player-count", say("Il Grande Dalmuti is for {fewest} to {most} players (up to "
                                                    "{allowed} with the full deck, ruling); this log has {count}, so "
                                                    "it is not replayed.", fewest=MIN_PLAYERS, most=MAX_PLAYERS,
                                                    allowed=MAX_ALLOWED, count=count), "players")
            fine = False
        elif count > MAX_PLAYERS:
            self.add(self.head, "player-count", say("{count} players is more than the rulebook's {most}; it is "
                                                    "played with the full 80-card deck (ruling).", count=count,
                                                    most=MAX_PLAYERS), "players", severity=WARNING)
        return fine

    def order_due(self) -> list[str]:
        """The order the next round starts in: the finishing order of a round over, even before it closes."""
        play = self.current
        if play is None or play.phase == CLOSED or not play.over or self.halted:
            return list(self.order)
        return list(play.state.finish)

    @property
    def current(self) -> RoundPlay | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def replaying(self) -> bool:
        return self.playable and not self.halted

    def end_text(self) -> str:
        if self.end is None:
            return ""
        if self.end[0] == "rounds":
            return say_n("the declared end: {count} round", "the declared end: {count} rounds", self.end[1],
                         count=self.end[1])
        return say_n("the declared end: {count} point", "the declared end: {count} points", self.end[1],
                     count=self.end[1])

    def end_reached(self, number: int) -> bool:
        if self.end is None:
            return False
        kind, count = self.end
        if kind == "rounds":
            return number >= count
        return any(total >= count for total in self.totals.values())

    # -- rounds ----------------------------------------------------------------------------------

    def start_round(self, log: Round) -> list[Finding]:
        """Close the round under way and seat the next (its ``join``, ``ranks`` and ``note`` in ``log``)."""
        found = self.close_round(last=False) if self.current is not None and self.current.phase != CLOSED else []
        number = len(self.rounds) + 1
        setup: list[Finding] = []

        def add(code: str, message: Text, *tokens: object, player: str | None = None, severity: str = ERROR) -> None:
            self.add(setup, code, message, "rounds", number - 1, *tokens, round_=number, player=player,
                     severity=severity)

        if self.ended_after is not None and self.ended_after == number - 1:
            add("session-over", say("The session was over after round {previous} ({end}), yet round {round} follows; "
                                    "it is still replayed and scored.", previous=number - 1, end=self.end_text(),
                                    round=number))
        earlier = self.order
        joining = newcomers(add, number, log, earlier)
        before = len(earlier)
        if joining:
            count = before + len(joining)
            if count > MAX_ALLOWED:
                add("player-count", say("With {newcomers} joining, round {round} would have {count} players, more "
                                        "than {allowed}; the session is not replayed from here.",
                                        newcomers=names(joining), round=number, count=count, allowed=MAX_ALLOWED),
                    "join")
                self.halted = True
                self.halt_found = setup
                return found + setup
            if count > MAX_PLAYERS >= before:
                add("player-count", say("With {newcomers} joining, round {round} has {count} players, more than the "
                                        "rulebook's {most}; it is played with the full deck (ruling).",
                                        newcomers=names(joining), round=number, count=count, most=MAX_PLAYERS),
                    "join", severity=WARNING)
            for name in joining:
                self.totals.setdefault(name, 0)
        order = round_order(add, number, log, earlier, joining, unchecked=not self.finished)
        table = Table(tuple(order), self.options)
        record = RoundRecord(number, list(order), list(order), joining, table.deal_sizes(), note=log.note)
        self.rounds.append(RoundPlay(number, table, log, record, setup))
        return found + setup

    def close_round(self, last: bool) -> list[Finding]:
        play = self.current
        assert play is not None
        found = play.close(last)
        record = play.record
        for name, points in record.points.items():
            self.totals[name] = self.totals.get(name, 0) + points
        record.totals = dict(self.totals)
        self.finished = record.complete
        self.order = record.finish if self.finished else [
            *record.finish, *(name for name in record.order if name not in record.finish)]
        if self.ended_after is None and record.complete and self.end_reached(record.number):
            self.ended_after = record.number
        return found

    def is_over(self) -> bool:
        """Nothing is left to play: no replay, or the last round closed at the declared end (or, with no
        end declared, after one finished round)."""
        if not self.replaying:
            return True
        play = self.current
        if play is None or not play.over:
            return False
        if self.end is None:
            return True
        kind, count = self.end
        if kind == "rounds":
            return play.number >= count
        totals = dict(self.totals)
        if play.phase != CLOSED:
            extra = bonuses(play.state.table, play.state.finish)
            for name, points in play.state.points.items():
                totals[name] = totals.get(name, 0) + points + extra.get(name, 0)
        return any(total >= count for total in totals.values())

    # -- the report ------------------------------------------------------------------------------

    def shallow(self) -> Session:
        """A copy sharing every field."""
        return Session(self.players, self.options, self.end, self.meta, self)

    def fork(self) -> Session:
        """A copy that can go on apart from this one: earlier rounds are closed and shared."""
        twin = self.shallow()
        twin.rounds = list(self.rounds)
        if self.current is not None and self.current.phase != CLOSED:
            twin.rounds[-1] = self.current.fork()
        twin.totals, twin.order, twin.head = dict(self.totals), list(self.order), list(self.head)
        return twin

    def report(self, log: Log, found: list[Finding]) -> SessionReport:
        """The report as if the log ended here: the last round closed (on a fork, so this session can go on),
        then the log's claims (``log``) checked against the plays; ``found`` are the reader's findings."""
        if self.current is not None and self.current.phase != CLOSED and not self.halted:
            closing = self.shallow()
            closing.rounds = [*self.rounds[:-1], self.current.fork(share_log=True)]
            closing.totals = dict(self.totals)
            closing.close_round(last=len(self.rounds) == len(log.rounds))
            return closing.report(log, found)
        end = None if self.end is None else {self.end[0]: self.end[1]}
        report = SessionReport(list(dict.fromkeys(self.players)), found, self.meta, self.options, end,
                               claims={"totals": log.totals, "winners": log.winners})
        report.findings.extend(self.head)
        if not self.playable:
            return report
        tail: list[Finding] = []
        for play in self.rounds:
            round_log = log.rounds[play.number - 1] if play.number <= len(log.rounds) else None
            play.claims_found = []
            if round_log is not None:
                self.check_round_claims(play, round_log)
            report.findings.extend(play.findings())
            report.rounds.append(play.record)
        report.findings.extend(self.halt_found)
        self.finish_session(report, log, tail)
        report.findings.extend(tail)
        return report

    def check_round_claims(self, play: RoundPlay, log: Round) -> None:
        record, number, into = play.record, play.number, play.claims_found
        record.claims = {"ranks": log.ranks, "finish": log.finish, "points": log.points, "totals": log.totals}
        so_far = not record.complete
        if log.finish is not None:
            for index, name in enumerate(log.finish):
                if name not in record.points:
                    said = say('The finishing order of round {round} lists "{name}", who is not playing it.',
                               round=number, name=name)
                    self.add(into, "unknown-player", not_a_player(said, name, record.points), "rounds", number - 1,
                             "finish", index, round_=number)
            if log.finish != record.finish:
                words = {"round": number, "claimed": names(log.finish), "actual": names(record.finish)}
                if so_far:
                    message = say("Round {round}'s finishing order is claimed as {claimed}, but the plays give "
                                  "{actual} so far.", **words)
                else:
                    message = say("Round {round}'s finishing order is claimed as {claimed}, but the plays give "
                                  "{actual}.", **words)
                self.add(into, "finish-mismatch", message, "rounds", number - 1, "finish", round_=number)
        for key, actual in (("points", record.points), ("totals", record.totals)):
            self.check_points(into, getattr(log, key), actual, ("rounds", number - 1, key), number, so_far)

    def check_points(self, into: list[Finding], claim: dict[str, int] | None, actual: dict[str, int],
                     tokens: tuple, number: int | None, so_far: bool) -> None:
        kind = "all" if number is None else "round" if tokens[-1] == "points" else "after"
        for name, claimed in (claim or {}).items():
            if name not in actual:
                said = not_a_player(NOT_CREDITED[kind](name=name, round=number), name, actual)
                self.add(into, "unknown-player", said, *tokens, name, round_=number)
            elif claimed != actual[name]:
                message = POINTS_WRONG[kind, so_far](claimed, name=name, round=number, actual=actual[name])
                self.add(into, "points-mismatch", message, *tokens, name, round_=number, player=name)

    def finish_session(self, report: SessionReport, log: Log, into: list[Finding]) -> None:
        rounds = report.rounds
        finished = [record for record in rounds if record.complete]
        report.ranks = list(finished[-1].finish if finished else self.players)
        report.totals = dict(self.totals)
        everyone = [*report.ranks, *(name for name in self.totals if name not in report.ranks)]
        single = len(log.rounds) == 1 and self.end is None
        if single:  # one round, no declared end: the first out wins (rulebook)
            report.winners = rounds[0].finish[:1] if rounds else []
        else:
            report.winners = winners(self.totals, everyone)
        all_done = bool(rounds) and len(rounds) == len(log.rounds) and all(record.complete for record in rounds)
        reached = self.end is None or self.ended_after is not None
        report.complete = all_done and reached
        if not reached:
            if not rounds:
                stopped = say("The log stops before its first round, before {end}.", end=self.end_text())
            elif rounds[-1].complete:
                stopped = say("The log stops after round {round}, before {end}; the result is the standing so far.",
                              round=len(rounds), end=self.end_text())
            else:  # "after round 3" read as if round 3 had been played out
                stopped = say("The log stops during round {round}, which is unfinished, before {end}; the result "
                              "is the standing so far.", round=len(rounds), end=self.end_text())
            self.add(into, "incomplete-session", stopped, "end", severity=WARNING)
        so_far = not report.complete
        self.check_points(into, log.totals, report.totals, ("totals",), None, so_far)
        if log.winners is not None:
            for index, name in enumerate(log.winners):
                if name not in self.totals:
                    said = say('"{name}" is claimed as a winner but is not a player.', name=name)
                    self.add(into, "unknown-player", not_a_player(said, name, self.totals), "winners", index)
            if set(log.winners) != set(report.winners):
                message = WINNERS_WRONG[single, so_far](claimed=names(log.winners), actual=names(report.winners))
                self.add(into, "winner-mismatch", message, "winners")


# Each claim checked, in whole sentences: what the claim is (all the points, a round's, the totals after a
# round), and whether the plays' figure is final or only "so far". A claimed number of points is a count
# for the languages whose words follow it.
NOT_CREDITED = {
    "all": lambda **p: say('"{name}" is credited with points in all, but is not a player there.', **p),
    "round": lambda **p: say('"{name}" is credited with points in round {round}, but is not a player there.', **p),
    "after": lambda **p: say('"{name}" is credited with points in all after round {round}, but is not a player '
                             "there.", **p),
}
POINTS_WRONG = {
    ("all", False): lambda n, **p: say_n("{name} is credited with {count} point in all, but the plays give {actual}.",
                                         "{name} is credited with {count} points in all, but the plays give {actual}.",
                                         n, **p),
    ("all", True): lambda n, **p: say_n("{name} is credited with {count} point in all, but the plays give {actual} so "
                                        "far.", "{name} is credited with {count} points in all, but the plays give "
                                        "{actual} so far.", n, **p),
    ("round", False): lambda n, **p: say_n(
        "{name} is credited with {count} point in round {round}, but the plays give {actual} (going out scores the "
        "players still in the round, the one going out included: ruling).",
        "{name} is credited with {count} points in round {round}, but the plays give {actual} (going out scores the "
        "players still in the round, the one going out included: ruling).", n, **p),
    ("round", True): lambda n, **p: say_n(
        "{name} is credited with {count} point in round {round}, but the plays give {actual} so far (going out "
        "scores the players still in the round, the one going out included: ruling).",
        "{name} is credited with {count} points in round {round}, but the plays give {actual} so far (going out "
        "scores the players still in the round, the one going out included: ruling).", n, **p),
    ("after", False): lambda n, **p: say_n("{name} is credited with {count} point in all after round {round}, but the "
                                           "plays give {actual}.", "{name} is credited with {count} points in all "
                                           "after round {round}, but the plays give {actual}.", n, **p),
    ("after", True): lambda n, **p: say_n("{name} is credited with {count} point in all after round {round}, but the "
                                          "plays give {actual} so far.", "{name} is credited with {count} points in "
                                          "all after round {round}, but the plays give {actual} so far.", n, **p),
}
WINNERS_WRONG = {
    (True, False): lambda **p: say("The claimed winners ({claimed}) are wrong: the plays give {actual} (one round "
                                   "without a declared end: the first out wins).", **p),
    (True, True): lambda **p: say("The claimed winners ({claimed}) are wrong: the plays give {actual} so far (one "
                                  "round without a declared end: the first out wins).", **p),
    (False, False): lambda **p: say("The claimed winners ({claimed}) are wrong: the plays give {actual} (the highest "
                                    "total wins, equal totals share, ruling).", **p),
    (False, True): lambda **p: say("The claimed winners ({claimed}) are wrong: the plays give {actual} so far (the "
                                   "highest total wins, equal totals share, ruling).", **p),
}

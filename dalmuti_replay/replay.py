"""Re-execute a whole Grande Dalmuti session from its plays and check every claim (spec section 3).

The session flow: players and options, then per round its order (``setup``), the deal, a revolution
and the taxes (``taxes``), the tricks (``tricks``), the points; then the declared end and the claimed
totals and winners. Claims are checked, never trusted, and every finding is collected.
"""

from __future__ import annotations

from collections.abc import Callable

from dalmuti_replay.log import Log, Round, finding
from dalmuti_replay.report import RoundRecord, SessionReport
from dalmuti_replay.rules import MAX_ALLOWED, MAX_PLAYERS, MIN_PLAYERS, Table, bonuses, winners
from dalmuti_replay.setup import deal, newcomers, round_order
from dalmuti_replay.state import RoundState
from dalmuti_replay.taxes import collect, known_dealt, revolution
from dalmuti_replay.tricks import play_tricks
from replaykit.findings import ERROR, WARNING, Finding, pointer


def names(people: list[str]) -> str:
    return ", ".join(people) or "nobody"


class SessionReplay:
    """One pass over one log; ``run()`` returns the report, findings appended as they are met."""

    def __init__(self, log: Log, findings: list[Finding]) -> None:
        self.log = log
        self.findings = findings
        self.totals: dict[str, int] = {}

    def add(self, code: str, message: str, *tokens: object, round_: int | None = None, player: str | None = None,
            severity: str = ERROR) -> None:
        self.findings.append(finding(code, severity, message, round_, None, None, player, pointer(*tokens)))

    def run(self) -> SessionReport:
        log = self.log
        end = None if log.end is None else {log.end.kind: log.end.count}
        report = SessionReport(list(dict.fromkeys(log.players or [])), self.findings, log.meta, log.options, end,
                               claims={"totals": log.totals, "winners": log.winners})
        if log.players is None or not self.check_players(log.players):
            return report
        if log.options.market and log.options.black_market:
            self.add("option-conflict", "The market and black_market variants conflict (ruling): the first "
                     "merchant's exchange is checked once, as a market.", "options")
        order = list(log.players)
        self.totals = dict.fromkeys(order, 0)
        finished, ended_after = True, None
        for index, round_log in enumerate(log.rounds):
            if round_log is None:
                break  # not a round object: who sits where next is unknown
            number = index + 1
            if ended_after is not None and ended_after == index:
                self.add("session-over", f"The session was over after round {index} ({self.end_text()}), yet "
                         f"round {number} follows; it is still replayed and scored.", "rounds", index,
                         round_=number)
            record = self.play_round(number, round_log, order, finished)
            if record is None:
                break
            report.rounds.append(record)
            finished = record.complete
            order = record.finish if finished else self.fallback_order(record)
            if ended_after is None and record.complete and self.end_reached(number):
                ended_after = number
        self.finish_session(report, ended_after)
        return report

    def check_players(self, players: list[str]) -> bool:
        """Rule 1; with a count error or a repeated name nothing is replayed (ruling)."""
        fine = True
        for index, name in enumerate(players):
            if name in players[:index]:
                self.add("duplicate-player", f'"{name}" is listed twice among the players.', "players", index,
                         player=name)
                fine = False
        count = len(players)
        if not MIN_PLAYERS <= count <= MAX_ALLOWED:
            self.add("player-count", f"Il Grande Dalmuti is for {MIN_PLAYERS} to {MAX_PLAYERS} players (up to "
                     f"{MAX_ALLOWED} with the full deck, ruling); this log has {count}, so it is not replayed.",
                     "players")
            fine = False
        elif count > MAX_PLAYERS:
            self.add("player-count", f"{count} players is more than the rulebook's {MAX_PLAYERS}; it is played "
                     "with the full 80-card deck (ruling).", "players", severity=WARNING)
        return fine

    def fallback_order(self, record: RoundRecord) -> list[str]:
        """After an unfinished round: those out so far, then the rest in the seating played."""
        return [*record.finish, *(name for name in record.order if name not in record.finish)]

    # -- one round -------------------------------------------------------------------------------

    def play_round(self, number: int, log: Round, earlier: list[str], checked: bool) -> RoundRecord | None:
        def add(code: str, message: str, *tokens: object, player: str | None = None,
                severity: str = ERROR) -> None:
            self.add(code, message, "rounds", number - 1, *tokens, round_=number, player=player,
                     severity=severity)

        joining = newcomers(add, number, log, earlier)
        before = len(earlier)
        if joining:
            count = before + len(joining)
            if count > MAX_ALLOWED:
                add("player-count", f"With {names(joining)} joining, round {number} would have {count} players, "
                    f"more than {MAX_ALLOWED}; the session is not replayed from here.", "join")
                return None
            if count > MAX_PLAYERS >= before:
                add("player-count", f"With {names(joining)} joining, round {number} has {count} players, more "
                    f"than the rulebook's {MAX_PLAYERS}; it is played with the full deck (ruling).", "join",
                    severity=WARNING)
            for name in joining:
                self.totals.setdefault(name, 0)
        order = round_order(add, number, log, earlier, joining, unchecked=not checked)
        table = Table(tuple(order), self.log.options)
        record = RoundRecord(number, list(order), list(order), joining, table.deal_sizes(), note=log.note,
                             hands={name: list(cards) for name, cards in (log.hands or {}).items()
                                    if name in table.seat and name not in log.unreadable_hands},
                             claims={"ranks": log.ranks, "finish": log.finish, "points": log.points,
                                     "totals": log.totals})
        state = RoundState(number, table, log, self.findings, record)
        deal(state)
        proof = known_dealt(state)
        kind = revolution(state, proof)
        collect(state, kind, proof)
        play_tricks(state)
        last = number == len(self.log.rounds)
        if not state.over:
            add("incomplete-round", f"Round {number} stops while {names(state.holding())} still hold cards; "
                "its points are those of the players out so far.", severity=WARNING if last else ERROR)
        record.finish = list(state.finish)
        record.complete = state.over
        record.bonus = bonuses(state.table, state.finish) if state.over else {}
        record.points = {name: state.points[name] + record.bonus.get(name, 0) for name in state.table.order}
        for name, points in record.points.items():
            self.totals[name] = self.totals.get(name, 0) + points
        record.totals = dict(self.totals)
        self.check_round_claims(add, number, log, record)
        return record

    def check_round_claims(self, add: Callable[..., None], number: int, log: Round, record: RoundRecord) -> None:
        so_far = "" if record.complete else " so far"
        if log.finish is not None:
            for index, name in enumerate(log.finish):
                if name not in record.points:
                    add("unknown-player", f'The finishing order of round {number} lists "{name}", who is not '
                        "playing it.", "finish", index)
            if log.finish != record.finish:
                add("finish-mismatch", f"Round {number}'s finishing order is claimed as {names(log.finish)}, "
                    f"but the plays give {names(record.finish)}{so_far}.", "finish")
        for key, actual in (("points", record.points), ("totals", record.totals)):
            self.check_points(getattr(log, key), actual, ("rounds", number - 1, key), number, so_far)

    def check_points(self, claim: dict[str, int] | None, actual: dict[str, int], tokens: tuple,
                     number: int | None, so_far: str) -> None:
        if number is None:
            label = "points in all"
        else:
            label = f"points in round {number}" if tokens[-1] == "points" else f"points in all after round {number}"
        for name, claimed in (claim or {}).items():
            if name not in actual:
                self.add("unknown-player", f'"{name}" is credited with {label}, but is not a player there.',
                         *tokens, name, round_=number)
            elif claimed != actual[name]:
                why = " (going out scores the players still in the round, the one going out included: ruling)" \
                    if tokens[-1] == "points" else ""
                self.add("points-mismatch", f"{name} is credited with {claimed} {label}, but the plays give "
                         f"{actual[name]}{so_far}{why}.", *tokens, name, round_=number, player=name)

    # -- the session -----------------------------------------------------------------------------

    def end_text(self) -> str:
        end = self.log.end
        return "" if end is None else f"the declared end: {end.count} {end.kind}"

    def end_reached(self, number: int) -> bool:
        end = self.log.end
        if end is None:
            return False
        if end.kind == "rounds":
            return number >= end.count
        return any(total >= end.count for total in self.totals.values())

    def finish_session(self, report: SessionReport, ended_after: int | None) -> None:
        log, rounds = self.log, report.rounds
        finished = [record for record in rounds if record.complete]
        report.ranks = list(finished[-1].finish if finished else log.players or [])
        report.totals = dict(self.totals)
        everyone = [*report.ranks, *(name for name in self.totals if name not in report.ranks)]
        single = len(log.rounds) == 1 and log.end is None
        if single:  # one round, no declared end: the first out wins (rulebook)
            report.winners = rounds[0].finish[:1] if rounds else []
        else:
            report.winners = winners(self.totals, everyone)
        all_done = bool(rounds) and len(rounds) == len(log.rounds) and all(record.complete for record in rounds)
        reached = log.end is None or ended_after is not None
        report.complete = all_done and reached
        if not reached:
            self.add("incomplete-session", f"The log stops after round {len(rounds)}, before {self.end_text()}; "
                     "the result is the standing so far.", "end", severity=WARNING)
        so_far = "" if report.complete else " so far"
        self.check_points(log.totals, report.totals, ("totals",), None, so_far)
        if log.winners is not None:
            for index, name in enumerate(log.winners):
                if name not in self.totals:
                    self.add("unknown-player", f'"{name}" is claimed as a winner but is not a player.', "winners",
                             index)
            if set(log.winners) != set(report.winners):
                rule = (" (one round without a declared end: the first out wins)" if single else
                        " (the highest total wins, equal totals share, ruling)")
                self.add("winner-mismatch", f"The claimed winners ({names(log.winners)}) are wrong: the plays give "
                         f"{names(report.winners)}{so_far}{rule}.", "winners")


def replay_session(log: Log, findings: list[Finding]) -> SessionReport:
    return SessionReplay(log, findings).run()

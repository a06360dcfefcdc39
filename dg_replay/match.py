"""Validate a match log: as many games as players, the deal passing clockwise, totals over all games.

Each game is replayed on its own; its findings are re-addressed under ``/games/g`` and numbered with
``game``, then the match-wide claims (totals) and the match rulings (rotation, length) are checked.
"""

from __future__ import annotations

from dg_replay.reader import GameLog, MatchLog, finding
from dg_replay.replay import replay_game, seating_of
from dg_replay.report import MatchReport
from dg_replay.rules import Rules, winners
from replaykit.findings import ERROR, WARNING, Finding, pointer


def dealer_of(log: GameLog, rules: Rules) -> str | None:
    """The dealer as written, or else (a ruling) the right neighbour of the first trick's leader."""
    if rules.is_player(log.dealer):
        return log.dealer
    if log.tricks and log.tricks[0].plays and rules.is_player(log.tricks[0].plays[0].player):
        return rules.right_of(log.tricks[0].plays[0].player)  # type: ignore[arg-type]
    return None


def replay_match(match: MatchLog, findings: list[Finding]) -> MatchReport:
    rules = Rules(seating_of(match.players or []))
    report = MatchReport(list(rules.seating), findings, meta=match.meta, claimed_totals=match.totals)
    if match.players is None:
        return report
    totals = dict.fromkeys(rules.seating, 0)
    previous_dealer = None
    for index, log in enumerate(match.games):
        if log is None:
            report.games.append(None)
            continue
        base = pointer("games", index)
        own: list[Finding] = []
        game = replay_game(log, own)
        findings.extend(found.within("game", index + 1, base) for found in own)
        report.unlisted += game.unlisted
        report.games.append(game)
        for name in rules.seating:
            totals[name] += game.scores.get(name, 0)
        dealer = dealer_of(log, rules)
        if previous_dealer is not None and dealer is not None and dealer != rules.left_of(previous_dealer):
            findings.append(finding(
                "dealer-rotation", WARNING,
                f"Game {index + 1} is dealt by {dealer}, but the deal passes clockwise (a ruling of this service): "
                f"after {previous_dealer} it is {rules.left_of(previous_dealer)}'s turn to deal.",
                path=base + ("/dealer" if log.has_dealer else ""), game=index + 1, player=dealer))
        previous_dealer = dealer
    played, due = len(match.games), len(rules.seating)
    if played < due:
        findings.append(finding("incomplete-game", WARNING, f"A match of {due} players has {due} games; this one "
                                f"has {played}, so the totals are those so far.", path="/games"))
    elif played > due:
        findings.append(finding("match-length", WARNING, f"A match of {due} players has {due} games; this one "
                                f"has {played}.", path=pointer("games", due)))
    # Extra games are a warning of their own; the match itself is then over, not unfinished.
    report.complete = played >= due and all(game is not None and game.complete for game in report.games)
    report.totals = totals
    report.winners = winners(totals, rules.seating)
    check_totals(match, report, findings, "" if report.complete else " so far")
    return report


def check_totals(match: MatchLog, report: MatchReport, findings: list[Finding], so_far: str) -> None:
    if not all(game is not None and game.scored for game in report.games):
        return  # a game that could not be replayed leaves the totals unknown: no guess
    for name, claimed in (match.totals or {}).items():
        path = pointer("totals", name)
        if name not in report.totals:
            findings.append(finding("unknown-player", ERROR, f'Totals are claimed for "{name}", who is not a player.',
                                    path=path))
        elif claimed != report.totals[name]:
            findings.append(finding("score-mismatch", ERROR, f"{name}'s match total is claimed as {claimed}, but "
                                    f"the games add up to {report.totals[name]}{so_far}.", path=path, player=name))


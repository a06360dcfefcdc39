"""Read and validate a match log: as many games as players, the deal passing clockwise, totals over all games.

Each game is played on its own ``GameState`` inside a ``MatchState`` (``dg_replay.match_state``); its
findings are re-addressed under ``/games/g`` and numbered with ``game``, followed by the match ruling on
who deals it. Then the match-wide claims (totals) and its length are checked.
"""

from __future__ import annotations

from dg_replay.limits import too_many_games
from dg_replay.match_state import MatchState
from dg_replay.reader import (
    DEFAULT_LIMITS,
    GAME_ID,
    MATCH_KEYS,
    GameLog,
    Limits,
    MatchLog,
    Reader,
    finding,
)
from dg_replay.replay import Observe, load_game, start
from dg_replay.report import MatchReport
from dg_replay.rules import match_totals, winners
from dg_replay.state import seating_of
from dg_replay.words import say
from replaykit.findings import ERROR, WARNING, Finding, pointer
from replaykit.reading import describe
from replaykit.texts import not_a_player


def read_match(reader: Reader, data: dict) -> MatchLog:
    """A match log read by ``reader`` (``Reader.document`` hands it over): its games are read as logs."""
    reader.closed(data, MATCH_KEYS, "", "a match log")
    reader.version(data, "")
    match = MatchLog(reader.players(data, ""))
    games = data.get("games")
    if type(games) is not list:
        reader.problem("/games", say('A match log needs a "games" list; found {what}.', what=describe(games)))
    elif (said := too_many_games(reader.limits, len(games))) is not None:
        reader.problem("/games", said)
    else:
        match.has_games = True
        for index, entry in enumerate(games):
            match.games.append(read_game(reader, entry, index, match.players))
    if "totals" in data:
        match.totals = reader.scores(data["totals"], "/totals", "totals")
    match.meta = reader.meta(data, "")
    return match


def read_game(reader: Reader, entry: object, index: int, players: list[str] | None) -> GameLog | None:
    base = pointer("games", index)
    reader.game_number = index + 1
    try:
        if type(entry) is not dict:
            reader.problem(base, say("Game {number} of the match must be a log object; found {what}.",
                                     number=index + 1, what=describe(entry)))
            return None
        if entry.get("game") != GAME_ID:
            reader.problem(base + "/game", say('Game {number} of the match must say "game": "{game}".',
                                               number=index + 1, game=GAME_ID))
        log = reader.game(entry, base)
        if players is not None and log.players is not None and log.players != players:
            reader.problem(base + "/players", say("Game {number} must list the match's players in the same order.",
                                                  number=index + 1))
        return log
    finally:
        reader.game_number = None


def replay_match(match: MatchLog, findings: list[Finding], observe: Observe | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> tuple[MatchReport, MatchState | None]:
    seating = seating_of(match.players or [])
    report = MatchReport(list(seating), findings, meta=match.meta, claimed_totals=match.totals)
    if match.players is None:
        return report, None
    state = MatchState(match.players, limits)
    state.has_games = match.has_games
    if observe is not None:
        observe("", state)
    for index, log in enumerate(match.games):
        if log is None:
            state.skip_game()
            report.games.append(None)
            continue
        own: list[Finding] = []
        game = start(log, limits=limits)
        state.start_game(log.players or [], log.dealer, log.hands, game)
        if log.players is None:  # nothing is played, but who led shows who dealt
            first = log.tricks[0].plays if log.tricks else []
            game.leader_hint = first[0].player if first else None
        number = index + 1
        played = load_game(log, own, game if log.players is not None else None, observe, f"game-{number}", state)
        base = pointer("games", index)
        findings.extend(found.within("game", number, base) for found in own)
        report.unlisted += played.unlisted
        report.games.append(played)
        rotation = state.rotation(index)
        if rotation is not None:
            findings.append(rotation)
    played_count, due = len(match.games), len(seating)
    if played_count < due:
        findings.append(finding("incomplete-game", WARNING, say("A match of {due} players has {due} games; this one "
                                                                "has {count}, so the totals are those so far.",
                                                                due=due, count=played_count), path="/games"))
    elif played_count > due:
        findings.append(finding("match-length", WARNING, say("A match of {due} players has {due} games; this one "
                                                             "has {count}.", due=due, count=played_count),
                                path=pointer("games", due)))
    # Extra games are a warning of their own; the match itself is then over, not unfinished.
    report.complete = played_count >= due and all(game is not None and game.complete for game in report.games)
    report.totals = match_totals([None if game is None else game.scores for game in report.games], seating)
    report.winners = winners(report.totals, seating)
    check_totals(match, report, findings, "" if report.complete else " so far")
    return report, state


def check_totals(match: MatchLog, report: MatchReport, findings: list[Finding], so_far: str) -> None:
    if not all(game is not None and game.scored for game in report.games):
        return  # a game that could not be replayed leaves the totals unknown: no guess
    for name, claimed in (match.totals or {}).items():
        path = pointer("totals", name)
        if name not in report.totals:
            said = say('Totals are claimed for "{name}", who is not a player.', name=name)
            findings.append(finding("unknown-player", ERROR, not_a_player(said, name, report.totals), path=path))
        elif claimed != report.totals[name]:
            said = say("{name}'s match total is claimed as {claimed}, but the games add up to {total} so far.",
                       name=name, claimed=claimed, total=report.totals[name]) if so_far else \
                say("{name}'s match total is claimed as {claimed}, but the games add up to {total}.", name=name,
                    claimed=claimed, total=report.totals[name])
            findings.append(finding("score-mismatch", ERROR, said, path=path, player=name))

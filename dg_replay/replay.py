"""Validate one David & Goliath log by playing it on a ``GameState`` and checking every claim against it.

The rules and every ruling are in docs/games/david-goliath/rulings.md; they are applied by the state, once.
This module only reads the log into a setup and its tricks, hands the state what the whole log proves
(``evidence``: a card a player plays later shows they held its colour until then), and checks what the log
claims — each trick's captures, the scores, the winners — against what the state computed.

Claims are checked, never trusted. After an illegal play the state goes on with the play as recorded, so
one report lists every error with its trick, play, player and JSON pointer.
"""

from __future__ import annotations

from collections.abc import Callable

from dg_replay.cards import Card, cards_text
from dg_replay.playing import closing_findings, not_in_deck
from dg_replay.reader import DEFAULT_LIMITS, GameLog, Limits, Trick
from dg_replay.report import GameReport, TrickRecord
from dg_replay.rules import TRICKS_PER_GAME, winners
from dg_replay.state import Evidence, GameState, seating_of
from dg_replay.words import say
from replaykit.engine import DETAILED_FINDINGS
from replaykit.findings import Finding, pointer
from replaykit.texts import not_a_player
from replaykit.words import AND, COMMA, SEMICOLON, Joined, Text

Observe = Callable[[str, object], None]

__all__ = ["load_game", "proof_of_holding", "replay_game", "seating_of"]


def proof_of_holding(tricks: list[Trick], max_value: float) -> tuple[Evidence, dict[str, list[tuple[int, Card]]]]:
    """For each player and colour, the last play that proves they held that colour until then; and every card
    each player is so shown to hold, with the position it is played at.

    Only a card's first appearance proves anything, and only a card of the deck (a ruling): a card played
    twice may have been played by the wrong player either time.
    """
    proof: Evidence = {}
    proven: dict[str, list[tuple[int, Card]]] = {}
    seen: set[Card] = set()
    position = 0
    for number, trick in enumerate(tricks, 1):
        for play in trick.plays:
            card = play.card
            if card is not None and card not in seen:
                seen.add(card)
                if play.player is not None and card.value <= max_value:
                    proof.setdefault(play.player, {})[card.color] = (position, number, card)
                    proven.setdefault(play.player, []).append((position, card))
            position += 1
    return proof, proven


def start(log: GameLog, built: int = 0, limits: Limits = DEFAULT_LIMITS) -> GameState:
    """The state of a log's setup, with what its plays prove where the deal is not given; ``built``: findings
    already made (they count against the detail budget); ``limits``: the reader's."""
    state = GameState(log.players or [], log.dealer, log.hands, DETAILED_FINDINGS - built, limits)
    state.has_tricks = log.has_tricks
    state.has_dealer = log.has_dealer
    if any(name not in state.hands for name in state.rules.seating):
        # Without a deck (a wrong player count) there is no revoke to prove: the cards only show in the view.
        state.give_evidence(*proof_of_holding(log.tricks, state.rules.max_value if state.deck_known else state.top))
    return state


def load_game(log: GameLog, findings: list[Finding], state: GameState | None = None,
              observe: Observe | None = None, anchor: str = "", observed: object = None) -> GameReport:
    """Play the log's tricks on ``state`` (from its setup), append every finding to ``findings`` in report
    order, and return the report. ``observe(anchor, observed or state)`` follows each step."""
    report = GameReport(list(seating_of(log.players or [])), findings, log.dealer, log.meta,
                        claimed_scores=log.scores, claimed_winners=log.winners)
    if log.hands is not None:
        report.hands = {name: [card for card in cards if card is not None] for name, cards in log.hands.items()}
    if log.players is None or state is None:
        return report
    seen = state if observed is None else observed
    if observe is not None:
        observe(anchor, seen)
    prefix = anchor + "-" if anchor else ""
    play_one = state.play
    for index, trick in enumerate(log.tricks):
        if index:  # the previous trick is over: its claim is checked where the validator lists it
            state.close_trick(last=False)
            check_capture_claim(state, log.tricks[index - 1], state.tricks[index - 1], False)
        state.begin_trick(trick.note, trick.captures, trick.readable)
        if observe is None:
            state.plays(trick.plays)
            continue
        for play_number, play in enumerate(trick.plays, 1):
            play_one(play)
            observe(f"{prefix}trick-{index + 1}-play-{play_number}", seen)
    final = state
    if state.tricks and not state.tricks[-1].resolved:  # the log ends here: close its last trick on a copy
        final = state.clone()
        final.close_trick(last=True)
        if observe is not None and observed is None and final.tricks[-1].resolved:
            # Taken only now (it had a play too many): the table shows the last play as the log leaves it.
            observe(f"trick-{len(final.tricks)}-play-{len(final.tricks[-1].plays)}", final)
    if log.tricks:
        check_capture_claim(final, log.tricks[-1], final.tricks[-1], True)
    findings += final.found
    findings += closing_findings(final)
    report.tricks = final.tricks
    report.complete = len(log.tricks) == TRICKS_PER_GAME and all(
        len(trick.plays) == final.size for trick in log.tricks)
    report.scores = dict(final.scores)
    report.winners = winners(final.scores, final.rules.seating)
    report.scored = final.every_trick_resolved
    if report.scored:
        findings += check_result_claims(final, log, report, "" if report.complete else " so far")
    report.unlisted = final.unlisted
    return report


def check_capture_claim(state: GameState, trick: Trick, record: TrickRecord, last: bool) -> None:
    """A trick's claimed captures against the rules' result (none for a trick past 15 or hidden plays),
    as findings of the state, right after that trick's own."""
    claim = trick.captures
    if claim is None or record.number > TRICKS_PER_GAME:
        return
    found = state.found
    before = len(found)
    compare_captures(state, claim, record, last)
    if len(found) > before:
        state.from_claims += found[before:]


def compare_captures(state: GameState, claim: dict[str, list[Card]], record: TrickRecord, last: bool) -> None:
    plays, number = record.plays, record.number
    if not record.resolved and plays and not (last and len(plays) < state.size) and not all(
            play.player is not None and play.card is not None for play in plays):
        return
    seats, top = state.seats, state.top  # no deck: ``top`` is infinite
    for name, cards in claim.items():
        known = name in seats
        if not known:
            state.add("unknown-player", not_a_player(say('Trick {number} claims captures for "{name}", who is not a '
                                                         "player.", number=number, name=name), name, state.players),
                      captures_path(number) + pointer(name), number)
        for index, card in enumerate(cards):
            if card.value > top:
                state.add("card-not-in-deck", not_in_deck(state, card), captures_path(number) + pointer(name, index),
                          number, player=name if known else None)
    if claim == record.captures:
        return  # written in the order the rules take them, as most software does
    # Multisets compared as sorted lists: the same cards in any order are the same claim.
    claimed = {name: sorted(cards) for name, cards in claim.items() if cards}
    actual = {name: sorted(cards) for name, cards in record.captures.items() if cards}
    if claimed != actual:
        takes = [say("{name} takes {cards}", name=name, cards=cards_text(cards))
                 for name, cards in record.captures.items()]
        if takes:
            said = say("Trick {number}'s claimed captures are wrong: {truth}.", number=number,
                       truth=Joined(takes, SEMICOLON, "; "))
        else:
            said = say("Trick {number}'s claimed captures are wrong: nobody takes anything yet, because the trick "
                       "is unfinished.", number=number)
        state.add("capture-mismatch", said, captures_path(number), number)


def captures_path(number: int) -> str:
    """Where trick ``number``'s claimed captures are (built only for a finding)."""
    return f"/tricks/{number - 1}/captures"


def check_result_claims(state: GameState, log: GameLog, report: GameReport, so_far: str) -> list[Finding]:
    found: list[Finding] = []
    for name, claimed in (log.scores or {}).items():
        if name not in state.seats:
            state.add("unknown-player", not_a_player(say('A score is claimed for "{name}", who is not a player.',
                                                         name=name), name, state.players),
                      pointer("scores", name), into=found)
        elif claimed != report.scores[name]:
            said = say("{name}'s score is claimed as {claimed}, but the captured cards score {score} so far.",
                       name=name, claimed=claimed, score=report.scores[name]) if so_far else \
                say("{name}'s score is claimed as {claimed}, but the captured cards score {score}.", name=name,
                    claimed=claimed, score=report.scores[name])
            state.add("score-mismatch", said, pointer("scores", name), player=name, into=found)
    if log.winners is None:
        return found
    for index, name in enumerate(log.winners):
        if name not in state.seats:
            state.add("unknown-player", not_a_player(say('"{name}" is claimed as a winner but is not a player.',
                                                         name=name), name, state.players),
                      pointer("winners", index), into=found)
    if set(log.winners) != set(report.winners):
        state.add("winner-mismatch", _winners_wrong(log.winners, report.winners, bool(so_far)), "/winners",
                  into=found)
    return found


def _winners_wrong(claimed: list[str], winners: list[str], so_far: bool) -> Text:
    """One whole sentence per case (a tie or one winner, final or so far); "none" when nobody is claimed."""
    names = {"claimed": Joined(list(claimed), COMMA, COMMA) if claimed else say("none"),
             "winners": Joined(list(winners), AND, AND)}
    if len(winners) > 1 and so_far:
        return say("The claimed winners ({claimed}) are wrong: {winners} share the win (a ruling of this service) "
                   "so far.", **names)
    if len(winners) > 1:
        return say("The claimed winners ({claimed}) are wrong: {winners} share the win (a ruling of this "
                   "service).", **names)
    if so_far:
        return say("The claimed winners ({claimed}) are wrong: {winners} wins so far.", **names)
    return say("The claimed winners ({claimed}) are wrong: {winners} wins.", **names)


def replay_game(log: GameLog, findings: list[Finding], observe: Observe | None = None,
                limits: Limits = DEFAULT_LIMITS) -> tuple[GameReport, GameState | None]:
    """A single game's report and its state after the last play (``None``: the log names no players)."""
    state = None if log.players is None else start(log, len(findings), limits)
    return load_game(log, findings, state, observe), state

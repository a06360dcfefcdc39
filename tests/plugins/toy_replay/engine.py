"""Toy Tricks as a registered game: its fixed facts and finding catalogue, and the replay of a log through
its state (read the shape, start from the setup, apply every play, compare the claimed scores).

Registered by the entry point ``toy = toy_replay.engine:ENGINE`` in the group ``card_replay.games``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from replaykit.engine import Code, Engine, Option
from replaykit.findings import WARNING, Finding, pointer, split
from replaykit.texts import not_a_player
from toy_replay.reader import DEFAULT_LIMITS, Limits, shape
from toy_replay.rules import GAME_ID, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, UNITS
from toy_replay.simulate import simulate
from toy_replay.state import ToyState, rule, start
from toy_replay.words import say

E, W = ("error",), ("warning",)
CODES = (
    Code("schema", E, "The document does not have the shape of a Toy Tricks log.",
         title=say("not in the log's format")),
    Code("player-count", E, "Fewer than 2 or more than 4 players.", title=say("wrong number of players")),
    Code("duplicate-player", E, "A name appears twice in players.", title=say("a name listed twice")),
    Code("unknown-player", E, "A hand, a play or a claimed score of someone who is not a player.",
         title=say("a name that is not a player")),
    Code("hand-size", E, "A player is not dealt exactly 4 cards.", title=say("a hand of the wrong size")),
    Code("card-not-in-deck", E, "A card outside 1 to 4 × the number of players.", title=say("a card not in the deck")),
    Code("duplicate-card", E, "A card dealt twice.", title=say("a card dealt twice")),
    Code("wrong-turn", E, "A play by someone whose turn it is not.", title=say("played out of turn")),
    Code("card-not-in-hand", E, "A card the player does not hold (never dealt it, or played it already).",
         title=say("a card not in hand")),
    Code("too-many-plays", E, "A play after every card has been played.",
         title=say("a play after every card was played")),
    Code("score-mismatch", E, "A claimed score differs from the tricks taken.",
         title=say("a score added up wrong"), claim=True),
    Code("incomplete-game", W, "The log stops before every card is played.", title=say("the game is unfinished")),
)


@dataclass
class ToyReport:
    """A Toy Tricks report: the findings, and what the game's pages show (tricks, scores, claims)."""

    document: dict | None
    findings: list[Finding] = field(default_factory=list)
    state: ToyState | None = None

    @property
    def valid(self) -> bool:
        return not any(finding.is_error for finding in self.findings)

    def to_dict(self) -> dict:
        errors, warnings = split(self.findings)
        document = self.document if isinstance(self.document, dict) else {}
        players = self.state.players if self.state else []
        scores = dict(self.state.scores) if self.state else {}
        best = max(scores.values(), default=0)
        return {"kind": "game", "game": GAME_ID, "valid": self.valid,
                "complete": bool(self.state and self.state.is_over()), "players": players,
                "meta": document.get("meta") if isinstance(document.get("meta"), dict) else {},
                "errors": errors, "warnings": warnings,
                "tricks": [dict(trick) for trick in self.state.tricks] if self.state else [],
                "result": {"scores": scores, "winners": [name for name in players if best and scores[name] == best]},
                "claims": {"scores": document.get("scores") if self.state else None}}


def load(document: object, limits: Limits = DEFAULT_LIMITS, observe=None) -> tuple[ToyReport, ToyState | None]:
    report = ToyReport(document if isinstance(document, dict) else None, shape(document, limits))
    if report.findings:
        return report, None
    setup_findings, state = start(document)
    report.findings += setup_findings
    if state is None:
        return report, None
    report.state = state
    if observe:
        observe("", state)
    for play in document.get("plays", []):
        moment = state.moment
        report.findings += state.apply(play)
        if observe:
            observe(moment, state)
    report.findings += claims(document, state)
    return report, state


def claims(document: dict, state: ToyState) -> list[Finding]:
    """The claimed scores beside the tricks taken, and a warning when the game stops early."""
    found = []
    claimed = document.get("scores")
    if claimed is not None:
        for name in claimed:
            if name not in state.players:
                said = say('"{name}" has a claimed score but is not a player.', name=name)
                found.append(rule("unknown-player", not_a_player(said, name, state.players), pointer("scores", name)))
        for name in state.players:
            if claimed.get(name) != state.scores[name]:
                found.append(rule("score-mismatch", f"{name} took {state.scores[name]} tricks; the log claims "
                                                    f"{claimed.get(name, 'no score')}.", pointer("scores", name),
                                  player=name))
    if not state.is_over():
        left = HAND_SIZE * len(state.players) - state.played
        found.append(Finding("incomplete-game", WARNING, f"The log stops with {left} cards still to play.",
                             None, "/plays", tuple((unit, None) for unit in UNITS)))
    return found


def new_state(setup: dict) -> ToyState:
    """A game from a log's setup (players, and the hands where dealt); ``ValueError`` when none can start from it."""
    problems = shape({**setup, "plays": []})
    if problems:
        raise ValueError(problems[0].message)
    found, state = start(setup)
    if state is None:
        raise ValueError(found[0].message)
    return state


def _simulate(players: int, seed: int, *, no_claims: bool = False) -> dict:
    return simulate(players, seed, claims=not no_claims)


ENGINE = Engine(
    id=GAME_ID,
    name="Toy Tricks",
    log_games=(GAME_ID,),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    units=UNITS,
    codes=CODES,
    load=load,
    new_state=new_state,
    default_limits=DEFAULT_LIMITS,
    simulate=_simulate,
    simulate_options=(Option("no_claims", "leave out the claimed scores"),),
    description=say("The worked example of a game plugin: the highest card takes the trick."),
)

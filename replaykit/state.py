"""The live model of one game, as OpenSpiel splits Game from State: one place where a game's rules live.

An ``Engine`` holds a game's fixed facts; a ``State`` is one position of one game and everything that
acts on a game goes through it: the validator reads a log into actions and applies them one by one, the
simulator picks among ``choices()``, the table view is ``view()`` at each moment, the recorder and the
what-if apply what a person picks. A game package implements ``State`` with the standard library only.

The contract (``tests/test_contract.py`` holds every registered game to it):

- ``engine.new_state(setup)`` starts a game from a log's setup (the log with no actions yet: players,
  seating or dealer, options, declared disciplines, the deal where recorded).
- ``to_move``: the player whose choice comes next; ``None`` at a chance step or once the game is over.
  ``chance``: the next step is the table's, not a player's (a deal, a draw, a discipline revealed).
  ``is_over()``: nothing is left to play. ``moment``: the deep-link anchor of the next step
  (``replaykit.findings.anchor`` of its position, e.g. ``trick-3-play-2``).
- ``choices(rng)``: the legal actions of the player to move, each a ``Choice``. Exact where the hand is
  known; where it is not, every action not proven impossible, with ``known`` false. Steps that are not
  plays (a tax, a revolution, a retirement, the next game of a match) are actions too. At a chance step
  the outcomes are listed where they are few, else one outcome is drawn with ``rng``, so that a client can
  always play on. Empty only when the game is over. A step that is no play of cards (a pass, a retirement)
  comes after the plays: a list cut to a size (``api.choices``) keeps its last choice.
- ``apply(action, strict=False)``: records the action and returns its findings. A user's mistake is a
  finding, never an exception, and the state goes on "as played" (the same findings, codes, severities
  and pointers the validator reports for the same step of a log). With ``strict`` an action that would
  give an error is refused instead: ``IllegalAction`` is raised and the state is left as it was.
- ``patch(action)``: the RFC 6902 JSON Patch that records ``action`` in ``to_log()`` (and so in the log the
  state was read from: positions are the log's own), to be applied by any JSON Patch library.
- ``view()``: a JSON-ready snapshot of the table (see ``view`` below for the keys every game shares).
- ``to_log()``: the log so far, in the game's own format; it validates to the findings applied so far.
- ``clone()``: an independent copy, cheap enough to take at every step of a game.
- ``leave_unseen()``, optional: at a chance step the log may leave out (a deal or a draw no one at the
  table saw), go past it, so that ``choices()`` offers the step after it, and return True; elsewhere change
  nothing and return False. Nothing is written: the next step recorded is the log's proof the outcome went
  unseen (``past_unseen`` below asks it of a copy).
- ``chance_parts()``, optional: at a chance step, what a person entering the outcome the table saw may
  pick, by the part of the action: ``{"values": [[value, words], ...]}`` for a part named by one word (a
  discipline revealed), ``{"cards": {card: copies}}`` for cards drawn from what is not known to be anywhere
  else. A part not given may be any player, or any card of the deck (a deal); ``{}`` where no step is chance.
- ``label(action)``, optional: any action this position may record, offered or not (a play that breaks a
  rule, a step typed by hand), in the words its choice would carry; ``None`` for what it cannot read.
  ``label_of`` below asks it, or else finds the offered choice that is this action.

Actions are JSON-ready dicts in the game's own words (they travel through the API unchanged): whatever
``choices()`` offers, ``apply`` takes back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from replaykit.findings import Finding


@dataclass(frozen=True)
class Choice:
    """One legal action. ``label`` is what a person reads ("Ben plays red 5"); ``known`` is false where the
    hand is unknown and the action is only not proven impossible; ``hint`` says what would make it illegal
    ("must follow red if held"); ``chance`` marks an outcome of a chance step."""

    action: dict
    label: str
    known: bool = True
    hint: str | None = None
    chance: bool = False

    def to_dict(self) -> dict:
        data: dict[str, Any] = {"action": self.action, "label": self.label, "known": self.known}
        if self.hint is not None:
            data["hint"] = self.hint
        if self.chance:
            data["chance"] = True
        return data


@dataclass(frozen=True)
class Uniform:
    """What ``chance_outcomes()`` gives where a chance step's outcomes are too many to list (a deal):
    ``count`` equally likely outcomes, one drawn by ``draw(rng)``."""

    count: int
    draw: Callable[[random.Random], Any]


@dataclass
class IllegalAction(Exception):
    """Raised only by ``apply(action, strict=True)``: the action would be an error; nothing was applied."""

    findings: list[Finding] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(finding.message for finding in self.findings) or "illegal action"


def refusal(findings: list[Finding], fallback: str = "illegal action") -> ValueError:
    """Why an action or a setup is refused, as the ``ValueError`` the answers catch: it carries the findings, so
    that an answer says each in the reader's language (``api.choices.reason_of``), where their messages joined
    into one string were English."""
    error = ValueError("; ".join(str(finding.message) for finding in findings) or fallback)
    error.findings = findings  # type: ignore[attr-defined]
    return error


class State(Protocol):
    """One position of one game (see the module docstring for the contract)."""

    @property
    def to_move(self) -> str | None: ...

    @property
    def chance(self) -> bool: ...

    @property
    def moment(self) -> str: ...

    def is_over(self) -> bool: ...

    def choices(self, rng: random.Random | None = None) -> list[Choice]: ...

    def apply(self, action: dict, strict: bool = False) -> list[Finding]: ...

    def patch(self, action: dict) -> list[dict]: ...

    def view(self) -> dict: ...

    def to_log(self) -> dict: ...

    def clone(self) -> State: ...


def past_unseen(state: Any) -> Any | None:
    """A copy of ``state`` gone past its chance step left unseen (``leave_unseen``), or ``None`` where its game
    has no such step or this one cannot be left out."""
    if not state.chance or not hasattr(state, "leave_unseen"):
        return None
    twin = state.clone()
    return twin if twin.leave_unseen() else None


def label_of(state: Any, action: object, rng: random.Random | None = None) -> Any | None:
    """``action`` in the words of ``state``'s choices, whichever way it was entered: the state's own
    ``label`` where it has one, else the label of the offered choice that is this very action; ``None``
    where neither says it."""
    own = getattr(state, "label", None)
    if own is not None:
        return own(action)
    return next((choice.label for choice in state.choices(rng) if choice.action == action), None)


def view(seats: list[dict], middle: list[dict], **game: object) -> dict:
    """The keys every game's ``view()`` shares, so generic code (the recorder, the table) reads any game.

    ``seats``: in seating order, ``{"name", "hand": [card text …] (the known cards, sorted as the game
    sorts a hand), "unseen": count of cards held but not known, "pile": [card text …] (captures, cards
    won or put aside), "score": the running score or points}``, plus a game's own keys per seat.
    ``middle``: what lies on the table now, ``[{"player", "cards": [card text …]}]`` in the order played.
    ``game``: the game's own keys (e.g. ``round``, ``trick``, ``race``, ``medals``).
    """
    return {"seats": seats, "middle": middle, **game}


Policy = Callable[[Any, list[Choice], random.Random], Choice]


def play_out(state: Any, policy: Policy, rng: random.Random, max_steps: int = 100_000) -> Any:
    """Apply the policy's pick among ``choices()`` until the game is over (chance steps draw with ``rng``).

    Simulators are a policy and this loop: they keep no legality of their own. ``max_steps`` stops a
    state that never ends (a bug), loudly.
    """
    for _ in range(max_steps):
        if state.is_over():
            return state
        options = state.choices(rng)
        if not options:
            raise RuntimeError(f"no choice at {state.moment} though the game is not over")
        pick = rng.choice(options) if state.chance else policy(state, options, rng)
        state.apply(pick.action, strict=True)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def at_each_step(engine: Any, document: object, steps: Mapping[str, Any],
                 judge: Callable[[Any, Any], dict | None], most: int,
                 worth: Callable[[Any, Any], bool] | None = None) -> dict[str, dict]:
    """A what-if's walk through a log: ``judge(position before, step)`` for each step of ``steps`` (by its
    anchor) as the log is replayed, the first ``most`` only; the non-``None`` answers by anchor. ``worth``,
    for a game whose ``moment`` names the coming step exactly, says whether the position before it is worth
    a copy (a step of an unknown hand is not); without it every position is copied."""
    found: dict[str, dict] = {}
    before: list = [None]
    judged = [0]

    def observe(anchor: str, state: Any) -> None:
        if judged[0] >= most:
            return
        step = steps.get(anchor)
        if step is not None and before[0] is not None:
            judged[0] += 1
            entry = judge(before[0], step)
            if entry is not None:
                found[anchor] = entry
        coming = steps.get(state.moment) if worth is not None else None
        before[0] = state.clone() if worth is None or (coming is not None and worth(state, coming)) else None

    engine.load(document, engine.default_limits, observe=observe)
    return found

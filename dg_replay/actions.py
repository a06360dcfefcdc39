"""What a player may do next in a game of David & Goliath, and recording it: ``legal_actions`` (no words) and
``choices`` (labelled), ``apply`` and ``undo``, ``patch``; must-follow asked once, by the check of a play and by
the choices alike (``may_play``, on ``rules.playable``, in ``dg_replay.playing``).

An action is an ``Action`` value (compact form ``"Ben/R5"``) or, at the API's edge and in logs, a play in
the log's own words, ``{"player": "Ben", "card": "R5"}``; it may add ``"note"``,
and ``"trick"`` (its number, from 1) to record it as played where the rules would place it otherwise: a
trick cut short (``"trick"`` one past the current one) or one play too many (the current trick's number).
Without it a play joins the trick on the table, or starts the next one when that trick is complete.

A play the reader would refuse — one trick more than ``Limits.max_tricks``, or one play more than
``max_plays`` in a trick — is never offered (at that bound the game is over for the State), ``apply``
answers it with the reader's own ``schema`` finding, recording nothing, and it has no ``patch``.

These are functions of the state (``dg_replay.state.GameState``), whose methods of the same names hand over
to them. ``undo`` takes back a step ``apply`` recorded: each such step keeps a copy of the state before it (the loader's
plays keep none, so a validated log is not slowed).

Where a hand is known the choices are exact. Where it is not, every card not proven impossible is offered
with ``known`` false: a card not yet played, in no other player's known hand, of no colour the player has
shown not to hold (they did not follow it), not off the led colour when the log proves they held it, and
not one after which the unseen cards could no longer be dealt to the unknown hands (``deal_possible``).
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from dg_replay.bits import hand_cards, has_card
from dg_replay.cards import COLORS, Card, card_text
from dg_replay.limits import too_many_plays, too_many_tricks
from dg_replay.playing import may_play
from dg_replay.reader import DEFAULT_LIMITS, Play, finding
from dg_replay.rules import HAND_SIZE, dealable
from dg_replay.words import COLOUR_WORDS, PLAYED_CARD, say
from replaykit.findings import ERROR, SCHEMA, Finding
from replaykit.state import Choice, IllegalAction
from replaykit.words import Text, apart

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState

ACTION_KEYS = frozenset({"player", "card", "note", "trick"})
ACTION_EXAMPLE = '{"player": "Ben", "card": "R5"}'


@cache
def candidate_cards(max_value: int) -> tuple[Card, ...]:
    """Every card of a deck of values 1..max_value, in the order a hand is shown: colour, then value."""
    return tuple(Card(color, value) for color in COLORS for value in range(1, max_value + 1))


def hand_order(card: Card) -> tuple[int, int]:
    return COLORS.index(card.color), card.value


class Action(NamedTuple):
    """A play as a value: who plays which card, and rarely a note or the trick it names (see the module
    docstring). Its compact form ``compact()``, ``"Ben/R5"``, is stable (a card's text holds no slash);
    the dict form, ``to_dict()``, is the log's and the API's."""

    player: str
    card: Card
    note: str | None = None
    trick: int | None = None

    def compact(self) -> str:
        return f"{self.player}/{card_text(self.card)}"

    @classmethod
    def from_compact(cls, text: str) -> Action:
        player, _slash, card = text.rpartition("/")
        return cls(player, Card.parse(card))

    def to_dict(self) -> dict:
        found: dict = {"player": self.player, "card": card_text(self.card)}
        if self.note is not None:
            found["note"] = self.note
        if self.trick is not None:
            found["trick"] = self.trick
        return found


def read_action(action: object) -> Action:
    """The play an action records (a dict as the log writes it, or an ``Action``); ``ValueError`` saying why
    when it is not one."""
    if type(action) is Action:
        return action
    if type(action) is not dict:
        raise ValueError(say("A David & Goliath action is a play like {example}; this one is not an object.",
                             example=ACTION_EXAMPLE))
    unknown = sorted(str(key) for key in action if key not in ACTION_KEYS)
    if unknown:
        raise ValueError(say("A play has the fields player, card, note and trick; {unknown} is not one.",
                             unknown=apart(unknown)))
    player, note, trick = action.get("player"), action.get("note"), action.get("trick")
    if type(player) is not str or not 1 <= len(player) <= DEFAULT_LIMITS.max_name:
        raise ValueError(say("A play names its player as text of 1 to {longest} characters.",
                             longest=DEFAULT_LIMITS.max_name))
    card = Card.from_object(action.get("card"))
    if card is None:
        raise ValueError(say('A play names its card like "G12" or {{"color": "green", "value": 12}}.'))
    if note is not None and (type(note) is not str or len(note) > DEFAULT_LIMITS.max_text):
        raise ValueError(say("A play's note is text of at most {longest} characters.", longest=DEFAULT_LIMITS.max_text))
    if trick is not None and (type(trick) is not int or trick < 1):
        raise ValueError("A play's trick is its number, a whole number from 1.")
    return Action(player, card, note, trick)


def play_label(player: str, card: Card) -> Text:
    return say("{player} plays {card}", player=player, card=PLAYED_CARD[card.color](card.value))


def label(action: object) -> Text | None:
    """Any play, offered or not, in the words of its choice; ``None`` for what is no play."""
    try:
        play = read_action(action)
    except ValueError:
        return None
    return play_label(play.player, play.card)


def starts_trick(state: GameState, trick: int | None) -> bool:
    """Whether a play naming ``trick`` starts a new trick; ``ValueError`` when it can go in neither."""
    count = len(state.tricks)
    if trick is None:
        return not state.is_open()
    if trick == count + 1:
        return True
    if trick == count and state.readable[-1]:
        return False
    raise ValueError(say("A play can join trick {count} or start trick {next}, not trick {trick}.", count=count,
                         next=count + 1, trick=trick) if count else say("The first play starts trick 1."))


def apply(state: GameState, action: object, strict: bool = False) -> list[Finding]:
    try:
        play = read_action(action)
        new = starts_trick(state, play.trick)
    except ValueError as problem:
        return [finding(SCHEMA, ERROR, problem.args[0] if problem.args else str(problem))]
    refused = past_limit(state, new)
    if refused is not None:
        if strict:
            raise IllegalAction([refused])
        return [refused]
    before = state.snapshot()
    found = record(state, Play(play.player, play.card, play.note), new)
    if strict and any(made.is_error for made in found):
        state.restore(before)  # ``before`` was never shared
        raise IllegalAction(found)
    state.undos.append(before)
    return found


def undo(state: GameState) -> None:
    """Take back the last step ``apply`` recorded, exactly (``IndexError`` when there is none: the
    loader's plays are not steps to take back)."""
    before = state.undos.pop()
    if len(state.undos) < state.shared:  # a clone holds it too: become a copy of it
        state.shared = len(state.undos)
        before = before.snapshot()
    state.restore(before)


def past_limit(state: GameState, new: bool) -> Finding | None:
    """The reader's finding for a play that starts a trick (``new``) or joins the one on the table, where
    the log would then be past the reader's limits; ``None`` within them."""
    count = len(state.tricks)
    if new:
        said = too_many_tricks(state.limits, count + 1)
        return None if said is None else finding(SCHEMA, ERROR, said, path="/tricks")
    said = too_many_plays(state.limits, count, len(state.tricks[-1].plays) + 1)
    return None if said is None else finding(SCHEMA, ERROR, said, count, path=f"/tricks/{count - 1}/plays")


def record(state: GameState, play: Play, new: bool) -> list[Finding]:
    state.fresh = []
    if new:
        state.begin_trick()
    state.play(play)
    return state.fresh


def patch(state: GameState, action: object) -> list[dict]:
    play = read_action(action)
    new = starts_trick(state, play.trick)
    refused = past_limit(state, new)
    if refused is not None:  # no log the reader reads holds it
        raise ValueError(refused.message)
    value = play._replace(trick=None).to_dict()
    ops = [] if state.has_tricks else [{"op": "add", "path": f"{state.base}/tricks", "value": []}]
    if new:
        ops.append({"op": "add", "path": f"{state.base}/tricks/-", "value": {"plays": [value]}})
    else:
        ops.append({"op": "add", "path": f"{state.base}/tricks/{len(state.tricks) - 1}/plays/-", "value": value})
    return ops


def options(state: GameState) -> list[tuple[str, Card, bool, str | None]]:
    """The legal plays, no words made: ``(player, card, known, colour a hint names or None)`` (see the
    module docstring for an unknown hand)."""
    if state.is_over():
        return []
    led = state.led if state.is_open() and state.tricks[-1].plays else None
    mover = state.to_move
    found: list[tuple[str, Card, bool, str | None]] = []
    for name in [mover] if mover is not None else state.rules.seating:  # an unknown leader: anyone
        found += exact_options(state, name, led) if name in state.hands else open_options(state, name, led)
    return found


def legal_actions(state: GameState) -> list[Action]:
    return [Action(name, card) for name, card, _known, _hint in options(state, )]


def choices(state: GameState, rng: random.Random | None = None) -> list[Choice]:
    """``options()`` in words, for a person."""
    return [Choice(Action(name, card).to_dict(), play_label(name, card), known=known,
                   hint=None if hint is None else say("must follow {colour} if held", colour=COLOUR_WORDS[hint]))
            for name, card, known, hint in options(state, )]


def exact_options(state: GameState, name: str, led: Card | None) -> list[tuple[str, Card, bool, str | None]]:
    clean = [card for card in hand_cards(state.hands[name]) if not has_card(state.played, card)
             and card.value <= state.top]
    if led is not None and state.deck_known:
        clean = [card for card in clean if may_play(state, name, card, led, state.position)]
    if not clean:  # the log's own mistakes left nothing clean: offer what is not proven impossible
        return open_options(state, name, led)
    return [(name, card, True, None) for card in clean]


def open_options(state: GameState, name: str, led: Card | None, trust_void: bool = True,
                 ) -> list[tuple[str, Card, bool, str | None]]:
    taken = set(hand_cards(state.played))
    for other, hand in state.hands.items():
        if other != name:
            taken.update(hand_cards(hand))
    void = state.void.get(name, ()) if trust_void else ()
    judged = led is not None and state.deck_known
    proven = {card for position, card in state.proven.get(name, ()) if position >= state.position}
    found = []
    possible: dict[str, bool] = {}  # per colour: the unseen cards can still be dealt consistently after it
    for card in candidate_cards(state.rules.max_value):
        if card in taken or card.color in void:
            continue
        off = led is not None and card.color != led.color
        if judged and not may_play(state, name, card, led, state.position):  # type: ignore[arg-type]
            continue
        if trust_void and card.color not in possible:
            possible[card.color] = deal_possible(state, name, card.color, led.color if off else None)  # type: ignore[union-attr]
        if trust_void and not possible[card.color]:
            continue
        found.append((name, card, card in proven and not off, led.color if off and judged else None))  # type: ignore[union-attr]
    if not found and trust_void:  # the colours shown void cannot all be right: let the player go on
        return open_options(state, name, led, trust_void=False)
    return found


def deal_possible(state: GameState, name: str, color: str, void: str | None) -> bool:
    """Whether, once ``name`` plays a card of ``color`` (showing ``void`` not held, when not ``None``), the
    cards no one has seen can still be the rest of the unknown hands, each of the right size and of no
    colour its player has failed to follow: else a later play would prove an earlier one illegal.

    """
    if not state.deck_known:
        return True
    unknown = [player for player in state.rules.seating if player not in state.hands]
    seen = set(hand_cards(state.played)).union(*(hand_cards(hand) for hand in state.hands.values()))
    supply = dict.fromkeys(COLORS, 0)
    for card in candidate_cards(state.rules.max_value):
        if card not in seen:
            supply[card.color] += 1
    need = {player: HAND_SIZE - state.counts[state.seat_of[player]] for player in unknown}
    if sum(supply.values()) != sum(need.values()) or supply[color] < 1 or need[name] < 1:
        return True  # the log's own mistakes: nothing to judge by
    supply[color] -= 1
    need[name] -= 1
    voids = {player: set(state.void.get(player, ())) for player in unknown}
    if void is not None:
        voids[name].add(void)
    return dealable(supply, need, voids)

"""What a player may do next in a game of David & Goliath, and recording it: ``choices``, ``apply``, ``patch``.

An action is a play in the log's own words, ``{"player": "Ben", "card": "R5"}``; it may add ``"note"``,
and ``"trick"`` (its number, from 1) to record it as played where the rules would place it otherwise: a
trick cut short (``"trick"`` one past the current one) or one play too many (the current trick's number).
Without it a play joins the trick on the table, or starts the next one when that trick is complete.

A play the reader would refuse — one trick more than ``Limits.max_tricks``, or one play more than
``max_plays`` in a trick — is never offered (at that bound the game is over for the State), ``apply``
answers it with the reader's own ``schema`` finding, recording nothing, and it has no ``patch``.

Where a hand is known the choices are exact. Where it is not, every card not proven impossible is offered
with ``known`` false: a card not yet played, in no other player's known hand, of no colour the player has
shown not to hold (they did not follow it), not off the led colour when the log proves they held it, and
not one after which the unseen cards could no longer be dealt to the unknown hands (``deal_possible``).
"""

from __future__ import annotations

import random
from functools import cache
from typing import TYPE_CHECKING

from dg_replay.cards import COLORS, Card, card_text
from dg_replay.reader import DEFAULT_LIMITS, Play, finding, too_many_plays, too_many_tricks
from dg_replay.rules import HAND_SIZE
from dg_replay.words import COLOUR_WORDS, say
from replaykit.findings import ERROR, SCHEMA, Finding
from replaykit.state import Choice, IllegalAction
from replaykit.words import Text

if TYPE_CHECKING:
    from dg_replay.state import GameState

ACTION_KEYS = frozenset({"player", "card", "note", "trick"})
ACTION_EXAMPLE = '{"player": "Ben", "card": "R5"}'


@cache
def candidate_cards(max_value: int) -> tuple[Card, ...]:
    """Every card of a deck of values 1..max_value, in the order a hand is shown: colour, then value."""
    return tuple(Card(color, value) for color in COLORS for value in range(1, max_value + 1))


def hand_order(card: Card) -> tuple[int, int]:
    return COLORS.index(card.color), card.value


def read_action(action: object) -> tuple[Play, int | None]:
    """The play an action records and the trick it names; ``ValueError`` saying why when it is not one."""
    if type(action) is not dict:
        raise ValueError(say("A David & Goliath action is a play like {example}; this one is not an object.",
                             example=ACTION_EXAMPLE))
    unknown = sorted(str(key) for key in action if key not in ACTION_KEYS)
    if unknown:
        raise ValueError(say("A play has the fields player, card, note and trick; {unknown} is not one.",
                             unknown=", ".join(unknown)))
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
    return Play(player, card, note), trick


def play_action(player: str, card: Card) -> dict:
    return {"player": player, "card": card_text(card)}


def play_label(player: str, card: Card) -> Text:
    return say("{player} plays {colour} {value}", player=player, colour=COLOUR_WORDS[card.color], value=card.value)


class Actions:
    """The action half of ``GameState`` (a mixin: the state's data lives in ``dg_replay.state``)."""

    __slots__ = ()

    def starts_trick(self: GameState, trick: int | None) -> bool:
        """Whether a play naming ``trick`` starts a new trick; ``ValueError`` when it can go in neither."""
        count = len(self.tricks)
        if trick is None:
            return not self.is_open()
        if trick == count + 1:
            return True
        if trick == count and self.readable[-1]:
            return False
        raise ValueError(say("A play can join trick {count} or start trick {next}, not trick {trick}.", count=count,
                             next=count + 1, trick=trick) if count else say("The first play starts trick 1."))

    def apply(self: GameState, action: object, strict: bool = False) -> list[Finding]:
        try:
            play, trick = read_action(action)
            new = self.starts_trick(trick)
        except ValueError as problem:
            return [finding(SCHEMA, ERROR, problem.args[0] if problem.args else str(problem))]
        refused = self.past_limit(new)
        if refused is not None:
            if strict:
                raise IllegalAction([refused])
            return [refused]
        if not strict:
            return self.record(play, new)
        trial = self.clone()
        found = trial.record(play, new)
        if any(made.is_error for made in found):
            raise IllegalAction(found)
        for name in self.__slots__:  # type: ignore[attr-defined]
            setattr(self, name, getattr(trial, name))
        return found

    def past_limit(self: GameState, new: bool) -> Finding | None:
        """The reader's finding for a play that starts a trick (``new``) or joins the one on the table, where
        the log would then be past the reader's limits; ``None`` within them."""
        count = len(self.tricks)
        if new:
            said = too_many_tricks(self.limits, count + 1)
            return None if said is None else finding(SCHEMA, ERROR, said, path="/tricks")
        said = too_many_plays(self.limits, count, len(self.tricks[-1].plays) + 1)
        return None if said is None else finding(SCHEMA, ERROR, said, count, path=f"/tricks/{count - 1}/plays")

    def record(self: GameState, play: Play, new: bool) -> list[Finding]:
        self.fresh = []
        if new:
            self.begin_trick()
        self.play(play)
        return self.fresh

    def patch(self: GameState, action: object) -> list[dict]:
        play, trick = read_action(action)
        new = self.starts_trick(trick)
        refused = self.past_limit(new)
        if refused is not None:  # no log the reader reads holds it
            raise ValueError(refused.message)
        value: dict = {"player": play.player, "card": card_text(play.card)}  # type: ignore[arg-type]
        if play.note is not None:
            value["note"] = play.note
        ops = [] if self.has_tricks else [{"op": "add", "path": f"{self.base}/tricks", "value": []}]
        if new:
            ops.append({"op": "add", "path": f"{self.base}/tricks/-", "value": {"plays": [value]}})
        else:
            ops.append({"op": "add", "path": f"{self.base}/tricks/{len(self.tricks) - 1}/plays/-", "value": value})
        return ops

    def choices(self: GameState, rng: random.Random | None = None) -> list[Choice]:
        if self.is_over():
            return []
        led = self.led if self.is_open() and self.tricks[-1].plays else None
        mover = self.to_move
        found: list[Choice] = []
        for name in [mover] if mover is not None else self.rules.seating:  # an unknown leader: anyone
            found += self.exact_choices(name, led) if name in self.hands else self.open_choices(name, led)
        return found

    def exact_choices(self: GameState, name: str, led: Card | None) -> list[Choice]:
        playable = sorted((card for card in self.hands[name] if card not in self.played and card.value <= self.top),
                          key=hand_order)
        if led is not None and self.deck_known and self.hand_colors[name][led.color]:
            playable = [card for card in playable if card.color == led.color]
        if not playable:  # the log's own mistakes left nothing clean: offer what is not proven impossible
            return self.open_choices(name, led)
        return [Choice(play_action(name, card), play_label(name, card)) for card in playable]

    def open_choices(self: GameState, name: str, led: Card | None, trust_void: bool = True) -> list[Choice]:
        taken = set(self.played)
        for other, cards in self.hands.items():
            if other != name:
                taken |= cards
        void = self.void.get(name, ()) if trust_void else ()
        later = self.evidence.get(name, {}).get(led.color) if led is not None else None
        must_follow = later is not None and later[0] > self.position and self.deck_known
        proven = {card for position, card in self.proven.get(name, ()) if position >= self.position}
        hint = say("must follow {colour} if held", colour=COLOUR_WORDS[led.color]) \
            if led is not None and self.deck_known else None
        found = []
        possible: dict[str, bool] = {}  # per colour: the unseen cards can still be dealt consistently after it
        for card in candidate_cards(self.rules.max_value):
            if card in taken or card.color in void:
                continue
            off = led is not None and card.color != led.color
            if off and must_follow:
                continue
            if trust_void and card.color not in possible:
                possible[card.color] = self.deal_possible(name, card.color, led.color if off else None)  # type: ignore[union-attr]
            if trust_void and not possible[card.color]:
                continue
            found.append(Choice(play_action(name, card), play_label(name, card), known=card in proven and not off,
                                hint=hint if off else None))
        if not found and trust_void:  # the colours shown void cannot all be right: let the player go on
            return self.open_choices(name, led, trust_void=False)
        return found

    def deal_possible(self: GameState, name: str, color: str, void: str | None) -> bool:
        """Whether, once ``name`` plays a card of ``color`` (showing ``void`` not held, when not ``None``), the
        cards no one has seen can still be the rest of the unknown hands, each of the right size and of no
        colour its player has failed to follow: else a later play would prove an earlier one illegal.

        A transportation problem over five colours, decided by Hall's condition on every set of colours.
        """
        if not self.deck_known:
            return True
        unknown = [player for player in self.rules.seating if player not in self.hands]
        seen = set(self.played).union(*self.hands.values())
        supply = dict.fromkeys(COLORS, 0)
        for card in candidate_cards(self.rules.max_value):
            if card not in seen:
                supply[card.color] += 1
        need = {player: HAND_SIZE for player in unknown}
        for trick in self.tricks:
            for play in trick.plays:
                if play.player in need:
                    need[play.player] -= 1
        if sum(supply.values()) != sum(need.values()) or supply[color] < 1 or need[name] < 1:
            return True  # the log's own mistakes: nothing to judge by
        supply[color] -= 1
        need[name] -= 1
        voids = {player: set(self.void.get(player, ())) for player in unknown}
        if void is not None:
            voids[name].add(void)
        for mask in range(1, 1 << len(COLORS)):
            colors = [c for bit, c in enumerate(COLORS) if mask >> bit & 1]
            demand = sum(need[player] for player in unknown if any(c not in voids[player] for c in colors))
            if sum(supply[c] for c in colors) > demand:
                return False
        return True

"""A trick's plays judged on a ``GameState``, around the hot path the state runs itself (``GameState.plays``,
a pass per card of every log, and the full trick taken): must-follow (``may_play``, rule 4 on what the log
shows a player holding, which the state's choices ask too, on the hands kept as bits: ``dg_replay.bits``),
a card off the led colour judged (``off_lead``), a trick's leader checked (``lead``), a trick closed
(``close_trick``: its size checked, and taken if it was not yet), a resolved trick given back by a play too many
(``unresolve``), and what only the log's end shows (``closing_findings``).

Compiled by mypyc (``[tool.card-replay.native]`` in pyproject.toml) like the state; pointers and words are
built only for findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dg_replay.bits import color_slot, known_hand
from dg_replay.cards import Card, cards_text
from dg_replay.report import TrickRecord
from dg_replay.rules import TRICKS_PER_GAME, playable
from dg_replay.words import COLOUR_WORDS, say, say_n
from replaykit.findings import ERROR, WARNING, Finding
from replaykit.words import Text

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState

def may_play(state: GameState, player: str, card: Card, led: Card, position: int) -> bool:
    """Rule 4 (``rules.playable``, on bit sets of colours) on what the log shows ``player`` holding before the
    play at ``position``: ``card``'s colour, and the led colour where the log proves it held. The check of a
    play (``off_lead``) and the choices offered (``actions``) both ask this."""
    led_bit, own = 1 << color_slot(led.color), 1 << color_slot(card.color)
    held = led_bit if holds_color(state, player, led.color, position) else 0
    return bool(playable(held | own, led_bit) & own)


def holds_color(state: GameState, player: str, color: str, position: int) -> bool:
    """Whether the log shows ``player`` still holding ``color`` before the play at ``position``: a known hand's
    card of that colour, else a card of it the log shows them playing later; never a guess."""
    hand = state.hands.get(player)
    if hand is not None:
        if hand[color_slot(color)]:
            return True
        odd = state.odd.get(player) if state.odd else None  # cards past ``bits.BIT_LIMIT``: rarely any
        return odd is not None and any(card.color == color for card in odd)
    later = state.evidence.get(player, {}).get(color)
    return later is not None and later[0] > position


def holding_words(state: GameState, player: str, color: str, position: int) -> Text:
    """What shows ``player`` holding ``color``, said: the cards still in a known hand, or the later play."""
    if player in state.hands:
        return say("the deal shows {cards} still in hand",
                   cards=cards_text([card for card in known_hand(state, player) if card.color == color]))
    later = state.evidence[player][color]
    return say("{card}, played later in trick {trick}", card=str(later[2]), trick=later[1])


def not_in_deck(state: GameState, card: Card) -> Text:
    return say("{card} is not in the {players}-player deck, whose values run from 1 to {top}.", card=str(card),
               players=state.rules.player_count, top=state.rules.max_value)


def lead(state: GameState, player: str | None, card: Card | None, known: bool, number: int) -> None:
    """The first play of a trick: who leads it (checked against who should) and the colour led."""
    state.first, state.led, state.hidden = player, card, False
    due = state.due
    if due is not None and known and player != due:
        if number == 1:
            said = say("Trick {number} is led by {player}, but {due} should lead: the player to the dealer's "
                       "left leads the first trick.", number=number, player=player, due=due)
        else:
            said = say("Trick {number} is led by {player}, but {due} should lead: {due} played the highest card "
                       "of trick {previous}.", number=number, player=player, due=due, previous=number - 1)
        state.add("wrong-leader", said, f"/tricks/{number - 1}/plays/0", number, 1, player)
        state.head = len(state.found)
    state.order = state.orders[player] if known else ()  # type: ignore[index]
    state.order_seats = state.seat_orders[player] if known else ()  # type: ignore[index]


def close_trick(state: GameState, last: bool) -> None:
    """The trick on the table takes no more plays: check its size and resolve it if it can be."""
    state.closed = True
    record, size = state.tricks[-1], state.size
    number, plays = record.number, record.plays
    if record.resolved and len(plays) == size:
        return  # taken as it filled up
    beyond = number > TRICKS_PER_GAME
    if len(plays) != size and not beyond and state.readable[-1]:  # unreadable: the schema finding says it
        unfinished = last and len(plays) < size
        if unfinished:
            said = say_n("Trick {number} has {count} play and is unfinished: the game stops mid-trick, so it "
                         "is not scored.", "Trick {number} has {count} plays and is unfinished: the game stops "
                         "mid-trick, so it is not scored.", len(plays), number=number)
        else:
            said = say_n("Trick {number} has {count} play and should have one play per player ({size}).",
                         "Trick {number} has {count} plays and should have one play per player ({size}).",
                         len(plays), number=number, size=size)
        state.add("trick-size", said, f"/tricks/{number - 1}/plays", number,
                  severity=WARNING if unfinished else ERROR, at=state.head)
    if record.resolved:
        return
    state.due = None
    if beyond or not plays or (last and len(plays) < size):
        return
    if not all(play.player is not None and play.card is not None for play in plays):
        state.every_trick_resolved = False  # a schema problem hides who played what
        return
    state.resolve(record)


def unresolve(state: GameState, record: TrickRecord) -> None:
    """A resolved trick takes one more play (as played): its captures go back until it is closed."""
    piles = state.piles
    for name, cards in record.captures.items():
        chain = piles[name]
        piles[name] = None if chain is None else chain[0]  # this trick's captures were the last taken
        tally = state.tallies.get(name)
        if tally is not None:
            state.scores[name] = tally.take(cards, -1)
    state.tricks[-1] = TrickRecord(record.number, record.plays, record.note, record.claimed)
    state.last_taken = next((trick.number for trick in reversed(state.tricks[:-1]) if trick.resolved), None)
    state.due = None


def closing_findings(state: GameState) -> list[Finding]:
    """What only the end of a log shows (the log stops here): fewer than 15 tricks."""
    if len(state.tricks) >= TRICKS_PER_GAME:
        return []
    into: list[Finding] = []
    state.add("incomplete-game", say("The log has {count} of {tricks} tricks: the game is unfinished, so "
                                     "scores and winners are those so far.", count=len(state.tricks),
                                     tricks=TRICKS_PER_GAME), "/tricks", severity=WARNING, into=into)
    return into


def off_lead(state: GameState, player: str, card: Card, led: Card, hand: list[int] | None, index: int,
             number: int, position: int) -> None:
    """A card off the led colour (the play at ``position``): an error where the player is shown to hold it."""
    if not may_play(state, player, card, led, position):
        state.add("must-follow-suit", say("{player} plays {card} on a {colour} lead while holding {colour} "
                                          "({evidence}).", player=player, card=str(card),
                                          colour=COLOUR_WORDS[led.color],
                                          evidence=holding_words(state, player, led.color, position)),
                  f"/tricks/{number - 1}/plays/{index}/card",
                  number, index + 1, player)
    elif hand is None:
        state.void.setdefault(player, set()).add(led.color)

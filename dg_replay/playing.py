"""The validator's hot path: the plays of the trick on the table checked and recorded on a ``GameState``, with
the findings the rules give (``GameState.plays`` and ``play`` hand them here; a pass per card of every log):
who leads (``lead``), must-follow (``may_play``, which the state's choices ask too) and the full trick taken
(``resolve``).

A module of its own so that mypyc compiles it (``[tool.card-replay.native]`` in pyproject.toml) while the
state, whose copies share and swap its attribute dict, stays interpreted. What every play reads is held in
locals, and pointers are built only for findings.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dg_replay.cards import Card
from dg_replay.reader import Play
from dg_replay.report import TrickRecord
from dg_replay.rules import TRICKS_PER_GAME, playable, resolve_trick
from dg_replay.words import COLOUR_WORDS, say

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState


def record_plays(state: GameState, plays: Iterable[Play]) -> None:
    """Record ``plays`` on the trick on the table in order, as played."""
    record = state.tricks[-1]
    seats, hands, played, top, add = state.seats, state.hands, state.played, state.top, state.add
    deck_known, counts = state.deck_known, state.counts
    number, size = record.number, state.size
    scored = number <= TRICKS_PER_GAME and state.readable[-1]
    on_table, order, led, hidden, position = record.plays, state.order, state.led, state.hidden, state.position
    for play in plays:
        if record.resolved:  # one play more than the table has players: taken again when closed
            state.unresolve(record)
            record = state.tricks[-1]
            on_table = record.plays
        index = len(on_table)
        player, card, _note = play
        known = player in seats
        if not index:
            lead(state, player, card, known, number)
            order, led, hidden = state.order, card, False
        if not known:
            if player is None:
                hidden = True
            else:
                add("unknown-player", say('Trick {number}, play {play} is by "{player}", who is not a player.',
                                          number=number, play=index + 1, player=player),
                    f"/tricks/{number - 1}/plays/{index}/player", number, index + 1, player)
        elif index < len(order) and player != order[index]:
            add("wrong-turn", say("Play {play} of trick {number} is {player}'s, but it was {due}'s turn: play "
                                  "goes clockwise from {leader}.", play=index + 1, number=number, player=player,
                                  due=order[index], leader=order[0]),
                f"/tricks/{number - 1}/plays/{index}", number, index + 1, player)
        on_table.append(play)
        if known:
            counts[player] += 1  # type: ignore[index]
        if card is None:
            hidden = True
        else:
            hand = hands.get(player) if known else None  # type: ignore[arg-type]
            if card.value > top:
                add("card-not-in-deck", state.not_in_deck(card), f"/tricks/{number - 1}/plays/{index}/card",
                    number, index + 1, player)
            elif card in played:
                add("card-already-played", say("{player} plays {card}, which was already played in trick "
                                               "{trick}.", player=player, card=str(card), trick=played[card]),
                    f"/tricks/{number - 1}/plays/{index}/card", number, index + 1, player)
            elif hand is not None and card not in hand:
                add("card-not-in-hand", say("{player} plays {card}, which is not in {player}'s hand.",
                                            player=player, card=str(card)),
                    f"/tricks/{number - 1}/plays/{index}/card", number, index + 1, player)
            if index and known and led is not None and card.color != led.color and deck_known:
                off_lead(state, player, card, led, hand, index, number, position)  # type: ignore[arg-type]
            if card not in played:
                played[card] = number
            if hand is not None:
                hand.discard(card)
        position += 1
        if index + 1 == size and scored and not hidden:
            resolve(state, record)  # a full trick is taken at once; one more play would reopen it
    state.hidden, state.position = hidden, position


def off_lead(state: GameState, player: str, card: Card, led: Card, hand: set[Card] | None, index: int, number: int,
             position: int) -> None:
    """A card off the led colour (the play at ``position``): an error where the player is shown to hold it."""
    if not may_play(state, player, card, led, position):
        state.add("must-follow-suit", say("{player} plays {card} on a {colour} lead while holding {colour} "
                                          "({evidence}).", player=player, card=str(card),
                                          colour=COLOUR_WORDS[led.color],
                                          evidence=state.holding_words(player, led.color, position)),
                  f"/tricks/{number - 1}/plays/{index}/card",
                  number, index + 1, player)
    elif hand is None:
        state.void.setdefault(player, set()).add(led.color)


def may_play(state: GameState, player: str, card: Card, led: Card, position: int) -> bool:
    """Rule 4 (``rules.playable``) on what the log shows ``player`` holding before the play at ``position``:
    ``card`` and the cards that prove the led colour held. The check of a play (``off_lead``) and the choices
    offered (``GameState.may_play``) both ask this."""
    held = holding(state, player, led.color, position)  # all of the led colour: ``playable``'s ``led`` too
    return card in playable(held | {card}, held)


def holding(state: GameState, player: str, color: str, position: int) -> set[Card]:
    """The cards that show ``player`` still held ``color`` before the play at ``position``: a known hand's
    cards of that colour, else the card of it the log shows them playing later; never a guess."""
    hand = state.hands.get(player)
    if hand is not None:
        return {card for card in hand if card.color == color}
    later = state.evidence.get(player, {}).get(color)
    return {later[2]} if later is not None and later[0] > position else set()


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
    state.order = state.rules.turn_order(player) if known else ()  # type: ignore[arg-type]


def resolve(state: GameState, record: TrickRecord) -> None:
    """Take the trick ``record`` (full, its plays readable): rules 5 and 6, and each taker's score (rule 8)."""
    outcome = resolve_trick(record.plays)
    record.resolved = True
    record.high, record.low, record.captures = outcome.high, outcome.low, outcome.captures
    piles, tallies, scores = state.piles, state.tallies, state.scores
    for name, cards in outcome.captures.items():
        piles[name] = (piles.get(name), tuple(cards))
        tally = tallies.get(name)
        if tally is not None:  # cards taken by someone who is not a player score for nobody
            scores[name] = tally.take(cards)
    record.scores_after = dict(scores)
    state.last_taken = record.number
    high = record.plays[outcome.high].player
    state.due = high if high in state.seats else None

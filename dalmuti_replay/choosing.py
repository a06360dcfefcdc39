"""The choices at a position, as the State contract offers them: actions with a label, ``known`` and a hint.

A round begins; its deal is a chance step (one deal drawn: 80 cards have far too many orders to list);
then a revolution may be declared, the transfers owed are paid one by one, in any order the rulings accept
(a market is offered to the first merchant, who may also let play begin), and play goes round the table.
Who moves and what is legal come from ``legal``; this module only words them.
"""

from __future__ import annotations

import random

from dalmuti_replay.actions import DEAL as DEALT
from dalmuti_replay.actions import PLAY, REVOLUTION, ROUND, TRANSFER, Step
from dalmuti_replay.cards import Card
from dalmuti_replay.legal import due, owed, playable, revolutionary, transfers_for
from dalmuti_replay.rounds import CLOSED, DEAL, RoundPlay
from dalmuti_replay.session import Session
from dalmuti_replay.words import say
from replaykit.state import Choice
from replaykit.words import Joined, Text


def texts(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]


# The words of each kind of step, the same for a choice offered and for any step labelled (``step_label``).
def plays(player: str, cards: list[str]) -> Text:
    return say("{player} plays {cards}", player=player, cards=" ".join(cards))


def passes(player: str) -> Text:
    return say("{player} passes", player=player)


def gives(giver: str, cards: list[str], receiver: str) -> Text:
    # "1 and 5", not "1 5", which reads as one card or as 15
    return say("{giver} gives {cards} to {receiver}", giver=giver, cards=Joined(cards), receiver=receiver)


def revolts(name: str) -> Text:
    return say("{name} declares a revolution", name=name)


def dealt(number: int) -> Text:
    return say("Round {round} is dealt", round=number)


def begins(number: int) -> Text:
    return say("Round {round} begins", round=number)


def step_label(step: Step, number: int) -> Text | None:
    """A step read from an action, offered or not, in the words of its choice; ``number`` is the round under way
    (the one to begin, for a round begun). ``None`` for a step no choice offers (a trick opened empty)."""
    value = step.value
    if step.kind == PLAY:
        return passes(value.player) if value.cards is None else plays(value.player, texts(sorted(value.cards)))
    if step.kind == TRANSFER:
        return gives(value.giver, texts(sorted(value.cards)), value.receiver)
    if step.kind == REVOLUTION:
        return revolts(value)
    if step.kind == DEALT:
        return dealt(number)
    if step.kind == ROUND:
        return begins(number)
    return None


def drawn_deal(play: RoundPlay, rng: random.Random) -> Choice:
    table = play.state.table
    deck = sorted(table.deck.elements())
    rng.shuffle(deck)
    hands: dict[str, list[Card]] = {name: [] for name in table.order}
    for index, card in enumerate(deck):  # one at a time from the Great Dalmuti (rule 4)
        hands[table.order[index % table.size]].append(card)
    return Choice({"hands": {name: texts(sorted(cards)) for name, cards in hands.items()}},
                  dealt(play.number), chance=True)


def play_choices(play: RoundPlay) -> tuple[str | None, list[Choice]]:
    player, size, below = due(play)
    if player is None:
        holding = play.state.holding()
        player = holding[0] if holding else None
    if player is None:
        return None, []
    sets, known = playable(play, player, size, below)
    hint = None if known else say("only if {player} holds these cards", player=player)
    found = [Choice({"player": player, "cards": texts(cards)},
                    plays(player, texts(cards)), known, hint)
             for cards in sets]
    if below is not None:
        found.append(Choice({"player": player, "pass": True}, passes(player)))
    elif not found:  # a hand that cannot be read lays something all the same
        found = [Choice({"player": player, "cards": ["J"]}, plays(player, ["J"]), False, hint)]
    return player, found


def before_play(play: RoundPlay) -> tuple[str | None, list[Choice]]:
    """A revolution, every transfer that may be recorded now (in the rules' order: the rulings accept any),
    and the first lead once nothing is owed (or beside a market the first merchant may let go)."""
    found: list[Choice] = []
    for name, known in revolutionary(play):
        found.append(Choice({"revolution": name}, revolts(name), known,
                            None if known else say("only if {name} was dealt both Jesters", name=name)))
    duties, may_begin = owed(play)
    for duty in duties:
        options, known = transfers_for(play, duty)
        hint = None if known else say("only if {player} holds these cards", player=duty.giver)
        if duty.is_peon_tax and not known:
            hint = say("{giver} must give the best cards of the hand dealt", giver=duty.giver)
        for receiver, cards in options:
            found.append(Choice({"from": duty.giver, "to": receiver, "cards": texts(cards)},
                                gives(duty.giver, texts(cards), receiver), known, hint))
    if may_begin:  # nothing owed, or only a market nobody has begun
        player, offered = play_choices(play)
        found += offered
        if not duties:
            return player, found
    return duties[0].giver, found


def choices_of(session: Session, play: RoundPlay | None, number: int, rng: random.Random | None,
               who_only: bool = False):
    """The choices (or, with ``who_only``, who makes them) where ``play`` is the round under way (``None``:
    none is) and ``number`` the number of the next round to begin."""
    if play is None or play.phase == CLOSED or play.over:
        choice = Choice({"round": number}, begins(number))
        return (session.order_due() or [None])[0] if who_only else [choice]
    if play.phase == DEAL and not who_only:
        return [drawn_deal(play, rng or random.Random())]
    if play.tricks is None:
        player, found = before_play(play)
    else:
        player, found = play_choices(play)
    return player if who_only else found

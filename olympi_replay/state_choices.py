"""The choices of an Olympi Cards position: a race's start (the table's step) and a player's turn.

A turn's plays come from the hand: with every card of it known, exactly those that obey the
discipline's rule; with cards unseen, also every play of cards that may still be among them (a copy not
known to be elsewhere) and obeys the rule, marked ``known: false`` with the rule in words as the hint.
The rule itself is checked by ``disciplines.holds``, the function the validator uses.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import TYPE_CHECKING

from olympi_replay.cards import ALL_CARDS, COPIES, Card, shown, texts
from olympi_replay.disciplines import holds, sentence
from olympi_replay.words import say
from replaykit.state import Choice

if TYPE_CHECKING:
    from olympi_replay.race import RaceReplay
    from olympi_replay.replay import GameReplay

FEW = 12  # a race's start lists its outcomes up to this many, else draws one


def reveal_choices(game: GameReplay, rng: random.Random) -> list[Choice]:
    """The next race's start: the card on top raced, or postponed (by the first player) for the next one."""
    pile = game.pile
    outcomes: list[tuple[str, str | None]] = []
    for top in pile.candidates():
        outcomes.append((top, None))
        if len(pile) > 1 and not pile.is_face_up(top):
            following = pile.after(top)
            options = [following] if following is not None else [name for name in pile.face_down if name != top]
            outcomes += [(name, top) for name in options]
    if len(outcomes) > FEW:
        outcomes = [rng.choice(outcomes)]
    return [_start(game, raced, postponed) for raced, postponed in outcomes]


def _start(game: GameReplay, raced: str, postponed: str | None) -> Choice:
    if postponed is None:
        return Choice({"discipline": raced}, say("{raced} is raced", raced=raced), chance=True)
    if game.first_player is None:
        label = say("the first player postpones {postponed}; {raced} is raced", postponed=postponed, raced=raced)
    else:
        label = say("{holder} postpones {postponed}; {raced} is raced", holder=game.first_player,
                    postponed=postponed, raced=raced)
    return Choice({"discipline": raced, "postponed": postponed}, label, chance=True)


def race_choices(game: GameReplay, race: RaceReplay, player: str) -> list[Choice]:
    """The plays of ``player`` that obey the rule, then retiring (two players: passing)."""
    definition = race.definition
    per_play = 1 if definition is None or definition.cards_per_play is None else definition.cards_per_play
    rule = None if definition is None else definition.rule
    hand = game.cards.hands[player]
    hint = None if definition is None else sentence(rule, definition.cards_per_play)
    choices = []
    if not race.finished or hand.size:
        own = race.own.get(player)
        for play, known in plays(game, player, per_play):
            if rule is None or holds(rule, play, race.previous, own):
                choices.append(Choice({"player": player, "action": "play", "cards": texts(play)},
                                      say("{player} plays {cards}", player=player, cards=shown(list(play))), known,
                                      None if known else hint))
    action = "pass" if game.rules.two_players else "retire"
    if race.finished:
        label = say("{player} stops playing", player=player)
    elif action == "pass":
        label = say("{player} passes", player=player)
    else:
        label = say("{player} retires", player=player)
    choices.append(Choice({"player": player, "action": action}, label))
    return choices


def plays(game: GameReplay, player: str, per_play: int) -> list[tuple[tuple[Card, ...], bool]]:
    """Every distinct play of ``per_play`` cards the player may hold, and whether the hand's known part
    alone holds it."""
    cards = game.cards
    hand = cards.hands[player]
    most = Counter({card: hand.known[card] + min(hand.unknown, max(0, COPIES - cards.known[card]))
                    for card in ALL_CARDS})
    pool = [card for card in ALL_CARDS for _ in range(min(most[card], per_play))]
    found = []
    for play in sorted(set(itertools.combinations(pool, per_play))):
        need = Counter(play)
        if any(need[card] > most[card] for card in need):
            continue
        unseen = sum(max(0, count - hand.known[card]) for card, count in need.items())
        if unseen <= hand.unknown:
            found.append((play, unseen == 0))
    return found

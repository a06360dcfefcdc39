"""The choices of an Olympi Cards position: a race's start (the table's step) and a player's turn.

The legal steps are made first as compact typed actions, with no words and no dict built to decide what
is legal: ``Reveal``, a race's start (the Discipline card raced, and the one postponed first); ``Move``, a
player's turn by seat index (``play`` with its cards as indexes of ``cards.CARDS_BY_INDEX``, sorted, or
``retire``/``pass``); ``Named``, the cards of a draw made unseen. The State's ``legal_actions()`` lists
them and its ``apply`` takes them besides a log's JSON; each turns into that JSON (``to_log``) only at
the edge (a patch, a log, an answer of the API), and ``of_log`` reads it back. A ``Choice`` puts one into
words for display.

A turn's plays come from the hand: with every card of it known, exactly those that obey the
discipline's rule; with cards unseen, also every play of cards that may still be among them (a copy not
known to be elsewhere) and obeys the rule, marked ``known: false`` with the rule in words as the hint.
The rule itself is checked by ``disciplines.holds``, the function the validator uses.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from olympi_replay.cards import CARD_COUNT, CARD_INDEX, COPIES, Card, index_shown, index_texts, natural
from olympi_replay.disciplines import called, holds, sentence
from olympi_replay.words import say
from replaykit.state import Choice
from replaykit.words import Text

if TYPE_CHECKING:
    from olympi_replay.race import RaceReplay
    from olympi_replay.replay import GameReplay

class Reveal(NamedTuple):
    discipline: str
    postponed: str | None = None

    def to_log(self, players: tuple[str, ...]) -> dict:
        if self.postponed is None:
            return {"discipline": self.discipline}
        return {"discipline": self.discipline, "postponed": self.postponed}


class Move(NamedTuple):
    seat: int
    word: str  # "play", "retire" or "pass"
    cards: tuple[int, ...] = ()

    def to_log(self, players: tuple[str, ...]) -> dict:
        if self.word != "play":
            return {"player": players[self.seat], "action": self.word}
        return {"player": players[self.seat], "action": "play", "cards": index_texts(self.cards)}


class Named(NamedTuple):
    cards: tuple[int, ...]

    def to_log(self, players: tuple[str, ...]) -> dict:
        return {"draw": index_texts(self.cards)}


Action = Reveal | Move | Named


def compact(cards: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Cards (their indexes, as a replay holds them) as a play's compact form: sorted (a play is a set of cards,
    not a sequence)."""
    return tuple(sorted(cards))


def indexes(cards: list[Card | None]) -> list[int] | None:
    """Cards read from a log's JSON as their indexes; ``None`` when one is not a card."""
    return None if None in cards else [CARD_INDEX[card] for card in cards if card is not None]


def of_log(action: object, players: tuple[str, ...]) -> Action | None:
    """The compact form of a step as a log writes it, or ``None`` for a shape that is no step (its notes,
    draw and reshuffle lists aside)."""
    if not isinstance(action, dict):
        return None
    if "player" in action:
        player, word = action.get("player"), action.get("action", "play")
        if player not in players or word not in ("play", "retire", "pass"):
            return None
        cards = indexes([Card.from_object(card) for card in action.get("cards") or ()] if word == "play" else [])
        return None if cards is None else Move(players.index(player), word, compact(cards))
    if "discipline" in action and isinstance(action["discipline"], str):
        postponed = action.get("postponed")
        return Reveal(action["discipline"], postponed if isinstance(postponed, str) else None)
    if action.keys() == {"draw"} and isinstance(action["draw"], list):
        cards = indexes([Card.from_object(card) for card in action["draw"]])
        return None if cards is None else Named(compact(cards))
    return None


FEW = 12  # a race's start lists its outcomes up to this many, else draws one


def reveal_actions(game: GameReplay) -> list[Reveal]:
    """Every start the next race may have: the card on top raced, or postponed (by the first player) for the
    next one."""
    pile = game.pile
    outcomes: list[Reveal] = []
    for top in pile.candidates():
        outcomes.append(Reveal(top))
        if len(pile) > 1 and not pile.is_face_up(top):
            following = pile.after(top)
            options = [following] if following is not None else [name for name in pile.face_down if name != top]
            outcomes += [Reveal(name, top) for name in options]
    return outcomes


def reveal_choices(game: GameReplay, rng: random.Random) -> list[Choice]:
    """The next race's starts in words, or one drawn with ``rng`` where there are more than ``FEW``."""
    outcomes = reveal_actions(game)
    if len(outcomes) > FEW:
        outcomes = [rng.choice(outcomes)]
    return [_start(game, raced, postponed) for raced, postponed in outcomes]


def _start(game: GameReplay, raced: str, postponed: str | None) -> Choice:
    return Choice(Reveal(raced, postponed).to_log(()), start_label(game, raced, postponed), chance=True)


def card_holder(game: GameReplay) -> str | None:
    """Who holds the First-player card now: the player who took it in the race under way, from the moment they
    took it, else the game's holder (which the game changes only as the next race starts)."""
    race = game.current
    taken = race.record.took_first_player if race is not None else None
    return taken if taken is not None else game.first_player


# The words of each kind of step, the same for a choice offered and for any step labelled (``OlympiState.label``).
def start_label(game: GameReplay, raced: str, postponed: str | None) -> Text:
    raced = called(game.definitions, raced)
    postponed = postponed if postponed is None else called(game.definitions, postponed)
    if postponed is None:
        return say("{raced} is raced", raced=raced)
    holder = card_holder(game)
    if holder is None:
        return say("The first player postpones {postponed}; {raced} is raced", postponed=postponed, raced=raced)
    return say("{holder} postpones {postponed}; {raced} is raced", holder=holder, postponed=postponed, raced=raced)


def turn_label(race: RaceReplay, player: str, word: str, cards: tuple[int, ...] | list[int]) -> Text:
    """A turn: a play by its cards, else stopping (the race finished), passing or retiring."""
    if word == "play":
        return say("{player} plays {cards}", player=player, cards=index_shown(cards))
    if race.finished:
        return say("{player} stops playing", player=player)
    if word == "pass":
        return say("{player} passes", player=player)
    return say("{player} retires", player=player)


def draw_label(player: str, cards: list[int]) -> Text:
    return say("{player} draws {cards}", player=player, cards=index_shown(cards))


def race_actions(game: GameReplay, race: RaceReplay, player: str) -> list[tuple[Move, bool]]:
    """The plays of ``player`` that obey the rule, then retiring (two players: passing); each with whether
    the hand's known part alone holds it."""
    definition = race.definition
    per_play = 1 if definition is None or definition.cards_per_play is None else definition.cards_per_play
    rule = None if definition is None else definition.rule
    seat = game.rules.seating.index(player)
    found = []
    if not race.finished or game.cards.hands[player].size:
        own = race.own.get(player)
        for play, known in plays(game, player, per_play):
            if rule is None or holds(rule, play, race.previous, own):
                found.append((Move(seat, "play", compact(play)), known))
    found.append((Move(seat, "pass" if game.rules.two_players else "retire"), True))
    return found


def race_choices(game: GameReplay, race: RaceReplay, player: str) -> list[Choice]:
    """``race_actions`` in words, with the rule as the hint of a play the known hand does not hold."""
    definition = race.definition
    hint = None if definition is None else sentence(definition.rule, definition.cards_per_play)
    seating = game.rules.seating
    *moves, (stop, _known) = race_actions(game, race, player)
    choices = [Choice(move.to_log(seating), turn_label(race, player, "play", move.cards), known,
                      None if known else hint) for move, known in moves]
    choices.append(Choice(stop.to_log(seating), turn_label(race, player, stop.word, ())))
    return choices


def plays(game: GameReplay, player: str, per_play: int) -> list[tuple[tuple[int, ...], bool]]:
    """Every distinct play of ``per_play`` cards the player may hold, and whether the hand's known part
    alone holds it."""
    cards = game.cards
    hand = cards.hands[player]
    most = Counter({card: hand.count(card) + min(hand.unknown, max(0, COPIES - cards.copies(card)))
                    for card in range(CARD_COUNT)})
    pool = [card for card in range(CARD_COUNT) for _ in range(min(most[card], per_play))]
    found = []
    # In the order the cards themselves compare (colour letter, then value): the order choices are listed in.
    for play in sorted(set(itertools.combinations(pool, per_play)), key=natural):
        need = Counter(play)
        if any(need[card] > most[card] for card in need):
            continue
        unseen = sum(max(0, count - hand.count(card)) for card, count in need.items())
        if unseen <= hand.unknown:
            found.append((play, unseen == 0))
    return found

"""Olympi Cards as a registered game: its fixed facts and finding catalogue for ``replaykit``.

Registered in ``pyproject.toml`` under the ``card_replay.games`` entry point group.
"""

from __future__ import annotations

from olympi_replay.loading import load, new_state
from olympi_replay.log import DEFAULT_LIMITS, GAME_ID
from olympi_replay.rules import MAX_PLAYERS, MIN_PLAYERS
from olympi_replay.simulate import simulate
from olympi_replay.words import say
from replaykit.engine import Code, Engine, Option
from replaykit.work import count, seats

E, W = ("error",), ("warning",)
CODES = (
    Code("schema", E, "The document does not have the shape of a log (one finding per problem, with its path)."),
    Code("player-count", E, "Fewer than 2 or more than 7 players; nothing else is replayed."),
    Code("duplicate-player", E, "A name appears twice in players; nothing else is replayed."),
    Code("unknown-player", E, "A name in first_player, hands, a turn or a claim is not a player."),
    Code("discipline-count", E, "disciplines or discipline_deck does not have nine entries."),
    Code("duplicate-discipline", E, "A discipline is named twice in disciplines or discipline_deck."),
    Code("unknown-discipline", E, "A race or discipline_deck names an undeclared discipline, or a catalogue id is "
                                  "unknown."),
    Code("hand-size", E, "The deal is given but a player's hand is missing or not six cards."),
    Code("deck-size", E, "The deck after the deal does not hold 90 − 6 × players cards."),
    Code("too-many-copies", E, "A third copy of a card is dealt, played or drawn."),
    Code("wrong-discipline", E, "A race's postponed or raced discipline is not the card on top of the pile."),
    Code("postpone-not-allowed", E, "A face-up Discipline card or the pile's last card is postponed."),
    Code("wrong-first-player", E, "A race's first turn is not taken by the holder of the First-player card."),
    Code("wrong-turn", E, "A turn by a player who is not next clockwise among those still in the race."),
    Code("already-retired", E, "A turn by a player who already retired from the race."),
    Code("race-over", E, "A turn after the race was over."),
    Code("wrong-action", E, "A pass with three or more players (taken as a retire), or a retire with two (taken "
                            "as a pass)."),
    Code("wrong-card-count", E, "A play without the discipline's number of cards (one, two for Cycling)."),
    Code("rule-broken", E, "A play that does not obey the discipline's declared rule."),
    Code("card-not-in-hand", E, "A card the player is known not to hold."),
    Code("draw-count", E, "A draw list with a wrong number of cards."),
    Code("draw-mismatch", E, "A draw list that lacks a card drawn from a deck of known order."),
    Code("reshuffle-mismatch", E, "A reshuffle list where none happened, or that is not the discard pile."),
    Code("unfinished-race", E, "A race other than the log's last did not finish."),
    Code("too-many-races", E, "A tenth race; it and any after it are not replayed."),
    Code("medal-mismatch", E, "A race's claimed medals differ from the retirements' rewards."),
    Code("first-player-mismatch", E, "A race's claim of who took the First-player card is wrong."),
    Code("record-mismatch", E, "A race's claim of who set a World Record is wrong."),
    Code("score-mismatch", E, "A claimed final score differs from the computed VP."),
    Code("winner-mismatch", E, "The claimed winners differ from the computed ones."),
    Code("unchecked-rule", W, "Cards were played in a race whose discipline declares no rule (once a race)."),
    Code("deck-exhausted", W, "A draw came up short: the deck and the discard pile were both empty."),
    Code("incomplete-game", W, "Fewer than nine races, or the last race unfinished."),
)


def _simulate(players: int, seed: int, *, no_hands: bool = False, no_deck: bool = False, no_claims: bool = False,
              world_record: bool = False) -> dict:
    return simulate(players, seed, hands=not no_hands, deck=not no_deck, claims=not no_claims,
                    world_record=world_record)


def work(document: object) -> int:
    """Steps × seats (``replaykit.work``): the start, and each race's start and turns, times the players."""
    return (1 + count(document, "races") + count(document, "races", "turns")) * seats(document)


ENGINE = Engine(
    id=GAME_ID,
    name="Olympi Cards",
    log_games=(GAME_ID,),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    units=("race", "turn"),
    codes=CODES,
    load=load,
    new_state=new_state,
    default_limits=DEFAULT_LIMITS,
    simulate=_simulate,
    simulate_options=(Option("no_hands", "leave out the deal and the cards drawn"),
                      Option("no_deck", "leave out the deck's order and reshuffles"),
                      Option("no_claims", "leave out awards, scores and winners"),
                      Option("world_record", "play with the World Record variant")),
    description=say("Paolo Mori's card game of nine Olympic races: retire early for cards, late for medals."),
    work=work,
)

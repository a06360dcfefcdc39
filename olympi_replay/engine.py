"""Olympi Cards as a registered game: its fixed facts and finding catalogue for ``replaykit``.

Registered in ``pyproject.toml`` under the ``card_replay.games`` entry point group.
"""

from __future__ import annotations

from olympi_replay.loading import load, new_state
from olympi_replay.log import DEFAULT_LIMITS, GAME_ID
from olympi_replay.rules import MAX_PLAYERS, MIN_PLAYERS
from olympi_replay.simulate import simulate
from olympi_replay.words import say
from replaykit.engine import Code, Engine, Home, Option
from replaykit.work import count, seats

E, W = ("error",), ("warning",)
CODES = (
    Code("schema", E, "The document does not have the shape of a log (one finding per problem, with its path).",
         title=say("not in the log's format")),
    Code("player-count", E, "Fewer than 2 or more than 7 players; nothing else is replayed.",
         title=say("wrong number of players")),
    Code("duplicate-player", E, "A name appears twice in players; nothing else is replayed.",
         title=say("a name listed twice")),
    Code("unknown-player", E, "A name in first_player, hands, a turn or a claim is not a player.",
         title=say("a name that is not a player")),
    Code("discipline-count", E, "disciplines or discipline_deck does not have nine entries.",
         title=say("the wrong number of disciplines")),
    Code("duplicate-discipline", E, "A discipline is named twice in disciplines or discipline_deck.",
         title=say("a discipline named twice")),
    Code("unknown-discipline", E, "A race or discipline_deck names an undeclared discipline, or a catalogue id is "
                                  "unknown.", title=say("an unknown discipline")),
    Code("hand-size", E, "The deal is given but a player's hand is missing or not six cards.",
         title=say("a hand of the wrong size")),
    Code("deck-size", E, "The deck after the deal does not hold 90 − 6 × players cards.",
         title=say("a deck of the wrong size")),
    Code("too-many-copies", E, "A third copy of a card is dealt, played or drawn.",
         title=say("too many copies of a card")),
    Code("wrong-discipline", E, "A race's postponed or raced discipline is not the card on top of the pile.",
         title=say("the wrong discipline raced")),
    Code("postpone-not-allowed", E, "A face-up Discipline card or the pile's last card is postponed.",
         title=say("a discipline that may not be postponed")),
    Code("wrong-first-player", E, "A race's first turn is not taken by the holder of the First-player card.",
         title=say("the wrong player opened the race")),
    Code("wrong-turn", E, "A turn by a player who is not next clockwise among those still in the race.",
         title=say("played out of turn")),
    Code("already-retired", E, "A turn by a player who already retired from the race.",
         title=say("a turn after retiring")),
    Code("race-over", E, "A turn after the race was over.", title=say("a turn after the race was over")),
    Code("wrong-action", E, "A pass with three or more players (taken as a retire), or a retire with two (taken "
                            "as a pass).", title=say("a pass and a retirement confused")),
    Code("wrong-card-count", E, "A play without the discipline's number of cards (one, two for Cycling).",
         title=say("the wrong number of cards played")),
    Code("rule-broken", E, "A play that does not obey the discipline's declared rule.",
         title=say("broke the discipline's rule")),
    Code("card-not-in-hand", E, "A card the player is known not to hold.", title=say("a card not in hand")),
    Code("draw-count", E, "A draw list with a wrong number of cards.", title=say("the wrong number of cards drawn")),
    Code("draw-mismatch", E, "A draw list that lacks a card drawn from a deck of known order.",
         title=say("a draw that differs from the deck")),
    Code("reshuffle-mismatch", E, "A reshuffle list where none happened, or that is not the discard pile.",
         title=say("a reshuffle that did not happen so")),
    Code("unfinished-race", E, "A race other than the log's last did not finish.", title=say("a race left unfinished")),
    Code("too-many-races", E, "A tenth race; it and any after it are not replayed.",
         title=say("more races than a game has")),
    Code("medal-mismatch", E, "A race's claimed medals differ from the retirements' rewards.",
         title=say("the wrong medals written"), claim=True),
    Code("first-player-mismatch", E, "A race's claim of who took the First-player card is wrong.",
         title=say("the wrong First-player card claim"), claim=True),
    Code("record-mismatch", E, "A race's claim of who set a World Record is wrong.",
         title=say("the wrong World Record claim"), claim=True),
    Code("score-mismatch", E, "A claimed final score differs from the computed VP.",
         title=say("a score added up wrong"), claim=True),
    Code("winner-mismatch", E, "The claimed winners differ from the computed ones.",
         title=say("the wrong winners named"), claim=True),
    Code("unchecked-rule", W, "Cards were played in a race whose discipline declares no rule (once a race).",
         title=say("a rule the service cannot check")),
    Code("deck-exhausted", W, "A draw came up short: the deck and the discard pile were both empty.",
         title=say("the deck ran out")),
    Code("incomplete-game", W, "Fewer than nine races, or the last race unfinished.",
         title=say("the game is unfinished")),
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
    # 2: views carry each seat's proven cards, the plays a rule compares and compared, and the cards laid,
    # which the table view reads; snapshots stored by version 1 lack them. 3: a view names the First-player
    # card's holder from when it is taken, no race before race 1, and no World Records without the variant.
    version="3",
    # a gold's worth of VP lost, a silver's, a bronze's (4, 2 and 1 VP: "Rewards" in the rulings)
    mark_thresholds=(4, 2, 1),
    home=Home.shipped(GAME_ID),  # its web adapter, schemas, templates, styles, samples, documents
)

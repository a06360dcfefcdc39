"""David & Goliath as a registered game: its fixed facts and finding catalogue for ``replaykit``.

Registered in ``pyproject.toml`` under the ``card_replay.games`` entry point group.
"""

from __future__ import annotations

from dg_replay import load, new_state
from dg_replay.reader import DEFAULT_LIMITS, GAME_ID, MATCH_ID
from dg_replay.rules import MAX_PLAYERS, MIN_PLAYERS
from dg_replay.simulate import simulate, simulate_match
from dg_replay.words import say
from replaykit.engine import Code, Engine, Home, Option
from replaykit.work import count, entries, seats

E, W = ("error",), ("warning",)
CODES = (
    Code("schema", E, "The document does not have the shape of a log (one finding per problem, with its path).",
         title=say("not in the log's format")),
    Code("player-count", E, "Fewer than 3 or more than 6 players.", title=say("wrong number of players")),
    Code("duplicate-player", E, "A name appears twice in players.", title=say("a name listed twice")),
    Code("unknown-player", E, "A name in dealer, hands, a play, captures, scores or winners is not a player.",
         title=say("a name that is not a player")),
    Code("card-not-in-deck", E, "A card whose value is outside 1 to 3 × the number of players.",
         title=say("a card not in the deck")),
    Code("hand-size", E, "The deal is given but a player's hand is missing or not 15 cards.",
         title=say("a hand of the wrong size")),
    Code("duplicate-card", E, "A card appears twice in the deal.", title=say("a card dealt twice")),
    Code("wrong-leader", E, "A trick is not led by the dealer's left neighbour (first trick) or by the previous "
                            "trick's highest card.", title=say("the wrong player led")),
    Code("wrong-turn", E, "Plays are not in clockwise order from the trick's first player.",
         title=say("played out of turn")),
    Code("trick-size", ("error", "warning"), "A trick with more or fewer plays than players (a warning only "
                                             "for a last, unfinished trick).", title=say("a trick of the wrong size")),
    Code("card-already-played", E, "A card is played a second time.", title=say("a card played twice")),
    Code("card-not-in-hand", E, "The deal is given and the player does not hold the card.",
         title=say("a card not in hand")),
    Code("must-follow-suit", E, "The player held the led colour and played another.",
         title=say("did not follow suit (a revoke)")),
    Code("too-many-tricks", E, "More than 15 tricks.", title=say("more tricks than a game has")),
    Code("capture-mismatch", E, "A trick's claimed captures differ from the rules' result.",
         title=say("captures written wrong"), claim=True),
    Code("score-mismatch", E, "A claimed score differs from the computed one.",
         title=say("a score added up wrong"), claim=True),
    Code("winner-mismatch", E, "The claimed winners differ from the computed ones.",
         title=say("the wrong winners named"), claim=True),
    Code("incomplete-game", W, "Fewer than 15 tricks (in a match: fewer games than players).",
         title=say("the game is unfinished")),
    Code("dealer-rotation", W, "In a match, a dealer who is not the previous game's dealer's left neighbour.",
         title=say("the wrong dealer")),
    Code("match-length", W, "A match with more games than players.", title=say("more games than a match has")),
)


def work(document: object) -> int:
    """Steps × seats (``replaykit.work``): each game's start and plays, times its players; a match adds its
    own start and, per game, the deal (its views show the game's players, or the match's where more)."""
    if not isinstance(document, dict) or document.get("game") != MATCH_ID:
        return (1 + count(document, "tricks", "plays")) * seats(document)
    table = seats(document)
    return table + sum((1 + count(game, "tricks", "plays")) * max(seats(game), table)
                       for game in entries(document, "games"))


def _simulate(players: int, seed: int, *, no_hands: bool = False, no_claims: bool = False,
              match: bool = False) -> dict:
    make = simulate_match if match else simulate
    return make(players, seed, hands=not no_hands, claims=not no_claims)


ENGINE = Engine(
    id=GAME_ID,
    name=say("David & Goliath"),
    log_games=(GAME_ID, MATCH_ID),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    units=("game", "trick", "play"),
    codes=CODES,
    load=load,
    new_state=new_state,
    default_limits=DEFAULT_LIMITS,
    simulate=_simulate,
    simulate_options=(Option("no_hands", "leave out the deal"),
                      Option("no_claims", "leave out captures, scores and winners"),
                      Option("match", "a whole match: one game per player")),
    description=say("Reinhard Staupe's trick-taking game: the lowest card takes the highest."),
    work=work,
    home=Home.shipped(GAME_ID, static=False),  # its web adapter, schemas, templates, styles, samples, documents
)

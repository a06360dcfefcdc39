"""Il Grande Dalmuti as a registered game: its fixed facts and finding catalogue for ``replaykit``.

Registered in ``pyproject.toml`` under the ``card_replay.games`` entry point group. The declared player
range is the rulebook's 4 to 8; the replay also accepts 9 to 20 with a warning (a ruling).
"""

from __future__ import annotations

from dalmuti_replay.load import load, new_state
from dalmuti_replay.log import GAME_ID, UNITS
from dalmuti_replay.reader import DEFAULT_LIMITS
from dalmuti_replay.rules import MAX_PLAYERS, MIN_PLAYERS, Options
from dalmuti_replay.simulate import simulate
from dalmuti_replay.words import say
from replaykit.engine import Code, Engine, Home, Option
from replaykit.work import count, entries, seats

E, W, EW = ("error",), ("warning",), ("error", "warning")
CODES = (
    Code("schema", E, say("The document does not have the shape of a log (one finding per problem, at its path)."),
         title=say("not in the log's format")),
    Code("player-count", EW, say("Fewer than 4 or more than 20 players in a round; 9 to 20 is only a warning."),
         title=say("wrong number of players")),
    Code("duplicate-player", E, say("A name twice in players, or a newcomer who is already playing."),
         title=say("a name listed twice")),
    Code("unknown-player", E, say("A name that is not a player of that round, wherever it stands."),
         title=say("a name that is not a player")),
    Code("option-conflict", E, say("The Market (market) and Black Market (black_market) variants are both on."),
         title=say("options that conflict")),
    Code("card-not-in-deck", E, say("A card the deck in use lacks (12s with 4–5 players, 11s with 4, a 13, …)."),
         title=say("a card not in the deck")),
    Code("hand-size", E, say("A player's hand is missing from the deal or is not that player's deal size."),
         title=say("a hand of the wrong size")),
    Code("too-many-copies", E, say("More copies of a value than the deck has, in the deal or played in a round."),
         title=say("too many copies of a card")),
    Code("revolution-invalid", E, say("A revolution by someone not dealt both Jesters, or when revolutions are off."),
         title=say("a revolution not allowed")),
    Code("tax-missing", EW, say("A tax due or half a market exchange is not recorded (a warning when the log has "
                                "no taxes at all)."), title=say("a tax not recorded")),
    Code("tax-not-due", E, say("A transfer nobody owes: no taxes this round, wrong players or direction, a second "
                               "one."), title=say("a tax nobody owed")),
    Code("tax-wrong-count", E, say("A tax or market transfer with the wrong number of cards."),
         title=say("a tax of the wrong number of cards")),
    Code("tax-wrong-cards", E, say("A Peon did not hand over the best cards of the hand dealt."),
         title=say("a tax not paid with the best cards")),
    Code("card-not-in-hand", E, say("A card given or played that the player does not hold, or more cards than held."),
         title=say("a card not in hand")),
    Code("wrong-leader", E, say("A trick is led by someone other than the player due."),
         title=say("the wrong player led")),
    Code("lead-pass", E, say("A trick opens with a pass; a leader must play a set."),
         title=say("a pass to open a trick")),
    Code("wrong-turn", E, say("A play by a player whose turn it is not, or who is already out."),
         title=say("played out of turn")),
    Code("set-size", E, say("A set with a different number of cards than the trick's base set."),
         title=say("a set of the wrong size")),
    Code("mixed-values", E, say("A set whose numbered cards are not all of one value."),
         title=say("a set of mixed values")),
    Code("not-lower", E, say("A set not strictly lower in value than the last set of the trick."),
         title=say("a set not lower than the last")),
    Code("trick-unfinished", E, say("A new trick starts before everyone else holding cards passed."),
         title=say("a trick left unfinished")),
    Code("play-after-end", E, say("A play after its trick, or its round, was over."),
         title=say("a play after the end")),
    Code("incomplete-round", EW, say("A round stops before one player alone holds cards (a warning for the last "
                                     "round)."), title=say("the round is unfinished")),
    Code("rank-mismatch", E, say("A round's claimed ranks differ from the order due."),
         title=say("the wrong ranks written"), claim=True),
    Code("finish-mismatch", E, say("A round's claimed finishing order differs from the plays."),
         title=say("the wrong finishing order written"), claim=True),
    Code("points-mismatch", E, say("A claimed round points, round total or final total differs."),
         title=say("points added up wrong"), claim=True),
    Code("winner-mismatch", E, say("The claimed winners differ from the computed ones."),
         title=say("the wrong winners named"), claim=True),
    Code("session-over", E, say("A round after the declared end of the session."),
         title=say("a round after the session ended")),
    Code("incomplete-session", W, say("The log stops before the declared end of the session."),
         title=say("the session is unfinished")),
)

VARIANT_HELP = {
    "full_deck": say("all 80 cards whatever the player count"),
    "settling_round": say("round 1 without taxes or revolutions"),
    "auto_revolution": say("no taxes except after a Great Revolution"),
    "benevolent_rulers": say("bonus points to the Dalmutis when their Peons rise"),
    "chosen_one": say("a bonus point to a Great Peon who finishes first"),
    "market": say("the first merchant swaps a chosen card with another merchant"),
    "black_market": say("the first merchant swaps a random card with another merchant"),
    "misdeal": say("the misdeal variant (changes nothing a log shows)"),
}


def _simulate(players: int, seed: int, *, no_hands: bool = False, no_claims: bool = False, join: bool = False,
              points_end: bool = False, **variants: bool) -> dict:
    on = {name: True for name, flag in variants.items() if flag}
    return simulate(players, seed, hands=not no_hands, claims=not no_claims, join=int(join),
                    points=3 * players if points_end else None, **on)


def work(document: object) -> int:
    """Steps × seats (``replaykit.work``): the start, and each round's setup, taxes and plays, times the
    players and everyone who joins."""
    rounds = entries(document, "rounds")
    steps = 1 + len(rounds) + count(document, "rounds", "taxes") + count(document, "rounds", "tricks", "plays")
    return steps * (seats(document) + count(document, "rounds", "join"))


ENGINE = Engine(
    id=GAME_ID,
    name="Il Grande Dalmuti",
    log_games=(GAME_ID,),
    players=(MIN_PLAYERS, MAX_PLAYERS),
    units=UNITS,
    codes=CODES,
    load=load,
    new_state=new_state,
    default_limits=DEFAULT_LIMITS,
    simulate=_simulate,
    simulate_options=(Option("no_hands", say("leave out the deal")),
                      Option("no_claims", say("leave out ranks, finishing orders, points, totals and winners")),
                      Option("join", say("a newcomer joins before round 2")),
                      Option("points_end", say("play to a points target (3 × players) instead of 3 rounds")),
                      *(Option(name, VARIANT_HELP[name]) for name in Options.names())),
    # three places lost, two, one: each place is a point of the result ("Points" in the rulings)
    mark_thresholds=(3, 2, 1),
    description=say("Richard Garfield's climbing game of social classes: lowest sets win, the first out rules."),
    # 2: views carry the proven cards the table view is built from (kept snapshots lack them); 3: a round's
    # report carries its counts as play begins (kept reports lack them)
    version="3",
    work=work,
    home=Home.shipped(GAME_ID),  # its web adapter, schemas, templates, styles, samples, documents
)

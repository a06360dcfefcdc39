"""What another set would have done in Il Grande Dalmuti: at every play (or pass) of a player whose hand is
known, the other sets the rules allowed there, each with its immediate effect — would it have stood?

A set *stands* when no later set of the same trick, as the other players played them, could have been laid
on it; it is *beaten* by the first one that could. Only the trick is looked at, every later play of it
unchanged: what the set would have done to the rest of the round (who goes out first) is not guessed, and
the panel says so. The legal sets are the State's ``choices`` (exact where the hand is known) and "could
have been laid on it" is the State's own judgement of that later set played next, its turn aside: no rule
of the game is written here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dalmuti_replay.words import say, say_n
from replaykit.engine import Engine
from replaykit.findings import anchor
from replaykit.state import at_each_step

MAX_LISTED = 12  # other sets shown per play, in the order the State offers them: a hand may allow dozens
# Plays looked at in one session, in order: each costs the State's choices there and a trial of each other
# set (up to 0.5 ms with four players' large hands), and an upload has a bound of work. 1,200 plays are
# some 15 rounds of four players or 6 of eight: every play of an evening's session.
MAX_EXAMINED = 1_200
NOT_A_REASON = {"wrong-turn"}  # laid "next" for the test, a later set is usually out of its turn order


@dataclass(frozen=True)
class Play:
    anchor: str
    player: str
    cards: list[str] | None  # None: a pass
    later: list[tuple[str, list[str]]]  # the sets other players laid later in the trick, in order


def recorded_plays(report: dict) -> dict[str, Play]:
    """Every play of the report's tricks by anchor, with the sets laid after it in its trick."""
    found: dict[str, Play] = {}
    for round_ in report.get("rounds") or []:
        for trick in round_.get("tricks") or []:
            plays = trick.get("plays") or []
            for index, play in enumerate(plays):
                place = (("round", round_["number"]), ("trick", trick["number"]), ("play", play["number"]))
                later = [(other["player"], other["cards"]) for other in plays[index + 1:]
                         if other.get("cards") and other["player"] != play["player"]]
                found[anchor(place)] = Play(anchor(place), play["player"], play.get("cards") or None, later)
    return found


def cards_text(cards: list[str]) -> str:
    return " ".join(cards)


def beaten_by(after, later: list[tuple[str, list[str]]]) -> tuple[str, list[str]] | None:
    """The first later set the State accepts on top of the position ``after`` (its turn aside)."""
    for player, cards in later:
        trial = after.clone()
        found = trial.apply({"player": player, "cards": cards})
        if not any(item.is_error and item.code not in NOT_A_REASON for item in found):
            return player, cards
    return None


def effect(player: str, cards: list[str], beater: tuple[str, list[str]] | None):
    if beater is None:
        return say("{cards}: no later set of this trick could have been laid on it; it would have stood.",
                   cards=cards_text(cards))
    return say("{cards}: {other}'s {their} would have beaten it.", cards=cards_text(cards), other=beater[0],
               their=cards_text(beater[1]))


def headline(play: Play, beater: tuple[str, list[str]] | None):
    if play.cards is None:
        return say("{player} passed here.", player=play.player)
    if beater is None:
        return say("{player}'s {cards} stood: no later set of the trick was laid on it.", player=play.player,
                   cards=cards_text(play.cards))
    return say("{player}'s {cards} was beaten by {other}'s {their}.", player=play.player,
               cards=cards_text(play.cards), other=beater[0], their=cards_text(beater[1]))


def alternatives(before, play: Play) -> dict | None:
    """The entry of one play: ``None`` where the hand is unknown or nothing else was legal."""
    options = [choice for choice in before.choices(random.Random(0))
               if choice.known and not choice.chance and choice.action.get("player") == play.player
               and choice.action.get("cards") and choice.action.get("cards") != play.cards]
    if not options:
        return None
    lines = []
    for choice in options[:MAX_LISTED]:
        after = before.clone()
        after.apply(choice.action)
        lines.append(effect(play.player, choice.action["cards"], beaten_by(after, play.later)))
    if len(options) > MAX_LISTED:
        lines.append(say_n("…and {count} more set.", "…and {count} more sets.", len(options) - MAX_LISTED))
    real = None
    if play.cards is not None:
        after = before.clone()
        after.apply({"player": play.player, "cards": play.cards})
        real = beaten_by(after, play.later)
    summary = say_n("{count} other set {player} could have laid here, the rest of the trick unchanged",
                    "{count} other sets {player} could have laid here, the rest of the trick unchanged",
                    len(options), player=play.player)
    return {"player": play.player, "headline": headline(play, real), "summary": summary, "lines": lines}


def analyse(engine: Engine, document: object, report: dict) -> dict[str, dict]:
    """Per play (by anchor) of a known hand with other legal sets: its entry for the board; the first
    ``MAX_EXAMINED`` plays only (``examined_all`` says whether that is every play)."""
    return at_each_step(engine, document, recorded_plays(report), alternatives, MAX_EXAMINED)


def examined_all(report: dict) -> bool:
    return len(recorded_plays(report)) <= MAX_EXAMINED

"""What another choice would have done in Olympi Cards: at every turn of a player whose hand is known, the
other plays the discipline's rule allowed there and retiring (passing, with two players), each with its
immediate effect on the race.

- Another play: could the next player who played after it in the race, as they played, still have played
  that on it? A play that would have stopped them is what a player lays to push the others out early.
- Retiring (or passing) instead: the place it would have taken and what that place earns (the medal,
  the cards drawn, the First-player card), by the rulebook's table.

Only the race's next play is looked at, every later turn unchanged: what the choice would have done to the
rest of the race (who would then have retired when) is not guessed, and the panel says so. The choices are
the State's own (exact where the hand is known), and "could still have played" is the State's judgement of
that later play, its turn aside: no rule of the game is written here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from olympi_replay.cards import shown
from olympi_replay.state_choices import of_log
from olympi_replay.words import reward_words, say, say_n
from replaykit.engine import Engine
from replaykit.findings import anchor
from replaykit.state import at_each_step
from replaykit.words import ordinal

MAX_LISTED = 12  # other choices shown per turn, in the order the State offers them
# Turns looked at in one game, in order: each costs the State's choices and a trial of each other choice.
MAX_EXAMINED = 1_200
NOT_A_REASON = {"wrong-turn"}  # laid "next" for the test, a later play is out of its turn


@dataclass(frozen=True)
class Turn:
    anchor: str
    player: str
    action: dict  # as the log has it: {"player", "action", "cards"}
    following: tuple[str, list[str]] | None  # the next play by another player in the race, if any


def recorded_turns(report: dict) -> dict[str, Turn]:
    """Every turn of the report's races by anchor, with the race's next play by another player."""
    found: dict[str, Turn] = {}
    for race in report.get("races") or []:
        turns = [turn for turn in race.get("turns") or [] if not turn.get("ignored")]
        for index, turn in enumerate(turns):
            following = next(((other["player"], other["cards"]) for other in turns[index + 1:]
                              if other["action"] == "play" and other["player"] != turn["player"]), None)
            action = {"player": turn["player"], "action": turn["action"]}
            if turn["action"] == "play":
                action["cards"] = turn["cards"]
            place = anchor((("race", race["number"]), ("turn", turn["number"])))
            found[place] = Turn(place, turn["player"], action, following)
    return found


def _stopped(after, following: tuple[str, list[str]] | None) -> bool | None:
    """Would the State have refused ``following`` on the position ``after``? ``None``: no play followed."""
    if following is None:
        return None
    trial = after.clone()
    found = trial.apply({"player": following[0], "action": "play", "cards": following[1]})
    return any(item.is_error and item.code not in NOT_A_REASON for item in found)


def _retired(after, player: str) -> dict | None:
    """What the player's retirement just applied earned, as the race's record has it."""
    race = after.race
    if race is None:
        return None
    return next((entry.to_dict() for entry in reversed(race.record.retirements) if entry.player == player), None)


def _outcome(before, turn: Turn, action: dict) -> tuple[str, dict]:
    """What ``action`` would have done at once: ``("play", …)`` with whether it stops the next play, or
    ``("retire" | "pass", …)`` with the retirement it makes."""
    after = before.clone()
    after.apply(action)
    if action["action"] == "play":
        return "play", {"cards": shown(action["cards"]), "stopped": _stopped(after, turn.following)}
    return action["action"], {"retirement": _retired(after, turn.player)}


def _line(turn: Turn, kind: str, outcome: dict):
    """An other choice's effect, for the list under the headline."""
    if kind == "play":
        if outcome["stopped"] is None:
            return say("{cards}: no other player played after it in this race.", cards=outcome["cards"])
        other, their = turn.following[0], shown(turn.following[1])
        if outcome["stopped"]:
            return say("{cards}: {other} could not have played {their} on it.", cards=outcome["cards"],
                       other=other, their=their)
        return say("{cards}: {other} could still have played {their} on it.", cards=outcome["cards"], other=other,
                   their=their)
    retirement = outcome["retirement"]
    if retirement is None:
        return say("Stop here.")
    if kind == "pass":
        return say_n("Pass here: draw {count} card.", "Pass here: draw {count} cards.", retirement["drew"])
    return say("Retire here, {place}: {reward}.", place=ordinal(retirement["place"]), reward=reward_words(retirement))


def _headline(turn: Turn, kind: str, outcome: dict):
    """What the player did, in the same terms."""
    player = turn.player
    if kind == "play":
        if outcome["stopped"] is None:
            return say("{player} played {cards}; no other player played after it in this race.", player=player,
                       cards=outcome["cards"])
        return say("{player} played {cards}; {other} played {their} next.", player=player, cards=outcome["cards"],
                   other=turn.following[0], their=shown(turn.following[1]))
    retirement = outcome["retirement"]
    if retirement is None:
        return say("{player} stopped here.", player=player)
    if kind == "pass":
        return say_n("{player} passed and drew {count} card.", "{player} passed and drew {count} cards.",
                     retirement["drew"], player=player)
    return say("{player} retired {place}: {reward}.", player=player, place=ordinal(retirement["place"]),
               reward=reward_words(retirement))


def alternatives(before, turn: Turn) -> dict | None:
    """The entry of one turn: ``None`` where the hand is unknown or nothing else was allowed."""
    seating = before.game.rules.seating
    # A play is a set of cards: the one played is no other choice, whatever order the log wrote its cards in.
    played = of_log(turn.action, seating)
    options = [choice.action for choice in before.choices(random.Random(0))
               if choice.known and not choice.chance and choice.action.get("player") == turn.player
               and of_log(choice.action, seating) != played]
    if not options:
        return None
    lines = [_line(turn, *_outcome(before, turn, action)) for action in options[:MAX_LISTED]]
    if len(options) > MAX_LISTED:
        lines.append(say_n("…and {count} more choice.", "…and {count} more choices.", len(options) - MAX_LISTED))
    summary = say_n("{count} other choice {player} had here, the rest of the race unchanged",
                    "{count} other choices {player} had here, the rest of the race unchanged",
                    len(options), player=turn.player)
    headline = _headline(turn, *_outcome(before, turn, turn.action))
    return {"player": turn.player, "headline": headline, "summary": summary, "lines": lines}


def _known_hand(state, turn: Turn) -> bool:
    """Worth a copy of the position: the player's whole hand is known and holds a card."""
    hand = state.game.cards.hands.get(turn.player)
    return hand is not None and not hand.unknown and hand.size > 0


def analyse(engine: Engine, document: object, report: dict) -> dict[str, dict]:
    """Per turn (by anchor) of a known hand with other choices: its entry for the board; the first
    ``MAX_EXAMINED`` turns only (``examined_all`` says whether that is every turn)."""
    return at_each_step(engine, document, recorded_turns(report), alternatives, MAX_EXAMINED, _known_hand)


def examined_all(report: dict) -> bool:
    return len(recorded_turns(report)) <= MAX_EXAMINED

"""Olympi Cards as a live ``replaykit.state.State``: one position of one game, where its rules live.

The validator reads a log into its setup and steps and applies them here one by one (``load``); the
simulator picks among ``choices()``; the table view is ``view()`` after every step. The steps are the
log's own items: a race's start (``{"discipline": D}``, with ``"postponed": P`` when the first player
postponed the card on top) is the table's step, a chance step, since the Discipline pile is revealed; a
turn (``{"player", "action", "cards"}`` as a race's ``turns`` write it, with ``draw``/``reshuffle`` where
known) is a player's; a retirement whose cards were drawn unseen may be followed by the chance step
``{"draw": [cards]}`` that names them. Rules checks are those of ``replay.py`` and ``race.py``, so a step
gives the very findings the validator gives for it. A race or a turn past the reader's ``Limits`` (races in a
game, turns in a race) is never offered — the game is over there — and ``apply`` answers it with the
reader's ``schema`` finding.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from olympi_replay.cards import CARD_TEXTS, index_texts
from olympi_replay.cards_state import Draw
from olympi_replay.disciplines import called, references, sentence
from olympi_replay.log import Race, Turn, finding
from olympi_replay.race_reader import too_many_races, too_many_turns
from olympi_replay.replay import GameReplay
from olympi_replay.report import GameReport
from olympi_replay.rules import MEDALS, RACES, RECORD_VP, VP
from olympi_replay.state_actions import read_action
from olympi_replay.state_choices import (
    Move,
    Named,
    Reveal,
    card_holder,
    compact,
    draw_label,
    race_choices,
    reveal_actions,
    reveal_choices,
    start_label,
    turn_label,
)
from olympi_replay.state_walk import Walk
from replaykit.findings import ERROR, Finding, anchor
from replaykit.state import Choice, IllegalAction, view
from replaykit.words import Text

RECORD = "WR"  # a World Record among a seat's trophies
# Plays of the current race a view lists in the middle, the latest ones, and counts the rest (``earlier``):
# a view per step listing every play of a 400-turn race made the snapshots grow with the square of the race.
# As many as the board draws (static/board.js, MIDDLE_SHOWN), so the table view reads them as they are.
MIDDLE_KEPT = 10


class OlympiState(Walk):
    """One position of one game of Olympi Cards (the contract is ``replaykit.state``; ``Walk`` adds undo,
    compact actions, returns, observations, chance outcomes, keys and the search's position)."""

    def __init__(self, game: GameReplay, log: dict, limits) -> None:
        self.game, self.log, self.limits = game, log, limits
        self.pending: tuple[Draw, int] | None = None  # a draw made unseen, which a draw step may name
        self.history: list[tuple] = []  # per step applied: the replay, log and pending draw before it
        # The plays laid in the race as the last view counted them: (its turns, how many were counted, how many
        # laid, the latest MIDDLE_KEPT, the cards laid), so that a view looks only at the turns since.
        self.laid: tuple = ((), 0, 0, [], 0)

    # -- where the game stands ---------------------------------------------------------------------

    @property
    def race(self):
        return self.game.current

    def play_on(self) -> bool:
        """The race is over, but its last player may play on for a World Record (the variant)."""
        race = self.race
        return (race is not None and race.finished and self.game.world_record and not self.game.rules.two_players
                and not race.closed and race.last is not None and self.game.cards.hands[race.last].size > 0)

    def race_done(self) -> bool:
        race = self.race
        return race is None or (race.finished and not self.play_on())

    def is_over(self) -> bool:
        game = self.game
        if self.pending is not None:
            return False
        if self.race_done():
            return game.stopped or game.entries >= RACES or len(game.pile) == 0 or self.past_limit("race") is not None
        return self.past_limit("turn") is not None

    def past_limit(self, kind: str) -> Finding | None:
        """The reader's finding for one more race, or one more turn of the race under way, where the log would
        then be past the reader's limits; ``None`` within them."""
        races = self.log["races"]
        if kind == "race":
            said = too_many_races(self.limits, len(races) + 1)
            return None if said is None else finding("schema", ERROR, said, path="/races")
        turns = races[-1].get("turns") if races and type(races[-1]) is dict else None
        said = too_many_turns(self.limits, (len(turns) if type(turns) is list else 0) + 1)
        if said is None:
            return None
        return finding("schema", ERROR, said, len(races), path=f"/races/{len(races) - 1}/turns")

    @property
    def chance(self) -> bool:
        return not self.is_over() and (self.pending is not None or self.race_done())

    @property
    def to_move(self) -> str | None:
        if self.is_over() or self.chance:
            return None
        race = self.race
        if race.finished:
            return race.last
        if not race.started:
            return self.game.first_player or self.game.rules.seating[0]
        return race.due

    @property
    def moment(self) -> str:
        if self.is_over():
            return ""
        if self.pending is not None:
            return anchor((("race", self.race.record.number), ("turn", self.pending[1])))
        if self.race_done():
            return anchor((("race", self.game.entries + 1),))
        return anchor((("race", self.race.record.number), ("turn", len(self.race.record.turns) + 1)))

    # -- acting ------------------------------------------------------------------------------------

    def choices(self, rng: random.Random | None = None) -> list[Choice]:
        if self.is_over():
            return []
        rng = rng or random.Random()
        if self.pending is not None:
            return [self.draw_choice(rng)]
        if self.race_done():
            return reveal_choices(self.game, rng)
        return race_choices(self.game, self.race, self.to_move)

    def draw_choice(self, rng: random.Random) -> Choice:
        """Name the cards of a draw made unseen: those drawn from a known order, then as many drawn at random
        from the copies not known to be anywhere."""
        drawn, number = self.pending
        pool = list(self.free_copies().elements())
        picked = [*drawn.known, *rng.sample(pool, min(drawn.unknown, len(pool)))]
        player = self.race.record.turns[number - 1].player
        return Choice({"draw": index_texts(picked)}, draw_label(player, picked), chance=True)

    def chance_parts(self) -> dict[str, dict]:
        """At a chance step, what each part of its outcome may be, for a person entering what the table saw:
        at a race's start the disciplines that may be raced, and those that may be postponed, as the rules say
        (``reveal_actions``), by their titles; at a draw made unseen the copies of each card not known to be
        anywhere else, with those a deck of known order gives it."""
        if self.is_over():
            return {}
        if self.pending is not None:
            drawn, _number = self.pending
            free = self.free_copies() + Counter(drawn.known)
            return {"draw": {"cards": {CARD_TEXTS[card]: copies for card, copies in sorted(free.items())}}}
        if self.race_done():
            starts = reveal_actions(self.game)
            return {"discipline": {"values": self.titles({start.discipline for start in starts})},
                    "postponed": {"values": self.titles({start.postponed for start in starts})}}
        return {}

    def titles(self, names: set[str | None]) -> list[list[str]]:
        """``names``, in the order the log declares them, each with its title."""
        return [[name, called(self.game.definitions, name)] for name in self.game.definitions if name in names]

    def label(self, action: object) -> Text | None:
        """Any step, offered or not, in the words of its choice; ``None`` for what is no step here."""
        if isinstance(action, (Reveal, Move, Named)):
            action = action.to_log(self.game.rules.seating)
        kind, read, problems = read_action(self, action)
        if problems or read is None:
            return None
        if kind == "race":
            return start_label(self.game, action["discipline"], action.get("postponed"))
        if kind == "turn":
            return turn_label(self.race, read.player, read.action, compact(read.cards or []))
        return draw_label(self.race.record.turns[self.pending[1] - 1].player, read)

    def leave_unseen(self) -> bool:
        """The cards of a draw made unseen stay unnamed: the race goes on (a revealed discipline cannot)."""
        if self.is_over() or self.pending is None:
            return False
        self.history.append((self.game.clone(), self.log, self.pending))
        self.pending = None
        return True

    def apply(self, action: object, strict: bool = False) -> list:
        """``action`` as a log writes it, or a compact one (``olympi_replay.actions``)."""
        if isinstance(action, (Reveal, Move, Named)):
            action = action.to_log(self.game.rules.seating)
        before = (self.game.clone(), self.log, self.pending)
        found = self.step(action)
        if strict and any(finding.is_error for finding in found):
            self.game, self.log, self.pending = before
            raise IllegalAction(found)
        self.history.append(before)
        return found

    def step(self, action: object) -> list:
        """Apply one action given as JSON; a shape that is no action of this game changes nothing."""
        kind, read, problems = read_action(self, action)
        if problems:
            return problems
        before = len(self.game.findings)
        ops = self.patch_for(kind, action)
        if kind == "race":
            self.start(read)
        elif kind == "turn":
            self.take(read)
        else:
            self.name_draw(read)
        self.log = apply_ops(self.log, ops)
        return self.game.findings[before:]

    def start(self, race: Race) -> bool:
        """The log's next race entry (``apply``'s step; the loader takes it so with the game itself)."""
        self.pending = None
        return self.game.start_race(race)

    def take(self, turn: Turn) -> None:
        """The race's next turn."""
        self.take_all([turn])

    def take_all(self, turns: list[Turn]) -> None:
        """The race's next turns in order, stepped by the compiled race (the loader takes a whole race so with the
        game itself)."""
        if turns:
            self.pending = self.game.steps(turns)

    def name_draw(self, cards: list[int]) -> None:
        drawn, number = self.pending
        self.pending = None
        entry = self.race.record.turns[number - 1]
        self.race.check_listed(entry.player, cards, drawn, entry, number)

    def patch(self, action: object) -> list[dict]:
        kind, _read, problems = read_action(self, action)
        if problems:
            raise ValueError(problems[0].message)
        return self.patch_for(kind, action)

    def patch_for(self, kind: str, action: dict) -> list[dict]:
        action = copy.deepcopy(action)  # the log must not change with the caller's dict
        if kind == "race":
            return [{"op": "add", "path": "/races/-", "value": {**action, "turns": []}}]
        last = len(self.log["races"]) - 1
        if kind == "turn":
            return [{"op": "add", "path": f"/races/{last}/turns/-", "value": action}]
        return [{"op": "add", "path": f"/races/{last}/turns/{self.pending[1] - 1}/draw", "value": action["draw"]}]

    # -- looking -----------------------------------------------------------------------------------

    def view(self) -> dict:
        game, race = self.game, self.race
        medals = {name: dict(won) for name, won in game.medals.items()}
        records = dict(game.records)
        if race is not None:
            for name, won in race.record.medals.items():
                for medal in won:
                    medals[name][medal] = medals[name].get(medal, 0) + 1
            if race.record.record is not None:
                records[race.record.record] += 1
        seats = []
        for name in game.rules.seating:
            hand = game.cards.hands[name]
            trophies = [medal for medal in MEDALS for _ in range(medals[name].get(medal, 0))]
            seats.append({
                "name": name, "hand": index_texts(hand.cards()), "unseen": hand.unknown,
                "pile": trophies + [RECORD] * records[name],
                "score": sum(VP[medal] * count for medal, count in medals[name].items()) + RECORD_VP * records[name],
                "medals": {medal: medals[name].get(medal, 0) for medal in MEDALS},
                "records": records[name] if game.world_record else None,  # none to count without the variant
                "retired": race is not None and name in race.record.order,
                "proven": index_texts(game.proof.proven(name)) if hand.unknown else []})
        turns = [] if race is None else race.record.turns
        seen, counted, laid, latest, cards_laid = self.laid
        if seen is not turns or counted > len(turns):
            counted, laid, latest, cards_laid = 0, 0, [], 0
        fresh = [entry for entry in turns[counted:] if entry.action == "play" and not entry.ignored]
        latest, laid = (latest + fresh)[-MIDDLE_KEPT:], laid + len(fresh)
        cards_laid += sum(len(entry.cards) for entry in fresh)
        self.laid = (turns, len(turns), laid, latest, cards_laid)
        middle = [{"player": entry.player, "cards": index_texts(entry.cards)} for entry in latest]
        definition = None if race is None else race.definition
        podium = {} if race is None else {name: list(won) for name, won in race.record.medals.items()}
        return view(seats, middle, earlier=max(0, laid - MIDDLE_KEPT), cards_laid=cards_laid,
                    race=None if race is None else race.record.number,
                    discipline=None if race is None else race.record.discipline,
                    finished=race is not None and race.finished, podium=podium,
                    record=None if race is None else race.record.record,
                    last_turn=turns[-1].to_dict() if turns else None,
                    rule=None if definition is None else sentence(definition.rule, definition.cards_per_play),
                    compares=sorted(references(definition.rule)) if definition and definition.rule else [],
                    compared=None if race is None else compared(race),
                    disciplines_left=len(game.pile), first_player=card_holder(game),
                    world_record=game.world_record, over=self.is_over())

    def to_log(self) -> dict:
        return copy.deepcopy(self.log)

    def clone(self) -> OlympiState:
        """An independent copy, which starts its own history of steps to take back."""
        other = OlympiState(self.game.clone(), self.log, self.limits)
        other.pending = self.pending
        return other

    def report(self) -> GameReport:
        """The report of the log so far: the last race and the claims are closed on a copy, so this state
        can go on."""
        return self.game.clone().finish()


def compared(race) -> list[list[str]] | None:
    """The cards the last turn's play was compared with, as ``[player, card]`` pairs: the race's last play
    before it and the player's own last play, each where the rule compares with it (``None``: the last turn
    played nothing)."""
    if race.compared is None:
        return None
    by, previous, own = race.compared
    rule = race.definition.rule if race.definition is not None else None
    refs = references(rule) if rule is not None else set()
    pairs = [[by, CARD_TEXTS[card]] for card in previous] if "previous" in refs and previous is not None else []
    player = race.record.turns[-1].player
    if "own" in refs and own is not None and not (pairs and own is previous):  # the same play: listed once
        pairs += [[player, CARD_TEXTS[card]] for card in own]
    return pairs


def apply_ops(document: dict, ops: list[dict]) -> dict:
    """``document`` with the ``add`` operations applied; the containers along each path are copied, never
    changed, so a clone and the loaded document are shared safely."""
    for op in ops:
        *parents, last = op["path"].split("/")[1:]
        document = _added(document, parents, last, op["value"])
    return document


def _added(container, parents: list[str], last: str, value):
    if isinstance(container, list):
        copied = list(container)
        key = len(copied) if (parents[0] if parents else last) == "-" else int(parents[0] if parents else last)
    else:
        copied = dict(container)
        key = parents[0] if parents else last
    if parents:
        copied[key] = _added(container[key], parents[1:], last, value)
    elif isinstance(copied, list):
        copied.insert(key, value)
    else:
        copied[key] = value
    return copied

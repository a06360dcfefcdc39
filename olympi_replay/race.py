"""One race re-executed turn by turn: whose turn it is, plays against the discipline's rule, retirements
(two players: passes) with their rewards and draws, the last player and the World Record.

A turn that is malformed, by an unknown player, by a retired player or after the race is over is
reported and ignored: it changes no hand, no reference and no turn order. Any other wrong turn is
reported and then taken as recorded, so the replay goes on and every error is found.
"""

from __future__ import annotations

from collections import Counter

from olympi_replay.cards import CARD_TEXTS, index_shown
from olympi_replay.cards_state import Draw
from olympi_replay.disciplines import Discipline, holds, sentence
from olympi_replay.log import Race, Table, Turn, finding
from olympi_replay.report import RaceRecord, Retirement, TurnRecord
from olympi_replay.rules import Rules
from olympi_replay.scoring import PASSES, Reward, reward
from olympi_replay.words import say, say_n
from replaykit.texts import not_a_player
from replaykit.words import Text


class Sitting:
    """What a race reads of its game, read once a game: each read of the interpreted rules, or of the game seen
    through the ``Table`` protocol, is a Python attribute lookup (eight of them cost a third of making a race),
    where a race reads these compiled fields natively. The game's parts, not the game: a race held by its game
    and holding it back would make every replay a reference cycle, left for the garbage collector to find
    (GameReplay.steps passes on the one thing a race tells its game, the First-player card's holder when the
    race shows it). A game that replaces its parts (a clone) makes a new one."""

    __slots__ = ("cards", "clockwise", "findings", "proof", "rules", "seating", "two_players", "world_record")

    def __init__(self, game: Table, like: Sitting | None = None) -> None:
        """``like``: a sitting of the same seating (a clone's game's), whose reads of the rules are taken over."""
        self.cards, self.proof, self.findings = game.cards, game.proof, game.findings
        self.world_record = game.world_record
        if like is None:
            rules = game.rules
            # Each player's way round the table, as the seating makes it once a game, so that the turn after each
            # turn is found by compiled code, with no call into the interpreted ``Seating``.
            two, seating, clockwise = rules.two_players, rules.seating, rules.clockwise
        else:
            rules, two, seating, clockwise = like.rules, like.two_players, like.seating, like.clockwise
        self.rules: Rules = rules
        self.two_players: bool = two  # asked at every turn: a compiled field, not the rules' property
        self.seating: tuple[str, ...] = seating
        self.clockwise: dict[str, tuple[str, ...]] = clockwise


class RaceReplay:
    def __init__(self, sitting: Sitting, race: Race, record: RaceRecord, definition: Discipline | None) -> None:
        self.race, self.record, self.definition = race, record, definition
        self.rules = sitting.rules
        self.cards, self.proof, self.findings = sitting.cards, sitting.proof, sitting.findings
        self.world_record, self.two_players = sitting.world_record, sitting.two_players
        seating = sitting.seating
        self.players = len(seating)  # rules.player_count, the reward table's key at every retirement
        self.clockwise = sitting.clockwise
        self.active = list(seating)  # players still in the race, in seating order
        self.out: set[str] = set()  # the players who retired: a seat not in ``active``, asked at every turn
        self.passes = 0
        self.started = False
        self.due: str | None = None
        self.finished = False
        self.last: str | None = None
        self.closed = False
        self.previous: tuple[int, ...] | None = None  # cards as their indexes, as every card of a replay
        self.own: dict[str, tuple[int, ...]] = {}
        self.warned_unchecked = False
        self.previous_by: str | None = None  # who made the play ``previous``
        # The plays the last turn's cards were compared with: (the race's last play before, by whom; the
        # player's own last play); None after a turn that played nothing.
        self.compared: tuple | None = None
        self.drawn: Draw | None = None  # the last turn's draw, for a draw list given later

    def clone(self, sitting: Sitting) -> RaceReplay:
        """A copy for a cloned game (``sitting``: the clone's): its own record, turn order and references (field by
        field, since a compiled class has no ``copy.copy``)."""
        record = self.record
        other = RaceReplay(sitting, self.race, record.copy(), self.definition)
        if record.turns:  # only the last turn may still change (a draw named later)
            other.record.turns[-1] = record.turns[-1].copy()
        other.active, other.out, other.own = list(self.active), set(self.out), dict(self.own)
        other.passes, other.started, other.due, other.finished = self.passes, self.started, self.due, self.finished
        other.last, other.closed, other.previous, other.previous_by = self.last, self.closed, self.previous, \
            self.previous_by
        other.warned_unchecked, other.compared, other.drawn = self.warned_unchecked, self.compared, self.drawn
        return other

    @property
    def base(self) -> str:
        """The race's pointer: made only for a finding, not for every race."""
        return f"/races/{self.record.number - 1}"

    def at(self, number: int, where: str = "") -> str:
        """The pointer of turn ``number`` (from 1), or of ``where`` in it: made only for a finding, not at every
        turn."""
        return f"{self.base}/turns/{number - 1}{where}"

    def add(self, code: str, message: str, path: str, turn: int | None, player: str | None,
            severity: str = "error") -> None:
        self.findings.append(finding(code, severity, message, self.record.number, turn, player, path))

    def steps(self, turns: list[Turn]) -> Draw | None:
        """``step`` for each of ``turns`` in order (a whole race of the loader's, the loop compiled); the last
        one's draw."""
        drawn = None
        for turn in turns:
            drawn = self.step(turn)
        return drawn

    def step(self, turn: Turn) -> Draw | None:
        """Replay the race's next turn; returns the draw it made (``None``: it drew nothing or was ignored)."""
        number = len(self.record.turns) + 1
        # The read turn's lists are the record's: each is read fresh for its one turn and never changed after.
        entry = TurnRecord(number, turn.player, turn.action, () if turn.cards is None else tuple(turn.cards),
                           note=turn.note)
        self.record.turns.append(entry)
        proof = self.proof
        proof.step()
        player = turn.player
        hand = None if player is None else self.cards.hands.get(player)  # None: not a player
        unknown = 0 if hand is None else hand.unknown  # what ``Proof.after`` compares with
        known = None if hand is None else proof.before(hand)
        entry.ignored = not self.take(turn, entry, number)
        if player is not None and hand is not None:
            proof.after(player, hand, unknown, known, () if entry.ignored or entry.action != "play" else entry.cards)
            entry.hand_after = hand.size
        self.settle()
        return self.drawn

    def settle(self) -> None:
        """Bring the record's outcome up to date: finished, and who set a World Record."""
        if not self.finished:
            return
        self.record.finished = True
        self.record.record = self.last if (
            self.world_record and not self.two_players and self.last is not None
            and self.cards.hands[self.last].size == 0) else None

    # -- one turn -------------------------------------------------------------------------------------

    def take(self, turn: Turn, entry: TurnRecord, number: int) -> bool:
        """Replay one turn; ``False`` when it is ignored."""
        self.drawn = self.compared = None
        if turn.malformed:
            return False  # its schema finding says why
        player = turn.player
        if player is None or player not in self.cards.hands:  # the seating's players, as rules.is_player asks
            said = say('Turn {number} is by "{player}", who is not a player.', number=number, player=player)
            self.add("unknown-player", not_a_player(said, player, self.cards.hands), self.at(number, "/player"),
                     number, player)
            return False
        if self.over(turn, player, number):
            return False
        action = self.action_taken(turn, number)
        entry.action = action
        if self.finished:  # the last player playing on (World Record) or closing the race
            if action == "retire":
                self.closed = True
                self.drawn = self.cards.draw(player, 0, turn.reshuffle)
                self.check_draw_lists(player, turn, self.drawn, entry, number)
                return True
        else:
            self.check_order(player, number)
        self.started = True
        if action == "play":
            self.play(player, entry.cards, number)
        elif action == "pass":
            self.pass_turn(player, turn, entry, number)
        else:
            self.retire(player, turn, entry, number)
        self.due = self.next_due(player)
        return True

    def over(self, turn: Turn, player: str, number: int) -> bool:
        """Report and say so when this turn comes when its player may take none."""
        name = self.record.discipline
        if self.finished and (self.two_players or self.closed):
            self.add("race-over", say("The {name} race was already over when {player} took turn {number}.",
                                      name=name, player=player, number=number), self.at(number), number, player)
            return True
        if self.finished and player == self.last and turn.action == "play" and not self.world_record:
            self.add("race-over", say("{player} was the last player left and won gold without playing on; turn "
                                      "{number} comes after the {name} race ended (play on only with the World "
                                      "Record variant).", player=player, number=number, name=name),
                     self.at(number), number, player)
            return True
        if player in self.out and not self.two_players:
            if self.finished and not self.world_record:
                self.add("race-over", say("The {name} race was already over when {player} took turn {number}.",
                                          name=name, player=player, number=number), self.at(number), number, player)
            else:
                self.add("already-retired", say("{player} already retired from the {name} race and may not take "
                                                "turn {number}.", player=player, name=name, number=number),
                         self.at(number), number, player)
            return True
        return False

    def action_taken(self, turn: Turn, number: int) -> str:
        action = turn.action or "play"
        if self.two_players and action == "retire":
            self.add("wrong-action", say("With two players nobody retires: {player}'s retire in turn {number} "
                                         "is taken as a pass.", player=turn.player, number=number),
                     self.at(number, "/action"), number, turn.player)
            return "pass"
        if not self.two_players and action == "pass":
            self.add("wrong-action", say("Only two players pass; with {players} players {player}'s pass in turn "
                                         "{number} is taken as a retire.", players=self.rules.player_count,
                                         player=turn.player, number=number), self.at(number, "/action"), number,
                     turn.player)
            return "retire"
        return action

    def check_order(self, player: str, number: int) -> None:
        if not self.started:
            holder = self.record.first_player  # the game's holder when the race began
            if holder is None:  # race 1 without first_player: its first turn shows who held the card
                self.record.first_player = player
            elif player != holder:
                self.add("wrong-first-player", say("{holder} holds the First-player card and opens the race, but "
                                                   "{player} took the first turn.", holder=holder, player=player),
                         self.at(number), number, player)
        elif self.due is not None and player != self.due:
            self.add("wrong-turn", say("It was {due}'s turn, not {player}'s: turns go clockwise among the "
                                       "players still in the race.", due=self.due, player=player),
                     self.at(number), number, player)

    def next_due(self, player: str) -> str | None:
        """Who takes the turn after ``player``'s: the first player still in on ``player``'s way round the table
        (``Seating.clockwise``; with two players, who never retire, the other one)."""
        if self.finished:
            return self.last
        for name in self.clockwise[player]:
            if self.two_players or name not in self.out:
                return name
        return None

    # -- plays -----------------------------------------------------------------------------------------

    def play(self, player: str, cards: tuple[int, ...], number: int) -> None:
        definition, name = self.definition, self.record.discipline
        own = self.own.get(player)  # the player's own last play, before this one
        if definition is not None:
            wanted = definition.cards_per_play
            called = definition.title or name  # a catalogue card by its title, as every page calls it
            if wanted is not None and len(cards) != wanted:
                message = (say("{name} is played one card at a time; {player} played {count}, so the rule was not "
                               "checked.", name=called, player=player, count=len(cards)) if wanted == 1
                           else say("{name} is played two cards at a time; {player} played {count}, so the rule "
                                    "was not checked.", name=called, player=player, count=len(cards)))
                self.add("wrong-card-count", message, self.at(number, "/cards"), number, player)
            elif definition.rule is not None and not holds(definition.rule, cards, self.previous, own):
                rule = sentence(definition.rule, wanted, notes=False, clause=True)
                self.add("rule-broken", self.broken(player, cards, called, rule, own), self.at(number, "/cards"),
                         number, player)
            if definition.rule is None and not self.warned_unchecked:
                self.warned_unchecked = True
                message = (say("Cards were played in the {name} race, but the discipline is an unknown catalogue "
                               "id, so its plays were not checked against a rule.", name=name)
                           if definition.source == "unresolved"
                           else say("Cards were played in the {name} race, but the discipline declares no rule, so "
                                    "its plays were not checked against a rule.", name=called))
                self.add("unchecked-rule", message, self.base + "/discipline", None, None,
                         "warning")
        for index, code in self.cards.play(player, cards):
            card = cards[index]
            if code == "card-not-in-hand":
                message = say("{player} cannot hold {card}: every card in {player}'s hand is known.",
                              player=player, card=CARD_TEXTS[card])
            else:
                message = say("{player} plays {card}, but both copies of {card} are already accounted for "
                              "elsewhere.", player=player, card=CARD_TEXTS[card])
            self.add(code, message, self.at(number, f"/cards/{index}"), number, player)
        self.compared = (self.previous_by, self.previous, own)
        self.previous = self.own[player] = cards
        self.previous_by = player

    def broken(self, player: str, cards: tuple[int, ...], name: str, rule: Text, own: tuple[int, ...] | None) -> Text:
        """The rule-broken sentence, with the plays the rule compared with."""
        played = index_shown(cards)
        last = index_shown(self.previous) if self.previous is not None else None
        mine = index_shown(own) if own is not None and own is not self.previous else None
        if last is not None and mine is not None:
            return say("{player}'s {cards} breaks the {name} rule ({rule}): the last play was {last} and their own "
                       "last play was {own}.", player=player, cards=played, name=name, rule=rule, last=last, own=mine)
        if last is not None:
            return say("{player}'s {cards} breaks the {name} rule ({rule}): the last play was {last}.", player=player,
                       cards=played, name=name, rule=rule, last=last)
        if mine is not None:
            return say("{player}'s {cards} breaks the {name} rule ({rule}): their own last play was {own}.",
                       player=player, cards=played, name=name, rule=rule, own=mine)
        return say("{player}'s {cards} breaks the {name} rule ({rule}).", player=player, cards=played, name=name,
                   rule=rule)

    # -- retirements and passes ------------------------------------------------------------------------

    def retire(self, player: str, turn: Turn, entry: TurnRecord, number: int) -> None:
        place = len(self.record.order) + 1
        earned = reward(self.players, place - 1)
        self.active.remove(player)
        self.out.add(player)
        self.record.order.append(player)
        self.reward(player, player, earned, place, turn, entry, number)
        if len(self.active) == 1:
            self.finished = True
            self.last = self.active[0]
            self.record.order.append(self.last)
            self.record.medals.setdefault(self.last, []).append("gold")
            self.record.retirements.append(Retirement(self.last, None, place + 1, "gold", 0, False))

    def pass_turn(self, player: str, turn: Turn, entry: TurnRecord, number: int) -> None:
        self.passes += 1
        opponent = self.clockwise[player][0]  # the one other player
        self.record.order.append(player)
        self.reward(player, opponent, PASSES[self.passes - 1], self.passes, turn, entry, number)
        if self.passes == len(PASSES):
            self.finished = True

    def reward(self, player: str, medalist: str, reward: Reward, place: int, turn: Turn, entry: TurnRecord,
               number: int) -> None:
        """Give a retirement's (or pass's) medal, First-player card and cards, drawn at once (a ruling)."""
        if reward.medal is not None:
            self.record.medals.setdefault(medalist, []).append(reward.medal)
        if reward.first_player:
            self.record.took_first_player = player
        drawn = self.drawn = self.cards.draw(player, reward.draw, turn.reshuffle)
        if drawn.count:
            self.record.drawn[player] = self.record.drawn.get(player, 0) + drawn.count
        medal = reward.medal if medalist == player else None
        self.record.retirements.append(Retirement(player, number, place, medal, drawn.count, reward.first_player))
        if drawn.short:
            self.add("deck-exhausted", say("{player} should draw {wanted} cards but the deck and the discard "
                                           "pile ran out after {count}; the draw stops short (a ruling).",
                                           player=player, wanted=reward.draw, count=drawn.count),
                     self.at(number), number, player, "warning")
        self.check_draw_lists(player, turn, drawn, entry, number)

    def check_draw_lists(self, player: str, turn: Turn, drawn: Draw, entry: TurnRecord, number: int) -> None:
        """Compare ``player``'s turn's ``draw`` and ``reshuffle`` with what the replay drew, and learn from them."""
        entry.drew, entry.reshuffled = drawn.count, drawn.reshuffled
        self.record.reshuffles += drawn.reshuffled
        if drawn.reshuffle_wrong:
            message = (say("The reshuffled deck in turn {number} is not the discard pile that became the new deck; "
                           "its order stays unknown.", number=number) if drawn.reshuffled
                       else say("The reshuffled deck in turn {number} was recorded, but this draw did not find the "
                                "deck empty; its order stays unknown.", number=number))
            self.add("reshuffle-mismatch", message, self.at(number, "/reshuffle"), number, player)
        entry.draw = tuple(drawn.known) if not drawn.unknown else None  # what the replay itself saw drawn
        if turn.draw is not None:
            self.check_listed(player, turn.draw, drawn, entry, number)

    def check_listed(self, player: str, listed: list[int], drawn: Draw, entry: TurnRecord, number: int) -> None:
        """Compare a turn's ``draw`` list with what the replay drew, and learn the unseen cards it names."""
        if not drawn.unknown and listed == drawn.known:  # the usual case: the known deck's cards, in order
            return
        if len(listed) != drawn.count:
            self.add("draw-count", say_n("{player} drew {count} card in turn {number}, but the log lists {listed}.",
                                            "{player} drew {count} cards in turn {number}, but the log lists {listed}.",
                                            drawn.count, player=player, number=number, listed=len(listed)),
                     self.at(number, "/draw"), number, player)
            return
        pool = Counter(drawn.known)
        unmatched = []
        for index, card in enumerate(listed):
            if pool[card] > 0:
                pool[card] -= 1
            else:
                unmatched.append((index, card))
        missing = list(pool.elements())
        if missing:
            self.add("draw-mismatch", say("The deck's order says {player} drew {cards} in turn {number}, "
                                           "but the log's draw does not list it.", player=player,
                                           cards=index_shown(missing), number=number), self.at(number, "/draw"), number,
                     player)
        for index, card in unmatched[:drawn.unknown]:
            if not self.cards.learn_drawn(player, card):
                self.add("too-many-copies", say("{player} cannot have drawn {card}: both copies are already "
                                                "accounted for elsewhere.", player=player, card=CARD_TEXTS[card]),
                         self.at(number, f"/draw/{index}"), number, player)
        if not missing:
            entry.draw = tuple(listed)

"""An Olympi Cards race as a search walks it (``replaykit.search``): compact, undoable, legal steps only.

The log's State (``olympi_replay.state``) replays whatever was written, mistakes included; the computer
analysis needs the rest of the race under way and nothing else: each seat's hand as a sorted tuple of card
indexes (``CARDS``), who is still in, whose turn it is, the plays the discipline's rule compares with, the
VP each seat has earned in the race, and — with two players, whose passes draw cards they play on with —
the deck. A step is applied by replacing these values and undone by putting the saved ones back.

What a seat plays for (``returns()``) is its race reward in victory points (rules 6, 7 and 9: the medal of its
place, 2 for a World Record). The cards a retirement draws and the First-player card count for later races
only, so they are not part of it; with three or more players a retired player never plays again in the
race, so its draw is not walked at all. A two-player pass before the third draws from the deck: from a
known order at once, else card by card as chance steps whose outcomes are the cards not known to be
anywhere else.

The rule is checked by ``disciplines.holds``, the function the validator uses, and the rewards come from
``rules.Rules`` and ``rules.PASSES``.

A log without the deal or the draws leaves hands partly unseen. A seat held, at a turn, every card it plays
later until cards next come into its hand (its retirement or pass draws): ``learn`` adds them. Cards unseen
in hands that may play are ``missing``, copies known nowhere ``unplaced`` (rule 2): a world deals these into
those places at random (retiring is always allowed, rule 5: no turn shows a card absent), and the position
itself is not searched (``hidden()`` > 0).
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter

from olympi_replay.cards import CARD_INDEX, CARDS_BY_INDEX, COPIES, Card, texts
from olympi_replay.disciplines import Rule, holds
from olympi_replay.rules import PASSES, RECORD_VP, VP, Rules
from replaykit.search import CHANCE, TERMINAL

CARDS = CARDS_BY_INDEX  # a card's compact form is its index here
INDEX = CARD_INDEX
RETIRE = ()  # the compact retirement (two players: a pass); a play is the sorted tuple of its card indexes
FIELDS = ("hands", "active", "due", "passes", "previous", "own", "finished", "closed", "earned", "deck", "pool",
          "discards", "drawing")


class Position:
    """The rest of one race (see the module docstring); seats by index in seating order."""

    __slots__ = (*FIELDS, "history", "missing", "per_play", "players", "rule", "rules", "unplaced", "world_record")

    def __init__(self, players: tuple[str, ...], hands: list[list[Card]], rule: Rule | None, per_play: int,
                 world_record: bool) -> None:
        self.players, self.rules = tuple(players), Rules(tuple(players))
        self.rule, self.per_play = rule, per_play
        self.world_record = world_record and len(players) > 2
        self.hands = tuple(tuple(sorted(INDEX[card] for card in hand)) for hand in hands)
        self.active = tuple(range(len(players)))  # seats still in the race (two players: both, always)
        self.due = 0
        self.passes = 0
        self.previous: tuple[int, ...] | None = None
        self.own: tuple = (None,) * len(players)
        self.finished = self.closed = False
        self.earned = (0,) * len(players)  # VP of the race so far, medals and World Record
        self.deck: tuple[int, ...] | None = ()  # a known order, top last; None: unknown, its cards are ``pool``
        self.pool: tuple[int, ...] = (0,) * len(CARDS)  # the unknown deck's cards, as counts per card index
        self.discards: tuple[int, ...] = ()  # earlier races' cards, which an empty deck is made of again
        self.drawing = (0, 0)  # (seat, cards still to draw) while a two-player pass draws from an unknown order
        self.history: list[tuple] = []
        self.missing = (0,) * len(players)  # per seat that may play, its cards the log has not shown
        self.unplaced: tuple[int, ...] = (0,) * len(CARDS)  # copies known nowhere, while some are missing

    @classmethod
    def of_state(cls, state) -> Position | None:
        """The race under way in an ``OlympiState`` where a seat is to move and the discipline says how many
        cards a play holds: each hand its known cards, the unseen ones ``missing`` (with two players the deck
        too: its order, or its cards as those not known to be anywhere else)."""
        game, race = state.game, state.race
        if state.is_over() or state.chance or race is None or race.definition is None:
            return None
        definition, seating, cards = race.definition, game.rules.seating, game.cards
        if definition.cards_per_play not in (1, 2) or state.to_move not in seating:
            return None
        two = len(seating) == 2
        position = cls(seating, [[] for _ in seating], definition.rule, definition.cards_per_play, game.world_record)
        position.hands = tuple(tuple(cards.hands[name].cards()) for name in seating)  # indexes, in order already
        position.active = tuple(seating.index(name) for name in race.active)
        position.due, position.passes = seating.index(state.to_move), race.passes
        position.previous = None if race.previous is None else tuple(sorted(race.previous))
        position.own = tuple(tuple(sorted(race.own[name])) if name in race.own else None for name in seating)
        position.finished, position.closed = race.finished, race.closed
        medals = race.record.medals
        position.earned = tuple(sum(VP[medal] for medal in medals.get(name, ()))
                                + RECORD_VP * (race.record.record == name) for name in seating)
        playing = seating if two else race.active
        position.missing = tuple(cards.hands[name].unknown if name in playing else 0 for name in seating)
        if two:
            position.discards = tuple(sorted(cards.discards))
            position.deck = None if cards.deck is None else tuple(cards.deck)
        free, hidden = free_pool(cards.known), any(position.missing)
        if hidden:
            position.unplaced = free
        elif two and cards.deck is None:
            position.pool = free
        # The copies known nowhere are the unknown deck's and the hands' unseen ones, unless mistakes say else.
        unseen = sum(hand.unknown for hand in cards.hands.values()) + (cards.deck_size if cards.deck is None else 0)
        return None if (hidden or position.deck is None) and sum(free) != unseen else position

    def hidden(self) -> int:
        """How many cards of the hands that may play the log does not show (``replaykit.analysis``)."""
        return sum(self.missing)

    def learn(self, later: list[tuple[str, object]]) -> Position:
        """A copy where each seat short of cards holds those it plays in ``later`` (the steps from this
        position's own on: anchor, action as the log writes it) beyond its known ones, until it retires or
        passes (it draws); a seat alone short, the unplaced copies exactly its unseen ones, gets them all. A
        card no unseen place can hold (a mistake the validator reports) proves nothing."""
        if not any(self.missing):
            return self
        left = [Counter(hand) for hand in self.hands]  # the known cards a later play may come from
        added: list[list[int]] = [[] for _ in self.players]
        missing, unplaced = list(self.missing), list(self.unplaced)
        drawn: set[int] = set()
        for _anchor, action in later:
            if not isinstance(action, dict) or action.get("player") not in self.players:
                continue
            seat = self.players.index(action["player"])
            if action.get("action", "play") != "play":
                drawn.add(seat)
            if seat in drawn or not missing[seat]:
                continue
            for card in map(Card.from_object, action.get("cards") or ()):
                index = None if card is None else INDEX.get(card)
                if index is not None and left[seat][index]:
                    left[seat][index] -= 1
                elif index is not None and missing[seat] and unplaced[index]:
                    missing[seat] -= 1
                    unplaced[index] -= 1
                    added[seat].append(index)
        short = [seat for seat, count in enumerate(missing) if count]
        if len(short) == 1 and sum(unplaced) == missing[short[0]]:
            added[short[0]] += _elements(tuple(unplaced))
            missing[short[0]], unplaced = 0, [0] * len(CARDS)
        twin = self.copy()
        twin.hands = tuple(tuple(sorted((*hand, *more))) for hand, more in zip(self.hands, added, strict=True))
        twin.missing, twin.unplaced = tuple(missing), tuple(unplaced)
        if not any(missing) and self.deck is None:  # (two players) nothing left unseen but the deck
            twin.pool = twin.unplaced
        return twin

    # -- between the log's actions and the search's ------------------------------------------------------

    def action_of(self, action: object) -> tuple[int, ...] | None:
        """The compact form of a log's turn where it is a legal choice of the seat to move, else ``None``."""
        turn = self.turn
        if turn >= 0 and self.finished and isinstance(action, dict) and "discipline" in action:
            return RETIRE  # the last player playing on for a World Record stopped: the next race starts
        if turn < 0 or not isinstance(action, dict) or action.get("player") != self.players[turn]:
            return None
        word = action.get("action", "play")
        if word == "play":
            cards = [Card.from_object(card) for card in action.get("cards") or ()]
            compact = None if None in cards else tuple(sorted(INDEX[card] for card in cards))
        else:
            compact = RETIRE if word == self.stop_word() else None
        return compact if compact is not None and compact in self.legal_actions() else None

    def action_to_log(self, action: tuple[int, ...]) -> dict:
        player = self.players[self.turn]
        if action == RETIRE:
            return {"player": player, "action": self.stop_word()}
        return {"player": player, "action": "play", "cards": texts([CARDS[index] for index in action])}

    def stop_word(self) -> str:
        return "pass" if len(self.players) == 2 else "retire"

    # -- where the race stands --------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        if self.drawing[1]:
            return CHANCE
        if self.closed or (self.finished and not self.playing_on()):
            return TERMINAL
        return self.due

    def playing_on(self) -> bool:
        """The race is over but its last player may play on for a World Record (the variant)."""
        return self.world_record and len(self.active) == 1 and bool(self.hands[self.active[0]])

    def legal_actions(self) -> list[tuple[int, ...]]:
        """The plays of the seat to move that obey the rule (distinct, lowest first), then retiring."""
        seat = self.turn
        if seat < 0:
            return []
        return _legal(self.rule, self.per_play, self.hands[seat], self.previous, self.own[seat])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """While a pass draws from a deck of unknown order: each card it may draw next, by its copies left."""
        if not self.drawing[1]:
            return []
        total = sum(self.pool)
        return [(index, count / total) for index, count in enumerate(self.pool) if count]

    def plays_left(self) -> int:
        """An upper bound on the steps to the end of the race: every card an active seat holds (or may still
        draw, two players) played one at a time, and every retirement (pass) still due."""
        if self.turn == TERMINAL:
            return 0
        cards = sum(len(self.hands[seat]) for seat in self.active) + self.drawing[1]
        if len(self.players) == 2:
            return cards + sum(reward.draw for reward in PASSES[self.passes:-1]) + len(PASSES) - self.passes
        if self.finished:
            return cards + 1
        return cards + len(self.active) - 1 + self.world_record

    def returns(self) -> tuple[int, ...]:
        """Each seat's VP earned in the race so far; at the end, its race reward. Before the end (where a
        look-ahead stops), with three or more players, a seat still in the race also has the medal it would
        retire with now: the least its place can still bring it, as every later retirement is rewarded no
        worse (rule 6), so a play is never worth less than retiring at once."""
        if self.finished or len(self.players) == 2:
            return self.earned
        medal = self.rules.reward(len(self.players) - len(self.active)).medal
        if medal is None:
            return self.earned
        sure = VP[medal]
        return tuple(earned + sure if seat in self.active else earned for seat, earned in enumerate(self.earned))

    def key(self) -> tuple:
        """Every value the rest of the race depends on, and the VP already earned: equal exactly when two
        positions are."""
        return (self.hands, self.active, self.due, self.passes, self.previous, self.own, self.finished, self.closed,
                self.earned, self.deck, self.pool, self.discards, self.drawing)  # FIELDS, spelt out for speed

    # -- moving -----------------------------------------------------------------------------------------

    def apply_action(self, action) -> None:
        self.history.append(self.key())
        if self.drawing[1]:
            self.draw_card(action)
            return
        seat = self.turn
        if action == RETIRE:
            self.stop(seat)
        else:
            hand = list(self.hands[seat])
            for index in action:
                hand.remove(index)
            self.hands = _replaced(self.hands, seat, tuple(hand))
            self.previous, self.own = action, _replaced(self.own, seat, action)
            if self.finished:
                self.settle()
            else:
                self.due = self.next_due(seat)

    def undo_action(self) -> None:
        (self.hands, self.active, self.due, self.passes, self.previous, self.own, self.finished, self.closed,
         self.earned, self.deck, self.pool, self.discards, self.drawing) = self.history.pop()

    def next_due(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` still in the race (two players: the other)."""
        if len(self.players) == 2:
            return 1 - seat
        return next((other for other in self.active if other > seat), self.active[0])

    def stop(self, seat: int) -> None:
        """A retirement (two players: a pass), or the last player ending a World Record attempt."""
        if self.finished:
            self.closed = True
            return
        if len(self.players) == 2:
            reward = PASSES[self.passes]
            self.passes += 1
            self.earned = _added(self.earned, 1 - seat, VP[reward.medal])
            self.finished = self.passes == len(PASSES)
            self.due = 1 - seat
            if not self.finished:  # the third pass's cards come too late to change the race
                self.draw(seat, reward.draw)
            return
        reward = self.rules.reward(len(self.players) - len(self.active))
        if reward.medal is not None:
            self.earned = _added(self.earned, seat, VP[reward.medal])
        self.active = tuple(other for other in self.active if other != seat)
        self.due = self.next_due(seat)
        if len(self.active) == 1:
            self.finished = True
            self.due = last = self.active[0]
            self.earned = _added(self.earned, last, VP["gold"])
            self.settle()

    def settle(self) -> None:
        """A last player whose hand is empty when the race ends sets a World Record."""
        last = self.active[0]
        if self.world_record and not self.hands[last]:
            self.earned = _added(self.earned, last, RECORD_VP)

    def draw(self, seat: int, count: int) -> None:
        """A pass's cards, drawn from the top: from a known order now, else one chance step a card."""
        hand = list(self.hands[seat])
        while count:
            if not self.deck_size():
                if not self.discards:
                    break  # deck and discards ran out: the draw stops short (a ruling)
                self.deck, self.pool, self.discards = None, _counts(self.discards), ()
            if self.deck is None:
                self.drawing = (seat, count)
                break
            hand.append(self.deck[-1])
            self.deck = self.deck[:-1]
            count -= 1
        self.hands = _replaced(self.hands, seat, tuple(sorted(hand)))

    def draw_card(self, index: int) -> None:
        seat, count = self.drawing
        self.pool = _replaced(self.pool, index, self.pool[index] - 1)
        self.hands = _replaced(self.hands, seat, tuple(sorted((*self.hands[seat], index))))
        self.drawing = (0, 0)
        self.draw(seat, count - 1)

    # -- what one seat knows ----------------------------------------------------------------------------

    def observation(self, seat: int) -> dict:
        """What ``seat`` has seen: its own hand, the plays the rule compares with, every seat's hand size and
        VP in the race, who is still in and whose turn it is; never another seat's cards or the deck's order."""
        return {"seat": seat, "hand": texts([CARDS[index] for index in self.hands[seat]]),
                "held": [len(hand) for hand in self.hands], "active": list(self.active), "turn": self.turn,
                "previous": None if self.previous is None else texts([CARDS[index] for index in self.previous]),
                "own": [None if own is None else texts([CARDS[index] for index in own]) for own in self.own],
                "earned": list(self.earned), "passes": self.passes, "deck": self.deck_size(),
                "unshown": list(self.missing),
                "discards": texts([CARDS[index] for index in self.discards])}

    def deck_size(self) -> int:
        unknown = sum(self.unplaced) - sum(self.missing) if any(self.missing) else sum(self.pool)
        return unknown if self.deck is None else len(self.deck)

    def sample_world(self, seat: int, rng: random.Random) -> Position:
        """A copy where the cards ``seat`` cannot see (other hands, the deck) are dealt anew at random, each
        hand keeping its size: a world consistent with ``observation(seat)``. Where the log leaves cards
        unseen (``missing``), only unplaced copies are dealt, there (``seat``'s own too). The deck is laid in
        an order too, as a world fixes all that is hidden: left unordered, every pass's draw stayed a chance
        step, and a two-player race's searches spent their budget one step deep."""
        world = self.copy()
        if any(self.missing):
            cards = _elements(self.unplaced)
            rng.shuffle(cards)
            hands = list(self.hands)
            for other, short in enumerate(self.missing):
                hands[other], cards = tuple(sorted((*hands[other], *cards[:short]))), cards[short:]
            world.hands, world.missing, world.unplaced = tuple(hands), (0,) * len(self.players), (0,) * len(CARDS)
            if self.deck is None:  # the rest is the deck, in the order shuffled
                world.deck, world.pool = tuple(cards), (0,) * len(CARDS)
            return world
        unseen = [index for other, hand in enumerate(self.hands) if other != seat for index in hand]
        unseen += list(self.deck) if self.deck is not None else _elements(self.pool)
        rng.shuffle(unseen)
        hands = list(self.hands)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hands[other], unseen = tuple(sorted(unseen[:len(hand)])), unseen[len(hand):]
        world.hands = tuple(hands)
        world.deck, world.pool = tuple(unseen), (0,) * len(CARDS)
        return world

    def copy(self) -> Position:
        twin = object.__new__(Position)
        for name in self.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.history = list(self.history)
        return twin


# A search meets the same hand against the same references again and again (each order of the others'
# retirements, each transposition): the plays they allow are worked out once.
@functools.lru_cache(maxsize=1 << 16)
def _legal(rule: Rule | None, per_play: int, hand: tuple[int, ...], previous: tuple[int, ...] | None,
           own: tuple[int, ...] | None) -> list[tuple[int, ...]]:
    found = [play for play in sorted(set(itertools.combinations(hand, per_play)))
             if rule is None or holds(rule, play, previous, own)]
    found.append(RETIRE)
    return found


def _replaced(values: tuple, index: int, value) -> tuple:
    return (*values[:index], value, *values[index + 1:])


def _added(values: tuple, index: int, amount: int) -> tuple:
    return _replaced(values, index, values[index] + amount)


def _counts(indexes: tuple[int, ...]) -> tuple[int, ...]:
    counted = Counter(indexes)
    return tuple(counted[index] for index in range(len(CARDS)))


def _elements(pool: tuple[int, ...]) -> list[int]:
    return [index for index, count in enumerate(pool) for _ in range(count)]


def free_pool(known: list[int]) -> tuple[int, ...]:
    """Counts per card of the copies not known to be anywhere (what a deck of unknown order holds when every
    hand is known), from the copies known per card (``Cards.known``)."""
    return tuple(max(0, COPIES - count) for count in known)

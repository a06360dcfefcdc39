"""The live state of a Toy Tricks game: the one place its rules are applied (``replaykit.state``).

``start(setup)`` checks the setup (players, the deal) and starts a game from it; ``ToyState.apply`` judges
one play and records it "as played": the card leaves the hand when held, counts for the trick when it
is in the deck and a player played it, and the trick's highest card takes it.

A log may leave the deal out: a hand is then known by the cards its player plays later. For the computer
analysis the state is its own search position; without the deal, ``searchable()`` leaves each player's
unseen cards ``missing`` (the cards no play has shown are ``pool``), ``learn`` gives each player the cards
it plays afterwards, the whole deck being dealt places the last ones by elimination, and ``sample_world``
deals what is still unplaced at random (``replaykit.analysis``).
"""

from __future__ import annotations

import copy
import random

from replaykit.findings import ERROR, Finding, anchor, pointer
from replaykit.search import TERMINAL
from replaykit.state import Choice, IllegalAction, view
from replaykit.texts import not_a_player
from toy_replay.reader import play_problems
from toy_replay.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, UNITS, deck, taker
from toy_replay.words import say


def rule(code: str, message: str, path: str, trick: int | None = None, play: int | None = None,
         player: str | None = None) -> Finding:
    return Finding(code, ERROR, message, player, path, (("trick", trick), ("play", play)))


def check_deal(players: list[str], hands: dict) -> list[Finding]:
    """The deal's findings: hands of strangers, hands missing or of the wrong size, cards not in the deck
    or dealt twice."""
    found: list[Finding] = []
    cards = deck(len(players))
    for name in hands:
        if name not in players:
            said = not_a_player(say('"{name}" has a hand but is not a player.', name=name), name, players)
            found.append(rule("unknown-player", said, pointer("hands", name)))
    dealt: set[int] = set()
    for name in players:
        hand = hands.get(name)
        if hand is None or len(hand) != HAND_SIZE:
            if hand is None:
                wrong = say("{name} must be dealt {due} cards, not no hand.", name=name, due=HAND_SIZE)
            else:
                wrong = say("{name} must be dealt {due} cards, not {held} cards.", name=name, due=HAND_SIZE,
                            held=len(hand))
            found.append(rule("hand-size", wrong, pointer("hands", name), player=name))
        for index, card in enumerate(hand or []):
            if card not in cards:
                found.append(rule("card-not-in-deck", say("{card} is not in the deck of 1 to {last}.", card=card,
                                                          last=len(cards)), pointer("hands", name, index), player=name))
            elif card in dealt:
                found.append(rule("duplicate-card", say("{card} is dealt twice.", card=card),
                                  pointer("hands", name, index), player=name))
            dealt.add(card)
    return found


def start(setup: dict) -> tuple[list[Finding], ToyState | None]:
    """The setup's findings, and the game it starts (``None`` when the players cannot make a game)."""
    players = setup["players"]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        return [rule("player-count", say("Toy Tricks is played by {fewest} to {most} players, not {count}.",
                                         fewest=MIN_PLAYERS, most=MAX_PLAYERS, count=len(players)), "/players")], None
    twice = [rule("duplicate-player", say('"{name}" is named twice.', name=name), pointer("players", index))
             for index, name in enumerate(players) if name in players[:index]]
    if twice:
        return twice, None
    return check_deal(players, setup["hands"]) if "hands" in setup else [], ToyState(setup)


class ToyState:
    """One position of a game of Toy Tricks (the contract is ``replaykit.state``'s)."""

    def __init__(self, setup: dict) -> None:
        # The log so far holds what was played, not what the score sheet claims: claims come at the end.
        self.log = copy.deepcopy({key: value for key, value in setup.items() if key != "scores"})
        self.recorded = "plays" in setup  # the log had the list of plays: a patch appends to it
        self.log["plays"] = []
        self.players: list[str] = list(setup["players"])
        cards = deck(len(self.players))
        self.dealt = "hands" in setup
        self.hands = {name: {card for card in setup.get("hands", {}).get(name, []) if card in cards}
                      for name in self.players}
        self.missing = dict.fromkeys(self.players, 0)  # a search position's cards held the log has not shown
        self.pool: set[int] = set()  # those cards: who holds which is unknown
        self.scores = dict.fromkeys(self.players, 0)
        self.piles: dict[str, list[int]] = {name: [] for name in self.players}
        self.leader = self.players[0]
        self.trick: list[tuple[str, int]] = []  # this trick's plays that count: known player, card in the deck
        self.middle: list[dict] = []  # this trick's plays as the table shows them
        self.tricks: list[dict] = []  # every trick so far: number, plays as given, who took it
        self.undo_stack: list[tuple] = []  # per apply_action: what record() replaced, to put it back
        self.last: object = None  # the action last applied, as the log wrote it

    # -- where the game stands -----------------------------------------------------------------------

    @property
    def played(self) -> int:
        return len(self.log["plays"])

    def is_over(self) -> bool:
        return self.played >= HAND_SIZE * len(self.players)

    @property
    def to_move(self) -> str | None:
        if self.is_over():
            return None
        seat = self.players.index(self.leader) + self.played % len(self.players)
        return self.players[seat % len(self.players)]

    @property
    def chance(self) -> bool:
        return False  # the deal is part of the setup

    def position(self, index: int) -> tuple[int, int]:
        """The trick and play numbers (1-based) of the log's play at ``index``."""
        return index // len(self.players) + 1, index % len(self.players) + 1

    @property
    def moment(self) -> str:
        return "" if self.is_over() else anchor(tuple(zip(UNITS, self.position(self.played), strict=True)))

    def choices(self, rng: random.Random | None = None) -> list[Choice]:
        player = self.to_move
        if player is None:
            return []
        held = sorted(self.hands[player])
        if held:
            return [Choice({"player": player, "card": card}, f"{player} plays {card}") for card in held]
        # A short deal left this player no card: every card still unplayed is not proven impossible.
        seen = {play["card"] for play in self.log["plays"]}
        return [Choice({"player": player, "card": card}, f"{player} plays {card}", known=False,
                       hint=f"the deal gives {player} no card left" if self.dealt else "the log records no deal")
                for card in deck(len(self.players))
                if card not in seen]

    # -- acting on it --------------------------------------------------------------------------------

    def judge(self, action: object) -> list[Finding]:
        """The findings of ``action`` as the next play, changing nothing."""
        index = self.played
        problems = play_problems(action, ("plays", index))
        if problems:
            return problems
        player, card = action["player"], action["card"]
        if self.is_over():
            extra = say("Every card has been played; this play ({player} {card}) is one too many.", player=player,
                        card=card)
            return [rule("too-many-plays", extra, pointer("plays", index), player=player)]
        trick, play = self.position(index)
        here = {"trick": trick, "play": play}
        if player not in self.players:
            said = not_a_player(say('"{player}" is not a player.', player=player), player, self.players)
            return [rule("unknown-player", said, pointer("plays", index, "player"), **here)]
        found = []
        if player != self.to_move:
            found.append(rule("wrong-turn", say("It is {due}'s turn, not {player}'s.", due=self.to_move, player=player),
                              pointer("plays", index, "player"), player=player, **here))
        if card not in deck(len(self.players)):
            outside = say("{card} is not in the deck of 1 to {last}.", card=card, last=len(deck(len(self.players))))
            found.append(rule("card-not-in-deck", outside, pointer("plays", index, "card"), player=player, **here))
        elif card not in self.hands[player] if self.dealt else card in self.seen():
            found.append(rule("card-not-in-hand", say("{player} does not hold {card}.", player=player, card=card),
                              pointer("plays", index, "card"), player=player, **here))
        return found

    def apply(self, action: object, strict: bool = False) -> list[Finding]:
        found = self.judge(action)
        if strict and any(finding.is_error for finding in found):
            raise IllegalAction(found)
        self.last = action
        if any(finding.code == "schema" for finding in found):
            return found  # not a play: nothing changes
        self.record(action)
        return found

    def record(self, action: dict) -> None:
        over = self.is_over()
        self.log["plays"].append(dict(action))
        if over:
            return  # one too many: it stays in the log and changes nothing
        player, card = action["player"], action["card"]
        size = len(self.players)
        if (self.played - 1) % size == 0:
            self.tricks.append({"number": len(self.tricks) + 1, "plays": [], "taker": None})
        self.tricks[-1]["plays"].append(dict(action))
        if player in self.players:
            self.middle.append({"player": player, "cards": [str(card)]})
            self.hands[player].discard(card)
            if card in deck(size):
                self.trick.append((player, card))
        if self.played % size == 0:  # the trick is complete: its highest card takes it
            winner = taker(self.trick)
            if winner is not None:
                self.scores[winner] += 1
                self.piles[winner] += [card for _player, card in self.trick]
                self.leader = self.tricks[-1]["taker"] = winner
            self.trick, self.middle = [], []

    # -- the search's walk (replaykit.search): compact actions, undo, returns, key -----------------------

    @property
    def turn(self) -> int:
        return TERMINAL if self.is_over() else self.players.index(self.to_move)

    def legal_actions(self) -> list[int]:
        """The cards the player to move holds (a play of this game has no other choice)."""
        return sorted(self.hands[self.to_move])

    def plays_left(self) -> int:
        return sum(len(hand) for hand in self.hands.values()) + sum(self.missing.values())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []  # the deal is part of the setup

    def apply_action(self, card: int) -> None:
        player = self.to_move
        self.undo_stack.append((player, card, self.leader, self.trick, self.middle))
        self.trick, self.middle = list(self.trick), list(self.middle)  # record() appends to them or starts anew
        self.record({"player": player, "card": card})

    def undo_action(self) -> None:
        player, card, leader, trick, middle = self.undo_stack.pop()
        size = len(self.players)
        if self.played % size == 0:  # the play closed its trick: give the trick back
            winner, self.tricks[-1]["taker"] = self.tricks[-1]["taker"], None
            if winner is not None:
                self.scores[winner] -= 1
                del self.piles[winner][-len(trick) - 1:]
        self.log["plays"].pop()
        if (self.played % size) == 0:
            self.tricks.pop()
        else:
            self.tricks[-1]["plays"].pop()
        self.hands[player].add(card)
        self.leader, self.trick, self.middle = leader, trick, middle

    def returns(self) -> tuple[int, ...]:
        """Each seat's tricks taken, in seating order: what a seat plays for."""
        return tuple(self.scores[name] for name in self.players)

    def key(self) -> tuple:
        hands = tuple(frozenset(self.hands[name]) for name in self.players)
        return self.played, self.leader, hands, tuple(self.trick), self.returns()

    def searchable(self) -> ToyState | None:
        """A copy to search (a Toy Tricks state is its own search position). Without the deal, each player's
        cards still to play are ``missing``, the deck's cards not yet seen ``pool``; ``None`` where the
        plays so far make the counts impossible (a card played twice, a play out of turn)."""
        twin = self.clone()
        if self.dealt:
            return twin
        for name in self.players:
            twin.missing[name] = HAND_SIZE - sum(play.get("player") == name for play in self.log["plays"])
        twin.pool = set(deck(len(self.players))) - self.seen()
        return twin if min(twin.missing.values()) >= 0 and len(twin.pool) == twin.hidden() else None

    def seen(self) -> set:
        return {play.get("card") for play in self.log["plays"]}

    def hidden(self) -> int:
        """How many cards held the log has not shown (``replaykit.analysis``)."""
        return sum(self.missing.values())

    def learn(self, later: list[tuple[str, object]]) -> ToyState:
        """A copy where each player holds the cards it plays in ``later`` (the steps from this one on: anchor,
        action as the log writes it), and a player alone short of cards the rest of the deck."""
        if not self.hidden():
            return self
        twin = self.clone()
        for _anchor, action in later:
            name, card = (action.get("player"), action.get("card")) if isinstance(action, dict) else (None, None)
            if card in twin.pool and twin.missing.get(name):
                twin.hands[name].add(card)
                twin.pool.discard(card)
                twin.missing[name] -= 1
        short = [name for name, count in twin.missing.items() if count]
        if len(short) == 1:
            twin.hands[short[0]] |= twin.pool
            twin.missing[short[0]], twin.pool = 0, set()
        return twin

    def last_action(self) -> object:
        return self.last

    def action_of(self, action: object) -> int | None:
        """The card of ``action`` where it is a legal play of the player to move, else ``None``."""
        if self.is_over() or not isinstance(action, dict) or action.get("player") != self.to_move:
            return None
        card = action.get("card")
        return card if type(card) is int and card in self.hands[self.to_move] else None

    def action_to_log(self, card: int) -> dict:
        return {"player": self.to_move, "card": card}

    def observation(self, seat: int) -> dict:
        """What the seat has seen: its own hand, every play so far, and how many cards each seat holds."""
        name = self.players[seat]
        return {"seat": seat, "hand": sorted(self.hands[name]), "plays": [dict(play) for play in self.log["plays"]],
                "held": [len(self.hands[other]) + self.missing[other] for other in self.players],
                "unshown": [self.missing[other] for other in self.players], "leader": self.leader}

    def sample_world(self, seat: int, rng: random.Random) -> ToyState:
        """A copy with the cards the seat cannot see dealt anew among the other seats, each keeping its count:
        a world consistent with ``observation(seat)``. Without the deal, the cards not yet placed (``pool``)
        alone are dealt, into the places short of them (the seat's own too)."""
        world = self.clone()
        if self.hidden():
            unplaced = sorted(self.pool)
            rng.shuffle(unplaced)
            for name in self.players:
                count = world.missing[name]
                world.hands[name] |= set(unplaced[:count])
                unplaced, world.missing[name] = unplaced[count:], 0
            world.pool = set()
            return world
        others = [name for index, name in enumerate(self.players) if index != seat]
        unseen = [card for name in others for card in self.hands[name]]
        rng.shuffle(unseen)
        for name in others:
            count = len(self.hands[name])
            world.hands[name], unseen = set(unseen[:count]), unseen[count:]
        return world

    def patch(self, action: object) -> list[dict]:
        problems = play_problems(action)
        if problems:
            raise ValueError("not a Toy Tricks play: " + " ".join(finding.message for finding in problems))
        if not self.recorded and not self.played:
            return [{"op": "add", "path": "/plays", "value": [dict(action)]}]
        return [{"op": "add", "path": "/plays/-", "value": dict(action)}]

    # -- looking at it -------------------------------------------------------------------------------

    def view(self) -> dict:
        seats = [{"name": name, "hand": [str(card) for card in sorted(self.hands[name])], "unseen": 0 if self.dealt
                  else max(0, HAND_SIZE - sum(play.get("player") == name for play in self.log["plays"])),
                  "pile": [str(card) for card in self.piles[name]], "score": self.scores[name]}
                 for name in self.players]
        trick = min(self.played // len(self.players) + 1, HAND_SIZE)
        return view(seats, [dict(play) for play in self.middle], trick=trick)

    def to_log(self) -> dict:
        log = copy.deepcopy(self.log)
        if not self.recorded and not self.played:
            del log["plays"]
        return log

    def clone(self) -> ToyState:
        twin = copy.copy(self)
        twin.log = {**self.log, "plays": [dict(play) for play in self.log["plays"]]}
        twin.hands = {name: set(cards) for name, cards in self.hands.items()}
        twin.missing, twin.pool = dict(self.missing), set(self.pool)
        twin.scores = dict(self.scores)
        twin.piles = {name: list(cards) for name, cards in self.piles.items()}
        twin.trick, twin.middle = list(self.trick), [dict(play) for play in self.middle]
        twin.tricks = [{**trick, "plays": list(trick["plays"])} for trick in self.tricks]
        twin.undo_stack = list(self.undo_stack)
        return twin

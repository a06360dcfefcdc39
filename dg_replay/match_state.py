"""A match of David & Goliath as a live State: one game per player, the deal passing clockwise.

The next game is an action, and a chance step: the table deals. Its action is the new game's setup in the
log's own words, ``{"dealer": "Clara", "hands": {...}}`` (``hands`` left out when the deal is not
recorded), and ``choices(rng)`` offers one outcome drawn with ``rng``: the next dealer clockwise dealing a
shuffled deck (``rules.deal``); ``chance_outcomes()`` says it is one of ``rules.deal_count`` equally likely
deals, too many to list, drawn by its ``Uniform.draw``. Keeping the deal inside that action, rather than a
separate chance step per hand, keeps one match step per game entry of the log, so ``patch`` adds one game
to ``/games``. Every other action is a play of the game under way (``dg_replay.actions``); its findings are
those of the game, numbered by ``game`` and placed under ``/games/N``. A game more than the reader reads
(``Limits.max_games``) is never dealt: the match is over there, ``apply`` answers it with the reader's
``schema`` finding and it has no ``patch``. ``undo`` takes back a deal or a play; ``returns()`` are the
match totals (``rules.match_totals``).
"""

from __future__ import annotations

import random

from dg_replay.cards import Card, card_text
from dg_replay.limits import too_many_games
from dg_replay.position import Position
from dg_replay.reader import DEFAULT_LIMITS, GAME_ID, MATCH_ID, Limits, finding
from dg_replay.rules import Rules, deal, deal_count, match_totals
from dg_replay.state import GameState, seating_of
from dg_replay.words import say
from replaykit.findings import ERROR, SCHEMA, WARNING, Finding, pointer
from replaykit.state import Choice, IllegalAction, Uniform, view
from replaykit.words import Text

DEAL_KEYS = frozenset({"dealer", "hands"})
DEAL_EXAMPLE = '{"dealer": "Clara", "hands": {"Clara": ["B1", …], …}}'


def read_deal(action: dict, players: list[str]) -> tuple[str, dict[str, list[Card | None]] | None]:
    """The dealer and the hands of a next-game action; ``ValueError`` saying why when it is not one."""
    unknown = sorted(str(key) for key in action if key not in DEAL_KEYS)
    if unknown:
        raise ValueError(f"The next game's action has the fields dealer and hands; {', '.join(unknown)} is not one.")
    dealer = action.get("dealer")
    if type(dealer) is not str or not 1 <= len(dealer) <= DEFAULT_LIMITS.max_name:
        raise ValueError(f"The next game's action names its dealer, like {DEAL_EXAMPLE}.")
    if "hands" not in action:
        return dealer, None
    hands = action["hands"]
    if type(hands) is not dict or len(hands) > DEFAULT_LIMITS.max_keys or not all(
            type(cards) is list and len(cards) <= DEFAULT_LIMITS.max_cards for cards in hands.values()):
        raise ValueError(f"The deal is an object of player name to a list of cards, like {DEAL_EXAMPLE}.")
    read = {name: [Card.from_object(card) for card in cards] for name, cards in hands.items()}
    if any(None in cards for cards in read.values()):
        raise ValueError('Every card of the deal is written like "G12" or {"color": "green", "value": 12}.')
    return dealer, read  # type: ignore[return-value]


class MatchState:
    """A match: its games so far (``None`` for a game the log could not read) and the one under way."""

    def __init__(self, players: list[str], limits: Limits = DEFAULT_LIMITS) -> None:
        self.players = list(players)
        self.limits = limits  # the reader's: no game is dealt past them, nor a play made (``GameState``)
        self.rules = Rules(seating_of(players))
        self.games: list[GameState | None] = []
        self.has_games = False  # the log holds a list of games (else a patch creates it)
        # The totals of the games before the last (``totals``), by the count of games they were summed at.
        self.before: tuple[int, dict[str, int]] = (0, dict.fromkeys(self.rules.seating, 0))
        self.seen: dict[str, tuple[dict, int, dict]] = {}  # each seat as the last view showed it (``view``)
        self.undos: list[tuple[str, bool]] = []  # per step ``apply`` recorded: its kind, and ``has_games`` before

    # -- the games -------------------------------------------------------------------------------

    @property
    def current(self) -> GameState | None:
        return self.games[-1] if self.games else None

    def start_game(self, players: list[str], dealer: str | None, hands: dict | None, game: GameState | None = None,
                   ) -> GameState:
        """Begin the next game (``game``: its state, when the loader has made it from the log)."""
        if game is None:
            game = GameState(players, dealer, hands, limits=self.limits)
            game.has_tricks = True  # the game entry a deal patches in has its list of tricks
        number = len(self.games) + 1
        game.base, game.prefix = pointer("games", number - 1), f"game-{number}-"
        self.games.append(game)
        self.has_games = True
        return game

    def skip_game(self) -> None:
        self.games.append(None)

    def dealer_of(self, game: GameState) -> str | None:
        """The dealer as written, or else (a ruling) the right neighbour of the first trick's leader."""
        rules = self.rules
        if rules.is_player(game.dealer):
            return game.dealer
        leader = game.tricks[0].plays[0].player if game.tricks and game.tricks[0].plays else game.leader_hint
        return rules.right_of(leader) if rules.is_player(leader) else None  # type: ignore[arg-type]

    def rotation(self, index: int) -> Finding | None:
        """The warning when game ``index`` (from 0) is not dealt by the left neighbour of the previous dealer."""
        game = self.games[index]
        previous = next((game for game in reversed(self.games[:index]) if game is not None), None)
        if game is None or previous is None:
            return None
        before, dealer = self.dealer_of(previous), self.dealer_of(game)
        if before is None or dealer is None or dealer == self.rules.left_of(before):
            return None
        due = self.rules.left_of(before)
        return finding("dealer-rotation", WARNING, say("Game {number} is dealt by {dealer}, but the deal passes "
                                                       "clockwise (a ruling of this service): after {before} it is "
                                                       "{due}'s turn to deal.", number=index + 1, dealer=dealer,
                                                       before=before, due=due),
                       path=game.base + ("/dealer" if game.has_dealer else ""), game=index + 1, player=dealer)

    def totals(self) -> dict[str, int]:
        """Each seat's total over the games so far, the one under way included: the games before it are
        finished, so their sum is kept and only the current game's scores are added to it."""
        count = len(self.games)
        seating = self.rules.seating
        if self.before[0] != count:
            self.before = (count, match_totals([game and game.scores for game in self.games[:-1]], seating))
        game = self.current
        return match_totals([self.before[1], game and game.scores], seating)

    # -- the State contract ----------------------------------------------------------------------

    def is_over(self) -> bool:
        """Every player has dealt, or the log holds as many games as the reader reads."""
        count = len(self.games)
        return (self.current is None or self.current.is_over()) and (
            count >= self.rules.player_count or too_many_games(self.limits, count + 1) is not None)

    @property
    def chance(self) -> bool:
        return not self.is_over() and (self.current is None or self.current.is_over())

    @property
    def to_move(self) -> str | None:
        return None if self.chance or self.is_over() else self.current.to_move  # type: ignore[union-attr]

    @property
    def moment(self) -> str:
        return f"game-{len(self.games) + 1}" if self.chance or self.current is None else self.current.moment

    @property
    def findings(self) -> list[Finding]:
        found: list[Finding] = []
        for index, game in enumerate(self.games):
            if game is not None:
                found += [made.within("game", index + 1, game.base) for made in game.findings]
                found += [made for made in [self.rotation(index)] if made is not None]
        return found

    def next_dealer(self, rng: random.Random) -> str:
        before = next((self.dealer_of(game) for game in reversed(self.games) if game is not None), None)
        return self.rules.left_of(before) if before is not None else rng.choice(self.rules.seating)

    def choices(self, rng: random.Random | None = None) -> list[Choice]:
        if self.is_over():
            return []
        if not self.chance:
            return self.current.choices(rng)  # type: ignore[union-attr]
        rng = rng or random.Random()
        action = self.draw_deal(rng)
        return [Choice(action, self.deal_label(action["dealer"]), chance=True)]

    def deal_label(self, dealer: str) -> Text:
        return say("{dealer} deals game {number}", dealer=dealer, number=len(self.games) + 1)

    def label(self, action: object) -> Text | None:
        """A deal or a play, offered or not, in the words of its choice; ``None`` for what is neither."""
        try:
            if self.kind(action) == "play":
                return self.current.label(action)  # type: ignore[union-attr]
            dealer, _hands = read_deal(action, self.players)  # type: ignore[arg-type]
        except ValueError:
            return None
        return self.deal_label(dealer)

    def draw_deal(self, rng: random.Random) -> dict:
        """The next game's action as the table makes it: the next dealer (the first drawn) dealing a shuffled
        deck (``rules.deal``)."""
        dealer = self.next_dealer(rng)
        action: dict = {"dealer": dealer}
        if self.rules.deck_defined:
            action["hands"] = {name: [card_text(card) for card in cards]
                               for name, cards in deal(self.rules.seating, self.rules.max_value, rng).items()}
        return action

    def chance_outcomes(self) -> Uniform | list:
        """At the deal of a game, its outcomes: far too many to list, so a uniform draw with their count (the
        deals, times the seats where the first dealer is drawn too); elsewhere none."""
        if not self.chance:
            return []
        dealers = 1 if any(game is not None for game in self.games) else self.rules.player_count
        deals = deal_count(self.rules.player_count) if self.rules.deck_defined else 1
        return Uniform(dealers * deals, self.draw_deal)

    def legal_actions(self) -> list:
        """The plays of the game under way (``dg_replay.actions.Action``); none at a deal (``chance_outcomes``)."""
        return [] if self.chance or self.current is None else self.current.legal_actions()

    def apply(self, action: object, strict: bool = False) -> list[Finding]:
        try:
            kind = self.kind(action)
            deal = read_deal(action, self.players) if kind == "deal" else None  # type: ignore[arg-type]
        except ValueError as problem:
            return [finding(SCHEMA, ERROR, str(problem))]
        refused = None if deal is None else too_many_games(self.limits, len(self.games) + 1)
        if refused is not None:  # the reader would drop the whole list of games: nothing is recorded
            found = [finding(SCHEMA, ERROR, refused, path="/games")]
            if strict:
                raise IllegalAction(found)
            return found
        if strict:
            steps = len(self.undos)
            found = self.apply(action)
            if any(made.is_error for made in found):
                if len(self.undos) > steps:
                    self.undo()
                raise IllegalAction(found)
            return found
        if deal is not None:
            self.undos.append(("deal", self.has_games))
            game = self.start_game(self.players, *deal)
            found = [made.within("game", len(self.games), game.base) for made in game.found]
        else:
            game = self.current  # type: ignore[assignment]
            steps = len(game.undos)
            found = [made.within("game", len(self.games), game.base) for made in game.apply(action)]
            if len(game.undos) > steps:
                self.undos.append(("play", self.has_games))
        if deal is not None or (len(game.tricks) == 1 and len(game.tricks[0].plays) == 1):
            found += [made for made in [self.rotation(len(self.games) - 1)] if made is not None]
        return found

    def undo(self) -> None:
        """Take back the last step ``apply`` recorded, exactly: a play of the game under way, or a deal."""
        kind, had_games = self.undos.pop()
        if kind == "play":
            self.current.undo()  # type: ignore[union-attr]
            return
        self.games.pop()
        self.has_games = had_games
        if self.games and self.games[-1] is not None:  # under way again: no longer shared with clones
            self.games[-1] = self.games[-1].clone()

    def returns(self) -> tuple[int, ...]:
        """Each seat's match total now, in seating order: at the end, the match's result."""
        self.totals()  # the finished games' sum, kept
        game = self.current
        totals = match_totals([self.before[1], game and game.final_scores()], self.rules.seating)
        return tuple(totals[name] for name in self.rules.seating)

    def observation(self, seat: int) -> dict:
        """What ``seat`` has seen: the game under way as its ``observation``, with the match's totals."""
        game = self.current
        return {"game": len(self.games), "totals": self.totals(),
                "current": None if game is None else game.observation(seat)}

    def key(self) -> tuple:
        """Equal exactly when two matches are: every game's ``key``."""
        return tuple(self.players), self.has_games, tuple(None if game is None else game.key() for game in self.games)

    def kind(self, action: object) -> str:
        """``deal`` for the next game's action, ``play`` for a play; ``ValueError`` when neither can be."""
        if type(action) is dict and "dealer" in action and "card" not in action:
            return "deal"
        if self.current is None:
            raise ValueError(f"No game is under way: the next action deals one, like {DEAL_EXAMPLE}.")
        return "play"

    def patch(self, action: object) -> list[dict]:
        if self.kind(action) == "play":
            return self.current.patch(action)  # type: ignore[union-attr]
        dealer, hands = read_deal(action, self.players)  # type: ignore[arg-type]
        refused = too_many_games(self.limits, len(self.games) + 1)
        if refused is not None:  # no match log the reader reads holds it
            raise ValueError(refused)
        entry: dict = {"game": GAME_ID, "players": list(self.players), "dealer": dealer}
        if hands is not None:
            entry["hands"] = {name: [card_text(card) for card in cards] for name, cards in hands.items()}  # type: ignore[misc]
        entry["tricks"] = []
        ops = [] if self.has_games else [{"op": "add", "path": "/games", "value": []}]
        return [*ops, {"op": "add", "path": "/games/-", "value": entry}]

    def view(self) -> dict:
        """The game under way's view, each seat with its match total. A seat whose game entry and total are
        those of the last view is the same entry again (views are read, never changed in place)."""
        totals = self.totals()
        game = self.current
        if game is not None:
            shown = game.view()
        else:
            shown = view([{"name": name, "hand": [], "unseen": 0, "pile": [], "score": 0}
                          for name in self.rules.seating], [])
        seats, seen = [], self.seen
        for seat in shown["seats"]:
            name = seat["name"]
            total = totals.get(name, 0)
            kept = seen.get(name)
            if kept is None or kept[0] is not seat or kept[1] != total:
                kept = seen[name] = (seat, total, {**seat, "total": total})
            seats.append(kept[2])
        shown["seats"] = seats
        over = self.is_over()
        return {**shown, "game": len(self.games), "games": self.rules.player_count, "totals": totals,
                "chance": not over and (game is None or game.is_over()), "over": over}

    def to_log(self) -> dict:
        return {"game": MATCH_ID, "players": list(self.players),
                "games": [{"game": GAME_ID} if game is None else game.to_log() for game in self.games]}

    def searchable(self) -> Position | None:
        """The position of the game being played, for the computer analysis's search; ``None`` between games."""
        game = self.current
        return None if game is None or self.chance else game.searchable()

    def last_action(self) -> dict | None:
        game = self.current
        return None if game is None else game.last_action()

    def clone(self) -> MatchState:
        twin = object.__new__(MatchState)
        twin.__dict__.update(self.__dict__)
        twin.games = list(self.games)
        twin.seen = dict(self.seen)
        twin.undos = list(self.undos)
        if self.games and self.games[-1] is not None:
            twin.games[-1] = self.games[-1].clone()  # earlier games are finished: shared
        return twin


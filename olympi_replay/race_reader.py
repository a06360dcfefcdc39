"""The reader's part for the deal, the races with their turns and claims, and the final claims.

A mixin of ``reader.Reader``: it reports through the reader's ``problem`` and reads names, cards and
notes with the reader's helpers. A ``schema`` finding inside a race carries the race's number, inside a
turn also the turn's number and its player.
"""

from __future__ import annotations

from olympi_replay.cards import CARD_BY_TEXT, Card
from olympi_replay.log import Awards, Limits, Race, Turn
from olympi_replay.rules import MEDALS
from olympi_replay.words import say
from replaykit.findings import pointer
from replaykit.reading import describe
from replaykit.words import Text

ACTIONS = ("play", "retire", "pass")
RACE_KEYS = frozenset({"discipline", "postponed", "turns", "awards", "note"})
AWARD_KEYS = frozenset({"medals", "first_player", "record"})
TURN_KEYS = frozenset({"player", "action", "cards", "draw", "reshuffle", "note"})
# The subjects of the reader's sentences, made once: a log names them at every race and turn.
A_RACE = say("a race")
THE_DISCIPLINE = say("The discipline")
THE_POSTPONED = say("The postponed discipline")
A_TURN = say("a turn")
THE_PLAYER = say("The player")
THE_AWARDS = say("the awards")
A_PLAYERS_NAME = say("A player's name")


def too_many_races(limits: Limits, count: int) -> Text | None:
    """The reader's words for ``count`` races past the bound (``None``: within it); the State asks it too."""
    return say("A game has nine races; {count} is not a log of one game.", count=count) \
        if count > limits.max_races else None


def too_many_turns(limits: Limits, count: int) -> Text | None:
    """The reader's words for a race of ``count`` turns past the bound (``None``: within it)."""
    return say("A race of {count} turns is far longer than any race can be.", count=count) \
        if count > limits.max_turns else None


class RaceReading:
    """Reading of ``hands``, ``races`` and ``scores``."""

    def hands(self, value: object) -> dict[str, list[Card]] | None:
        if type(value) is not dict:
            self.problem("/hands", say('"hands" must be an object of player name to six cards; found {kind}.',
                                          kind=describe(value)))
            return None
        hands = {}
        for name, cards in value.items():
            read = self.cards(cards, pointer("hands", name))
            if read is not None:
                hands[name] = read
        return hands

    def scores(self, value: object) -> dict[str, int] | None:
        if type(value) is not dict:
            self.problem("/scores", say('"scores" must be an object of player name to VP; found {kind}.',
                                           kind=describe(value)))
            return None
        scores = {}
        for name, points in value.items():
            if type(points) is int:
                scores[name] = points
            else:
                self.problem(pointer("scores", name), say("A score must be a whole number; found {kind}.",
                                                             kind=describe(points)))
        return scores

    def races(self, value: object) -> list[Race] | None:
        if type(value) is not list:
            self.problem("/races", say('"races" must be a list of races; found {kind}.', kind=describe(value)))
            return None
        if (said := too_many_races(self.limits, len(value))) is not None:
            self.problem("/races", said)
            return None
        races = []
        for index, item in enumerate(value):
            self.race, self.turn, self.player = index + 1, None, None
            races.append(self.one_race(item, f"/races/{index}"))
        self.race = None
        return races

    def one_race(self, value: object, path: str) -> Race:
        if type(value) is not dict:
            self.problem(path, say('A race must be an object with "discipline" and "turns"; found {kind}.',
                                   kind=describe(value)))
            return Race(None, malformed=True)
        self.closed(value, RACE_KEYS, path, A_RACE)
        race = Race(None)
        if "discipline" not in value:
            self.problem(path + "/discipline", say("The race does not say which discipline was raced."))
        else:
            race.discipline = self.name(value["discipline"], path + "/discipline", THE_DISCIPLINE)
        postponed = value.get("postponed")
        if postponed is not None:
            race.postponed = self.name(postponed, path + "/postponed", THE_POSTPONED)
            race.malformed = race.postponed is None
        turns = value.get("turns")
        if type(turns) is not list:
            self.problem(path + "/turns", say('A race needs a "turns" list; found {kind}.', kind=describe(turns)))
            race.malformed = True
        elif (said := too_many_turns(self.limits, len(turns))) is not None:
            self.problem(path + "/turns", said)
            race.malformed = True
        else:
            race.turns = [self.usual_turn(item) or self.one_turn(item, f"{path}/turns/{index}", index + 1)
                          for index, item in enumerate(turns)]
            self.turn = self.player = None
        race.malformed = race.malformed or race.discipline is None
        if "awards" in value:
            race.awards = self.awards(value["awards"], path + "/awards")
        race.note = self.note(value, path)
        return race

    def usual_turn(self, value: object) -> Turn | None:
        """The usual turn, a play or a retire with its draw in string form, read with no path built and no
        finding possible; ``None`` for any other, which ``one_turn`` reads."""
        if type(value) is not dict or len(value) != 3:
            return None
        player, action = value.get("player"), value.get("action")
        key = "cards" if action == "play" else "draw"
        cards = value.get(key)
        if type(player) is str and 0 < len(player) <= self.limits.max_name and type(cards) is list \
                and len(cards) <= self.limits.max_cards and action in ACTIONS:
            try:
                listed = [CARD_BY_TEXT[card] for card in cards]
            except (KeyError, TypeError):
                return None
            return Turn(player, action, listed) if key == "cards" else Turn(player, action, draw=listed)
        return None

    def one_turn(self, value: object, path: str, number: int) -> Turn:
        self.turn = number
        usual = self.usual_turn(value)
        if usual is not None:
            return usual
        player = value.get("player") if type(value) is dict else None
        self.player = player if type(player) is str and 0 < len(player) <= self.limits.max_name else None
        before = self.count()
        turn = self.slow_turn(value, path)
        turn.malformed = self.count() > before
        return turn

    def slow_turn(self, value: object, path: str) -> Turn:
        if type(value) is not dict:
            self.problem(path, say('A turn must be an object like {{"player": "Ann", "action": "play", "cards": '
                                   '["K7"]}}; found {kind}.', kind=describe(value)))
            return Turn(None, None)
        self.closed(value, TURN_KEYS, path, A_TURN)
        if "player" not in value:
            self.problem(path + "/player", say("The turn does not say whose it is."))
            player = None
        else:
            player = self.name(value["player"], path + "/player", THE_PLAYER)
        action = value.get("action")
        if action not in ACTIONS:
            self.problem(path + "/action", say('"action" must be "play", "retire" or "pass"; found {kind}.',
                                               kind=describe(action)) if "action" in value
                         else say('"action" must be "play", "retire" or "pass"; the turn has none.'))
            action = None
        turn = Turn(player, action)  # type: ignore[arg-type]
        if "cards" in value:
            turn.cards = self.cards(value["cards"], path + "/cards")
            if action in ("retire", "pass"):
                self.problem(path + "/cards", say('A retire has no "cards"; only a play does.') if action == "retire"
                             else say('A pass has no "cards"; only a play does.'))
        elif action == "play":
            self.problem(path + "/cards", say('A play must list its "cards".'))
        for key in ("draw", "reshuffle"):
            if key in value:
                setattr(turn, key, self.cards(value[key], f"{path}/{key}"))
                if action == "play":
                    self.problem(f"{path}/{key}", say('A play has no "{key}"; only a retire or a pass draws cards.',
                                                      key=key))
        turn.note = self.note(value, path)
        return turn

    def awards(self, value: object, path: str) -> Awards:
        awards = Awards()
        if type(value) is not dict:
            self.problem(path, say('"awards" must be an object with medals, first_player and record; found '
                                   "{kind}.", kind=describe(value)))
            return awards
        self.closed(value, AWARD_KEYS, path, THE_AWARDS)
        if "medals" in value:
            awards.medals = self.medals(value["medals"], path + "/medals")
        given = set()
        for key in ("first_player", "record"):
            if key in value:
                claimed = value[key]
                if claimed is None or self.name(claimed, f"{path}/{key}", A_PLAYERS_NAME) is not None:
                    setattr(awards, key, claimed)
                    given.add(key)
        awards.given = frozenset(given)
        return awards

    def medals(self, value: object, path: str) -> dict[str, list[str]] | None:
        if type(value) is not dict:
            self.problem(path, say('"medals" must be an object of player name to medals; found {kind}.',
                                   kind=describe(value)))
            return None
        medals: dict[str, list[str]] | None = {}
        for name, won in value.items():
            where = path + pointer(name)
            if type(won) is not list or len(won) > self.limits.max_cards:
                self.problem(where, say('A player\'s medals must be a list such as ["gold", "bronze"].'))
                medals = None
                continue
            for index, medal in enumerate(won):
                if medal not in MEDALS:
                    self.problem(f"{where}/{index}",
                                 say('A medal is "gold", "silver" or "bronze"; found {kind}.',
                                     kind=describe(medal)))
                    medals = None
            if medals is not None:
                medals[name] = won
        return medals

"""The reader's part for the deal, the races with their turns and claims, and the final claims.

Functions of a ``reader.Reader``: they report through its ``problem`` and read names, cards and notes with
its helpers. A ``schema`` finding inside a race carries the race's number, inside a turn also the turn's
number and its player. They are functions, not a mixin, so that this module and the reader are each
compiled (a compiled class cannot extend a class compiled in another module); a log's every turn is read
here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from olympi_replay.cards import COLORS
from olympi_replay.log import Awards, Limits, Race, Turn
from olympi_replay.scoring import VP
from olympi_replay.words import say
from replaykit.findings import pointer
from replaykit.reading import describe, named
from replaykit.words import Text

if TYPE_CHECKING:
    from olympi_replay.reader import Reader

ACTIONS: Final = ("play", "retire", "pass")
# A card's colour letter (by its code point, up to 127) to the colour's place in COLORS, -1 for no colour.
COLOR_AT: Final[tuple[int, ...]] = tuple(COLORS.index(chr(code)) if chr(code) in COLORS else -1 for code in range(128))
RACE_KEYS = frozenset({"discipline", "postponed", "turns", "awards", "note"})
AWARD_KEYS = frozenset({"medals", "first_player", "record"})
# The claims an awards object makes readably (``Awards.given``), by first_player + 2 × record.
GIVEN: Final[tuple[frozenset[str], ...]] = (frozenset(), frozenset({"first_player"}), frozenset({"record"}),
                                             frozenset({"first_player", "record"}))
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


def too_long_a_key(reader: Reader, name: str, parent: str) -> bool:
    """Whether a key of the object keyed by player at ``parent`` is longer than any name: then it is one finding
    at the key, and what it holds is not read, since each of its findings would repeat the key in its pointer
    (120 of them made a 48 MB answer of a 0.4 MB body)."""
    if len(name) <= reader.limits.max_name:
        return False
    reader.name(name, parent + pointer(name), A_PLAYERS_NAME)
    return True


def hands(reader: Reader, value: object) -> dict[str, list[int]] | None:
    if type(value) is not dict:
        reader.problem("/hands", say('"hands" must be an object of player name to six cards; found {kind}.',
                                     kind=describe(value)))
        return None
    hands = {}
    for name, cards in value.items():
        if too_long_a_key(reader, name, "/hands"):
            continue
        read = reader.usual_cards(cards)  # the pointer (a Python call) made only for a hand read the long way
        if read is None:
            read = reader.cards(cards, pointer("hands", name))
        if read is not None:
            hands[name] = read
    return hands


def scores(reader: Reader, value: object) -> dict[str, int] | None:
    if type(value) is not dict:
        reader.problem("/scores", say('"scores" must be an object of player name to VP; found {kind}.',
                                      kind=describe(value)))
        return None
    scores = {}
    for name, points in value.items():
        if too_long_a_key(reader, name, "/scores"):
            continue
        if type(points) is int:
            scores[name] = points
        else:
            reader.problem(pointer("scores", name), say("A score must be a whole number; found {kind}.",
                                                        kind=describe(points)))
    return scores


def races(reader: Reader, value: object) -> list[Race] | None:
    if type(value) is not list:
        reader.problem("/races", say('"races" must be a list of races; found {kind}.', kind=describe(value)))
        return None
    if (said := too_many_races(reader.limits, len(value))) is not None:
        reader.problem("/races", said)
        return None
    races = []
    for index, item in enumerate(value):
        reader.race, reader.turn, reader.player = index + 1, None, None
        races.append(one_race(reader, item, f"/races/{index}"))
    reader.race = None
    return races


def one_race(reader: Reader, value: object, path: str) -> Race:
    if type(value) is not dict:
        reader.problem(path, say('A race must be an object with "discipline" and "turns"; found {kind}.',
                                 kind=describe(value)))
        return Race(None, malformed=True)
    reader.closed(value, RACE_KEYS, path, A_RACE)
    race = Race(None)
    if "discipline" not in value:
        reader.problem(path + "/discipline", say("The race does not say which discipline was raced."))
    else:
        race.discipline = reader.name_at(value["discipline"], path, "discipline", THE_DISCIPLINE)
    postponed = value.get("postponed")
    if postponed is not None:
        race.postponed = reader.name(postponed, path + "/postponed", THE_POSTPONED)
        race.malformed = race.postponed is None
    turns = value.get("turns")
    if type(turns) is not list:
        reader.problem(path + "/turns", say('A race needs a "turns" list; found {kind}.', kind=describe(turns)))
        race.malformed = True
    elif (said := too_many_turns(reader.limits, len(turns))) is not None:
        reader.problem(path + "/turns", said)
        race.malformed = True
    else:
        longest, most = reader.limits.max_name, reader.limits.max_cards
        seats = reader.seats
        race.turns = [usual_turn(item, longest, most, seats)
                      or one_turn(reader, item, f"{path}/turns/{index}", index + 1) for index, item in enumerate(turns)]
        reader.turn = reader.player = None
    race.malformed = race.malformed or race.discipline is None
    if "awards" in value:
        race.awards = awards(reader, value["awards"], path + "/awards")
    race.note = reader.note(value, path)
    return race


def usual_turn(value: object, longest: int, most: int, seats: list[str] | None = None) -> Turn | None:
    """The usual turn, a play, or a retire or a pass with or without its draw in string form, read with no path
    built and no finding possible (names up to ``longest`` characters, up to ``most`` cards); ``None`` for any
    other, which ``one_turn`` reads. A player's name is read as ``seats``' own string for it (``seated``)."""
    if type(value) is not dict:
        return None
    size = len(value)
    player, action = value.get("player"), value.get("action")
    if type(action) is not str:  # every usual turn names its action; a string is compared natively
        return None
    if size == 2:  # a retire or a pass that names no cards drawn
        if type(player) is str and 0 < len(player) <= longest and (action == "retire" or action == "pass"):
            return Turn(player if seats is None else seated(player, seats), action)
        return None
    if size != 3:
        return None
    key = "cards" if action == "play" else "draw"
    cards = value.get(key)
    if type(player) is str and 0 < len(player) <= longest and type(cards) is list \
            and len(cards) <= most and action in ACTIONS:
        listed = card_indexes(cards)
        if listed is None:
            return None
        if seats is not None:
            player = seated(player, seats)
        return Turn(player, action, listed) if key == "cards" else Turn(player, action, draw=listed)
    return None


def seated(name: str, seats: list[str]) -> str:
    """``name`` as ``seats`` (``Reader.seats``) spells it, that very string, where it is one of them; else itself.
    Compared with each, as a table has few players: a name read is a new string, which a lookup would hash."""
    for seat in seats:
        if seat == name:
            return seat
    return name


def card_indexes(items: list) -> list[int] | None:
    """A list of cards each in the string form (``"K7"``) as their indexes (``cards.CARD_INDEX``); ``None`` when
    one is anything else. Each is read from its two characters, where a lookup by the text first hashed it."""
    listed = [card_index(item) if isinstance(item, str) else -1 for item in items]  # made at its length at once
    for index in listed:
        if index < 0:
            return None
    return listed


def card_index(text: str) -> int:
    """The index of a card's string form: its colour's place in COLORS × 9 + its value - 1, the order of
    ``cards.CARDS_BY_INDEX``; -1 for a text that is no card."""
    if len(text) != 2:
        return -1
    letter, digit = ord(text[0]), ord(text[1])
    color = COLOR_AT[letter] if letter < 128 else -1
    if color < 0 or not 49 <= digit <= 57:  # "1" to "9"
        return -1
    return color * 9 + digit - 49


def one_turn(reader: Reader, value: object, path: str, number: int) -> Turn:
    reader.turn = number
    usual = usual_turn(value, reader.limits.max_name, reader.limits.max_cards, reader.seats)
    if usual is not None:
        return usual
    player = value.get("player") if type(value) is dict else None
    reader.player = player if type(player) is str and 0 < len(player) <= reader.limits.max_name else None
    before = reader.count()
    turn = slow_turn(reader, value, path)
    turn.malformed = reader.count() > before
    return turn


def slow_turn(reader: Reader, value: object, path: str) -> Turn:
    if type(value) is not dict:
        reader.problem(path, say('A turn must be an object like {{"player": "Ann", "action": "play", "cards": '
                               '["K7"]}}; found {kind}.', kind=describe(value)))
        return Turn(None, None)
    reader.closed(value, TURN_KEYS, path, A_TURN)
    if "player" not in value:
        reader.problem(path + "/player", say("The turn does not say whose it is."))
        player = None
    else:
        player = reader.name(value["player"], path + "/player", THE_PLAYER)
        if player is not None:
            player = seated(player, reader.seats)
    action = value.get("action")
    if action not in ACTIONS:
        reader.problem(path + "/action", say('"action" must be "play", "retire" or "pass"; found {kind}.',
                                             kind=named(action)) if "action" in value
                       else say('"action" must be "play", "retire" or "pass"; the turn has none.'))
        action = None
    turn = Turn(player, action)  # type: ignore[arg-type]
    if "cards" in value:
        turn.cards = reader.cards(value["cards"], path + "/cards")
        if action in ("retire", "pass"):
            reader.problem(path + "/cards", say('A retire has no "cards"; only a play does.') if action == "retire"
                           else say('A pass has no "cards"; only a play does.'))
    elif action == "play":
        reader.problem(path + "/cards", say('A play must list its "cards".'))
    for key in ("draw", "reshuffle"):
        if key in value:
            setattr(turn, key, reader.cards(value[key], f"{path}/{key}"))
            if action == "play":
                reader.problem(f"{path}/{key}", say('A play has no "{key}"; only a retire or a pass draws cards.',
                                                    key=key))
    turn.note = reader.note(value, path)
    return turn


def awards(reader: Reader, value: object, path: str) -> Awards:
    awards = Awards()
    if type(value) is not dict:
        reader.problem(path, say('"awards" must be an object with medals, first_player and record; found '
                               "{kind}.", kind=describe(value)))
        return awards
    reader.closed(value, AWARD_KEYS, path, THE_AWARDS)
    if "medals" in value:
        awards.medals = medals(reader, value["medals"], path + "/medals")
    first, record = claimed(reader, value, "first_player", path), claimed(reader, value, "record", path)
    if first:
        awards.first_player = value["first_player"]
    if record:
        awards.record = value["record"]
    awards.given = GIVEN[first + 2 * record]
    return awards


def claimed(reader: Reader, value: dict, key: str, path: str) -> bool:
    """Whether the awards ``value`` claim ``key`` readably: a name, or null (nobody)."""
    if key not in value:
        return False
    name = value[key]
    return name is None or reader.name_at(name, path, key, A_PLAYERS_NAME) is not None


def medals(reader: Reader, value: object, path: str) -> dict[str, list[str]] | None:
    if type(value) is not dict:
        reader.problem(path, say('"medals" must be an object of player name to medals; found {kind}.',
                                 kind=describe(value)))
        return None
    medals: dict[str, list[str]] | None = {}
    most = reader.limits.max_cards
    for name, won in value.items():
        if too_long_a_key(reader, name, path):
            medals = None
            continue
        if type(won) is not list or len(won) > most:
            reader.problem(path + pointer(name), say('A player\'s medals must be a list such as ["gold", "bronze"].'))
            medals = None
            continue
        for index, medal in enumerate(won):
            # A medal is a key of its points (a string looked up in a dict, where a tuple compares each);
            # the pointer is built only for a problem: a log names medals at every race.
            if type(medal) is str and medal in VP:
                continue
            medals = None
            if not reader.counted():
                reader.problem(f"{path}{pointer(name)}/{index}",
                               say('A medal is "gold", "silver" or "bronze"; found {kind}.', kind=named(medal)))
        if medals is not None:
            medals[seated(name, reader.seats) if type(name) is str else name] = won
    return medals

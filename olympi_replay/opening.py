"""Before the first race: the declared disciplines (inline or from the catalogue), the Discipline pile,
and the deal of Performance cards.

With the log's ``discipline_deck`` the pile's order is known and followed exactly. Without it any
face-down card may be the one on top; postponed cards lie face up at the bottom, in the order they were
postponed, and come up only once no face-down card is left.

Problems here have no race or turn. A wrong hand counts as six unknown cards, a wrong ``deck`` or
``discipline_deck`` as not given, so the replay can still go on.
"""

from __future__ import annotations

from olympi_replay import catalogue
from olympi_replay.cards import CARD_TEXTS
from olympi_replay.catalogue import Catalogue
from olympi_replay.disciplines import Discipline
from olympi_replay.log import Log, Table
from olympi_replay.rules import HAND_SIZE, RACES
from olympi_replay.words import say, say_n
from replaykit.findings import pointer
from replaykit.texts import not_a_player


def declared_disciplines(game: Table, log: Log) -> tuple[dict[str, Discipline], list[str] | None]:
    """The disciplines by name (the first of a repeated name wins) and the pile's order when it is usable. The
    catalogue in force is looked up only for a log that names a catalogue id (looking costs a file's stat)."""
    definitions: dict[str, Discipline] = {}
    entries = log.disciplines or []
    in_force: Catalogue | None = None
    for index, entry in enumerate(entries):  # (a pointer is made only for a finding)
        if isinstance(entry, str):
            if in_force is None:
                in_force = catalogue.current()
            resolved = in_force.resolve(entry)
            if resolved is None:
                game.add("unknown-discipline", say('"{name}" is not an id of the discipline catalogue, so it is '
                                                     "replayed without a rule and with any number of cards per play.",
                                                     name=entry), f"/disciplines/{index}")
                resolved = Discipline(entry, None, None, source="unresolved")
            entry = resolved
        if entry.name in definitions:
            game.add("duplicate-discipline", say('The discipline "{name}" is declared twice.', name=entry.name),
                     f"/disciplines/{index}")
        else:
            definitions[entry.name] = entry
    if len(entries) != RACES:
        game.add("discipline-count", say_n("A game has {races} disciplines; {count} are declared.",
                                           "A game has {races} disciplines; {count} are declared.", len(entries),
                                           races=RACES), "/disciplines")
    order = log.discipline_deck
    if order is None:
        return definitions, None
    usable = len(order) == RACES
    if not usable:
        game.add("discipline-count", say_n('"discipline_deck" must list the {races} Discipline cards; it lists '
                                       "{count}, so the pile's order is taken as unknown.",
                                       '"discipline_deck" must list the {races} Discipline cards; it lists '
                                       "{count}, so the pile's order is taken as unknown.", len(order), races=RACES),
                 "/discipline_deck")
    seen: set[str] = set()
    for index, name in enumerate(order):
        if name in seen:
            usable = False
            game.add("duplicate-discipline", say('"{name}" appears twice in the discipline deck, which is '
                                                   "therefore ignored.", name=name), f"/discipline_deck/{index}")
        elif name not in definitions:
            usable = False
            game.add("unknown-discipline", say('The discipline deck names "{name}", which is not declared; the deck '
                                                 "is ignored.", name=name), f"/discipline_deck/{index}")
        seen.add(name)
    return definitions, order if usable else None


def deal(game: Table, log: Log) -> dict[str, list[int]] | None:
    """Give each player their dealt hand (known when the log shows it) and lay out the deck; returns the
    hands the deal shows and the replay accepts (``None``: the log gives no deal)."""
    rules, cards = game.rules, game.cards
    hands = log.hands
    accepted: dict[str, list[int]] = {}
    for name in hands or {}:
        if name not in cards.hands:  # the seating's players, as rules.is_player asks (a hand's name is a str)
            said = say('The deal gives a hand to "{name}", who is not a player.', name=name)
            game.add("unknown-player", not_a_player(said, name, rules.seating), pointer("hands", name))
    for name in rules.seating:
        given = None if hands is None else hands.get(name)
        if hands is not None and given is None:
            game.add("hand-size", say("The deal shows no readable hand for {name}; each player is dealt {size} "
                                        "cards, taken here as unknown.", name=name, size=HAND_SIZE),
                     "/hands", player=name)
        elif given is not None and len(given) != HAND_SIZE:
            game.add("hand-size", say_n("{name}'s hand has {count} cards; each player is dealt {size}, so "
                                          "it is taken as six unknown cards.",
                                          "{name}'s hand has {count} cards; each player is dealt {size}, so "
                                          "it is taken as six unknown cards.", len(given), name=name,
                                          size=HAND_SIZE), pointer("hands", name), player=name)
            given = None
        hand = cards.hands[name]
        if given is None:
            hand.unknown = HAND_SIZE
            continue
        accepted[name] = list(given)
        for index, card in enumerate(given):
            hand.gain(card)
            if not cards.learn(card):
                game.add("too-many-copies", say("{card} is dealt a third time; the deck has two copies of each card.",
                                                    card=CARD_TEXTS[card]),
                         pointer("hands", name, index), player=name)
    size = rules.deck_after_deal
    deck = log.deck
    if deck is not None and len(deck) != size:
        game.add("deck-size", say("After the deal the deck holds {size} cards; the log's deck lists {count}, so "
                                     "its order is taken as unknown.", size=size, count=len(deck)), "/deck")
        deck = None
    if deck is not None:
        for index, card in enumerate(deck):
            if not cards.learn(card):
                game.add("too-many-copies", say("The deck holds {card} once more than the two copies the game has.",
                                                    card=CARD_TEXTS[card]),
                         f"/deck/{index}")
    cards.set_deck(deck, size)
    return None if hands is None else accepted


class Pile:
    """The live Discipline pile of one replay."""

    def __init__(self, names: list[str], order: list[str] | None = None) -> None:
        self.ordered = order is not None
        self.face_down: list[str] = list(order if order is not None else names)  # known order: top first
        self.face_up: list[str] = []  # at the bottom, top first

    def __contains__(self, name: object) -> bool:
        return name in self.face_down or name in self.face_up

    def __len__(self) -> int:
        return len(self.face_down) + len(self.face_up)

    def top(self) -> str | None:
        """The card on top when it is known (``None`` for an empty pile or an unknown face-down order)."""
        if self.face_down:
            return self.face_down[0] if self.ordered or len(self.face_down) == 1 else None
        return self.face_up[0] if self.face_up else None

    def on_top(self, name: str) -> bool:
        if self.face_down:
            return self.face_down[0] == name if self.ordered else name in self.face_down
        return bool(self.face_up) and self.face_up[0] == name

    def is_face_up(self, name: str) -> bool:
        return name in self.face_up

    def postpone(self, name: str) -> None:
        """The card goes face up under the pile (when it is in the pile at all)."""
        if name in self:
            self.take(name)
            self.face_up.append(name)

    def clone(self) -> Pile:
        other = Pile([])
        other.ordered, other.face_down, other.face_up = self.ordered, list(self.face_down), list(self.face_up)
        return other

    def candidates(self) -> list[str]:
        """The cards that may be on top: the known top, else any face-down card, else the first face-up one."""
        if self.face_down and not self.ordered:
            return list(self.face_down)
        top = self.top()
        return [] if top is None else [top]

    def after(self, name: str) -> str | None:
        """The card that comes up once ``name`` is postponed, when that is known."""
        rest = [card for card in self.face_down if card != name]
        if rest:
            return rest[0] if self.ordered or len(rest) == 1 else None
        return ([card for card in self.face_up if card != name] + [name])[0]

    def take(self, name: str) -> None:
        """The raced card leaves the pile."""
        if name in self.face_down:
            self.face_down.remove(name)
        elif name in self.face_up:
            self.face_up.remove(name)

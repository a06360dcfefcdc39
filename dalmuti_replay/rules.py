"""The fixed rules of Il Grande Dalmuti, apart from any log or live state.

``Options`` are the variants a session declares; ``Table`` is one round's fixed facts (its seating in
rank order, the deck in use, deal sizes, the taxes due, the bonuses), as OpenSpiel keeps a Game apart
from its States. The replay and the simulator both play by these and nothing else.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields

from dalmuti_replay.cards import Card, deck, deck_size, deck_top
from dalmuti_replay.words import say
from replaykit.words import Text

MIN_PLAYERS = 4
MAX_PLAYERS = 8  # the rulebook's range
MAX_ALLOWED = 20  # (ruling) "o più": up to 20 play with the full deck and a warning
MARKET_PLAYERS = 6  # a market needs two merchants


@dataclass(frozen=True)
class Options:
    """The variants of the rulebook (all off by default); ``misdeal`` changes nothing a log shows."""

    full_deck: bool = False
    settling_round: bool = False
    auto_revolution: bool = False
    benevolent_rulers: bool = False
    chosen_one: bool = False
    market: bool = False
    black_market: bool = False
    misdeal: bool = False

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(field.name for field in fields(cls))

    @property
    def any_market(self) -> bool:
        return self.market or self.black_market

    def on(self) -> dict[str, bool]:
        return {name: True for name in self.names() if getattr(self, name)}


NO_VARIANTS = Options()  # shared: frozen, and every log read without options has them


GREAT_DALMUTI, GREAT_PEON = say("Great Dalmuti"), say("Great Peon")
LITTLE_DALMUTI, LITTLE_PEON, MERCHANT = say("Little Dalmuti"), say("Little Peon"), say("merchant")


def rank_title(rank: int, players: int) -> Text:
    """The social class of a 1-based rank at a table of ``players`` (a name said in the reader's language)."""
    if rank == 1:
        return GREAT_DALMUTI
    if rank == players:
        return GREAT_PEON
    if rank == 2:
        return LITTLE_DALMUTI
    if rank == players - 1:
        return LITTLE_PEON
    return MERCHANT


class Duty:
    """A transfer the rules call for: ``count`` cards from ``giver`` to ``receiver``. A plain class, equal by its
    fields as a dataclass would be: compiled, a dataclass is made through its Python-level ``__init__``, and
    every round's tax phase makes four. Not to be changed once made."""

    def __init__(self, kind: str, giver: str, receiver: str, count: int) -> None:
        self.kind = kind  # "great-tax", "little-tax", "great-return", "little-return", "market", "market-return"
        self.giver = giver
        self.receiver = receiver
        self.count = count

    def fields(self) -> tuple[str, str, str, int]:
        return self.kind, self.giver, self.receiver, self.count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Duty) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return (f"Duty(kind={self.kind!r}, giver={self.giver!r}, receiver={self.receiver!r}, "
                f"count={self.count!r})")

    @property
    def is_peon_tax(self) -> bool:
        return self.kind.endswith("-tax")


# Application order (ruling): Peons pay first, then the Dalmutis give back, then the market.
DUTY_ORDER = ("great-tax", "little-tax", "great-return", "little-return", "market", "market-return")


@dataclass(frozen=True)
class Table:
    """One round's fixed facts. ``order`` is the seating in rank order, Great Dalmuti first.

    What a replay reads of it at every round and play is worked out once, as it is made (``__post_init__``):
    the replay's compiled code reads this interpreted class's fields, and a ``cached_property`` took a lock
    at its first reading, in every round."""

    order: tuple[str, ...]
    options: Options = Options()
    top: int = field(init=False, repr=False, compare=False)  # the highest numbered value in the deck in use
    deck: Counter[Card] = field(init=False, repr=False, compare=False)
    seat: dict[str, int] = field(init=False, repr=False, compare=False)
    sizes: dict[str, int] = field(init=False, repr=False, compare=False)  # deal_sizes(), read only
    # Each player's left-hand neighbours in turn, the next first and himself last (``RoundState.next_holding``)
    after: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        order = self.order
        top = deck_top(len(order), self.options.full_deck)  # 9–20 players: the full deck (ruling)
        cards, players = deck_size(top), len(order)
        base, extra = divmod(cards, players) if players else (0, 0)
        facts = {"top": top, "deck": deck(top), "seat": {name: index for index, name in enumerate(order)},
                 "sizes": {name: base + (index < extra) for index, name in enumerate(order)},
                 "after": {name: order[index + 1:] + order[:index + 1] for index, name in enumerate(order)}}
        for name, value in facts.items():
            object.__setattr__(self, name, value)  # a frozen dataclass's fields are set this way

    @property
    def size(self) -> int:
        return len(self.order)

    def deal_sizes(self) -> dict[str, int]:
        """Dealt one at a time from the Great Dalmuti: the first D mod N in rank order get one more."""
        return dict(self.sizes)

    def title(self, name: str) -> Text:
        return rank_title(self.seat[name] + 1, self.size)

    def left_of(self, name: str) -> str:
        return self.order[(self.seat[name] + 1) % self.size]

    def reversed(self) -> Table:
        """The table after a Great Revolution: rank i becomes N+1−i."""
        return Table(self.order[::-1], self.options)

    def duties(self, taxes_due: bool) -> list[Duty]:
        """The taxes due (rule 6) in the order they apply: Peons pay first, then the Dalmutis give back.
        A market's two halves depend on the partner the first merchant picks (``taxes.py``)."""
        if not taxes_due:
            return []
        order = self.order
        great_d, little_d, little_p, great_p = order[0], order[1], order[-2], order[-1]
        return [Duty("great-tax", great_p, great_d, 2), Duty("little-tax", little_p, little_d, 1),
                Duty("great-return", great_d, great_p, 2), Duty("little-return", little_d, little_p, 1)]

    @property
    def merchants(self) -> tuple[str, ...]:
        return self.order[2:-2]

    @property
    def has_market(self) -> bool:
        return self.options.any_market and self.size >= MARKET_PLAYERS


def taxes_due(options: Options, round_number: int, revolution: str | None) -> bool:
    """Rule 6 with the variants: none after a plain revolution, under ``auto_revolution`` unless Great,
    or in a settling round; a Great Revolution's taxes are paid."""
    if options.settling_round and round_number == 1:
        return False
    if revolution == "great":
        return True
    return revolution is None and not options.auto_revolution


def revolutions_allowed(options: Options, round_number: int) -> bool:
    return not (options.settling_round and round_number == 1)


def points_for_going_out(still_holding: int) -> int:
    """A player going out scores the players still in the round, himself included (ruling)."""
    return still_holding


def bonuses(table: Table, finish: list[str]) -> dict[str, int]:
    """The variants' bonus points of a finished round, judged on the ranks played (after a revolution)."""
    options, order, size = table.options, table.order, table.size
    place = {name: index + 1 for index, name in enumerate(finish)}
    extra: dict[str, int] = {}
    great_p, little_p = order[-1], order[-2]
    if options.benevolent_rulers:
        if place.get(great_p, size) < size:
            extra[order[0]] = extra.get(order[0], 0) + 1
        if place.get(little_p, size) < size - 1:
            extra[order[1]] = extra.get(order[1], 0) + 1
    if options.chosen_one and place.get(great_p) == 1:
        extra[great_p] = extra.get(great_p, 0) + 1
    return extra


def winners(totals: dict[str, int], ranks: list[str]) -> list[str]:
    """The highest total wins; equal totals share the win (ruling), listed in rank order."""
    if not totals:
        return []
    best = max(totals.values())
    return [name for name in ranks if totals.get(name) == best]


def join_positions(earlier: int) -> tuple[int, ...]:
    """Where newcomers may sit among ``earlier`` players: after ⌊M/2⌋ or ⌈M/2⌉ of them."""
    return tuple(sorted({earlier // 2, (earlier + 1) // 2}))


def newcomers_fit(ranks: list[str], earlier: list[str], newcomers: list[str]) -> bool:
    """Rule 11: the earlier players keep their order and the newcomers sit together, in any order, after
    ⌊M/2⌋ or ⌈M/2⌉ of the M earlier players (the Great Dalmuti's choice, ruling)."""
    joining = set(newcomers)
    if len(ranks) != len(earlier) + len(newcomers) or set(ranks) != set(earlier) | joining:
        return False
    if [name for name in ranks if name not in joining] != earlier:
        return False
    seats = [index for index, name in enumerate(ranks) if name in joining]
    return not seats or (seats == list(range(seats[0], seats[0] + len(seats)))
                         and seats[0] in join_positions(len(earlier)))


def seat_newcomers(earlier: list[str], newcomers: list[str]) -> list[str]:
    """The order used when a round's ranks break rule 11: newcomers after the first ⌊M/2⌋, as listed."""
    half = len(earlier) // 2
    return [*earlier[:half], *newcomers, *earlier[half:]]

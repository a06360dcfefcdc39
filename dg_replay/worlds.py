"""What one seat knows of a David & Goliath position (``dg_replay.position``), and the worlds that fit it: the
sampled (PIMC) estimates of the computer analysis deal the cards a seat cannot see at random, consistent with
what it has seen (``replaykit.analysis``).

A log without the deal proves a hand only by the cards its player plays later; where it stops early, the
cards it never shows are the position's ``pool``, each seat short of ``missing[seat]`` of them. The whole
deck is dealt (rule 3), so the pool is the deck less every card played or proven, and a seat that did not
follow a colour holds none of it (rule 4): ``place_unseen`` places by elimination each card only one seat
may hold, and a world then deals the rest into the places short of cards, every proven card staying in its
hand. A colour a seat fails to follow later in the log (``learn``) is one its unseen cards lack now too:
what it plays until then is proven, so an unseen card of that colour would still be in its hand. Kept
apart from the position's module, which the search walks: none of this is on its path, but a request's
estimates deal up to 4,000 worlds a card at a time, so ``make`` compiles it too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from dg_replay.cards import COLOR_INDEX, COLORS, Card, card_text
from dg_replay.position import bits_of
from dg_replay.rules import dealable
from replaykit.search import shuffle

if TYPE_CHECKING:
    from dg_replay.position import Position

# The sets of colours (as bits) without colour ``bit``: ``WITHOUT[bit]``; those a seat open to the colours
# ``able`` loses a place in when it takes a card of colour ``bit``, with no card of theirs gone:
# ``LOSING[able * 5 + bit]`` (a set holding the card's colour loses the card as well as the place).
WITHOUT = [[mask for mask in range(1, 1 << len(COLORS)) if not mask >> bit & 1] for bit in range(len(COLORS))]
LOSING = [[mask for mask in WITHOUT[bit] if mask & able]
          for able in range(1 << len(COLORS)) for bit in range(len(COLORS))]


def observation(position: Position, seat: int) -> dict:
    """What ``seat`` has seen (JSON-ready): its own hand, every card gone from the hands (played, in earlier
    tricks or on the table), who played each card of the trick on the table, how many cards each seat
    holds, the colours each seat has shown it lacks, who leads, each seat's captures per colour and score;
    where the log leaves cards unplaced, how many of each seat's cards it never shows (``unshown``), its own
    included. No card in another seat's hand."""
    held = position.pool
    for hand in position.hands:
        held |= hand
    return {"seat": seat, "hand": position.texts(position.hands[seat]),
            "played": [card_text(card) for index, card in enumerate(position.cards) if not held >> index & 1],
            "trick": [{"seat": player, "card": card_text(card)} for player, card in position.trick],
            "held": [hand.bit_count() + short for hand, short in zip(position.hands, position.missing, strict=True)],
            "unshown": list(position.missing), "leader": position.leader,
            "voids": [[color for color in COLORS if voids & position.color_bits[color]] for voids in position.voids()],
            "captured": [{color: {"cards": taken[index] >> 8, "sums": taken[index] & 255}
                          for index, color in enumerate(COLORS)} for taken in position.taken],
            "scores": list(position.scores)}


def sample_world(position: Position, seat: int, rng: random.Random) -> Position:
    """A copy where the cards ``seat`` cannot see are dealt again at random among the other seats: each keeps
    its count and gets no card of a colour it has shown it lacks, so the world fits ``observation``. Where
    the log leaves cards unplaced (``pool``), those alone are dealt, into the places short of them (``seat``'s
    own included), every card the log proves staying in its hand. The true deal is always one such world."""
    world = position.copy()
    shown = position.voids()
    if any(position.missing):
        supply, need, voids = unplaced(position, unseen_voids(position, shown))
        world.missing, world.pool = [0] * len(position.players), 0
        deal(world, bits_of(position.pool), supply, need, voids, rng)
        return world
    others = [other for other in range(len(position.players)) if other != seat]
    unseen: list[int] = []
    for other in others:
        unseen += bits_of(position.hands[other])
        world.hands[other] = 0
    need = {other: position.hands[other].bit_count() for other in others}
    voids = {other: {color for color in COLORS if shown[other] & position.color_bits[color]} for other in others}
    supply = dict.fromkeys(COLORS, 0)
    for index in unseen:
        supply[position.cards[index].color] += 1
    if not dealable(supply, need, voids):  # never where the voids are what the log showed: the true deal fits
        return position.copy()
    deal(world, unseen, supply, need, voids, rng)
    return world


def deal(world: Position, unseen: list[int], supply: dict[str, int], need: dict[int, int],
         voids: dict[int, set[str]], rng: random.Random) -> None:
    """Add the cards ``unseen`` (bit indexes; ``supply``: how many of each colour) to the world's hands at
    random, each seat getting ``need`` of them and none of a colour of its ``voids``: one card at a time, to a
    seat drawn with one draw among those that can take it and leave the rest dealable (``open_to``), each such
    seat alike, as the first of them in a shuffled order was before."""
    shuffle(unseen, rng)
    able = {seat: sum(1 << bit for bit, color in enumerate(COLORS) if color not in voids[seat]) for seat in need}
    slack = slack_of(supply, need, able)
    for index in unseen:
        bit = COLOR_INDEX[world.cards[index].color]
        seats = [seat for seat, places in need.items() if places and able[seat] >> bit & 1]
        if min([slack[mask] for mask in WITHOUT[bit]]) < 1:  # somewhere tight: not every seat may take it
            seats = [seat for seat in seats if open_to(slack, able[seat], bit)]
        if seats:  # never empty where the rest was dealable (the seat a whole deal gives the card is open)
            taker = seats[int(rng.random() * len(seats))]
            need[taker] -= 1
            for mask in LOSING[able[taker] * len(COLORS) + bit]:
                slack[mask] -= 1
            world.hands[taker] |= 1 << index


def slack_of(supply: dict[str, int], need: dict[int, int], able: dict[int, int]) -> list[int]:
    """For each set of colours (a mask of bits), the places of the seats that may take one of them less the cards
    of them left: Hall's condition (``rules.dealable``) holds where none is negative."""
    counts = [supply[color] for color in COLORS]
    return [sum(places for seat, places in need.items() if able[seat] & mask)
            - sum(count for bit, count in enumerate(counts) if mask >> bit & 1) for mask in range(1 << len(COLORS))]


def open_to(slack: list[int], able: int, bit: int) -> bool:
    """Whether a seat open to the colours ``able`` may take a card of colour ``bit``: every set of colours it
    loses a place in (``LOSING``) must have one to spare."""
    return all(slack[mask] >= 1 for mask in LOSING[able * len(COLORS) + bit])


def learn(position: Position, later: Sequence[tuple[str, object]]) -> Position | None:
    """A copy where each seat's unseen cards lack every colour it fails to follow in ``later`` (the steps from
    this position's own on: anchor, play as the log writes it) within this game, the cards only one seat
    may then hold placed; ``None`` where no deal fits any more (a log contradicting itself)."""
    twin = position.copy()
    prefix = later[0][0].split("trick-")[0] if later else ""
    count, led = len(position.trick), position.trick[0][1] if position.trick else None
    for anchor, action in later:
        if not anchor.startswith(prefix + "trick-"):
            break  # the next game of a match
        play = action if isinstance(action, dict) else {}
        card = Card.from_object(play.get("card"))
        if card is None or play.get("player") not in position.players:
            break  # a play the rules cannot place: what follows proves nothing sure
        seat = position.players.index(play["player"])
        if not count:
            led = card
        elif led is not None and card.color != led.color:
            twin.lacking[seat] |= position.color_bits[led.color]
        count = (count + 1) % len(position.players)
    return twin if eliminate(twin) else None


def place_unseen(position: Position, tricks: Sequence[Any]) -> bool:
    """Fill the position's ``pool`` with the cards neither played in ``tricks`` nor proven in a hand, and place
    each one only one seat short of cards can hold (the others void in its colour) until none is left so;
    ``False`` where the counts or the voids cannot be met (a log contradicting itself)."""
    pool = (1 << len(position.cards)) - 1
    for hand in position.hands:
        pool &= ~hand
    for trick in tricks:
        for play in trick.plays:
            if play.card in position.indexes:
                pool &= ~(1 << position.indexes[play.card])
    if pool.bit_count() != sum(position.missing):
        return False
    position.pool = pool
    return eliminate(position)


def eliminate(position: Position) -> bool:
    """Place each card of the pool only one seat short of cards can hold (the others void in its colour) until
    none is left so; ``False`` where the counts and the voids leave no deal."""
    lacking = unseen_voids(position, position.shown)
    placed = True
    while placed and position.pool:
        placed = False
        for index in bits_of(position.pool):
            bits = position.color_bits[position.cards[index].color]
            takers = [seat for seat, short in enumerate(position.missing) if short and not lacking[seat] & bits]
            if len(takers) == 1:
                position.hands[takers[0]] |= 1 << index
                position.pool &= ~(1 << index)
                position.missing[takers[0]] -= 1
                placed = True
    return dealable(*unplaced(position, lacking))


def unseen_voids(position: Position, shown: Sequence[int]) -> list[int]:
    """Per seat, the colours its unplaced cards cannot be: those it has shown it lacks (``shown``), and those
    it fails to follow later in the log (``Position.lacking``)."""
    return [voids | later for voids, later in zip(shown, position.lacking, strict=True)]


def unplaced(position: Position, voids: Sequence[int]) -> tuple[dict[str, int], dict[int, int], dict[int, set[str]]]:
    """What ``rules.dealable`` asks of the pool: its cards per colour, the seats short of cards with how many,
    and the colours each of those is void in (``voids``: per seat, as bits)."""
    supply = dict.fromkeys(COLORS, 0)
    for index in bits_of(position.pool):
        supply[position.cards[index].color] += 1
    seats = [seat for seat, short in enumerate(position.missing) if short]
    return (supply, {seat: position.missing[seat] for seat in seats},
            {seat: {color for color in COLORS if voids[seat] & position.color_bits[color]} for seat in seats})

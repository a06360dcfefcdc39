"""What a game of David & Goliath looks like now: ``view()`` for the table, ``to_log()`` for the log so far.

A seat shows its hand (the deal where given, else the cards the log proves the player still holds), how
many held cards are unseen, its pile of captures with points per colour, and its score. The middle is the
trick on the table; ``taken`` is the last trick resolved, with who took what, so that a trick resolved only
when the next one began (a trick cut short) still shows its outcome.

A view costs what changed since the state's last one, never a recount of the game so far: a seat's hand
is looked at again only after that seat played (a hand only shrinks), its pile only after it took or gave
back a trick (the state keeps captures as a chain of tricks, so the pile grows by the last one), the
middle grows by the plays added to the trick on the table, and the last trick taken is described once.
Views share what did not change (a seat's entry, its hand, the middle's plays): they are read, never
changed in place.

These are functions of the state (``dg_replay.state.GameState``), whose methods of the same names hand over
to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dg_replay.actions import hand_order
from dg_replay.bits import has_card, known_hand
from dg_replay.cards import COLORS, Card, card_text
from dg_replay.reader import GAME_ID
from dg_replay.rules import HAND_SIZE
from replaykit.state import view as table_view

if TYPE_CHECKING:  # the state imports this module
    from dg_replay.state import GameState


def texts(cards) -> list[str]:
    return [card_text(card) for card in cards]


def view(state: GameState) -> dict:
    shown, counts, piles = state.shown, state.counts, state.piles
    seats = []
    for seat, name in enumerate(state.rules.seating):
        kept = shown.get(name)
        seats.append(kept[3] if kept is not None and kept[0] == counts[seat] and kept[1] is piles.get(name)
                     else seat_view(state, name))
    record = state.current
    taken = None
    if state.last_taken is not None:
        done = state.tricks[state.last_taken - 1]
        kept = shown.get("taken")
        if kept is None or kept[0] is not done:
            kept = shown["taken"] = (done, taken_view(done))
        taken = kept[1]
    return table_view(seats, [] if record is None else middle_view(state, record.plays),
                      trick=0 if record is None else record.number, tricks=len(state.tricks),
                      resolved=bool(record and record.resolved), taken=taken, dealer=state.dealer,
                      to_move=state.to_move, over=state.is_over())


def seat_view(state: GameState, name: str) -> dict:
    """``name``'s seat, from the last view's where there is one (``view`` reuses it while the seat has
    neither played nor taken or given back a trick since)."""
    count, chain, dealt = state.counts[state.seat_of[name]], state.piles.get(name), state.hands.get(name)
    kept = state.shown.get(name)
    if kept is None:
        held = known_hand(state, name) if dealt is not None else sorted(
            (card for position, card in state.proven.get(name, ()) if position >= state.position), key=hand_order)
        cards, hand = held, texts(held)
    elif kept[0] == count:
        cards, hand = kept[2], kept[3]["hand"]
    else:  # it played: its hand is the last one shown without the cards no longer held
        still = holds(state, name)
        cards = [card for card in kept[2] if still(card)]
        hand = kept[3]["hand"] if len(cards) == len(kept[2]) else \
            [text for card, text in zip(kept[2], kept[3]["hand"], strict=True) if still(card)]
    if kept is not None and kept[1] is chain:
        pile = kept[3]["pile"]
    elif kept is not None and chain is not None and chain[0] is kept[1]:
        pile = kept[3]["pile"] + texts(chain[1])
    else:
        pile = texts(pile_of(state, name))
    tally = state.tallies[name]
    points = tally.by_color()
    unseen = 0 if dealt is not None else max(0, HAND_SIZE - count - len(hand))
    entry = {"name": name, "hand": hand, "unseen": unseen, "pile": pile, "score": state.scores[name],
             "dealt": dealt is not None,
             "colors": {color: {"cards": tally.counts[index], "points": points[index]}
                        for index, color in enumerate(COLORS)}}
    state.shown[name] = (count, chain, cards, entry)
    return entry


def holds(state: GameState, name: str):
    """Whether ``name`` still holds a card it held at the last view: in the deal, or played from here on."""
    dealt = state.hands.get(name)
    if dealt is not None:
        return lambda card: has_card(dealt, card) or card in state.odd.get(name, ())
    played_at = state.shown.get("played at")
    if played_at is None:  # the proof is the loader's, given once: where each proven card is played
        played_at = state.shown["played at"] = {card: position for cards in state.proven.values()
                                                for position, card in cards}
    return lambda card: played_at[card] >= state.position


def middle_view(state: GameState, plays: list) -> list[dict]:
    """The trick on the table: the last middle shown and the plays added to the trick since."""
    kept = state.shown.get("middle")
    if kept is None or kept[0] is not plays or kept[1] > len(plays):
        kept = (plays, 0, [])
    middle = kept[2] + [{"player": play.player, "cards": [card_text(play.card)]}
                        for play in plays[kept[1]:] if play.card is not None]
    state.shown["middle"] = (plays, len(plays), middle)
    return middle


def taken_view(done) -> dict:
    return {"trick": done.number, "high": done.high + 1 if done.high is not None else None,
            "low": done.low + 1 if done.low is not None else None,
            "captures": {name: texts(cards) for name, cards in done.captures.items()}}


def returns(state: GameState) -> tuple[int, ...]:
    """Each seat's score were the log to end here, in seating order: at the end, the game's result (rule 8)."""
    scores = final_scores(state)
    return tuple(scores[name] for name in state.rules.seating)


def final_scores(state: GameState) -> dict[str, int]:
    """The scores were the log to end here: a trick with a play too many is taken only as the log ends
    (``close_trick``), so it is taken on a copy."""
    record = state.current
    if record is None or record.resolved or len(record.plays) <= state.size:
        return state.scores
    final = state.snapshot()
    final.close_trick(last=True)
    return final.scores


def observation(state: GameState, seat: int) -> dict:
    """What the player in ``seat`` (seating order) has seen, JSON-ready: their own hand (as far as the log
    shows it), every play so far, and for each seat the public counts — cards still held, pile, score.
    Never a card of another seat's hand."""
    name = state.rules.seating[seat]
    shown = view(state)["seats"]
    return {"seat": seat, "player": name, "hand": shown[seat]["hand"],
            "tricks": [trick_log(record)["plays"] for record in state.tricks],
            "seats": [{"name": entry["name"], "held": max(0, HAND_SIZE - state.counts[index]),
                       "pile": entry["pile"], "score": entry["score"]} for index, entry in enumerate(shown)],
            "to_move": state.to_move}


def key(state: GameState) -> tuple:
    """Equal exactly when two states started alike (the same limits and, from a log, the same evidence)
    are: a replay's position is its setup and every step recorded — its findings, piles and views follow
    from them."""
    hands = None if state.given_hands is None else tuple((name, tuple(cards))
                                                         for name, cards in state.given_hands.items())
    tricks = tuple((record.note, None if record.claimed is None else tuple(
        (name, tuple(cards)) for name, cards in record.claimed.items()), tuple(record.plays))
        for record in state.tricks)
    return tuple(state.players), state.dealer, hands, state.has_tricks, state.has_dealer, state.base, tricks


def last_action(state: GameState) -> dict | None:
    """The play last recorded, as a log writes it."""
    record = state.current
    if record is None or not record.plays:
        return None
    play = record.plays[-1]
    return {key: value for key, value in (("player", play.player),
                                          ("card", None if play.card is None else card_text(play.card)))
            if value is not None}


def to_log(state: GameState) -> dict:
    log: dict = {"game": GAME_ID, "players": list(state.players)}
    if state.dealer is not None:
        log["dealer"] = state.dealer
    if state.given_hands is not None:
        log["hands"] = {name: texts(card for card in cards if card is not None)
                        for name, cards in state.given_hands.items()}
    if state.has_tricks or state.tricks:
        log["tricks"] = [trick_log(record) for record in state.tricks]
    return log


def trick_log(record) -> dict:
    plays = []
    for play in record.plays:
        entry: dict = {}
        if play.player is not None:
            entry["player"] = play.player
        if play.card is not None:
            entry["card"] = card_text(play.card)
        if play.note is not None:
            entry["note"] = play.note
        plays.append(entry)
    trick: dict = {"plays": plays}
    if record.note is not None:
        trick["note"] = record.note
    return trick


def pile_of(state: GameState, name: str) -> list[Card]:
    """The cards ``name`` has taken, trick by trick."""
    chunks: list[tuple[Card, ...]] = []
    node = state.piles.get(name)
    while node is not None:
        node, cards = node
        chunks.append(cards)
    return [card for cards in reversed(chunks) for card in cards]

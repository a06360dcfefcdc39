"""The steps of a session as actions: JSON dicts in the log's own words, read, written and placed.

A step is what the log records (docs/games/grande-dalmuti/format.md, "Actions"): a round begun
(``{"round": 2, "join": [...], "ranks": [...]}``), its deal (``{"hands": {...}}``), a revolution
(``{"revolution": "Elena"}``), a card transfer (``{"from", "to", "cards"}``, as in ``taxes``), a trick
opened with no play yet (``{"trick": 3}``) and a play (``{"player", "cards"}`` or ``{"player", "pass": true}``).
A play may say where the log records it (``"trick"``, ``"play"``, 1-based), a transfer its place in
``taxes`` (``"transfer"``): read from a log they keep its positions; left out, the step is appended.
Shapes are checked by the log's own reader, so a malformed action gets the same ``schema`` finding the
same entry of a log would.
"""

from __future__ import annotations

from dataclasses import dataclass

from dalmuti_replay.cards import Card
from dalmuti_replay.log import Play, Round, Transfer
from dalmuti_replay.reader import DECLARER, Reader
from dalmuti_replay.words import say
from replaykit.words import Text

ROUND, DEAL, REVOLUTION, TRANSFER, TRICK, PLAY = "round", "deal", "revolution", "transfer", "trick", "play"
PLACES = ("trick", "play")


@dataclass(slots=True)
class Step:
    """One action read: its ``kind`` and typed ``value``; ``trick``/``play``/``index`` where the log has it
    (1-based trick and play, 0-based transfer index), ``None`` to append; ``round``, the number a round begun
    says it is."""

    kind: str
    value: object
    trick: int | None = None
    play: int | None = None
    index: int | None = None
    round: int | None = None
    unreadable: frozenset[str] = frozenset()


def kind_of(action: object) -> str | None:
    if type(action) is not dict:
        return None
    if "round" in action:
        return ROUND
    if "hands" in action:
        return DEAL
    if "revolution" in action:
        return REVOLUTION
    if "from" in action or "to" in action:
        return TRANSFER
    if "player" in action:
        return PLAY
    if "trick" in action:
        return TRICK
    return None


def place(value: object, key: str, found: list[Text]) -> int | None:
    if value is None:
        return None
    if type(value) is not int or value < 1:
        found.append(say('"{key}" is where the log records the step, a whole number from 1; found {found}.', key=key,
                         found=repr(value)))
        return None
    return value


def read(action: object, tokens: tuple, reader: Reader) -> Step | None:
    """The step an action spells, or ``None`` with ``schema`` findings in ``reader.findings``."""
    kind = kind_of(action)
    if kind is None:
        reader.problem(tokens, say("An action is a round begun, a deal, a revolution, a transfer, a trick or a play "
                                   '(docs: "Actions"); this one is none of them.'))
        return None
    assert type(action) is dict
    problems: list[Text] = []
    before = len(reader.findings)
    step: Step | None = None
    if kind == ROUND:
        rest = {key: value for key, value in action.items() if key != "round"}
        round_ = Round(taxes=[])  # a round begun here records its taxes: one left out is missing, an error
        for key in ("join", "ranks"):
            if key in rest:
                setattr(round_, key, reader.names(rest.pop(key), (*tokens, key), f'"{key}"'))
        round_.note = reader.note(rest, tokens)
        rest.pop("note", None)
        for key in rest:
            reader.problem((*tokens, key), say('"{key}" is not a field of a round begun; allowed: round, join, ranks, '
                                               "note.", key=key))
        step = Step(ROUND, round_, round=place(action["round"], "round", problems))
    elif kind == DEAL:
        holder = Round()
        reader.closed(action, ("hands",), tokens, "a deal")
        reader.hands(action["hands"], tokens, holder)
        if holder.hands is not None:
            step = Step(DEAL, holder.hands, unreadable=frozenset(holder.unreadable_hands))
    elif kind == REVOLUTION:
        reader.closed(action, ("revolution",), tokens, "a revolution")
        name = reader.text(action["revolution"], (*tokens, "revolution"), DECLARER,
                           reader.limits.max_name, 1)
        if name is not None:
            step = Step(REVOLUTION, name)
    elif kind == TRANSFER:
        plain = {key: value for key, value in action.items() if key != "transfer"}
        transfer = reader.transfer(plain, tokens)
        index = place(action.get("transfer"), "transfer", problems)
        if transfer is not None:
            step = Step(TRANSFER, transfer, index=None if index is None else index - 1)
    elif kind == TRICK:
        reader.closed(action, ("trick", "note"), tokens, "a trick opened")
        number = place(action["trick"], "trick", problems)
        if number is not None:
            step = Step(TRICK, reader.note(action, tokens), trick=number)
    else:
        plain = {key: value for key, value in action.items() if key not in PLACES}
        play = reader.play(plain, tokens)
        trick, number = place(action.get("trick"), "trick", problems), place(action.get("play"), "play", problems)
        if play is not None:
            step = Step(PLAY, play, trick, number)
    for message in problems:
        reader.problem(tokens, message)
    return step if len(reader.findings) == before and reader.unlisted == 0 else None


# -- writing steps -------------------------------------------------------------------------------------


def cards_text(cards: list[Card]) -> list[str]:
    return [str(card) for card in cards]


def play_entry(play: Play | None) -> dict:
    if play is None:
        return {}  # an entry the log held but that could not be read
    entry: dict = {"player": play.player}
    if play.cards is None:
        entry["pass"] = True
    else:
        entry["cards"] = cards_text(play.cards)
    if play.note is not None:
        entry["note"] = play.note
    return entry


def transfer_entry(transfer: Transfer | None) -> dict:
    if transfer is None:
        return {}
    entry = {"from": transfer.giver, "to": transfer.receiver, "cards": cards_text(transfer.cards)}
    if transfer.note is not None:
        entry["note"] = transfer.note
    return entry


def action_of_step(step: Step) -> dict:
    """A step as an action in the log's words (without the place it was recorded at)."""
    if step.kind == PLAY:
        return play_entry(step.value)
    if step.kind == TRANSFER:
        return transfer_entry(step.value)
    if step.kind == REVOLUTION:
        return {"revolution": step.value}
    if step.kind == DEAL:
        return {"hands": {name: cards_text(cards) for name, cards in step.value.items()}}
    if step.kind == TRICK:
        return {"trick": step.trick}
    head = round_head(step.value)
    return {"round": step.round, **{key: head[key] for key in ("join", "ranks", "note") if key in head}}


def round_head(round_: Round) -> dict:
    """A round's entry before its steps: newcomers, ranks, note, and the tricks to come."""
    entry: dict = {}
    for key in ("join", "ranks"):
        if getattr(round_, key) is not None:
            entry[key] = list(getattr(round_, key))
    if round_.taxes is not None:
        entry["taxes"] = []
    entry["tricks"] = []
    if round_.note is not None:
        entry["note"] = round_.note
    return entry


def round_entry(round_: Round) -> dict:
    """A round as the log writes it (claims apart: they are not steps)."""
    entry = round_head(round_)
    if round_.hands is not None:
        entry["hands"] = {name: cards_text(cards) for name, cards in round_.hands.items()}
        entry["hands"].update((name, None) for name in round_.unreadable_hands)  # as unreadable as it was
    if round_.revolution is not None:
        entry["revolution"] = round_.revolution
    if round_.taxes is not None:
        entry["taxes"] = [transfer_entry(transfer) for transfer in round_.taxes]
    entry["tricks"] = [{"plays": [play_entry(play) for play in trick.plays],
                        **({"note": trick.note} if trick.note is not None else {})} for trick in round_.tricks]
    return entry

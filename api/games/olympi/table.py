"""Olympi Cards at the table: what each hand holds, what lies on the table and who won which medal, moment
by moment, for the table view (``table(report, timeline, snapshots)``, the format of ``api.adapters``).

Everything but the findings' marks comes from the state's ``view()`` after every step (the snapshots):
a hand is its known cards and those the rest of the log proves it holds (``seats[].proven``, the State's
``Proof``), the others counted as unseen: hand sizes are always known (``sizes``). The middle holds the
current race's latest plays (``middle``; ``cards_laid`` counts all of them); the piles are medals won (and
World Records). On a finding the cards it is about are marked (``bad``), and for a broken rule the plays the
rule compared the cards with (``compared``, as ``proof``).
"""

from __future__ import annotations

from collections import Counter

from api.adapters import deal_marks
from api.games.olympi.timeline import SETUP, discipline_titles, turn_id
from olympi_replay.cards import Card
from olympi_replay.rules import HAND_SIZE
from olympi_replay.state import MIDDLE_KEPT
from olympi_replay.words import say
from replaykit.findings import tokens
from replaykit.words import SPACE, Joined, Text

RECORD = "WR"
PILE_STYLES = {"gold": "gold", "silver": "silver", "bronze": "bronze", RECORD: "record"}


def _held(seat: dict) -> list[str]:
    """The cards a view shows in a hand: the known ones, then those proven held among the unseen."""
    return seat["hand"] + seat["proven"]


class Hands:
    """Every hand as the moments are built, from the views: what it shows, and whether a draw nobody wrote
    down came into one."""

    def __init__(self, players: list[str], seats: dict[str, dict]) -> None:
        self.start = {name: _held(seats[name]) if name in seats else [] for name in players}
        self.sources = {name: "dealt" if name in seats and not seats[name]["unseen"] else "proven"
                        for name in players}
        self.shown = {name: Counter(cards) for name, cards in self.start.items()}
        self.unseen_draws = False

    def turn(self, name: str, seat: dict, turn: dict, moment: dict) -> None:
        """A turn ``name`` took: the cards played that the hand showed leave it, and what came into it joins
        it (a draw list as written, and the cards the view newly proves held)."""
        kept, after = Counter(self.shown[name]), Counter(_held(seat))
        held = []
        for text in turn["cards"]:
            if kept[text] > 0:
                kept[text] -= 1
                held.append(text)
        if held:
            moment["leave"] = {name: held}
        written = list(turn["draw"] or [])
        came = list((after - kept - Counter(written)).elements())
        if written or came:
            moment["join"][name] = written + came
        self.unseen_draws = self.unseen_draws or bool(turn["drew"] and not turn["draw"])
        self.shown[name] = after


def _marks(finding: dict, turn: dict, player: str | None) -> list[list]:
    """The cards (or, with ``None``, only the seat) a finding in a turn is about."""
    parts = tokens(finding.get("path") or "")[4:]  # after races/R/turns/T
    cards, draw = turn["cards"], turn["draw"] or []
    if parts[:1] == ["cards"]:
        if len(parts) == 2 and parts[1].isdigit() and int(parts[1]) < len(cards):
            return [[player, cards[int(parts[1])]]]
        return [[player, text] for text in cards] or [[player, None]]
    if parts[:1] == ["draw"] and len(parts) == 2 and parts[1].isdigit() and int(parts[1]) < len(draw):
        return [[player, draw[int(parts[1])]]]
    return [[player, text] for text in cards] + [[player, None]]


def table(report: dict, timeline: dict, snapshots: list[tuple[str, dict]] = ()) -> dict:
    """The table view's data from the state's views after every step: seats, starting hands and how they
    are known, and each moment's changes. Findings (from the report) mark cards; nothing else is read
    from it."""
    players = list(timeline.get("players") or [])
    first = dict(snapshots[0][1]) if snapshots else {"seats": []}
    hands = Hands(players, {seat["name"]: seat for seat in first["seats"] if seat["name"] in players})
    errors: dict[tuple, list[dict]] = {}
    for finding in report.get("errors") or []:
        errors.setdefault((finding.get("race"), finding.get("turn")), []).append(finding)
    titles = discipline_titles(report)
    moments = {SETUP: {"leave": {}, "pile": {}, "center": [], "label": say("The deal"), "bad": deal_marks(report),
                       "sizes": dict.fromkeys(players, HAND_SIZE)}}
    for number, steps in _races(snapshots[1:]):
        _race_moments(number, steps, hands, errors, moments, titles)
    styles = dict(PILE_STYLES)
    for text in _cards_shown(hands.start, moments):
        card = Card.from_object(text)
        styles[text] = card.color_name if card else "unknown"
    return {"seats": players, "sources": hands.sources, "start": hands.start, "moments": moments, "styles": styles,
            "pile": say("Medals"), "note": _note(hands)}


def _races(snapshots: list[tuple[str, dict]]) -> list[tuple[int, list[dict]]]:
    """The views of each race that was replayed, its start first, by race number."""
    races: list[tuple[int, list[dict]]] = []
    for anchor, view in snapshots:
        if "-turn-" not in anchor:
            number = int(anchor.removeprefix("race-"))
            if view["race"] == number:  # a race too malformed to replay has no moments
                races.append((number, [view]))
        elif races and anchor.startswith(f"race-{races[-1][0]}-"):
            races[-1][1].append(view)
    return races


def _race_moments(number: int, steps: list[dict], hands: Hands, errors: dict, moments: dict,
                  titles: dict[str, str]) -> None:
    """One race's moments: a moment per turn, then the race's outcome (``race-R``)."""
    discipline = steps[0]["discipline"]
    label = say("Race {number} · {discipline}", number=number, discipline=titles.get(discipline, discipline))
    for view in steps[1:]:
        turn = view["last_turn"]
        name = turn["player"] if turn["player"] in hands.shown else None
        moment = {"leave": {}, "join": {}, "pile": {}, "label": label, "bad": [], "proof": [], "sizes": {}}
        if name is not None and not turn["ignored"]:
            hands.turn(name, _seat(view, name), turn, moment)
            moment["sizes"] = {name: _size(view, name)}
        for finding in errors.get((number, turn["number"]), []):
            moment["bad"] += _marks(finding, turn, turn["player"])
            if finding.get("code") == "rule-broken":
                moment["proof"] += view["compared"] or []
        moment.update(_middle(view))
        moments[turn_id(number, turn["number"])] = moment
    end = steps[-1]
    won = {name: list(medals) for name, medals in end["podium"].items()}
    if end["record"]:
        won.setdefault(end["record"], []).append(RECORD)
    moments[f"race-{number}"] = {"leave": {}, "pile": won, **_middle(end),
                                 "sizes": {seat["name"]: _size(end, seat["name"]) for seat in end["seats"]},
                                 "label": say("{race} · over", race=label) if end["finished"]
                                 else say("{race} · unfinished", race=label)}


def _middle(view: dict) -> dict:
    """The cards a moment shows in the middle, the latest ``MIDDLE_KEPT`` (as many as the board draws; the
    view keeps that many plays, so never fewer cards), and how many of the race's cards came before them."""
    cards = [[play["player"], text] for play in view["middle"] for text in play["cards"]]
    shown = cards[-MIDDLE_KEPT:]
    earlier = view["cards_laid"] - len(shown)
    return {"center": shown, "earlier": earlier} if earlier else {"center": shown}


def _seat(view: dict, name: str) -> dict:
    return next(seat for seat in view["seats"] if seat["name"] == name)


def _size(view: dict, name: str) -> int:
    seat = _seat(view, name)
    return len(seat["hand"]) + seat["unseen"]


def _cards_shown(start: dict[str, list[str]], moments: dict[str, dict]) -> set[str]:
    found = {text for cards in start.values() for text in cards}
    for moment in moments.values():
        found.update(text for cards in moment.get("join", {}).values() for text in cards)
        found.update(text for _name, text in moment.get("center", []))
    return found


def _note(hands: Hands) -> Text | None:
    proven = [name for name, source in hands.sources.items() if source == "proven"]
    parts = []
    if proven:
        parts.append(say("The log gives no deal for {players}: their hands show the cards they are proven to hold "
                         "(those they play later) and count the unseen ones.", players=", ".join(proven)))
    if hands.unseen_draws:
        parts.append(say("Draws written nowhere (no draw list, no deck order) count as unseen until played."))
    return Joined(parts, SPACE, SPACE) if parts else None

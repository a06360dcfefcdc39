"""Olympi Cards at the table: what each hand holds, what lies on the table and who won which medal, moment
by moment, for the table view (``table(report, timeline, snapshots)``, the format of ``api.adapters``).

Everything but the findings' marks comes from the state's ``view()`` after every step (the snapshots):
a hand is shown card by card when the log gives the deal and the cards drawn (a draw list, or a deck of
known order); otherwise the view shows what is proven — a card a player plays was in their hand since the
last time cards came into it unseen (the deal, or a draw nobody wrote down) — and counts the rest as
unseen: hand sizes are always known (``sizes``). The middle holds the current race's plays; the piles are
medals won (and World Records). On a finding the cards it is about are marked (``bad``), and for a broken
rule the play it was compared with (``proof``).
"""

from __future__ import annotations

from api.adapters import deal_marks
from api.adapters.olympi_timeline import SETUP, turn_id
from olympi_replay.cards import Card
from olympi_replay.rules import HAND_SIZE
from olympi_replay.words import say
from replaykit.findings import tokens
from replaykit.words import SPACE, Joined, Text

RECORD = "WR"
CENTER_SHOWN = 10  # cards in the middle the board draws (static/board.js, MIDDLE_SHOWN); the rest are counted
PILE_STYLES = {"gold": "gold", "silver": "silver", "bronze": "bronze", RECORD: "record"}


def _references(rule: object) -> set[str]:
    """Which plays a rule compares with (``previous``, ``own``), read from its JSON form."""
    if isinstance(rule, dict):
        found = {rule[key] for key in ("than", "as") if isinstance(rule.get(key), str)}
        for key in ("all_of", "any_of"):
            for part in rule.get(key) or []:
                found |= _references(part)
        return found
    return set()


class Hands:
    """The shown part of every hand while the moments are built, and where unseen cards came in."""

    def __init__(self, players: list[str], seats: dict[str, dict]) -> None:
        dealt = {name: seat for name, seat in seats.items() if not seat["unseen"]}
        self.start = {name: list(dealt[name]["hand"]) if name in dealt else [] for name in players}
        self.sources = {name: "dealt" if name in dealt else "proven" for name in players}
        self.shown = {name: list(cards) for name, cards in self.start.items()}
        self.came_in: dict[str, dict | None] = dict.fromkeys(players)  # None: the deal
        self.unseen = {name: 0 if name in dealt else HAND_SIZE for name in players}
        self.unseen_draws = False

    def play(self, name: str, text: str) -> bool:
        """Take a played card from the shown hand, first showing it since it came in unseen; ``False`` when
        the player cannot hold it."""
        if text not in self.shown[name]:
            if not self.unseen[name]:
                return False
            self.unseen[name] -= 1
            moment = self.came_in[name]
            (self.start[name] if moment is None else moment["join"].setdefault(name, [])).append(text)
            self.shown[name].append(text)
        self.shown[name].remove(text)
        return True

    def draw(self, name: str, moment: dict, turn: dict) -> None:
        if turn["draw"]:
            moment["join"][name] = list(turn["draw"])
            self.shown[name] += turn["draw"]
        elif turn["drew"]:
            self.unseen[name] += turn["drew"]
            self.came_in[name] = moment
            self.unseen_draws = True


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


def _proof(refs: set[str], player: str | None, center: list[list], plays: list[list[list]]) -> list[list]:
    """The play(s) a broken rule compared with: the race's last play before, or the player's own last."""
    found = []
    if "previous" in refs and plays:
        found += plays[-1]
    if "own" in refs:
        own = [play for play in plays if play and play[0][0] == player]
        found += own[-1] if own else []
    return [pair for pair in found if pair in center]


def table(report: dict, timeline: dict, snapshots: list[tuple[str, dict]] = ()) -> dict:
    """The table view's data from the state's views after every step: seats, starting hands and how they
    are known, and each moment's changes. Findings (from the report) mark cards; nothing else is read
    from it."""
    players = list(timeline.get("players") or [])
    first = dict(snapshots[0][1]) if snapshots else {"seats": []}
    hands = Hands(players, {seat["name"]: seat for seat in first["seats"] if seat["name"] in players})
    rules = {entry.get("name"): entry.get("rule") for entry in report.get("disciplines") or []}
    errors: dict[tuple, list[dict]] = {}
    for finding in report.get("errors") or []:
        errors.setdefault((finding.get("race"), finding.get("turn")), []).append(finding)
    moments = {SETUP: {"leave": {}, "pile": {}, "center": [], "label": say("The deal"), "bad": deal_marks(report),
                       "sizes": dict.fromkeys(players, HAND_SIZE)}}
    for number, steps in _races(snapshots[1:]):
        _race_moments(number, steps, hands, errors, _references(rules.get(steps[0]["discipline"])), moments)
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


def _race_moments(number: int, steps: list[dict], hands: Hands, errors: dict, refs: set[str],
                  moments: dict) -> None:
    """One race's moments: a moment per turn, then the race's outcome (``race-R``)."""
    label = say("Race {number} · {discipline}", number=number, discipline=steps[0]["discipline"])
    center: list[list] = []
    plays: list[list[list]] = []
    for view in steps[1:]:
        turn = view["last_turn"]
        name = turn["player"] if turn["player"] in hands.shown else None
        moment = {"leave": {}, "join": {}, "pile": {}, "label": label, "bad": [], "proof": [], "sizes": {}}
        played = name is not None and not turn["ignored"]
        if played:
            held = [text for text in turn["cards"] if hands.play(name, text)]
            if held:
                moment["leave"] = {name: held}
            hands.draw(name, moment, turn)
            moment["sizes"] = {name: _size(view, name)}
        for finding in errors.get((number, turn["number"]), []):
            moment["bad"] += _marks(finding, turn, turn["player"])
            if finding.get("code") == "rule-broken":
                moment["proof"] += _proof(refs, name, center, plays)
        if turn["action"] == "play" and not turn["ignored"]:
            plays.append([[turn["player"], text] for text in turn["cards"]])
            center.extend(plays[-1])
        moment.update(_middle(center))
        moments[turn_id(number, turn["number"])] = moment
    end = steps[-1]
    won = {name: list(medals) for name, medals in end["podium"].items()}
    if end["record"]:
        won.setdefault(end["record"], []).append(RECORD)
    moments[f"race-{number}"] = {"leave": {}, "pile": won, **_middle(center),
                                 "sizes": {seat["name"]: _size(end, seat["name"]) for seat in end["seats"]},
                                 "label": say("{race} · over", race=label) if end["finished"]
                                 else say("{race} · unfinished", race=label)}


def _middle(center: list[list]) -> dict:
    """The cards a moment shows in the middle, the latest ``CENTER_SHOWN``, and how many came before them:
    each moment listing every card of a 400-turn race would grow with the square of the race."""
    shown = center[-CENTER_SHOWN:]
    return {"center": shown, "earlier": len(center) - len(shown)} if len(center) > len(shown) else {"center": shown}


def _size(view: dict, name: str) -> int:
    seat = next(seat for seat in view["seats"] if seat["name"] == name)
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

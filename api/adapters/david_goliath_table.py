"""David & Goliath at the table: the moments a reader steps through and what the table shows at each.

The moments are the deal, every play, and every trick's outcome. The table view starts from each hand —
as dealt when the log gives the deal, else the cards the player is proven to hold (every card they play
later) — and each moment says which cards leave which hand, which cards join whose pile, and what lies in
the middle. ``static/board.js`` applies the moments in order, so the page carries no copy of every hand at
every moment. On a finding, the offending card and the cards that prove it are marked.
"""

from __future__ import annotations

from api.adapters import deal_marks
from dg_replay.cards import COLOR_NAMES, Card

DEAL = "deal"


def card_of(text: object) -> Card | None:
    return Card.from_object(text) if isinstance(text, str) else None


def play_id(trick: int, play: int) -> str:
    return f"trick-{trick}-play-{play}"


def played_by(report: dict) -> dict[str, list[str]]:
    """Every readable card each player plays, in order of play (cards played twice appear twice)."""
    found: dict[str, list[str]] = {}
    for trick in report.get("tricks") or []:
        for play in trick.get("plays") or []:
            if isinstance(play.get("player"), str) and isinstance(play.get("card"), str):
                found.setdefault(play["player"], []).append(play["card"])
    return found


def start_hands(report: dict, players: list[str]) -> tuple[dict[str, list[str]], dict[str, str]]:
    """Each seat's hand at the start and how it is known: ``dealt`` (the log's deal) or ``proven``."""
    deal = report.get("hands") or {}
    later = played_by(report)
    hands, sources = {}, {}
    for name in players:
        if name in deal:
            hands[name], sources[name] = list(deal[name]), "dealt"
        else:
            hands[name], sources[name] = list(dict.fromkeys(later.get(name, []))), "proven"
    return hands, sources


def steps(timeline: dict) -> list[dict]:
    rows = timeline.get("tricks") or []
    count = len(rows)
    found = [{"id": DEAL, "status": "The deal", "x": None, "major": True,
              "story": "The cards as dealt, before the first trick. Step forward to play the game card by card."}]
    for row in rows:
        number, plays = row["number"], row["plays"]
        for play in plays:
            who = play["player"] if play["player"] is not None else "?"
            story = f"{who} plays {play['card'] or 'an unreadable card'}."
            if play.get("note"):
                story += f" {play['note']}"
            found.append({"id": play_id(number, play["play"]), "x": number, "story": story,
                          "status": f"Trick {number} of {count} · play {play['play']} of {len(plays)}"})
        found.append({"id": f"trick-{number}", "status": f"Trick {number} of {count}", "story": row["story"],
                      "x": number, "major": True})
    return found


def _held_of_color(hand: list[str], color: str) -> list[str]:
    return [text for text in hand if (card := card_of(text)) and card.color == color]


def table(report: dict, timeline: dict, snapshots: list[tuple[str, dict]] = ()) -> dict:
    """The table view's data: seats, starting hands and how they are known, and each moment's changes."""
    players = list(timeline.get("players") or [])
    hands, sources = start_hands(report, players)
    holding = {name: list(cards) for name, cards in hands.items()}
    errors_at: dict[str, list[dict]] = {}
    for finding in report.get("errors") or []:
        if isinstance(finding.get("trick"), int) and isinstance(finding.get("play"), int):
            errors_at.setdefault(play_id(finding["trick"], finding["play"]), []).append(finding)
    moments: dict[str, dict] = {DEAL: {"leave": {}, "pile": {}, "center": [], "label": "The deal",
                                       "bad": deal_marks(report)}}
    styles: dict[str, str] = {}
    for trick in report.get("tricks") or []:
        number, plays = trick["number"], trick.get("plays") or []
        center: list[list] = []
        led = card_of(plays[0].get("card")) if plays else None
        for index, play in enumerate(plays, start=1):
            name, text = play.get("player"), play.get("card")
            moment_id = play_id(number, index)
            moment = {"leave": {}, "pile": {}, "label": f"Trick {number}", "bad": [], "proof": []}
            if isinstance(text, str):
                center = [*center, [name, text]]
                if name in holding and text in holding[name]:
                    holding[name].remove(text)
                    moment["leave"] = {name: [text]}
            for finding in errors_at.get(moment_id, []):
                moment["bad"].append([name, text])
                if finding["code"] == "must-follow-suit" and led and name in holding:
                    moment["proof"] += [[name, held] for held in _held_of_color(holding[name], led.color)]
            moment["center"] = center
            moments[moment_id] = moment
        outcome = {"leave": {}, "pile": dict(trick.get("captures") or {}), "center": center,
                   "label": f"Trick {number} · " + ("taken" if trick.get("resolved") else "not resolved"),
                   "high": trick.get("high_play"), "low": trick.get("low_play")}
        moments[f"trick-{number}"] = outcome
    for cards in [*hands.values(), *played_by(report).values()]:
        for text in cards:
            card = card_of(text)
            styles[text] = COLOR_NAMES[card.color] if card else "unknown"
    proven = [name for name in players if sources[name] == "proven"]
    note = None
    if proven:
        note = ("The log gives no deal for " + ", ".join(proven) + ": their hands show only the cards they are "
                "proven to hold, those they play later.")
    return {"seats": players, "sources": sources, "start": hands, "moments": moments, "styles": styles,
            "pile": "Captured", "note": note}

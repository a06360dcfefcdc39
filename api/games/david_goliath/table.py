"""David & Goliath at the table: the moments a reader steps through and what the table shows at each.

The moments are the deal, every play, and every trick's outcome. What the table shows comes from the game's
State as the log is played (``snapshots``: ``state.view()`` at the start and after every play): each hand
as dealt when the log gives the deal, else the cards the player is proven to hold (those they play later);
each moment says which cards leave which hand, which cards join whose pile, and what lies in the middle.
``static/board.js`` applies the moments in order, so the page carries no copy of every hand at every
moment. On a finding, the offending card and the cards that prove it are marked.
"""

from __future__ import annotations

from api.adapters import deal_marks
from dg_replay.cards import COLOR_NAMES, Card
from dg_replay.words import PLAYED_CARD, say
from replaykit.words import SPACE, Joined

DEAL = "deal"


def card_of(text: object) -> Card | None:
    return Card.from_object(text) if isinstance(text, str) else None


def play_id(trick: int, play: int) -> str:
    return f"trick-{trick}-play-{play}"


def steps(timeline: dict) -> list[dict]:
    rows = timeline.get("tricks") or []
    count = len(rows)
    found = [{"id": DEAL, "status": say("The deal"), "x": None, "major": True,
              "story": say("The cards as dealt, before the first trick. Step forward to play the game card by card.")}]
    for row in rows:
        number, plays = row["number"], row["plays"]
        for play in plays:
            who = play["player"] if play["player"] is not None else "?"
            card = card_of(play["card"])
            # in words, as the choices say it: the letters are English initials (an Italian reads G as giallo)
            story = say("{player} plays {card}.", player=who, card=PLAYED_CARD[card.color](card.value)) \
                if card is not None else say("{player} plays an unreadable card.", player=who)
            if play.get("note"):
                story = Joined([story, play["note"]], SPACE, SPACE)
            found.append({"id": play_id(number, play["play"]), "x": number, "story": story,
                          "status": say("Trick {number} of {count} · play {play} of {plays}", number=number,
                                        count=count, play=play["play"], plays=len(plays))})
        found.append({"id": f"trick-{number}", "status": say("Trick {number} of {count}", number=number, count=count),
                      "story": row["story"],
                      "x": number, "major": True})
    return found


def hands_of(view: dict | None) -> dict[str, list[str]]:
    return {seat["name"]: seat["hand"] for seat in (view or {}).get("seats") or []}


def left_hand(before: dict[str, list[str]], after: dict[str, list[str]], name: object) -> dict[str, list[str]]:
    """The cards that left ``name``'s hand between two snapshots."""
    if not isinstance(name, str) or name not in before or before[name] is after.get(name):
        return {}
    still = set(after.get(name, ()))
    gone = [card for card in before[name] if card not in still]
    return {name: gone} if gone else {}


def grown(center: list[list], middle: list[dict], now: list[dict]) -> tuple[list[list], list[list]]:
    """What lies in the middle as ``now`` shows it, and what joined it since ``middle`` (which ``center``
    shows): a view that continues the last one (the state shares the entries it keeps) costs its new plays."""
    if middle and len(now) >= len(middle) and now[len(middle) - 1] is middle[-1]:
        added = [[entry["player"], card] for entry in now[len(middle):] for card in entry["cards"]]
        return center + added, added
    center = [[entry["player"], card] for entry in now for card in entry["cards"]]
    return center, center


def outcomes(snapshots: list[tuple[str, dict]]) -> dict[int, dict]:
    """Each trick's outcome (captures, high and low play) as the table last shows it: a trick cut short is
    only taken when the next one begins, and one given a play too many is no longer taken until then."""
    found: dict[int, dict] = {}
    for _anchor, view in snapshots:
        taken, trick = view.get("taken"), view.get("trick")
        if taken:
            found[taken["trick"]] = taken
        if trick and (not taken or taken["trick"] < trick):
            found.pop(trick, None)
    return found


def table(report: dict, timeline: dict, snapshots: list[tuple[str, dict]] = ()) -> dict:
    """The table view's data: seats, starting hands and how they are known, and each moment's changes."""
    players = list(timeline.get("players") or [])
    views = dict(snapshots)
    start = views.get("") or {}
    dealt = {seat["name"]: seat.get("dealt", False) for seat in start.get("seats") or []}
    hands = {name: list(hands_of(start).get(name, [])) for name in players}
    sources = {name: "dealt" if dealt.get(name) else "proven" for name in players}
    errors_at: dict[str, list[dict]] = {}
    for finding in report.get("errors") or []:
        if isinstance(finding.get("trick"), int) and isinstance(finding.get("play"), int):
            errors_at.setdefault(play_id(finding["trick"], finding["play"]), []).append(finding)
    moments: dict[str, dict] = {DEAL: {"leave": {}, "pile": {}, "center": [], "label": say("The deal"),
                                       "bad": deal_marks(report)}}
    taken = outcomes(snapshots)
    holding = hands_of(start)
    seen_cards = [card for cards in hands.values() for card in cards]
    for trick in report.get("tricks") or []:
        number, plays = trick["number"], trick.get("plays") or []
        center: list[list] = []
        middle: list[dict] = []  # the view's middle that ``center`` shows
        led = card_of(plays[0].get("card")) if plays else None
        label = say("Trick {number}", number=number)
        for index, play in enumerate(plays, start=1):
            name, text = play.get("player"), play.get("card")
            moment_id = play_id(number, index)
            view = views.get(moment_id)
            after = hands_of(view) if view is not None else holding
            moment = {"leave": left_hand(holding, after, name), "pile": {}, "bad": [], "proof": [], "label": label}
            holding = after
            if view is not None:
                center, added = grown(center, middle, view["middle"])
                middle = view["middle"]
                seen_cards += [card for _player, card in added]
            for finding in errors_at.get(moment_id, []):
                moment["bad"].append([name, text])
                if finding["code"] == "must-follow-suit" and led and name in holding:
                    moment["proof"] += [[name, held] for held in holding[name]
                                        if (card := card_of(held)) and card.color == led.color]
            moment["center"] = center
            moments[moment_id] = moment
        outcome = taken.get(number)
        moments[f"trick-{number}"] = {
            "leave": {}, "pile": dict(outcome["captures"]) if outcome else {}, "center": center,
            "label": say("Trick {number} · taken", number=number) if outcome else
            say("Trick {number} · not resolved", number=number),
            "high": outcome["high"] if outcome else None, "low": outcome["low"] if outcome else None}
    styles = {}
    for text in seen_cards:
        card = card_of(text)
        styles[text] = COLOR_NAMES[card.color] if card else "unknown"
    proven = [name for name in players if sources[name] == "proven"]
    note = None
    if proven:
        note = say("The log gives no deal for {players}: their hands show only the cards they are proven to hold, "
                   "those they play later.", players=", ".join(proven))
    return {"seats": players, "sources": sources, "start": hands, "moments": moments, "styles": styles,
            "pile": say("Captured"), "note": note}

"""Il Grande Dalmuti's moments, built from a report dict alone: rounds, their setup, tricks and plays.

``timeline`` gathers per round the ranks at its start (and the seating after a revolution), the cards
passing before play, each hand's size as play begins (the replay's own count, which the report carries),
every trick's sets and passes in order with its winner, who went out when, the points and what the log
claims, each with the findings placed there. ``steps`` turns it into what a reader walks:
a setup moment per round (``round-R``), every play (``round-R-trick-T-play-P``) and every trick's end
(``round-R-trick-T``). One x axis runs across the session: each round's start and each play take the next
position, so the charts drawn along it and the steps share one number.
"""

from __future__ import annotations

from dalmuti_replay.cards import NO_CARDS, Card
from dalmuti_replay.rules import rank_title
from dalmuti_replay.words import say, say_n
from replaykit.words import Joined, Text, ordinal

# Chip styles by value (static/style.css): the better (lower) the card, the higher the class it belongs to.
TIERS = ((3, "dal-royal"), (6, "dal-noble"), (9, "dal-merchant"))

KINDS = {"great-tax": say("Great Peon's tax"), "little-tax": say("Little Peon's tax"),
         "great-return": say("Great Dalmuti's return"), "little-return": say("Little Dalmuti's return"),
         "market": say("market card"), "market-return": say("market card back"), "not-due": say("owed by nobody")}
# A moment's story is its sentences one after the other: joined by a space in every language.
SPACE = Text("dalmuti_replay", " ", {})


def style(text: object) -> str:
    card = Card.read(text)
    if card is None:
        return "unknown"
    if card.jester:
        return "dal-jester"
    return next((name for top, name in TIERS if card.value <= top), "dal-peasant")


def chips(cards: list | None) -> list[dict]:
    """Cards as the page's chips show them: the text and its style."""
    return [{"card": card, "style": style(card)} for card in cards or []]


def round_id(number: int) -> str:
    return f"round-{number}"


def trick_id(number: int, trick: int) -> str:
    return f"round-{number}-trick-{trick}"


def play_id(number: int, trick: int, play: int) -> str:
    return f"round-{number}-trick-{trick}-play-{play}"


def show(cards: list | None) -> str:
    return " ".join(str(card) for card in cards or []) or NO_CARDS


def findings_at(report: dict) -> dict[tuple, list[dict]]:
    """Errors and warnings by where they are: (round,), (round, trick), (round, trick, play) or ()."""
    grouped: dict[tuple, list[dict]] = {}
    for finding in [*(report.get("errors") or []), *(report.get("warnings") or [])]:
        where: tuple = ()
        for unit in ("round", "trick", "play"):
            if not isinstance(finding.get(unit), int):
                break
            where = (*where, finding[unit])
        grouped.setdefault(where, []).append(finding)
    return grouped


def _split(findings: list[dict]) -> dict:
    return {"errors": [f for f in findings if f.get("severity") == "error"],
            "warnings": [f for f in findings if f.get("severity") != "error"]}


def _play_story(play: dict, beaten: tuple[str, list] | None, place: int | None) -> Text:
    who = play["player"]
    if play["pass"]:
        return say("{player} passes.", player=who)
    words = {"player": who, "cards": show(play["cards"])}
    if beaten:
        words.update(beaten=beaten[0], beaten_cards=show(beaten[1]))
    if place is None:
        return say("{player} plays {cards} on {beaten}'s {beaten_cards}.", **words) if beaten else \
            say("{player} plays {cards}, leading.", **words)
    words["place"] = ordinal(place)
    if beaten:
        return say_n("{player} plays {cards} on {beaten}'s {beaten_cards}. {player} goes out {place} ({count} point).",
                     "{player} plays {cards} on {beaten}'s {beaten_cards}. {player} goes out {place} ({count} "
                     "points).", play["points"], **words)
    return say_n("{player} plays {cards}, leading. {player} goes out {place} ({count} point).",
                 "{player} plays {cards}, leading. {player} goes out {place} ({count} points).", play["points"],
                 **words)


def play_stories(trick: dict) -> list[str]:
    """Each play's story in a trick row (kept out of the rows: it only words what they hold)."""
    stories, beaten = [], None
    for play in trick["plays"]:
        stories.append(_play_story(play, beaten, play.get("place")))
        if not play["pass"]:
            beaten = (play["player"], play["cards"])
    return stories


def _trick_row(number: int, trick: dict, grouped: dict, x: int, places: dict[str, tuple[int, int]]) -> dict:
    """A trick's plays, each with only what it holds or changes (a long session has thousands of plays: the
    timeline must not repeat per play what a trick, a round or a card's style already says)."""
    plays, beaten = [], None
    for play in trick.get("plays") or []:
        x += 1
        place, points = places.get(play.get("player"), (None, 0)) if play.get("out") else (None, 0)
        found = grouped.get((number, trick["number"], play["number"]), [])
        row = {"play": play["number"], "id": play_id(number, trick["number"], play["number"]), "x": x,
               "player": play.get("player"), "cards": play.get("cards"), "pass": bool(play.get("pass")),
               "left": play.get("cards_left") or {}, "wins": False}
        if play.get("out"):  # what most plays lack is left out: "out", "place", "findings", "note"
            row.update(out=True, place=place, points=points,
                       place_text=say("out {place}", place=ordinal(place)) if place else None)
        if found:
            row.update(findings=found, flagged=any(f.get("severity") == "error" for f in found))
        if play.get("note") is not None:
            row["note"] = play["note"]
        if not row["pass"]:
            beaten = (row["player"], row["cards"])
        plays.append(row)
    winner = trick.get("winner")
    sets = [row for row in plays if not row["pass"]]
    if winner and sets and sets[-1]["player"] == winner:
        sets[-1]["wins"] = True
    # The round's last player ends it still holding cards (rule 9): among those who finish in this trick, but
    # not one who went out.
    left = trick.get("cards_left") or {}
    emptied = [name for name in trick.get("out") or [] if not left.get(name)]
    last = [name for name in trick.get("out") or [] if left.get(name)]
    words = {"trick": trick["number"], "out": ", ".join(emptied)}
    if winner and beaten:
        words.update(winner=winner, cards=show(beaten[1]))
        story = say("Trick {trick}: {winner}'s {cards} wins it; out: {out}.", **words) if emptied else \
            say("Trick {trick}: {winner}'s {cards} wins it.", **words)
    else:
        story = say("Trick {trick}: no set was played; out: {out}.", **words) if emptied else \
            say("Trick {trick}: no set was played.", **words)
    if last:
        story = Joined([story, say("{player} is left last, still holding cards.", player=last[0])], SPACE, SPACE)
    return {"number": trick["number"], "id": trick_id(number, trick["number"]), "x": x, "leader": trick.get("leader"),
            "winner": winner, "plays": plays, "out": list(trick.get("out") or []), "note": trick.get("note"),
            "left": left, "story": story,
            **_split(grouped.get((number, trick["number"]), []))}


def _setup_story(row: dict) -> Text:
    order, ranks, number = row["order"], row["ranks"], row["number"]
    parts = [say("Round {round}: {first} is Great Dalmuti, {last} Great Peon.", round=number, first=ranks[0],
                 last=ranks[-1]) if ranks else say("Round {round}.", round=number)]
    if row["joined"]:
        parts.append(say("Joining: {players}.", players=", ".join(row["joined"])))
    name = row["revolution"]
    if name and row["revolution_refused"]:
        # The log's claim, not a fact: the finding says why it does not stand.
        parts.append(say("{name} declares a revolution, which is not allowed (see the finding).", name=name))
    elif name:
        if row["revolution_kind"] == "great":
            parts.append(say("{name} holds both Jesters and declares a Great Revolution: the ranks are reversed.",
                             name=name))
        else:
            parts.append(say("{name} holds both Jesters and declares a revolution: no taxes.", name=name))
        if row["revolution_kind"] == "great" and order:
            parts.append(say("{name} now leads as Great Dalmuti.", name=order[0]))
    for tax in row["taxes"]:
        given = Joined([str(card) for card in tax["cards"]]) if tax["cards"] else NO_CARDS  # "1 and 5", not "1 5"
        parts.append(say("{giver} gives {cards} to {receiver} ({kind}).", giver=tax["from"], cards=given,
                         receiver=tax["to"], kind=tax["label"]))
    if not row["taxes"] and not row["revolution"]:
        parts.append(say("No cards change hands before play."))
    return Joined(parts, SPACE, " ")


def _tax_flagged(tax: dict, findings: list[dict]) -> bool:
    """A transfer a tax finding is about: the giver's, of the kind the finding says (owed by nobody or not)."""
    for finding in findings:
        code = finding.get("code") or ""
        if finding.get("severity") == "error" and code.startswith("tax-") and finding.get("player") == tax["from"] \
                and (code == "tax-not-due") == (tax["kind"] == "not-due"):
            return True
    return False


def wrong_claims(row: dict) -> list[str]:
    """Which of the round's claims (ranks, finish, points, totals) differ from the replay."""
    wrong = []
    for key in ("ranks", "finish", "points", "totals"):
        claimed = row["claims"].get(key)
        if claimed is None:
            continue
        truth = row[key]
        differs = any(truth.get(name) != value for name, value in claimed.items()) \
            if isinstance(claimed, dict) else claimed != truth
        if differs:
            wrong.append(key)
    return wrong


def timeline(report: dict) -> dict:
    """Per-round data shared by the page's list of rounds, the steps, the table view and ``/timeline``."""
    grouped = findings_at(report)
    rows, x = [], 0
    for record in report.get("rounds") or []:
        number = record["number"]
        x += 1
        places = {out["player"]: (place, out["points"]) for place, out in enumerate(record.get("out") or [], start=1)}
        found = grouped.get((number,), [])
        taxes = [{**tax, "label": KINDS.get(tax["kind"], tax["kind"]), "chips": chips(tax.get("cards"))}
                 for tax in record.get("taxes") or []]
        for tax in taxes:
            tax["flagged"] = _tax_flagged(tax, found)
        size = len(record.get("order") or [])
        row = {"number": number, "id": round_id(number), "x": x, "ranks": list(record.get("ranks") or []),
               "order": list(record.get("order") or []), "joined": list(record.get("joined") or []),
               "titles": {name: rank_title(seat, size) for seat, name in enumerate(record.get("order") or [], 1)},
               "dealt": record.get("dealt") or {}, "revolution": record.get("revolution"),
               "revolution_kind": record.get("revolution_kind"), "taxes": taxes,
               "start": dict(record.get("start") or {}),
               "finish": list(record.get("finish") or []), "out": list(record.get("out") or []),
               "points": record.get("points") or {}, "totals": record.get("totals") or {},
               "complete": bool(record.get("complete")), "note": record.get("note"),
               "claims": record.get("claims") or {}, "tricks": [], **_split(found)}
        for trick in record.get("tricks") or []:
            trick_row = _trick_row(number, trick, grouped, x, places)
            x = trick_row["x"]
            row["tricks"].append(trick_row)
        row["revolution_refused"] = any(finding.get("code") == "revolution-invalid" for finding in found)
        row["story"] = _setup_story(row)
        row["wrong_claims"] = wrong_claims(row)
        row["end"] = x
        rows.append(row)
    end = report.get("end") or {}
    seen = {card for row in rows for trick in row["tricks"] for play in trick["plays"] for card in play["cards"] or ()}
    return {"players": [name for name in report.get("players") or [] if isinstance(name, str)], "rounds": rows,
            "target": end.get("points"), "styles": {card: style(card) for card in sorted(seen, key=str)}}


def steps(timeline: dict) -> list[dict]:
    rows = timeline.get("rounds") or []
    found = []
    for row in rows:
        where = {"round": row["number"], "rounds": len(rows)}
        found.append({"id": row["id"], "status": say("Round {round} of {rounds} · before play", **where),
                      "story": row["story"], "x": row["x"], "major": True})
        for trick in row["tricks"]:
            for play, story in zip(trick["plays"], play_stories(trick), strict=True):
                found.append({"id": play["id"], "x": play["x"], "story": story,
                              "status": say("Round {round} of {rounds} · trick {trick} · play {play}",
                                            trick=trick["number"], play=play["play"], **where)})
            found.append({"id": trick["id"], "x": trick["x"], "story": trick["story"], "major": True,
                          "status": say("Round {round} of {rounds} · trick {trick} ends", trick=trick["number"],
                                        **where)})
    return found

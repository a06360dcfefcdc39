"""Olympi Cards race by race: the moments of a game as plain data, and the steps a reader walks.

``timeline(report)`` gathers, per race, the discipline and its rule in words, the postponed card, the
turns with their cards (each with its colour name for the chips), who retired when and what it earned,
and the findings of each race and turn. ``steps(timeline)`` turns that into the stepper's moments: the
setup, every turn (``race-R-turn-T``, the anchor of a finding in that turn) and every race's outcome
(``race-R``, a major step, so ↑/↓ jump race by race). Stories are plain text; templates escape them.
"""

from __future__ import annotations

from olympi_replay.cards import Card
from olympi_replay.rules import RACES

SETUP = "setup"
NOT_DECLARED = "not declared"
PLACES = {1: "1st", 2: "2nd", 3: "3rd"}
CONCEDED = {1: "bronze", 2: "silver", 3: "gold"}  # two players: what a race's n-th pass gives the other


def ordinal(number: int) -> str:
    return PLACES.get(number, f"{number}th")


def card_chip(text: object) -> dict:
    """A card as the page shows it: its text and colour name (``unknown`` for an unreadable one)."""
    card = Card.from_object(text) if isinstance(text, str) else None
    return {"card": text if isinstance(text, str) else "?", "color": card.color_name if card else "unknown"}


def turn_id(race: int, turn: int) -> str:
    return f"race-{race}-turn-{turn}"


def _findings(report: dict) -> dict[tuple[int | None, int | None], list[dict]]:
    grouped: dict[tuple[int | None, int | None], list[dict]] = {}
    for finding in [*(report.get("errors") or []), *(report.get("warnings") or [])]:
        race = finding.get("race") if isinstance(finding.get("race"), int) else None
        turn = finding.get("turn") if isinstance(finding.get("turn"), int) else None
        grouped.setdefault((race, turn), []).append(finding)
    return grouped


def reward_words(retirement: dict) -> str:
    """What a retirement earned: ``gold``, ``bronze, 2 cards, the First-player card``, ``nothing``."""
    parts = [retirement["medal"]] if retirement.get("medal") else []
    if retirement.get("drew"):
        parts.append(f"{retirement['drew']} card{'s' * (retirement['drew'] != 1)}")
    if retirement.get("first_player"):
        parts.append("the First-player card")
    return ", ".join(parts) or "nothing"


def conceded(retirement: dict, other: str) -> str:
    """Two players: what a pass gives the opponent."""
    return f"{other} takes {CONCEDED.get(retirement['place'], 'nothing')}"


def turn_story(turn: dict) -> str:
    """One turn in a sentence or two (plain text)."""
    who, retirement = turn["player"] if isinstance(turn["player"], str) else "?", turn["retirement"]
    if turn["ignored"]:
        return f"{who}'s turn {turn['number']} is not counted (see its finding)."
    if turn["action"] == "play":
        cards = " ".join(chip["card"] for chip in turn["cards"]) or "no card"
        story = f"{who} plays {cards}."
    elif retirement is not None and turn["gives"]:
        story = f"{who} passes ({turn['place']} pass): {reward_words(retirement)}; {turn['gives']}."
    elif retirement is not None:
        story = f"{who} retires {turn['place']}: {reward_words(retirement)}."
    else:
        story = f"{who} {'passes' if turn['action'] == 'pass' else 'retires'}."
    if turn["draw"]:
        story += " Draws " + " ".join(chip["card"] for chip in turn["draw"]) + "."
    if turn["reshuffled"]:
        story += " The discards are shuffled into a new deck."
    return story + (f" {turn['note']}" if turn.get("note") else "")


def race_story(race: dict) -> str:
    """The race's outcome in a sentence or two (plain text)."""
    head = f"{race['discipline']}: "
    if not race["finished"]:
        return head + "the race did not finish."
    medals = [f"{name} {', '.join(won)}" for name, won in race["medals"].items() if won]
    story = head + ("; ".join(medals) if medals else "no medals") + "."
    if race["record"]:
        story += f" {race['record']} sets a World Record."
    if race["took_first_player"]:
        story += f" {race['took_first_player']} takes the First-player card."
    return story


def timeline(report: dict) -> dict:
    """The races with their turns, retirements and findings, as JSON-ready data."""
    grouped = _findings(report)
    players = [name for name in report.get("players") or [] if isinstance(name, str)]
    races = []
    for race in report.get("races") or []:
        number = race["number"]
        by_turn = {retirement["turn"]: retirement for retirement in race.get("retirements") or []
                   if isinstance(retirement.get("turn"), int)}
        turns = []
        for turn in race.get("turns") or []:
            found = grouped.get((number, turn["number"]), [])
            row = {"number": turn["number"], "player": turn["player"], "action": turn["action"],
                   "cards": [card_chip(text) for text in turn["cards"]], "drew": turn["drew"],
                   "draw": None if turn["draw"] is None else [card_chip(text) for text in turn["draw"]],
                   "reshuffled": turn["reshuffled"], "ignored": turn["ignored"], "note": turn["note"],
                   "hand_after": turn.get("hand_after"), "retirement": by_turn.get(turn["number"]),
                   "place": ordinal(by_turn[turn["number"]]["place"]) if turn["number"] in by_turn else None,
                   "gives": None,
                   "errors": [f for f in found if f.get("severity") == "error"],
                   "warnings": [f for f in found if f.get("severity") != "error"]}
            retirement = row["retirement"]
            if retirement and len(players) == 2:
                row["gives"] = conceded(retirement, next((n for n in players if n != turn["player"]), "?"))
            row["story"] = turn_story(row)
            turns.append(row)
        found = grouped.get((number, None), [])
        row = {"number": number, "discipline": race["discipline"], "postponed": race["postponed"],
               "rule": race["rule"] or NOT_DECLARED, "cards_per_play": race["cards_per_play"],
               "first_player": race["first_player"], "finished": race["finished"], "note": race["note"],
               "turns": turns, "retirements": list(race.get("retirements") or []), "medals": race["medals"],
               "record": race["record"], "took_first_player": race["took_first_player"],
               "scores_after": race["scores_after"], "hands_after": race["hands_after"],
               "reshuffles": race["reshuffles"],
               "errors": [f for f in found if f.get("severity") == "error"],
               "warnings": [f for f in found if f.get("severity") != "error"]}
        row["story"] = race_story(row)
        races.append(row)
    setup = grouped.get((None, None), [])
    return {"players": players, "world_record": bool((report.get("options") or {}).get("world_record")),
            "first_player": report.get("first_player"), "dealt": report.get("hands") is not None,
            "races": races, "setup_findings": setup}


def steps(timeline: dict) -> list[dict]:
    """The setup, then each race's turns and its outcome; ``x`` is the race number on the timeline charts."""
    races = timeline.get("races") or []
    count = max(RACES, len(races))
    holder = timeline.get("first_player")
    opening = "Six cards each" + (" (the log gives the deal)" if timeline.get("dealt") else "") + "; "
    opening += f"{holder} holds the First-player card." if holder else "race 1's first turn shows the first player."
    found = [{"id": SETUP, "status": "Setup", "x": None, "major": True,
              "story": opening + " Step forward to play the game turn by turn."}]
    for race in races:
        number = race["number"]
        for turn in race["turns"]:
            found.append({"id": turn_id(number, turn["number"]), "x": number, "story": turn["story"],
                          "status": f"Race {number} of {count} · turn {turn['number']}"})
        found.append({"id": f"race-{number}", "status": f"Race {number} of {count} · {race['discipline']}",
                      "story": race["story"], "x": number, "major": True})
    return found

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
from olympi_replay.words import medal_word, reward_words, say
from replaykit.words import COMMA, SEMICOLON, SPACE, Joined, Text, ordinal

SETUP = "setup"
NOT_DECLARED = say("not declared")
CONCEDED = {1: "bronze", 2: "silver", 3: "gold"}  # two players: what a race's n-th pass gives the other


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


def conceded(retirement: dict, other: str) -> Text:
    """Two players: what a pass gives the opponent."""
    given = CONCEDED.get(retirement["place"])
    if given is None:
        return say("{player} takes nothing", player=other)
    return say("{player} takes {medal}", player=other, medal=medal_word(given))


def turn_story(turn: dict) -> Text:
    """One turn in a sentence or two (plain text)."""
    who, retirement = turn["player"] if isinstance(turn["player"], str) else "?", turn["retirement"]
    if turn["ignored"]:
        return say("{player}'s turn {number} is not counted (see its finding).", player=who, number=turn["number"])
    if turn["action"] == "play":
        cards = " ".join(chip["card"] for chip in turn["cards"])
        story = say("{player} plays {cards}.", player=who, cards=cards) if cards else \
            say("{player} plays no card.", player=who)
    elif retirement is not None and turn["gives"]:
        story = say("{player} passes ({place} pass): {reward}; {gives}.", player=who, place=turn["place"],
                    reward=reward_words(retirement), gives=turn["gives"])
    elif retirement is not None:
        story = say("{player} retires {place}: {reward}.", player=who, place=turn["place"],
                    reward=reward_words(retirement))
    elif turn["action"] == "pass":
        story = say("{player} passes.", player=who)
    else:
        story = say("{player} retires.", player=who)
    parts = [story]
    if turn["draw"]:
        parts.append(say("Draws {cards}.", cards=" ".join(chip["card"] for chip in turn["draw"])))
    if turn["reshuffled"]:
        parts.append(say("The discards are shuffled into a new deck."))
    if turn.get("note"):
        parts.append(turn["note"])
    return Joined(parts, SPACE, SPACE) if len(parts) > 1 else story


def race_story(race: dict) -> Text:
    """The race's outcome in a sentence or two (plain text)."""
    if not race["finished"]:
        return say("{discipline}: the race did not finish.", discipline=race["discipline"])
    medals = [say("{player} {medals}", player=name, medals=Joined([medal_word(item) for item in won], COMMA, COMMA))
              for name, won in race["medals"].items() if won]
    parts = [say("{discipline}: {medals}.", discipline=race["discipline"], medals=Joined(medals, SEMICOLON, SEMICOLON))
             if medals else say("{discipline}: no medals.", discipline=race["discipline"])]
    if race["record"]:
        parts.append(say("{player} sets a World Record.", player=race["record"]))
    if race["took_first_player"]:
        parts.append(say("{player} takes the First-player card.", player=race["took_first_player"]))
    return Joined(parts, SPACE, SPACE) if len(parts) > 1 else parts[0]


def discipline_titles(report: dict) -> dict[str, str]:
    """The name each discipline a log names by a catalogue id is shown by: the catalogue's title, in the reader's
    language for the shipped catalogue (not ``house-higher``)."""
    return {definition["name"]: definition["title"] for definition in report.get("disciplines") or []
            if isinstance(definition, dict) and definition.get("title")}


def timeline(report: dict) -> dict:
    """The races with their turns, retirements and findings, as JSON-ready data."""
    grouped = _findings(report)
    players = [name for name in report.get("players") or [] if isinstance(name, str)]
    titles = discipline_titles(report)
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
        row = {"number": number, "discipline": titles.get(race["discipline"], race["discipline"]),
               "postponed": titles.get(race["postponed"], race["postponed"]),
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
    found = [{"id": SETUP, "status": say("Setup"), "x": None, "major": True, "story": _opening(timeline, holder)}]
    for race in races:
        number = race["number"]
        for turn in race["turns"]:
            found.append({"id": turn_id(number, turn["number"]), "x": number, "story": turn["story"],
                          "status": say("Race {number} of {count} · turn {turn}", number=number, count=count,
                                        turn=turn["number"])})
        found.append({"id": f"race-{number}", "status": say("Race {number} of {count} · {discipline}", number=number,
                                                             count=count, discipline=race["discipline"]),
                      "story": race["story"], "x": number, "major": True})
    return found


def _opening(timeline: dict, holder: str | None) -> Text:
    dealt = bool(timeline.get("dealt"))
    if holder and dealt:
        return say("Six cards each (the log gives the deal); {player} holds the First-player card. Step forward to "
                   "play the game turn by turn.", player=holder)
    if holder:
        return say("Six cards each; {player} holds the First-player card. Step forward to play the game turn by "
                   "turn.", player=holder)
    if dealt:
        return say("Six cards each (the log gives the deal); race 1's first turn shows the first player. Step "
                   "forward to play the game turn by turn.")
    return say("Six cards each; race 1's first turn shows the first player. Step forward to play the game turn by "
               "turn.")

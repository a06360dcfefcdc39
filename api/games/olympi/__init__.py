"""Olympi Cards on the web: its moments, table view, key moments, charts, standings and page partial.

The races and steps are built in ``timeline``, the table view in ``table`` and the figures in ``charts``
(this package's modules); this module tells the generic analysis page how to use them.
"""

from __future__ import annotations

from api.adapters import Adapter, claimed_standings, colour_deck, facts
from api.adapters.kept import other_choices
from api.adapters.wording import claims_moment, moment_label
from api.games.olympi import charts as charts
from api.games.olympi import table as board
from api.games.olympi import timeline as races
from olympi_replay import cards, catalogue, rules, whatif
from olympi_replay.state import RECORD
from olympi_replay.words import COLOUR_WORDS, MEDAL_WORDS, UNITS, say, say_n
from replaykit.findings import tokens

# Findings outside any race are shown where they can be seen: the setup in the table view, or the result.
SETUP_KEYS = {"players", "first_player", "disciplines", "discipline_deck", "hands", "deck", "options", "version"}
RESULT_KEYS = {"scores", "winners"}
MANY_CARDS = 3  # drawing this many on retiring is the early-exit trade-off worth pointing at
MOST_KEY_MOMENTS = 16


def figures(report: dict) -> list[dict]:
    return [
        {"id": "vp", "label": say("Victory points after each race chart"), "figure": charts.vp_figure(report),
         "timeline": True},
        {"id": "order", "label": say("Order of retirement per race chart"), "figure": charts.order_figure(report),
         "timeline": True},
        {"id": "hands", "label": say("Cards in hand after each race chart"), "figure": charts.hands_figure(report),
         "timeline": True},
        {"id": "medals", "label": say("Medal table chart"), "figure": charts.medal_figure(report), "timeline": False},
    ]


def game_facts(report: dict) -> list[str]:
    found = facts(report)
    count = len(report.get("races") or [])
    if count:
        found.append(say_n("{count} race", "{count} races", count))
    if (report.get("options") or {}).get("world_record"):
        found.append(say("World Record variant"))
    return found


def key_moments(report: dict, timeline: dict) -> list[dict]:
    """Errors, each race's gold, big early exits for cards, World Records and reshuffles, in game order."""
    found: list[tuple[int, int, dict]] = []
    replayed = {race["number"] for race in timeline.get("races") or []}
    for finding in report.get("errors") or []:
        race, turn = finding.get("race"), finding.get("turn")
        if race in replayed:
            step = races.turn_id(race, turn) if isinstance(turn, int) else f"race-{race}"
            where = say("Race {race}, turn {turn}", race=race, turn=turn) if isinstance(turn, int) else \
                say("Race {race}", race=race)
            found.append((race, turn or 999, {"step": step, "kind": "error", "label": moment_label(where, finding)}))
    for race in timeline.get("races") or []:
        number, step = race["number"], f"race-{race['number']}"
        gold = [name for name, won in race["medals"].items() if "gold" in won]
        if gold:
            found.append((number, 1000, {"step": step, "kind": "gold",
                                         "label": say("Race {number}: {players} wins {discipline}", number=number,
                                                      players=", ".join(gold), discipline=race["discipline"])}))
        if race["record"]:
            found.append((number, 1001, {"step": step, "kind": "record",
                                         "label": say("Race {number}: World Record by {player}", number=number,
                                                      player=race["record"])}))
        for turn in race["turns"]:
            retirement = turn["retirement"]
            if retirement and retirement["place"] == 1 and retirement["drew"] >= MANY_CARDS:
                found.append((number, turn["number"], {
                    "step": races.turn_id(number, turn["number"]), "kind": "cards",
                    "label": say("Race {number}: {player} out first for {count} cards", number=number,
                                 player=turn["player"], count=retirement["drew"])}))
            if turn["reshuffled"]:
                found.append((number, turn["number"], {"step": races.turn_id(number, turn["number"]),
                                                       "kind": "reshuffle",
                                                       "label": say("Race {number}: reshuffle", number=number)}))
    # the game's own claims (its scores, its winners) belong to no race: they are told at its last
    last = timeline["races"][-1]["number"] if timeline.get("races") else None
    claims = claims_moment(report, "race", None if last is None else f"race-{last}")
    if claims:
        found.append((last, 10**6, claims))
    found.sort(key=lambda item: item[:2])
    # Errors first when there are too many to list: they are what a reader came for; then every race's winner (a
    # game of nine races once lost its last one to the first races' retirements); then the rest, in order.
    errors = [item for item in found if item[2]["kind"] == "error"][:MOST_KEY_MOMENTS]
    others = sorted((item for item in found if item[2]["kind"] != "error"),
                    key=lambda item: item[2]["kind"] != "gold")[:MOST_KEY_MOMENTS - len(errors)]
    return [moment for _race, _turn, moment in sorted(errors + others, key=lambda item: item[:2])]


def target(finding: dict) -> str | None:
    """Where a finding outside any turn can be seen: the setup, or the result."""
    parts = tokens(finding.get("path") or "")
    key = parts[0] if parts else ""
    if key in RESULT_KEYS:
        return "result"
    if key in SETUP_KEYS:
        return races.SETUP
    return None


def better_plays(engine, document: object, report: dict) -> dict | None:
    """Per turn of a known hand the other plays and retiring, with their effect on the race (olympi_replay.whatif)."""
    return other_choices("olympi", whatif, engine, document, report, say(
        "Other choices are shown for the first {count} turns of this game only: a bound on the work one game "
        "may cost.", count=whatif.MAX_EXAMINED))


def recorder() -> dict:
    return {"first": "first_player", "steps": "races", "claims": "scores", "hands": "setup",
            "deck": {**colour_deck(cards.COLORS, cards.COLOR_NAMES, (1, 9), COLOUR_WORDS), "copies": cards.COPIES},
            "hand_size": rules.HAND_SIZE,
            "options": [{"name": "world_record", "help": say("the World Record variant")}],
            # a race revealed may name the discipline postponed before it, whether or not the outcome offered does
            "fill_keys": {"discipline": ["postponed"]},
            # what the recorder asks of a chance step, part by part (static/record-chance.js)
            "chance": {"draw": say("The cards drawn"), "discipline": say("The discipline raced"),
                       "postponed": say("Revealed first and postponed (if it was)")},
            # the view's keys worth showing, and the words of its values
            "words": {"race": UNITS["race"], "discipline": say("discipline"), "rule": say("rule"),
                      "disciplines_left": say("disciplines left"), "first_player": say("First-player card"),
                      # a seat's medals and World Records are not counted beside its pile, which says them all
                      "podium": say("medals of this race"), "record": say("World Record"), "retired": say("retired")},
            # the parts of a step, as "Something else happened" asks them (static/record-fill.js)
            "fields": {"action": say("What they do")},
            # a seat's pile in the table view: its medals and World Records, each said
            "pile": {"words": say("medals"), "count": False},
            # a catalogue discipline is shown by its title, never its id (house-higher-or-same-colour); a turn's
            # action by what the player does
            "values": {**{key: entry.title for key, entry in catalogue.current().entries.items()}, **MEDAL_WORDS,
                       "play": say("Plays cards"), "retire": say("Retires"), "pass": say("Passes"),
                       RECORD: say("World Record")},  # a World Record among a seat's medals
            # the score sheet's line per race: races[i].awards
            "sheet": {"parts": "races", "unit": UNITS["race"], "claims": [
                {"key": "awards/medals", "kind": "medals", "label": say("medals of this race"),
                 "values": list(MEDAL_WORDS)},
                {"key": "awards/first_player", "kind": "player", "label": say("First-player card")},
                {"key": "awards/record", "kind": "player", "label": say("World Record"), "option": "world_record"}]},
            "disciplines": {"count": rules.RACES,
                            "catalogue": [{"id": key, "title": entry.title}
                                          for key, entry in catalogue.current().entries.items()]}}


ADAPTER = Adapter(timeline=races.timeline, steps=races.steps, figures=figures, partial="games/olympi/moments.html",
                  facts=game_facts, standings=claimed_standings, table=board.table, key_moments=key_moments,
                  target=target, better_plays=better_plays, branches=True, recorder=recorder, result_in=say("in VP"))

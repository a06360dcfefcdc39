"""Il Grande Dalmuti on the web: its moments, table view, key moments, charts, standings and page partial.

The moments are built in ``grande_dalmuti_timeline``, the figures in ``grande_dalmuti_charts`` and the
table view in ``grande_dalmuti_table``; this module tells the generic analysis page how to use them.
"""

from __future__ import annotations

import itertools

from api.adapters import Adapter, claimed_standings, facts
from api.adapters.kept import other_choices
from api.adapters.wording import claims_moment, moment_label
from api.games.grande_dalmuti import charts as charts
from api.games.grande_dalmuti import table as board
from api.games.grande_dalmuti import timeline as moments
from dalmuti_replay import cards, whatif
from dalmuti_replay.engine import VARIANT_HELP
from dalmuti_replay.rounds import names
from dalmuti_replay.words import UNITS, say, say_n

# Findings outside every round are shown where they can be seen: the final result, or the first round.
TARGETS = {"totals": "result", "winners": "result", "end": "result", "players": "round-1", "options": "round-1"}
MAX_KEY_MOMENTS = 14


def figures(report: dict) -> list[dict]:
    shown = moments.timeline(report)
    return [
        {"id": "cards-left", "label": say("Cards left in each hand after every play chart"),
         "figure": charts.cards_left_figure(shown), "timeline": True},
        {"id": "ladder", "label": say("Social ladder: each player's rank round by round chart"),
         "figure": charts.ladder_figure(shown), "timeline": False},
        {"id": "points", "label": say("Session points after each round chart"), "figure": charts.points_figure(shown),
         "timeline": False},
    ]


def session_facts(report: dict) -> list[str]:
    found = facts(report)
    count = len(report.get("rounds") or [])
    if count:
        found.append(say_n("{count} round", "{count} rounds", count))
    end = report.get("end") or {}
    if end.get("points"):
        found.append(say_n("to {count} points", "to {count} points", end["points"]))
    return found


def totals_beside_claims(report: dict) -> dict:
    """Session points with the log's claimed totals beside them; "leading" unless complete and valid."""
    return claimed_standings(report, "totals")


def key_moments(report: dict, timeline: dict) -> list[dict]:
    """Errors, revolutions, who went out first in each round, the biggest climbs and falls, the end."""
    found: list[tuple[int, dict]] = []
    for x, step, errors in charts.error_points(timeline):
        found.append((x, {"step": step, "kind": "error", "label": moment_label(_where(step), *errors)}))
    rows = timeline.get("rounds") or []
    for row in rows:
        if row["revolution"] and not row.get("revolution_refused"):  # a refused one is an error moment
            words = {"round": row["number"], "name": row["revolution"]}
            label = say("Round {round}: Great Revolution by {name}", **words) if row["revolution_kind"] == "great" \
                else say("Round {round}: Revolution by {name}", **words)
            found.append((row["x"], {"step": row["id"], "kind": "revolution", "label": label}))
        first = next((play for trick in row["tricks"] for play in trick["plays"] if play.get("place") == 1), None)
        if first is not None:
            found.append((first["x"], {"step": first["id"], "kind": "out",
                                       "label": say("Round {round}: {player} goes out first", round=row["number"],
                                                    player=first["player"])}))
    jumps = []
    for before, after in itertools.pairwise(rows):
        for name in after["ranks"]:
            if name in before["ranks"]:
                change = before["ranks"].index(name) - after["ranks"].index(name)
                if change:
                    jumps.append((abs(change), change, after, name))
    for _size, change, row, name in sorted(jumps, key=lambda jump: (-jump[0], jump[2]["number"]))[:2]:
        words = {"round": row["number"], "name": name, "rank": row["titles"].get(name, "")}
        label = say_n("Round {round}: {name} climbs {count} rank to {rank}",
                      "Round {round}: {name} climbs {count} ranks to {rank}", abs(change), **words) if change > 0 else \
            say_n("Round {round}: {name} falls {count} rank to {rank}",
                  "Round {round}: {name} falls {count} ranks to {rank}", abs(change), **words)
        found.append((row["x"], {"step": row["id"], "kind": "jump", "label": label}))
    # the session's own claims (its totals, its winners) belong to no round: they are told at its end
    last = rows[-1]["tricks"][-1] if rows and rows[-1]["tricks"] else None
    claims = claims_moment(report, "round", last and last["id"], say("The session's result"))
    found = sorted(found, key=lambda item: item[0])[:MAX_KEY_MOMENTS - (2 if claims else 1)]
    if last:
        if claims:
            found.append((last["x"], claims))
        winners = names((report.get("result") or {}).get("winners") or [])
        label = say("Session ends: won by {winners}", winners=winners) if report.get("complete") else \
            say("The log stops: {winners} ahead", winners=winners)
        found.append((last["x"], {"step": last["id"], "kind": "end", "label": label}))
    return [moment for _x, moment in found]


def _where(step: str) -> str:
    """A step's id (``round-2-trick-4-play-3``) in words: ``Round 2 trick 4 play 3``."""
    numbers = step.split("-")[1::2]
    if len(numbers) == 1:
        return say("Round {round}", round=numbers[0])
    if len(numbers) == 2:
        return say("Round {round} trick {trick}", round=numbers[0], trick=numbers[1])
    return say("Round {round} trick {trick} play {play}", round=numbers[0], trick=numbers[1], play=numbers[2])


def target(finding: dict) -> str | None:
    """Where a finding outside any round can be seen."""
    path = finding.get("path") or ""
    return TARGETS.get(path.split("/")[1]) if path.count("/") >= 1 else None


def better_plays(engine, document: object, report: dict) -> dict | None:
    """Per play of a known hand its other legal sets and whether each would have stood (dalmuti_replay.whatif)."""
    return other_choices("grande-dalmuti", whatif, engine, document, report, say(
        "Other sets are shown for the first {count} plays of this session only: a bound on the work one game "
        "may cost.", count=whatif.MAX_EXAMINED))


def recorder() -> dict:
    # a session's setup begins round 1 (its seating is the players' order); later rounds are steps
    return {"first": None, "steps": "rounds", "start": [{"tricks": []}], "claims": "totals", "hands": "round",
            "deck": {"kind": "rank", "values": [1, cards.TOP_VALUE], "jester": cards.JESTER_TEXT,
                     # each value n is n cards (twelve 12s), and two Jesters
                     "copies": {**{str(value): value for value in range(1, cards.TOP_VALUE + 1)},
                                cards.JESTER_TEXT: cards.JESTERS_IN_DECK},
                     # small games leave the top values out (rule 2), unless the full_deck variant is on
                     "top": {str(count): cards.deck_top(count) for count in (4, 5)}},
            "options": [{"name": name, "help": help} for name, help in VARIANT_HELP.items()], "end": True,
            # what the recorder asks of a chance step, part by part (static/record-chance.js)
            "chance": {"hands": say("The cards dealt")},
            # a seat's pile in the table view: the cards it has laid this round, counted
            "pile": {"words": say("Cards played"), "count": True},
            # the view's keys worth showing (the taxes show as the round's steps)
            "words": {"round": UNITS["round"], "trick": UNITS["trick"], "rank": say("social class"),
                      "out": say("place in the finishing order"),  # beside the rank held this round
                      "ranks": say("order of rank"), "revolution": say("revolution")},
            # the parts of a step, as "Something else happened" asks them (static/record-fill.js)
            "fields": {"pass": say("Passes"), "from": say("Who gives"), "to": say("Who receives"),
                       "revolution": say("Who declares a revolution"), "round": say("Round")},
            # the score sheet's line per round (rounds[i].ranks, .finish, .points, .totals); newcomers join a round
            "sheet": {"parts": "rounds", "unit": UNITS["round"], "joins": "join", "claims": [
                {"key": "ranks", "kind": "order", "label": say("order of rank")},
                {"key": "finish", "kind": "order", "label": say("finishing order")},
                {"key": "points", "kind": "numbers", "label": say("points of the round")},
                {"key": "totals", "kind": "numbers", "label": say("totals after the round")}]}}


ADAPTER = Adapter(timeline=moments.timeline, steps=moments.steps,
                  figures=figures, partial="games/grande-dalmuti/moments.html",
                  facts=session_facts, standings=totals_beside_claims, table=board.table, key_moments=key_moments,
                  target=target, better_plays=better_plays, branches=True, recorder=recorder,
                  result_in=say("in points of the place"))

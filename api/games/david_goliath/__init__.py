"""David & Goliath on the web: its moments, table view, key moments, charts and page partial.

The figures and the per-trick timeline are built in ``david_goliath_charts``, the table view in
``david_goliath_table``; this module tells the generic analysis page how to use them. A match log's
games are its parts, each shown on a page of its own.
"""

from __future__ import annotations

from api.adapters import Adapter, claimed_standings, colour_deck, facts
from api.adapters.wording import claims_moment, moment_label
from api.games.david_goliath import charts as charts
from api.games.david_goliath import table as board
from api.games.david_goliath.whatif import better_plays
from dg_replay import cards
from dg_replay.words import COLOUR_WORDS, UNITS, say, say_n

# Findings with no trick are shown where they can be seen: the deal in the table view, or the result.
TARGETS = {"hands": board.DEAL, "dealer": board.DEAL, "scores": "result", "winners": "result", "totals": "result"}


def figures(report: dict) -> list[dict]:
    return [
        {"id": "scores", "label": say("Score evolution chart"), "figure": charts.score_figure(report),
         "timeline": True},
        {"id": "captures", "label": say("Capture timeline chart"), "figure": charts.capture_figure(report),
         "timeline": True},
        {"id": "breakdown", "label": say("Final score by colour chart"), "figure": charts.breakdown_figure(report),
         "timeline": False},
    ]


def overview_figures(report: dict) -> list[dict]:
    return [{"id": "totals", "label": say("Match totals chart"), "figure": charts.totals_figure(report),
             "timeline": False}]


def parts(report: dict) -> list[dict | None] | None:
    return list(report.get("games") or []) if report.get("kind") == "match" else None


def game_facts(report: dict) -> list[str]:
    found = facts(report)
    if report.get("kind") == "match":
        count = len(report.get("games") or [])
        found.insert(0, say_n("match of {count} game", "match of {count} games", count))
    elif report.get("dealer"):
        found.append(say("dealt by {dealer}", dealer=report["dealer"]))
    return found


def key_moments(report: dict, timeline: dict) -> list[dict]:
    """The moments worth jumping to: every error, the biggest swings, colours spoiled (a third card)."""
    found: list[tuple[int, int, dict]] = []
    for finding in report.get("errors") or []:
        trick, play = finding.get("trick"), finding.get("play")
        if isinstance(trick, int):
            step = board.play_id(trick, play) if isinstance(play, int) else f"trick-{trick}"
            found.append((trick, play or 99, {"step": step, "kind": "error",
                                              "label": moment_label(say("Trick {number}", number=trick), finding)}))
    previous: dict[str, int] = {}
    swings = []
    for row in timeline.get("tricks") or []:
        if not row["resolved"]:
            continue
        for name, score in row["scores_after"].items():
            change = score - previous.get(name, 0)
            if change < 0:
                found.append((row["number"], 100, {"step": f"trick-{row['number']}", "kind": "spoiled",
                                                   "label": say("Trick {number}: {name} reaches three cards of a "
                                                                "colour, which then score 1 point each ({before} → "
                                                                "{after})", number=row["number"], name=name,
                                                                before=previous.get(name, 0), after=score)}))
            elif change:
                swings.append((change, row["number"], name))
            previous[name] = score
    for change, number, name in sorted(swings, reverse=True)[:2]:
        found.append((number, 101, {"step": f"trick-{number}", "kind": "swing",
                                    "label": say("Trick {number}: {name} +{change}", number=number, name=name,
                                                 change=change)}))
    # the game's own claims (its scores, its winners) belong to no trick: they are told at its last
    tricks = timeline.get("tricks") or []
    claims = claims_moment(report, "trick", f"trick-{tricks[-1]['number']}" if tricks else None)
    moments = [moment for _trick, _order, moment in sorted(found, key=lambda item: item[:2])][:12 - bool(claims)]
    return [*moments, claims] if claims else moments


def target(finding: dict) -> str | None:
    """Where a finding outside any trick can be seen."""
    path = finding.get("path") or ""
    return TARGETS.get(path.split("/")[1]) if path.count("/") >= 1 else None


def recorder() -> dict:
    return {"first": "dealer", "steps": "tricks", "claims": "scores", "hands": "setup",
            "deck": {**colour_deck(cards.COLORS, cards.COLOR_NAMES, None, COLOUR_WORDS), "copies": 1},
            "hand_size": len(cards.COLORS) * 3,
            "match": "david-goliath-match",
            "words": {"trick": UNITS["trick"], "dealer": say("dealer")},  # the view's keys worth showing
            # what the recorder asks of a chance step, part by part (static/record-chance.js)
            "chance": {"hands": say("The cards dealt"), "dealer": say("Who deals")},
            # a seat's pile in the table view: its captures, counted
            "pile": {"words": say("Captured"), "count": True}}


ADAPTER = Adapter(timeline=charts.timeline, steps=board.steps,
                  figures=figures, partial="games/david-goliath/moments.html",
                  facts=game_facts, parts=parts, part_unit="game", overview_figures=overview_figures,
                  standings=claimed_standings, table=board.table, key_moments=key_moments, target=target,
                  better_plays=better_plays, branches=True, recorder=recorder, result_in=say("in points"))

"""Web adapters: each game's presentation, kept out of the generic pages.

A game's adapter is ``ADAPTER`` of the module its home names (``Engine.home.web``: ``api.games.<id_>`` for
this repository's games, ``<package>.web`` for a plugin); a registered game whose home names none is shown
by the defaults here (verdict, findings, standings; no charts). This package holds only what adapters
share (``charts``: the look of every chart; ``kept``: analyses kept per process; ``wording``: findings in
words), never a game. Every function
takes a report dict (``Engine.validate(...).to_dict()``) and returns plain data, so adapters are unit
tested without Flask and templates only place what they return.

- ``timeline(report)``: the game's moments as JSON-ready data (also served at ``…/timeline``).
- ``steps(timeline)``: the moments a reader steps through, in order: ``{"id", "status", "story", "x"}``;
  ``id`` is the deep-link anchor a finding's position resolves to (``replaykit.findings.anchor``), ``x``
  where the moment stands on the charts marked ``timeline``.
- ``figures(report)``: ``[{"id", "label", "figure", "timeline"}]`` Plotly figure dicts. On a timeline chart
  a trace with ``"meta": "story"`` needs no hover text: the page shows the story of the moment at each x.
- ``partial``: the template that lays the moments out, given ``timeline``: ``games/<id>/<file>``, the file
  in the game's home's ``templates``.
- ``standings(report)``: the result table, claims beside truth.
- ``parts(report)``: for a document of several games (a match), the part reports, else ``None``.
- ``table(report, timeline, snapshots)``: the table view (the board panel of ``templates/game.html``): seats,
  starting hands and how they are known, and per moment the cards leaving hands (``leave``), joining
  them (``join``, e.g. a draw), joining piles and lying in the middle, with the cards a finding is about
  (``bad``; a ``None`` card marks only the seat) and those that prove it (``proof``); a moment's
  ``sizes`` sets hand sizes where some cards are unseen, and its ``deal`` (``seats``, ``start``, ``sources``)
  deals afresh for a new round, piles emptied; ``None`` for no table view.
- ``key_moments(report, timeline)``: ``[{"step", "kind", "label"}]``, the moments worth jumping to.
- ``target(finding)``: where a finding outside any moment can be seen (a step id or a page section).
- ``branches``: whether the board offers "Try another play" (a hypothetical branch through
  ``/api/v1/choices``), once a game's State has been checked to give the log so far at every step.
- ``better_plays(engine, document, report)``: what other plays would have done, for a single game:
  ``{"plays": {step id: {...}}, "moments": [key moments]}`` (the board shows a selected play's entry), or
  ``None`` where the game has no such analysis.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from api.adapters.wording import is_claim
from replaykit import registry
from replaykit.engine import Engine
from replaykit.findings import anchor, tokens
from replaykit.words import Text, say, say_n


def no_figures(report: dict) -> list[dict]:
    return []


def no_timeline(report: dict) -> dict:
    return {"players": players_of(report)}


def no_steps(timeline: dict) -> list[dict]:
    return []


def no_parts(report: dict) -> list[dict | None] | None:
    return None


def no_table(report: dict, timeline: dict, snapshots: list[tuple[str, dict]]) -> dict | None:
    return None


def no_key_moments(report: dict, timeline: dict) -> list[dict]:
    return []


def no_target(finding: dict) -> str | None:
    return None


def no_better_plays(engine: Engine, document: object, report: dict) -> dict | None:
    return None


def players_of(report: dict) -> list[str]:
    """The report's players, each once: a log naming one twice is refused, and its page lists the name once."""
    return list(dict.fromkeys(name for name in report.get("players") or [] if isinstance(name, str)))


def played_to_the_end(report: dict) -> bool:
    """A complete game whose plays were all legal: only what the score sheet claims may be wrong (a
    miscounted score does not change who won by the rules)."""
    errors = [finding.get("code") for finding in report.get("errors") or []]
    return bool(report.get("complete")) and all(is_claim(code) for code in errors)


def standings(report: dict) -> dict:
    """Each player's score (``result.scores``, else ``result.points``), best first; "leading" until the game
    was played legally to its end, since a broken or unfinished game has no winner yet."""
    result = report.get("result") or {}
    scores = result.get("scores") if isinstance(result.get("scores"), dict) else result.get("points") or {}
    winners = result.get("winners") or []
    final = played_to_the_end(report)
    rows = [{"name": name, "value": scores.get(name), "claimed": None, "best": name in winners}
            for name in players_of(report)]
    # A result is read as a ranking: the winners, then the highest score down (every game here counts up);
    # equal scores keep their seats' order, as the rules' shared wins do.
    rows.sort(key=lambda row: (not row["best"], not isinstance(row["value"], int),
                               -row["value"] if isinstance(row["value"], int) else 0))
    # a game played to its end with a rule broken is over, yet its count is no result: the scores as played
    label = say("Result") if final else say("Scores as played") if report.get("complete") else \
        say("Standing so far")
    return {"label": label, "best": "winner" if final else "leading",
            "best_label": say("winner") if final else say("leading"), "rows": rows}


def claimed_standings(report: dict, key: str = "scores") -> dict:
    """``standings`` with what the log claims beside it: ``report["claims"][key]`` per player, and the
    claimed winners."""
    shown = standings(report)
    claims = report.get("claims") or {}
    claimed = claims.get(key) or {}
    for row in shown["rows"]:
        row["claimed"] = claimed.get(row["name"])
    shown["claimed_winners"] = claims.get("winners")
    return shown


def facts(report: dict) -> list[Text]:
    count = len(players_of(report))
    return [say_n("{count} player", "{count} players", count)] if count else []


@dataclass(frozen=True)
class Adapter:
    timeline: Callable[[dict], dict] = no_timeline
    steps: Callable[[dict], list[dict]] = no_steps
    figures: Callable[[dict], list[dict]] = no_figures
    partial: str | None = None
    standings: Callable[[dict], dict] = standings
    facts: Callable[[dict], list[str]] = facts
    parts: Callable[[dict], list[dict | None] | None] = no_parts
    part_unit: str = "game"  # the unit that numbers the parts' findings in the whole document's report
    overview_figures: Callable[[dict], list[dict]] = no_figures
    table: Callable[[dict, dict, list[tuple[str, dict]]], dict | None] = no_table
    key_moments: Callable[[dict, dict], list[dict]] = no_key_moments
    target: Callable[[dict], str | None] = no_target
    better_plays: Callable[[Engine, object, dict], dict | None] = no_better_plays
    branches: bool = False  # the board offers hypothetical branches (its State's log so far is checked)
    # The unit of the result the computer analysis values, as the phrase its values and costs are said in
    # (``say("in points")``); ``None``: a phrase of no unit.
    result_in: Text | None = None
    # How the recorder's setup form starts a game (``api.record``): its players' first seat, its steps, its
    # deck for the deal entry, its variants, where the score sheet's claims go. ``None``: no setup form; a
    # log of the game is still recorded on from the State API alone.
    recorder: Callable[[], dict] | None = None


DEFAULT = Adapter()


def colour_deck(letters: tuple[str, ...], names: dict[str, str], values: tuple[int, int] | None,
                words: dict[str, Text]) -> dict:
    """A recorder's deck of cards written as a colour letter and a value (``names``: each letter's style
    name; ``words``: its colour in the reader's language, for the key that says what a letter is, since the
    letters are the log's, English initials); ``values`` ``None`` means 1 to 3 × the players."""
    return {"kind": "colour", "colours": {letter.lower(): letter for letter in letters},
            "names": {letter: names[letter] for letter in letters},
            "words": {letter: words[letter] for letter in letters}, "values": list(values) if values else None}


@functools.cache
def adapter_for(engine: Engine) -> Adapter:
    """The game's ``ADAPTER``, from the module its home names, or ``DEFAULT`` when it names none. An adapter
    that fails to import raises: that must not pass silently."""
    module = registry.home_module(engine, "web")
    return DEFAULT if module is None else module.ADAPTER


def finding_anchor(finding: dict, units: tuple[str, ...], skip: str | None = None) -> str:
    """The deep-link anchor of a finding dict: its units, outermost first (``skip`` one already chosen)."""
    return anchor(tuple((unit, finding.get(unit)) for unit in units if unit != skip
                        and isinstance(finding.get(unit), int)))


def deal_marks(report: dict) -> list[list]:
    """The table view's marks on the deal (``report["hands"]``): the card at each error's ``/hands/NAME/k``,
    and the seat alone (a ``None`` card) for an error about a whole hand, ``/hands/NAME``."""
    marks: list[list] = []
    deal = report.get("hands") or {}
    for finding in report.get("errors") or []:
        parts = tokens(finding.get("path") or "")
        if len(parts) == 3 and parts[0] == "hands" and parts[2].isdigit():
            cards = deal.get(parts[1]) or []
            marks.append([parts[1], cards[int(parts[2])] if int(parts[2]) < len(cards) else None])
        elif len(parts) == 2 and parts[0] == "hands":
            marks.append([parts[1], None])
    return marks

"""The registry of supported games: the only place the web layer learns which engines exist.

Each entry names the ``game`` values a log may carry and gives the engine's ``validate`` and the chart
builders for its reports. A second game is a sibling package of ``dg_replay`` plus one entry in ``GAMES``;
the API, pages and storage only ever go through ``for_document`` and the ``GameSupport`` it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import dg_replay
from api import charts

SCHEMA_CODE = "schema"


@dataclass(frozen=True)
class GameSupport:
    id: str
    name: str
    log_games: tuple[str, ...]  # the values of a log's "game" this engine reads (single game, match)
    validate: Callable[..., object]  # (any JSON value, size limits) -> report with .valid and .to_dict()
    game_figures: Callable[[dict], dict[str, dict]]  # single-game report dict -> figures by element id
    match_figures: Callable[[dict], dict[str, dict]]
    timeline: Callable[[dict], dict]


GAMES: dict[str, GameSupport] = {
    "david-goliath": GameSupport(
        id="david-goliath",
        name="David & Goliath",
        log_games=(dg_replay.GAME_ID, dg_replay.MATCH_ID),
        validate=dg_replay.validate,
        game_figures=charts.game_figures,
        match_figures=charts.match_figures,
        timeline=charts.timeline,
    ),
}
DEFAULT_GAME = "david-goliath"


def for_document(document: object) -> GameSupport:
    """The engine for a parsed log; a log naming no known game goes to the default engine, which then
    reports the wrong ``game`` as a schema finding like any other shape problem."""
    name = document.get("game") if isinstance(document, dict) else None
    for support in GAMES.values():
        if name in support.log_games:
            return support
    return GAMES[DEFAULT_GAME]


def by_id(game_id: str) -> GameSupport:
    return GAMES.get(game_id) or GAMES[DEFAULT_GAME]


@dataclass(frozen=True)
class Verdict:
    """A validated document: the engine that read it and the report as a dict."""

    support: GameSupport
    report: dict

    @property
    def schema_errors(self) -> list[dict]:
        """The findings that say the document is not a log's shape at all (the API's 422)."""
        return [finding for finding in self.report.get("errors", []) if finding.get("code") == SCHEMA_CODE]

    @property
    def valid(self) -> bool:
        return bool(self.report.get("valid"))


def validate(document: object, limits: dg_replay.Limits = dg_replay.DEFAULT_LIMITS) -> Verdict:
    support = for_document(document)
    return Verdict(support, support.validate(document, limits).to_dict())

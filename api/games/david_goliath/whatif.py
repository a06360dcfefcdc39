"""David & Goliath's "what another play would have done" on the analysis board: ``dg_replay.whatif`` for a
single game with its deal, the plays worth a key moment in words, kept per process so that a page and its
moments are computed once (the analysis of a 6-player game takes about half a second at a load average of
8.6, ``make bench``). A best swap is a replay of the real game with the leaders the rules choose, not a
guarantee: the computer analysis (``api.background``) says what a play could guarantee.
"""

from __future__ import annotations

from api.adapters.kept import kept
from dg_replay import whatif
from dg_replay.words import say
from replaykit.engine import Engine
from replaykit.words import Text


def label(mark: dict) -> Text:
    """ "Trick 1: with R2 here and R8 at trick 2, Andrea would have scored 10 (+3)": what a swap would have
    made, in hindsight (no "cost", the computer's word for what a play lost against best play)."""
    return say("Trick {trick}: with {swap} here and {card} at trick {later}, {player} would have scored {score} "
               "(+{gain})", trick=mark["trick"], card=mark["card"], player=mark["player"], swap=mark["swap_card"],
               later=mark["swap_trick"], score=mark["score"], gain=mark["gain"])


def better_plays(engine: Engine, document: object, report: dict) -> dict | None:
    """Per play of a known hand its other cards and best swap, and the key moments of the marked plays;
    ``None`` for a match or a game without its deal."""
    if report.get("kind") != "game" or not report.get("hands") or not isinstance(document, dict):
        return None

    def analysed() -> dict:
        found = whatif.analyse(engine, document, report)
        return {"plays": found.plays,
                "moments": [{"step": mark["step"], "kind": "better", "label": label(mark)} for mark in found.marked]}

    return kept("david-goliath", document, analysed)

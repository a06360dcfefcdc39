"""Il Grande Dalmuti's "other sets here" on the analysis board: ``dalmuti_replay.whatif`` for every play of
a known hand — the other legal sets and whether each would have stood in its trick — kept per process."""

from __future__ import annotations

from api.adapters.kept import kept
from dalmuti_replay import whatif
from dalmuti_replay.words import say
from replaykit.engine import Engine


def better_plays(engine: Engine, document: object, report: dict) -> dict | None:
    """Per play of a known hand its other legal sets and their effect on the trick; ``None`` when no hand
    is known (a log without its deals)."""
    if not isinstance(document, dict):
        return None
    plays = kept("grande-dalmuti", document, lambda: whatif.analyse(engine, document, report))
    if not plays:
        return None
    if whatif.examined_all(report):
        return {"plays": plays, "moments": []}
    return {"plays": plays, "moments": [], "note": say(
        "Other sets are shown for the first {count} plays of this session only: a bound on the work one game "
        "may cost.", count=whatif.MAX_EXAMINED)}

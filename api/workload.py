"""The bound on what one upload may cost, checked before anything is replayed (both upload paths).

Storing a game computes its report, the table view after every step and the what-if, and keeps them
(``api.web.store``); the table views grow with steps × seats, which each game reads from the document as
written (``Engine.work``, ``replaykit.work``). An upload whose measure is past ``UPLOAD_MAX_WORK`` is
refused with a 422 problem document that names the measure, the limit and the document's value; nothing
is replayed or stored. Validating (``POST /api/v1/validate``) computes no table view and is not bounded
here. Both, and the form, refuse a log whose report would pass the bound on an answer's size
(``bounded_answer``), once it is replayed and before anything is stored.

The default keeps the costliest upload it accepts within 3 s and 300 MB of one worker on the project's
2-core machine, with room for a busy machine (``make bench``, the section "Uploads"): a David & Goliath
match of six players, 12 games of 40 tricks of 40 plays, measures 115,278 and is stored (2.3 s of CPU and
71 MB at a load average of 12); the match at every limit at once (30 such games) measures 288,186 and is
refused, as is anything of 120 players at that length (5.8 million). The longest Il Grande Dalmuti session
of 20 players (6,000 plays) measures about 115,000.
"""

from __future__ import annotations

from flask import current_app
from flask_babel import format_number
from flask_babel import gettext as _

from api import i18n
from api.problems import Problem
from replaykit import registry
from replaykit.jsonio import dumps

DEFAULTS = {"UPLOAD_MAX_WORK": 120_000}
# A report answer is at most this plus ANSWER_PER_BODY_BYTE × the body (docs/RELIABILITY.md, "Answer size"): past
# it, the log is refused rather than answered, whatever the game.
ANSWER_BASE = 256 * 1024
ANSWER_PER_BODY_BYTE = 3


def measure(document: object) -> int:
    """Steps × seats of a document, as its game counts them (0 for a document of no game installed)."""
    engine = registry.engine_for(document)
    return 0 if engine is None else engine.work(document)


def ensure_bounded(document: object) -> None:
    """Raise a 422 ``Problem`` when storing ``document`` would be past ``UPLOAD_MAX_WORK``."""
    limit = current_app.config["UPLOAD_MAX_WORK"]
    work = measure(document)
    if work > limit:
        shown = {"work": format_number(work), "limit": format_number(limit)}
        raise Problem(422, _("This log is too large to store: its steps times its seats come to %(work)s, and an "
                             "upload may come to at most %(limit)s. Split it into smaller logs (a match into "
                             "its games), or validate it without storing it.", **shown),
                      page_detail=_("This log is too large to store: its steps times its seats come to %(work)s, "
                                    "and an upload may come to at most %(limit)s. Split it into smaller logs (a "
                                    "match into its games) and upload each.", **shown),
                      measure="steps × seats", work=work, limit=limit)


def bounded_answer(report: object, body_bytes: int) -> str:
    """``report`` as JSON in the reader's language, the answer it is written once for; a 422 ``Problem`` when
    it would pass the bound on an answer for a body of ``body_bytes``: a log of many short steps among many long
    names (a trick of one pass lists every seat's cards left) is answered more than three times its size."""
    answer = dumps(i18n.localized(report))
    size, limit = len(answer.encode()), ANSWER_BASE + ANSWER_PER_BODY_BYTE * body_bytes
    if size > limit:
        shown = {"size": format_number(size), "limit": format_number(limit), "body": format_number(body_bytes)}
        raise Problem(422, _("This log's report would take %(size)s bytes, and the answer to a body of %(body)s "
                             "bytes may take at most %(limit)s: it holds many short steps among many long names. "
                             "Split it into smaller logs, or shorten the names.", **shown),
                      measure="answer bytes", work=size, limit=limit)
    return answer

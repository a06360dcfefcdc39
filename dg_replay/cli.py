"""``python -m dg_replay``: the project's command line (``replaykit.cli``) for David & Goliath logs only.

``validate`` reads logs like ``card-replay validate``; a log of another game is reported as not a
David & Goliath log. ``simulate`` takes the D&G options directly: ``simulate --players 5 --match``.
"""

from __future__ import annotations

import sys
from typing import TextIO

from dg_replay.engine import ENGINE
from replaykit import cli

PROG = "python -m dg_replay"


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["simulate"] and args[1:2] != [ENGINE.id]:
        args.insert(1, ENGINE.id)  # one game only: its name need not be given
    return cli.main(args, out, err, among=(ENGINE,), prog=PROG)

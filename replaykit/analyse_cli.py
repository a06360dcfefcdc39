"""``card-replay analyse LOG [--json] [--max-nodes N]``: the computer analysis of one log (``replaykit.analysis``).

Without ``--json`` a table of the plays (step, player, the play, the best choices, its cost, whether the
values are exact — ``est`` and a cost written ``~1.5`` for an estimate —, its mark) and each player's
accuracy; with it, the analysis as one JSON document. Exit status: 0
analysed, 1 when the log's game offers no analysis (or the log starts no game), 2 when the input cannot
be read as JSON.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TextIO

from replaykit.analysis import Budget, analyse
from replaykit.checking import MAX_FILE_BYTES, one_log
from replaykit.engine import Engine
from replaykit.jsonio import JSONReadError, read_json

ANALYSED, NO_ANALYSIS, UNREADABLE = 0, 1, 2


def add_parser(commands: argparse._SubParsersAction) -> None:
    command = commands.add_parser("analyse", help="what each play could guarantee, its cost, and each "
                                                 "player's accuracy")
    command.add_argument("path", metavar="LOG", help="a log file, or - for stdin")
    command.add_argument("--json", action="store_true", help="print the analysis as one JSON document")
    command.add_argument("--max-nodes", type=int, default=Budget.max_nodes, metavar="N",
                         help="positions searched for one play before its values are left unproven "
                              "(default %(default)s)")
    command.add_argument("--worlds", type=int, default=Budget.worlds, metavar="N",
                         help="worlds sampled to estimate a play the search cannot prove, 0 for none "
                              "(default %(default)s)")
    command.add_argument("--seed", type=int, default=Budget.seed, metavar="N",
                         help="the seed the worlds are drawn from (default %(default)s)")


def run(args: argparse.Namespace, among: Sequence[Engine], out: TextIO, err: TextIO, stdin: TextIO) -> int:
    try:
        if args.path == "-":
            raw = stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(args.path, "rb") as stream:
                raw = stream.read(MAX_FILE_BYTES + 1)
        _label, read, problem = one_log(args.path, raw)
        if read is None:
            err.write(f"{args.path}: {problem}\n")
            return UNREADABLE
        document = read_json(read)
    except OSError as error:
        err.write(f"{args.path}: cannot open: {error.strerror or error}\n")
        return UNREADABLE
    except JSONReadError as error:
        err.write(f"{args.path}: {error}\n")
        return UNREADABLE
    game = document.get("game") if isinstance(document, dict) else None
    engine = next((engine for engine in among if game in engine.log_games), None)
    budget = Budget(max_nodes=max(1, args.max_nodes), worlds=max(0, args.worlds), seed=args.seed)
    result = None if engine is None else analyse(engine, document, budget)
    if result is None:
        err.write(f"{args.path}: no analysis: {_why_none(engine, document)}\n")
        return NO_ANALYSIS
    out.write(json.dumps(result, ensure_ascii=False) + "\n" if args.json else table(result))
    return ANALYSED


def _why_none(engine: object, document: object) -> str:
    if engine is None:
        return "it names no game installed"
    state = engine.load(document)[1]
    if state is None or hasattr(state, "searchable"):  # a game the search walks, but none in this log
        return "no game starts in this log"
    return "its game offers none"


def words(action: dict | None) -> str:
    """An action as a short phrase: its fields but the player (``card 7``)."""
    if action is None:
        return "-"
    return " ".join(f"{key} {value}" for key, value in action.items() if key != "player")


def table(result: dict) -> str:
    rows = [("step", "player", "played", "best", "cost", "exact", "mark")]
    estimated = 0
    for play in result["plays"]:
        best = " / ".join(words(action) for action in play["best"] or ())
        cost = "illegal" if not play["legal"] else ("-" if play["cost"] is None else f"{play['cost']:g}")
        exact = "yes" if play["exact"] else "no"
        if play["estimate"]:
            estimated += 1
            cost, exact = f"~{cost}", "est"
        rows.append((play["step"], play["player"], words(play["played"]), best or "-", cost, exact,
                     " ".join(play["marks"]) or "-"))
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.append("")
    if estimated:
        lines.append(f"est, ~: {estimated} plays estimated over worlds sampled from what their player had seen, not "
                     "proven")
    for player, seat in result["seats"].items():
        if seat["plays"]:
            line = (f"{player}: {seat['plays']} plays valued, {seat['best_share']:.0%} at cost 0, "
                    f"mean cost {seat['mean_cost']:g}")
        else:
            line = f"{player}: no play valued"
        guessed = seat["estimated"]
        if guessed["plays"]:
            line += (f"; {guessed['plays']} estimated, ~{guessed['best_share']:.0%} at cost 0, "
                     f"mean cost ~{guessed['mean_cost']:g}")
        marked = ", ".join(f"{count} {name}" for name, count in seat["marks"].items() if count)
        lines.append(line + (f"; {marked}" if marked else ""))
    return "\n".join(lines) + "\n"

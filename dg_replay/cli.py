"""The command line (spec section 5): ``python -m dg_replay validate PATH… [--json]`` and ``simulate``.

Exit status of ``validate``: 0 when every log is valid, 1 when some log is invalid, 2 when some input
could not be read as JSON at all (2 wins over 1). A ``.jsonl`` path holds one log per line, each an input
of its own, read as a stream so an archive of any size runs in constant memory.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import TextIO

from dg_replay import validate
from dg_replay.simulate import simulate, simulate_match
from replaykit.jsonread import JSONReadError, read_json

OK, INVALID, UNREADABLE = 0, 1, 2


def inputs(path: str) -> Iterator[tuple[str, bytes | None, str | None]]:
    """Yield ``(label, raw bytes, read error)`` for each input a path names."""
    try:
        # Closed in the finally below, also when the caller stops iterating early.
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    except OSError as error:
        yield path, None, f"cannot open: {error.strerror or error}"
        return
    try:
        if path.endswith(".jsonl"):
            for number, line in enumerate(stream, 1):
                if line.strip():
                    yield f"{path}:{number}", line, None
        else:
            yield ("<stdin>" if path == "-" else path), stream.read(), None
    except OSError as error:
        yield path, None, f"cannot read: {error.strerror or error}"
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def check(label: str, raw: bytes | None, problem: str | None) -> tuple[int, dict, list[str]]:
    """Validate one input: its exit status, its ``--json`` line, and its human-readable lines."""
    if problem is None:
        try:
            document = read_json(raw or b"")
        except JSONReadError as error:
            problem = str(error)
    if problem is not None:
        return UNREADABLE, {"file": label, "valid": None, "read_error": problem}, [f"{label}: {problem}"]
    report = validate(document)
    lines = []
    for finding in report.findings:
        severity = "" if finding.is_error else "warning: "
        lines.append(f"{label}: {finding.location()}: {finding.code}: {severity}{finding.message}")
    errors = sum(finding.is_error for finding in report.findings)
    warnings = len(report.findings) - errors
    verdict = "valid" if report.valid else "INVALID"
    lines.append(f"{label}: {verdict} ({errors} error{'s' * (errors != 1)}, "
                 f"{warnings} warning{'s' * (warnings != 1)})")
    return (OK if report.valid else INVALID), {"file": label, **report.to_dict()}, lines


def run_validate(paths: list[str], as_json: bool, out: TextIO, err: TextIO) -> int:
    status = OK
    for path in paths:
        for label, raw, problem in inputs(path):
            code, data, lines = check(label, raw, problem)
            status = max(status, code)
            if code == UNREADABLE:
                print(lines[0], file=err)
            if as_json:
                out.write(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
            elif code != UNREADABLE:
                out.write("\n".join(lines) + "\n")
    return status


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m dg_replay",
                                     description="Validate David & Goliath game logs against the rules.")
    commands = parser.add_subparsers(dest="command", required=True)
    check_parser = commands.add_parser("validate", help="validate logs (a .jsonl path holds one log per line)")
    check_parser.add_argument("paths", nargs="+", metavar="PATH", help="a log file, a .jsonl archive, or - for stdin")
    check_parser.add_argument("--json", action="store_true", help="print one JSON report per input, one per line")
    sim = commands.add_parser("simulate", help="print the log of a legal game played by simple bots")
    sim.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N", help="3 to 6 (default 4)")
    sim.add_argument("--seed", type=int, default=0, help="the same seed plays the same game")
    sim.add_argument("--no-hands", action="store_true", help="leave out the deal")
    sim.add_argument("--no-claims", action="store_true", help="leave out captures, scores and winners")
    sim.add_argument("--match", action="store_true", help="a whole match: one game per player")
    args = parser.parse_args(argv)
    if args.command == "validate":
        return run_validate(args.paths, args.json, out, err)
    make = simulate_match if args.match else simulate
    log = make(args.players, args.seed, hands=not args.no_hands, claims=not args.no_claims)
    out.write(json.dumps(log, ensure_ascii=False) + "\n")
    return OK

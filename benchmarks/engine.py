"""Engine figures: validation against json.loads, cost per play against python-chess per ply, and bulk
validation of a JSONL archive with one and two processes (speed and peak memory)."""

from __future__ import annotations

import io
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.timing import best_of, settled_heap, table
from dg_replay import read_json, validate
from dg_replay.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


def validation_vs_json(seeds: int = 20) -> tuple[str, dict]:
    rows, ratios = [], {}
    for players in range(3, 7):
        raws = [json.dumps(simulate(players, seed)).encode() for seed in range(seeds)]
        with settled_heap():
            baseline = best_of(lambda raws=raws: [json.loads(raw) for raw in raws], 20) / seeds
            full = best_of(lambda raws=raws: [validate(read_json(raw)) for raw in raws], 10) / seeds
            with_report = best_of(lambda raws=raws: [validate(read_json(raw)).to_dict() for raw in raws], 10) / seeds
        ratios[players] = full / baseline
        rows.append([players, f"{len(raws[0]):,}", f"{baseline * 1e6:.0f}", f"{full * 1e6:.0f}",
                     f"{with_report * 1e6:.0f}", f"{full / baseline:.1f}x"])
    return table("1. Full validation (read, schema, rules, scoring) / json.loads of the same log   target <= 3x",
                 ["players", "bytes", "json.loads us", "validate us", "+report dict us", "ratio"], rows), ratios


def random_pgn_games(count: int, plies: int, seed: int) -> list[str]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    games = []
    while len(games) < count:
        board = chess.Board()
        while board.ply() < plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        if board.ply() == plies:
            games.append(str(chess.pgn.Game.from_board(board)))
    return games


def per_play_vs_chess(count: int = 20) -> tuple[str, float]:
    import chess.pgn

    games = random_pgn_games(count, 80, seed=1)
    raws = [json.dumps(simulate(4, seed)).encode() for seed in range(count)]
    with settled_heap():
        chess_per_ply = best_of(lambda: [chess.pgn.read_game(io.StringIO(text)) for text in games], 3) / (count * 80)
        ours_per_play = best_of(lambda: [validate(read_json(raw)) for raw in raws], 10) / (count * 60)
    ratio = ours_per_play / chess_per_ply
    text = table("2. Cost per play / python-chess read_game per ply (random 80-ply games)   target <= 1/10",
                 ["chess us/ply", "ours us/play", "ratio"],
                 [[f"{chess_per_ply * 1e6:.1f}", f"{ours_per_play * 1e6:.2f}", f"1/{1 / ratio:.1f}"]])
    return text, ratio


def write_archive(path: Path, count: int, distinct: int = 400) -> None:
    """``count`` logs, one per line; cycling through ``distinct`` games keeps generation quick while every
    line is still validated from scratch."""
    lines = [json.dumps(simulate(3 + seed % 4, seed, hands=seed % 2 == 0)) for seed in range(distinct)]
    with path.open("w") as out:
        for index in range(count):
            out.write(lines[index % distinct] + "\n")


def run_cli(archive: Path, jobs: int) -> tuple[float, float]:
    """Wall seconds and the peak resident memory (MB) of the largest process of one CLI run, both taken by a
    small process around the command (the start-up of that measuring process is not the command's)."""
    script = ("import resource, subprocess, sys, time\n"
              "start = time.perf_counter()\n"
              "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)\n"
              "print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    done = subprocess.run([sys.executable, "-c", script, sys.executable, "-m", "dg_replay", "validate", "--json",
                           "--jobs", str(jobs), str(archive)], capture_output=True, text=True, cwd=ROOT, check=True)
    seconds, peak = done.stdout.split()
    return float(seconds), int(peak) / 1024


def bulk(sizes: tuple[int, ...] = (10_000, 100_000)) -> tuple[str, dict]:
    """Each archive on 1 and 2 processes; the speed-up of each size, since the start-up of a second process is
    a fixed cost that weighs on a small archive only."""
    rows, figures = [], {}
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            archive = Path(folder) / f"archive-{size}.jsonl"
            write_archive(archive, size)
            for jobs in (1, 2):
                seconds, peak = run_cli(archive, jobs)
                figures[(size, jobs)] = (size / seconds, peak)
                rows.append([f"{size:,}", jobs, f"{size / seconds:,.0f}", f"{peak:.0f}"])
            archive.unlink()
    for size in sizes:
        rows.append([f"{size:,}", "2 vs 1", f"{figures[(size, 2)][0] / figures[(size, 1)][0]:.2f}x", ""])
    return table("5. Bulk validation of a JSONL archive (python -m dg_replay validate --json), whole command   "
                 "target >= 1.8x, <= 150 MB flat", ["logs", "jobs", "logs/s", "peak MB"], rows), figures


def machine() -> str:
    return (f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
            f"{resource.getpagesize()}-byte pages, {os.uname().machine}")

"""What another play would have done (``dg_replay.whatif``): the whole analysis of a simulated game of
David & Goliath with its deal, every play's other cards and best swap, beside validating the same log."""

from __future__ import annotations

from benchmarks.timing import best_of, table
from dg_replay import whatif
from dg_replay.engine import ENGINE


def whatif_vs_validate(players: tuple[int, ...] = (3, 4, 6), seed: int = 7) -> str:
    rows = []
    for count in players:
        log = ENGINE.simulate(count, seed)
        report = ENGINE.validate(log).to_dict()
        analysed = best_of(lambda log=log, report=report: whatif.analyse(ENGINE, log, report), 1, 3)
        validate = best_of(lambda log=log: ENGINE.validate(log), 5, 3)
        marked = len(whatif.analyse(ENGINE, log, report).marked)
        rows.append([f"{count} players, seed {seed}", count * 15, marked, f"{analysed * 1e3:.0f}",
                     f"{validate * 1e3:.2f}", f"{analysed / validate:.0f}x"])
    return table("What-if: every play's other cards and best swap of a whole D&G game, beside validating it "
                 "(best of 3)", ["game", "plays", "marked", "what-if ms", "validate ms", "ratio"], rows)

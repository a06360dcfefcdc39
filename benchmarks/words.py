"""What saying findings in the reader's language costs (``replaykit.words``): validating an illegal
sample's log in English (the Texts are made as the findings are), beside saying its whole report again
in Italian and Polish, and writing it for storage and reading it back (``words.dumps``, ``words.loads``)."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.timing import best_of, table
from replaykit import registry, words

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
CASES = [("D&G, sloppy transcript", "david-goliath/illegal-sloppy-transcript.json"),
         ("Dalmuti, wrong claims", "grande-dalmuti/wrong-claims-extra-round.json"),
         ("Olympi, illegal turns", "olympi/illegal-turns.json")]


def render_vs_validate() -> str:
    rows = []
    for name, path in CASES:
        document = json.loads((SAMPLES / path).read_text())
        engine = registry.engine_for(document, list(registry.engines().values()))
        report = engine.validate(document).to_dict()
        findings = len(report["errors"]) + len(report["warnings"])
        validate = best_of(lambda document=document, engine=engine: engine.validate(document).to_dict(), 20)
        said = {language: best_of(lambda report=report, language=language:
                                  words.render(report, words.Languages(language)), 20) for language in ("it", "pl")}
        stored = best_of(lambda report=report: words.loads(words.dumps(report)), 20)
        rows.append([name, findings, f"{validate * 1e3:.2f}", f"{said['it'] * 1e3:.2f}", f"{said['pl'] * 1e3:.2f}",
                     f"{stored * 1e3:.2f}", f"{max(said.values()) / validate:.2f}"])
    return table("Findings in the reader's language: a whole report said again, beside validating its log (ms, "
                 "best of 5 × 20)", ["log", "findings", "validate", "say in it", "say in pl", "dumps+loads",
                                      "say / validate"], rows)

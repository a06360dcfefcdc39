"""The Italian and Polish texts of the samples (their titles and notes in ``meta.<language>.toml``, the notes on
their plays in ``notes.<language>.toml``) say every finding in words, as the board titles it, and say where in
words (turno 12, giocata 3 / runda 12, zagranie 3): no finding code (``must-follow-suit``), which a reader sees as
an English word, and no JSON pointer into the log (``/tricks/11/plays/2``)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

from replaykit.engine import CORE_CODES
from replaykit.registry import engines

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
LANGUAGES = ("it", "pl")
TRANSLATED = [path for language in LANGUAGES for kind in ("meta", "notes")
              for path in sorted(SAMPLES.glob(f"*/{kind}.{language}.toml"))]

NOT_A_LETTER_BEFORE, NOT_A_LETTER_AFTER = r"(?<![^\W\d_])", r"(?![^\W\d_])"
# A hyphenated word, as whole: "must-follow-suit" (not a part of a longer word, whatever its letters).
HYPHENATED = re.compile(NOT_A_LETTER_BEFORE + r"[a-z]+(?:-[a-z]+)+" + NOT_A_LETTER_AFTER, re.IGNORECASE)
# A JSON pointer into a log: a slash, not inside a word, a number or a path, and a key ("/players", "/scores/Dennis",
# "/tricks/11/plays/2/card"); a fraction or a list of numbers ("4/10/11", "15/14") is none.
POINTER = re.compile(r"(?<![\w/])/[A-Za-z_][\w-]*(?:/[\w-]+)*")


def codes() -> set[str]:
    """Every finding code of every registered game and of the core."""
    return {entry.code for engine in engines().values() for entry in engine.codes} | {
        entry.code for entry in CORE_CODES}


def strings(value: object, key: str = "") -> Iterator[tuple[str, str]]:
    """Every string value of a TOML table, with the dotted key that reaches it."""
    if isinstance(value, str):
        yield key, value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from strings(item, f"{key}.{name}" if key else name)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from strings(item, f"{key}[{index}]")


def offending(text: str, known: set[str]) -> list[str]:
    said = [token for token in HYPHENATED.findall(text) if token.lower() in known]
    return said + POINTER.findall(text)


def test_the_translated_texts_are_all_found():
    games = {path.name for path in SAMPLES.iterdir() if path.is_dir()}
    assert games and {(path.parent.name, path.name) for path in TRANSLATED} == {
        (game, f"{kind}.{language}.toml") for game in games for kind in ("meta", "notes") for language in LANGUAGES}


def test_the_codes_are_found_and_the_checks_see_them():
    known = codes()
    assert {"must-follow-suit", "tax-not-due", "score-mismatch", "incomplete-game", "more-findings"} <= known
    assert offending("ha ancora il 9 rosso: must-follow-suit al turno 6, giocata 2.", known) == ["must-follow-suit"]
    assert offending("(Tax-not-due)", known) == ["Tax-not-due"]
    assert offending("card-already-played in /tricks/11/plays/1/card.", known) == [
        "card-already-played", "/tricks/11/plays/1/card"]
    assert offending("(score-mismatch in /scores/Dennis)", known) == ["score-mismatch", "/scores/Dennis"]
    assert offending("player-count in /players.", known) == ["player-count", "/players"]
    # A log's own ids, fractions, a word that merely holds a code, and the code's title are all fine.
    assert offending("la disciplina nuoto-del-club, 4/10/11 e 15/14/14/14, e/o", known) == []
    assert offending("xmust-follow-suit, non ha risposto al colore (mancata risposta)", known) == []


def test_no_translated_text_names_a_finding_code_or_a_json_pointer():
    known = codes()
    problems = []
    for path in TRANSLATED:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
        for key, text in strings(table):
            problems += [f"{path.relative_to(ROOT)} [{key}]: {token!r}" for token in offending(text, known)]
    assert not problems, "finding codes or JSON pointers in a translated sample text:\n" + "\n".join(problems)

"""The user-editable discipline catalogue: ids a log may use instead of declaring a discipline inline.

The catalogue is a JSON file, ``{"about": text, "disciplines": {ID: ENTRY, …}}``, each ENTRY shaped like an
inline discipline but with a ``title`` for its display name (a log's races name the discipline by its id)
and an optional ``"house_rule": true`` marking a rule the club made up. The file shipped here,
``olympi_replay/disciplines.json``, names Ciclismo (the one discipline the rulebook names) without a rule
and offers house rules; no entry is a real card's text. A club points the environment variable
``OLYMPI_DISCIPLINES`` at its own copy. ``python -m olympi_replay.catalogue [PATH]`` checks a file and
prints every entry as a sentence.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from olympi_replay.disciplines import Discipline, sentence
from olympi_replay.reader import Reader
from olympi_replay.words import say
from replaykit.jsonio import JSONReadError, read_json
from replaykit.reading import describe

ENVIRONMENT = "OLYMPI_DISCIPLINES"
SHIPPED = Path(__file__).with_name("disciplines.json")
ENTRY_KEYS = frozenset({"title", "cards_per_play", "rule", "note", "house_rule"})


@dataclass
class Catalogue:
    """The entries read from one file and the problems that kept others out (as ``pointer: message``)."""

    path: str
    entries: dict[str, Discipline] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def resolve(self, identifier: str) -> Discipline | None:
        """The discipline an id names, named by the id itself as a log's races name it."""
        entry = self.entries.get(identifier)
        return None if entry is None else Discipline(identifier, entry.cards_per_play, entry.rule, entry.note,
                                                     "catalogue", entry.title)


def read(path: str | os.PathLike) -> Catalogue:
    """Read a catalogue file; never raises: a file that cannot be used is an empty catalogue with a problem."""
    catalogue = Catalogue(str(path))
    try:
        document = read_json(Path(path).read_bytes())
    except (OSError, JSONReadError) as error:
        catalogue.problems.append(f": the file cannot be read ({error}).")
        return catalogue
    entries = document.get("disciplines") if type(document) is dict else None
    if type(entries) is not dict:
        catalogue.problems.append(f'/disciplines: the catalogue must be an object with a "disciplines" object; '
                                  f"found {describe(entries)}.")
        return catalogue
    reader = Reader()
    # The shipped titles are this service's own words, said in the reader's language (scripts.messages extracts
    # them into this package's catalogue); a club's titles are its own and are shown as written.
    shipped = Path(path).resolve() == SHIPPED.resolve()
    for identifier, value in entries.items():
        path_of = f"/disciplines/{identifier}"
        before = reader.count()
        if len(identifier) < 1 or len(identifier) > reader.limits.max_name:
            reader.problem(path_of, say("An id must be 1 to {longest} characters long.",
                                        longest=reader.limits.max_name))
        elif type(value) is not dict:
            reader.problem(path_of, say("An entry must be an object; found {kind}.", kind=describe(value)))
        else:
            entry = reader.definition(value, path_of, "title", ENTRY_KEYS, say("a catalogue entry"))
            if "house_rule" in value and type(value["house_rule"]) is not bool:
                reader.problem(path_of + "/house_rule", say('"house_rule" must be true or false.'))
            if entry is not None and reader.count() == before:
                catalogue.entries[identifier] = Discipline(entry.name, entry.cards_per_play, entry.rule, entry.note,
                                                          entry.source, title=say(entry.name) if shipped
                                                          else entry.name)
    catalogue.problems.extend(f"{problem.path}: {problem.message}" for problem in reader.findings)
    return catalogue


_cache: dict[tuple[str, int], Catalogue] = {}


def current() -> Catalogue:
    """The catalogue in force: the file ``OLYMPI_DISCIPLINES`` names, else the shipped one. Re-read when the
    file changes, so a club's edit takes effect without a restart."""
    path = os.environ.get(ENVIRONMENT) or str(SHIPPED)
    try:
        stamp = os.stat(path).st_mtime_ns
    except OSError:
        stamp = -1
    key = (path, stamp)
    if key not in _cache:
        _cache.clear()
        _cache[key] = read(path)
    return _cache[key]


def main(argv: list[str] | None = None) -> int:
    """Check a catalogue file and print its entries as people will read them; 1 when it has problems."""
    args = sys.argv[1:] if argv is None else argv
    catalogue = read(args[0]) if args else current()
    print(f"Catalogue {catalogue.path}: {len(catalogue.entries)} entries")
    for identifier, entry in catalogue.entries.items():
        print(f"- {identifier} ({entry.title}): {sentence(entry.rule, entry.cards_per_play)}")
    for problem in catalogue.problems:
        print(f"problem at {problem}")
    return 1 if catalogue.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())

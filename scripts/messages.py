"""The message catalogues: find every translatable sentence in the code, keep the ``.po`` files in step
with it, compile them, and say what is missing.

    .venv/bin/python -m scripts.messages extract     # new sentences into every .po (empty), gone ones out
    .venv/bin/python -m scripts.messages compile     # .po → .mo (the README's commands do this)
    .venv/bin/python -m scripts.messages check       # untranslated sentences, placeholders changed
    .venv/bin/python -m scripts.messages add de      # start a new language: a .po for every domain

A *domain* is one catalogue: ``messages`` (the web layer's Python and templates) and ``scripts`` (the
pages' scripts) in ``translations/``, and one per game package and ``replaykit`` in that package's
``locale/``. A game's package is found through the registry, so a new game needs no line here; the modules of
a game's web adapter outside its package (its home's ``web``: ``api/games/<id_>/``) that say their words with
the game's ``say`` are read into its catalogue; so are the ``"title"`` values of the JSON data at a package's top
(Olympi Cards' discipline catalogue), the display names its pages show.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from api.i18n import DEFAULT
from api.i18n import LANGUAGES as SERVED
from replaykit import registry
from replaykit.words import CORE, locale_dir

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = tuple(language for language in SERVED if language != DEFAULT)  # English is the code's own
ENGINE_KEYWORDS = {"say": None, "say_n": (1, 2)}
WEB_KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "lazy_ngettext": (1, 2)}
SCRIPT_KEYWORDS = {"_": None, "_n": (1, 2)}
BRACES = re.compile(r"\{(\w*)[^{}]*\}")  # {name} of str.format and of the scripts
PERCENT = re.compile(r"%\((\w+)\)[sd]")  # %(name)s of gettext in Python and templates


@dataclass(frozen=True)
class Domain:
    name: str
    sources: Path
    method_map: tuple[tuple[str, str], ...]
    keywords: dict
    catalogues: Path
    also: tuple[Path, ...] = ()  # files outside ``sources`` that speak through this domain (a game's web adapters)

    def po(self, language: str) -> Path:
        return self.catalogues / language / "LC_MESSAGES" / f"{self.name}.po"

    def extracted(self) -> Catalog:
        catalog = Catalog(project="Card Replay", domain=self.name)
        for filename, line, message, comments, context in extract_from_dir(
                str(self.sources), list(self.method_map), keywords=self.keywords, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            catalog.add(message, locations=[(filename, line)], auto_comments=comments, context=context)
        for path in self.also:
            for line, message, comments, context in extract_from_file(
                    "python", str(path), keywords=self.keywords, comment_tags=("TRANSLATORS:",),
                    strip_comment_tags=True):
                catalog.add(message, locations=[(path.relative_to(ROOT).as_posix(), line)], auto_comments=comments,
                            context=context)
        return catalog


def _package_domain(package: str, web: tuple[str, ...] = ()) -> Domain:
    """The catalogue of a package, with the modules of ``web`` (a game's web adapters, by dotted name)."""
    source = locale_dir(package)
    if source is None:
        raise SystemExit(f"the package {package} cannot be found")
    # A game's web adapter may say its words with the game's ``say`` (``from <package>.words import``):
    # those words live in the game's catalogue, beside its findings.
    speaking = re.compile(rf"^from {re.escape(package)}\.words import .*\bsay(_n)?\b", re.MULTILINE)
    adapters = tuple(path for path in _files(web) if not path.is_relative_to(source.parent)
                     and speaking.search(path.read_text(encoding="utf-8")))
    return Domain(package, source.parent, (("**.py", "python"), ("*.json", "scripts.messages:json_titles")),
                  ENGINE_KEYWORDS, source, adapters)


def json_titles(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for a package's JSON data: every string under a ``"title"`` key, at its line."""
    text = fileobj.read().decode("utf-8")
    for match in re.finditer(r'"title"\s*:\s*("(?:[^"\\]|\\.)*")', text):
        yield text.count("\n", 0, match.start()) + 1, None, json.loads(match.group(1)), []


def _files(modules: tuple[str, ...]) -> list[Path]:
    """The source files of these modules, every module of a package."""
    found: list[Path] = []
    for name in modules:
        spec = find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            found += sorted(path for folder in spec.submodule_search_locations for path in Path(folder).rglob("*.py"))
        elif spec is not None and spec.origin:
            found.append(Path(spec.origin))
    return found


def domains() -> Iterator[Domain]:
    translations = ROOT / "translations"
    yield Domain("messages", ROOT, (("api/**.py", "python"), ("app.py", "python"), ("schemas/**.py", "python"),
                                    ("templates/**.html", "jinja2.ext:babel_extract")), WEB_KEYWORDS, translations)
    yield Domain("scripts", ROOT, (("static/**.js", "javascript"),), SCRIPT_KEYWORDS, translations)
    # The core's words are said by what every adapter shares and by any game's adapter too.
    yield _package_domain(CORE, ("api.adapters", *(engine.home.web for engine in registry.engines().values()
                                                   if engine.home.web)))
    for package in sorted({engine.package for engine in registry.engines().values()}):
        yield _package_domain(package, tuple(engine.home.web for engine in registry.engines().values()
                                             if engine.package == package and engine.home.web))


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def extract(domain: Domain, languages: tuple[str, ...] = LANGUAGES) -> None:
    template = domain.extracted()
    for language in languages:
        path = domain.po(language)
        if path.exists():
            catalog = read(path, language)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, domain=domain.name, project="Card Replay")
            catalog.update(template, no_fuzzy_matching=True)
        written = _rendered(catalog)
        # A catalogue whose messages did not change keeps its file, byte for byte: its creation date, the
        # Babel version in its header and the line breaks a translator chose are no change worth a diff.
        if not path.exists() or _dated_apart(_rendered(read(path, language))) != _dated_apart(written):
            path.write_bytes(written)


def _rendered(catalog: Catalog) -> bytes:
    written = io.BytesIO()
    write_po(written, catalog, width=110, sort_output=False, omit_header=False)
    return written.getvalue()


def _dated_apart(po: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", po)


def compile_catalogue(domain: Domain, language: str) -> None:
    path = domain.po(language)
    if not path.exists():
        return
    compiled = io.BytesIO()
    write_mo(compiled, read(path, language), use_fuzzy=False)
    # Written beside and renamed over: a process reading the catalogue meanwhile (parallel tests compile
    # them too) finds the old file or the new, never half of one.
    partial = path.with_suffix(f".mo.{os.getpid()}")
    partial.write_bytes(compiled.getvalue())
    partial.replace(path.with_suffix(".mo"))


def placeholders(text: str) -> set[str]:
    return set(BRACES.findall(text)) | set(PERCENT.findall(text))


def problems(domain: Domain, language: str) -> list[str]:
    """Every sentence of the code that the language's catalogue leaves untranslated or gets wrong."""
    path = domain.po(language)
    if not path.exists():
        return [f"{path.relative_to(ROOT)}: missing"]
    catalog = read(path, language)
    found = []
    for message in domain.extracted():
        if not message.id:
            continue
        where = f"{domain.name} [{language}] {message.locations[0][0]}:{message.locations[0][1]}"
        translated = catalog.get(message.id, context=message.context)
        strings = () if translated is None else translated.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if translated is None or translated.fuzzy or not all(strings):
            found.append(f"{where}: no translation of {ids[0]!r}")
            continue
        wanted = set().union(*(placeholders(text) for text in ids))
        for string in strings:
            if placeholders(string) - wanted or (len(ids) == 1 and placeholders(string) != wanted):
                found.append(f"{where}: {string!r} changes the placeholders of {ids[0]!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.messages", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "compile", "check", "add"))
    parser.add_argument("language", nargs="?")
    arguments = parser.parse_args(argv)
    if arguments.command == "add":
        if not arguments.language:
            parser.error("add needs a language code, e.g. de")
        for domain in domains():
            extract(domain, (arguments.language,))
        return 0
    languages = LANGUAGES
    found: list[str] = []
    for domain in domains():
        if arguments.command == "extract":
            extract(domain)
        for language in sorted({*languages, *(p.parent.parent.name for p in domain.catalogues.glob(
                f"*/LC_MESSAGES/{domain.name}.po"))}):
            if arguments.command == "compile":
                compile_catalogue(domain, language)
            elif arguments.command == "check":
                found += problems(domain, language)
    print("\n".join(found) or f"{arguments.command}: done")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

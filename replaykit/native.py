"""Compiled builds of the hot modules (the search, a game's position), used in place of their Python source
where the build made them; the ``.py`` files stay the one source of both.

``make`` builds them (``scripts/native.py``, mypyc and a C compiler) into ``build/native/``, never beside
the sources, and writes ``build/native/manifest.json``: for each module of the build list (pyproject.toml,
``[tool.card-replay.native]``) its extension files (its own, and the library its package's group shares), or
why it was left pure, and a fingerprint of every project file it was compiled from, its group's included.
``install()`` (run at interpreter start by the ``.pth`` file the build puts in the virtual environment)
puts a finder first on ``sys.meta_path`` that hands out an extension file for each module whose fingerprint
still matches its sources: once a module is edited, it and the rest of its group (which call its compiled
code natively) are imported from their sources until the next build, so a compiled file never stands for
code that changed.

``CARD_REPLAY_PURE=1`` in the environment turns it off: every module is imported from its source (``make
test`` runs the search's tests once each way). ``path_of(name)`` says which way a module was loaded.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

try:  # a compiled class's options (``mypyc_attr(acyclic=True)``): mypy, which brings them, is the "native" extra
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - the pure source without mypy installed: the classes stay plain
    def mypyc_attr(*attrs: str, **options: object) -> Callable[[T], T]:  # type: ignore[no-redef,misc]
        return lambda cls: cls

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "native"
MANIFEST = BUILD / "manifest.json"
PURE = "CARD_REPLAY_PURE"


def fingerprint(paths: list[str]) -> str:
    """One digest of the named project files (relative to the checkout), in the order given."""
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode() + b"\0" + (ROOT / path).read_bytes() + b"\0")
    return digest.hexdigest()


def read_manifest() -> dict:
    try:
        return json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return {}


def current(manifest: dict) -> dict[str, Path]:
    """Each importable name the build compiled, with its extension file, for the modules whose sources are
    unchanged since and whose files this interpreter can load. The modules of a group share their inputs, so
    each group's files are read once (this runs at every interpreter start)."""
    files: dict[str, Path] = {}
    digests: dict[tuple[str, ...], str | None] = {}
    for entry in manifest.get("modules", {}).values():
        binaries = entry.get("binaries") or {}
        inputs = tuple(entry.get("inputs") or ())
        if inputs not in digests:
            try:
                digests[inputs] = fingerprint(list(inputs)) if inputs else None
            except OSError:
                digests[inputs] = None
        fresh = digests[inputs] is not None and digests[inputs] == entry.get("fingerprint")
        paths = {name: BUILD / path for name, path in binaries.items()}
        if fresh and paths and all(path.name.endswith(EXTENSION_SUFFIXES[0]) and path.is_file()
                                   for path in paths.values()):
            files.update(paths)
    return files


class CompiledFinder:
    """Finds the compiled modules' extension files; every other name is left to the usual finders."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        return spec_from_file_location(name, file, loader=ExtensionFileLoader(name, str(file)))


def install() -> None:
    """Import the compiled modules from now on, unless ``CARD_REPLAY_PURE`` is set (once per process)."""
    if os.environ.get(PURE) or any(isinstance(finder, CompiledFinder) for finder in sys.meta_path):
        return
    files = current(read_manifest())
    if files:
        sys.meta_path.insert(0, CompiledFinder(files))


def path_of(name: str) -> str:
    """``"compiled"`` or ``"pure"``: how the imported module ``name`` was loaded."""
    return "compiled" if isinstance(sys.modules[name].__spec__.loader, ExtensionFileLoader) else "pure"

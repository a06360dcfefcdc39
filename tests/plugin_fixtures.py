"""Game plugins installed for one test: the toy game of ``tests/plugins/`` (registered only by its
``*.dist-info``, as an installed wheel would be) and broken plugins, put on the import path and taken off
again when the test ends, so no other test ever sees them (the counts of games stay those of the project).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from replaykit import registry
from replaykit.engine import Engine

PLUGINS = Path(__file__).resolve().parent / "plugins"
TOY = "toy"


@contextmanager
def installed(*folders: Path) -> Iterator[dict[str, Engine]]:
    """The registry with the plugins of ``folders`` installed too, while the block runs."""
    added = [str(folder) for folder in folders]
    sys.path[:0] = added
    registry.refresh()
    try:
        yield registry.engines()
    finally:
        for folder in added:
            sys.path.remove(folder)
        registry.refresh()


def toy_engine() -> Engine:
    """The toy game's engine, for parametrising tests at collection (the plugin is not left installed)."""
    with installed(PLUGINS) as engines:
        return engines[TOY]


def broken_plugin(folder: Path, target: str = "no_such_module.engine:ENGINE", name: str = "broken") -> Path:
    """A folder holding a registered plugin whose entry point fails to load (``target``)."""
    dist = folder / f"{name}_game-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[card_replay.games]\n{name} = {target}\n")
    return folder

"""Game plugins for the tests: the toy game of ``tests/plugins/`` (registered only by its ``*.dist-info``,
as an installed wheel would be) is installed for the whole run (``install_toy``, from ``conftest``), so it is
held to every check a real game is and no test may count on the project's own games; broken plugins are put
on the import path for one test and taken off again when it ends.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from replaykit import registry
from replaykit.engine import Engine

PLUGINS = Path(__file__).resolve().parent / "plugins"
TOY = "toy"


def install_toy() -> None:
    """Put the toy game on the import path for the whole run, of this process and of those it starts (the
    command line, a Dask cluster's workers)."""
    if str(PLUGINS) not in sys.path:
        sys.path.insert(0, str(PLUGINS))
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PLUGINS), os.environ.get("PYTHONPATH")]))
        registry.refresh()
    _compile_toy_catalogues()


def _compile_toy_catalogues() -> None:
    """The toy's words in every language from the start of the run, as ``make`` gives the project's own: its
    catalogues are compiled here, since ``make translations`` runs where the toy is not installed."""
    locale = PLUGINS / "toy_replay" / "locale"
    stale = [po for po in locale.glob("*/LC_MESSAGES/*.po")
             if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime]
    if stale:
        from scripts import messages

        (domain,) = [domain for domain in messages.domains() if domain.name == "toy_replay"]
        for po in stale:
            messages.compile_catalogue(domain, po.parent.parent.name)


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
    """The toy game's engine, as registered."""
    return registry.engines()[TOY]


def broken_plugin(folder: Path, target: str = "no_such_module.engine:ENGINE", name: str = "broken") -> Path:
    """A folder holding a registered plugin whose entry point fails to load (``target``)."""
    dist = folder / f"{name}_game-0.1.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[card_replay.games]\n{name} = {target}\n")
    return folder

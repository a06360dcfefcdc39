"""The layers: the core imports no game; a game imports only the core and the standard library; the
schemas and the web adapters' pure presentation import no Flask; validating loads no web library.

Every registered game is held to the same, the toy game of tests/plugins/ too: its package's modules are
pure but for the presentation and schemas of record its home names (``Engine.home.web``, ``.schemas``),
which may lie inside it (a plugin's ``web.py`` and ``schemas.py``) and import no web framework."""

import ast
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

from replaykit import registry

ROOT = Path(__file__).resolve().parent.parent
# Used when present, done without otherwise: the JSON reader's accelerator, and the compiled build's class
# options (replaykit.native.mypyc_attr, a no-op without mypy).
OPTIONAL = {"orjson", "mypy_extensions"}
CLUSTER = ROOT / "replaykit" / "cluster.py"  # `validate --scheduler`: Dask, imported only inside its functions
CLUSTER_LIBRARIES = {"dask", "distributed", "fsspec"}
ENGINES = list(registry.engines().values())
WEB_LIBRARIES = ("flask", "flask_smorest", "flask_wtf", "werkzeug", "sqlalchemy", "plotly")


def imported_roots(path: Path, top_level_only: bool = False):
    tree = ast.parse(path.read_text())
    for node in tree.body if top_level_only else ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def files(module: str) -> list[Path]:
    """The source files of a module, every one of a package."""
    spec = find_spec(module)
    if spec.submodule_search_locations:
        return sorted(path for folder in spec.submodule_search_locations for path in Path(folder).rglob("*.py"))
    return [Path(spec.origin)]


# The files of each game's home that present it or describe its records, wherever they are.
PRESENTATION = sorted({path for engine in ENGINES for name in ("web", "schemas")
                       if getattr(engine.home, name) for path in files(getattr(engine.home, name))})
GAME_MODULES = sorted({(engine.package, path) for engine in ENGINES for path in files(engine.package)
                       if path not in PRESENTATION})


def foreign(path: Path, allowed: set[str], top_level_only: bool = False) -> set[str]:
    return {name for name in imported_roots(path, top_level_only)
            if name not in sys.stdlib_module_names and name not in allowed}


@pytest.mark.parametrize("path", [path for path in modules("replaykit") if path != CLUSTER], ids=lambda path: path.name)
def test_the_core_imports_only_the_standard_library_and_no_game(path):
    assert foreign(path, {"replaykit"} | OPTIONAL) == set()


def test_the_cluster_module_imports_dask_only_inside_its_functions():
    assert foreign(CLUSTER, {"replaykit"}, top_level_only=True) == set()
    assert foreign(CLUSTER, {"replaykit"} | CLUSTER_LIBRARIES) == set()


def test_the_command_line_loads_no_dask_without_a_scheduler(tmp_path):
    path = tmp_path / "archive.jsonl"
    path.write_text('{"game": "chess"}\n')
    code = ("import sys; from replaykit import cli\n"
            f"cli.main(['validate', '--jobs', '2', {str(path)!r}], open('/dev/null', 'w'))\n"
            f"print(sorted(m for m in {tuple(CLUSTER_LIBRARIES)!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(("package", "path"), GAME_MODULES, ids=lambda value: getattr(value, "name", value))
def test_a_game_imports_only_the_core_and_the_standard_library(package, path):
    assert foreign(path, {"replaykit", package}) == set()


@pytest.mark.parametrize("path", sorted({*modules("schemas"), *modules("api/adapters"), *modules("api/games"),
                                         *PRESENTATION}),
                         ids=lambda path: f"{path.parent.name}/{path.name}")
def test_schemas_and_adapters_import_no_web_framework(path):
    assert not set(imported_roots(path)) & set(WEB_LIBRARIES)


def test_validating_and_simulating_any_game_loads_no_web_library():
    code = ("import sys; from replaykit import registry\n"
            "for engine in registry.engines().values():\n"
            "    engine.validate(engine.simulate(engine.players[0], 1))\n"
            f"print(sorted(m for m in {(*WEB_LIBRARIES, 'marshmallow')!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"

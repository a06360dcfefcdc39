"""The engine is pure: its rules and replay modules import only the standard library."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE = sorted([*(ROOT / "dg_replay").glob("*.py"), *(ROOT / "replaykit").glob("*.py")])
OWN = {"dg_replay", "replaykit"}
OPTIONAL = {"orjson"}  # an accelerator the JSON reader uses when present and does without otherwise


def imported_roots(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


@pytest.mark.parametrize("path", PURE, ids=lambda path: path.name)
def test_imports_only_the_standard_library(path):
    foreign = {name for name in imported_roots(path)
               if name not in sys.stdlib_module_names and name not in OWN | OPTIONAL}
    assert not foreign


def test_validating_does_not_import_flask():
    import subprocess
    code = ("import sys, dg_replay; from dg_replay.simulate import simulate; dg_replay.validate(simulate(4, 1)); "
            "print(sorted(m for m in ('flask', 'marshmallow', 'plotly', 'sqlalchemy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"

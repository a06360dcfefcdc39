"""The compiled build of the hot modules (replaykit.native, scripts/native.py): each listed module is loaded
the way the build and the environment say (compiled, or pure under CARD_REPLAY_PURE=1, which `make test`
runs the search's tests under too), so a silent fall back to pure code is caught; a compiled module gives
the values its source gives; a module edited since its build is imported from its source; a module mypyc
refuses is left pure with the reason, and the build goes on."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from replaykit import native
from scripts import native as build

ROOT = native.ROOT

VALUES = """
import json, random, sys
from dg_replay import new_state
from dg_replay.position import Position
from dg_replay.simulate import simulate
from replaykit.native import path_of
from replaykit.search import Search
answers = []
for players in (3, 4, 5):
    log = simulate(players, players)
    position = Position.of_game(new_state({**{key: log[key] for key in ("game", "players", "dealer", "hands")},
                                           "tricks": []}))
    rng = random.Random(players)
    for _ in range(12 * players):  # to three tricks from the end
        position.apply_action(rng.choice(position.legal_actions()))
    values = Search(position.turn).action_values(position)
    answers.append([[action, repr(value)] for action, value in values.items()])
print(json.dumps({"paths": [path_of("replaykit.search"), path_of("dg_replay.position")], "values": answers}))
"""


def values(pure: bool) -> dict:
    env = {key: value for key, value in os.environ.items() if key != native.PURE}
    if pure:
        env[native.PURE] = "1"
    done = subprocess.run([sys.executable, "-c", VALUES], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", build.build_list())
def test_each_listed_module_is_loaded_the_way_the_build_and_the_environment_say(module):
    importlib.import_module(module)
    manifest = native.read_manifest()
    if os.environ.get(native.PURE):
        assert native.path_of(module) == "pure"
    elif module in native.current(manifest):  # built from the sources as they are: it must be the one used
        assert native.path_of(module) == "compiled"
    else:  # never built, or edited since (compiled still, where the edit came after this process started)
        built = manifest.get("modules", {}).get(module, {}).get("binaries")
        assert native.path_of(module) == "pure" or built


def test_where_a_compiler_was_found_every_listed_module_was_compiled():
    manifest = native.read_manifest()
    refused = {module: entry.get("why") for module, entry in manifest.get("modules", {}).items()
               if manifest.get("toolchain") and not entry.get("binaries")}
    assert refused == {}, "mypyc refused these (fix the types it names, then `make`)"


def test_the_compiled_search_values_every_play_exactly_as_the_pure_one():
    compiled, pure = values(pure=False), values(pure=True)
    assert pure["paths"] == ["pure", "pure"]
    assert compiled["values"] == pure["values"]  # int stays int, the same actions in the same order
    assert any(len(answer) > 1 for answer in pure["values"])  # a choice to make: an open endgame


def test_a_build_is_used_only_while_its_sources_are_unchanged(tmp_path, monkeypatch):
    monkeypatch.setattr(native, "BUILD", tmp_path)
    library = tmp_path / f"search{EXTENSION_SUFFIXES[0]}"
    library.write_bytes(b"")
    inputs = ["replaykit/native.py"]
    entry = {"inputs": inputs, "binaries": {"replaykit.search": library.name}}
    fresh = {"modules": {"replaykit.search": {**entry, "fingerprint": native.fingerprint(inputs)}}}
    edited = {"modules": {"replaykit.search": {**entry, "fingerprint": "0" * 64}}}
    assert native.current(fresh) == {"replaykit.search": library}
    assert native.current(edited) == {}
    library.unlink()  # a build removed since
    assert native.current(fresh) == {}


def test_a_module_records_the_project_modules_it_imports_as_its_inputs():
    # position.py imports dg_replay.cards, dg_replay.rules and replaykit.search (and random, collections…).
    inputs = build.inputs("dg_replay.position")
    assert {"dg_replay/position.py", "dg_replay/cards.py", "dg_replay/rules.py", "replaykit/search.py"} <= set(inputs)
    assert all((ROOT / path).is_file() for path in inputs)
    assert build.inputs("replaykit.search") == ["replaykit/search.py"]  # the standard library is not ours


def test_a_module_mypyc_refuses_is_left_pure_with_the_reason(tmp_path, monkeypatch):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "__init__.py").write_text("")
    (tmp_path / "broken" / "typo.py").write_text('count: int = "three"\n')
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "BUILD", tmp_path / "native")
    binaries, why = build.compile_module("broken.typo", tmp_path / "native" / "broken.typo")
    assert binaries == {}
    missing = build.missing_toolchain()
    assert (missing is None and "broken/typo.py:1: error" in why) or (missing is not None and why)



def test_without_a_compiler_every_module_stays_pure_and_the_build_says_why(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    for module in (native, build):
        monkeypatch.setattr(module, "BUILD", tmp_path)
        monkeypatch.setattr(module, "MANIFEST", tmp_path / "manifest.json")
    monkeypatch.setattr(build, "install_hook", lambda: "")  # the environment's own hook stays as it is
    build.main()
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"native: {module} runs pure: no C compiler ({tmp_path / 'no-such-cc'})"
                     for module in build.build_list()]
    assert native.current(native.read_manifest()) == {}


def test_a_listed_module_that_cannot_be_read_is_left_pure_with_the_reason(tmp_path, monkeypatch):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "__init__.py").write_text("")
    (tmp_path / "broken" / "half.py").write_text("def half(:\n")  # an edit half-way through
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "BUILD", tmp_path / "native")
    assert build.build_or_say_why("broken.half", {}, "mypy")["why"].startswith("SyntaxError: ")
    assert build.build_or_say_why("broken.gone", {}, "mypy")["why"].startswith("FileNotFoundError: ")


def fake_compiler(calls):
    """Stands in for mypyc: writes one extension file per module and counts the builds."""
    def compile_module(module, out):
        calls.append(module)
        library = out / "lib" / (module.replace(".", "/") + EXTENSION_SUFFIXES[0])
        library.parent.mkdir(parents=True, exist_ok=True)
        library.write_bytes(b"built from " + module.encode())
        return build.extensions(out), None
    return compile_module


def test_a_build_of_the_same_sources_and_toolchain_is_copied_from_the_cache(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(build, "compile_module", fake_compiler(calls))
    monkeypatch.setattr(build, "BUILD", tmp_path / "clone-1")
    monkeypatch.setenv(build.CACHE_VARIABLE, str(tmp_path / "cache"))
    first = build.cached_or_compiled("pkg.hot", tmp_path / "clone-1" / "pkg.hot-1", "digest-a", "mypy 1")
    monkeypatch.setattr(build, "BUILD", tmp_path / "clone-2")  # a fresh clone: an empty build folder
    second = build.cached_or_compiled("pkg.hot", tmp_path / "clone-2" / "pkg.hot-1", "digest-a", "mypy 1")
    assert calls == ["pkg.hot"]
    assert first == second == ({"pkg.hot": "pkg.hot-1/lib/pkg/hot" + EXTENSION_SUFFIXES[0]}, None)
    assert (tmp_path / "clone-2" / second[0]["pkg.hot"]).read_bytes() == b"built from pkg.hot"
    build.cached_or_compiled("pkg.hot", tmp_path / "clone-2" / "pkg.hot-2", "digest-b", "mypy 1")  # sources edited
    build.cached_or_compiled("pkg.hot", tmp_path / "clone-2" / "pkg.hot-3", "digest-a", "mypy 2")  # new toolchain
    assert calls == ["pkg.hot"] * 3


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(build, "compile_module", fake_compiler(calls))
    monkeypatch.setattr(build, "BUILD", tmp_path / "native")
    monkeypatch.setenv(build.CACHE_VARIABLE, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    for _ in range(2):
        build.cached_or_compiled("pkg.hot", tmp_path / "native" / "pkg.hot-1", "digest-a", "mypy 1")
    assert calls == ["pkg.hot", "pkg.hot"]
    assert not (tmp_path / "xdg").exists()

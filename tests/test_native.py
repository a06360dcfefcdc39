"""The compiled build of the hot modules (replaykit.native, scripts/native.py): each listed module is loaded
the way the build and the environment say (compiled, or pure under CARD_REPLAY_PURE=1, which `make test`
runs the search's tests under too), so a silent fall back to pure code is caught; a compiled module gives
the values its source gives; the listed modules of one package are compiled as one group, which goes back to
its sources as a whole once any of them is edited; a module edited since its build is imported from its
source; a module mypyc refuses is left pure with the reason, and the build goes on."""

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


def test_mypyc_refusing_one_module_of_a_group_names_that_module(tmp_path, monkeypatch):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "__init__.py").write_text("")
    (tmp_path / "broken" / "fine.py").write_text("count: int = 3\n")
    (tmp_path / "broken" / "typo.py").write_text('count: int = "three"\n')
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "BUILD", tmp_path / "native")
    binaries, why = build.compile_modules("broken", ["broken.fine", "broken.typo"], tmp_path / "native" / "broken")
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
    """Stands in for mypyc: writes one extension file per module and the library they share, refuses any
    build of a module that gives a str where it says int, and records the modules of each build."""
    def compile_modules(name, modules, out):
        calls.append(modules)
        sources = [build.ROOT / build.source_of(module) for module in modules]
        if any(source.is_file() and 'int = "' in source.read_text() for source in sources):
            return {}, "pkg/bad.py:1: error: refused"
        for module in [*modules, name + "__mypyc"]:
            library = out / "lib" / (module.replace(".", "/") + EXTENSION_SUFFIXES[0])
            library.parent.mkdir(parents=True, exist_ok=True)
            library.write_bytes(b"built from " + module.encode())
        return build.extensions(out), None
    return compile_modules


def fake_package(tmp_path, monkeypatch, calls, *names):
    """A package ``pkg`` of the named modules in a checkout at tmp_path, built by the fake compiler."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    for name in names:
        text = {"good": "from pkg import other\n", "bad": 'count: int = "three"\n'}.get(name, "")
        (tmp_path / "pkg" / f"{name}.py").write_text(text)
    for module in (native, build):
        monkeypatch.setattr(module, "ROOT", tmp_path)
        monkeypatch.setattr(module, "BUILD", tmp_path / "native")
    monkeypatch.setattr(build, "compile_modules", fake_compiler(calls))
    monkeypatch.setenv(build.CACHE_VARIABLE, "off")


def test_the_listed_modules_of_one_package_are_compiled_as_one_group():
    assert build.groups(["replaykit.search", "dg_replay.state", "replaykit.jsonio", "dg_replay.reader"]) == {
        "replaykit": ["replaykit.search", "replaykit.jsonio"], "dg_replay": ["dg_replay.state", "dg_replay.reader"]}
    manifest = native.read_manifest()
    for package, modules in build.groups(build.build_list()).items():
        built = [manifest.get("modules", {}).get(module, {}).get("binaries") for module in modules]
        if manifest.get("toolchain") and all(built):  # one library shared by every module of the package
            assert {binaries[package + "__mypyc"] for binaries in built} == {built[0][package + "__mypyc"]}


def test_an_edit_to_any_module_of_a_group_sends_the_whole_group_back_to_its_sources(tmp_path, monkeypatch):
    calls = []
    fake_package(tmp_path, monkeypatch, calls, "good", "other")
    entries, refused = build.build_group("pkg", ["pkg.good", "pkg.other"], {"modules": {}, "groups": {}}, "mypy 1")
    assert calls == [["pkg.good", "pkg.other"]] and refused == {}
    manifest = {"modules": entries}
    assert set(native.current(manifest)) == {"pkg.good", "pkg.other", "pkg__mypyc"}
    assert build.build_group("pkg", ["pkg.good", "pkg.other"], manifest | {"groups": {}}, "mypy 1")[0] == entries
    assert len(calls) == 1  # unchanged: not built again
    read = []
    monkeypatch.setattr(native, "fingerprint", lambda paths: read.append(paths) or build.fingerprint(paths))
    native.current(manifest)
    assert len(read) == 1  # the group's files are read once at start-up, not once per module
    (tmp_path / "pkg" / "other.py").write_text("LIMIT = 3\n")
    assert native.current(manifest) == {}  # pkg.good's compiled code would call the old pkg.other natively


def test_a_group_mypyc_refuses_is_built_one_by_one_so_only_the_refused_module_stays_pure(tmp_path, monkeypatch):
    calls = []
    fake_package(tmp_path, monkeypatch, calls, "good", "other", "bad")
    modules = ["pkg.good", "pkg.bad"]
    entries, refused = build.build_group("pkg", modules, {"modules": {}, "groups": {}}, "mypy 1")
    assert calls == [["pkg.good", "pkg.bad"], ["pkg.good"], ["pkg.bad"]]
    assert entries["pkg.bad"]["why"] == refused["why"] == "pkg/bad.py:1: error: refused"
    assert set(native.current({"modules": entries})) == {"pkg.good", "pkg.good__mypyc"}
    again = build.build_group("pkg", modules, {"modules": entries, "groups": {"pkg": refused}}, "mypy 1")
    assert again == (entries, refused) and len(calls) == 3  # not tried again until its sources change
    (tmp_path / "pkg" / "bad.py").write_text("count: int = 3\n")  # fixed
    entries, refused = build.build_group("pkg", modules, {"modules": entries, "groups": {"pkg": refused}}, "mypy 1")
    assert calls[3:] == [["pkg.good", "pkg.bad"]] and refused == {}
    assert set(native.current({"modules": entries})) == {"pkg.good", "pkg.bad", "pkg__mypyc"}


def test_a_build_of_the_same_sources_and_toolchain_is_copied_from_the_cache(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(build, "compile_modules", fake_compiler(calls))
    monkeypatch.setattr(build, "BUILD", tmp_path / "clone-1")
    monkeypatch.setenv(build.CACHE_VARIABLE, str(tmp_path / "cache"))
    hot = ["pkg.hot", "pkg.cold"]
    first = build.cached_or_compiled("pkg", hot, tmp_path / "clone-1" / "pkg-1", "digest-a", "mypy 1")
    monkeypatch.setattr(build, "BUILD", tmp_path / "clone-2")  # a fresh clone: an empty build folder
    second = build.cached_or_compiled("pkg", hot, tmp_path / "clone-2" / "pkg-1", "digest-a", "mypy 1")
    assert calls == [hot]
    suffix = EXTENSION_SUFFIXES[0]
    assert first == second == ({"pkg.hot": "pkg-1/lib/pkg/hot" + suffix, "pkg.cold": "pkg-1/lib/pkg/cold" + suffix,
                                "pkg__mypyc": "pkg-1/lib/pkg__mypyc" + suffix}, None)
    assert (tmp_path / "clone-2" / second[0]["pkg.hot"]).read_bytes() == b"built from pkg.hot"
    build.cached_or_compiled("pkg", hot, tmp_path / "clone-2" / "pkg-2", "digest-b", "mypy 1")  # sources edited
    build.cached_or_compiled("pkg", hot, tmp_path / "clone-2" / "pkg-3", "digest-a", "mypy 2")  # new toolchain
    build.cached_or_compiled("pkg", hot[:1], tmp_path / "clone-2" / "pkg-4", "digest-a", "mypy 1")  # one delisted
    assert calls == [hot, hot, hot, hot[:1]]


def test_the_cache_can_be_turned_off(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(build, "compile_modules", fake_compiler(calls))
    monkeypatch.setattr(build, "BUILD", tmp_path / "native")
    monkeypatch.setenv(build.CACHE_VARIABLE, "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    for _ in range(2):
        build.cached_or_compiled("pkg", ["pkg.hot"], tmp_path / "native" / "pkg-1", "digest-a", "mypy 1")
    assert calls == [["pkg.hot"], ["pkg.hot"]]
    assert not (tmp_path / "xdg").exists()


def test_the_build_says_which_group_mypyc_refused_and_which_module_stayed_pure(tmp_path, monkeypatch, capsys):
    calls = []
    fake_package(tmp_path, monkeypatch, calls, "good", "other", "bad")
    monkeypatch.setattr(native, "MANIFEST", tmp_path / "native" / "manifest.json")
    monkeypatch.setattr(build, "MANIFEST", tmp_path / "native" / "manifest.json")
    monkeypatch.setattr(build, "build_list", lambda: ["pkg.good", "pkg.bad"])
    monkeypatch.setattr(build, "missing_toolchain", lambda: None)
    monkeypatch.setattr(build, "toolchain_version", lambda: "mypy 1")
    monkeypatch.setattr(build, "install_hook", lambda: "")
    for _ in range(2):  # the second time from the manifest: nothing compiled again
        build.main()
        assert capsys.readouterr().out.splitlines() == [
            "native: pkg compiled one module at a time, mypyc refused the group: pkg/bad.py:1: error: refused",
            "native: pkg.good compiled (mypy 1)", "native: pkg.bad runs pure: pkg/bad.py:1: error: refused"]
    assert calls == [["pkg.good", "pkg.bad"], ["pkg.good"], ["pkg.bad"]]
    assert set(native.current(native.read_manifest())) == {"pkg.good", "pkg.good__mypyc"}

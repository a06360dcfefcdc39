"""``python -m scripts.native``: compile the hot modules with mypyc where a C compiler is present (``make run``,
``make test`` and ``make bench`` run it first), and say in one line per module (and per group mypyc
refused) what was done.

The build list is ``[tool.card-replay.native] modules`` in pyproject.toml. The listed modules of one top-level
package (``replaykit``, ``dg_replay``…) are compiled together as one group, from their ``.py`` files into
one shared library under ``build/native/`` (never beside the sources, never committed): calls and attribute
reads between the modules of a group are native, as if they were one module. ``build/native/manifest.json``
records what each module became (``replaykit.native`` reads it at import time). Nothing here fails the
build: without mypyc, a C compiler or the Python headers every module stays pure; where mypyc refuses a
group (a type error, a construct it does not compile), its modules are compiled one by one instead, so the
one refused stays pure with the reason printed and the others are still compiled; the group is tried again
once its sources change. A group whose sources have not changed since it was built is not built again, so
the step costs a few milliseconds when there is nothing to do.

The groups are compiled side by side, one per core. Each build is also kept in a cache outside the
checkout (``~/.cache/card-replay/native``, or ``$CARD_REPLAY_NATIVE_CACHE``; ``off`` turns it off), keyed by
the modules compiled, the digest of their sources and the toolchain, as ccache keeps object files: a fresh
clone of sources built before on this machine copies the build instead of compiling it again.
"""

from __future__ import annotations

import ast
import fcntl
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import threading
import tomllib
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from replaykit.native import BUILD, MANIFEST, ROOT, fingerprint, read_manifest

PTH = "card_replay_native.pth"  # read by Python at start-up: installs replaykit.native's finder
PTH_LINE = ('import importlib.util; importlib.util.find_spec("replaykit") and '
            '__import__("replaykit.native").native.install()\n')
TIMEOUT = 600
CACHE_VARIABLE = "CARD_REPLAY_NATIVE_CACHE"
CACHE_ENTRIES = 64  # builds kept in the cache; the oldest used go first
PARSING = threading.Lock()  # CPython 3.11's ast.parse is not safe in several threads at once

# Run in a child process per build: one build's failure (or a crash of the compiler) leaves the others
# alone. Errors in the modules it imports are not its own (--follow-imports=silent): only those of the
# modules compiled stop it, since mypyc trusts their types. `separate` names the one shared library
# (``<name>__mypyc``) all the sources go into.
COMPILE = """
import sys
from mypyc.build import mypycify
from setuptools import setup
name, out, temp, cache, *sources = sys.argv[1:]
options = [*sources, "--follow-imports=silent", "--ignore-missing-imports", "--cache-dir", cache]
setup(name="card-replay-native", script_args=["-q", "build_ext", "--build-lib", out, "--build-temp", temp],
      ext_modules=mypycify(options, target_dir=temp, opt_level="3", separate=[(sources, name)]))
"""


def build_list() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["tool"]["card-replay"]["native"]["modules"]


def groups(listed: list[str]) -> dict[str, list[str]]:
    """The listed modules by top-level package, in the order listed."""
    found: dict[str, list[str]] = {}
    for module in listed:
        found.setdefault(module.split(".")[0], []).append(module)
    return found


def source_of(module: str) -> str:
    return module.replace(".", "/") + ".py"


def inputs(module: str) -> list[str]:
    """The module's source and every project module it imports by name: a change to any of them (a constant
    compiled in, a signature) calls for a new build."""
    source = source_of(module)
    found = {source}
    with PARSING:
        tree = ast.parse((ROOT / source).read_text(), source)
    for node in ast.walk(tree):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else [])
        for name in names:
            path = source_of(name)
            if (ROOT / path).is_file() and (ROOT / name.split(".")[0] / "__init__.py").is_file():
                found.add(path)
    return sorted(found)


def missing_toolchain() -> str | None:
    """Why nothing can be compiled here, or ``None``."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (pip install -e '.[native]')"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]  # as setuptools picks it
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


def toolchain_version() -> str:
    from mypy.version import __version__  # only called once mypyc is known to be installed

    return f"mypy {__version__}, {sys.implementation.cache_tag}"


def cache_folder() -> Path | None:
    setting = os.environ.get(CACHE_VARIABLE, "")
    if setting == "off":
        return None
    if setting:
        return Path(setting)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "card-replay" / "native"


def compile_modules(name: str, modules: list[str], out: Path) -> tuple[dict[str, str], str | None]:
    """The extension files built for ``modules`` as one library ``name`` (importable name → path under
    build/native), or the reason they were not built."""
    shutil.rmtree(out, ignore_errors=True)
    temp = out / "temp"
    cache = BUILD / "mypy-cache" / name  # one per build: the builds run at the same time
    command = [sys.executable, "-c", COMPILE, name, str(out / "lib"), str(temp), str(cache),
               *map(source_of, modules)]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return {}, f"mypyc took over {TIMEOUT} s"
    shutil.rmtree(temp, ignore_errors=True)
    if done.returncode != 0:
        lines = (done.stdout + done.stderr).splitlines()
        errors = [line for line in lines if "error" in line.lower()] or lines or ["mypyc failed"]
        return {}, f"{errors[0].strip()}" + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else "")
    binaries = extensions(out)
    return binaries, None if binaries else "mypyc made no extension file"


def extensions(out: Path) -> dict[str, str]:
    suffix = EXTENSION_SUFFIXES[0]
    binaries = {}
    for path in (out / "lib").rglob("*" + suffix):
        name = ".".join(path.relative_to(out / "lib").parts)[: -len(suffix)]
        binaries[name] = str(path.relative_to(BUILD))
    return binaries


def cached_or_compiled(name: str, modules: list[str], out: Path, digest: str,
                       toolchain: str) -> tuple[dict[str, str], str | None]:
    """``compile_modules``, unless the cache holds a build of the same modules and sources by the same
    toolchain."""
    cache = cache_folder()
    if cache is None:
        return compile_modules(name, modules, out)
    key = hashlib.sha256(f"{' '.join(modules)} {digest} {toolchain}".encode()).hexdigest()[:20]
    entry = cache / f"{name}-{key}"
    shutil.rmtree(out, ignore_errors=True)
    try:
        shutil.copytree(entry / "lib", out / "lib")
        os.utime(entry)  # recently used: kept longest
        binaries = extensions(out)
        if binaries:
            return binaries, None
    except OSError:
        pass  # not cached (or unreadable): compiled as if there were no cache
    binaries, why = compile_modules(name, modules, out)
    if why is None:
        keep(out / "lib", entry, cache)
    return binaries, why


def keep(lib: Path, entry: Path, cache: Path) -> None:
    """Copy a build into the cache (whole or not at all) and drop the oldest used beyond ``CACHE_ENTRIES``."""
    partial = cache / f".{entry.name}.{os.getpid()}"
    try:
        cache.mkdir(parents=True, exist_ok=True)
        shutil.copytree(lib, partial / "lib")
        os.replace(partial, entry)
        builds = sorted((folder for folder in cache.iterdir() if not folder.name.startswith(".")),
                        key=lambda folder: folder.stat().st_mtime)
        for folder in builds[:-CACHE_ENTRIES]:
            shutil.rmtree(folder, ignore_errors=True)
    except OSError:
        shutil.rmtree(partial, ignore_errors=True)  # another build got there first, or the cache is not writable


def unchanged(old: dict, digest: str, toolchain: str | None) -> bool:
    return old.get("fingerprint") == digest and old.get("toolchain") == toolchain and bool(
        old.get("why") or all((BUILD / path).is_file() for path in old.get("binaries", {}).values()))


def build(module: str, old: dict, toolchain: str | None) -> dict:
    """The manifest's entry for ``module`` compiled on its own: the old one where its sources and the
    toolchain are unchanged."""
    paths = inputs(module)
    digest = fingerprint(paths)
    entry = {"inputs": paths, "fingerprint": digest, "toolchain": toolchain}
    if unchanged(old, digest, toolchain):
        return old
    if toolchain is None:
        return entry  # no binaries: why is the manifest's
    binaries, why = cached_or_compiled(module, [module], BUILD / f"{module}-{digest[:12]}", digest, toolchain)
    if why is None and fingerprint(paths) != digest:  # edited while mypyc read it: which version is unknown
        binaries, why = {}, "its sources changed during the build (run it again)"
    return {**entry, "binaries": binaries} if why is None else {**entry, "why": why}


def build_or_say_why(module: str, old: dict, toolchain: str | None) -> dict:
    """``build``, where a module that cannot even be read (no such file, a syntax error half-way through an
    edit) is left pure with the reason rather than failing the build."""
    try:
        return build(module, old, toolchain)
    except (OSError, SyntaxError, ValueError) as error:
        return {"why": f"{type(error).__name__}: {error}"}


def build_group(package: str, modules: list[str], old: dict, toolchain: str | None) -> tuple[dict, dict]:
    """The manifest's entries for ``modules`` compiled as one group, and the group's own record (its modules,
    fingerprint, toolchain, and why mypyc refused it). Each module's entry names every input of the group: an
    edit to any of them sends the whole group back to its sources, since its modules call each other's
    compiled code. Where the group cannot be compiled, its modules are built one by one."""
    try:
        paths = sorted({path for module in modules for path in inputs(module)})
        digest = fingerprint(paths)
    except (OSError, SyntaxError, ValueError):  # a module unreadable: each says why on its own
        return one_by_one(modules, old, toolchain), {}
    entry = {"inputs": paths, "fingerprint": digest, "toolchain": toolchain, "group": modules}
    if toolchain is None:
        return dict.fromkeys(modules, entry), {}  # no binaries: why is the manifest's
    olds = [old["modules"].get(module, {}) for module in modules]
    if all(previous.get("group") == modules and unchanged(previous, digest, toolchain) for previous in olds):
        return dict(zip(modules, olds, strict=True)), {}
    record = {"modules": modules, "fingerprint": digest, "toolchain": toolchain}
    refused = old["groups"].get(package, {})
    if refused.get("why") and all(refused.get(key) == value for key, value in record.items()):
        return one_by_one(modules, old, toolchain), refused  # refused before: not tried again until edited
    binaries, why = cached_or_compiled(package, modules, BUILD / f"{package}-{digest[:12]}", digest, toolchain)
    library = package + "__mypyc"
    if why is None and fingerprint(paths) != digest:  # edited while mypyc read it: which version is unknown
        why = "its sources changed during the build (run it again)"
    elif why is None and not {library, *modules} <= binaries.keys():
        why = f"mypyc made no {library} library"
    if why is not None:
        return one_by_one(modules, old, toolchain), {**record, "why": why}
    return {module: {**entry, "binaries": {module: binaries[module], library: binaries[library]}}
            for module in modules}, {}


def one_by_one(modules: list[str], old: dict, toolchain: str | None) -> dict:
    return {module: build_or_say_why(module, old["modules"].get(module, {}), toolchain) for module in modules}


def install_hook() -> str:
    """Put the ``.pth`` file that installs the finder into this virtual environment (not a system Python)."""
    if sys.prefix == sys.base_prefix:
        return "not a virtual environment: the compiled modules are not used"
    (Path(sysconfig.get_paths()["purelib"]) / PTH).write_text(PTH_LINE)
    return ""


def prune(modules: dict) -> None:
    """Remove the builds no entry names (older sources' builds)."""
    kept = {Path(path).parts[0] for entry in modules.values() for path in entry.get("binaries", {}).values()}
    for folder in BUILD.iterdir():
        if folder.is_dir() and folder.name not in kept and folder.name != "mypy-cache":
            shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    BUILD.mkdir(parents=True, exist_ok=True)
    with (BUILD / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two `make` runs at once build one after the other
        previous = read_manifest()
        why_none = missing_toolchain()
        toolchain = None if why_none else toolchain_version()
        listed = build_list()
        old = {"modules": previous.get("modules", {}), "groups": previous.get("groups", {})}
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:  # each build is a child process
            largest_first = sorted(groups(listed).items(), key=lambda group: -len(group[1]))  # ends sooner
            built = dict(pool.map(lambda group: (group[0], build_group(*group, old, toolchain)), largest_first))
        entries = {module: entry for group, _ in built.values() for module, entry in group.items()}
        modules = {module: entries[module] for module in listed}
        records = {package: record for package, (_, record) in built.items() if record}  # the groups refused
        written = MANIFEST.with_suffix(".tmp")
        written.write_text(json.dumps({"toolchain": toolchain, "why": why_none, "modules": modules,
                                       "groups": records}, indent=1))
        os.replace(written, MANIFEST)
        prune(modules)
    hook = install_hook()
    for package, record in records.items():
        print(f"native: {package} compiled one module at a time, mypyc refused the group: {record['why']}")
    for module, entry in modules.items():
        if entry.get("binaries"):
            print(f"native: {module} compiled ({toolchain})")
        else:
            print(f"native: {module} runs pure: {entry.get('why') or why_none}")
    if hook:
        print(f"native: {hook}")


if __name__ == "__main__":
    main()

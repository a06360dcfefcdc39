"""The recipe of docs/ARCHITECTURE.md ("Adding a game") followed to the letter: a fourth game made in a
temporary folder of its own files only (the toy game's, copied under another name: package, id, name and
component names), registered as an installed wheel is, is picked up by the registry, the command line, the
API, the pages, the gallery, the OpenAPI document and the catalogues; nothing outside that folder changes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from api.adapters import adapter_for
from api.adapters.wording import title
from app import create_app
from replaykit import registry
from replaykit.engine import Home
from schemas import of_record, timelines
from tests.conftest import ROOT, app_config
from tests.plugin_fixtures import PLUGINS, installed

GAME = "fourth"
PACKAGE = "fourth_replay"
# What makes the copy another game: its package, the "game" its logs name, its name and its schemas' names.
RENAMED = (("toy_replay", PACKAGE), ('"toy"', f'"{GAME}"'), ("games/toy/", f"games/{GAME}/"), ("Toy", "Fourth"),
           ("toy-replay", "fourth-replay"))
TEXT = {".py", ".md", ".toml", ".json", ".html", ".css", ".po", ".txt", ""}


def renamed(text: str) -> str:
    for old, new in RENAMED:
        text = text.replace(old, new)
    return text


def copy_game(root: Path) -> Path:
    """The fourth game's files, each step of the recipe: its package (engine, words, web adapter, schemas,
    templates, styles, samples, documents, catalogues) and its registration (the wheel's entry point)."""
    for source in (PLUGINS / "toy_replay", PLUGINS / "toy_replay-0.1.0.dist-info"):
        for path in sorted(source.rglob("*")):
            if path.is_dir() or "__pycache__" in path.parts or path.suffix == ".mo":
                continue
            target = root / renamed(str(path.relative_to(PLUGINS)))
            target.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix in TEXT:
                target.write_text(renamed(path.read_text(encoding="utf-8")), encoding="utf-8")
            else:
                shutil.copyfile(path, target)
    (root / "fourth_replay-0.1.0.dist-info" / "entry_points.txt").write_text(
        f"[card_replay.games]\n{GAME} = {PACKAGE}.engine:ENGINE\n")
    return root


def snapshot(folder: Path) -> dict[str, float]:
    return {str(path): path.stat().st_mtime_ns for path in folder.rglob("*") if path.is_file()
            and "__pycache__" not in path.parts and path.suffix != ".mo"}


@pytest.fixture
def fourth(tmp_path):
    """The fourth game installed, the catalogues compiled as ``make`` does; every other file of the project
    and of the toy game is checked unchanged afterwards."""
    from scripts import messages

    watched = [ROOT / name for name in ("api", "schemas", "templates", "static", "sample_games", "docs", "replaykit")]
    before = {folder: snapshot(folder) for folder in watched}
    with installed(copy_game(tmp_path / "site-packages")) as engines:
        (domain,) = [domain for domain in messages.domains() if domain.name == PACKAGE]
        for language in messages.LANGUAGES:
            messages.compile_catalogue(domain, language)
        yield engines[GAME], domain
    assert {folder: snapshot(folder) for folder in watched} == before


def test_the_registry_finds_the_fourth_game_and_its_home_inside_its_package(fourth):
    engine, _ = fourth
    assert registry.broken() == () and engine.name == "Fourth Tricks"
    assert engine.home == Home(web=f"{PACKAGE}.web", schemas=f"{PACKAGE}.schemas", templates="templates",
                               static="static", samples="samples", docs="docs", root=PACKAGE)
    assert adapter_for(engine).partial == f"games/{GAME}/moments.html"
    logs, reports = of_record(GAME)
    assert logs[GAME][0] == "FourthLog" and reports[GAME][0] == "FourthReport"
    assert timelines(GAME)[GAME][0] == "FourthTimeline"
    assert title("too-many-plays") == "a play after every card was played"


def test_its_sentences_are_translated_in_every_language(fourth):
    from scripts import messages

    _, domain = fourth
    assert [problem for language in messages.LANGUAGES for problem in messages.problems(domain, language)] == []


def test_the_service_serves_the_fourth_game_like_its_own(fourth, tmp_path):
    application = create_app(app_config(tmp_path))
    client = application.test_client()
    try:
        samples = tmp_path / "site-packages" / PACKAGE / "samples"
        expected = tomllib.loads((samples / "expected.toml").read_text())
        listed = {sample["slug"]: sample for sample in client.get("/api/v1/samples").get_json()
                  if sample["game"] == GAME}
        assert set(listed) == {name.removesuffix(".json") for name in expected}
        for name, verdict in expected.items():
            report = client.get(f"/api/v1/samples/{GAME}/{name.removesuffix('.json')}").get_json()["report"]
            assert report["valid"] is verdict["valid"], name
            assert sorted({finding["code"] for finding in report["errors"]}) == sorted(set(verdict["errors"])), name
        log = json.loads((samples / "illegal-card-not-in-hand.json").read_text())
        report = client.post("/api/v1/validate", json=log, headers={"Accept-Language": "pl"}).get_json()
        assert report["game"] == GAME and report["errors"][0]["message"] == "Ann nie ma w ręce 8."
        page = client.get(f"/samples/{GAME}/illegal-wrong-turn?lang=it").get_data(as_text=True)
        assert 'class="toy-trick has-error" id="trick-2"' in page  # its own partial, from its own folder
        assert f'<link rel="stylesheet" href="/styles/{GAME}.css?v=' in page
        assert "giocata fuori turno" in page  # the title of its code, in its own catalogue
        assert client.get(f"/styles/{GAME}.css").data.startswith(b"/* Fourth Tricks")
        assert "highest card takes the trick" in client.get(f"/rules/{GAME}").get_data(as_text=True)
        assert "Actions" in client.get(f"/format/{GAME}").get_data(as_text=True)
        spec = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
        assert spec["AnyLog"]["discriminator"]["mapping"][GAME] == "#/components/schemas/FourthLog"
        assert GAME in client.get("/healthz").get_json()["games"]
    finally:
        application.extensions["card_replay"].repository.dispose()


def test_the_command_line_validates_and_simulates_it(fourth, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site-packages"), str(PLUGINS), str(ROOT)])}
    script = Path(sys.executable).parent / "card-replay"
    simulated = subprocess.run([str(script), "simulate", GAME, "--players", "3", "--seed", "4"], capture_output=True,
                               text=True, env=env, cwd=ROOT, timeout=120, check=True)
    log = tmp_path / "log.json"
    log.write_text(simulated.stdout)
    assert json.loads(simulated.stdout)["game"] == GAME
    done = subprocess.run([str(script), "validate", str(log)], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.strip().endswith("valid (0 errors, 0 warnings)"), done.stderr

"""A game's own files are found through its home only (``Engine.home``): every registered game's parts
exist; a game id that is also the name of a shared module finds its own parts, not that module; a home
naming a part that does not exist, or another game's, is refused, never passed over."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from api import homes
from api.adapters import adapter_for
from app import create_app
from replaykit import registry
from replaykit.engine import FOLDERS, MODULES, Home
from schemas import of_record
from tests.conftest import app_config
from tests.plugin_fixtures import TOY, toy_engine

ENGINES = list(registry.engines().values())
# Names of shared modules and of their parts, which a game once found in place of its own (issue 31).
SHARED_NAMES = ["charts", "wording", "kept", "log", "report", "common"]


@pytest.mark.parametrize("engine", ENGINES, ids=[engine.id for engine in ENGINES])
def test_every_part_a_game_s_home_names_is_there(engine):
    for name in MODULES:
        if getattr(engine.home, name):
            assert registry.home_module(engine, name) is not None
    for name in FOLDERS:
        if getattr(engine.home, name):
            assert homes.folder(engine, name).is_dir(), name
    assert adapter_for(engine) is registry.home_module(engine, "web").ADAPTER
    assert adapter_for(engine).partial.startswith(f"games/{engine.id}/")
    assert homes.document(engine, "format.md").is_file() and homes.document(engine, "rulings.md").is_file()


@pytest.mark.parametrize("engine", ENGINES, ids=[engine.id for engine in ENGINES])
def test_a_game_s_recorder_script_is_its_home_s_and_loaded_by_the_recorder(engine, client):
    """``record.js`` in a game's home's ``static`` is its own part of the recorder page (Olympi's discipline
    cards): served at ``/scripts/<id>/record.js`` and loaded by the page; a game without one gets a 404."""
    script = homes.script(engine)
    answer = client.get(f"/scripts/{engine.id}/record.js")
    if script is None:
        assert answer.status_code == 404
        return
    assert script == homes.folder(engine, "static") / "record.js"
    # the page loads only the scripts of the games its setup form starts: another's would never run
    assert adapter_for(engine).recorder is not None
    assert answer.status_code == 200 and answer.data == script.read_bytes()
    assert f'<script src="/scripts/{engine.id}/record.js?v=' in client.get("/record").get_data(as_text=True)


def test_the_project_s_games_live_in_folders_named_by_them():
    olympi = registry.engines()["olympi"]
    assert olympi.home == Home(web="api.games.olympi", schemas="schemas.games.olympi",
                               templates="templates/games/olympi", static="static/games/olympi",
                               samples="sample_games/olympi", docs="docs/games/olympi")
    assert registry.engines()["david-goliath"].home.static is None  # no styles of its own
    # Olympi's discipline cards are its recorder script, in its home; Il Grande Dalmuti has none
    assert homes.script(olympi) == homes.folder(olympi, "static") / "record.js"
    assert homes.script(registry.engines()["grande-dalmuti"]) is None
    assert toy_engine().home == Home(web="toy_replay.web", schemas="toy_replay.schemas", templates="templates",
                                     static="static", samples="samples", docs="docs", root="toy_replay")


@pytest.mark.parametrize("game_id", SHARED_NAMES)
def test_a_game_named_like_a_shared_module_finds_its_own_parts(game_id):
    engine = replace(toy_engine(), id=game_id)
    toy = toy_engine()
    assert adapter_for(engine) is adapter_for(toy)
    assert homes.folder(engine, "samples") == homes.folder(toy, "samples")
    assert registry.home_module(engine, "schemas") is registry.home_module(toy, "schemas")


def test_of_record_reads_the_home_of_the_game_registered_under_that_id(monkeypatch):
    toy = toy_engine()
    module = registry.home_module(toy, "schemas")
    monkeypatch.setattr(registry, "engines", lambda: {"report": replace(toy, id="report")})
    assert of_record("report") == (module.LOGS, module.REPORTS)


@contextmanager
def installed_last(folder: Path) -> Iterator[dict]:
    """The registry with the plugin of ``folder`` found after every other (the toy game loads first)."""
    sys.path.append(str(folder))
    registry.refresh()
    try:
        yield registry.engines()
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name.split(".")[0] == "twin_game"]:
            del sys.modules[name]  # the next test's plugin of that name is another
        registry.refresh()


def twin_plugin(folder: Path, home: str) -> Path:
    """A registered plugin whose engine is the toy game's under another id, with the given ``home``."""
    package = folder / "twin_game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "engine.py").write_text(
        "from dataclasses import replace\n"
        "from replaykit.engine import Home\n"
        "from toy_replay.engine import ENGINE as TOY\n"
        f"ENGINE = replace(TOY, id='twin', name='Twin Tricks', log_games=('twin',), home={home})\n")
    dist = folder / "twin_game-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: twin-game\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[card_replay.games]\ntwin = twin_game.engine:ENGINE\n")
    return folder


@pytest.mark.parametrize(("home", "problem"), [
    ("None", 'ValueError: the home of "twin" names toy_replay.schemas, which is already the home of "toy"'),
    ("Home(web='twin_game.web')", 'ValueError: the home of "twin" names the module twin_game.web as its web, '
                                  "which does not exist"),
    ("Home(samples='samples', root='twin_game')", 'ValueError: the home of "twin" names the folder samples of '
                                                  "twin_game as its samples, which does not exist"),
])
def test_a_home_that_is_missing_or_another_game_s_is_refused(tmp_path, home, problem):
    # home=None: the toy's own parts, since its engine's functions come from the toy's package.
    with installed_last(twin_plugin(tmp_path / "twin", home)) as engines:
        assert "twin" not in engines and TOY in engines
        assert [(plugin.name, plugin.problem) for plugin in registry.broken()] == [("twin", problem)]


def test_a_home_folder_missing_among_the_service_s_own_stops_the_app(tmp_path, monkeypatch):
    missing = replace(toy_engine(), id="lost", home=Home(samples="sample_games/lost"))
    monkeypatch.setattr(registry, "engines", lambda: {**dict(registry._installed()[0]), "lost": missing})
    with pytest.raises(homes.HomeMissing, match='"lost" names sample_games/lost as its samples'):
        create_app(app_config(tmp_path))

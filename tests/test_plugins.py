"""A game is one package and one registration: the toy game of ``tests/plugins/`` is served by the command
line, the API, the pages and the gallery with no generic file naming it (installed for the whole run,
tests/conftest.py); a broken plugin is reported and skipped while the other games work; no plugin installed
for one test leaks into another test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from app import create_app
from replaykit import registry
from tests.conftest import ROOT, app_config
from tests.plugin_fixtures import PLUGINS, TOY, broken_plugin, installed

TOY_SAMPLES = PLUGINS / "toy_replay" / "samples"


def cli(*args: str, paths: list[Path]) -> subprocess.CompletedProcess:
    """``card-replay`` in a process of its own, with the plugin folders on its import path (as installed)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*map(str, paths), str(ROOT)])}
    script = Path(sys.executable).parent / "card-replay"
    return subprocess.run([str(script), *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
                          check=False)


def test_the_toy_game_is_registered_for_the_whole_run_like_any_game():
    engines = registry.engines()
    assert engines[TOY].name == "Toy Tricks" and engines[TOY].package == "toy_replay" and registry.broken() == ()
    assert list(engines) == sorted(engines, key=lambda game_id: engines[game_id].name.casefold())


def test_a_plugin_installed_for_one_test_is_gone_after_it(tmp_path):
    before = list(registry.engines())
    with installed(broken_plugin(tmp_path / "broken")) as engines:
        assert list(engines) == before and [plugin.name for plugin in registry.broken()] == ["broken"]
    assert list(registry.engines()) == before and registry.broken() == ()


def test_the_command_line_validates_and_simulates_the_toy_game():
    clean = cli("validate", str(TOY_SAMPLES / "clean-2-players.json"), paths=[PLUGINS])
    assert clean.returncode == 0, clean.stderr
    assert clean.stdout.strip().endswith("valid (0 errors, 0 warnings)")
    wrong = cli("validate", str(TOY_SAMPLES / "illegal-wrong-turn.json"), paths=[PLUGINS])
    assert wrong.returncode == 1
    assert "trick 2, play 1 (Bob): wrong-turn: It is Ann's turn, not Bob's." in wrong.stdout
    simulated = cli("simulate", "toy", "--players", "3", "--seed", "4", paths=[PLUGINS])
    log = json.loads(simulated.stdout)
    assert log["game"] == "toy" and log["players"] == ["Ann", "Bob", "Cid"] and len(log["plays"]) == 12


def test_a_broken_plugin_is_skipped_with_a_warning_and_every_other_game_works(tmp_path):
    broken = broken_plugin(tmp_path / "broken")
    done = cli("validate", str(ROOT / "sample_games" / "david-goliath" / "legal-4-players.json"),
               str(TOY_SAMPLES / "clean-3-players.json"), paths=[broken, PLUGINS])
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith('card-replay: warning: the game plugin "broken" (no_such_module.engine:ENGINE) '
                                  "could not be loaded and is skipped: ModuleNotFoundError")
    assert done.stdout.count("valid (0 errors, 0 warnings)") == 2
    listed = cli("simulate", "--help", paths=[broken, PLUGINS])
    assert all(game in listed.stdout for game in registry.engines()) and "broken" not in listed.stdout


def test_a_plugin_that_is_no_engine_or_takes_a_game_s_id_is_skipped(tmp_path):
    not_engine = broken_plugin(tmp_path / "a", target="json:dumps", name="dumps")
    twin = broken_plugin(tmp_path / "b", target="olympi_replay.engine:ENGINE", name="olympi-again")
    before = list(registry.engines())
    with installed(not_engine, twin) as engines:
        assert list(engines) == before
        problems = {plugin.name: plugin.problem for plugin in registry.broken()}
        assert engines["olympi"].validate(engines["olympi"].simulate(3, 1)).valid
    # Of two plugins with one id, the first found on the import path loads and the other is listed.
    assert problems.pop("dumps") == "TypeError: json:dumps is a function, not a replaykit Engine"
    assert list(problems.values()) == ['ValueError: the game id "olympi" is already registered by olympi_replay']


def test_the_service_lists_a_broken_plugin_for_operators_and_serves_the_others(tmp_path, caplog):
    with installed(broken_plugin(tmp_path / "broken")):
        application = create_app(app_config(tmp_path))
        client = application.test_client()
        health = client.get("/healthz")
        gallery = client.get("/samples").get_data(as_text=True)
        application.extensions["card_replay"].repository.dispose()
    assert health.status_code == 200
    body = health.get_json()
    assert body["games"] == list(registry.engines()) and TOY in body["games"]
    assert [plugin["name"] for plugin in body["broken"]] == ["broken"]
    assert body["broken"][0]["problem"].startswith("ModuleNotFoundError: No module named 'no_such_module'")
    assert 'the game plugin "broken"' in caplog.text
    assert "Toy Tricks" in gallery and "Olympi Cards" in gallery


def test_the_toy_game_s_pages_render_from_its_own_package(client):
    expected = tomllib.loads((TOY_SAMPLES / "expected.toml").read_text())
    gallery = client.get("/samples").get_data(as_text=True)
    for name, verdict in expected.items():
        url = f"/samples/toy/{name.removesuffix('.json')}"
        assert f'href="{url}"' in gallery
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.get_data(as_text=True)
        assert ("Valid" if verdict["valid"] else "Invalid") in text
        assert '<link rel="stylesheet" href="/styles/toy.css?v=' in text
    page = client.get("/samples/toy/illegal-wrong-turn").get_data(as_text=True)
    assert 'class="toy-trick has-error" id="trick-2"' in page  # the toy's own partial, from its package
    assert 'id="chart-tricks"' in page
    steps = client.get("/samples/toy/illegal-wrong-turn/moments.json").get_json()["steps"]
    assert [step["id"] for step in steps[:3]] == ["trick-1-play-1", "trick-1-play-2", "trick-1"]
    assert "highest card takes the trick" in client.get("/rules/toy").get_data(as_text=True)
    assert "Actions" in client.get("/format/toy").get_data(as_text=True)
    assert client.get("/styles/toy.css").data.startswith(b"/* Toy Tricks")


def test_the_api_validates_stores_and_documents_the_toy_game(client):
    log = json.loads((TOY_SAMPLES / "illegal-card-not-in-hand.json").read_text())
    report = client.post("/api/v1/validate", json=log).get_json()
    assert [(finding["code"], finding["trick"], finding["play"], finding["path"]) for finding in report["errors"]] == [
        ("card-not-in-hand", 3, 2, "/plays/5/card")]
    stored = client.post("/api/v1/games", json=log).get_json()
    timeline = client.get(stored["links"]["timeline"]).get_json()
    assert [trick["taker"] for trick in timeline["tricks"]] == ["Ann", "Bob", "Ann", "Ann"]
    spec = client.get("/api/v1/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    assert schemas["AnyLog"]["discriminator"]["mapping"]["toy"] == "#/components/schemas/ToyLog"
    assert schemas["AnyReport"]["discriminator"]["mapping"]["toy"] == "#/components/schemas/ToyReport"
    assert {"$ref": "#/components/schemas/ToyTimeline"} in schemas["AnyTimeline"]["oneOf"]
    assert set(schemas["ToyLog"]["properties"]) == {"game", "players", "hands", "plays", "scores", "meta"}


def test_samples_are_named_by_game_and_the_old_addresses_redirect(client):
    # Both games have a sample called illegal-schema: each keeps its own address.
    dalmuti = client.get("/api/v1/samples/grande-dalmuti/illegal-schema").get_json()
    toy = client.get("/api/v1/samples/toy/illegal-schema").get_json()
    assert dalmuti["game"] == "grande-dalmuti" and toy["game"] == "toy"
    # The old address of a name two games share is the one it had: the first game's, in the registry's order.
    old = client.get("/samples/illegal-schema?x=1")
    assert old.status_code == 308 and old.headers["Location"] == "/samples/grande-dalmuti/illegal-schema?x=1"
    assert client.get("/samples/toy-illegal-schema").headers["Location"] == "/samples/toy/illegal-schema"
    moved = {"/samples/legal-4-players/g/1": "/samples/david-goliath/legal-4-players/g/1",
             "/samples/match-4-players/g/2/moments.json": "/samples/david-goliath/match-4-players/g/2/moments.json",
             "/samples/clean-2-players/log.json": "/samples/olympi/clean-2-players/log.json",
             "/api/v1/samples/match-4-players/parts/2": "/api/v1/samples/david-goliath/match-4-players/parts/2",
             "/api/v1/samples/illegal-revoke": "/api/v1/samples/david-goliath/illegal-revoke"}
    for old, new in moved.items():
        response = client.get(old)
        assert response.status_code == 308 and response.headers["Location"] == new, old
    assert client.get("/samples/no-such-sample").status_code == 404


def test_every_adapter_and_schema_module_imports_without_flask():
    code = ("import sys, pkgutil, importlib\n"
            "import api.adapters, api.games, schemas.games\n"
            "from replaykit import registry\n"
            "for package in (api.adapters, api.games, schemas.games):\n"
            "    for module in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
            "        importlib.import_module(module.name)\n"
            "for engine in registry.engines().values():\n"
            "    for name in ('web', 'schemas'):\n"
            "        registry.home_module(engine, name)\n"
            "print(sorted(name for name in ('flask', 'werkzeug', 'flask_smorest', 'sqlalchemy', 'jinja2')"
            " if name in sys.modules))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PLUGINS), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", ["DavidGoliathReport", "Problem", "AnyLog"])
def test_a_component_name_given_twice_stops_the_app(toy, tmp_path, monkeypatch, name):
    import toy_replay.schemas

    from api.api_v1 import ComponentClash

    monkeypatch.setattr(toy_replay.schemas, "REPORTS", {TOY: (name, toy_replay.schemas.ToyReportSchema)})
    with pytest.raises(ComponentClash, match=f'Toy Tricks names its schema ToyReportSchema "{name}"'):
        create_app(app_config(tmp_path))


def test_a_nested_schema_named_like_another_game_s_stops_the_app(toy, tmp_path, monkeypatch):
    import toy_replay.schemas
    from marshmallow import fields

    from api.api_v1 import ComponentClash

    class DavidGoliathResultSchema(toy_replay.schemas.ToyResultSchema):  # D&G's report nests one of this name
        pass

    clashing = type("ToyReportSchema", (toy_replay.schemas.ToyReportSchema,),
                    {"result": fields.Nested(DavidGoliathResultSchema, required=True)})
    monkeypatch.setattr(toy_replay.schemas, "REPORTS", {TOY: ("ToyReport", clashing)})
    with pytest.raises(ComponentClash, match="Multiple schemas resolved to the name DavidGoliathResult"):
        create_app(app_config(tmp_path))


def test_a_plugin_brings_its_own_sentences_in_every_language(toy, client):
    """The toy's catalogues live in its package (``toy_replay/locale``): found, complete, and used by the
    API with no generic file naming them."""
    from scripts import messages

    (domain,) = [domain for domain in messages.domains() if domain.name == "toy_replay"]
    for language in messages.LANGUAGES:
        assert messages.problems(domain, language) == []
        messages.compile_catalogue(domain, language)
    log = json.loads((TOY_SAMPLES / "illegal-card-not-in-hand.json").read_text())
    said = {language: client.post("/api/v1/validate", json=log, headers={"Accept-Language": language})
            .get_json()["errors"][0]["message"] for language in ("en", "it", "pl")}
    assert said == {"en": "Ann does not hold 8.", "it": "Ann non ha 8 in mano.", "pl": "Ann nie ma w ręce 8."}

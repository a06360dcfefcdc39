"""Installed as a package (a wheel, run from another directory), the service and ``card-replay`` work: the
templates, static files, samples and documents travel inside the package and the games register."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SERVE = """
import sys
from pathlib import Path
import api, app
site = Path(sys.argv[1]).resolve()
assert Path(api.__file__).resolve().is_relative_to(site), api.__file__
application = app.create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": "sqlite:///" + sys.argv[2]})
client = application.test_client()
# the games' own recorder scripts travel in their homes (api/site/static/games/<id>): one game has one
from api import homes
from replaykit import registry
scripts = [f"/scripts/{engine.id}/record.js" for engine in registry.engines().values() if homes.script(engine)]
assert scripts, "no game's recorder script was installed"
for url in ("/", "/samples", "/samples/david-goliath/legal-4-players", "/rules", "/rules/david-goliath",
            "/format/david-goliath", "/static/app.js", "/api/v1/samples", "/record", *scripts):
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
page = client.get("/record").get_data(as_text=True)
assert all(f'<script src="{url}?v=' in page for url in scripts), scripts  # and the page still loads them
assert len(client.get("/api/v1/samples").get_json()) >= 20
italian = client.post("/api/v1/validate", data=b'{"game": 5}',
                      headers={"Accept-Language": "it", "Content-Type": "application/json"}).get_json()
assert italian["errors"][0]["message"].startswith('"game" deve essere'), italian  # the catalogues travel too
print("served")
"""


NEW_PACKAGE = "unlisted_replay"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    # Built from a copy: setuptools leaves a build/ folder in the tree it builds.
    source = work / "source"
    # (*.mo.* are catalogues being compiled by a test running beside this one: gone in a moment.)
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".venv", ".git", "build", "instance", "*.egg-info",
                                                                ".hypothesis", "__pycache__", ".*_cache", "*.mo.*"))
    # A new package dropped into the checkout, named nowhere: packages are found, not listed.
    (source / NEW_PACKAGE).mkdir()
    (source / NEW_PACKAGE / "__init__.py").write_text('"""A package no configuration names."""\n')
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(work), str(source)], check=True,
                   capture_output=True, timeout=300)
    (wheel,) = work.glob("*.whl")
    site = work / "site"
    subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True,
                   capture_output=True, timeout=300)
    return site


def run(site: Path, command: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site), "PYTHONSAFEPATH": "1"}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_the_installed_service_serves_pages_samples_and_documents(installed, tmp_path):
    done = run(installed, [sys.executable, "-c", SERVE, str(installed), str(tmp_path / "db.sqlite3")], tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "served", done.stderr


def test_every_package_of_the_checkout_is_installed_without_being_listed(installed):
    assert (installed / NEW_PACKAGE / "__init__.py").is_file()
    assert (installed / "olympi_replay" / "disciplines.json").is_file()
    assert not (installed / "tests").exists() and not (installed / "benchmarks").exists()


def test_the_build_leaves_no_metadata_beside_the_sources(installed):
    # An egg-info at the top of the checkout is on the import path of pytest and `python -m`, where it would
    # outlive the installed metadata and hide a game added to the entry points since.
    source = installed.parent / "source"
    assert (source / "setup.py").is_file()
    assert sorted(path.name for path in source.glob("*.egg-info")) == []


def test_the_installed_command_line_validates_every_game(installed, tmp_path):
    sample = installed / "api" / "site" / "sample_games" / "david-goliath" / "legal-4-players.json"
    done = run(installed, [str(installed / "bin" / "card-replay"), "validate", str(sample)], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("valid (0 errors, 0 warnings)")
    listed = run(installed, [str(installed / "bin" / "card-replay"), "simulate", "--help"], tmp_path)
    assert "david-goliath" in listed.stdout

"""GET /api/v1/samples and /api/v1/samples/{slug}, on a samples folder of our own and on the shipped one."""

from __future__ import annotations

import json
import tomllib

import pytest

from api import homes
from app import create_app
from dg_replay.simulate import simulate
from replaykit import registry
from tests.conftest import app_config

# Every registered game's samples, found through its home (the toy game's inside its package).
SHIPPED = {game_id: homes.folder(engine, "samples") for game_id, engine in registry.engines().items()}


@pytest.fixture
def small_samples(tmp_path):
    """A samples folder of our own: two logs, one broken file, an expected.toml that is no sample, and a folder
    of a game that is not installed."""
    root = tmp_path / "samples"
    folder = root / "david-goliath"
    folder.mkdir(parents=True)
    (root / "no-such-game").mkdir()
    (root / "no-such-game" / "other.json").write_text("{}")
    legal = {**simulate(3, 4), "meta": {"title": "A <b>legal</b> game", "notes": "Nothing to see."}}
    illegal = simulate(4, 4)
    illegal["tricks"][0]["captures"] = {}
    illegal["scores"][illegal["players"][0]] += 5
    (folder / "legal.json").write_text(json.dumps(legal))
    (folder / "illegal.json").write_text(json.dumps(illegal))
    (folder / "broken.json").write_text("{not json")
    (folder / "expected.toml").write_text("")
    application = create_app(app_config(tmp_path, SAMPLES_DIR=str(root)))
    yield application.test_client()
    application.extensions["card_replay"].repository.dispose()


def test_the_sample_list_gives_title_players_and_verdict(small_samples):
    response = small_samples.get("/api/v1/samples")
    assert response.status_code == 200
    # The folder stands for the service's own samples; a plugin's samples stay in its package.
    assert {sample["game"] for sample in response.get_json()} == {"david-goliath", "toy"}
    listed = {sample["slug"]: sample for sample in response.get_json() if sample["game"] == "david-goliath"}
    assert set(listed) == {"legal", "illegal"}
    assert listed["legal"]["title"] == "A <b>legal</b> game"
    assert listed["legal"]["valid"] is True and listed["legal"]["players"] == ["Andrea", "Ben", "Clara"]
    assert listed["illegal"]["valid"] is False and listed["illegal"]["errors"] >= 1
    assert listed["legal"]["links"] == {"self": "/api/v1/samples/david-goliath/legal",
                                        "page": "/samples/david-goliath/legal"}
    assert listed["legal"]["game"] == "david-goliath" and listed["legal"]["game_name"] == "David & Goliath"


def test_one_sample_has_its_log_and_report(small_samples):
    response = small_samples.get("/api/v1/samples/david-goliath/illegal")
    assert response.status_code == 200
    body = response.get_json()
    assert body["log"]["game"] == "david-goliath"
    assert body["report"]["valid"] is False
    assert body["title"] == "Illegal"


def test_an_unknown_sample_is_404(small_samples):
    response = small_samples.get("/api/v1/samples/david-goliath/nope")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_the_shipped_samples_have_their_expected_verdicts(client):
    listed = {(sample["game"], sample["slug"]): sample for sample in client.get("/api/v1/samples").get_json()}
    expected = {}
    for game, folder in SHIPPED.items():
        for name, verdict in tomllib.loads((folder / "expected.toml").read_text()).items():
            expected[game, name[:-5]] = verdict
    assert set(listed) == set(expected)
    for (game, slug), verdict in expected.items():
        report = client.get(f"/api/v1/samples/{game}/{slug}").get_json()["report"]
        assert report["valid"] is verdict["valid"], slug
        assert sorted({finding["code"] for finding in report["errors"]}) == sorted(set(verdict["errors"])), slug


def test_a_sample_s_title_and_notes_in_the_reader_s_language_else_in_english(small_samples, tmp_path):
    folder = tmp_path / "samples" / "david-goliath"
    (folder / "meta.it.toml").write_text('["legal.json"]\ntitle = "Una partita <b>regolare</b>"\n')
    (folder / "meta.pl.toml").write_text("not = [toml")  # unreadable: English, and the service stays up
    application = create_app(app_config(tmp_path / "again", SAMPLES_DIR=str(tmp_path / "samples")))
    client = application.test_client()
    italian = {sample["slug"]: sample for sample in client.get("/api/v1/samples",
                                                                headers={"Accept-Language": "it"}).get_json()}
    assert italian["legal"]["title"] == "Una partita <b>regolare</b>"
    assert italian["legal"]["notes"] == "Nothing to see."  # not translated: the English notes
    assert italian["illegal"]["title"] == "Illegal"
    polish = {sample["slug"]: sample for sample in client.get("/api/v1/samples",
                                                               headers={"Accept-Language": "pl"}).get_json()}
    assert polish["legal"]["title"] == "A <b>legal</b> game"
    page = client.get("/samples/david-goliath/legal?lang=it").get_data(as_text=True)
    assert "Una partita &lt;b&gt;regolare&lt;/b&gt;" in page
    application.extensions["card_replay"].repository.dispose()


@pytest.mark.parametrize("language", ["it", "pl"])
@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_every_shipped_sample_s_title_and_notes_are_translated(game, language):
    said = tomllib.loads((SHIPPED[game] / f"meta.{language}.toml").read_text(encoding="utf-8"))
    for path in sorted(SHIPPED[game].glob("*.json")):
        meta = json.loads(path.read_text(encoding="utf-8")).get("meta") or {}
        for key in ("title", "notes"):
            if meta.get(key):
                translated = said.get(path.name, {}).get(key)
                assert translated and translated != meta[key], (path.name, key)


def test_apps_made_from_the_same_samples_share_them_and_a_changed_file_is_read_again(small_samples, tmp_path):
    root = tmp_path / "samples"
    first, again = (create_app(app_config(tmp_path / name, SAMPLES_DIR=str(root))) for name in ("one", "two"))
    shared = first.extensions["card_replay"].samples[("david-goliath", "legal")]
    assert again.extensions["card_replay"].samples[("david-goliath", "legal")] is shared
    legal = json.loads((root / "david-goliath" / "legal.json").read_text())
    legal["meta"]["title"] = "Edited after the service started"
    (root / "david-goliath" / "legal.json").write_text(json.dumps(legal))
    changed = create_app(app_config(tmp_path / "three", SAMPLES_DIR=str(root)))
    listed = {sample["slug"]: sample for sample in changed.test_client().get("/api/v1/samples").get_json()}
    assert listed["legal"]["title"] == "Edited after the service started"
    for application in (first, again, changed):
        application.extensions["card_replay"].repository.dispose()

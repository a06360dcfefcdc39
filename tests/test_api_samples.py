"""GET /api/v1/samples and /api/v1/samples/{slug}, on a samples folder of our own and on the shipped one."""

from __future__ import annotations

import json

import pytest

from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import ROOT, app_config

EXPECTED = ROOT / "sample_games" / "expected.json"


@pytest.fixture
def small_samples(tmp_path):
    """A samples folder of our own: two logs, one broken file, and an expected.json that is no sample."""
    folder = tmp_path / "samples"
    folder.mkdir()
    legal = {**simulate(3, 4), "meta": {"title": "A <b>legal</b> game", "notes": "Nothing to see."}}
    illegal = simulate(4, 4)
    illegal["tricks"][0]["captures"] = {}
    illegal["scores"][illegal["players"][0]] += 5
    (folder / "legal.json").write_text(json.dumps(legal))
    (folder / "illegal.json").write_text(json.dumps(illegal))
    (folder / "broken.json").write_text("{not json")
    (folder / "expected.json").write_text("{}")
    application = create_app(app_config(tmp_path, SAMPLES_DIR=str(folder)))
    yield application.test_client()
    application.extensions["card_replay"].repository.dispose()


def test_the_sample_list_gives_title_players_and_verdict(small_samples):
    response = small_samples.get("/api/v1/samples")
    assert response.status_code == 200
    listed = {sample["slug"]: sample for sample in response.get_json()}
    assert set(listed) == {"legal", "illegal"}
    assert listed["legal"]["title"] == "A <b>legal</b> game"
    assert listed["legal"]["valid"] is True and listed["legal"]["players"] == ["Andrea", "Ben", "Clara"]
    assert listed["illegal"]["valid"] is False and listed["illegal"]["errors"] >= 1
    assert listed["legal"]["links"] == {"self": "/api/v1/samples/legal", "page": "/samples/legal"}


def test_one_sample_has_its_log_and_report(small_samples):
    response = small_samples.get("/api/v1/samples/illegal")
    assert response.status_code == 200
    body = response.get_json()
    assert body["log"]["game"] == "david-goliath"
    assert body["report"]["valid"] is False
    assert body["title"] == "Illegal"


def test_an_unknown_sample_is_404(small_samples):
    response = small_samples.get("/api/v1/samples/nope")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


@pytest.mark.skipif(not EXPECTED.exists(), reason="the shipped samples are not there yet")
def test_the_shipped_samples_have_their_expected_verdicts(client):
    expected = json.loads(EXPECTED.read_text())
    listed = {sample["slug"]: sample for sample in client.get("/api/v1/samples").get_json()}
    assert {f"{slug}.json" for slug in listed} == set(expected)
    for name, verdict in expected.items():
        report = client.get(f"/api/v1/samples/{name[:-5]}").get_json()["report"]
        assert report["valid"] is verdict["valid"], name
        assert sorted({finding["code"] for finding in report["errors"]}) == sorted(set(verdict["errors"])), name

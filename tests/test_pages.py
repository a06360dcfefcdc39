"""The web pages through the test client: upload form with CSRF, analysis pages, gallery, errors."""

from __future__ import annotations

import io
import json
import re

import pytest

from dg_replay.simulate import simulate, simulate_match

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def csrf_token(client) -> str:
    return TOKEN.search(client.get("/").get_data(as_text=True)).group(1)


def submit(client, *, text: str = "", file: bytes | None = None, token: str | None = "auto"):
    data: dict = {"text": text}
    if token:
        data["csrf_token"] = csrf_token(client) if token == "auto" else token
    if file is not None:
        data["file"] = (io.BytesIO(file), "game.json")
    return client.post("/", data=data, content_type="multipart/form-data")


def scripts_are_external_or_data(page: str) -> None:
    """No inline JavaScript: every script has a src or is a JSON data block; no on* handlers."""
    for attributes, body in re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S):
        assert 'src="' in attributes or 'type="application/json"' in attributes, attributes
        if 'src="' in attributes:
            assert not body.strip()
    assert not re.search(r"<[^>]+\son[a-z]+\s*=", page)


def test_the_start_page_has_the_form_and_the_samples(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in page and 'name="csrf_token"' in page
    assert 'name="file"' in page and 'name="text"' in page
    scripts_are_external_or_data(page)


def test_pasting_a_log_stores_it_and_redirects_to_its_page(app, client):
    raw = json.dumps(simulate(4, 2), indent=1)
    response = submit(client, text=raw)
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert response.headers["Location"].endswith(f"/games/{game_id}")
    record = app.extensions["card_replay"].repository.get(game_id)
    assert record.log == raw.encode()
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Valid" in page and "0 errors, 0 warnings" in page


def test_an_uploaded_file_wins_over_the_text_area(app, client):
    raw = json.dumps(simulate(3, 1)).encode()
    response = submit(client, text="ignored", file=raw)
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert app.extensions["card_replay"].repository.get(game_id).log == raw


def test_without_a_csrf_token_nothing_is_stored(app, client):
    response = submit(client, text=json.dumps(simulate(3, 1)), token=None)
    assert response.status_code == 400
    assert "CSRF" in response.get_data(as_text=True)
    with app.extensions["card_replay"].repository.sessions() as session:
        from api.storage import StoredGame

        assert session.query(StoredGame).count() == 0


def test_bad_json_shows_the_reason_on_the_form(client):
    response = submit(client, text='{"game": ')
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert 'id="upload-problem"' in page and "line 1" in page


def test_a_document_without_a_log_shape_shows_its_schema_findings(client):
    response = submit(client, text='{"game": "david-goliath", "players": ["A", "B", "C"], "tricks": 3}')
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "schema" in page and "/tricks" in page


def test_an_empty_submission_asks_for_a_log(client):
    response = submit(client, text="  ")
    assert response.status_code == 400
    assert "Choose a log file or paste a log" in response.get_data(as_text=True)


def test_the_analysis_page_places_verdict_findings_tricks_and_chart_data(client):
    log = simulate(4, 8)
    log["tricks"][4]["captures"] = {log["players"][0]: ["B1"]}
    game_id = client.post("/api/v1/games", json=log).get_json()["id"]
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "verdict-invalid" in page and "1 error, 0 warnings" in page
    assert 'href="#trick-5"' in page and "capture-mismatch" in page
    assert page.count('class="trick-row') == 15 and 'id="trick-15"' in page
    for chart in ("chart-scores", "chart-captures", "chart-breakdown"):
        assert f'id="{chart}"' in page
    block = re.search(r'<script type="application/json" id="figures">(.*?)</script>', page, re.S).group(1)
    assert set(json.loads(block)) == {"scores", "captures", "breakdown"}
    assert re.search(r'<script src="/vendor/plotly-basic-[0-9.]+\.min\.js"></script>', page)
    assert 'href="/api/v1/games/' in page
    scripts_are_external_or_data(page)


def test_html_in_names_and_notes_is_escaped(client):
    log = simulate(3, 5, names=("<script>alert(1)</script>", "Ben", "</script><b>x"))
    log["meta"] = {"title": "<img src=x onerror=alert(2)>", "notes": "</script><script>alert(3)</script>"}
    log["tricks"][0]["note"] = "<i onclick=alert(4)>note</i>"
    game_id = client.post("/api/v1/games", json=log).get_json()["id"]
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<script>alert" not in page and "<img src=x" not in page and "<i onclick" not in page
    assert "&lt;img src=x onerror=alert(2)&gt;" in page
    scripts_are_external_or_data(page)
    block = re.search(r'<script type="application/json" id="figures">(.*?)</script>', page, re.S).group(1)
    json.loads(block)  # the data block is still whole JSON: no "</script>" broke out of it


def test_a_match_has_an_overview_with_totals_and_a_page_per_game(client):
    game_id = client.post("/api/v1/games", json=simulate_match(3, 7)).get_json()["id"]
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="chart-totals"' in page
    for number in (1, 2, 3):
        assert f'href="/games/{game_id}/g/{number}"' in page
    game_page = client.get(f"/games/{game_id}/g/2")
    assert game_page.status_code == 200
    assert "game 2" in game_page.get_data(as_text=True) and 'id="chart-captures"' in game_page.get_data(as_text=True)
    assert client.get(f"/games/{game_id}/g/4").status_code == 404


def test_a_single_game_has_no_numbered_games(client):
    game_id = client.post("/api/v1/games", json=simulate(3, 7)).get_json()["id"]
    assert client.get(f"/games/{game_id}/g/1").status_code == 404


@pytest.mark.parametrize("path", ["/games/unknown", "/samples/unknown", "/nowhere"])
def test_unknown_pages_are_friendly_404_pages(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "Not Found" in response.get_data(as_text=True)


def test_the_gallery_and_sample_pages(client):
    samples = client.get("/api/v1/samples").get_json()
    if not samples:
        pytest.skip("no sample games installed")
    page = client.get("/samples").get_data(as_text=True)
    for sample in samples:
        assert f'href="{sample["links"]["page"]}"' in page
        response = client.get(sample["links"]["page"])
        assert response.status_code == 200, sample["slug"]
        if sample["kind"] == "match":
            assert client.get(sample["links"]["page"] + "/g/1").status_code == 200


def test_every_page_carries_the_security_headers(client):
    response = client.get("/")
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_a_log_of_no_supported_game_lists_the_games_on_the_form(client):
    response = submit(client, text='{"game": "chess", "players": ["A", "B"]}')
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "This is not a log of any game this service knows." in page and "&#34;david-goliath&#34;" in page


def test_the_gallery_groups_samples_by_game(client):
    page = client.get("/samples").get_data(as_text=True)
    assert '<h3 class="gallery-game" id="gallery-1">David &amp; Goliath</h3>' in page

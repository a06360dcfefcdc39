"""Issue 27, item 4: the ``Host`` a client sends is never written into a page; absolute URLs start with
``PUBLIC_ORIGIN``, and ``TRUSTED_HOSTS`` refuses other hosts with 400 (api.edge)."""

from __future__ import annotations

import json
import re

import pytest

from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import app_config

LOG = json.dumps(simulate(4, 7))
HOSTILE = {"Host": "evil.example"}


def og_url(page: str) -> str:
    return re.search(r'<meta property="og:url" content="([^"]*)">', page).group(1)


def stored_game(client) -> str:
    answer = client.post("/api/v1/games", data=LOG, content_type="application/json")
    assert answer.status_code == 201
    return answer.get_json()["id"]


def test_no_page_repeats_a_hostile_host(client):
    game_id = stored_game(client)
    sample = client.get("/api/v1/samples").get_json()[0]["links"]["page"]
    paths = ["/", "/samples", "/record", "/api/v1/docs", "/api/v1/openapi.json", sample, f"/games/{game_id}",
             f"/games/{game_id}/moments.json", f"/games/{game_id}/edit", f"/api/v1/games/{game_id}",
             "/games/no-such-game"]
    for path in paths:
        response = client.get(path, headers=HOSTILE)
        assert response.status_code in (200, 404), path
        assert "evil" not in response.get_data(as_text=True), path
        assert all("evil" not in value for _, value in response.headers), path


def test_absolute_urls_start_with_the_configured_public_origin(tmp_path):
    client = create_app(app_config(tmp_path, PUBLIC_ORIGIN="https://replay.example.org/")).test_client()
    game_id = stored_game(client)
    page = client.get(f"/games/{game_id}", headers=HOSTILE).get_data(as_text=True)
    assert og_url(page) == f"https://replay.example.org/games/{game_id}"  # the trailing slash given is dropped
    docs = client.get("/api/v1/docs", headers=HOSTILE).get_data(as_text=True)
    assert "@game.json https://replay.example.org/api/v1/validate\n" in docs
    assert "@game.json https://replay.example.org/api/v1/games</pre>" in docs


def test_by_default_the_origin_is_where_make_run_serves(client):
    game_id = stored_game(client)
    page = client.get(f"/games/{game_id}", headers=HOSTILE).get_data(as_text=True)
    assert og_url(page) == f"http://127.0.0.1:5000/games/{game_id}"


@pytest.mark.parametrize("origin", ["replay.example.org", "ftp://replay.example.org", "https://",
                                    "https://replay.example.org/app", "https://replay.example.org?x=1"])
def test_a_public_origin_that_is_not_a_scheme_and_host_stops_the_start(tmp_path, origin):
    with pytest.raises(ValueError, match="PUBLIC_ORIGIN must be a scheme and a host"):
        create_app(app_config(tmp_path, PUBLIC_ORIGIN=origin))


def test_trusted_hosts_refuse_any_other_host_with_400(tmp_path, monkeypatch):
    monkeypatch.setenv("TRUSTED_HOSTS", "replay.example.org, .replay.test")
    client = create_app(app_config(tmp_path)).test_client()
    assert client.get("/samples", headers={"Host": "replay.example.org"}).status_code == 200
    assert client.get("/samples", headers={"Host": "www.replay.test:8443"}).status_code == 200
    page = client.get("/samples", headers={**HOSTILE, "Accept-Language": "it"})
    assert page.status_code == 400 and page.mimetype == "text/plain"  # no page: it would link to that host
    assert page.get_data(as_text=True) == ("400 Richiesta non valida: Questo servizio non risponde per il nome host "
                                           "a cui è stata inviata questa richiesta.\n")
    refused = client.get("/api/v1/samples", headers=HOSTILE)
    assert refused.status_code == 400 and refused.mimetype == "application/problem+json"
    assert "evil" not in refused.get_data(as_text=True)


def test_without_trusted_hosts_any_host_is_served(client):
    assert client.application.config["TRUSTED_HOSTS"] is None
    assert client.get("/samples", headers=HOSTILE).status_code == 200

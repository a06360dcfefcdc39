"""What the service believes about the connection and tells browsers: proxies, redirects, cookies, TLS,
cross-site writes (api.edge)."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from app import create_app
from dg_replay.simulate import simulate
from tests.conftest import ROOT, app_config
from tests.test_hardening import assert_problem

LOG = json.dumps(simulate(3, 21))


@pytest.mark.parametrize("path", ["/games//abc", "/api/v1//samples", "//samples"])
def test_redirects_never_name_the_host_the_client_sent(client, path):
    response = client.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 308
    location = response.headers["Location"]
    assert location.startswith("/") and not location.startswith("//") and "evil" not in location


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                                     {"Origin": "https://elsewhere.example"}, {"Origin": "null"},
                                     {"Origin": "http://[::1"}, {"Origin": "http://["}])  # no URL: once a 500
@pytest.mark.parametrize("path", ["/api/v1/games", "/api/v1/validate"])
def test_browsers_cross_site_writes_to_the_api_are_refused(client, headers, path):
    response = client.post(path, data=LOG, content_type="application/json", headers=headers)
    assert "another site" in assert_problem(response, 403)["detail"]
    assert client.application.extensions["card_replay"].repository.count() == 0


@pytest.mark.parametrize("headers", [{}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"},
                                     {"Origin": "http://localhost"}])
def test_programs_and_same_origin_pages_may_write(client, headers):
    response = client.post("/api/v1/games", data=LOG, content_type="application/json", headers=headers)
    assert response.status_code == 201


def test_cross_site_deletes_are_refused_too(client):
    stored = client.post("/api/v1/games", data=LOG, content_type="application/json").get_json()
    response = client.delete(f"/api/v1/games/{stored['id']}", headers={
        "Authorization": f"Bearer {stored['delete_token']}", "Sec-Fetch-Site": "cross-site"})
    assert_problem(response, 403)
    assert client.get(f"/api/v1/games/{stored['id']}/log").status_code == 200


def _first_cookie(client) -> str:
    response = client.get("/")
    headers = response.headers.getlist("Set-Cookie")
    assert headers, "the form page sets the session cookie"
    return headers[0]


def test_the_session_cookie_is_same_site_lax_and_secure_only_with_https(tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "tls").mkdir()
    plain = create_app(app_config(tmp_path / "plain", WTF_CSRF_ENABLED=True)).test_client()
    cookie = _first_cookie(plain)
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie and "Secure" not in cookie
    assert "Strict-Transport-Security" not in plain.get("/").headers
    tls = create_app(app_config(tmp_path / "tls", WTF_CSRF_ENABLED=True, HTTPS=True)).test_client()
    assert "Secure" in _first_cookie(tls)
    assert tls.get("/api/v1/samples").headers["Strict-Transport-Security"].startswith("max-age=")


@pytest.mark.parametrize(("proxies", "statuses"), [(0, [201, 429]), (1, [201, 201])])
def test_forwarded_addresses_count_only_behind_trusted_proxies(tmp_path, proxies, statuses):
    application = create_app(app_config(tmp_path, RATELIMIT_ENABLED=True, UPLOAD_RATE_LIMIT="1 per minute",
                                        TRUSTED_PROXIES=proxies))
    client = application.test_client()
    got = [client.post("/api/v1/games", data=LOG, content_type="application/json",
                       headers={"X-Forwarded-For": address}).status_code for address in ("192.0.2.1", "192.0.2.2")]
    assert got == statuses


def test_a_refused_cross_site_write_is_explained_in_the_reader_s_language(client):
    response = client.post("/api/v1/validate", data=LOG, content_type="application/json",
                           headers={"Origin": "https://elsewhere.example", "Accept-Language": "it"})
    detail = assert_problem(response, 403)["detail"]
    assert detail.startswith("L'API non accetta richieste POST che una pagina web di un altro sito "
                             "(https://elsewhere.example)")


def test_make_run_names_where_it_serves_unless_public_origin_is_given():
    """`make run PORT=8211` gave the API page's examples and the pages' og:url http://127.0.0.1:5000."""
    def origin_of(*arguments: str, given: str | None = None) -> str:
        environment = {name: value for name, value in os.environ.items() if name != "PUBLIC_ORIGIN"}
        if given:
            environment["PUBLIC_ORIGIN"] = given
        shown = subprocess.run(["make", "-n", "run", *arguments], cwd=ROOT, capture_output=True, text=True,
                               env=environment, check=True).stdout
        command = next(line for line in shown.splitlines() if "flask --app app run" in line)
        assignment = command.split(" ", 1)[0]  # PUBLIC_ORIGIN=${PUBLIC_ORIGIN:-http://HOST:PORT}, as make runs it
        return subprocess.run(["sh", "-c", f'{assignment} && echo "$PUBLIC_ORIGIN"'], capture_output=True, text=True,
                              env=environment, check=True).stdout.strip()

    assert origin_of("PORT=8211") == "http://127.0.0.1:8211"
    assert origin_of("HOST=0.0.0.0", "PORT=8080") == "http://0.0.0.0:8080"
    assert origin_of("PORT=8211", given="https://replay.example.org") == "https://replay.example.org"

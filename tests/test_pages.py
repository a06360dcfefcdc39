"""The web pages through the test client: upload form with CSRF, analysis pages, gallery, errors."""

from __future__ import annotations

import gzip
import io
import json
import re

import pytest
from markupsafe import escape

from api import homes
from dg_replay.simulate import simulate, simulate_match
from replaykit import registry
from tests.conftest import ROOT

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
    """No inline JavaScript: every script has a src, is a JSON data block or an empty placeholder naming one of
    our files for charts.js to start; no on* handlers."""
    for attributes, body in re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S):
        placeholder = re.fullmatch(r' type="text/plain" data-after-charts="/static/[a-z-]+\.js\?v=[0-9a-f]{20}"',
                                   attributes)
        assert 'src="' in attributes or 'type="application/json"' in attributes or placeholder, attributes
        if 'src="' in attributes or placeholder:
            assert not body.strip()
    for tag in re.findall(r"<[^>]+>", page):  # an attribute named on*, not text quoted in a value
        assert not re.search(r"\son[a-z]+\s*=", re.sub(r'"[^"]*"', '""', tag)), tag


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


def test_a_right_to_left_name_is_set_apart_from_the_numbers_beside_it(client):
    # The same game with Ben renamed in Hebrew: each sentence naming him says the same, his name between FSI
    # and PDI, so that "בנימין would have scored 30" is not shown as "30 would have scored בנימין".
    raw = (ROOT / "sample_games" / "david-goliath" / "legal-3-players.json").read_text(encoding="utf-8")
    said = {}
    for name in ("Ben", "בנימין"):
        upload = client.post("/api/v1/games", data=raw.replace('"Ben"', json.dumps(name)).encode(),
                             content_type="application/json")
        page = client.get(upload.get_json()["links"]["page"]).get_data(as_text=True)
        said[name] = re.findall(r"Trick \d+: [^<]*", page)
    isolated = [line.replace("Ben", "\u2068בנימין\u2069") for line in said["Ben"]]
    assert said["בנימין"] == isolated and any(", \u2068בנימין\u2069 would have scored " in line for line in isolated)


def test_a_file_and_pasted_text_together_are_refused_and_the_text_is_kept(app, client):
    raw = json.dumps(simulate(3, 1)).encode()
    response = submit(client, text='{"typed": "by hand"}', file=raw)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "You chose a file and pasted text" in page and "{&#34;typed&#34;: &#34;by hand&#34;}" in page
    with app.extensions["card_replay"].repository.sessions() as session:
        from api.storage import StoredGame

        assert session.query(StoredGame).count() == 0


def test_a_file_refused_comes_back_in_the_text_area_to_be_corrected(app, client):
    """A browser never sends a file back: the log of a file whose JSON is broken, or which is no log, is put in
    the text area, so that it can be corrected and sent again (the form, the log kept)."""
    broken = b'{"game": "david-goliath", "players": ["Ann", "Ben", "Cy"],\n "tricks": [}'
    response = submit(client, file=broken)
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "line 2" in page
    assert "<textarea" in page and str(escape(broken.decode())) in page
    response = submit(client, file=b'{"game": "david-goliath"}')  # JSON, but not a log's shape
    assert response.status_code == 422 and str(escape('{"game": "david-goliath"}')) in response.get_data(as_text=True)
    assert stored(app) == 0


def test_a_pasted_log_may_be_as_large_as_an_uploaded_one(client):
    log = simulate(4, 3)
    log["meta"] = {"padding": "x" * 700_000}  # past Werkzeug's default 500 kB for a form field
    response = submit(client, text=json.dumps(log))
    assert response.status_code == 303


def test_an_upload_over_the_limit_keeps_the_form_and_states_the_limit(client):
    response = submit(client, file=b" " * (2 * 1024 * 1024 + 10))
    assert response.status_code == 413
    page = response.get_data(as_text=True)
    assert "larger than 2.0 MiB" in page and 'class="upload-form"' in page and 'data-max-bytes="2097152"' in page


def stored(app) -> int:
    from api.storage import StoredGame

    with app.extensions["card_replay"].repository.sessions() as session:
        return session.query(StoredGame).count()


def test_without_a_csrf_token_nothing_is_stored(app, client):
    response = submit(client, text=json.dumps(simulate(3, 1)), token=None)
    assert response.status_code == 400
    assert "This form could not be checked: reload the page" in response.get_data(as_text=True)
    assert stored(app) == 0


@pytest.mark.parametrize(("language", "said"), [
    ("it", "Non è stato possibile verificare questo modulo: ricarica la pagina"),
    ("pl", "Nie udało się sprawdzić tego formularza: odśwież stronę")])
def test_a_form_sent_without_its_token_is_shown_again_in_the_reader_s_language(app, client, language, said):
    # Before: an error page saying "The CSRF token is missing." in English, whatever the page's language.
    response = client.post("/", data={"text": json.dumps(simulate(3, 1))}, content_type="multipart/form-data",
                           headers={"Accept-Language": language})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and said in page
    assert 'id="upload-problem"' in page and 'name="csrf_token"' in page  # the form again, with a fresh token
    deleting = client.post("/games/anything/delete", headers={"Accept-Language": language})
    assert deleting.status_code == 400 and said in deleting.get_data(as_text=True)
    assert stored(app) == 0


def test_an_empty_file_is_named_rather_than_taken_for_no_file(client):
    # Before: "Choose a log file or paste a log first.", though a file was chosen.
    response = client.post("/", data={"csrf_token": csrf_token(client), "file": (io.BytesIO(b""), "round 3.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    assert "The file &#34;round 3.json&#34; is empty" in response.get_data(as_text=True)


def test_an_upload_over_the_limit_is_refused_in_the_reader_s_language(client):
    too_large = io.BytesIO(b" " * (2 * 1024 * 1024 + 10))
    response = client.post("/", data={"csrf_token": csrf_token(client), "file": (too_large, "g.json")},
                           content_type="multipart/form-data", headers={"Accept-Language": "it"})
    assert response.status_code == 413
    assert "Questo registro supera i 2,0 MiB" in response.get_data(as_text=True)


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
    assert len(samples) > 40
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


def test_every_sample_can_be_downloaded_copied_and_edited(client):
    page = client.get("/samples/david-goliath/legal-3-players").get_data(as_text=True)
    assert 'href="/samples/david-goliath/legal-3-players/log.json?download=1"' in page
    assert 'data-copy="/samples/david-goliath/legal-3-players/log.json"' in page
    assert 'href="/samples/david-goliath/legal-3-players/edit"' in page
    shipped = (ROOT / "sample_games" / "david-goliath" / "legal-3-players.json").read_bytes()
    download = client.get("/samples/david-goliath/legal-3-players/log.json?download=1")
    assert download.data == shipped
    assert download.headers["Content-Disposition"] == 'attachment; filename="legal-3-players.json"'
    edit = client.get("/samples/david-goliath/legal-3-players/edit").get_data(as_text=True)
    assert 'class="upload-form"' in edit and str(escape(shipped.decode())) in edit
    assert 'href="/format/david-goliath"' in edit


def test_a_stored_game_can_be_downloaded_and_edited(client):
    raw = json.dumps(simulate(3, 5)).encode()
    game_id = client.post("/api/v1/games", data=raw, content_type="application/json").get_json()["id"]
    download = client.get(f"/api/v1/games/{game_id}/log?download=1")
    assert download.data == raw and "attachment" in download.headers["Content-Disposition"]
    edit = client.get(f"/games/{game_id}/edit")
    assert edit.status_code == 200 and str(escape(raw.decode())) in edit.get_data(as_text=True)
    assert client.get("/games/nope/edit").status_code == 404


def test_a_match_game_links_its_neighbours_and_its_own_report(client):
    page = client.get("/samples/david-goliath/match-4-players/g/2").get_data(as_text=True)
    assert 'href="/samples/david-goliath/match-4-players/g/1" rel="prev"' in page
    assert 'href="/samples/david-goliath/match-4-players/g/3" rel="next"' in page
    assert 'href="/api/v1/samples/david-goliath/match-4-players/parts/2">Report (JSON)' in page
    part = client.get("/api/v1/samples/david-goliath/match-4-players/parts/2").get_json()
    whole = client.get("/api/v1/samples/david-goliath/match-4-players").get_json()["report"]
    assert part == whole["games"][1] and part["kind"] == "game"
    assert client.get("/api/v1/samples/david-goliath/match-4-players/parts/9").status_code == 404
    assert client.get("/api/v1/samples/david-goliath/legal-3-players/parts/1").status_code == 404


def test_findings_show_their_pointer_and_say_it_counts_from_zero(client):
    page = client.get("/samples/david-goliath/match-irregular").get_data(as_text=True)
    assert 'class="finding-path" title="Where in the log: a JSON pointer, whose list positions count from 0"' in page


def test_the_colour_breakdown_leaves_out_who_is_not_a_player(client):
    from api.games.david_goliath.charts import breakdown

    report = client.get("/api/v1/samples/david-goliath/illegal-table").get_json()["report"]
    assert "Emma" in str(report["tricks"]) and list(breakdown(report)) == report["players"]


def moments_url(page: str) -> str:
    return re.search(r'data-moments="([^"]+)"', page).group(1)


def test_a_page_names_its_moments_which_come_compressed_and_revalidated(client):
    page = client.get("/samples/grande-dalmuti/plain-revolution-market").get_data(as_text=True)
    url = moments_url(page)
    assert url == "/samples/grande-dalmuti/plain-revolution-market/moments.json"
    plain = client.get(url)
    assert plain.status_code == 200 and plain.headers["Cache-Control"] == "no-cache"
    data = plain.get_json()
    ids = [step["id"] for step in data["steps"]]
    assert len(ids) > 400 and set(re.findall(r'data-step-id="([^"]+)"', page)) <= set(ids)
    assert set(data["board"]["moments"]) <= set(ids)
    assert all(field not in ([], {}, None) for moment in data["board"]["moments"].values()
               for field in moment.values())  # empty fields are left out: the board reads them as empty
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and json.loads(gzip.decompress(packed.data)) == data
    assert client.get(url, headers={"If-None-Match": plain.headers["ETag"]}).status_code == 304


def test_moments_exist_for_each_game_page_and_nothing_else(client):
    assert client.get("/samples/david-goliath/match-4-players/g/2/moments.json").status_code == 200
    for missing in ("/samples/david-goliath/match-4-players/moments.json",
                    "/samples/david-goliath/match-4-players/g/9/moments.json",
                    "/samples/david-goliath/legal-4-players/g/1/moments.json", "/samples/nope/moments.json",
                    "/games/nope/moments.json"):
        response = client.get(missing)  # a script reads these: told why in JSON, never handed an HTML page
        assert response.status_code == 404 and response.mimetype == "application/problem+json", missing
        assert response.json["status"] == 404 and response.json["instance"] == missing
    game_id = client.post("/api/v1/games", json=simulate_match(3, 7)).get_json()["id"]
    page = client.get(f"/games/{game_id}/g/3").get_data(as_text=True)
    assert moments_url(page) == f"/games/{game_id}/g/3/moments.json"
    steps = client.get(moments_url(page)).get_json()["steps"]
    tricks = [step["id"] for step in steps if step.get("major")]
    assert tricks[0] == "deal" and tricks[1:] == [f"trick-{n}" for n in range(1, len(tricks))]


def test_every_sample_page_is_at_most_150_kb_of_html(client):
    for game_id, path in [(game_id, path) for game_id, engine in registry.engines().items()
                          for path in sorted(homes.folder(engine, "samples").glob("*.json"))]:
        page = client.get(f"/samples/{game_id}/{path.stem}")
        assert page.status_code == 200, path.stem
        assert len(page.data) <= 150 * 1024, (path.stem, len(page.data))


def test_a_nul_in_a_name_is_written_as_the_replacement_character_never_raw(client):
    """JSON allows a NUL in a string, and a log's name may hold one: a page writes U+FFFD there, as an HTML
    parser would, not the raw NUL that HTML forbids (in every language, the moments' labels too)."""
    log = simulate(3, 1)
    named = json.dumps(log).replace(json.dumps(log["players"][0]), json.dumps("A\x00nn"))
    page = client.post("/api/v1/games", data=named, content_type="application/json").get_json()["links"]["page"]
    for language in ("en", "pl"):
        shown = client.get(f"{page}?lang={language}").get_data(as_text=True)
        assert "\x00" not in shown and "A\ufffdnn" in shown

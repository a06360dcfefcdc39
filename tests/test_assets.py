"""plotly.js (the smallest official bundle for the charts we draw), static files and pages: compressed for
clients that accept it, cached, and byte-for-byte what they are once decompressed."""

from __future__ import annotations

import gzip
import hashlib
import json
import re

from api import assets
from tests.conftest import ROOT

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def test_pages_load_the_basic_bundle_pinned_in_package_json():
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"][assets.BASIC]
    assert assets.PLOTLY.basic and assets.PLOTLY.version == f"basic-{pinned}"
    assert assets.PLOTLY.path.stat().st_size < 2_000_000  # the full bundle is over 4.5 MB


def test_the_bundle_is_served_compressed_with_a_year_of_caching(client):
    url = f"/vendor/plotly-{assets.PLOTLY.version}.min.js"
    plain = client.get(url)
    assert plain.status_code == 200 and plain.mimetype == "text/javascript"
    assert plain.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    # the bundle as installed, after V8's compile hint, which must open the script to count
    assert plain.data == b"//# allFunctionsCalledOnLoad\n" + assets.PLOTLY.path.read_bytes()
    assert "Content-Encoding" not in plain.headers
    packed = client.get(url, headers=GZIP)
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2.5
    again = client.get(url, headers={**GZIP, "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304
    assert client.get("/vendor/plotly-0.0.1.min.js").status_code == 404


def test_static_files_and_pages_are_compressed_for_clients_that_accept_it(client):
    script = client.get("/static/app.js", headers=GZIP)
    assert script.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(script.data) == (ROOT / "static" / "app.js").read_bytes()
    assert client.get("/static/nope.js").status_code == 404
    assert client.get("/static/../app.py").status_code == 404
    page = client.get("/samples/david-goliath/legal-4-players", headers=GZIP)
    assert page.headers["Content-Encoding"] == "gzip"
    assert "Score evolution chart" in gzip.decompress(page.data).decode()
    assert "Content-Encoding" not in client.get("/samples/david-goliath/legal-4-players").headers


def test_pages_name_their_files_by_content_and_those_are_cached_a_year(client):
    page = client.get("/samples/grande-dalmuti/plain-revolution-market").get_data(as_text=True)
    style = (ROOT / "static" / "style.css").read_bytes()
    digest = hashlib.sha256(style).hexdigest()[:20]
    assert f'href="/static/style.css?v={digest}"' in page
    script = hashlib.sha256((ROOT / "static" / "app.js").read_bytes()).hexdigest()[:20]
    assert f'data-after-charts="/static/app.js?v={script}"' in page
    game_style = re.search(r'href="(/styles/grande-dalmuti\.css\?v=[0-9a-f]{20})"', page)
    for url in (f"/static/style.css?v={digest}", game_style.group(1)):
        assert client.get(url).headers["Cache-Control"] == "public, max-age=31536000, immutable", url
    current = client.get(f"/static/style.css?v={digest}")
    assert current.data == style
    # asked for without a hash, or by one of an earlier deploy: the file as it is now, revalidated hourly
    for url in ("/static/style.css", "/static/style.css?v=0123456789abcdef0123"):
        answer = client.get(url)
        assert answer.data == style and answer.headers["Cache-Control"] == "public, max-age=3600", url


def test_a_game_s_recorder_script_is_served_from_its_home_by_its_content_s_hash(client):
    script = ROOT / "static" / "games" / "olympi" / "record.js"  # Olympi's discipline cards, in its home
    digest = hashlib.sha256(script.read_bytes()).hexdigest()[:20]
    assert f'<script src="/scripts/olympi/record.js?v={digest}"></script>' in client.get("/record").get_data(
        as_text=True)
    current = client.get(f"/scripts/olympi/record.js?v={digest}", headers={**GZIP, "Accept-Language": "pl"})
    assert current.status_code == 200 and current.mimetype == "text/javascript"
    assert current.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert current.headers["Content-Encoding"] == "gzip" and gzip.decompress(current.data) == script.read_bytes()
    assert current.headers["Vary"] == "Accept-Encoding"  # no language changes it: one cached copy for all
    plain = client.get("/scripts/olympi/record.js")
    assert plain.data == script.read_bytes() and plain.headers["Cache-Control"] == "public, max-age=3600"


def test_a_game_without_a_recorder_script_gets_a_404_that_says_so(client):
    missing = client.get("/scripts/david-goliath/record.js")
    assert missing.status_code == 404
    assert "This game has no recorder script of its own." in missing.get_data(as_text=True)
    assert "non ha uno script proprio" in client.get("/scripts/david-goliath/record.js?lang=it").get_data(
        as_text=True)
    assert client.get("/scripts/chess/record.js").status_code == 404  # no such game

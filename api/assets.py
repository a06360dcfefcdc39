"""Static files and the plotly.js bundle, served compressed and cached.

plotly.js is the heaviest thing a page loads, so pages use the smallest official bundle that draws the
charts the adapters build (scatter and bar): ``plotly.js-basic-dist-min`` from the npm registry, installed
by ``make`` (pinned in package.json/package-lock.json) and shipped inside the wheel. Where it is missing (an
install without npm) the full bundle of the plotly Python package is served instead, with a warning.

The bundle is sent with V8's compile hint on its first line (``COMPILE_HINT``). Static files are gzipped once
and kept in memory; pages over a kilobyte are gzipped as they leave, for clients that accept it. API answers
are left as they are: programs read them, and a front server may compress them by its own rules.

Pages name static files and the games' own stylesheets and recorder scripts with their content's hash
(``?v=``): a page is always served the files it was written with, even those a browser cached before a
deploy, and a file asked for by its current hash is cached a year. Asked for without it, or by an older
hash, it is revalidated hourly.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path

import plotly
from flask import Flask, Response, abort, current_app, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from plotly.offline import get_plotlyjs_version
from werkzeug.security import safe_join

import api as web
from api import homes
from replaykit import registry
from replaykit.engine import Engine

log = logging.getLogger(__name__)
ONE_YEAR = 31536000
ONE_HOUR = 3600
PAGES = ("text/html",)
BASIC = "plotly.js-basic-dist-min"
# V8 (Chrome 136 on) compiles every function of a script that opens with this comment on the background thread
# that streams it in, while the page waits for it, instead of each one on the main thread when first called.
# No code cache spares that work on a first visit or in a private window: ~100 ms of main-thread CPU per load
# in a Chromium trace of a board page, ~40 ms less CPU in all once hinted (docs/PERFORMANCE-JOURNAL.md, issue 30).
# Other browsers read a comment.
COMPILE_HINT = b"//# allFunctionsCalledOnLoad\n"
# The endpoints whose answer no language or cookie changes: one cached copy serves every reader.
SAME_IN_EVERY_LANGUAGE = frozenset({"static", "game_style", "game_script", "plotly_js"})


@dataclass(frozen=True)
class Bundle:
    path: Path
    version: str  # names the URL, so a year of caching is safe

    @property
    def basic(self) -> bool:
        return self.version.startswith("basic-")


def plotly_bundle() -> Bundle:
    installed = web.INSTALLED_ROOT / "vendor"
    folder = installed if installed.is_dir() else web.SOURCE_ROOT / "node_modules" / BASIC
    script = folder / "plotly-basic.min.js"
    if script.is_file():
        version = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
        return Bundle(script, f"basic-{version}")
    log.warning("%s is not installed (run make); serving the full plotly.js bundle instead", BASIC)
    return Bundle(Path(plotly.__file__).parent / "package_data" / "plotly.min.js", get_plotlyjs_version())


PLOTLY = plotly_bundle()


@dataclass(frozen=True)
class Packed:
    raw: bytes
    packed: bytes
    etag: str


_packed: dict[tuple[Path, float, bytes], Packed] = {}


def packed(path: Path, head: bytes = b"") -> Packed:
    """The file with ``head`` before it, gzipped once."""
    key = (path, path.stat().st_mtime, head)
    if key not in _packed:
        raw = head + path.read_bytes()
        _packed[key] = Packed(raw, gzip.compress(raw, 9, mtime=0), hashlib.sha256(raw).hexdigest()[:20])
    return _packed[key]


def accepts_gzip() -> bool:
    return "gzip" in request.accept_encodings


def send(path: Path, mimetype: str, max_age: int, immutable: bool = False, head: bytes = b"") -> Response:
    """A file (``head`` first), gzipped when the client accepts it, with a strong ETag and a 304 for a fresh copy."""
    return _send(packed(path, head), mimetype, f"public, max-age={max_age}" + (", immutable" if immutable else ""))


def send_bytes(raw: bytes, mimetype: str, cache_control: str) -> Response:
    """Bytes made for this request (a page's data), sent as ``send`` sends a file."""
    return _send(Packed(raw, gzip.compress(raw, 6, mtime=0), hashlib.sha256(raw).hexdigest()[:20]), mimetype,
                 cache_control)


def _send(item: Packed, mimetype: str, cache_control: str) -> Response:
    zipped = accepts_gzip()
    response = Response(item.packed if zipped else item.raw, mimetype=mimetype)
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    response.set_etag(item.etag + ("-gz" if zipped else ""))
    response.headers["Cache-Control"] = cache_control
    return response.make_conditional(request)


def static_path(filename: str) -> Path | None:
    path = safe_join(str(current_app.static_folder), filename)
    return Path(path) if path is not None and Path(path).is_file() else None


# A game's own files, found through its home: endpoint → (the finder, the file's type, what a 404 says).
GAME_FILES = {"game_style": (homes.style, "text/css", lazy_gettext("This game has no stylesheet of its own.")),
              "game_script": (homes.script, "text/javascript",
                              lazy_gettext("This game has no recorder script of its own."))}


def game_file_path(endpoint: str, game: str) -> Path | None:
    engine = registry.engines().get(game)
    return GAME_FILES[endpoint][0](engine) if engine is not None else None


def send_versioned(path: Path, mimetype: str) -> Response:
    """A file of ours: a year of caching when asked for by its current hash (``?v=``), else revalidated hourly."""
    current = request.args.get("v") == packed(path).etag
    return send(path, mimetype, ONE_YEAR if current else ONE_HOUR, immutable=current)


def static_view(filename: str) -> Response:
    """Flask's ``static`` endpoint, compressed."""
    path = static_path(filename)
    if path is None:
        abort(404, _("There is no such file."))
    return send_versioned(path, {".js": "text/javascript", ".css": "text/css"}.get(path.suffix,
                                                                                  "application/octet-stream"))


def add_version(endpoint: str | None, values: dict) -> None:
    """``url_for`` of a static file, a game's stylesheet or its recorder script names its content's hash
    (``?v=``)."""
    if endpoint == "static" and "v" not in values:
        path = static_path(values.get("filename", ""))
    elif endpoint in GAME_FILES and "v" not in values:
        path = game_file_path(endpoint, values.get("game", ""))
    else:
        return
    if path is not None:
        values["v"] = packed(path).etag


def plotly_view(version: str) -> Response:
    if version != PLOTLY.version:
        abort(404, _("This plotly.js version is not served here."))
    return send(PLOTLY.path, "text/javascript", ONE_YEAR, immutable=True, head=COMPILE_HINT)


def compress(response: Response) -> Response:
    """Gzip a page on its way out (not files, which ``send`` packs once)."""
    if (response.direct_passthrough or response.status_code != 200 or "Content-Encoding" in response.headers
            or response.mimetype not in PAGES or not accepts_gzip()):
        return response
    body = response.get_data()
    if len(body) < 1024:
        return response
    response.set_data(gzip.compress(body, 6, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    response.headers.add("Vary", "Accept-Encoding")
    return response


def game_file_url(endpoint: str, engine: Engine | None) -> str | None:
    """The address of a game's own file (``game_style``: its stylesheet for its pages, ``game_script``: its part
    of the recorder page), or ``None`` when it has none."""
    if engine is None or GAME_FILES[endpoint][0](engine) is None:
        return None
    return url_for(endpoint, game=engine.id)


def game_file_view(game: str) -> Response:
    endpoint = request.endpoint or ""
    path = game_file_path(endpoint, game)
    if path is None:
        abort(404, str(GAME_FILES[endpoint][2]))
    return send_versioned(path, GAME_FILES[endpoint][1])


def install(app: Flask) -> None:
    app.view_functions["static"] = static_view
    app.add_url_rule("/styles/<game:game>.css", "game_style", game_file_view)
    app.add_url_rule("/scripts/<game:game>/record.js", "game_script", game_file_view)
    app.add_url_rule("/vendor/plotly-<string:version>.min.js", "plotly_js", plotly_view)
    app.url_defaults(add_version)
    app.after_request(compress)

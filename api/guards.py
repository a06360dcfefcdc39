"""Guards against what a client may send and what a browser may run.

Limits: request rate (Flask-Limiter), JSON nesting and number size, and the sizes past which a document
is not a log, all from the app's configuration with sane defaults. Headers: the browser runs only our own
scripts and never frames our pages; plotly.js sets inline styles on what it draws, so styles allow
'unsafe-inline' while scripts do not, and markup that sneaks into a page through a name or note cannot run.

The rate limits count per client, in a storage every gunicorn worker shares: by default the app's own
database (``api.ratelimits``), or any ``RATELIMIT_STORAGE_URI`` of the limits library. A client is an IPv4
address, or an IPv6 address's /64 (the block one subscriber gets: counting each address would give one
user 2^64 allowances). Uploads through the form and the API draw on one shared allowance; work without
storage (``work_limit``: validate, and the choices and apply endpoints) on another; views of stored games
on a third. On the first two a request costs one per started ``WORK_UNIT_BYTES`` of its body, so an
allowance bounds the bytes a client may have replayed, not the number of its requests. An upload does
far more per byte than a validation (it also computes the table views and the what-if, and renders the page
lists in every language): some ten times a validation's CPU a unit, on the heaviest accepted logs
(``python -m scripts.loadtest --costs``, docs/RELIABILITY.md). So its allowance is 40 units a minute
against validate's 300, and either bounds a client to about the same CPU time a minute.

An upload's work holds its gevent worker (it is CPU-bound and yields to no other connection), so a client
with two uploads under way could hold both workers and every other client would wait. Each client has one
upload worked on at a time (``one_upload_at_a_time``); another sent meanwhile is 429 with ``Retry-After``.
"""

from __future__ import annotations

import functools
import ipaddress
import time
from collections.abc import Callable

from flask import Flask, Response, current_app, g, request
from flask_babel import gettext as _
from flask_limiter import Limiter

from api.problems import Problem
from api.ratelimits import SQLStorage
from replaykit.jsonio import JSONLimits

DEFAULTS = {
    "MAX_CONTENT_LENGTH": 2 * 1024 * 1024,  # far above any real log (a 6-player match is ~200 KB): 413 past it
    "MAX_FORM_MEMORY_SIZE": None,  # a pasted log may be as large as an uploaded one (None: MAX_CONTENT_LENGTH)
    "JSON_MAX_DEPTH": 32,
    "JSON_MAX_NUMBER_DIGITS": 20,
    "RATELIMIT_ENABLED": True,
    "RATELIMIT_STORAGE_URI": "",  # empty: the app's own database (api.ratelimits)
    "RATELIMIT_HEADERS_ENABLED": True,
    "UPLOAD_RATE_LIMIT": "40 per minute; 600 per day",  # in work units: 40 small logs, or 5 of 430 KB
    "VALIDATE_RATE_LIMIT": "300 per minute",
    "VIEW_RATE_LIMIT": "300 per minute",
}
WORK_UNIT_BYTES = 64 * 1024  # a 2 MiB body costs 33: within a minute's allowance of uploads as of validations
# What an analysis costs past its replay, in validation units (each at most 0.045 s of CPU): the whole request took
# at most 1.13 s on the heaviest logs (make bench, "Analysis requests"; docs/ANALYSIS.md), less than the 1.8 s
# of 40 units, so a client's analyses (7 a minute) use no more CPU a minute than its validations may.
ANALYSIS_UNITS = 40


def client_address(address: str | None = None) -> str:
    """Who a request is counted as (rate limits and quota): its IPv4 address, or its IPv6 address's /64."""
    address = request.remote_addr if address is None else address
    try:
        parsed = ipaddress.ip_address(address or "")
    except ValueError:
        return address or ""
    if parsed.version == 4:
        return str(parsed)
    if parsed.ipv4_mapped is not None:
        return str(parsed.ipv4_mapped)
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False))


limiter = Limiter(key_func=client_address)


def upload_rate() -> str:
    return current_app.config["UPLOAD_RATE_LIMIT"]


def uploads_limit(**options: object):
    """The one allowance that form and API uploads both draw on (Flask-Limiter's shared limit), each upload
    costing one per started ``WORK_UNIT_BYTES`` of its body; and one upload of a client at a time."""
    limit = limiter.shared_limit(upload_rate, scope="uploads", cost=_work_cost, **options)
    return lambda view: one_upload_at_a_time(limit(view))


# How long a client's upload in progress is remembered at most: longer than gunicorn lets a request run, so
# an upload still running has it, and a worker killed mid-upload holds the client back this long at most.
UPLOADING_SECONDS = 60
RETRY_UPLOAD_SECONDS = 2  # the heaviest upload takes a second or two


def one_upload_at_a_time(view):
    """Refuse with 429 an upload (a POST) of a client that has another under way, in any worker or instance:
    a mark in the rate limits' storage, set by the first ``incr`` of its window and cleared when the upload
    is answered."""
    @functools.wraps(view)
    def guarded(*args: object, **kwargs: object):
        if request.method != "POST" or not limiter.enabled:
            return view(*args, **kwargs)
        key, storage = f"uploading/{client_address()}", limiter.storage
        # the app's database: waiting for it when locked, as the upload will (another worker must see the mark)
        count = storage.incr_shared if isinstance(storage, SQLStorage) else storage.incr
        if count(key, UPLOADING_SECONDS) > 1:
            raise Problem(429, _("Your previous upload is still being worked on: send this one once it is answered."),
                          headers={"Retry-After": str(RETRY_UPLOAD_SECONDS)})
        try:
            return view(*args, **kwargs)
        finally:
            limiter.storage.clear(key)
    return guarded


def retry_wait() -> tuple[int, int] | None:
    """When the limit this request broke lets the client in again, in whole seconds as the limiter's Retry-After
    counts them, but at least 1 (it says 0 in a window's last second), with the length of that limit's window
    in seconds (60: a minute's allowance; 86,400: a day's); ``None`` where no limit was broken."""
    current = limiter.current_limit
    if current is None or not current.breached:
        return None
    return max(1, int(current.reset_at - time.time())), current.limit.get_expiry()


def validate_rate() -> str:
    return current_app.config["VALIDATE_RATE_LIMIT"]


def _work_cost() -> int:
    return 1 + max(request.content_length or 0, 0) // WORK_UNIT_BYTES


def work_limit():
    """The allowance of the endpoints that replay a body and store nothing (validate, choices, apply): one
    shared limit, each request costing one per started ``WORK_UNIT_BYTES`` of its body."""
    return limiter.shared_limit(validate_rate, scope="work", cost=_work_cost)


def analysis_limit():
    """Validate's allowance for ``POST /api/v1/analyse``, each analysis costing ``ANALYSIS_UNITS`` on top of its
    body's units: its search and its worlds are bounded (``api.analyse.SEARCH_BUDGET``)."""
    return limiter.shared_limit(validate_rate, scope="work", cost=lambda: _work_cost() + ANALYSIS_UNITS)


def replays_limit(log_size: Callable[[], int]):
    """Validate's allowance for a view that replays a stored log (where a what-if branch starts: ``…/before/…``,
    two passes over the log), costing what validating it twice would: two units per ``WORK_UNIT_BYTES`` of the
    log that ``log_size()`` measures, and one for the request."""
    return limiter.shared_limit(validate_rate, scope="work", cost=lambda: 1 + 2 * (1 + log_size() // WORK_UNIT_BYTES))


def stored_size() -> int:
    """The length of the stored log the request's address names (``game_id``; 0: none)."""
    game_id = (request.view_args or {}).get("game_id")
    return current_app.extensions["card_replay"].repository.size(game_id) if game_id else 0


def view_rate() -> str:
    return current_app.config["VIEW_RATE_LIMIT"]


def by_stored_size() -> int:
    """A view's cost: one per started ``WORK_UNIT_BYTES`` of the stored log its address names."""
    return 1 + stored_size() // WORK_UNIT_BYTES


def a_sample_view() -> int:
    """A sample's view: 1, its pages made once a process and kept (a cold pass over every sample in three
    languages, 17-19 s of CPU, was open to anyone as often as they liked)."""
    return 1


def views_limit(cost: Callable[[], int] = by_stored_size):
    """The allowance of the views of stored games and samples (pages, moments, reports, timelines, edit,
    analyses), one for all, each view costing ``cost()``, by default one per started ``WORK_UNIT_BYTES`` of the
    stored log: what a view reads and sends grows with it (a part of a 531 KB match: 0.3 s of CPU, where a small
    game's view takes milliseconds)."""
    return limiter.shared_limit(view_rate, scope="views", cost=cost)


def json_limits() -> JSONLimits:
    config = current_app.config
    return JSONLimits(max_depth=config["JSON_MAX_DEPTH"], max_number_digits=config["JSON_MAX_NUMBER_DIGITS"])


def log_settings() -> dict[str, int]:
    """Size limits of logs by name, from every ``LOG_MAX_…`` setting (``LOG_MAX_TRICKS`` → ``max_tricks``);
    each game's engine takes those it knows and keeps its own defaults for the rest."""
    return {key[len("LOG_"):].lower(): value for key, value in current_app.config.items()
            if key.startswith("LOG_MAX_") and isinstance(value, int)}


CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def note_own_retry(response: Response) -> Response:
    g.own_retry_after = response.headers.get("Retry-After")
    return response


def retry_only_when_refused(response: Response) -> Response:
    """The rate limiter sets Retry-After on every answer, to the end of its window or later: that is what it
    means on a 429. Any other answer keeps its own (a 503's, api.quota), or has none."""
    if response.status_code != 429:
        own = g.pop("own_retry_after", None)
        if own is None:
            response.headers.pop("Retry-After", None)
        else:
            response.headers["Retry-After"] = own
    elif response.headers.get("Retry-After", "").lstrip("-").isdigit() and int(response.headers["Retry-After"]) < 1:
        response.headers["Retry-After"] = "1"  # "0" would invite the client straight back into the same window
    return response


def tightest_allowance(response: Response) -> Response:
    """The limiter's X-RateLimit headers name the allowance of the shortest window until one is broken, so a
    client with 38 uploads left this minute and none left today read 38: they name the allowance with the
    fewest requests left instead (on a 429, the one broken)."""
    evaluated = limiter.current_limits if limiter.enabled else []
    if len(evaluated) < 2 or "X-RateLimit-Remaining" not in response.headers:
        return response
    tightest = min(evaluated, key=lambda allowance: (not allowance.breached, allowance.remaining,
                                                     -allowance.reset_at))
    response.headers["X-RateLimit-Limit"] = str(tightest.limit.amount)
    response.headers["X-RateLimit-Remaining"] = str(tightest.remaining)
    response.headers["X-RateLimit-Reset"] = str(int(tightest.reset_at))
    return response


def install(app: Flask) -> None:
    if app.config.get("MAX_FORM_MEMORY_SIZE") is None:
        app.config["MAX_FORM_MEMORY_SIZE"] = app.config["MAX_CONTENT_LENGTH"]  # Werkzeug's own default is 500 kB
    app.after_request(retry_only_when_refused)  # before the limiter's own: Flask runs them last first
    app.after_request(tightest_allowance)
    limiter.init_app(app)
    app.after_request(note_own_retry)  # so this one runs before the limiter's
    app.after_request(add_headers)

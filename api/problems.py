"""Every error answer the service gives: RFC 9457 problem documents for the API, friendly pages for people.

Whatever goes wrong — a malformed body, an unknown id, a wrong method, a body too large, too many
requests, or a bug — the client gets the right status and a sentence that says what and where, never
HTML from the API and never a stack trace.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from jinja2 import TemplateNotFound
from werkzeug.exceptions import HTTPException, InternalServerError

from replaykit.findings import pointer
from replaykit.reading import show

PROBLEM_TYPE = "application/problem+json"
API_PREFIX = "/api/"
log = logging.getLogger(__name__)
# A body's members looked at for unknown ones, and the longest name given a pointer of its own (a longer one is
# quoted shortened): an answer never grows with the body.
NAMES_LISTED = 40
LONGEST_PLACED = 100


class Problem(HTTPException):
    """An HTTP error with a detail for the client and optional extension members (e.g. ``errors``)."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None, page_detail: str | None = None,
                 **extensions: object) -> None:
        super().__init__(detail)
        self.code = status
        self.extensions = extensions
        self.extra_headers = headers or {}
        # the upload form's own words, where the detail's advice is for programs (an API call, a token)
        self.page_detail = page_detail or detail

    def get_headers(self, *args: object, **kwargs: object) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), *self.extra_headers.items()]


def schema_error(path: str, message: str) -> dict:
    """One entry of a 422's ``errors`` about the request body itself, shaped as a report's findings are."""
    return {"code": "schema", "severity": "error", "message": message, "player": None, "path": path}


def body_members_problem(body: object, detail: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
                         ) -> Problem | None:
    """The 422 of a request body that is not a JSON object with ``required`` and at most ``optional`` besides:
    ``detail``, and a ``schema`` error for each member missing or unknown, at its pointer (the body itself when
    it is no object); ``None`` when its members are right."""
    if not isinstance(body, dict):
        return Problem(422, detail, errors=[schema_error("", _("The body must be a JSON object."))])
    errors = [schema_error(pointer(name), _('"%(name)s" is missing.', name=name))
              for name in required if name not in body]
    errors += [schema_error(pointer(name) if len(name) <= LONGEST_PLACED else "",
                            _("%(name)s is not a member of this body.", name=show(name)))
               for name in list(body)[:NAMES_LISTED] if name not in required + optional]
    return Problem(422, detail, errors=errors) if errors else None


def problem_response(status: int, title: str, detail: str, headers: dict | None = None,
                     **extensions: object) -> Response:
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail,
            "instance": request.path, **extensions}
    response = jsonify(body)
    response.status_code = status
    response.mimetype = PROBLEM_TYPE
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


# The statuses this service answers, named in the reader's language; the rest by their English name.
TITLES = {400: lazy_gettext("Bad Request"), 403: lazy_gettext("Forbidden"), 404: lazy_gettext("Not Found"),
          405: lazy_gettext("Method Not Allowed"), 408: lazy_gettext("Request Timeout"),
          413: lazy_gettext("Request Entity Too Large"), 415: lazy_gettext("Unsupported Media Type"),
          422: lazy_gettext("Unprocessable Entity"), 429: lazy_gettext("Too Many Requests"),
          500: lazy_gettext("Internal Server Error"), 503: lazy_gettext("Service Unavailable"),
          507: lazy_gettext("Insufficient Storage")}
# What a status means when the code that raised it said nothing more (werkzeug's own words are English).
DETAILS = {404: lazy_gettext("There is nothing at this address; check the link."),
           405: lazy_gettext("This address does not take that kind of request."),
           413: lazy_gettext("What you sent is larger than this service accepts."),
           429: lazy_gettext("Too many requests from you in a short time; wait a moment and try again.")}


def _title(status: int) -> str:
    from werkzeug.http import HTTP_STATUS_CODES

    return str(TITLES.get(status, HTTP_STATUS_CODES.get(status, "Error")))


def wants_problem() -> bool:
    """The API's addresses, and the pages' JSON data (``…/moments.json``, ``…/analysis.json``): what a script reads
    is told why in JSON, never handed an HTML page."""
    return request.path.startswith(API_PREFIX) or request.path.endswith(".json")


def detail_of(error: HTTPException) -> str:
    """What an error says to the reader: its own sentence, or the status's where it said nothing of its own."""
    status = error.code or 500
    detail = error.description or _title(status)
    # werkzeug's default sentence, or the rate limiter's rule ("10 per 1 minute"): English, and not for a reader
    # (a Problem's 429 says its own words: when the client's analysis can start)
    if status in DETAILS and (detail == type(error).description or (status == 429 and not isinstance(error, Problem))):
        detail = str(DETAILS[status])
        if status == 429:
            from api.guards import retry_wait  # guards imports this module

            retry = retry_wait()
            if retry is not None:
                detail = _retry_words(*retry)
    return detail


def _retry_words(seconds: int, window: int) -> str:
    """Why a client must wait and how long: a minute's allowance in seconds; an hour's or a day's in hours and
    minutes, named as such (86,397 seconds "in a short time" told an organiser nothing)."""
    if window <= 300:
        return _("Too many requests from you in a short time; try again in %(seconds)s s.", seconds=seconds)
    minutes = -(-seconds // 60)
    wait = (_("%(hours)s h %(minutes)s min", hours=minutes // 60, minutes=minutes % 60) if minutes >= 60
            else _("%(minutes)s min", minutes=minutes))
    if window <= 3600:
        return _("You have used your allowance for the hour; try again in %(wait)s.", wait=wait)
    return _("You have used your allowance for the day; try again in %(wait)s.", wait=wait)


def headers_of(error: HTTPException) -> dict[str, str]:
    """What the exception says about the response, such as Allow on a 405 or Retry-After on a 429."""
    return {name: value for name, value in error.get_headers() if name.lower() != "content-type"}


def handle_http(error: HTTPException) -> Response | tuple[str, int]:
    status = error.code or 500
    detail, headers = detail_of(error), headers_of(error)
    if wants_problem():
        extensions = getattr(error, "extensions", {})
        return problem_response(status, _title(status), detail, headers, **extensions)
    try:
        page = render_template("error.html", status=status, title=_title(status), detail=detail)
    except TemplateNotFound:  # pragma: no cover - the template ships with the app
        page = f"{status} {_title(status)}: {detail}"
    return page, status, headers  # type: ignore[return-value]


def handle_unexpected(error: Exception) -> Response | tuple[str, int]:
    """A bug: logged in full on the server, a plain 500 for the client."""
    log.exception("unhandled error on %s %s", request.method, request.path, exc_info=error)
    return handle_http(InternalServerError(_("Something went wrong on our side; nothing you sent was lost.")))


def install(app: Flask) -> None:
    """Register after any extension (flask-smorest registers its own JSON handler): the last one wins."""
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_unexpected)

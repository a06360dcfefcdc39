"""What the service believes about the connection, and what it tells browsers about it.

- **Proxies**: ``X-Forwarded-For`` and ``-Proto`` are believed only from ``TRUSTED_PROXIES`` proxies in
  front (werkzeug's ``ProxyFix``; 0, the default, believes none), so a client cannot pick the address its
  rate limits and quota are counted under. ``X-Forwarded-Host`` is never believed.
- **Redirects** carry a path, never an absolute URL built from the request's ``Host`` header.
- **Cookies and TLS**: the session cookie is ``HttpOnly`` and ``SameSite=Lax``; with ``HTTPS`` set it is
  also ``Secure`` and every answer carries ``Strict-Transport-Security``.
- **Cross-site writes**: a browser's cross-site ``POST`` or ``DELETE`` to the API (``Sec-Fetch-Site:
  cross-site``/``same-site``, or an ``Origin`` other than this host) is refused with 403: the API takes
  no cookies, but a page elsewhere must not make a visitor's browser upload or delete in their name.
  Clients that are not browsers send neither header and are unaffected.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from flask_babel import gettext as _
from werkzeug.middleware.proxy_fix import ProxyFix

from api.problems import API_PREFIX, Problem

DEFAULTS = {"TRUSTED_PROXIES": 0, "HTTPS": False}
HSTS = "max-age=31536000; includeSubDomains"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def refuse_cross_site() -> None:
    if request.method not in WRITES or not request.path.startswith(API_PREFIX):
        return
    site = request.headers.get("Sec-Fetch-Site", "")
    origin = request.headers.get("Origin")
    foreign_origin = origin is not None and (origin == "null" or urlsplit(origin).netloc != request.host)
    if site in ("cross-site", "same-site") or foreign_origin:
        raise Problem(403, _("The API does not accept %(method)s requests that a web page on another site "
                             "(%(origin)s) makes a browser send; call it from your own program, or upload on this "
                             "site's own page.", method=request.method, origin=origin or _("unknown origin")))


def relative_location(response: Response) -> Response:
    location = response.headers.get("Location")
    if location:
        parts = urlsplit(location)
        if parts.scheme or parts.netloc:  # one leading slash: "//host" would name another site
            response.headers["Location"] = "/" + parts.path.lstrip("/") + (f"?{parts.query}" if parts.query else "")
    if current_app.config["HTTPS"]:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


def install(app: Flask) -> None:
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    if app.config["HTTPS"]:
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config["PREFERRED_URL_SCHEME"] = "https"
    proxies = app.config["TRUSTED_PROXIES"]
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=0, x_port=0, x_prefix=0)
    app.before_request(refuse_cross_site)
    app.after_request(relative_location)

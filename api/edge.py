"""What the service believes about the connection, and what it tells browsers about it.

- **Proxies**: ``X-Forwarded-For`` and ``-Proto`` are believed only from ``TRUSTED_PROXIES`` proxies in
  front (werkzeug's ``ProxyFix``; 0, the default, believes none), so a client cannot pick the address its
  rate limits and quota are counted under. ``X-Forwarded-Host`` is never believed.
- **Hosts**: every absolute URL the service writes (a page's ``og:url``, the API page's examples) starts
  with ``PUBLIC_ORIGIN``, never with the request's ``Host`` header, and redirects carry a path only.
  ``TRUSTED_HOSTS`` (names separated by commas; empty, the default, accepts any) makes Flask answer 400
  to a request for any other host; the shipped nginx site refuses them before they reach the service.
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
from werkzeug.exceptions import SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from api.problems import API_PREFIX, Problem, problem_response

# PUBLIC_ORIGIN's default is where `make run` serves; a deployment sets its own (docs/SCALING.md).
DEFAULTS = {"TRUSTED_PROXIES": 0, "HTTPS": False, "PUBLIC_ORIGIN": "http://127.0.0.1:5000", "TRUSTED_HOSTS": ""}
HSTS = "max-age=31536000; includeSubDomains"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def public_origin(text: str) -> str:
    """``scheme://host[:port]`` as configured, checked once at start: a typo must not reach every page."""
    origin = text.strip().rstrip("/")
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path or parts.query or parts.fragment:
        raise ValueError(f"PUBLIC_ORIGIN must be a scheme and a host, such as https://replay.example.org, "
                         f"not {text!r}")
    return origin


def public_url(path: str | None = None) -> str:
    """An absolute URL of this service: ``PUBLIC_ORIGIN`` and a path (by default the page being answered)."""
    if path is None:
        path = request.script_root + request.path
    return current_app.config["PUBLIC_ORIGIN"] + path


def trusted_hosts(setting: object) -> list[str] | None:
    """Flask's ``TRUSTED_HOSTS`` from a list or from names separated by commas; ``None`` accepts any host."""
    names = setting.split(",") if isinstance(setting, str) else list(setting or ())
    return [name.strip() for name in names if name.strip()] or None


def unknown_host(_error: SecurityError) -> Response | tuple[str, int, dict[str, str]]:
    """A host not in ``TRUSTED_HOSTS``: no address can be built for it, so the answer links to nothing."""
    detail = _("This service does not answer for the host name this request was sent to.")
    if request.path.startswith(API_PREFIX):
        return problem_response(400, _("Bad Request"), detail)
    return f"400 {_('Bad Request')}: {detail}\n", 400, {"Content-Type": "text/plain; charset=utf-8"}


def _host_of(origin: str) -> str | None:
    """The host and port an ``Origin`` names; ``None`` for one that is no URL (``http://[``: no browser sends
    it, so it is foreign, not a bug's 500)."""
    try:
        return urlsplit(origin).netloc
    except ValueError:
        return None


def refuse_cross_site() -> None:
    if request.method not in WRITES or not request.path.startswith(API_PREFIX):
        return
    site = request.headers.get("Sec-Fetch-Site", "")
    origin = request.headers.get("Origin")
    foreign_origin = origin is not None and (origin == "null" or _host_of(origin) != request.host)
    if site in ("cross-site", "same-site") or foreign_origin:
        raise Problem(403, _("The API does not accept %(method)s requests that a web page on another site "
                             "(%(origin)s) makes a browser send; call it from your own program, or upload on this "
                             "site's own page.", method=request.method, origin=(origin or _("unknown origin"))[:100]))


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
    app.config["PUBLIC_ORIGIN"] = public_origin(app.config["PUBLIC_ORIGIN"])
    app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config["TRUSTED_HOSTS"])
    app.jinja_env.globals["public_url"] = public_url
    app.register_error_handler(SecurityError, unknown_host)
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

"""Request bodies, read whole before any view runs, within ``MAX_CONTENT_LENGTH`` and a time limit.

Werkzeug enforces the size limit only on a declared ``Content-Length``; a chunked body is cut silently
at the limit, so a longer log was stored truncated or read as broken JSON. Here every body, declared or
chunked, is read up front: past the limit it is 413 whatever its framing, and a body that does not
arrive within ``BODY_READ_TIMEOUT`` seconds in all is 408, so a client trickling bytes cannot hold a
connection for ever. The views then read the buffered copy (at most the limit per request).

``MAX_CONTENT_LENGTH`` is the largest log. A multipart form carries its log between boundaries, part headers, a
file name and a CSRF token, so its body may be ``FORM_ENVELOPE_BYTES`` larger: a log of the limit's size is
taken whether it is sent as JSON, uploaded through the page or stored by the recorder, and the views that
read a form's log refuse one past the limit themselves (``ensure_log_fits``).

A socket timeout alone bounds each wait for bytes, not the whole read (the server's reader waits again
for every byte that trickles in), so under gevent the whole read runs under one ``gevent.Timeout``, which
interrupts it at the deadline whatever the client's pace; elsewhere the connection's reading side is shut
at the deadline.
"""

from __future__ import annotations

import io
import threading
import time
from contextlib import nullcontext, suppress
from socket import SHUT_RD

from flask import Flask, current_app, request
from flask_babel import format_number
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

from api.problems import Problem

DEFAULTS = {"BODY_READ_TIMEOUT": 10}
FORM_ENVELOPE_BYTES = 64 * 1024  # a form's boundaries, part headers, file name and CSRF token beside its log
CHUNK = 64 * 1024
CLOSE = {"Connection": "close"}


def _expects_body(environ: dict) -> tuple[bool, int | None]:
    """Whether the request carries a body, and its declared length (``None`` when chunked)."""
    if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return True, None
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False, None
    return length > 0, length


def _read(stream, length: int | None, limit: int | None, deadline: float, socket) -> bytes:
    parts, total = [], 0
    while length is None or total < length:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        if socket is not None:
            socket.settimeout(remaining)  # each wait for bytes ends at the deadline, not just the whole read
        want = CHUNK if length is None else min(CHUNK, length - total)
        data = stream.read(want if limit is None else min(want, limit + 1 - total))
        if not data:
            break
        total += len(data)
        if limit is not None and total > limit:
            raise RequestEntityTooLarge()
        parts.append(data)
    return b"".join(parts)


class _ReadCut:
    """Shuts the connection's reading side at the deadline (a timer thread), so that a read kept alive by a
    byte now and then returns at once; the answer still goes out on the writing side. Used where gevent does
    not patch the sockets: Flask's development server (`make run`) and gunicorn's threads."""

    def __init__(self, seconds: float, socket) -> None:
        self.socket, self.cut = socket, False
        self.timer = threading.Timer(seconds, self._cut)
        self.timer.daemon = True

    def _cut(self) -> None:
        self.cut = True
        with suppress(OSError):
            self.socket.shutdown(SHUT_RD)

    def __enter__(self) -> _ReadCut:
        self.timer.start()
        return self

    def __exit__(self, kind, error, trace) -> None:
        self.timer.cancel()
        if self.cut and kind is None:
            raise TimeoutError  # the body read ended because its reading side was shut, not because it was whole


def _whole_read_deadline(seconds: float, socket):
    """A context that interrupts the read after ``seconds``, whatever the client's pace: one gevent timeout
    where gevent patches the sockets, else the reading side shut at the deadline (``_ReadCut``)."""
    try:
        from gevent import Timeout, monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        monkey = None
    if monkey is not None and monkey.is_module_patched("socket"):
        return Timeout(seconds, TimeoutError)
    return _ReadCut(seconds, socket) if socket is not None else nullcontext()


def _is_form() -> bool:
    return request.mimetype == "multipart/form-data"


def too_large() -> RequestEntityTooLarge:
    """The refusal of a body past its limit: a form's names the largest log it may carry."""
    limit = format_number(current_app.config["MAX_CONTENT_LENGTH"])
    if _is_form():
        return RequestEntityTooLarge(_("The log in this form is larger than the %(limit)s bytes accepted here.",
                                       limit=limit))
    return RequestEntityTooLarge(_("The body is larger than the %(limit)s bytes accepted here, whether sent with a "
                                   "length or in chunks.", limit=limit))


def body_limit() -> int | None:
    """The most bytes this request's body may have: the largest log, and a form's envelope beside it."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    return limit + FORM_ENVELOPE_BYTES if limit is not None and _is_form() else limit


def ensure_log_fits(log: bytes | str) -> None:
    """Refuse (413) a log read from a form that is larger than the largest log; a text part counts in UTF-8."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    size = len(log) if isinstance(log, bytes) else len(log.encode("utf-8", "surrogatepass"))
    if limit is not None and size > limit:
        raise too_large()


def buffer_body() -> None:
    """Replace the body stream by a complete in-memory copy, or answer 413 or 408."""
    environ = request.environ
    has_body, length = _expects_body(environ)
    if not has_body:
        return
    limit = body_limit()
    request.max_content_length = limit  # what Werkzeug's form parser checks the buffered copy's length against
    if length is not None and limit is not None and length > limit:
        raise too_large()
    # the server's connection (gunicorn's, or Flask's development server's): a read waits only until the deadline
    socket = environ.get("gunicorn.socket") or environ.get("werkzeug.socket")
    deadline = time.monotonic() + current_app.config["BODY_READ_TIMEOUT"]
    try:
        with _whole_read_deadline(current_app.config["BODY_READ_TIMEOUT"], socket):
            body = _read(environ["wsgi.input"], length, limit, deadline, socket)
    except RequestEntityTooLarge:
        raise too_large() from None
    except OSError:  # a timeout (TimeoutError is an OSError) or a connection dropped halfway
        raise Problem(408, _("The body did not arrive within %(seconds)s seconds; send it again in one go.",
                             seconds=format_number(current_app.config["BODY_READ_TIMEOUT"])), headers=CLOSE) from None
    finally:
        if socket is not None:
            socket.settimeout(None)
    environ["wsgi.input"] = io.BytesIO(body)
    environ["CONTENT_LENGTH"] = str(len(body))
    environ.pop("HTTP_TRANSFER_ENCODING", None)
    environ.pop("wsgi.input_terminated", None)


def install(app: Flask) -> None:
    # First of all hooks: the CSRF check and the views must see the whole body or none of it.
    app.before_request_funcs.setdefault(None, []).insert(0, buffer_body)

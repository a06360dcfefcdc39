"""gunicorn settings for production, read by ``gunicorn 'app:create_app()'`` run in this folder (gunicorn
loads ``./gunicorn.conf.py`` by default; ``--config`` names it elsewhere). Command-line options win.

- **gevent workers**: a connection waiting on a slow client costs a greenlet, not a worker, so a few
  sockets trickling headers or bodies cannot starve the service (sync workers each block on one client
  until ``timeout``). Headers must arrive within ``keepalive`` seconds; the body within the app's
  ``BODY_READ_TIMEOUT`` (``api.bodies``).
- **Dying with the master**: each worker asks the kernel for SIGTERM when its master dies, so a ``kill -9``
  of the master alone no longer leaves workers holding the port; a restart binds at once.
- **Connections**: 2,000 per worker and the open-files limit raised to match (up to the hard limit), so
  a thousand slow bodies, each cut at ``BODY_READ_TIMEOUT``, leave room for everyone else.
- **Its own refusals as problem documents**: a request line, header or header count past the limits below
  is refused by gunicorn before the app sees it (400, 414, 431); those answers are
  ``application/problem+json`` too, like every answer of the API.
- ``max_requests`` recycles workers now and then, so a slow leak cannot grow for ever.
- **What the app loaded is frozen out of the garbage collector** once a worker has it: the modules,
  catalogues and schemas are some 130,000 objects that live as long as the worker, and each full collection
  walked them all (about 80 ms a pause); now it walks what requests made (0.1–0.2 ms). ``make bench``, 4b.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import json
import os
import resource
import signal
import sys

workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gevent"
worker_connections = 2000  # per worker: open connections, slow ones included (each costs a greenlet)
timeout = 30  # a worker silent this long (stuck in CPU-bound work) is killed and replaced
graceful_timeout = 10
keepalive = 5  # also the time a client has to send a request's headers
max_requests = 5000
max_requests_jitter = 500
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
control_socket_disable = True  # nothing here uses it, and one path shared by several servers would clash

PR_SET_PDEATHSIG = 1


def _problem_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's error answer (``gunicorn.util.write_error``) as RFC 9457 problem+json instead of HTML."""
    from gunicorn import util

    body = json.dumps({"type": "about:blank", "title": reason, "status": status_int,
                       "detail": f"The request was refused before it was read: {mesg}"}).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    util.write_nonblock(sock, head + body)


def when_ready(server) -> None:
    """Workers fork from the master after this: they inherit the problem+json error answer."""
    from gunicorn import util

    util.write_error = _problem_error


def on_starting(server) -> None:
    """Let each process hold every connection it may accept (one file each), up to the hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = workers * worker_connections + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard) if hard != resource.RLIM_INFINITY
                                                    else wanted, hard))


def post_fork(server, worker) -> None:
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != server.pid:  # the master died before the request above took effect
        os._exit(0)


def post_worker_init(worker) -> None:
    """The app is loaded: what it holds for the worker's life is never garbage, so no collection walks it.
    The digest of the code that renders a page's lists is taken first: once, and not in a reader's view."""
    from api import listings

    listings.renderer()
    gc.freeze()

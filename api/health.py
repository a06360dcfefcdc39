"""Liveness and readiness for supervisors and load balancers, as two questions with two answers.

- ``GET /healthz``, **liveness**: 200 whenever this worker answers at all; it asks nothing of the database,
  so a supervisor restarts a process only when the process itself is stuck or gone, never because the
  database is (a restart would not mend it). It also lists the games served and any game plugin that
  failed to load (``broken``): the other games work on, so the status stays ok, but an operator sees
  what is missing.
- ``GET /readyz``, **readiness**: 200 while this worker can read stored games, else 503 with
  ``Retry-After``, so a load balancer sends visitors elsewhere. A full disk is not unreadiness: pages and
  validation still work and only uploads are refused (507), so the answer stays 200 and says
  ``"uploads": "full"`` for a monitor to raise.

Both are cheap on purpose (at most one small read, no rate limit, no session): they may be asked every second.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

import api as web
from api import quota
from api.storage import StoredGame
from replaykit import registry

bp = Blueprint("health", __name__)
RETRY_SECONDS = 5


def _uncached(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/healthz")
def healthz():
    return _uncached(jsonify(status="ok", games=list(registry.engines()),
                             broken=[plugin.to_dict() for plugin in registry.broken()]))


@bp.route("/readyz")
def readyz():
    repository = web.services().repository
    try:
        with repository.engine.connect() as connection:
            connection.execute(select(StoredGame.id).limit(1)).all()
    except SQLAlchemyError:
        response = jsonify(status="unavailable", detail="The stored games cannot be read.")
        response.status_code = 503
        response.headers["Retry-After"] = str(RETRY_SECONDS)
        return _uncached(response)
    free = quota._free_bytes(str(repository.engine.url))
    full = free is not None and free < current_app.config["STORAGE_MIN_FREE_BYTES"]
    return _uncached(jsonify(status="ready", uploads="full" if full else "ok"))

"""``GET /healthz`` for supervisors and load balancers: 200 when this worker can reach its database, else 503.

Cheap on purpose (one ``SELECT 1``, no rate limit, no session): a supervisor may ask every second. The
answer also lists the games served and any game plugin that failed to load (``broken``): the other games
work on, so the status stays ok, but an operator sees what is missing.
"""

from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

import api as web
from replaykit import registry

bp = Blueprint("health", __name__)


@bp.route("/healthz")
def healthz():
    try:
        with web.services().repository.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError:
        response = jsonify(status="unavailable", detail="The database cannot be reached.")
        response.status_code = 503
        response.headers["Retry-After"] = "5"
    else:
        response = jsonify(status="ok", games=list(registry.engines()),
                           broken=[plugin.to_dict() for plugin in registry.broken()])
    response.headers["Cache-Control"] = "no-store"
    return response

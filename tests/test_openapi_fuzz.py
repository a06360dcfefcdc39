"""schemathesis against the served OpenAPI document, in-process: every operation, generated requests,
every response must match what the document promises and none may be a server error."""

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import positive_data_acceptance
from schemathesis.config import SchemathesisConfig

import schemas
from app import create_app
from replaykit import registry
from tests.conftest import app_config

APP = create_app(app_config(Path(tempfile.mkdtemp(prefix="openapi-fuzz-"))))
# Uploads skip the coverage phase (the schema's every boundary and negative case, 4,000 requests here, each
# upload a few database commits, most of this file's time): their body is the same AnyLog, read by the same
# reader, that POST /api/v1/validate takes through every phase; uploads keep the examples and fuzzing phases.
UPLOADS_WITHOUT_COVERAGE = {"include-path": "/api/v1/games", "include-method": "POST",
                            "phases": {"coverage": {"enabled": False}}}
# The answers that count as refusing a request that breaks the document: schemathesis's own list (4.x), and
# 413, since every operation taking a body documents it and a generated negative body can pass the 2 MiB
# bound. Written out rather than read from schemathesis's private module. Server errors fail another check.
REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
CONFIG = SchemathesisConfig.from_dict({"checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}},
                                       "operations": [UPLOADS_WITHOUT_COVERAGE]})
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP, config=CONFIG)
PLAY_ON_REFUSALS = ("No game of ", "The action cannot be recorded", "Nothing can be left unseen here",
                    "A field of an action has a name of at most")  # OpenAPI 3.0 cannot bound a key's length
NO_ANALYSIS = "offers no computer analysis yet."


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_keeps_its_promises(case):
    response = case.call()
    excluded = [positive_data_acceptance] if beyond_openapi(case, response) else []
    case.validate_response(response, excluded_checks=excluded)
    if response.status_code == 201 and case.path == "/api/v1/games":
        # Stored games are deleted again: each upload sums its client's stored bytes, so a store grown by
        # the thousands of generated uploads would make every later one slower.
        stored = response.json()
        assert APP.extensions["card_replay"].repository.delete(stored["id"], stored["delete_token"])


def beyond_openapi(case, response) -> bool:
    """Requests that fit the document yet are rightly refused, for rules OpenAPI 3.0 cannot state: a
    multipart file must hold JSON (random bytes are a 400); no number anywhere, free-form meta included,
    may exceed the reader's digit limit (a 400); and each game's own such rules, which its schema module
    states (schemas.beyond_openapi); to play on (choices, apply), a game must be able to start from the log
    (enough players…), an action must be the game's, its fields' names short (api/choices.py), and what is
    left unseen must be a deal or a draw the log may leave out; to be analysed, a log's game must offer the
    computer analysis. Every other request keeps every check."""
    if case.media_type == "multipart/form-data":
        return True
    if response.status_code == 422:
        detail = response.json().get("detail", "")
        if detail.startswith(PLAY_ON_REFUSALS) or detail.endswith(NO_ANALYSIS):
            return True
    detail = response.json().get("detail", "") if response.status_code == 400 else ""
    if "too large" in detail or "a number may have at most" in detail:
        return True
    body = case.body
    if case.path == "/api/v1/apply" and isinstance(body, dict):
        body = body.get("log")
    engine = registry.engine_for(body)
    return engine is not None and schemas.beyond_openapi(engine.id, body)

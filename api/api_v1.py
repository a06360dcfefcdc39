"""The JSON API under ``/api/v1`` (flask-smorest): validate, store and fetch logs, timelines and samples.

Request bodies are read as raw bytes by the engine's hardened JSON reader rather than by marshmallow:
the stored log must stay byte-for-byte what was sent, and the engine reports every shape problem as a
finding with its JSON pointer. The marshmallow schemas of record (``schemas``) still describe the log and
the report in the OpenAPI document at ``/api/v1/openapi.json``. Errors are problem documents
(``api.problems``); a 422 carries the ``schema`` findings in ``errors``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import flask
from flask import Response, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_smorest import Blueprint
from marshmallow import Schema, fields
from werkzeug.exceptions import RequestEntityTooLarge

import api as web
from api import bodies, guards, i18n, openapi, quota
from api.openapi import ANY_LOG, ANY_REPORT, ANY_TIMELINE, LOG_BODY, LOG_REF, REPORT_REF, ComponentClash
from api.problems import PROBLEM_TYPE, Problem
from api.samples import Sample
from api.storage import GameRecord
from api.verdicts import Verdict
from replaykit.jsonio import dumps
from schemas.common import AnyFindingSchema

__all__ = ["LOG_BODY", "LOG_REF", "ComponentClash"]  # what the other API modules and the tests take from here

blp = Blueprint("api_v1", __name__, url_prefix="/api/v1",
                description="Validate card game logs, store them, and fetch reports and timelines.")

T = TypeVar("T")


class ProblemSchema(Schema):
    """An RFC 9457 problem document; a 422 adds the findings that make the body no log."""

    type = fields.String(metadata={"example": "about:blank"})
    title = fields.String(metadata={"example": "Unprocessable Entity"})
    status = fields.Integer(metadata={"example": 422})
    detail = fields.String(metadata={"description": "What went wrong, in one or two sentences."})
    instance = fields.String(metadata={"example": "/api/v1/validate"})
    errors = fields.List(fields.Nested(AnyFindingSchema),
                         metadata={"description": "Only on 422: the schema findings."})
    # The 422 of a log too large to store, or whose report would be too large an answer (api.workload), says
    # how its size was counted.
    work = fields.Integer(metadata={"description": "Only on the 422 of a log too large to store or to answer: "
                                                   "its size, counted as measure says."})
    limit = fields.Integer(metadata={"description": "Only with work: the most it may come to."})
    measure = fields.String(metadata={"description": 'Only with work: how the size is counted, "steps × seats" '
                                                     '(an upload\'s work) or "answer bytes" (the report\'s size, '
                                                     "at most 256 KiB plus 3 × the body).",
                                      "example": "steps × seats"})


class LinksSchema(Schema):
    self = fields.String(metadata={"description": "This resource in the API."})
    page = fields.String(metadata={"description": "The analysis page for people."})
    log = fields.String(metadata={"description": "The log as uploaded, byte for byte (application/json)."})
    timeline = fields.String(metadata={"description": "The per-trick data behind the charts."})


class StoredSchema(Schema):
    id = fields.String(metadata={"description": "Unguessable id of the stored game.", "example": "q3Vx0b..."})
    game = fields.String(metadata={"description": "The id of the registered game that validated it (as in "
                                                  "/samples/GAME/…; a David & Goliath match is david-goliath), "
                                                  "where the report's game is the log's own.",
                                   "example": "david-goliath"})
    created = fields.DateTime(metadata={"description": "When it was stored (UTC)."})
    valid = fields.Boolean()
    report = fields.Dict(metadata={"allOf": [REPORT_REF]})
    links = fields.Nested(LinksSchema)


class GameCreatedSchema(StoredSchema):
    delete_token = fields.String(metadata={"description": "Given once: send it as \"Authorization: Bearer "
                                           "TOKEN\" with DELETE /api/v1/games/ID to delete the game."})


class StoredGameSchema(StoredSchema):
    log = fields.String(metadata={"description": "The uploaded log as text, exactly as sent."})


class SampleSchema(Schema):
    slug = fields.String(metadata={"example": "five-players-clean"})
    game = fields.String(metadata={"description": "The id of the sample's game.", "example": "david-goliath"})
    game_name = fields.String(metadata={"example": "David & Goliath"})
    title = fields.String()
    notes = fields.String(allow_none=True)
    kind = fields.String(metadata={"description": "game, or what holds several games (match).",
                                   "example": "game"})
    players = fields.List(fields.String())
    valid = fields.Boolean()
    complete = fields.Boolean()
    errors = fields.Integer(metadata={"description": "How many findings of severity error."})
    warnings = fields.Integer()
    games = fields.Integer(metadata={"description": "Games in a document of several (a match); 0 for one game."})
    winners = fields.List(fields.String())
    links = fields.Nested(LinksSchema)


class SampleDetailSchema(SampleSchema):
    log = fields.Raw(metadata={"description": "The sample log as a JSON value."})
    report = fields.Dict(metadata={"allOf": [REPORT_REF]})


def problem(status: int, description: str):
    """Document an error answer: a problem document, with its own media type."""
    return blp.alt_response(status, schema=ProblemSchema, content_type=PROBLEM_TYPE, description=description)


def body_problems(upload: bool = True, not_json: str = "The body is not valid JSON."):
    """Document what any endpoint that reads a body may answer: not JSON, too large, the wrong media type
    (``upload``: a multipart file is accepted as well as JSON)."""
    accepted = ("neither JSON nor a multipart file upload, or compressed (Content-Encoding)" if upload
                else "not JSON, or compressed (Content-Encoding)")

    def decorate(view):
        for status, description in ((415, f"The body is {accepted}."),
                                    (413, "The body is larger than the configured limit."), (400, not_json)):
            view = problem(status, description)(view)
        return view
    return decorate


GENERIC = {"AnyFinding": AnyFindingSchema, "Problem": ProblemSchema, "Links": LinksSchema, "Stored": StoredSchema,
           "GameCreated": GameCreatedSchema, "StoredGame": StoredGameSchema, "Sample": SampleSchema,
           "SampleDetail": SampleDetailSchema, ANY_LOG: dict, ANY_REPORT: dict, ANY_TIMELINE: dict}


def register(api: openapi.GamesApi) -> None:
    """Name the schemas of record of the games installed now, so every operation refers to them by these
    names; a name given twice raises ``ComponentClash`` (the app does not start)."""
    openapi.name_games(api, GENERIC, blp)


def json_response(data: object, status: int = 200, headers: dict | None = None) -> Response:
    """JSON in the reader's language. Reports are large: orjson writes them several times faster than
    Flask's default provider."""
    return Response(dumps(i18n.localized(data)), status=status, mimetype="application/json", headers=headers)


ACCEPTED_TYPES = ("application/json", "multipart/form-data")


def read_upload() -> bytes:
    encoding = request.headers.get("Content-Encoding", "").strip().lower()
    if encoding not in ("", "identity"):  # the reader would see compressed bytes (RFC 7694: 415, Accept-Encoding)
        raise Problem(415, _("Send the log uncompressed; this request says Content-Encoding: %(encoding)s.",
                             encoding=encoding[:40]), headers={"Accept-Encoding": "identity"})
    if request.mimetype not in ACCEPTED_TYPES and not request.mimetype.endswith("+json"):
        raise Problem(415, _('Send the log as application/json, or as a file in the multipart field "file"; this '
                             'request says %(type)s.', type=request.mimetype or _("no content type")))
    if request.mimetype == "multipart/form-data":
        try:
            files, form = request.files, request.form
        except RequestEntityTooLarge:  # a text part past the largest log (Werkzeug's MAX_FORM_MEMORY_SIZE)
            raise bodies.too_large() from None
        sent = len(files.getlist("file")) + len(form.getlist("file"))
        if sent > 1:  # only one would be read: the others' findings would go unsaid
            raise Problem(400, _('A multipart upload carries one log, in the field "file"; this one has %(count)d '
                                 "of them. Send each log in a request of its own.", count=sent))
        upload = files.get("file")
        if upload is not None:
            log = upload.read()
        elif "file" in form:  # the log sent as the field's text (curl -F 'file=<game.json') rather than a file
            log = form["file"].encode()
        else:
            raise Problem(400, _('A multipart upload must carry the log in the field "file".'))
        bodies.ensure_log_fits(log)
        return log
    return request.get_data(cache=False)


def checked(action: Callable[[bytes], T]) -> T:
    """Run ``api.check`` or ``api.store`` on the body; the engine's two refusals become problem documents."""
    try:
        return action(read_upload())
    except web.NotJSON as error:
        raise Problem(400, str(error)) from None
    except web.NotALog as error:
        raise not_a_log(error) from None


def not_a_log(error: web.NotALog, at: str = "") -> Problem:
    """The 422 of a body that is JSON but not a log's shape: its ``schema`` findings in ``errors``, their
    pointers under ``at`` (where the body holds the log; the body itself by default)."""
    count = len(error.findings)
    return Problem(422, ngettext("%(problem)s %(num)s problem with its shape; see errors.",
                                 "%(problem)s %(num)s problems with its shape; see errors.", count,
                                 problem=str(error)), errors=under(at, error.findings))


def under(at: str, findings: list[dict]) -> list[dict]:
    """``findings`` with their pointers put under ``at``, where the body holds the log they are about."""
    return [{**finding, "path": at + finding["path"]} for finding in findings] if at else findings


def _game_links(game_id: str) -> dict:
    return {"self": url_for("api_v1.stored_game", game_id=game_id),
            "page": url_for("pages.game", game_id=game_id),
            "log": url_for("api_v1.stored_log", game_id=game_id),
            "timeline": url_for("api_v1.stored_timeline", game_id=game_id)}


def _record(game_id: str) -> GameRecord:
    record = web.services().repository.get(game_id)
    if record is None:
        raise Problem(404, _('No stored game has the id "%(id)s".', id=game_id[:64]))
    return record


@blp.route("/validate", methods=["POST"])
@blp.doc(requestBody=LOG_BODY, summary="Validate a log without storing it")
@blp.alt_response(200, schema=REPORT_REF, description="The report; whether the log is valid is in the body.",
                  success=True)
@body_problems()
@problem(422, "The JSON is not a log's shape (errors lists why), or its report would pass the bound on an answer's "
              "size (256 KiB plus 3 × the body).")
@problem(429, "Too many requests from this client; Retry-After says when to try again.")
@guards.work_limit()
def validate_log():
    """Replay a log with the rules and answer its report (valid or not)."""
    _verdict, answer = checked(web.check)
    return Response(answer, mimetype="application/json")


@blp.route("/games", methods=["POST"])
@blp.doc(requestBody=LOG_BODY, summary="Validate and store a log")
@blp.response(201, GameCreatedSchema, description="Stored: the id, the report and links.")
@body_problems()
@problem(422, "The JSON is not a log's shape, storing it would cost more than UPLOAD_MAX_WORK (steps × "
              "seats), or its report would pass the bound on an answer's size; nothing is stored.")
@problem(429, "Too many uploads from this client; Retry-After says when to try again.")
@problem(503, "The storage is busy or cannot be reached; Retry-After says when to try again.")
@problem(507, "This client's storage quota is used up, or the server's storage is full; nothing is stored.")
@guards.uploads_limit()
def create_game():
    """Store a log (valid or not, as long as it has a log's shape) and answer its report."""
    verdict, record = checked(web.store)
    links = _game_links(record.id)
    body = {"id": record.id, "game": record.game, "created": record.created.isoformat(), "valid": verdict.valid,
            "report": verdict.report, "links": links, "delete_token": record.delete_token}
    return json_response(body, 201, {"Location": links["self"]})


@blp.route("/games/<string:game_id>", methods=["DELETE"])
@blp.doc(summary="Delete a stored game", parameters=[{
    "in": "header", "name": "Authorization", "required": True, "schema": {"type": "string"},
    "description": "Bearer and the delete_token the upload answered."}])
@blp.response(204, description="Deleted.")
@problem(403, "The delete token is missing or not this game's.")
@problem(404, "No stored game has this id.")
def delete_game(game_id: str):
    """Delete a game you stored, with the delete token its upload answered."""
    _record(game_id)
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Problem(403, _('Send the delete token you were given as "Authorization: Bearer TOKEN".'))
    with quota.storage_errors():
        deleted = web.services().repository.delete(game_id, token.strip())
    if not deleted:
        _record(game_id)  # gone meanwhile (a delete racing this one): unknown, as for any id stored nowhere
        raise Problem(403, _("This is not the delete token of this game."))
    deleted_answer = Response(status=204)
    del deleted_answer.headers["Content-Type"]  # no body, so no type of one
    return deleted_answer


@blp.route("/games/<string:game_id>", methods=["GET"])
@blp.response(200, StoredGameSchema, description="The stored log as text and its report.")
@problem(404, "No stored game has this id.")
@problem(429, "Too many views from this client; Retry-After says when to try again.")
@guards.views_limit()
def stored_game(game_id: str):
    """A stored game: the log exactly as uploaded (as text) and its report."""
    record = _record(game_id)
    verdict = web.stored_verdict(record)
    return json_response({"id": record.id, "game": record.game, "created": record.created.isoformat(),
                  "valid": verdict.valid, "log": record.log.decode("utf-8", "replace"), "report": verdict.report,
                  "links": _game_links(record.id)})


@blp.route("/games/<string:game_id>/log", methods=["GET"])
@blp.doc(responses={"200": {"description": "The log's bytes exactly as uploaded: a JSON document.",
                            "content": {"application/json": {"schema": {}}}}})
@problem(404, "No stored game has this id.")
@problem(429, "Too many views from this client; Retry-After says when to try again.")
@guards.views_limit()
def stored_log(game_id: str):
    """The stored log, byte for byte as it was uploaded (``?download=1``: as a file to save)."""
    record = _record(game_id)
    return web.log_response(record.log, f"{record.id}.json")


def _part(verdict: Verdict, number: int) -> Response:
    part = web.part_of(verdict, number)
    if part is None:
        raise Problem(404, _("This document has no readable %(part)s.",
                             part=i18n.where([(verdict.adapter.part_unit, number)], verdict.engine)))
    return json_response(part)


@blp.route("/games/<string:game_id>/parts/<int:number>", methods=["GET"])
@blp.alt_response(200, schema=REPORT_REF, description="The report of one game of the stored document.",
                  success=True)
@problem(404, "No stored game has this id, or it has no such part.")
@problem(429, "Too many views from this client; Retry-After says when to try again.")
@guards.views_limit()
def stored_part(game_id: str, number: int):
    """One game (1-based) of a stored document of several games, such as a match: its own report."""
    return _part(web.stored_verdict(_record(game_id)), number)


@blp.route("/games/<string:game_id>/timeline", methods=["GET"])
@blp.alt_response(200, schema={"$ref": f"#/components/schemas/{ANY_TIMELINE}"}, success=True,
                  description="The moments behind the charts, in the game's own shape (its timeline schema).")
@problem(404, "No stored game has this id.")
@problem(429, "Too many views from this client; Retry-After says when to try again.")
@guards.views_limit()
def stored_timeline(game_id: str):
    """The per-trick data the charts are drawn from (for a match: one timeline per game)."""
    verdict = web.stored_verdict(_record(game_id))
    return json_response(timeline_of(verdict))


def timeline_of(verdict: Verdict) -> dict:
    """A stored game's timeline: ``game`` first (as its report says it), which tells a timeline's schema apart."""
    report, adapter = verdict.report, verdict.adapter
    parts = adapter.parts(report)
    if parts is not None:
        return {"game": report.get("game"), "kind": report.get("kind"), "players": report.get("players", []),
                "games": [None if part is None else {"game": part.get("game"), **adapter.timeline(part)}
                          for part in parts]}
    return {"game": report.get("game"), "kind": report.get("kind"), **adapter.timeline(report)}


def _sample_links(game: str, slug: str) -> dict:
    return {"self": url_for("api_v1.sample", game=game, slug=slug),
            "page": url_for("pages.sample", game=game, slug=slug)}


def _sample(game: str, slug: str) -> Sample:
    found = web.services().samples.get((game, slug))
    if found is None:
        raise Problem(404, _('No sample of "%(game)s" is called "%(slug)s".', game=game[:64], slug=slug[:64]))
    return found


@blp.route("/samples", methods=["GET"])
@blp.response(200, SampleSchema(many=True), description="Every annotated sample with its verdict.")
def samples():
    """The annotated sample games: title, players, verdict."""
    return json_response([{**sample.summary(i18n.language()), "links": _sample_links(*key)}
                  for key, sample in web.services().samples.items()])


@blp.route("/samples/<string:game>/<string:slug>", methods=["GET"])
@blp.response(200, SampleDetailSchema, description="The sample's log and report.")
@problem(404, "No sample has this name.")
@problem(429, "Too many views from this client; Retry-After says when to try again.")
@guards.views_limit(guards.a_sample_view)
def sample(game: str, slug: str):
    """One sample of a game: its log, its report and its notes."""
    found = _sample(game, slug)
    return json_response({**found.summary(i18n.language()), "log": found.document, "report": found.report,
                  "links": _sample_links(game, slug)})


@blp.route("/samples/<string:game>/<string:slug>/parts/<int:number>", methods=["GET"])
@blp.alt_response(200, schema=REPORT_REF, description="The report of one game of the sample.", success=True)
@problem(404, "No sample has this name, or it has no such part.")
@problem(429, "Too many views from this client; Retry-After says when to try again.")
@guards.views_limit(guards.a_sample_view)
def sample_part(game: str, slug: str, number: int):
    """One game (1-based) of a sample of several games, such as a match: its own report."""
    return _part(_sample(game, slug).verdict, number)


# The addresses samples had before they were named by their game (not in the OpenAPI document).
legacy = flask.Blueprint("api_v1_legacy", __name__, url_prefix="/api/v1")


@legacy.route("/samples/<string:slug>")
@legacy.route("/samples/<string:slug>/parts/<int:number>")
def legacy_sample(slug: str, number: int | None = None):
    found = web.services().legacy.get(slug)
    if found is None:
        raise Problem(404, _('No sample is called "%(slug)s".', slug=slug[:64]))
    named = {"game": found.game, "slug": found.slug}
    target = url_for("api_v1.sample", **named) if number is None else \
        url_for("api_v1.sample_part", **named, number=number)
    return flask.redirect(target, code=308)

"""Play on from any log: ``POST /api/v1/choices`` and ``POST /api/v1/apply``, stateless, for every game.

A client (the recorder, a what-if branch, anyone's own program) sends the log so far and gets back the
legal choices of the player to move, each with the RFC 6902 JSON Patch that records it in that very log;
applying one with any JSON Patch library and posting the result again plays on. ``/apply`` records any
action, legal or not, "as played": the patch and the findings of that step alone, with the action in the
words the game's choices use (its label), so that a step reads the same whether it was picked or typed.

Nothing is stored. The body is read, bounded and rate-limited as for ``/validate``; chance outcomes are
drawn with a generator seeded from the body, so the same log always gets the same answer.
"""

from __future__ import annotations

import hashlib
import random

from flask import request
from flask_babel import gettext as _
from marshmallow import Schema, fields

import api as web
from api import guards, i18n
from api.api_v1 import blp, body_problems, json_response, not_a_log, problem, read_upload, under
from api.openapi import SO_FAR_BODY, SO_FAR_REF
from api.problems import Problem, body_members_problem, schema_error
from api.verdicts import Verdict
from replaykit.reading import show
from replaykit.state import State, label_of, past_unseen
from schemas.common import AnyFindingSchema

# A cap on the choices listed, so that no answer grows past a known size whatever a game offers: a
# Dalmuti lead with unknown hands has the most (every count of every value, with Jesters).
MAX_CHOICES = 500
# An action of any game has a handful of fields with short names, and a game's refusal names the ones it
# does not know: past these bounds the answer counts them instead, so its size does not follow the body's.
MAX_ACTION_FIELDS = 40
MAX_FIELD_NAME = 40
NAMES_SHOWN = 5


class ChoiceSchema(Schema):
    action = fields.Dict(required=True, metadata={
        "description": "The action in the game's own words (see the game's format page, \"Actions\")."})
    label = fields.String(required=True, metadata={"description": "The choice for a person to read.",
                                                   "example": "Ben plays red 5"})
    known = fields.Boolean(required=True, metadata={
        "description": "False where the hand is unknown: the action is only not proven impossible."})
    hint = fields.String(metadata={"description": "What would make it illegal.",
                                   "example": "must follow red if held"})
    chance = fields.Boolean(metadata={"description": "An outcome of a chance step (a deal, a draw)."})
    patch = fields.List(fields.Dict(), required=True, metadata={
        "description": "RFC 6902 JSON Patch that records this choice in the submitted log."})


class ChoicesSchema(Schema):
    game = fields.String(required=True, metadata={"example": "david-goliath"})
    valid = fields.Boolean(required=True, metadata={"description": "No error so far."})
    findings = fields.List(fields.Nested(AnyFindingSchema), required=True, metadata={
        "description": "The log's findings so far: errors, then warnings, each in the order met (capped as in "
                       "reports)."})
    over = fields.Boolean(required=True, metadata={"description": "Nothing is left to play."})
    to_move = fields.String(required=True, allow_none=True, metadata={
        "description": "Whose choice is next; null at a chance step or when the game is over."})
    moment = fields.String(required=True, metadata={"description": "Deep-link anchor of the next step; empty when "
                                                                   "the game is over.", "example": "trick-3-play-2"})
    place = fields.String(metadata={"description": "Where the next step is, in words, in the reader's language; "
                                                   "the end of the game when it is over.",
                                    "example": "trick 3, play 2"})
    chance = fields.Boolean(required=True, metadata={"description": "The next step is the table's (a deal, a draw)."})
    known = fields.Boolean(required=True, metadata={"description": "Every choice listed is exact."})
    may_leave_unseen = fields.Boolean(required=True, metadata={
        "description": "The chance step now may be left out of the log (a deal or a draw no one saw): ask "
                       "again with ?unseen=true for the choices of the step after it."})
    left_unseen = fields.Boolean(required=True, metadata={
        "description": "This answer is past a chance step left unseen (?unseen=true): recording any of its "
                       "choices leaves that outcome out of the log."})
    left_unseen_at = fields.String(metadata={
        "description": "Where the chance step left unseen is, in words (only with left_unseen).",
        "example": "race 2, turn 3"})
    parts = fields.Dict(metadata={
        "description": "At a chance step, where the game says: what each part of its outcome may be, for asking "
                       "the table what it saw, by the part's name in the action: {\"values\": [[value, words], "
                       "...]} for a part named by one word (a discipline revealed), {\"cards\": {card: copies}} "
                       "for cards drawn from the copies not known to be anywhere else. A part not listed may be "
                       "any player, or any card of the deck.",
        "example": {"discipline": {"values": [["Sprint", "Sprint"], ["house-lower", "House rule: lower"]]}}})
    view = fields.Dict(required=True, metadata={
        "description": "The table now: seats (name, hand, unseen, pile, score), middle, and the game's own keys."})
    choices = fields.List(fields.Nested(ChoiceSchema), required=True)
    truncated = fields.Integer(metadata={"description": f"Choices left out: past {MAX_CHOICES}, the list keeps its "
                                                        f"first {MAX_CHOICES - 1} and its last (a pass or "
                                                        "retirement, where the game has one)."})


class ApplyBodySchema(Schema):
    log = fields.Dict(required=True, metadata={"allOf": [SO_FAR_REF], "description": "A log of any supported "
                                                                                   "game, finished or not, or its "
                                                                                   "setup with no steps yet."})
    action = fields.Raw(required=True, metadata={"description": "An action in the game's own words."})


class AppliedSchema(Schema):
    patch = fields.List(fields.Dict(), required=True, metadata={
        "description": "RFC 6902 JSON Patch that records the action in the submitted log."})
    findings = fields.List(fields.Nested(AnyFindingSchema), required=True, metadata={
        "description": "The findings of this action alone (empty when it is legal)."})
    legal = fields.Boolean(required=True, metadata={"description": "No error finding."})
    label = fields.String(metadata={
        "description": "The action in words, in the reader's language, as the game's choices word it (the same "
                       "label a choice of this very action carries, offered or not); absent where the game has no "
                       "words for it.", "example": "Ben plays red 5"})


def _playable(document: object, at: str = "") -> tuple[Verdict, State]:
    """The verdict and state of a log a game can go on from (its setup with no steps yet among them); 422
    otherwise, its errors' pointers into the body (``at``: where the body holds the log)."""
    try:
        verdict, state = web.replay(document, setup=True)
    except web.NotALog as error:
        raise not_a_log(error, at) from None
    if state is None:
        errors = under(at, verdict.report.get("errors", []))
        raise Problem(422, _("No game of %(game)s can start from this log; errors says why.",
                             game=i18n.localized(verdict.name)), errors=errors) from None
    return verdict, state


def action_refused(detail: str, reason: str | None = None) -> Problem:
    """The 422 of an action that cannot be taken at all, its reason (the game's, else ``detail``) also a
    ``schema`` error at ``/action``."""
    return Problem(422, detail, errors=[schema_error("/action", reason or detail)])


def reason_of(error: Exception) -> str:
    """Why a game refused an action, in the reader's language."""
    findings = getattr(error, "findings", None)
    if findings:  # an IllegalAction: the errors the action would have been
        return "; ".join(str(i18n.localized(finding.message)) for finding in findings)
    return str(i18n.localized(error.args[0] if error.args else str(error)))


def _findings(verdict: Verdict) -> list[dict]:
    """The report's errors, then its warnings, each in the order met."""
    return [*verdict.report.get("errors", []), *verdict.report.get("warnings", [])]


UNSEEN = {"in": "query", "name": "unseen", "required": False, "schema": {"type": "boolean", "default": False},
          "description": "Go past the chance step now, leaving its outcome out of the log (see may_leave_unseen)."}


def _unseen_asked() -> bool:
    """The ``unseen`` query parameter: absent or false, or true; anything else is a 400 that says so."""
    raw = request.args.get("unseen")
    if raw is None or raw.lower() in ("false", "0"):
        return False
    if raw.lower() in ("true", "1"):
        return True
    raise Problem(400, _('The query parameter "unseen" is true or false (or 1 or 0); found "%(found)s".',
                         found=raw[:40]))


@blp.route("/choices", methods=["POST"])
@blp.doc(requestBody=SO_FAR_BODY, summary="The legal choices at the end of a log, each with its JSON Patch",
         parameters=[UNSEEN])
@blp.response(200, ChoicesSchema, description="Where the game stands and what may be played next. A log whose "
              "errors stop its game (too few players, a bound reached) is over, with no choices: its findings say why.")
@body_problems(not_json="The body is not valid JSON, or unseen is neither true nor false.")
@problem(422, "The JSON is not a log's shape, or no game can start from it (errors lists why), or unseen was "
              "asked where nothing may be left unseen.")
@problem(429, "Too many requests from this client; Retry-After says when to try again.")
@guards.work_limit()
def choices():
    """Replay a log and answer the choices of the player to move: patch a choice into the log to play on."""
    raw = read_upload()
    left = _unseen_asked()
    verdict, state = _playable(_read(raw))
    past = past_unseen(state)
    if left and past is None:
        raise Problem(422, _("Nothing can be left unseen here: the next step is no deal or draw that a log may "
                             "leave out."))
    left_at = None
    if left:
        left_at, state = i18n.place(state.moment, verdict.engine), past
    body = answer(verdict.engine, state, _seeded(raw), verdict.valid, _findings(verdict),
                  may_leave_unseen=past is not None and not left, left_unseen_at=left_at)
    if body["over"] and not verdict.report.get("complete"):  # no end reached: its errors stopped the game
        body["place"] = _("where the log's errors stop the game")
    return json_response(body)


def answer(engine: object, state: State, rng: random.Random, valid: bool, findings: list[dict], *,
           may_leave_unseen: bool, left_unseen_at: str | None = None) -> dict:
    """The ``ChoicesSchema`` body of ``state``: where the game stands and each choice with its patch (the
    branches of api/branches.py answer the same way)."""
    offered = state.choices(rng)
    # Past the cap only plays of cards are left out, which can be typed; a pass or a retirement, which every
    # game lists last (replaykit.state), could not be, and stays.
    shown = offered if len(offered) <= MAX_CHOICES else [*offered[:MAX_CHOICES - 1], offered[-1]]
    listed = [{**choice.to_dict(), "patch": state.patch(choice.action)} for choice in shown]
    over = state.is_over()  # no next step: its anchor would name one that never comes
    body = {"game": engine.id, "valid": valid, "findings": findings,
            "over": over, "to_move": state.to_move, "moment": "" if over else state.moment,
            "place": str(i18n.END) if over else i18n.place(state.moment, engine), "chance": state.chance,
            "known": all(choice.known for choice in offered), "may_leave_unseen": may_leave_unseen,
            "left_unseen": left_unseen_at is not None, "view": state.view(), "choices": listed}
    if left_unseen_at is not None:
        body["left_unseen_at"] = left_unseen_at
    if state.chance and not over and hasattr(state, "chance_parts"):
        body["parts"] = state.chance_parts()
    if len(offered) > MAX_CHOICES:
        body["truncated"] = len(offered) - MAX_CHOICES
    return body


@blp.route("/apply", methods=["POST"])
@blp.doc(summary="Record any action, legal or not, in a log", requestBody={
    "required": True, "content": {"application/json": {"schema": ApplyBodySchema}}})
@blp.response(200, AppliedSchema, description="The patch that records the action, its findings and its label.")
@body_problems(upload=False)
@problem(422, "The body is not {log, action}, the log is not a log's shape, or the action not the game's.")
@problem(429, "Too many requests from this client; Retry-After says when to try again.")
@guards.work_limit()
def apply_action():
    """Record an action "as played" at the end of a log: its patch, the findings of that step alone, and the
    action in the words of the game's choices."""
    raw = read_upload()
    body = _read(raw)
    refused = body_members_problem(body, _('The body must be a JSON object with exactly two members: "log" (the '
                                           'log so far) and "action" (what was played).'), ("log", "action"))
    if refused is not None:
        raise refused
    _bounded(body["action"])
    _verdict, state = _playable(body["log"], at="/log")
    try:
        patch = state.patch(body["action"])
    except ValueError as error:
        reason = reason_of(error)
        raise action_refused(_("The action cannot be recorded. %(reason)s", reason=reason), reason) from None
    # worded before it is applied: the words are those of the position it is played from
    label = label_of(state, body["action"], _seeded(raw))
    findings = [finding.to_dict() for finding in state.apply(body["action"])]
    applied = {"patch": patch, "findings": findings,
               "legal": not any(finding["severity"] == "error" for finding in findings)}
    if label is not None:
        applied["label"] = label
    return json_response(applied)


def _seeded(raw: bytes) -> random.Random:
    """Chance drawn from the body: the same log always gets the same answer."""
    return random.Random(hashlib.sha256(raw).digest())


def _bounded(action: object) -> None:
    """422, naming a few fields and counting the rest, for an action with too many fields or too long a name."""
    if not isinstance(action, dict):
        return
    if len(action) > MAX_ACTION_FIELDS:
        names = ", ".join(show(name) for name in list(action)[:NAMES_SHOWN])
        raise action_refused(_("An action has at most %(most)d fields; this one has %(count)d: %(names)s and "
                               "%(rest)d more.", most=MAX_ACTION_FIELDS, count=len(action), names=names,
                               rest=len(action) - NAMES_SHOWN))
    for name in action:
        if len(name) > MAX_FIELD_NAME:
            raise action_refused(_("A field of an action has a name of at most %(longest)d characters; %(name)s "
                                   "has %(length)d.", longest=MAX_FIELD_NAME, name=show(name), length=len(name)))


def _read(raw: bytes) -> object:
    try:
        return web.read(raw)
    except web.NotJSON as error:
        raise Problem(400, str(error)) from None


"""Hypothetical branches kept on the server: ``POST /api/v1/branches`` and ``POST /api/v1/branches/<id>``.

``/api/v1/choices`` is stateless: a client playing on sends the whole log at every step, and the server
validates it all again (O(n) bytes and work per step). A branch is the position kept instead: the client
posts the log once and gets an unguessable id; each later step sends that id, the number of the branch's
steps it stands on and at most one action, and the server applies that one action to the state it kept.
Going back to an earlier step replays the branch's own actions from the state it started from (a copy
kept for that), never the log before it. The answers are ``/choices``'s, plus the id and the step count.

The store is per process, in memory, and bounded (``BRANCH_*`` settings, docs/RELIABILITY.md): so many
branches at most (the least recently used goes first), so many per client (that client's oldest goes
first), an idle time after which a branch is gone, and so many steps per branch. A branch gone (expired,
evicted, or kept by another worker process) is a 404: the client, which keeps its log by applying the
patches, posts it again to start a new branch there.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from flask import current_app
from flask_babel import gettext as _
from marshmallow import Schema, fields, validate

from api import guards, i18n
from api.api_v1 import LOG_BODY, blp, body_problems, json_response, problem, read_upload
from api.choices import ChoicesSchema, _bounded, _findings, _playable, _read, action_refused, answer, reason_of
from api.problems import Problem, body_members_problem, schema_error
from replaykit.state import IllegalAction, State
from schemas.common import AnyFindingSchema

DEFAULTS = {
    "BRANCH_MAX": 256,  # per process
    # per process, the bytes of the logs the branches kept started from and of the actions played in them since:
    # a branch holds its two states, some 13–25 times its log in memory (make bench: "held / log"), so 2 MiB of
    # logs and actions is some 50 MB at most
    "BRANCH_MAX_LOG_BYTES": 2 * 1024 * 1024,
    "BRANCH_PER_CLIENT": 4,
    "BRANCH_IDLE_SECONDS": 15 * 60,
    "BRANCH_MAX_STEPS": 1_000,
}


@dataclass
class Branch:
    """A kept position: the state where the branch left the log (never changed), the state now, and the
    actions between them with the seed of each step's chance draws."""

    engine: object
    client: str
    size: int  # the bytes of the log it started from and of each action played since (as JSON)
    start: State
    state: State
    valid: bool
    findings: list[dict]
    seeds: list[bytes]
    actions: list[object] = field(default_factory=list)
    step_findings: list[dict] = field(default_factory=list)
    action_sizes: list[int] = field(default_factory=list)
    used: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)  # two tabs on one branch take turns


class Store:
    """The branches of one process, least recently used first; every method holds the lock."""

    def __init__(self) -> None:
        self._branches: OrderedDict[str, Branch] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, branch: Branch, most: int, most_bytes: int, per_client: int, idle: float) -> str:
        key = secrets.token_urlsafe(18)
        with self._lock:
            self._expire(idle)
            mine = [other for other, kept in self._branches.items() if kept.client == branch.client]
            for other in mine[:max(0, len(mine) - per_client + 1)]:
                del self._branches[other]
            size = sum(kept.size for kept in self._branches.values())
            while self._branches and (len(self._branches) >= most or size + branch.size > most_bytes):
                size -= self._branches.popitem(last=False)[1].size
            branch.used = time.monotonic()
            self._branches[key] = branch
        return key

    def fit(self, key: str, most_bytes: int) -> None:
        """After ``key``'s branch has grown, the least recently used others go until all fit in ``most_bytes``."""
        with self._lock:
            size = sum(kept.size for kept in self._branches.values())
            for other in list(self._branches):
                if size <= most_bytes:
                    return
                if other != key:
                    size -= self._branches.pop(other).size

    def get(self, key: str, idle: float) -> Branch | None:
        with self._lock:
            self._expire(idle)
            branch = self._branches.get(key)
            if branch is not None:
                branch.used = time.monotonic()
                self._branches.move_to_end(key)
            return branch

    def _expire(self, idle: float) -> None:
        now = time.monotonic()
        while self._branches:
            key, oldest = next(iter(self._branches.items()))
            if now - oldest.used < idle:
                return
            del self._branches[key]


def store() -> Store:
    """This process's branches (one store per app)."""
    return current_app.extensions.setdefault("card_replay_branches", Store())


def _setting(name: str) -> int:
    return int(current_app.config[name])


class BranchSchema(ChoicesSchema):
    branch = fields.String(required=True, metadata={"description": "The branch's id: send it with each step."})
    steps = fields.Integer(required=True, metadata={"description": "Actions played in the branch so far."})
    findings = fields.List(fields.Nested(AnyFindingSchema), required=True, metadata={
        "description": "The findings of the log the branch started from, as its report gives them (an unfinished "
                       "game's included), then those of each step played in it (errors first); a step's own "
                       "findings leave out the checks a report makes at a log's end."})


class StepBodySchema(Schema):
    steps = fields.Integer(required=True, strict=True, validate=validate.Range(min=0), metadata={
        "description": "The step the client stands on: the branch goes back to it first (0 is where it left "
                       "the log)."})
    action = fields.Raw(metadata={"description": "An action in the game's own words, one of the choices "
                                                 "offered there; none only to go back."})


def _seed(previous: bytes, action: object) -> bytes:
    """Each step's chance draws seeded from the log and the actions before it, so a branch replays alike."""
    return hashlib.sha256(previous + json.dumps(action, sort_keys=True).encode()).digest()


def _answer(key: str, branch: Branch) -> dict:
    met = branch.findings + branch.step_findings
    findings = [finding for finding in met if finding["severity"] == "error"] + [
        finding for finding in met if finding["severity"] != "error"]
    valid = branch.valid and not any(finding["severity"] == "error" for finding in branch.step_findings)
    body = answer(branch.engine, branch.state, random.Random(branch.seeds[-1]), valid, findings,
                  may_leave_unseen=False)
    return {**body, "branch": key, "steps": len(branch.actions)}


@blp.route("/branches", methods=["POST"])
@blp.doc(requestBody=LOG_BODY, summary="Start a hypothetical branch at the end of a log, kept for a while")
@blp.response(201, BranchSchema, description="The branch's id, and the choices at its start.")
@body_problems()
@problem(422, "The JSON is not a log's shape, or no game can start from it (errors lists why).")
@problem(429, "Too many requests from this client; Retry-After says when to try again.")
@guards.work_limit()
def start_branch():
    """Replay a log once and keep its end position: later steps send the branch's id and one action."""
    raw = read_upload()
    verdict, state = _playable(_read(raw))
    branch = Branch(engine=verdict.engine, client=guards.client_address(), size=len(raw), start=state.clone(),
                    state=state, valid=verdict.valid, findings=_findings(verdict),
                    seeds=[hashlib.sha256(raw).digest()])
    key = store().add(branch, _setting("BRANCH_MAX"), _setting("BRANCH_MAX_LOG_BYTES"),
                      _setting("BRANCH_PER_CLIENT"), _setting("BRANCH_IDLE_SECONDS"))
    return json_response(_answer(key, branch), status=201)


@blp.route("/branches/<key>", methods=["POST"])
@blp.doc(summary="One step of a kept branch: back to a step, then at most one action", requestBody={
    "required": True, "content": {"application/json": {"schema": StepBodySchema}}})
@blp.response(200, BranchSchema, description="The choices where the branch now stands.")
@body_problems(upload=False)
@problem(404, "No such branch here: it expired, was evicted, or another server process keeps it; start it again.")
@problem(409, "The branch has fewer steps than the client stands on.")
@problem(422, "The body is not {steps, action}, or the action is not legal there.")
@problem(429, "Too many requests from this client; Retry-After says when to try again.")
@guards.work_limit()
def step_branch(key: str):
    """Go back to the step the client stands on, then apply its action, if any, to the position kept."""
    body = _read(read_upload())
    detail = _('The body must be a JSON object with "steps" (a count from 0) and at most one "action".')
    refused = body_members_problem(body, detail, ("steps",), ("action",))
    if refused is not None:
        raise refused
    if not isinstance(body["steps"], int) or isinstance(body["steps"], bool) or body["steps"] < 0:
        raise Problem(422, detail, errors=[schema_error("/steps", _('"steps" must be a count from 0.'))])
    branch = store().get(key, _setting("BRANCH_IDLE_SECONDS"))
    if branch is None:
        raise Problem(404, _("This branch is no longer kept; start it again from its log."))
    with branch.lock:
        _back_to(branch, body["steps"])
        if "action" in body:
            _play(branch, body["action"])
            store().fit(key, _setting("BRANCH_MAX_LOG_BYTES"))
        return json_response(_answer(key, branch))


def _back_to(branch: Branch, steps: int) -> None:
    if steps > len(branch.actions):
        raise Problem(409, _("This branch has only reached step %(count)d, not step %(asked)d.",
                             count=len(branch.actions), asked=steps))
    if steps == len(branch.actions):
        return
    kept = branch.actions[:steps]
    branch.state = branch.start.clone()
    branch.step_findings = []
    for action in kept:
        branch.step_findings += [finding.to_dict() for finding in branch.state.apply(action)]
    branch.actions = kept
    branch.size -= sum(branch.action_sizes[steps:])
    del branch.action_sizes[steps:]
    del branch.seeds[steps + 1:]


def _play(branch: Branch, action: object) -> None:
    _bounded(action)
    if len(branch.actions) >= _setting("BRANCH_MAX_STEPS"):
        raise Problem(422, _("A branch goes at most to step %(most)d.", most=_setting("BRANCH_MAX_STEPS")))
    # an action's note (each up to 2,000 characters) stays with the branch: what it keeps counts it too
    grown = len(json.dumps(action, ensure_ascii=False).encode())
    if branch.size + grown > _setting("BRANCH_MAX_LOG_BYTES"):
        raise Problem(422, _("A branch keeps at most %(most)d bytes of its log and the actions played in it; "
                             "this action would take it to %(size)d.", most=_setting("BRANCH_MAX_LOG_BYTES"),
                             size=branch.size + grown))
    if branch.state.is_over():
        raise Problem(422, _("The game is over in this branch."))
    try:
        branch.state.patch(action)  # an action the game cannot write at all, as /apply refuses it
        findings = branch.state.apply(action, strict=True)
    except IllegalAction as error:  # the rules' errors it would be, each with its code, at the body's action
        refused = action_refused(_("This action is not legal here: %(reason)s", reason=reason_of(error)))
        refused.extensions["errors"] = [{**finding.to_dict(), "message": str(i18n.localized(finding.message)),
                                         "path": "/action"} for finding in error.findings]
        raise refused from None
    except (ValueError, TypeError, KeyError) as error:
        reason = reason_of(error)
        raise action_refused(_("The action cannot be recorded. %(reason)s", reason=reason), reason) from None
    branch.step_findings += [finding.to_dict() for finding in findings]
    branch.actions.append(action)
    branch.action_sizes.append(grown)
    branch.size += grown
    branch.seeds.append(_seed(branch.seeds[-1], action))

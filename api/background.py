"""The computer analysis of stored games and samples, run in the background on the job queue of
``api.jobs`` (rows in the app's own database), and served to their pages as it progresses.

- **Queued**: an upload queues its game's analysis (charged to the uploader; over its bound the upload is
  stored all the same and its page asks later). A page whose analysis was never made (a game stored before,
  a new rules version) asks for it with ``POST …/analysis.json`` once it shows; a client over its bound
  (``api.jobs.Bounds``) gets 429 with ``Retry-After``, and the page asks again then. The samples are the
  service's showcase: a worker queues every sample's analysis not yet made by its version (the game's, the
  method's, the budget's and the sample file's bytes) when it starts (``ANALYSIS_SAMPLES_AT_START``), behind
  the uploads' jobs, and a sample page that asks is never refused nor counted against its visitor
  (``api.jobs.JobStore.offer``). The results are rows: every process and every later start reuses them.
- **Run**: by a worker thread the app starts (``ANALYSIS_WORKER`` ``auto``: in the development server and
  any process not under gevent) or by ``flask --app app analysis-worker``, as many processes as wanted
  (production: gunicorn's gevent workers must not hold a core for seconds, so there ``auto`` starts no
  thread). Each job searches at most ``BUDGET``. A worker stops, saying why in one line of the log, when
  its queue is gone for good (a deleted SQLite file, a dropped table) or after ``MAX_FAILED_POLLS`` failed
  looks in a row (``Poller``); the jobs are rows, so the next start of the app or the command runs them.
- **Served**: ``GET …/analysis.json`` answers the state (queued with how many jobs ahead, running, done,
  failed) and, once done, what the page shows (``api.evaluation.view``) in the reader's language.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import threading
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import click
from babel.numbers import get_decimal_symbol
from flask import Blueprint, Flask, current_app, jsonify, request, url_for
from flask.cli import with_appcontext
from flask_babel import get_locale
from flask_babel import gettext as _

import api as web
from api import evaluation, guards, i18n, quota, verdicts
from api.adapters import adapter_for
from api.jobs import DONE, SAMPLE_PREFIX, Bounds, Busy, Claim, JobStore
from api.problems import Problem
from replaykit import analysis
from replaykit.analysis import Budget, analyse
from replaykit.engine import Engine
from replaykit.jsonio import JSONReadError, read_json
from replaykit.state import State, label_of, past_unseen

DEFAULTS = {
    "ANALYSIS_WORKER": "auto",  # auto, thread or off: who runs the jobs in this process
    "ANALYSIS_MAX_PENDING": 2,  # a client's jobs queued or running at once
    "ANALYSIS_PER_HOUR": 30,  # a client's analyses asked for within an hour
    "ANALYSIS_SAMPLES_AT_START": True,  # a worker queues the samples' analyses as it starts (else when asked)
}
# What one job may search (with the estimates' own defaults): 3.3 s of CPU for a 6-player David & Goliath
# game compiled, 7.7 s from the pure modules (python -m benchmarks.analysis); a busy machine stretches the
# wall clock, not the work (make bench, "Background analysis").
BUDGET = Budget(max_nodes=200_000, max_total=500_000, max_plays=2_000)
IDLE_SECONDS = 2.0  # how long an idle worker waits before it looks at the queue again
# After a failed look a worker waits twice as long as after the one before, up to LONGEST_PAUSE, and stops
# after MAX_FAILED_POLLS in a row: it outlives a database away for up to four minutes (4 + 8 + … + 60 s).
MAX_FAILED_POLLS = 8
LONGEST_PAUSE = 60.0
EXTENSION = "card_replay_jobs"

bp = Blueprint("background", __name__)
log = logging.getLogger(__name__)


def store() -> JobStore:
    return current_app.extensions[EXTENSION]


def version(engine) -> str:
    """What a result depends on: the game's rules, the analysis's method and the search's budget."""
    budget = hashlib.sha256(repr(BUDGET).encode()).hexdigest()[:12]
    return f"{engine.id}:{engine.version}:{analysis.METHOD}:{budget}"


def sample_key(game: str, slug: str) -> str:
    return f"{SAMPLE_PREFIX}{game}/{slug}"


def sample_version(engine, sample) -> str:
    """A sample's result depends on its file too: a sample edited is analysed again."""
    return f"{version(engine)}:{hashlib.sha256(sample.raw).hexdigest()[:12]}"


def offer_samples(app: Flask) -> None:
    """Queue every sample's analysis not made by its version, a failed one again (``JobStore.offer``): a few
    rows written, none analysed here."""
    with app.app_context():
        jobs = store()
        for (game, slug), sample in web.services().samples.items():
            engine = verdicts.by_id(sample.game)
            if engine is not None:
                jobs.offer(sample_key(game, slug), sample_version(engine, sample), again=True)


def _document(key: str) -> tuple[object, object] | None:
    """The engine and document a job's key names, or ``None`` when it is gone."""
    if key.startswith(SAMPLE_PREFIX):
        game, _slash, slug = key[len(SAMPLE_PREFIX):].partition("/")
        sample = web.services().samples.get((game, slug))
        return None if sample is None else (verdicts.by_id(sample.game), sample.document)
    record = web.services().repository.get(key)
    if record is None:
        return None
    try:
        return verdicts.by_id(record.game), read_json(record.log)
    except JSONReadError:
        return None


def run(claim: Claim) -> None:
    """Analyse a claimed job's document and record the result (``None``: its game offers no analysis)."""
    jobs = store()
    found = _document(claim.key)
    if found is None or found[0] is None:
        jobs.forget(claim.key)
        return
    engine, document = found
    try:
        result = analyse(engine, document, BUDGET, engine.limits(guards.log_settings()))
    except Exception as error:  # a bug in a game's search: the job fails, the worker goes on
        log.exception("the analysis of %s failed", claim.key)
        jobs.finish(claim, error=f"{error.__class__.__name__}: {error}")
        return
    jobs.finish(claim, result, quota=current_app.config["STORAGE_QUOTA_BYTES"])


def work_once(app: Flask) -> bool:
    """Run the oldest waiting job, if any; ``True`` when there was one."""
    with app.app_context():
        claim = store().claim()
        if claim is None:
            return False
        run(claim)
        return True


def _said(error: BaseException) -> str:
    """An error in one line: its class and the first line of its message (no SQL, no traceback)."""
    lines = str(error).strip().splitlines()
    return f"{error.__class__.__name__}: {lines[0]}" if lines else error.__class__.__name__


class Poller:
    """A worker's looks at the queue, and when to give up: at once when the queue is gone for good
    (``JobStore.missing``: a deleted SQLite file, a dropped table), else after ``MAX_FAILED_POLLS`` failed
    looks in a row, each wait longer than the one before (``pause``). A database away for less than that
    loses nothing; past it the worker stops, and the jobs it leaves are rows that the next start runs."""

    def __init__(self, app: Flask) -> None:
        self.app, self.failed = app, 0
        self.offered = not app.config["ANALYSIS_SAMPLES_AT_START"]  # the samples' jobs, queued at the first look

    def poll(self) -> bool | None:
        """``True``: a job ran; ``False``: none waiting, or a failure that may pass (wait ``pause()``);
        ``None``: stop (said in one line of the log)."""
        jobs = self.app.extensions[EXTENSION]
        why = jobs.file_gone()
        if why is None:
            try:
                if not self.offered:
                    offer_samples(self.app)
                    self.offered = True
                busy = work_once(self.app)
            except Exception as error:  # the database, or a bug outside a job's search (``run`` keeps those)
                why = self._failed(jobs, error)
            else:
                self.failed = 0
                return busy
            if why is None:
                return False
        log.error("the analysis worker stops: %s; the jobs still in the database run when the app or "
                  "`flask --app app analysis-worker` starts again", why)
        return None

    def _failed(self, jobs: JobStore, error: Exception) -> str | None:
        """Count a failed look: why to stop now, or ``None`` to try again (said once, at the first)."""
        self.failed += 1
        gone = jobs.missing()
        if gone is not None:
            return gone
        if self.failed >= MAX_FAILED_POLLS:
            return f"{self.failed} looks at its queue failed in a row, the last with {_said(error)}"
        if self.failed == 1:
            log.warning("the analysis worker could not reach its queue (%s); it tries again", _said(error))
        return None

    def pause(self) -> float:
        return min(IDLE_SECONDS * 2 ** self.failed, LONGEST_PAUSE)


class Worker(threading.Thread):
    """Runs jobs until stopped, or until its queue is gone (``Poller``); ``wake`` makes it look at once."""

    def __init__(self, app: Flask) -> None:
        super().__init__(name="analysis-worker", daemon=True)
        self.app, self.woken, self.stopped = app, threading.Event(), threading.Event()

    def wake(self) -> None:
        self.woken.set()

    def stop(self) -> None:
        self.stopped.set()
        self.woken.set()

    def run(self) -> None:
        poller = Poller(self.app)
        while not self.stopped.is_set():
            busy = poller.poll()
            if busy is None:
                return
            if not busy:
                self.woken.wait(poller.pause())
                self.woken.clear()


def _under_gevent() -> bool:
    try:
        from gevent import monkey
    except ImportError:
        return False
    return monkey.is_module_patched("threading")


def install(app: Flask) -> None:
    jobs = JobStore(app.extensions[web.EXTENSION].repository.engine,
                    Bounds(app.config["ANALYSIS_MAX_PENDING"], app.config["ANALYSIS_PER_HOUR"]))
    jobs.create_schema()
    app.extensions[EXTENSION] = jobs
    app.register_blueprint(bp)
    app.extensions["csrf"].exempt(bp)  # a POST from the page's script; a foreign site's is refused below
    app.cli.add_command(worker_command)
    app.jinja_env.globals["analysis_marks"] = analysis.MARKS  # the rulings page states each game's thresholds
    mode = app.config["ANALYSIS_WORKER"]
    if mode == "thread" or (mode == "auto" and not app.config.get("TESTING") and not _under_gevent()):
        worker = Worker(app)
        app.extensions[EXTENSION + "_worker"] = worker
        worker.start()


@click.command("analysis-worker")
@with_appcontext
@click.option("--until-idle", is_flag=True, help="Stop once no job is waiting (else wait for more for ever).")
def worker_command(until_idle: bool) -> None:
    """Run the queued computer analyses (as many of these processes as wanted, on one database)."""
    app = current_app._get_current_object()
    poller, done = Poller(app), 0
    while (busy := poller.poll()) is not None:
        done += busy
        if not busy and until_idle and not poller.failed:
            break
        if not busy:
            time.sleep(poller.pause())
    click.echo(f"analysis worker: {done} jobs run")
    if busy is None:
        raise SystemExit(1)  # its service restarts it (deploy/card-replay-analysis.service)


def _wake(app: Flask) -> None:
    worker = app.extensions.get(EXTENSION + "_worker")
    if worker is not None:
        worker.wake()


def _client() -> str:
    return quota.client_key(guards.client_address())


def queue_upload(record) -> None:
    """Queue a freshly stored game's analysis, charged to its uploader; over the bound, its page asks later."""
    engine = verdicts.by_id(record.game)
    if engine is None:
        return
    try:
        with quota.storage_errors():
            store().request(record.id, version(engine), _client())
    except (Busy, Problem):
        return
    _wake(current_app)


def _words(engine: Engine | None = None) -> evaluation.Words:
    """The analysis's words in the reader's language, its values said in ``engine``'s result (``result_in``)."""
    own = adapter_for(engine).result_in if engine is not None else None
    unit = str(i18n.localized(own)) if own is not None else _("in the game's result")
    return evaluation.Words(
        title=_("What each play could guarantee"), x_title=_("Play"),
        y_title=_("Value of the play"), unit=unit,  # exact: at the end; estimated: as far as it looked (rulings)
        exact=_("exact"), estimate=_("estimate"), point=_("{play}: {value} ({kind})"),
        mark_label=_("{mark}: {play}, cost {cost}"), play=_("{player} plays {played}"),
        estimated_mark_label=_("{mark}: {play}, cost about {cost} (estimate)"),
        marks=(("blunder", _("Blunder")), ("mistake", _("Mistake")), ("inaccuracy", _("Inaccuracy"))),
        decimal=get_decimal_symbol(get_locale()), place=lambda anchor: i18n.place(anchor, engine))


def _refuse_cross_site() -> None:
    """Only this site's own pages ask for analyses: another site could spend its visitors' allowance."""
    origin = request.headers.get("Origin")
    if request.headers.get("Sec-Fetch-Site", "") in ("cross-site", "same-site") or (
            origin is not None and urlsplit(origin).netloc != request.host):
        raise Problem(403, _("Analyses are asked for by this site's own pages only."))


def _plays_said(verdict: verdicts.Verdict, result: dict | None) -> evaluation.Said:
    """The words of the game's choices for each play made or preferred at an analysed step, in the reader's
    language: the analysis keeps actions as the log writes them ("retire"), which only the State before the
    step words ("Bruno retires"). One replay, a copy of the State kept from step to step."""
    wanted = {play["step"]: [play.get("played"), *(play.get("best") or [])]
              for play in (result or {}).get("plays") or [] if isinstance(play.get("step"), str)}
    said: dict[str, list[tuple[object, str]]] = {}
    before: list[State | None] = [None]

    def keep(anchor: str, state: State) -> None:
        if anchor in wanted and before[0] is not None:
            said[anchor] = [(action, str(i18n.localized(label))) for action in wanted[anchor]
                            if (label := label_of(before[0], action)) is not None]
        # a deal or a draw the log leaves unseen: the next play is worded from past it
        before[0] = (past_unseen(state) if state.chance else None) or state.clone()

    engine = verdict.engine
    if wanted and engine is not None:
        limits = engine.limits(verdict.settings) if verdict.settings else engine.default_limits
        engine.load(verdict.document, limits, observe=keep)
    return lambda anchor, action: next((words for made, words in said.get(anchor, ()) if made == action), None)


# The words of the last games' analyses, by job and language: a Dalmuti session of 447 plays takes some 30 ms
# to word (a replay and a State copied at each step), which a page would otherwise spend at every view.
_SAID: dict[tuple[str, str, str], evaluation.Said] = {}
SAID_KEPT = 64


def _kept_plays_said(key: tuple[str, str, str], verdict: verdicts.Verdict, result: dict | None) -> evaluation.Said:
    said = _SAID.pop(key, None) or _plays_said(verdict, result)
    _SAID[key] = said  # the latest last, so the oldest goes first
    while len(_SAID) > SAID_KEPT:
        _SAID.pop(next(iter(_SAID)), None)
    return said


def _answer(key: str, engine, made_by: str, part: int | None, verdict: Callable[[], verdicts.Verdict]):
    """The job's state, and once done what the page shows; a POST asks for the job first (a sample's is the
    service's own: never refused, never counted against the visitor). A part the document does not have is a
    404, as its page is, before any job is asked for."""
    verdict = functools.cache(verdict)
    if part is not None:
        from api.analysis import shown_report  # here: api.analysis imports the web layer, which imports this

        shown_report(verdict(), part)  # its page's 404 for a part the document does not have
    jobs = store()
    with quota.storage_errors():
        if request.method == "POST":
            _refuse_cross_site()
            try:
                status = jobs.offer(key, made_by) if key.startswith(SAMPLE_PREFIX) else \
                    jobs.request(key, made_by, _client())
            except Busy as busy:
                # every upload queues its game's analysis: the reader is told the bound, not that they asked too often
                said = _("Your games' analyses have reached this hour's limit (each game uploaded counts): this one "
                         "can start in %(seconds)s seconds.", seconds=busy.retry_after) if busy.hourly else \
                    _("Other analyses of your games are under way: this one can start in %(seconds)s seconds.",
                      seconds=busy.retry_after)
                raise Problem(429, said, headers={"Retry-After": str(busy.retry_after)}) from None
            _wake(current_app)
        else:
            status = jobs.status(key, made_by)
    body: dict = {"state": status.state, "ahead": status.ahead}
    if status.state == DONE:
        shown = verdict()
        body["analysis"] = evaluation.view(status.result, part, _words(engine), _players(shown.report, part),
                                           _kept_plays_said((key, made_by, i18n.language()), shown, status.result))
        body["rules"] = url_for("pages.rules", game_id=engine.id, _anchor="computer-analysis")
        if status.result is None and verdicts.replay(shown.document, shown.settings)[1] is None:
            # the game has an analysis, but this log never starts a game ("offers none yet" said otherwise)
            body["note"] = _("No game of %(game)s starts in this log: there is nothing to analyse.",
                             game=i18n.localized(engine.name))
    response = jsonify(body)
    response.status_code = 202 if request.method == "POST" and status.state != DONE else 200
    response.headers["Cache-Control"] = "no-store"
    return response


def _analysis_cost() -> int:
    """A stored game's analysis view: 1 while its job waits or was never asked for (the page polls, reading the
    job's row), and once it is done, by the stored log's size as the game's other views: the answer is then
    the analysis worded for the page (0.2-0.6 s of CPU for the longest logs, a tester found, charged 1)."""
    game_id = (request.view_args or {}).get("game_id", "")
    return guards.by_stored_size() if game_id and store().done(game_id) else 1


@bp.route("/games/<string:game_id>/analysis.json", methods=["GET", "POST"])
@bp.route("/games/<string:game_id>/g/<int:number>/analysis.json", methods=["GET", "POST"])
@guards.views_limit(_analysis_cost)
def game_analysis(game_id: str, number: int | None = None):
    record = web.services().repository.get(game_id)
    if record is None:
        raise Problem(404, _("No stored game has this address; check the link."))
    engine = verdicts.by_id(record.game)
    if engine is None:  # a game no longer installed: nothing to analyse it with
        return jsonify({"state": DONE, "ahead": 0, "analysis": None})
    return _answer(record.id, engine, version(engine), number, lambda: web.stored_verdict(record))


@bp.route("/samples/<game:game>/<string:slug>/analysis.json", methods=["GET", "POST"])
@bp.route("/samples/<game:game>/<string:slug>/g/<int:number>/analysis.json", methods=["GET", "POST"])
@guards.views_limit(guards.a_sample_view)
def sample_analysis(game: str, slug: str, number: int | None = None):
    sample = web.services().samples.get((game, slug))
    if sample is None:
        raise Problem(404, _("There is no sample game by this name."))
    engine = verdicts.by_id(sample.game)  # installed: the address names an installed game's sample
    return _answer(sample_key(game, slug), engine, sample_version(engine, sample), number, lambda: sample.verdict)


def _players(report: dict, part: int | None) -> list[str]:
    """The seating order of the page's game (of its part ``part`` of a match), for the chart's colours."""
    if part is not None:
        games = report.get("games") or []
        report = games[part - 1] if 0 < part <= len(games) and isinstance(games[part - 1], dict) else {}
    return [str(player) for player in report.get("players") or []]

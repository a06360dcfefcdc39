"""The web pages: upload form, sample gallery, analysis pages (single game and match), API docs page,
and plotly.js served from the installed plotly package.

Each view loads what it needs, validates through the same path as the API (``api.check``/``api.store``)
and hands the template ready-made values: figures as plain dicts for a JSON data block, per-trick rows,
findings with their links. Templates only place them; ``static/charts.js`` draws the charts and
``static/board.js`` the table view.
"""

from __future__ import annotations

from contextlib import suppress

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFError
from flask_wtf.file import FileField
from markupsafe import Markup
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, TooManyRequests
from wtforms import TextAreaField

import api as web
from api import analysis, bodies, guards, homes, i18n, markdown, openapi, owned, problems, quota, samples, verdicts
from api.problems import Problem
from replaykit.reading import show

bp = Blueprint("pages", __name__)

class UploadForm(FlaskForm):
    file = FileField(lazy_gettext("Upload a log file"))
    text = TextAreaField(lazy_gettext("…or paste the JSON"))

    def raw(self) -> bytes | None:
        """The submitted log, from the file or the text area; ``None`` when both are empty. Both at once is
        ambiguous, and silently taking one would validate what the user did not mean; a file chosen but
        empty is said as such, not as no file at all: ``Unusable``."""
        data, name = b"", ""
        if self.file.data and getattr(self.file.data, "filename", ""):
            data, name = self.file.data.read(), self.file.data.filename
        text = self.text.data or ""
        if data and text.strip():
            raise Unusable(_("You chose a file and pasted text: validate one of them (clear the other)."))
        if data:
            bodies.ensure_log_fits(data)
            return data
        if name and not text.strip():
            raise Unusable(_("The file %(name)s is empty: choose the file that holds the log.", name=show(name)))
        bodies.ensure_log_fits(text)
        return text.encode("utf-8", "surrogatepass") if text.strip() else None


class Unusable(ValueError):
    """What the form holds cannot be validated: a file and pasted text at once, or an empty file."""


@bp.app_template_filter("data_json")
def data_json(value: object) -> Markup:
    return i18n.script_json(value)


def _gallery() -> list[dict]:
    """The samples grouped by game: ``[{"name": game name, "samples": [summary + url, …]}]``."""
    language = i18n.language()
    return [{"name": name, "samples": [{**sample.summary(language),
                                        "url": url_for("pages.sample", game=sample.game, slug=sample.slug)}
                                       for sample in group]}
            for name, group in samples.by_game(web.services().samples)]


def _games() -> list[dict]:
    return [{"id": engine.id, "name": engine.name, "description": engine.description,
             "players": engine.players, "rules": url_for("pages.rules", game_id=engine.id),
             "format": url_for("pages.log_format", game_id=engine.id)}
            for engine in verdicts.engines().values()]


@bp.route("/", methods=["GET", "POST"])
@guards.uploads_limit(methods=["POST"])
def index():
    form = UploadForm()
    problem, findings, status, headers = None, [], 200, {}
    if form.validate_on_submit():
        try:
            raw = form.raw()
        except Unusable as error:
            raw, problem, status = None, str(error), 400
        if raw is None:
            problem, status = problem or _("Choose a log file or paste a log first."), status if problem else 400
        else:
            try:
                _verdict, record = web.store(raw)
            except web.NotJSON as error:
                problem, status = str(error), 400
            except web.NotALog as error:
                problem, status = _("%(problem)s Its shape has these problems:", problem=str(error)), 422
                findings = analysis.located(error.findings, error.verdict.units, engine=error.verdict.engine)
            except Problem as error:  # past the work bound or the quota, storage busy: the form keeps the log
                problem, status, headers = error.page_detail, error.code, error.extra_headers
            else:
                owned.remember(record.id, record.delete_token)
                return redirect(url_for("pages.game", game_id=record.id), code=303)
            _keep_the_file(form, raw)
    return render_template("index.html", form=form, problem=problem, findings=findings, groups=_gallery(),
                           games=_games(), uploads=owned.uploads(), limit=_limit()), status, headers


@bp.route("/games/<string:game_id>/delete", methods=["POST"])
def delete_game(game_id: str):
    """Delete a game this browser uploaded (its token is in the session); the form carries the CSRF token."""
    _record(game_id)
    token = owned.owned().get(game_id)
    if token is None:
        abort(403, _("Only the browser that uploaded this game through the form can delete it here; with the "
                     "API, send its delete token."))
    with quota.storage_errors():
        deleted = web.services().repository.delete(game_id, token)
    owned.forget(game_id)
    if not deleted:
        _record(game_id)  # gone meanwhile (deleted from another tab at the same moment): 404, as any unknown id
        abort(403, _("This browser's delete token is not this game's."))
    flash(_("The game was deleted: its log and report are gone from this service."))
    return redirect(url_for("pages.index"), code=303)


def _keep_the_file(form: UploadForm, raw: bytes | None = None) -> UploadForm:
    """The form as sent, with a chosen file's log written into the text area when nothing was pasted: a
    browser never sends a file back, and the log is kept where it can be corrected and sent again. A file that
    is not UTF-8 text is not shown (the form says what is wrong with it)."""
    if (form.text.data or "").strip():
        return form
    if raw is None and form.file.data and getattr(form.file.data, "filename", ""):
        form.file.data.seek(0)
        raw = form.file.data.read(_limit() + 1)
    if raw and len(raw) <= _limit():
        with suppress(UnicodeDecodeError):
            form.text.data = raw.decode("utf-8-sig")
    return form


def _limit() -> int:
    return current_app.config["MAX_CONTENT_LENGTH"]


def _form_again(problem: str, status: int, form: UploadForm | None = None, headers: dict | None = None):
    """The upload form with what went wrong: empty (a refused body is not read), or as it was sent."""
    return render_template("index.html", form=form or UploadForm(formdata=None), problem=problem, findings=[],
                           groups=_gallery(), games=_games(), limit=_limit()), status, headers or {}


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge):
    """An upload over the limit: the form again, saying what the limit is."""
    return _form_again(_("That log is larger than %(size)s MiB, the most this service accepts; nothing was "
                         "stored.", size=quota.mebibytes(_limit())), 413)


@bp.errorhandler(CSRFError)
def unchecked_form(_error: CSRFError):
    """A form whose CSRF token is missing or not this session's (the page opened before the session was lost,
    cookies refused, or a program posting to the page): the form again, fresh, or the error page."""
    problem = _("This form could not be checked: reload the page and send it again (with cookies allowed). "
                "Programs send logs to /api/v1/validate or /api/v1/games instead.")
    if request.endpoint == "pages.index":
        return _form_again(problem, 400)
    return problems.handle_http(BadRequest(problem))


@bp.errorhandler(TooManyRequests)
@bp.errorhandler(OperationalError)
def refused_before_the_upload(error: Exception):
    """An upload the guards refuse before the view runs (over the allowance, another of the client's under way,
    the rate limits' database locked): the form again with the log as sent; any other view's error page."""
    refusal = quota.storage_problem(error) if isinstance(error, OperationalError) else error
    if request.endpoint != "pages.index" or request.method != "POST":
        return problems.handle_http(refusal)
    return _form_again(problems.detail_of(refusal), refusal.code, _keep_the_file(UploadForm()),
                       problems.headers_of(refusal))


@bp.route("/samples")
def gallery():
    return render_template("samples.html", groups=_gallery())


def _document_page(game_id: str, name: str, title: str):
    """A game's document in the reader's language where translated, else in English, saying so."""
    engine = verdicts.by_id(game_id)
    if engine is None:
        abort(404, _("This service has no game by that name."))
    path = homes.document(engine, name)
    if path is None or not path.is_file():
        abort(404, _("This game has no such page yet."))
    english = path.read_text(encoding="utf-8")
    language = i18n.language()
    translation = homes.document(engine, name, language) if language != "en" else None
    shown_in = language if translation is not None and translation.is_file() else "en"
    text = translation.read_text(encoding="utf-8") if shown_in != "en" else english
    return render_template("document.html", blocks=markdown.blocks(text, original=english), engine=engine,
                           title=title, document_language=shown_in, untranslated=shown_in != language)


@bp.route("/rules")
def rules_index():
    return render_template("rules_index.html", games=_games())


@bp.route("/rules/<string:game_id>")
def rules(game_id: str):
    """A game's rules and rulings: ``docs/games/<game>/rulings.md`` (or its translation) itself."""
    return _document_page(game_id, "rulings.md", _("Rules and rulings"))


@bp.route("/format/<string:game_id>")
def log_format(game_id: str):
    """How to write a log of a game: ``docs/games/<game>/format.md`` (or its translation) itself."""
    return _document_page(game_id, "format.md", _("Log format"))


def _title_and_notes(report: dict) -> tuple[str, str | None]:
    meta = report.get("meta") if isinstance(report.get("meta"), dict) else {}
    title = meta.get("title") if isinstance(meta.get("title"), str) and meta["title"].strip() else _("Uploaded game")
    notes = meta.get("notes") if isinstance(meta.get("notes"), str) else None
    return title, notes


@bp.route("/games/<string:game_id>")
@bp.route("/games/<string:game_id>/g/<int:number>")
@guards.views_limit()
def game(game_id: str, number: int | None = None):
    record = _record(game_id)
    verdict = web.stored_verdict(record)
    title, notes = _title_and_notes(verdict.report)
    source = {"log": url_for("api_v1.stored_log", game_id=game_id),
              "json": url_for("api_v1.stored_game", game_id=game_id),
              "timeline": url_for("api_v1.stored_timeline", game_id=game_id),
              "edit": url_for("pages.edit_game", game_id=game_id),
              "moments": url_for("pages.game_moments", game_id=game_id, number=number),
              "analysis": url_for("background.game_analysis", game_id=game_id, number=number)}
    if game_id in owned.owned():
        source["delete"] = url_for("pages.delete_game", game_id=game_id)
    if number is not None:
        source["json"] = url_for("api_v1.stored_part", game_id=game_id, number=number)
    base = url_for("pages.game", game_id=game_id)
    return analysis.page(verdict, title=title, notes=notes, source=source, base=base, number=number)


@bp.route("/games/<string:game_id>/moments.json")
@bp.route("/games/<string:game_id>/g/<int:number>/moments.json")
@guards.views_limit()
def game_moments(game_id: str, number: int | None = None):
    record = _record(game_id)
    return analysis.moments_response(web.stored_verdict(record), number, len(record.log))


@bp.route("/games/<string:game_id>/before/<string:moment>.json")
@guards.replays_limit(guards.stored_size)
def game_before(game_id: str, moment: str):
    return analysis.before_response(web.stored_verdict(_record(game_id)), moment)


def _record(game_id: str):
    record = web.services().repository.get(game_id)
    if record is None:
        abort(404, _("No stored game has this address; check the link."))
    return record


def _sample(game: str, slug: str) -> samples.Sample:
    found = web.services().samples.get((game, slug))
    if found is None:
        abort(404, _("There is no sample game by this name."))
    return found


@bp.route("/samples/<game:game>/<string:slug>")
@bp.route("/samples/<game:game>/<string:slug>/g/<int:number>")
@guards.views_limit(guards.a_sample_view)
def sample(game: str, slug: str, number: int | None = None):
    found = _sample(game, slug)
    named = {"game": game, "slug": slug}
    source = {"json": url_for("api_v1.sample", **named), "log": url_for("pages.sample_log", **named),
              "edit": url_for("pages.edit_sample", **named),
              "moments": url_for("pages.sample_moments", **named, number=number),
              "analysis": url_for("background.sample_analysis", **named, number=number)}
    if number is not None:
        source["json"] = url_for("api_v1.sample_part", **named, number=number)
    language = i18n.language()
    notes = found.notes_in(language)  # the service's own words: a `field` of the log format set as code
    return analysis.page(found.verdict_in(language), title=found.title_in(language),
                         notes=markdown.inline(notes) if notes else None,
                         source=source, base=url_for("pages.sample", **named), number=number)


@bp.route("/samples/<game:game>/<string:slug>/moments.json")
@bp.route("/samples/<game:game>/<string:slug>/g/<int:number>/moments.json")
@guards.views_limit(guards.a_sample_view)
def sample_moments(game: str, slug: str, number: int | None = None):
    found = _sample(game, slug)
    return analysis.moments_response(found.verdict_in(i18n.language()), number, len(found.raw))


@bp.route("/samples/<game:game>/<string:slug>/before/<string:moment>.json")
@guards.replays_limit(lambda: len(_sample(request.view_args["game"], request.view_args["slug"]).raw))
def sample_before(game: str, slug: str, moment: str):
    return analysis.before_response(_sample(game, slug).verdict, moment)


@bp.route("/samples/<game:game>/<string:slug>/log.json")
@guards.views_limit(guards.a_sample_view)
def sample_log(game: str, slug: str):
    """A sample's log as shipped; ``?download=1`` saves it as a file."""
    found = _sample(game, slug)
    return web.log_response(found.raw, f"{slug}.json")


# Before samples were named by their game, two games' samples shared one namespace (and one could take
# another's name); those addresses still lead to the same sample, permanently.
@bp.route("/samples/<string:slug>", defaults={"tail": ""})
@bp.route("/samples/<string:slug>/<any('moments.json', 'log.json', edit):tail>")
@bp.route("/samples/<string:slug>/g/<int:number>", defaults={"tail": ""})
@bp.route("/samples/<string:slug>/g/<int:number>/<any('moments.json'):tail>")
def legacy_sample(slug: str, tail: str, number: int | None = None):
    found = web.services().legacy.get(slug)
    if found is None:
        abort(404, _("There is no sample game by this name."))
    target = url_for("pages.sample", game=found.game, slug=found.slug, number=number)
    query = request.query_string.decode("latin-1")
    return redirect(target + (f"/{tail}" if tail else "") + (f"?{query}" if query else ""), code=308)


def _edit(raw: bytes, title: str, back: str, game_id: str | None):
    form = UploadForm(formdata=None, text=raw.decode("utf-8", "replace"))
    engine = verdicts.by_id(game_id) if game_id else None
    format_url = url_for("pages.log_format", game_id=engine.id) if engine else url_for("pages.rules_index")
    return render_template("edit.html", form=form, title=title, back=back, limit=_limit(), format_url=format_url)


@bp.route("/samples/<game:game>/<string:slug>/edit")
@guards.views_limit(guards.a_sample_view)
def edit_sample(game: str, slug: str):
    found = _sample(game, slug)
    return _edit(found.raw, found.title_in(i18n.language()), url_for("pages.sample", game=game, slug=slug), found.game)


@bp.route("/games/<string:game_id>/edit")
@guards.views_limit()
def edit_game(game_id: str):
    record = _record(game_id)
    title, _notes = _title_and_notes(web.stored_verdict(record).report)
    return _edit(record.log, title, url_for("pages.game", game_id=game_id), record.game)


@bp.route("/api")
@bp.route("/api/v1")
def api_home():
    """The API's own address, typed by hand, leads to its documentation."""
    return redirect(url_for("pages.api_docs"), 301)


@bp.route("/api/v1/docs")
def api_docs():
    spec = current_app.extensions["card_replay_api"].spec.to_dict()
    operations = []
    for path, item in spec.get("paths", {}).items():
        for method, operation in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            responses = [{"status": status, "description": response.get("description", ""),
                          "schemas": openapi.schema_names(response.get("content", {}), spec)}
                         for status, response in sorted(operation.get("responses", {}).items())
                         if status != "default"]
            body = (operation.get("requestBody") or {}).get("content", {})
            operations.append({"method": method.upper(), "path": path, "summary": operation.get("summary", ""),
                               "description": operation.get("description", ""), "responses": responses,
                               "body": list(body), "body_schemas": openapi.schema_names(body, spec),
                               "id": f"{method}-{path}".replace("/", "-").strip("-")})
    names = ", ".join(str(i18n.localized(engine.name)) for engine in verdicts.engines().values())
    return render_template("api_docs.html", operations=operations, info=spec.get("info", {}), game_names=names,
                           spec_url=url_for("api-docs.openapi_json"), limit=_limit())

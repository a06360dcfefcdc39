"""The web pages: upload form, sample gallery, analysis pages (single game and match), API docs page,
and plotly.js served from the installed plotly package.

Each view loads what it needs, validates through the same path as the API (``api.check``/``api.store``)
and hands the template ready-made values: figures as plain dicts for a JSON data block, per-trick rows,
findings with their links. Templates only place them; ``static/charts.js`` draws the charts and
``static/board.js`` the table view.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from flask import Blueprint, Response, abort, current_app, redirect, render_template, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import TextAreaField

import api as web
from api import assets, games, guards, markdown, samples
from api.adapters import finding_anchor

bp = Blueprint("pages", __name__)

PLOTLY_VERSION = assets.PLOTLY.version


class UploadForm(FlaskForm):
    file = FileField("Upload a log file")
    text = TextAreaField("…or paste the JSON")

    def raw(self) -> bytes | None:
        """The submitted log, from the file or the text area; ``None`` when both are empty. Both at once is
        ambiguous, and silently taking one would validate what the user did not mean: ``TwoLogs``."""
        data = b""
        if self.file.data and getattr(self.file.data, "filename", ""):
            data = self.file.data.read()
        text = self.text.data or ""
        if data and text.strip():
            raise TwoLogs("You chose a file and pasted text: validate one of them (clear the other).")
        if data:
            return data
        return text.encode("utf-8", "surrogatepass") if text.strip() else None


class TwoLogs(ValueError):
    """Both a file and pasted text were sent."""


@bp.app_template_filter("data_json")
def data_json(value: object) -> Markup:
    """A JSON data block as small as it can be: no spaces, and UTF-8 text as it is."""
    # Every "<" escaped (the same JSON): no text from a log can end the block or open a tag in it.
    return Markup(json.dumps(value, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c"))


def moments(verdict: games.Verdict, report: dict) -> dict:
    """What the analysis board walks, fetched by the page once it shows (``…/moments.json``): the steps and
    the table view. A long session has hundreds of moments; kept out of the HTML, they cost the page's first
    paint nothing, and the browser keeps them for the next visit."""
    adapter = verdict.adapter
    timeline = adapter.timeline(report)
    return {"steps": adapter.steps(timeline), "board": _board(adapter.table(report, timeline))}


def _board(table: dict | None) -> dict | None:
    """The table view without its moments' empty fields: a long game has hundreds of moments, and the board
    script reads a missing field as an empty one."""
    if table is None:
        return None
    moments = {step: {key: field for key, field in moment.items() if field not in ([], {}, None)}
               for step, moment in table["moments"].items()}
    return {**table, "moments": moments}


def _gallery() -> list[dict]:
    """The samples grouped by game: ``[{"name": game name, "samples": [summary + url, …]}]``."""
    return [{"name": name, "samples": [{**sample.summary(), "url": url_for("pages.sample", slug=sample.slug)}
                                       for sample in group]}
            for name, group in samples.by_game(web.services().samples)]


def _games() -> list[dict]:
    return [{"id": engine.id, "name": engine.name, "description": engine.description,
             "players": engine.players, "rules": url_for("pages.rules", game_id=engine.id),
             "format": url_for("pages.log_format", game_id=engine.id)}
            for engine in games.engines().values()]


@bp.route("/", methods=["GET", "POST"])
@guards.uploads_limit(methods=["POST"])
def index():
    form = UploadForm()
    problem, findings, status = None, [], 200
    if form.validate_on_submit():
        try:
            raw = form.raw()
        except TwoLogs as error:
            raw, problem, status = None, str(error), 400
        if raw is None:
            problem, status = problem or "Choose a log file or paste a log first.", status if problem else 400
        else:
            try:
                _verdict, record = web.store(raw)
            except web.NotJSON as error:
                problem, status = str(error), 400
            except web.NotALog as error:
                problem, status = f"{error} Its shape has these problems:", 422
                findings = _located(error.findings, error.verdict.units)
            else:
                return redirect(url_for("pages.game", game_id=record.id), code=303)
    return render_template("index.html", form=form, problem=problem, findings=findings, groups=_gallery(),
                           games=_games(), limit=_limit()), status


def _limit() -> int:
    return current_app.config["MAX_CONTENT_LENGTH"]


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge):
    """An upload over the limit: the form again, saying what the limit is (the refused body is not read)."""
    problem = (f"That log is larger than {_limit() / 1048576:.1f} MiB, the most this service accepts; "
               "nothing was stored.")
    return render_template("index.html", form=UploadForm(formdata=None), problem=problem, findings=[],
                           groups=_gallery(), games=_games(), limit=_limit()), 413


@bp.route("/samples")
def gallery():
    return render_template("samples.html", groups=_gallery())


def _document(game_id: str, folder: str) -> str:
    if games.by_id(game_id) is None:
        abort(404, "This service has no game by that name.")
    path = web.resource_dir("docs") / "games" / game_id / folder
    if not path.is_file():
        abort(404, "This game has no such page yet.")
    return path.read_text(encoding="utf-8")


@bp.route("/rules")
def rules_index():
    return render_template("rules_index.html", games=_games())


@bp.route("/rules/<string:game_id>")
def rules(game_id: str):
    """A game's rules and rulings: ``docs/games/<game>/rulings.md`` itself."""
    text = _document(game_id, "rulings.md")
    return render_template("document.html", blocks=markdown.blocks(text), engine=games.by_id(game_id),
                           title="Rules and rulings")


@bp.route("/format/<string:game_id>")
def log_format(game_id: str):
    """How to write a log of a game: ``docs/games/<game>/format.md`` itself."""
    text = _document(game_id, "format.md")
    return render_template("document.html", blocks=markdown.blocks(text), engine=games.by_id(game_id),
                           title="Log format")


def _banner(report: dict, findings: list[dict] | None = None) -> dict:
    if findings is None:
        findings = [*report.get("errors", []), *report.get("warnings", [])]
    errors = sum(finding.get("severity") == "error" for finding in findings)
    return {"valid": errors == 0, "complete": bool(report.get("complete")), "errors": errors,
            "warnings": len(findings) - errors}


def innermost(anchor: str, step_ids: set[str]) -> str | None:
    """The innermost moment holding a position: ``round-2-trick-3-play-4`` lies in ``round-2-trick-3``."""
    parts = anchor.split("-")
    while parts:
        if "-".join(parts) in step_ids:
            return "-".join(parts)
        del parts[-2:]
    return None


def _located(findings: list[dict], units: tuple[str, ...], part_unit: str | None = None,
             part_url: Callable[[int], str] | None = None, step_ids: set[str] | None = None,
             target: Callable[[dict], str | None] | None = None) -> list[dict]:
    """Findings with their position in words, their units, and the link that selects their moment (on this
    page, among ``step_ids``, or on their part's page when ``part_url`` is given). A finding outside every
    moment links to where the game's adapter says it can be seen (``target``): the deal, the result."""
    shown = []
    for finding in findings:
        numbers = {unit: finding[unit] for unit in units if isinstance(finding.get(unit), int)}
        where = ", ".join(f"{unit} {number}" for unit, number in numbers.items())
        if finding.get("player"):
            where = f"{where} ({finding['player']})" if where else str(finding["player"])
        anchor = finding_anchor(finding, units, skip=part_unit if part_url else None)
        part = numbers.get(part_unit) if part_unit else None
        if part_url is not None and part is not None:
            href = part_url(part) + (f"#{anchor}" if anchor else "")
        elif step_ids is not None:
            # A moment on the page, else where the adapter shows it; a position with neither links nowhere.
            place = (innermost(anchor, step_ids) if anchor else None) or (target(finding) if target else None)
            href = f"#{place}" if place else None
            anchor = anchor or place or ""
        else:
            href = f"#{anchor}" if anchor else None
        shown.append({**finding, "where": where or finding.get("path") or "whole log", "numbers": numbers,
                      "anchor": anchor, "href": href})
    return sorted(shown, key=lambda finding: finding.get("severity") != "error")


def _part_findings(whole: dict, number: int, part: dict, part_unit: str) -> list[dict]:
    """A part's own findings plus the whole document's findings about it (e.g. the dealer's rotation)."""
    own = [*part.get("errors", []), *part.get("warnings", [])]
    seen = {(f["code"], f["message"]) for f in own}
    extra = [{key: value for key, value in finding.items() if key != part_unit}
             for finding in [*whole.get("errors", []), *whole.get("warnings", [])]
             if finding.get(part_unit) == number and (finding["code"], finding["message"]) not in seen]
    return own + extra


def _by_id(figures: list[dict]) -> dict[str, dict]:
    return {chart["id"]: chart["figure"] for chart in figures}


def _eyebrow(verdict: games.Verdict, report: dict) -> str:
    return " · ".join([verdict.name, *verdict.adapter.facts(report)])


def render_game(verdict: games.Verdict, report: dict, *, title: str, notes: str | None, source: dict,
                crumbs: list[dict], findings: list[dict] | None = None) -> str:
    adapter = verdict.adapter
    shown = findings if findings is not None else [*report.get("errors", []), *report.get("warnings", [])]
    timeline = adapter.timeline(report)
    figures = adapter.figures(report)
    steps = adapter.steps(timeline)
    located = _located(shown, verdict.units, step_ids={step["id"] for step in steps}, target=adapter.target)
    return render_template(
        "game.html", title=title, notes=notes, source=source, crumbs=crumbs, report=report,
        banner=_banner(report, shown), findings=located, timeline=timeline,
        steps=steps, figures=figures, figures_by_id=_by_id(figures), board=adapter.table(report, timeline),
        key_moments=adapter.key_moments(report, timeline), step_unit=verdict.units[-2] if len(verdict.units) > 1
        else "step",
        standings=adapter.standings(report),
        partial=adapter.partial, eyebrow=_eyebrow(verdict, report), plotly_version=PLOTLY_VERSION)


def render_parts(verdict: games.Verdict, parts: list[dict | None], *, title: str, notes: str | None,
                 source: dict, part_url: Callable[[int], str]) -> str:
    adapter, report = verdict.adapter, verdict.report
    figures = adapter.overview_figures(report)
    rows = []
    for number, part in enumerate(parts, start=1):
        rows.append({"number": number, "url": part_url(number), "readable": part is not None,
                     **(_banner(part) if part else {}),
                     "standings": adapter.standings(part) if part else None})
    findings = _located([*report.get("errors", []), *report.get("warnings", [])], verdict.units,
                        adapter.part_unit, part_url)
    return render_template(
        "parts.html", title=title, notes=notes, source=source, report=report, banner=_banner(report),
        findings=findings, parts=rows, part_name=adapter.part_unit.capitalize(), figures=figures,
        figures_by_id=_by_id(figures), standings=adapter.standings(report),
        eyebrow=_eyebrow(verdict, report), plotly_version=PLOTLY_VERSION)


def _shown_report(verdict: games.Verdict, number: int | None) -> dict | None:
    """The report a game page shows: the document's, or its part ``number``; ``None`` for the overview of a
    document of several games, which has no moments of its own."""
    if verdict.adapter.parts(verdict.report) is None:
        if number is not None:
            abort(404, "A single game has no numbered parts.")
        return verdict.report
    if number is None:
        return None
    part = web.part_of(verdict, number)
    if part is None:
        abort(404, f"This document has no readable {verdict.adapter.part_unit} {number}.")
    return part


def _moments_response(verdict: games.Verdict, number: int | None) -> Response:
    report = _shown_report(verdict, number)
    if report is None:
        abort(404, f"An overview has no moments of its own: each {verdict.adapter.part_unit} has its own.")
    raw = json.dumps(moments(verdict, report), separators=(",", ":"), ensure_ascii=False).encode()
    # Revalidated on every visit (a stored game's report follows the rules of the day), a 304 when unchanged.
    return assets.send_bytes(raw, "application/json", "no-cache")


def _analysis(verdict: games.Verdict, *, title: str, notes: str | None, source: dict, base: str,
              number: int | None):
    """A report's page: the overview of a document of several games, one of them (``number``), or a game."""
    report = verdict.report
    shown = _shown_report(verdict, number)
    parts = verdict.adapter.parts(report)
    if parts is None:
        return render_game(verdict, report, title=title, notes=notes, source=source, crumbs=[])

    def part_url(n: int) -> str:
        return f"{base}/g/{n}"

    if shown is None:
        return render_parts(verdict, parts, title=title, notes=notes, source=source, part_url=part_url)
    unit = verdict.adapter.part_unit
    crumbs = [{"label": title, "url": base}]
    if number > 1:
        crumbs.append({"label": f"‹ {unit} {number - 1}", "url": part_url(number - 1), "rel": "prev"})
    crumbs.append({"label": f"{unit.capitalize()} {number} of {len(parts)}"})
    if number < len(parts):
        crumbs.append({"label": f"{unit} {number + 1} ›", "url": part_url(number + 1), "rel": "next"})
    return render_game(verdict, shown, title=f"{title} · {unit} {number}", notes=None, source=source,
                       crumbs=crumbs, findings=_part_findings(verdict.report, number, shown, unit))


def _title_and_notes(report: dict) -> tuple[str, str | None]:
    meta = report.get("meta") if isinstance(report.get("meta"), dict) else {}
    title = meta.get("title") if isinstance(meta.get("title"), str) and meta["title"].strip() else "Uploaded game"
    notes = meta.get("notes") if isinstance(meta.get("notes"), str) else None
    return title, notes


@bp.route("/games/<string:game_id>")
@bp.route("/games/<string:game_id>/g/<int:number>")
def game(game_id: str, number: int | None = None):
    record = web.services().repository.get(game_id)
    if record is None:
        abort(404, "No stored game has this address; check the link.")
    verdict = web.stored_verdict(record)
    title, notes = _title_and_notes(verdict.report)
    source = {"log": url_for("api_v1.stored_log", game_id=game_id),
              "json": url_for("api_v1.stored_game", game_id=game_id),
              "timeline": url_for("api_v1.stored_timeline", game_id=game_id),
              "edit": url_for("pages.edit_game", game_id=game_id),
              "moments": url_for("pages.game_moments", game_id=game_id, number=number)}
    if number is not None:
        source["json"] = url_for("api_v1.stored_part", game_id=game_id, number=number)
    base = url_for("pages.game", game_id=game_id)
    return _analysis(verdict, title=title, notes=notes, source=source, base=base, number=number)


@bp.route("/games/<string:game_id>/moments.json")
@bp.route("/games/<string:game_id>/g/<int:number>/moments.json")
def game_moments(game_id: str, number: int | None = None):
    record = web.services().repository.get(game_id)
    if record is None:
        abort(404, "No stored game has this address; check the link.")
    return _moments_response(web.stored_verdict(record), number)


def _sample(slug: str) -> samples.Sample:
    found = web.services().samples.get(slug)
    if found is None:
        abort(404, "There is no sample game by this name.")
    return found


@bp.route("/samples/<string:slug>")
@bp.route("/samples/<string:slug>/g/<int:number>")
def sample(slug: str, number: int | None = None):
    found = _sample(slug)
    source = {"json": url_for("api_v1.sample", slug=slug), "log": url_for("pages.sample_log", slug=slug),
              "edit": url_for("pages.edit_sample", slug=slug),
              "moments": url_for("pages.sample_moments", slug=slug, number=number)}
    if number is not None:
        source["json"] = url_for("api_v1.sample_part", slug=slug, number=number)
    return _analysis(found.verdict, title=found.title, notes=found.notes, source=source,
                     base=url_for("pages.sample", slug=slug), number=number)


@bp.route("/samples/<string:slug>/moments.json")
@bp.route("/samples/<string:slug>/g/<int:number>/moments.json")
def sample_moments(slug: str, number: int | None = None):
    return _moments_response(_sample(slug).verdict, number)


@bp.route("/samples/<string:slug>/log.json")
def sample_log(slug: str):
    """A sample's log as shipped; ``?download=1`` saves it as a file."""
    found = _sample(slug)
    return web.log_response(found.raw, f"{slug}.json")


def _edit(raw: bytes, title: str, back: str, game_id: str | None):
    form = UploadForm(formdata=None, text=raw.decode("utf-8", "replace"))
    engine = games.by_id(game_id) if game_id else None
    format_url = url_for("pages.log_format", game_id=engine.id) if engine else url_for("pages.rules_index")
    return render_template("edit.html", form=form, title=title, back=back, limit=_limit(), format_url=format_url)


@bp.route("/samples/<string:slug>/edit")
def edit_sample(slug: str):
    found = _sample(slug)
    return _edit(found.raw, found.title, url_for("pages.sample", slug=slug), found.game)


@bp.route("/games/<string:game_id>/edit")
def edit_game(game_id: str):
    record = web.services().repository.get(game_id)
    if record is None:
        abort(404, "No stored game has this address; check the link.")
    title, _notes = _title_and_notes(web.stored_verdict(record).report)
    return _edit(record.log, title, url_for("pages.game", game_id=game_id), record.game)


@bp.route("/api/v1/docs")
def api_docs():
    spec = current_app.extensions["card_replay_api"].spec.to_dict()
    operations = []
    for path, item in spec.get("paths", {}).items():
        for method, operation in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            responses = [{"status": status, "description": response.get("description", ""),
                          "schemas": _schema_names(response.get("content", {}))}
                         for status, response in sorted(operation.get("responses", {}).items())
                         if status != "default"]
            body = (operation.get("requestBody") or {}).get("content", {})
            operations.append({"method": method.upper(), "path": path, "summary": operation.get("summary", ""),
                               "description": operation.get("description", ""), "responses": responses,
                               "body": list(body), "body_schemas": _schema_names(body),
                               "id": f"{method}-{path}".replace("/", "-").strip("-")})
    info = spec.get("info", {})
    return render_template("api_docs.html", operations=operations, info=info,
                           spec_url=url_for("api-docs.openapi_json"))


def _schema_names(content: dict) -> list[str]:
    """The component names a response or body refers to, e.g. ``Report`` and ``MatchReport``."""
    names = []
    for media in content.values():
        schema = media.get("schema") or {}
        for ref in [schema, *schema.get("oneOf", []), schema.get("items") or {}]:
            if isinstance(ref, dict) and "$ref" in ref:
                names.append(ref["$ref"].rsplit("/", 1)[-1])
    return list(dict.fromkeys(names))

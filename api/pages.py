"""The web pages: upload form, sample gallery, analysis pages (single game and match), API docs page,
and plotly.js served from the installed plotly package.

Each view loads what it needs, validates through the same path as the API (``api.check``/``api.store``)
and hands the template ready-made values: figures as plain dicts for a JSON data block, per-trick rows,
findings with their links. Templates only place them; ``static/app.js`` draws the charts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import plotly
from flask import Blueprint, abort, current_app, redirect, render_template, send_file, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup, escape
from plotly.offline import get_plotlyjs_version
from wtforms import TextAreaField

import api as web
from api import games, guards

bp = Blueprint("pages", __name__)

PLOTLY_VERSION = get_plotlyjs_version()  # of plotly.js itself, not of the Python package
PLOTLY_JS = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
ONE_YEAR = 31536000


class UploadForm(FlaskForm):
    file = FileField("Upload a log file")
    text = TextAreaField("…or paste the JSON")

    def raw(self) -> bytes | None:
        """The submitted log: the file wins over the text area; ``None`` when both are empty."""
        if self.file.data and getattr(self.file.data, "filename", ""):
            data = self.file.data.read()
            if data:
                return data
        text = self.text.data or ""
        return text.encode("utf-8", "surrogatepass") if text.strip() else None


def _gallery() -> list[dict]:
    return [{**sample.summary(), "url": url_for("pages.sample", slug=slug)}
            for slug, sample in web.services().samples.items()]


@bp.route("/", methods=["GET", "POST"])
@guards.limiter.limit(guards.upload_rate, methods=["POST"])
def index():
    form = UploadForm()
    problem, findings, status = None, [], 200
    if form.validate_on_submit():
        raw = form.raw()
        if raw is None:
            problem, status = "Choose a log file or paste a log first.", 400
        else:
            try:
                _verdict, record = web.store(raw)
            except web.NotJSON as error:
                problem, status = str(error), 400
            except web.NotALog as error:
                problem, findings, status = f"{error} Its shape has these problems:", error.findings, 422
            else:
                return redirect(url_for("pages.game", game_id=record.id), code=303)
    return render_template("index.html", form=form, problem=problem, findings=findings, samples=_gallery()), status


@bp.route("/samples")
def gallery():
    return render_template("samples.html", samples=_gallery())


# The "Rules and rulings" page is docs/RULINGS.md itself, so page and document never differ. Only the few
# Markdown forms that file uses are understood: headings, "-" lists with continuation lines, paragraphs,
# **bold** and `code`; everything is escaped first.
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CODE = re.compile(r"`(.+?)`")


def _inline(text: str) -> Markup:
    html = str(escape(text))
    html = _CODE.sub(r"<code>\1</code>", html)
    return Markup(_BOLD.sub(r"<strong>\1</strong>", html))


def rule_blocks(markdown: str) -> list[dict]:
    """``[{"kind": "title" | "heading" | "paragraph" | "list", "text": Markup, "items": [Markup]}]``."""
    found: list[dict] = []
    for chunk in re.split(r"\n\s*\n", markdown.strip()):
        lines = chunk.splitlines()
        first = lines[0]
        if first.startswith("## "):
            found.append({"kind": "heading", "text": _inline(first[3:])})
        elif first.startswith("# "):
            found.append({"kind": "title", "text": _inline(first[2:])})
        elif first.startswith("- "):
            items: list[str] = []
            for line in lines:
                if line.startswith("- "):
                    items.append(line[2:])
                else:
                    items[-1] += " " + line.strip()
            found.append({"kind": "list", "items": [_inline(item) for item in items]})
        else:
            found.append({"kind": "paragraph", "text": _inline(" ".join(line.strip() for line in lines))})
    return found


RULINGS = Path(__file__).resolve().parent.parent / "docs" / "RULINGS.md"


@bp.route("/rules")
def rules():
    return render_template("rules.html", blocks=rule_blocks(RULINGS.read_text(encoding="utf-8")))


def _banner(report: dict) -> dict:
    errors, warnings = len(report.get("errors", [])), len(report.get("warnings", []))
    return {"valid": bool(report.get("valid")), "complete": bool(report.get("complete")), "errors": errors,
            "warnings": warnings}


def _findings(findings: list[dict], link_for_game: Callable[[int], str] | None = None) -> list[dict]:
    """Findings with the link that selects their trick (on this page, or on their game's page)."""
    shown = []
    for finding in findings:
        trick, game = finding.get("trick"), finding.get("game")
        anchor = f"#trick-{trick}" if isinstance(trick, int) else ""
        on_its_game_page = link_for_game is not None and isinstance(game, int)
        href = link_for_game(game) + anchor if on_its_game_page else anchor or None
        shown.append({**finding, "href": href})
    return shown


def _game_findings(match: dict, number: int, game: dict) -> list[dict]:
    """A match game's own findings plus the match findings about it (e.g. the dealer's rotation)."""
    own = [*game.get("errors", []), *game.get("warnings", [])]
    seen = {(f["code"], f["message"]) for f in own}
    extra = [{key: value for key, value in finding.items() if key != "game"}
             for finding in [*match.get("errors", []), *match.get("warnings", [])]
             if finding.get("game") == number and (finding["code"], finding["message"]) not in seen]
    return own + extra


def render_game(support: games.GameSupport, report: dict, *, title: str, notes: str | None, source: dict,
                crumbs: list[dict], findings: list[dict] | None = None):
    findings = findings if findings is not None else [*report.get("errors", []), *report.get("warnings", [])]
    ordered = sorted(_findings(findings), key=lambda f: (f.get("severity") != "error",))
    banner = {**_banner(report), "errors": sum(f.get("severity") == "error" for f in findings),
              "warnings": sum(f.get("severity") != "error" for f in findings)}
    banner["valid"] = banner["errors"] == 0
    timeline = support.timeline(report)
    return render_template(
        "game.html", title=title, notes=notes, source=source, crumbs=crumbs, report=report, banner=banner,
        findings=ordered, timeline=timeline, figures=support.game_figures(report), plotly_version=PLOTLY_VERSION,
        result=report.get("result") or {}, game_name=support.name)


def render_match(support: games.GameSupport, report: dict, *, title: str, notes: str | None, source: dict,
                 game_url: Callable[[int], str]) -> str:
    games_list = []
    for number, game in enumerate(report.get("games") or [], start=1):
        games_list.append({"number": number, "url": game_url(number), "readable": game is not None,
                           **(_banner(game) if game else {}),
                           "scores": ((game or {}).get("result") or {}).get("scores", {}),
                           "winners": ((game or {}).get("result") or {}).get("winners", [])})
    findings = _findings([*report.get("errors", []), *report.get("warnings", [])], game_url)
    return render_template(
        "match.html", title=title, notes=notes, source=source, report=report, banner=_banner(report),
        findings=findings, games=games_list, figures=support.match_figures(report), plotly_version=PLOTLY_VERSION,
        result=report.get("result") or {}, game_name=support.name)


def _analysis(verdict: games.Verdict, *, title: str, notes: str | None, source: dict, base: str, number: int | None):
    """A report's page: the match overview, one game of a match (``number``), or a single game."""
    report = verdict.report
    if report.get("kind") != "match":
        if number is not None:
            abort(404, "A single game has no numbered games.")
        return render_game(verdict.support, report, title=title, notes=notes, source=source, crumbs=[])

    def game_url(n: int) -> str:
        return f"{base}/g/{n}"

    if number is None:
        return render_match(verdict.support, report, title=title, notes=notes, source=source, game_url=game_url)
    matches = report.get("games") or []
    if not 1 <= number <= len(matches) or matches[number - 1] is None:
        abort(404, f"This match has no readable game {number}.")
    game = matches[number - 1]
    crumbs = [{"label": title, "url": base}]
    return render_game(verdict.support, game, title=f"{title} · game {number}", notes=None, source=source,
                       crumbs=crumbs, findings=_game_findings(report, number, game))


@bp.route("/games/<string:game_id>")
@bp.route("/games/<string:game_id>/g/<int:number>")
def game(game_id: str, number: int | None = None):
    record = web.services().repository.get(game_id)
    if record is None:
        abort(404, "No stored game has this address; check the link.")
    verdict = web.stored_verdict(record)
    meta = verdict.report.get("meta") or {}
    title = meta.get("title") if isinstance(meta.get("title"), str) else "Uploaded game"
    notes = meta.get("notes") if isinstance(meta.get("notes"), str) else None
    source = {"log": url_for("api_v1.stored_log", game_id=game_id),
              "json": url_for("api_v1.stored_game", game_id=game_id),
              "timeline": url_for("api_v1.stored_timeline", game_id=game_id)}
    base = url_for("pages.game", game_id=game_id)
    return _analysis(verdict, title=title, notes=notes, source=source, base=base, number=number)


@bp.route("/samples/<string:slug>")
@bp.route("/samples/<string:slug>/g/<int:number>")
def sample(slug: str, number: int | None = None):
    found = web.services().samples.get(slug)
    if found is None:
        abort(404, "There is no sample game by this name.")
    source = {"json": url_for("api_v1.sample", slug=slug)}
    return _analysis(found.verdict, title=found.title, notes=found.notes, source=source,
                     base=url_for("pages.sample", slug=slug), number=number)


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


@bp.route("/vendor/plotly-<string:version>.min.js")
def plotly_js(version: str):
    """plotly.js from the installed package; the version in the URL makes a year of caching safe."""
    if version != PLOTLY_VERSION:
        abort(404, "This plotly.js version is not served here.")
    response = send_file(PLOTLY_JS, mimetype="text/javascript", max_age=ONE_YEAR, conditional=True)
    response.headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    return response

"""The analysis pages: a game's page (verdict, standings, findings placed on their moments, charts, the
game's list of moments), the overview of a document of several games, and the moments the analysis board
fetches once a page shows (``…/moments.json``: steps and table view, kept out of the HTML).

Every function takes a validated ``verdicts.Verdict`` and hands templates ready-made values; the routes that
find the verdict (a stored game, a sample) live in ``api.pages``.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable

from flask import Response, abort, render_template
from flask_babel import gettext as _
from flask_babel import ngettext

import api as web
from api import assets, i18n, listings, verdicts
from api.adapters import finding_anchor
from api.adapters.wording import title

PLOTLY_VERSION = assets.PLOTLY.version


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


def located(findings: list[dict], units: tuple[str, ...], part_unit: str | None = None,
             part_url: Callable[[int], str] | None = None, step_ids: set[str] | None = None,
             target: Callable[[dict], str | None] | None = None, engine=None) -> list[dict]:
    """Findings with their position in words, their units, and the link that selects their moment (on this
    page, among ``step_ids``, or on their part's page when ``part_url`` is given). A finding outside every
    moment links to where the game's adapter says it can be seen (``target``): the deal, the result."""
    shown = []
    for finding in findings:
        numbers = {unit: finding[unit] for unit in units if isinstance(finding.get(unit), int)}
        where = i18n.where(numbers.items(), engine)
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
        # A finding placed by its path alone shows the path once, beside it, not again as its place.
        shown.append({**finding, "where": where or ("" if finding.get("path") else _("whole log")),
                      "numbers": numbers, "anchor": anchor, "href": href, "title": title(finding.get("code", ""))})
    return sorted(shown, key=lambda finding: finding.get("severity") != "error")


def grouped(findings: list[dict]) -> list[dict]:
    """The findings by code, in the order codes first appear, each group with its title and count; the page
    groups them (and offers a filter by code) once there are more than ``GROUP_FROM``."""
    groups: dict[str, dict] = {}
    for finding in findings:
        code = finding.get("code", "")
        group = groups.setdefault(code, {"code": code, "title": title(code), "severity": finding.get("severity"),
                                         "findings": []})
        group["findings"].append(finding)
    return list(groups.values()) if len(findings) > GROUP_FROM else []


GROUP_FROM = 6


def outer_unit(step_ids: list[str]) -> str | None:
    """The unit the round keys and buttons jump by (PageUp/PageDown): the outermost of moments two units deep
    or more (``round`` of ``round-2-trick-3-play-4``, ``race`` of ``race-3-turn-2``), none where every moment
    is one unit deep. A phone has no keys: the buttons are its way from race to race."""
    deep = next((step for step in step_ids if step.count("-") >= 3), None)
    return deep.split("-")[0] if deep else None


def preview(verdict: verdicts.Verdict, report: dict, banner: dict) -> str:
    """The one-line description a link preview (Open Graph) shows: the game and the verdict."""
    counts = _("%(errors)s, %(warnings)s", errors=ngettext("%(num)s error", "%(num)s errors", banner["errors"]),
               warnings=ngettext("%(num)s warning", "%(num)s warnings", banner["warnings"]))
    if banner["valid"]:
        return _("%(game)s: valid, %(counts)s.", game=_eyebrow(verdict, report), counts=counts)
    return _("%(game)s: invalid, %(counts)s.", game=_eyebrow(verdict, report), counts=counts)


def _part_findings(whole: dict, number: int, part: dict, part_unit: str) -> list[dict]:
    """A part's own findings plus the whole document's findings about it (e.g. the dealer's rotation)."""
    own = [*part.get("errors", []), *part.get("warnings", [])]
    seen = {(f["code"], f["message"]) for f in own}
    extra = [{key: value for key, value in finding.items() if key != part_unit}
             for finding in [*whole.get("errors", []), *whole.get("warnings", [])]
             if finding.get(part_unit) == number and (finding["code"], finding["message"]) not in seen]
    return own + extra


def _eyebrow(verdict: verdicts.Verdict, report: dict) -> str:
    # Each part said in the reader's language before joining (a joined Text would stay English).
    return " · ".join(str(i18n.localized(part)) for part in [verdict.name, *verdict.adapter.facts(report)])


def render_game(verdict: verdicts.Verdict, report: dict, *, title: str, notes: str | None, source: dict,
                crumbs: list[dict], findings: list[dict] | None = None, number: int | None = None) -> str:
    adapter = verdict.adapter
    shown = findings if findings is not None else [*report.get("errors", []), *report.get("warnings", [])]
    # the moments are worked out only for what is not kept: a stored game's page needs none on a later view
    timeline = functools.cache(lambda: adapter.timeline(report))
    moments = listings.moments(verdict.key, number, adapter, report, timeline, verdict.shelf)
    ids = moments["ids"]
    placed = located(shown, verdict.units, step_ids=set(ids), target=adapter.target, engine=verdict.engine)
    banner = _banner(report, shown)
    better = verdict.whatif_summary() if number is None else None
    order = {step: position for position, step in enumerate(ids)}
    key_moments = sorted(moments["key_moments"] + (better["moments"] if better else []),
                         key=lambda moment: order.get(moment["step"], len(order)))
    return render_template(
        "game.html", title=title, notes=notes, source=source, crumbs=crumbs, report=report,
        banner=banner, findings=placed, finding_groups=grouped(placed),
        walkable=any(finding["href"] for finding in placed), rounds=i18n.unit_name(outer_unit(ids), verdict.engine),
        preview=preview(verdict, report, banner),
        steps=bool(ids), figures=moments["charts"], figures_json=moments["figures_json"],
        board=verdict.board_head(report, timeline, number),
        key_moments=key_moments, whatif_note=(better or {}).get("note"),
        step_help=i18n.step_help(verdict.units[-2] if len(verdict.units) > 1 else "step",
                                                        verdict.engine),
        standings=adapter.standings(report),
        listing=moments["listing"], eyebrow=_eyebrow(verdict, report), plotly_version=PLOTLY_VERSION,
        game_style=assets.game_file_url("game_style", verdict.engine))


def render_parts(verdict: verdicts.Verdict, parts: list[dict | None], *, title: str, notes: str | None,
                 source: dict, part_url: Callable[[int], str]) -> str:
    adapter, report = verdict.adapter, verdict.report
    charts = listings.charts(adapter.overview_figures(report))
    rows = []
    for number, part in enumerate(parts, start=1):
        rows.append({"number": number, "url": part_url(number), "readable": part is not None,
                     **(_banner(part) if part else {}),
                     "standings": adapter.standings(part) if part else None})
    findings = located([*report.get("errors", []), *report.get("warnings", [])], verdict.units,
                        adapter.part_unit, part_url, engine=verdict.engine)
    return render_template(
        "parts.html", title=title, notes=notes, source=source, report=report, banner=_banner(report),
        findings=findings, finding_groups=grouped(findings), preview=preview(verdict, report, _banner(report)),
        parts=rows, part_name=i18n.unit_name(adapter.part_unit, verdict.engine).capitalize(),
        parts_title=str(i18n.PARTS.get(adapter.part_unit, adapter.part_unit)), figures=charts["charts"],
        figures_json=charts["figures_json"], standings=adapter.standings(report),
        eyebrow=_eyebrow(verdict, report), plotly_version=PLOTLY_VERSION,
        game_style=assets.game_file_url("game_style", verdict.engine))


def shown_report(verdict: verdicts.Verdict, number: int | None) -> dict | None:
    """The report a game page shows: the document's, or its part ``number``; ``None`` for the overview of a
    document of several games, which has no moments of its own."""
    if verdict.adapter.parts(verdict.report) is None:
        if number is not None:
            abort(404, _("A single game has no numbered parts."))
        return verdict.report
    if number is None:
        return None
    part = web.part_of(verdict, number)
    if part is None:
        abort(404, _("This document has no readable %(part)s %(number)s.",
                     part=i18n.unit_name(verdict.adapter.part_unit, verdict.engine), number=number))
    return part


# moments.json of a real game is at most about 5.3 times its log (every sample, simulated games of every
# size); a log written to make the table view large (hundreds of plays in one race, each moment listing the
# cards in the middle) gets its steps without the table view rather than an answer of tens of megabytes.
MOMENTS_BASE = 256 * 1024
MOMENTS_PER_LOG_BYTE = 8


def moments_response(verdict: verdicts.Verdict, number: int | None, log_size: int | None = None) -> Response:
    """``…/moments.json``; with ``log_size``, at most ``MOMENTS_BASE`` plus ``MOMENTS_PER_LOG_BYTE`` bytes per
    byte of the log (the table view left out past it)."""
    report = shown_report(verdict, number)
    if report is None:
        abort(404, _("An overview has no moments of its own: each %(part)s has its own.",
                     part=i18n.unit_name(verdict.adapter.part_unit, verdict.engine)))
    shown = moments(verdict, report, number)
    raw = i18n.compact_json(shown).encode()
    if log_size is not None and len(raw) > MOMENTS_BASE + MOMENTS_PER_LOG_BYTE * log_size:
        raw = i18n.compact_json({**shown, "board": None}).encode()
    # Revalidated on every visit (a stored game's report follows the rules of the day), a 304 when unchanged.
    return assets.send_bytes(raw, "application/json", "no-cache")


def page(verdict: verdicts.Verdict, *, title: str, notes: str | None, source: dict, base: str,
         number: int | None):
    """A report's page: the overview of a document of several games, one of them (``number``), or a game."""
    report = verdict.report
    shown = shown_report(verdict, number)
    parts = verdict.adapter.parts(report)
    if parts is None:
        if verdict.adapter.branches:  # hypothetical branches start from a single game
            source = {**source, "branch": f"{base}/before/"}
        return render_game(verdict, report, title=title, notes=notes, source=source, crumbs=[])

    def part_url(n: int) -> str:
        return f"{base}/g/{n}"

    if shown is None:
        return render_parts(verdict, parts, title=title, notes=notes, source=source, part_url=part_url)
    unit = verdict.adapter.part_unit
    name = i18n.unit_name(unit, verdict.engine)  # "partita" in Italian, as the game calls it
    crumbs = [{"label": title, "url": base}]
    if number > 1:
        crumbs.append({"label": f"‹ {name} {number - 1}", "url": part_url(number - 1), "rel": "prev"})
    where = _("%(part)s %(number)s of %(count)s", part=name, number=number, count=len(parts))
    crumbs.append({"label": where[:1].upper() + where[1:]})
    if number < len(parts):
        crumbs.append({"label": f"{name} {number + 1} ›", "url": part_url(number + 1), "rel": "next"})
    return render_game(verdict, shown, title=f"{title} · {name} {number}", notes=None, source=source,
                       crumbs=crumbs, findings=_part_findings(verdict.report, number, shown, unit), number=number)


def log_before(verdict: verdicts.Verdict, moment: str) -> dict | None:
    """A single game's log up to the step at ``moment`` (its plays before it), where a hypothetical branch
    starts: the step itself is the one to try otherwise. A moment that is not a step of its own (the deal, a
    trick's outcome) branches at the next step, the game's last one at the step before it. ``None`` for an
    unknown moment or a game with no such step.
    ``played`` is the log just after that step, as the game went on: the choice that leads to it (that it
    contains) is the real play, which the branch marks among the others."""
    engine = verdict.engine
    if engine is None or not verdict.adapter.branches or verdict.adapter.parts(verdict.report) is not None:
        return None
    limits = engine.limits(verdict.settings) if verdict.settings else engine.default_limits
    ids = [step["id"] for step in verdict.adapter.steps(verdict.adapter.timeline(verdict.report))]
    if moment not in ids:  # before any replay: an unknown moment costs none
        return None
    anchors: list[str] = []
    engine.load(verdict.document, limits, observe=lambda anchor, _state: anchors.append(anchor))
    stepped = set(anchors)
    at = ids.index(moment)
    # the game's last moment (the last trick's outcome) has no step after it: its last play is the one tried
    target = next((step for step in ids[at:] if step and step in stepped), None) or \
        next((step for step in reversed(ids[:at]) if step and step in stepped), None)
    if target is None:
        return None
    previous = anchors[anchors.index(target) - 1]
    found: list[dict] = []
    played: list[dict] = []
    leads: list[bool] = []

    def keep(anchor: str, state) -> None:
        if anchor == previous and not found:
            found.append(state.to_log())
            # The log so far must lead to that step: straight there, through the table's chance step before it
            # (an Olympi draw named later), or through steps the board does not show apart (Dalmuti's
            # transfers, whose State names only the round), which the branch then offers first.
            leads.append(bool(state.chance) or target == state.moment or target.startswith(state.moment + "-"))
        elif anchor == target and found and not played:
            played.append(state.to_log())
            raise _Seen  # the rest of the log is not needed: a long log's request stops here

    with contextlib.suppress(_Seen):
        engine.load(verdict.document, limits, observe=keep)
    if not leads or not leads[0]:
        return None
    return {"moment": target, "log": found[0], "played": played[0] if played else None}


class _Seen(Exception):
    """Raised by ``log_before``'s observer once it has what it looks for."""


def before_response(verdict: verdicts.Verdict, moment: str) -> Response:
    found = log_before(verdict, moment)
    if found is None:
        abort(404, _("This game has no step at that moment to try otherwise."))
    return assets.send_bytes(i18n.compact_json(found).encode(), "application/json", "no-cache")


def moments(verdict: verdicts.Verdict, report: dict, number: int | None = None) -> dict:
    """What the analysis board walks, fetched by the page once it shows (``…/moments.json``): the steps and
    the table view. A long session has hundreds of moments: kept out of the HTML, they cost the page's first
    paint nothing, and a next visit revalidates them (a 304 when unchanged)."""
    adapter = verdict.adapter
    timeline = adapter.timeline(report)
    board = verdict.board(report, timeline, number)
    better = _better_plays(verdict, report, number)
    return {"steps": adapter.steps(timeline), "board": _board(board),
            **({"whatif": {"plays": better["plays"]}} if better else {})}


def _better_plays(verdict: verdicts.Verdict, report: dict, number: int | None) -> dict | None:
    """What other plays would have done, for a single game only (not a part of a match)."""
    return None if number is not None else verdict.better_plays()


def _board(table: dict | None) -> dict | None:
    """The table view without its moments' empty fields: a long game has hundreds of moments, and the board
    script reads a missing field as an empty one."""
    if table is None:
        return None
    trimmed = {step: {key: field for key, field in moment.items() if field not in ([], {}, None)}
               for step, moment in table["moments"].items()}
    return {**table, "moments": trimmed}

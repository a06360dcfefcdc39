"""What every game's charts share: the look of a figure (``base_layout``), the players' colours, the
colour of an error, and the escaping of text taken from a log.

Pure functions and constants for the adapters (no Plotly, no Flask): figures are plain dicts that
``plotly.graph_objects.Figure`` accepts, so a page view never imports plotly.
"""

from __future__ import annotations

from html import escape

from api.adapters.wording import title
from replaykit.words import CORE, Joined, Text, render, say

# One colour per seat, enough for the largest table a game's rules define (eight); distinct from the
# error colour and readable on white.
PLAYER_COLORS = ("#1f2937", "#e76f51", "#0891b2", "#a16207", "#db2777", "#4d7c0f", "#7c3aed", "#475569")
ERROR_COLOR = "#c0262d"
FONT = {"family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", "size": 13, "color": "#1f2937"}


def text(value: object) -> str:
    """Text from a log, safe in a figure: Plotly renders a small HTML subset and decodes entities. A sentence
    of ours (a catalogue's title) stays one, said in the reader's language."""
    return Shown(value) if isinstance(value, Text) else escape(str(value), quote=False)


class Shown(Text):
    """A sentence as a figure shows it: said in the reader's language, cut to ``limit`` characters and
    entity-escaped (Plotly renders its own small HTML subset), in English now and in any language later."""

    def __new__(cls, text: Text, limit: int | None = None) -> Shown:
        self = str.__new__(cls, escape(str(text)[:limit], quote=False))
        self.domain, self.template, self.plural, self.count = text.domain, text.template, text.plural, text.count
        self.params, self.inner, self.limit = text.params, text, limit
        return self

    def __reduce__(self):
        return Shown, (self.inner, self.limit)

    def translated(self, translations, languages) -> str:
        return escape(str(render(self.inner, languages))[:self.limit], quote=False)


class Capital(Text):
    """A sentence said with a capital first letter, in whatever language it is said (a finding's title, which
    the catalogues write to stand inside a sentence, at the head of a hover box's line)."""

    def __new__(cls, text: Text) -> Capital:
        self = str.__new__(cls, _capitalized(str(text)))
        self.domain, self.template, self.plural, self.count = text.domain, text.template, text.plural, text.count
        self.params, self.inner = text.params, text
        return self

    def __reduce__(self):
        return Capital, (self.inner,)

    def translated(self, translations, languages) -> str:
        return _capitalized(str(render(self.inner, languages)))


def _capitalized(said: str) -> str:
    return said[:1].upper() + said[1:]


def markup(template: str, **params: object) -> Text:
    """Markup and punctuation around sentences (``<br>``, ``<i>{note}</i>``): the same in every language,
    so nothing to translate, while the sentences inside are still said in the reader's language."""
    return Text(CORE, template, params)


BREAK = markup("<br>")  # between the lines of a hover box
ERROR_TEXT = 160  # characters of a finding a hover box shows
ERRORS_SHOWN = 6  # findings a hover box lists


def error_hover(findings: list[dict], heading: Text | None = None) -> Text:
    """A hover box of findings, ``title: message`` each (the code in words, as the key moments say it), under an
    optional bold heading."""
    lines = [Shown(say("{title}: {message}", title=_titled(finding.get("code", "")), message=finding.get("message")),
                   ERROR_TEXT) for finding in findings[:ERRORS_SHOWN]]
    return Joined([heading, *lines] if heading is not None else lines, BREAK, BREAK)


def _titled(code: str) -> object:
    found = title(code)
    return Capital(found) if isinstance(found, Text) else found


def player_color(seat: int) -> str:
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def base_layout(title: str, x_title: str | None, **extra: object) -> dict:
    """The look every chart shares: title left, legend below, white plot, hover boxes."""
    layout: dict = {
        "title": {"text": title, "x": 0, "xanchor": "left", "font": {"size": 16}},
        "font": FONT, "paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "#ffffff",
        "margin": {"l": 64, "r": 16, "t": 48, "b": 96}, "hovermode": "closest", "height": 380,
        "legend": {"orientation": "h", "y": -0.22, "yanchor": "top", "x": 0, "traceorder": "normal"},
        "hoverlabel": {"bgcolor": "#ffffff", "font": {"color": "#1f2937"}, "align": "left"},
    }
    if x_title is not None:
        layout["xaxis"] = {"title": {"text": x_title}, "dtick": 1, "gridcolor": "#eef0f3", "zeroline": False}
    layout.update(extra)
    return layout


def counting_axis(title: object) -> dict:
    """A y axis of points or cards that always shows 0, with room below it: a marker at 0 lies wholly inside
    the plot, where plotly takes its clicks and hovers (with ``rangemode: tozero`` the axis ended at 0 and the
    marker's lower half lay outside, taking no click)."""
    return {"title": {"text": title}, "gridcolor": "#eef0f3", "autorangeoptions": {"include": 0}}


def error_band(x: float, opacity: float = 0.1) -> dict:
    """A faint red band behind the moment at ``x`` on a timeline chart: something went wrong there."""
    return {"type": "rect", "xref": "x", "yref": "paper", "x0": x - 0.5, "x1": x + 0.5, "y0": 0, "y1": 1,
            "fillcolor": ERROR_COLOR, "opacity": opacity, "line": {"width": 0}, "layer": "below"}

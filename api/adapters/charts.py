"""What every game's charts share: the look of a figure (``base_layout``), the players' colours, the
colour of an error, and the escaping of text taken from a log.

Pure functions and constants for the adapters (no Plotly, no Flask): figures are plain dicts that
``plotly.graph_objects.Figure`` accepts, so a page view never imports plotly.
"""

from __future__ import annotations

from html import escape

# One colour per seat, enough for the largest table a game's rules define (eight); distinct from the
# error colour and readable on white.
PLAYER_COLORS = ("#1f2937", "#e76f51", "#0891b2", "#a16207", "#db2777", "#4d7c0f", "#7c3aed", "#475569")
ERROR_COLOR = "#c0262d"
FONT = {"family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", "size": 13, "color": "#1f2937"}


def text(value: object) -> str:
    """Text from a log, safe in a figure: Plotly renders a small HTML subset and decodes entities."""
    return escape(str(value), quote=False)


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


def error_band(x: float, opacity: float = 0.1) -> dict:
    """A faint red band behind the moment at ``x`` on a timeline chart: something went wrong there."""
    return {"type": "rect", "xref": "x", "yref": "paper", "x0": x - 0.5, "x1": x + 0.5, "y0": 0, "y1": 1,
            "fillcolor": ERROR_COLOR, "opacity": opacity, "line": {"width": 0}, "layer": "below"}

"""Small charts drawn as SVG, with the standard library only: they show the same in the
book, in JupyterLab and in the live notebooks (Pyodide), where no plotting package is.

A chart is a value that a notebook displays (``_repr_html_`` and ``_repr_svg_``); nothing
is drawn with a library, nothing is fetched. Each chart is readable without its colours
and without seeing it:

* the SVG names itself (``<title>``) and says what it shows (``<desc>``: the kind of chart,
  the caller's summary and every value in words), with ``role="img"``;
* every value is written as text next to its bar or point, intervals as "between … and …";
* the series differ by pattern (solid, hatched, dotted) as well as by colour, with a legend;
* under the chart, the same numbers as a table (``<details>``) for screen readers and anyone
  who prefers numbers.

Three kinds cover the book: :func:`bar_chart` (one or more series of bars side by side,
with error bars and a reference line, upright or lying), :func:`line_chart` (a line over
categories such as table sizes) and :func:`side_by_side` (charts in a row that wraps on a
phone)::

    bar_chart("Rounds won", ["random", "plans"], [Series("wins", [0.24, 0.52])],
              percent=True, reference=(0.25, "fair share"))
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

__all__ = ["Chart", "Charts", "Series", "bar_chart", "line_chart", "side_by_side"]

#: Colours that stay apart for the common colour-vision deficiencies (Okabe–Ito), each
#: with a pattern, so that print in grey and a reader without colours still tell them apart.
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
PATTERNS = ("solid", "hatch", "dots", "cross")
_FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif"
_SIZE = 15  # px in the chart's own units (the chart scales with the page)
_CHAR = 0.56 * _SIZE  # about the width of one character


@dataclass(frozen=True)
class Series:
    """One named row of values, one per category, with an optional interval around each
    (``low`` and ``high``: the interval's ends, not distances from the value)."""

    name: str
    values: Sequence[float]
    low: Sequence[float] | None = None
    high: Sequence[float] | None = None
    colour: str | None = None


#: Characters XML 1.0 does not allow (controls but tab and newlines, surrogates, FFFE/FFFF).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _x(text: object) -> str:
    """Text escaped for XML and HTML, in content and in attributes (characters XML cannot
    hold are dropped)."""
    return escape(_NOT_XML.sub("", str(text)), quote=True)


def _check(categories: Sequence[str], series: Sequence[Series], what: str) -> None:
    if not categories:
        raise ValueError(f"{what}: no categories to show")
    if not series:
        raise ValueError(f"{what}: no series to show")
    for s in series:
        for field in ("values", "low", "high"):
            got = getattr(s, field)
            if got is None:
                continue
            if len(got) != len(categories):
                raise ValueError(f"{what}: series {s.name!r} has {len(got)} {field} for "
                                 f"{len(categories)} categories")
            for k, v in enumerate(got):
                if not isinstance(v, (int, float)) or not math.isfinite(v):
                    raise ValueError(f"{what}: series {s.name!r}, {field}[{k}] "
                                     f"({categories[k]!r}) is not a finite number: {v!r}")


def _nice_ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top`` (0 to 1 when ``top`` is about 0)."""
    if top <= 1e-9:
        top = 1.0
    raw = top / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    n = math.ceil(top / step - 1e-9)
    return [float(f"{k * step:.12g}") for k in range(n + 1)]


def _lines(label: str, width: int) -> list[str]:
    """A label broken into lines of about ``width`` characters (at spaces or newlines)."""
    out: list[str] = []
    for part in label.split("\n"):
        line = ""
        for word in part.split():
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        out.append(line)
    return out


def _flat(label: str) -> str:
    return " ".join(label.split())


class Chart:
    """A chart: SVG for the eye, a description and a table for everyone else.

    Made by :func:`bar_chart` or :func:`line_chart`; shown by a notebook or a book page
    as HTML (the SVG and the table), or as SVG alone.
    """

    def __init__(self, kind: str, title: str, categories: Sequence[str],
                 series: Sequence[Series], *, summary: str = "", x_label: str = "",
                 y_label: str = "", fmt: Callable[[float], str] | None = None,
                 reference: tuple[float, str] | None = None, horizontal: bool = False,
                 width: int = 480) -> None:
        if kind not in ("bars", "line"):
            raise ValueError(f"chart kind must be 'bars' or 'line', not {kind!r}")
        _check(categories, series, f"chart {title!r}")
        self.kind = kind
        self.title = title
        self.categories = [str(c) for c in categories]
        self.series = list(series)
        self.summary = summary
        self.x_label = x_label
        self.y_label = y_label
        self.fmt: Callable[[float], str] = fmt or (lambda v: f"{v:g}")
        self.reference = reference
        self.horizontal = horizontal and kind == "bars"
        self.width = width
        digest = hashlib.sha1(repr((kind, title, self.categories,
                                    [(s.name, list(s.values)) for s in self.series])
                                   ).encode()).hexdigest()[:10]
        self.uid = f"mtlc-{digest}"

    # ------------------------------------------------------------------ words
    def _value_words(self, s: Series, k: int) -> str:
        said = self.fmt(s.values[k])
        if s.low is not None and s.high is not None:
            said += f" (between {self.fmt(s.low[k])} and {self.fmt(s.high[k])})"
        return said

    def description(self) -> str:
        """What the chart shows, in words: its kind, the summary, then every value."""
        kind = ("Line chart" if self.kind == "line" else
                "Bar chart" if len(self.series) == 1 else "Grouped bar chart")
        measure = self.y_label if not self.horizontal else self.x_label
        axis = self.x_label if not self.horizontal else self.y_label
        head = f"{kind} of {measure or 'values'}" + (f" by {axis}" if axis else "") + "."
        parts = [head]
        if self.summary:
            parts.append(self.summary.strip())
        for s in self.series:
            values = "; ".join(f"{_flat(c)}: {self._value_words(s, k)}"
                               for k, c in enumerate(self.categories))
            parts.append(f"{s.name}: {values}." if len(self.series) > 1 or s.name
                         else f"{values}.")
        if self.reference:
            parts.append(f"A dashed line marks {self.reference[1]} at "
                         f"{self.fmt(self.reference[0])}.")
        return " ".join(parts)

    def table_html(self) -> str:
        """The chart's numbers as an HTML table (a caption, one row per category)."""
        head = "".join(f'<th scope="col">{_x(s.name)}</th>' for s in self.series)
        rows = "".join(
            f'<tr><th scope="row">{_x(_flat(c))}</th>'
            + "".join(f"<td>{_x(self._value_words(s, k))}</td>" for s in self.series)
            + "</tr>" for k, c in enumerate(self.categories))
        corner = self.x_label if not self.horizontal else self.y_label
        return (f'<table class="mtl-chart-table"><caption>{_x(self.title)}</caption>'
                f'<thead><tr><th scope="col">{_x(corner)}</th>{head}</tr></thead>'
                f"<tbody>{rows}</tbody></table>")

    def text(self) -> str:
        """The chart as plain text: its title and numbers."""
        lines = [self.title]
        for k, c in enumerate(self.categories):
            lines.append(f"  {_flat(c)}: " + ", ".join(
                f"{s.name} {self._value_words(s, k)}" if s.name else self._value_words(s, k)
                for s in self.series))
        return "\n".join(lines)

    # ------------------------------------------------------------------ drawing
    def _top(self) -> float:
        top = 0.0
        for s in self.series:
            top = max(top, *s.values, *(s.high or [0.0]))
        if self.reference:
            top = max(top, self.reference[0])
        return top * 1.08

    def _defs(self) -> str:
        out = []
        for i, s in enumerate(self.series):
            colour = s.colour or COLOURS[i % len(COLOURS)]
            pid, kind = f"{self.uid}-p{i}", PATTERNS[i % len(PATTERNS)]
            mark = {
                "solid": "",
                "hatch": '<path d="M0,0 L0,8" stroke="#fff" stroke-width="3"/>',
                "dots": '<circle cx="4" cy="4" r="1.6" fill="#fff"/>',
                "cross": '<path d="M0,4 H8 M4,0 V8" stroke="#fff" stroke-width="1.5"/>',
            }[kind]
            turn = ' patternTransform="rotate(45)"' if kind == "hatch" else ""
            out.append(f'<pattern id="{pid}" patternUnits="userSpaceOnUse" width="8" '
                       f'height="8"{turn}><rect width="8" height="8" fill="{_x(colour)}"/>'
                       f"{mark}</pattern>")
        return "<defs>" + "".join(out) + "</defs>"

    def _text(self, x: float, y: float, text: str, *, anchor: str = "middle",
              size: int = _SIZE, weight: str = "normal", extra: str = "") -> str:
        return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}"'
                f' font-weight="{weight}"{extra}>{_x(text)}</text>')

    def _legend(self, y: float) -> tuple[str, float]:
        if len(self.series) < 2:
            return "", y
        out, x = [], 12.0
        for i, s in enumerate(self.series):
            out.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="22" height="14" '
                       f'fill="url(#{self.uid}-p{i})" stroke="currentColor" '
                       f'stroke-width="0.5"/>')
            out.append(self._text(x + 28, y, s.name, anchor="start"))
            x += 28 + _CHAR * len(s.name) + 24
        return '<g class="mtl-chart-legend">' + "".join(out) + "</g>", y + 14

    def svg(self) -> str:
        """The chart as one standalone SVG document (``role="img"``, title, desc)."""
        w = self.width
        title = self._text(12, 24, self.title, anchor="start", size=_SIZE + 3,
                           weight="bold")
        legend, top = self._legend(52)
        body, height = (self._hbars(top) if self.horizontal else self._upright(top))
        t, d = f"{self.uid}-title", f"{self.uid}-desc"
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="mtl-chart-svg" '
                f'viewBox="0 0 {w} {height:.0f}" width="100%" role="img" '
                f'aria-labelledby="{t} {d}" font-family="{_x(_FONT)}" '
                f'style="max-width:{w}px;height:auto;color:inherit" fill="currentColor">'
                f'<title id="{t}">{_x(self.title)}</title>'
                f'<desc id="{d}">{_x(self.description())}</desc>'
                f"{self._defs()}{title}{legend}{body}</svg>")

    def _upright(self, top: float) -> tuple[str, float]:
        """Bars standing on the x axis, or a line over it; returns (SVG, height)."""
        w = self.width
        left, plot_h = 64.0, 220.0
        right = 16.0 + (_CHAR * len(self.reference[1]) + 8 if self.reference else 0.0)
        y0, y1 = top + 18, top + 18 + plot_h  # the plot's top and its baseline
        ticks = _nice_ticks(self._top())
        vmax = ticks[-1]
        pw = w - left - right

        def ypos(v: float) -> float:
            return y1 - plot_h * (v / vmax)

        out = []
        for v in ticks:  # grid and tick labels
            y = ypos(v)
            out.append(f'<path d="M{left:.1f},{y:.1f} H{w - right:.1f}" stroke="currentColor"'
                       f' stroke-opacity="{0.5 if v == 0 else 0.15}"/>')
            out.append(self._text(left - 6, y + 4, self.fmt(v), anchor="end", size=_SIZE - 1))
        n = len(self.categories)
        band = pw / n
        width_chars = max(6, int(band / (_CHAR + 0.4)))
        depth = 0
        for k, c in enumerate(self.categories):
            lines = _lines(c, width_chars)
            depth = max(depth, len(lines))
            for j, line in enumerate(lines):
                out.append(self._text(left + band * (k + 0.5), y1 + 20 + 17 * j, line))
        if self.kind == "bars":
            out.append(self._bars_up(left, band, ypos, y1))
        else:
            out.append(self._line(left, band, ypos))
        if self.reference:
            y = ypos(self.reference[0])
            out.append(f'<path d="M{left:.1f},{y:.1f} H{w - right:.1f}" stroke="currentColor"'
                       f' stroke-width="1.5" stroke-dasharray="6 4"/>')
            out.append(self._text(w - right + 6, y + 4, self.reference[1], anchor="start",
                                  size=_SIZE - 1, extra=' font-style="italic"'))
        bottom = y1 + 20 + 17 * (depth - 1)
        if self.x_label:
            bottom += 24
            out.append(self._text(left + pw / 2, bottom, self.x_label, weight="bold"))
        if self.y_label:
            cy = (y0 + y1) / 2
            out.append(self._text(16, cy, self.y_label, weight="bold",
                                  extra=f' transform="rotate(-90 16 {cy:.1f})"'))
        return "".join(out), bottom + 12

    def _bars_up(self, left: float, band: float, ypos: Callable[[float], float],
                 base: float) -> str:
        out = []
        m = len(self.series)
        bar = band * 0.76 / m
        for i, s in enumerate(self.series):
            for k, v in enumerate(s.values):
                x = left + band * k + band * 0.12 + bar * i
                y = ypos(v)
                out.append(f'<rect x="{x:.1f}" y="{min(y, base):.1f}" width="{bar:.1f}" '
                           f'height="{abs(base - y):.1f}" fill="url(#{self.uid}-p{i})" '
                           f'stroke="currentColor" stroke-width="0.5" '
                           f'data-value="{v!r}"><title>{_x(_flat(self.categories[k]))}, '
                           f"{_x(s.name)}: {_x(self._value_words(s, k))}</title></rect>")
                cx, label_y = x + bar / 2, y
                if s.low is not None and s.high is not None:
                    lo, hi = ypos(s.low[k]), ypos(s.high[k])
                    cap = min(8.0, bar / 3)
                    out.append(f'<path d="M{cx:.1f},{lo:.1f} V{hi:.1f} M{cx - cap:.1f},'
                               f'{hi:.1f} H{cx + cap:.1f} M{cx - cap:.1f},{lo:.1f} '
                               f'H{cx + cap:.1f}" stroke="currentColor" stroke-width="1.5"/>')
                    label_y = min(label_y, hi)
                said = self.fmt(v)  # as large as fits over the bar, not smaller than 10
                size = max(10, min(_SIZE - 1, int((bar + 4) / (0.6 * max(1, len(said))))))
                out.append(self._text(cx, label_y - 5, said, size=size, weight="bold"))
        return '<g class="mtl-chart-bars">' + "".join(out) + "</g>"

    def _line(self, left: float, band: float, ypos: Callable[[float], float]) -> str:
        out = []
        for i, s in enumerate(self.series):
            colour = _x(s.colour or COLOURS[i % len(COLOURS)])
            pts = [(left + band * (k + 0.5), ypos(v)) for k, v in enumerate(s.values)]
            dash = ' stroke-dasharray="7 4"' if i % 2 else ""
            out.append(f'<polyline points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in pts)}" '
                       f'fill="none" stroke="{colour}" stroke-width="2.5"{dash}/>')
            for k, (x, y) in enumerate(pts):
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="url(#{self.uid}'
                           f'-p{i})" stroke="{colour}" stroke-width="1.5" '
                           f'data-value="{s.values[k]!r}"><title>'
                           f"{_x(_flat(self.categories[k]))}, {_x(s.name)}: "
                           f"{_x(self._value_words(s, k))}</title></circle>")
                # the value goes where the line is not: beside the point, away from the
                # neighbour above it, else straight above
                vals = s.values
                if k > 0 and vals[k - 1] > vals[k]:
                    lx, anchor = x + 7, "start"
                elif k + 1 < len(vals) and vals[k + 1] > vals[k]:
                    lx, anchor = x - 7, "end"
                else:
                    lx, anchor = x, "middle"
                out.append(self._text(lx, y - 10, self.fmt(vals[k]), anchor=anchor,
                                      size=_SIZE - 1, weight="bold"))
        return '<g class="mtl-chart-line">' + "".join(out) + "</g>"

    def _hbars(self, top: float) -> tuple[str, float]:
        """Bars lying along the x axis, one row per category; returns (SVG, height)."""
        w = self.width
        wrapped = [_lines(c, 20) for c in self.categories]
        left = 12 + _CHAR * max(len(line) for lines in wrapped for line in lines)
        right = 16.0 + _CHAR * max(len(self.fmt(v)) for s in self.series for v in s.values)
        m = len(self.series)
        row = max(32.0, 17.0 * max(len(lines) for lines in wrapped) + 10) * (1 + 0.6 * (m - 1))
        y0 = top + 8
        plot_h = row * len(self.categories)
        ticks = _nice_ticks(self._top())
        vmax = ticks[-1]
        pw = w - left - right

        def xpos(v: float) -> float:
            return left + pw * (v / vmax)

        out = []
        for v in ticks:
            x = xpos(v)
            out.append(f'<path d="M{x:.1f},{y0:.1f} V{y0 + plot_h:.1f}" stroke="currentColor"'
                       f' stroke-opacity="{0.5 if v == 0 else 0.15}"/>')
            out.append(self._text(x, y0 + plot_h + 16, self.fmt(v), size=_SIZE - 1))
        bar = row * 0.7 / m
        for k, lines in enumerate(wrapped):
            cy = y0 + row * (k + 0.5)
            for j, line in enumerate(lines):
                out.append(self._text(left - 8, cy + 5 + 17 * (j - (len(lines) - 1) / 2),
                                      line, anchor="end"))
            for i, s in enumerate(self.series):
                v = s.values[k]
                y = y0 + row * k + row * 0.15 + bar * i
                out.append(f'<rect x="{left:.1f}" y="{y:.1f}" width="{xpos(v) - left:.1f}" '
                           f'height="{bar:.1f}" fill="url(#{self.uid}-p{i})" '
                           f'stroke="currentColor" stroke-width="0.5" data-value="{v!r}">'
                           f"<title>{_x(_flat(self.categories[k]))}, {_x(s.name)}: "
                           f"{_x(self._value_words(s, k))}</title></rect>")
                out.append(self._text(xpos(v) + 5, y + bar / 2 + 4.5, self.fmt(v),
                                      anchor="start", size=_SIZE - 1, weight="bold"))
        bottom = y0 + plot_h + 16
        if self.x_label:
            bottom += 22
            out.append(self._text(left + pw / 2, bottom, self.x_label, weight="bold"))
        return '<g class="mtl-chart-bars">' + "".join(out) + "</g>", bottom + 12

    # ------------------------------------------------------------------ display
    def html(self) -> str:
        """The chart for a page: the SVG, then its numbers as a table to unfold."""
        return (f'<figure class="mtl-chart" style="margin:1em 0;max-width:{self.width}px">'
                f"{self.svg()}{_details(self.table_html())}</figure>")

    def _repr_html_(self) -> str:
        return self.html()

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return self.text()


def _details(table: str) -> str:
    return ('<details class="mtl-chart-numbers" style="font-size:0.9em">'
            "<summary>The numbers as a table</summary>"
            f'<div style="overflow-x:auto">{table}</div></details>')


class Charts:
    """Charts shown side by side where there is room, one under the other on a phone."""

    def __init__(self, charts: Sequence[Chart], title: str = "") -> None:
        if not charts:
            raise ValueError("side_by_side: no charts to show")
        self.charts = list(charts)
        self.title = title

    def html(self) -> str:
        """The charts in a row that wraps, under an optional heading."""
        head = (f'<p class="mtl-charts-title" style="font-weight:bold;margin:0.5em 0">'
                f"{_x(self.title)}</p>" if self.title else "")
        cells = "".join(f'<div style="flex:1 1 280px;min-width:0">{c.html()}</div>'
                        for c in self.charts)
        label = f' role="group" aria-label="{_x(self.title)}"' if self.title else ""
        return (f'<div class="mtl-charts"{label}>{head}'
                f'<div style="display:flex;flex-wrap:wrap;gap:0 1.5em">{cells}</div></div>')

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return "\n\n".join([self.title, *(c.text() for c in self.charts)]).strip()


def _percent(v: float) -> str:
    return f"{100 * v:.0f}%"


def bar_chart(title: str, categories: Sequence[str], series: Sequence[Series], *,
              summary: str = "", x_label: str = "", y_label: str = "",
              percent: bool = False, digits: int = 0,
              reference: tuple[float, str] | None = None,
              horizontal: bool = False, width: int = 480) -> Chart:
    """Bars, one group per category and one bar per series (with its interval if given).

    ``percent`` writes shares (0.25) as "25%"; otherwise values get ``digits`` decimals.
    ``reference`` is a value and its name, drawn as a dashed line ("fair share").
    ``horizontal`` lays the bars down, for long category names.
    """
    return Chart("bars", title, categories, series, summary=summary, x_label=x_label,
                 y_label=y_label, fmt=_percent if percent else _digits(digits),
                 reference=reference, horizontal=horizontal, width=width)


def line_chart(title: str, categories: Sequence[str], series: Sequence[Series], *,
               summary: str = "", x_label: str = "", y_label: str = "",
               percent: bool = False, digits: int = 0,
               reference: tuple[float, str] | None = None, width: int = 480) -> Chart:
    """A line per series over the categories (in order), each point marked and written."""
    return Chart("line", title, categories, series, summary=summary, x_label=x_label,
                 y_label=y_label, fmt=_percent if percent else _digits(digits),
                 reference=reference, width=width)


def side_by_side(*charts: Chart, title: str = "") -> Charts:
    """Charts in a row (it wraps on narrow screens), under an optional title."""
    return Charts(charts, title)


def _digits(digits: int) -> Callable[[float], str]:
    if digits < 0:
        raise ValueError(f"digits must be 0 or more, not {digits}")
    return lambda v: f"{v:.{digits}f}"

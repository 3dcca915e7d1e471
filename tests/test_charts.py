"""The book's charts (mtlearn.present.charts): well-formed SVG, escaped text, the values
drawn where they belong and written out, an accessible name and description, a table."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtlearn.present.charts import Series, bar_chart, line_chart, side_by_side

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # raises on anything not well-formed
    assert root.tag == SVG + "svg"
    return root


def wins() -> object:
    return bar_chart(
        "One player against three", ["random", "greedy", "planner"],
        [Series("rounds won", [0.2, 0.25, 0.5], low=[0.1, 0.2, 0.4], high=[0.3, 0.3, 0.6])],
        summary="The planner wins most.", x_label="player", y_label="rounds won",
        percent=True, reference=(0.25, "fair share"))


def test_svg_is_well_formed_and_names_itself():
    chart = wins()
    root = parse(chart.svg())
    assert root.get("role") == "img"
    title, desc = root.find(SVG + "title"), root.find(SVG + "desc")
    assert title is not None and desc is not None
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert title.text == "One player against three"
    said = desc.text or ""
    assert said.startswith("Bar chart of rounds won by player. The planner wins most.")
    assert "planner: 50% (between 40% and 60%)" in said
    assert "A dashed line marks fair share at 25%." in said
    assert chart._repr_svg_() == chart.svg()


def test_every_value_is_drawn_to_scale_and_written_as_text():
    chart = wins()
    root = parse(chart.svg())
    bars = [r for r in root.iter(SVG + "rect") if r.get("data-value")]
    assert [float(r.get("data-value") or "") for r in bars] == [0.2, 0.25, 0.5]
    heights = [float(r.get("height") or "") for r in bars]
    # heights are proportional to the values (one shared baseline)
    assert heights[2] == pytest.approx(2 * heights[1], rel=0.01)
    assert heights[1] == pytest.approx(1.25 * heights[0], rel=0.01)
    bottoms = {round(float(r.get("y") or "") + float(r.get("height") or ""), 1) for r in bars}
    assert len(bottoms) == 1
    texts = [t.text for t in root.iter(SVG + "text")]
    for label in ("20%", "25%", "50%", "random", "greedy", "planner", "rounds won",
                  "player", "fair share"):
        assert label in texts, label
    # each bar carries its own words for a pointer hovering it
    assert [r.find(SVG + "title").text for r in bars][2] == (  # type: ignore[union-attr]
        "planner, rounds won: 50% (between 40% and 60%)")


def test_grouped_bars_differ_by_pattern_and_have_a_legend():
    chart = bar_chart("First player", ["2", "3"],
                      [Series("first player", [0.5, 0.3]), Series("fair share", [0.5, 1 / 3])],
                      percent=True)
    root = parse(chart.svg())
    fills = {r.get("fill") for r in root.iter(SVG + "rect") if r.get("data-value")}
    assert len(fills) == 2 and all(f and f.startswith("url(#") for f in fills)
    patterns = root.findall(f"{SVG}defs/{SVG}pattern")
    assert len(patterns) == 2
    # the second pattern has marks on its colour (not a colour alone)
    assert len(list(patterns[1])) > 1 and len(list(patterns[0])) == 1
    legend = [t.text for t in root.iter(SVG + "text")]
    assert "first player" in legend and "fair share" in legend
    assert chart.description().startswith("Grouped bar chart")
    assert "33%" in chart.description()


def test_line_chart_points_follow_the_values():
    chart = line_chart("Blocked", ["2", "4", "8"], [Series("blocked", [0.4, 0.1, 0.0])],
                       percent=True, x_label="players")
    root = parse(chart.svg())
    points = [c for c in root.iter(SVG + "circle") if c.get("data-value")]
    ys = [float(c.get("cy") or "") for c in points]
    assert ys[0] < ys[1] < ys[2]  # higher value, higher on the page (smaller y)
    line = root.find(f".//{SVG}polyline")
    assert line is not None and len((line.get("points") or "").split()) == 3
    assert chart.description().startswith("Line chart of values by players.")


def test_lying_bars_grow_to_the_right_and_wrap_long_names():
    chart = bar_chart("Turns", ["standard", "Mexican train after\nthe first round"],
                      [Series("turns", [60.0, 30.0])], horizontal=True, x_label="turns")
    root = parse(chart.svg())
    widths = [float(r.get("width") or "") for r in root.iter(SVG + "rect")
              if r.get("data-value")]
    assert widths[0] == pytest.approx(2 * widths[1], rel=0.01)
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "Mexican train after" in texts and "the first round" in texts
    assert "Mexican train after the first round: 30" in chart.description()


def test_text_from_the_caller_is_escaped_everywhere():
    evil = '<script>alert("x")</script> & "quotes"'
    chart = bar_chart(evil, [evil, "b"], [Series(evil, [1.0, 2.0])], summary=evil,
                      x_label=evil, y_label=evil, reference=(1.5, evil))
    root = parse(chart.svg())
    assert root.find(SVG + "title").text == evil  # type: ignore[union-attr]
    assert "<script>" not in chart.svg() and "<script>" not in chart.html()
    assert "&lt;script&gt;" in chart.html()
    both = side_by_side(chart, chart, title=evil).html()
    assert "<script>" not in both and 'aria-label="&lt;script&gt;' in both


class _Tables(HTMLParser):
    """Collects the cells of the tables in some HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.caption = ""
        self._cell: list[str] | None = None
        self._in_caption = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "caption":
            self._in_caption = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None
        elif tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._in_caption:
            self.caption += data


def test_html_has_the_svg_and_the_numbers_as_a_table():
    html = wins()._repr_html_()
    assert html.startswith('<figure class="mtl-chart"') and "<svg" in html
    assert "<summary>The numbers as a table</summary>" in html
    tables = _Tables()
    tables.feed(html)
    assert tables.caption == "One player against three"
    assert tables.rows == [["player", "rounds won"],
                           ["random", "20% (between 10% and 30%)"],
                           ["greedy", "25% (between 20% and 30%)"],
                           ["planner", "50% (between 40% and 60%)"]]
    assert repr(wins()).splitlines()[3] == "  planner: rounds won 50% (between 40% and 60%)"


def test_bad_input_says_what_and_where():
    with pytest.raises(ValueError, match=r"series 'w' has 2 values for 3 categories"):
        bar_chart("T", ["a", "b", "c"], [Series("w", [1.0, 2.0])])
    with pytest.raises(ValueError, match=r"series 'w', values\[1\] \('b'\) is not a finite"):
        bar_chart("T", ["a", "b"], [Series("w", [1.0, math.nan])])
    with pytest.raises(ValueError, match=r"series 'w' has 1 low"):
        line_chart("T", ["a", "b"], [Series("w", [1.0, 2.0], low=[1.0])])
    with pytest.raises(ValueError, match="no categories"):
        bar_chart("T", [], [Series("w", [])])
    with pytest.raises(ValueError, match="no series"):
        bar_chart("T", ["a"], [])


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.floats(min_value=0, max_value=1e6, allow_nan=False), min_size=1,
                       max_size=9),
       names=st.text(min_size=1, max_size=30), horizontal=st.booleans(), line=st.booleans())
def test_any_values_and_names_make_a_well_formed_chart(values, names, horizontal, line):
    cats = [f"{names} {k}" for k in range(len(values))]
    series = [Series(names, values)]
    chart = (line_chart("T " + names, cats, series) if line
             else bar_chart("T " + names, cats, series, horizontal=horizontal, digits=1))
    root = parse(chart.svg())
    shown = [float(e.get("data-value") or "") for e in root.iter()
             if e.get("data-value") is not None]
    assert shown == values
    view = re.search(r'viewBox="0 0 (\d+) (\d+)"', chart.svg())
    assert view and int(view.group(2)) > 100
    # every drawn coordinate stays inside the picture
    w, h = int(view.group(1)), int(view.group(2))
    for e in root.iter():
        for attr in ("x", "y", "cx", "cy"):
            if e.get(attr) is not None:
                assert -1 <= float(e.get(attr) or "") <= max(w, h) + 1, (attr, e.attrib)

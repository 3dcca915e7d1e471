"""Chapter 10's charts in the built book (issue 30, item 5): drawn as SVG by
mtlearn.present.charts at build time, so the same cells draw in the book, in JupyterLab and in
the live notebooks; each names itself, writes its values, and has its numbers as a table.
Looked at in Chromium at desktop and phone widths (test-artifacts/book-charts-*.png)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from test_book import hold_engine

pytestmark = pytest.mark.book

PAGE = "tutorials/10-what-the-numbers-say.html"
SVG = "{http://www.w3.org/2000/svg}"
TITLES = ["One player against three greedy players", "How often the first player wins",
          "Blocked rounds, double-12 set", "Turns in a round", "Points left per player"]


def _svgs(html: str) -> list[ET.Element]:
    return [ET.fromstring(s) for s in
            re.findall(r'<svg xmlns="[^"]+" class="mtl-chart-svg".*?</svg>', html, re.S)]


def test_chapter_10_shows_its_charts_as_svg_with_words_and_tables(book: Path):
    html = (book / PAGE).read_text(encoding="utf-8")
    charts = _svgs(html)
    titles = [c.find(SVG + "title").text for c in charts]  # type: ignore[union-attr]
    assert titles == TITLES
    for chart in charts:
        assert chart.get("role") == "img" and chart.get("aria-labelledby")
        desc = chart.find(SVG + "desc")
        assert desc is not None and re.search(r"\d+%|\d+\.", desc.text or ""), titles
        values = [e for e in chart.iter() if e.get("data-value") is not None]
        assert values, "a chart with nothing drawn"
        written = {t.text for t in chart.iter(SVG + "text")}
        assert len(written) > len(values) // 2
    assert html.count("<summary>The numbers as a table</summary>") == len(TITLES)
    assert html.count('<table class="mtl-chart-table">') == len(TITLES)
    # no picture files, no plotting code and no empty output left on the learner's page
    assert not re.search(r'<img[^>]+src="[^"]+\.png"', html)
    for code in ("plt.", "matplotlib", "bar_chart(", "Series("):
        assert code not in html, code
    assert html.count("<strong>Say to the class:</strong>") == 5


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_charts_fit_and_show_in_chromium(size, chromium: Any, book_url: str,
                                         artifacts_dir: Path):
    w, h = size
    ctx = chromium.new_context(viewport={"width": w, "height": h})
    hold_engine(ctx)  # the charts are drawn at build time: the page's board needs no Python
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(book_url + PAGE, wait_until="load")
        figures = page.locator("figure.mtl-chart")
        assert figures.count() == len(TITLES)
        for k in range(figures.count()):
            fig = figures.nth(k)
            fig.scroll_into_view_if_needed()
            box = fig.locator("svg").bounding_box()
            assert box is not None and box["width"] > 0.6 * min(w, 480) and box["height"] > 100
            assert box["x"] >= 0 and box["x"] + box["width"] <= w + 1, (k, box)
            # the accessible name is the chart's title
            name = fig.locator("svg").evaluate(
                "s => s.getAttribute('aria-labelledby').split(' ')"
                ".map(id => document.getElementById(id).textContent)[0]")
            assert name == TITLES[k]
        # the table opens for anyone who wants the numbers
        first = figures.first
        first.locator("summary").click()
        cells = first.locator("table.mtl-chart-table tbody tr").all_inner_texts()
        assert len(cells) == 3 and "plans its train" in cells[2]
        no_overflow = page.evaluate(
            "() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert no_overflow, "a chart makes the page scroll sideways"
        label = "desktop" if w > 800 else "phone"
        first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"book-charts-{label}.png"))
        figures.nth(3).scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"book-charts-{label}-variants.png"))
        assert errors == []
    finally:
        ctx.close()


def test_charts_draw_in_the_live_notebook(chromium: Any, book_url: str, artifacts_dir: Path):
    """Run All in chapter 10's live notebook (JupyterLite, the browser's own Python, no
    plotting package): the same cells draw the same charts, offline."""
    from conftest import is_local_url
    from test_lite import run_all

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    off_machine: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: off_machine.append(r.url)
               if not is_local_url(r.url) else None)
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(book_url + "lite/lab/index.html?path=10-what-the-numbers-say.ipynb")
        run_all(page)
        charts = page.locator(".jp-OutputArea svg.mtl-chart-svg")
        charts.first.wait_for(timeout=60_000)
        titles = [t.text_content() for t in page.locator(
            ".jp-OutputArea svg.mtl-chart-svg > title").all()]
        assert titles == TITLES
        for k in range(charts.count()):
            box = charts.nth(k).bounding_box()
            assert box is not None and box["width"] > 200 and box["height"] > 100, (k, box)
        assert page.locator(".jp-OutputArea table.mtl-chart-table").count() == len(TITLES)
        page.mouse.move(800, 500)  # the notebook scrolls in its own panel: wheel to the chart
        for _ in range(20):
            top = (charts.first.bounding_box() or {"y": 0})["y"]
            if 80 < top < 400:
                break
            page.mouse.wheel(0, top - 200)
            page.wait_for_timeout(200)
        page.screenshot(path=str(artifacts_dir / "lite-ch10-chart.png"))
    finally:
        context.close()
    assert not off_machine, f"requests left 127.0.0.1: {off_machine[:5]}"
    assert not errors, f"page errors: {errors[:5]}"

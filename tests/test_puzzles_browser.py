"""Puzzles in headless Chromium: a static page with no engine (a puzzle set, answers
precomputed by the engine), answered right and wrong, with hints, stars and progress
that survives a reload. The same checks run on the built book (test_book.py) and in
JupyterLab (test_puzzles_lab.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from puzzlekit import KIND_PUZZLES, TIMEOUT, check_progress_kept, puzzle, solve_one_of_each_kind
from servekit import serve_folder

from mtlearn.jupyter.widgets import PuzzleSet


@pytest.fixture(scope="module")
def puzzle_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("puzzles")
    # one set (list, Previous / Next) holding one puzzle of each kind
    body = PuzzleSet(list(KIND_PUZZLES.values()), title="One of each kind").to_html()
    (folder / "index.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Puzzles</title>"
        f"<link rel='icon' href='data:,'></head><body>{body}</body></html>", encoding="utf-8")
    with serve_folder(folder) as url:
        yield url + "index.html"


def test_static_puzzles_right_wrong_hints_stars_and_progress(page, page_guard, puzzle_page,
                                                             artifacts_dir: Path):
    page.goto(puzzle_page)
    solve_one_of_each_kind(page)
    puzzle(page, "double-then-cover").screenshot(
        path=str(artifacts_dir / "puzzle-static-sequence.png"))
    page.reload()
    check_progress_kept(page)
    page_guard.assert_clean()


def test_damaged_stored_progress_draws_at_most_three_stars(page, page_guard, puzzle_page):
    """Records in localStorage with stars out of range or of the wrong type (a damaged or
    hand-edited store) are clamped when read: never a million stars, never an error."""
    page.goto(puzzle_page)
    ids = list(KIND_PUZZLES.values())
    damaged = [{"solved": True, "stars": 1e6}, {"solved": True, "stars": -1e9},
               {"solved": True, "stars": "x"}, [1, 2], "not json{", {"solved": True}]
    page.evaluate("""([ids, recs]) => ids.forEach((id, i) => localStorage.setItem(
        "mtlearn.puzzle." + id, typeof recs[i] === "string" ? recs[i] : JSON.stringify(recs[i])))""",
                  [ids[:len(damaged)], damaged])
    page.reload()
    best = puzzle(page, ids[0]).locator(".mtl-pz-best")
    expect(best).to_have_text("Best: ★★★ (3 of 3 stars)", timeout=TIMEOUT)
    labels = page.locator("select.mtl-pz-select option").all_text_contents()
    assert labels and all(t.count("★") + t.count("☆") in (0, 3) for t in labels), labels
    assert "★☆☆" in labels[1] and "★☆☆" in labels[2] and "★" not in labels[3] + labels[4]
    page_guard.assert_clean()

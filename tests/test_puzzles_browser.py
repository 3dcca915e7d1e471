"""Puzzles in headless Chromium: a static page with no engine (a puzzle set, answers
precomputed by the engine), answered right and wrong, with hints, stars and progress
that survives a reload. The same checks run on the built book (test_book.py) and in
JupyterLab (test_puzzles_lab.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from puzzlekit import KIND_PUZZLES, check_progress_kept, puzzle, solve_one_of_each_kind
from servekit import serve_folder

from mtlearn.widgets import PuzzleSet


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

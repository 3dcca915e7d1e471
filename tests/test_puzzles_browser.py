"""Puzzles in headless Chromium: a static page with no engine (a puzzle set, answers
precomputed by the engine), answered right and wrong, with hints, stars and progress
that survives a reload. The same checks run on the built book (test_book.py) and in
JupyterLab (test_puzzles_lab.py)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from puzzlekit import KIND_PUZZLES, check_progress_kept, puzzle, solve_one_of_each_kind

from mtlearn.widgets import PuzzleSet


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def puzzle_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("puzzles")
    # one set (list, Previous / Next) holding one puzzle of each kind
    body = PuzzleSet(list(KIND_PUZZLES.values()), title="One of each kind").to_html()
    (folder / "index.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Puzzles</title>"
        f"<link rel='icon' href='data:,'></head><body>{body}</body></html>", encoding="utf-8")
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def test_static_puzzles_right_wrong_hints_stars_and_progress(page, page_guard, puzzle_page,
                                                             artifacts_dir: Path):
    page.goto(puzzle_page)
    solve_one_of_each_kind(page)
    puzzle(page, "double-then-cover").screenshot(
        path=str(artifacts_dir / "puzzle-static-sequence.png"))
    page.reload()
    check_progress_kept(page)
    page_guard.assert_clean()

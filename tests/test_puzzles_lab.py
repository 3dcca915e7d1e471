"""Puzzles live in JupyterLab: the kernel judges every answer (one puzzle of each kind,
right and wrong, hints, stars), progress is written to the Jupyter data directory and
is there again after the page is reloaded and the notebook run afresh."""

from __future__ import annotations

import json
from pathlib import Path

from puzzlekit import KIND_PUZZLES, check_progress_kept, solve_one_of_each_kind


def test_puzzles_live_in_jupyterlab(jupyterlab, page, page_guard, artifacts_dir: Path):
    data = jupyterlab.root_dir / "jupyter-data"
    cells = [
        "import os\n"
        f"os.environ['JUPYTER_DATA_DIR'] = {str(data)!r}\n"
        "from mtlearn.jupyter import Puzzle",
        *[f"Puzzle({pid!r})" for pid in KIND_PUZZLES.values()],
    ]
    jupyterlab.write_notebook("puzzles.ipynb", cells)
    jupyterlab.open_and_run(page, "puzzles.ipynb")
    page.locator(".jp-OutputArea .mtl-puzzle").first.wait_for(timeout=30_000)
    solve_one_of_each_kind(page)
    page.locator(".mtl-puzzle[data-puzzle='open-to-cy']").screenshot(
        path=str(artifacts_dir / "puzzle-lab-choose.png"))

    saved = json.loads((data / "mtlearn" / "progress.json").read_text(encoding="utf-8"))
    recs = saved["puzzles"]
    assert recs["double-then-cover"]["stars"] == 2 and recs["double-then-cover"]["solved"]
    assert recs["who-plays-next"]["shown"] and not recs["who-plays-next"]["solved"]

    jupyterlab.open_and_run(page, "puzzles.ipynb")
    page.locator(".jp-OutputArea .mtl-puzzle").first.wait_for(timeout=30_000)
    check_progress_kept(page)
    saved = json.loads((data / "mtlearn" / "progress.json").read_text(encoding="utf-8"))
    assert "count-the-hand" not in saved["puzzles"], "reset removes the record from the file"
    page_guard.assert_clean()

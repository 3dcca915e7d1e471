"""The notebook trainer's Python side in a real kernel (nbclient): the widget is displayed,
an attempt sent as the front end sends it is recorded, and the state file is written."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))
from mtlearn_kernel import SocketFileKernelManager


def test_the_trainer_widget_runs_in_a_kernel(tmp_path: Path) -> None:
    state = tmp_path / "trainer.json"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in (
        f"import os\nos.environ['MTLEARN_TRAINER'] = {str(state)!r}\n"
        "from mtlearn.jupyter import Trainer\nw = Trainer(seed='nb')\nw",
        # what the front end sends: both hints, then show the answer (a loss)
        "first = w.trainer['current']['id']\n"
        "w._on_msg(w, {'action': 'hint', 'n': 1}, [])\n"
        "w._on_msg(w, {'action': 'show'}, [])\n"
        "print(first, w.trainer['result']['score'], w.trainer['games'], w.trainer['result']['replay'])",
        "w._on_msg(w, {'action': 'next'}, [])\nprint(w.trainer['current']['id'] != first)",
        "w._on_msg(w, {'action': 'import', 'text': '[]'}, [])\nprint(w.trainer_error['text'])",
    )]
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   kernel_manager_class=SocketFileKernelManager,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = nb.cells[0].outputs[0]["data"]
    assert "application/vnd.jupyter.widget-view+json" in shown
    assert 'data-kind="trainer"' in shown["text/html"]
    first, score, games, *replay = nb.cells[1].outputs[0]["text"].split()
    assert (score, games, " ".join(replay)) == ("0.0", "1", "after 3 other puzzles")
    assert nb.cells[2].outputs[0]["text"].strip() == "True"
    assert "Import refused, your progress is unchanged" in nb.cells[3].outputs[0]["text"]
    saved = json.loads(state.read_text(encoding="utf-8"))
    assert saved["count"] == 1 and saved["puzzles"][first]["tries"] == 1

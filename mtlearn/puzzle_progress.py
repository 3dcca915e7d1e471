"""A learner at work on puzzles: the answering session, saved progress and the overview.

:class:`~mtlearn.puzzles.PuzzleSession` takes the front end's messages (an answer, a move
of a sequence, restart, show the answer) and returns what the board must change; the
JupyterLab widget and the in-page engine both use it. In JupyterLab a learner's stars are
kept in a progress file (:func:`~mtlearn.puzzles.progress_path`,
:func:`~mtlearn.puzzles.read_progress`, :func:`~mtlearn.puzzles.write_progress`); in the
book, in the browser's localStorage. :class:`~mtlearn.puzzles.ProgressOverview` is the
table of every bundled puzzle with the stars earned.
"""

from __future__ import annotations

import html
import json
import os
import uuid
from pathlib import Path
from typing import Any

from .puzzle_files import bundled, from_data
from .puzzle_goals import Feedback
from .puzzle_record import FAMILIES, Puzzle, move_highlights

__all__ = ["ProgressOverview", "PuzzleSession", "progress_path", "read_progress",
           "write_progress"]


# ---------------------------------------------------------------------- sessions
class PuzzleSession:
    """One learner working on one puzzle: answers, sequence moves, show-the-answer.

    :meth:`handle` takes the front end's messages and returns the model keys to
    change; the JupyterLab widget and the in-page engine both use it.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.moves: list[str] = []
        self.count = 0

    @classmethod
    def from_spec(cls, spec: Any) -> PuzzleSession:
        """A session from ``{"data": <the parsed puzzle file>, "source": name}`` (what
        :meth:`Puzzle.state` writes for the in-page engine)."""
        if not isinstance(spec, dict) or not isinstance(spec.get("data"), dict):
            raise ValueError("a puzzle session spec is {'data': {...}, 'source': '...'}")
        return cls(from_data(spec["data"], str(spec.get("source") or "<puzzle>")))

    def state(self) -> dict[str, Any]:
        """The model keys of a fresh start: the view, no feedback."""
        return {"view": self.puzzle.view(), "feedback": None}

    def _fb(self, fb: Feedback, **extra: Any) -> dict[str, Any]:
        self.count += 1
        return {"feedback": {**fb.to_dict(), "n": self.count, **extra}}

    def handle(self, content: dict[str, Any]) -> dict[str, Any]:
        """Answer one message: ``answer``, ``move`` (sequence), ``restart`` or ``show``."""
        p = self.puzzle
        action = content.get("action")
        if action == "restart":
            self.moves = []
            return {"view": p.view(), "feedback": None}
        if action == "show":
            self.moves = []
            return {"solution": {"text": p.answer_text(), "frames": p.example_frames()}}
        if action == "move" and p.kind == "sequence":
            answer = [*self.moves, str(content.get("move", ""))]
            fb = p.judge(answer)
            out = self._fb(fb)
            if fb.status in ("continue", "right", "wrong"):
                g = p.start()
                applied = None
                for a in answer:
                    applied = g.push(a)
                self.moves = answer
                out["view"] = p.view(g, highlights=move_highlights(applied))
            if fb.status in ("right", "wrong"):
                self.moves = []
            return out
        if action == "answer":
            answer = content.get("answer")
            fb = p.judge(answer)
            out = self._fb(fb)
            if p.kind == "move" and fb.status == "right":
                out["view"] = p.after_view([str(answer)])   # the right move, played
            return out
        return {}


# ---------------------------------------------------------------------- progress
_OVERVIEW_JS = r"""
(() => {
  const root = document.getElementById("ROOT_ID");
  const store = "mtlearn.puzzle.";
  const read = (id) => {
    try { return JSON.parse(localStorage.getItem(store + id) || "null"); }
    catch (e) { return null; }
  };
  function fill() {
    let solved = 0, stars = 0, total = 0;
    for (const row of root.querySelectorAll("tr[data-puzzle]")) {
      total += 1;
      const rec = read(row.getAttribute("data-puzzle"));
      const cell = row.querySelector(".mtl-progress-stars");
      const k = rec && rec.solved ? Math.max(0, Math.min(3, rec.stars | 0)) : 0;
      if (rec && rec.solved) { solved += 1; stars += k; }
      cell.textContent = rec && rec.solved ? "★".repeat(k) + "☆".repeat(3 - k)
        : rec && rec.shown ? "answer seen" : "not solved";
      cell.setAttribute("data-stars", String(k));
    }
    root.querySelector(".mtl-progress-summary").textContent =
      `${solved} of ${total} puzzles solved, ${stars} of ${3 * total} stars.`;
  }
  root.querySelector(".mtl-progress-reset").addEventListener("click", () => {
    for (const row of root.querySelectorAll("tr[data-puzzle]")) {
      try { localStorage.removeItem(store + row.getAttribute("data-puzzle")); } catch (e) {}
    }
    fill();
  });
  fill();
})();
"""


class ProgressOverview:
    """A table of every bundled puzzle with the learner's stars (HTML for the book).

    In a browser page the stars come from localStorage (where the book's puzzles keep
    them); ``records`` (e.g. :func:`read_progress` in JupyterLab) fills them in
    beforehand. ``links`` maps a puzzle id to the page that shows it.
    """

    def __init__(self, records: dict[str, Any] | None = None,
                 links: dict[str, str] | None = None) -> None:
        self.records = records or {}
        self.links = links or {}

    def _repr_html_(self) -> str:
        root = "mtl-progress-" + uuid.uuid4().hex[:12]
        rows = []
        for p in bundled():
            rec = self.records.get(p.id) or {}
            k = int(rec.get("stars", 0)) if rec.get("solved") else 0
            shown = ("★" * k + "☆" * (3 - k)) if rec.get("solved") else "not solved"
            title = html.escape(p.title)
            link = self.links.get(p.id)
            cell = f'<a href="{html.escape(link)}">{title}</a>' if link else title
            rows.append(f'<tr data-puzzle="{html.escape(p.id)}"><td>{cell}</td>'
                        f"<td>{html.escape(FAMILIES[p.family])}</td><td>{p.level}</td>"
                        f"<td>{html.escape(p.kind)}</td>"
                        f'<td class="mtl-progress-stars mtl-stars">{shown}</td></tr>')
        style = ("<style>.mtl-progress-table{border-collapse:collapse;width:100%}"
                 ".mtl-progress-table th,.mtl-progress-table td{text-align:left;"
                 "padding:.25rem .5rem;border-bottom:1px solid #ccc}"
                 ".mtl-progress-stars{color:#7a5600;letter-spacing:.05em}"
                 "html[data-theme=dark] .mtl-progress-stars{color:#e8b84a}</style>")
        return (f'<div id="{root}" class="mtl-progress">{style}'
                f'<p class="mtl-progress-summary"></p>'
                f'<table class="mtl-progress-table"><thead><tr><th>Puzzle</th><th>Set</th>'
                f"<th>Level</th><th>Kind</th><th>Your best</th></tr></thead>"
                f'<tbody>{"".join(rows)}</tbody></table>'
                f'<button type="button" class="mtl-progress-reset">Reset all puzzle progress'
                f"</button>"
                f'<script type="module">{_OVERVIEW_JS.replace("ROOT_ID", root)}</script>'
                f"</div>")


def progress_path() -> Path:
    """The learner's progress file in JupyterLab: ``<Jupyter data dir>/mtlearn/progress.json``.

    Uses ``jupyter_core`` when present (``JUPYTER_DATA_DIR`` is honoured by it), else
    ``~/.local/share/jupyter``.
    """
    env = os.environ.get("MTLEARN_PROGRESS")
    if env:
        return Path(env)
    try:
        from jupyter_core.paths import jupyter_data_dir

        base = Path(jupyter_data_dir())
    except ImportError:  # pragma: no cover - jupyter_core comes with JupyterLab
        base = Path(os.environ.get("JUPYTER_DATA_DIR") or
                    Path.home() / ".local" / "share" / "jupyter")
    return base / "mtlearn" / "progress.json"


def read_progress(path: Path | None = None) -> dict[str, Any]:
    """Every puzzle's saved record, keyed by puzzle id ({} when there is none)."""
    p = path or progress_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    recs = data.get("puzzles") if isinstance(data, dict) else None
    return recs if isinstance(recs, dict) else {}


def write_progress(puzzle_id: str, record: dict[str, Any] | None,
                   path: Path | None = None) -> None:
    """Save (or, with None, forget) one puzzle's record; written atomically."""
    p = path or progress_path()
    recs = read_progress(p)
    if record is None:
        recs.pop(puzzle_id, None)
    else:
        recs[puzzle_id] = record
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps({"format": "mtlearn/progress", "version": 1, "puzzles": recs},
                              indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, p)

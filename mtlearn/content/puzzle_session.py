"""A learner at work on puzzles: the answering session, saved progress and the overview.

:class:`~mtlearn.content.puzzles.PuzzleSession` takes the front end's messages (an answer, a
move of a sequence, restart, show the answer) and returns what the board must change; the
JupyterLab widget and the in-page engine both use it. In JupyterLab a learner's stars are
kept in a progress file (:func:`~mtlearn.content.puzzles.progress_path`,
:func:`~mtlearn.content.puzzles.read_progress`,
:func:`~mtlearn.content.puzzles.write_progress`); in the book, in the browser's
localStorage. :class:`~mtlearn.content.puzzles.ProgressOverview` is the table of every
bundled puzzle with the stars earned.
"""

from __future__ import annotations

import html
import json
import math
import os
import uuid
import warnings
from pathlib import Path
from typing import Any

from ..core.errors import MtlearnError, SessionError
from ..core.files import write_atomic
from ..core.protocol import PuzzleIntent
from ..core.protocol_check import check_intent
from ..core.words import one_line
from ..present.frontend import bundle, stylesheet
from .puzzle_files import bundled, from_data
from .puzzle_judging import Feedback
from .puzzle_record import FAMILIES, Puzzle, move_highlights

__all__ = ["MAX_STARS", "ProgressError", "ProgressOverview", "ProgressWarning",
           "PuzzleSession", "clean_record", "progress_path", "read_progress",
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
        :meth:`Puzzle.state` writes for the in-page engine). A malformed spec raises
        :class:`~mtlearn.core.errors.SessionError`; a bad puzzle, PuzzleError."""
        if not isinstance(spec, dict) or not isinstance(spec.get("data"), dict):
            raise SessionError("a puzzle session spec is {\"data\": {...}, \"source\": "
                               "\"...\"}")
        source = spec.get("source")
        if source is not None and not isinstance(source, str):
            raise SessionError(f"spec.source: expected a file name, not {type(source).__name__}")
        return cls(from_data(spec["data"], (source or "<puzzle>")[:200]))

    def state(self) -> dict[str, Any]:
        """The model keys of a fresh start: the view, no feedback."""
        return {"view": self.puzzle.view(), "feedback": None}

    def _fb(self, fb: Feedback, **extra: Any) -> dict[str, Any]:
        self.count += 1
        return {"feedback": {**fb.to_dict(), "n": self.count, **extra}}

    def handle(self, content: Any) -> dict[str, Any]:
        """Answer one message: ``answer``, ``move`` (sequence), ``restart`` or ``show``.

        A malformed message (not an object, an unknown action, a move that is not text)
        raises :class:`~mtlearn.core.errors.SessionError` naming the problem, and changes
        nothing: every host answers it with the protocol's one refusal; so does a failure
        of the engine itself (the moves played so far are kept). An answer of the wrong
        shape for the question (a number to a move puzzle) is judged ``"invalid"``.
        """
        if not isinstance(content, dict):
            raise SessionError(f"Not a message: {one_line(repr(content))} (expected an "
                               "object with an \"action\").")
        check_intent(content, PuzzleIntent)   # the protocol's types: fields and their kinds
        action = content.get("action")
        moves, count = list(self.moves), self.count
        try:
            return self._handle(action, content)
        except SessionError:
            self.moves, self.count = moves, count
            raise
        except Exception as e:  # a backstop: the engine failed on this answer
            self.moves, self.count = moves, count
            raise SessionError(f"Internal error while judging {one_line(repr(action))}: "
                               f"{type(e).__name__}: {one_line(str(e))}. Nothing was "
                               "changed.") from None

    def _handle(self, action: Any, content: dict[str, Any]) -> dict[str, Any]:
        p = self.puzzle
        if action == "restart":
            self.moves = []
            return {"view": p.view(), "feedback": None}
        if action == "show":
            self.moves = []
            return {"solution": {"text": p.answer_text(), "frames": p.example_frames()}}
        if action == "move":
            if not p.goal_kind.move_by_move:
                raise SessionError("This puzzle is answered as a whole (\"answer\"), not "
                                   "move by move.")
            move = content["move"]          # text: check_intent saw to it
            if len(move) > 64:
                raise SessionError(f"A move is text like \"12-5@M\", not "
                                   f"{one_line(repr(move))}.")
            answer = [*self.moves, move]
            fb = p.judge(answer)
            view = None
            if fb.status in ("continue", "right", "wrong"):
                g = p.start()
                applied = None
                for a in answer:
                    applied = g.push(a)
                view = p.view(g, highlights=move_highlights(applied))
            out = self._fb(fb)
            if view is not None:
                self.moves = answer
                out["view"] = view
            if fb.status in ("right", "wrong"):
                self.moves = []
            return out
        if action == "answer":
            answer = content["answer"]      # present: check_intent saw to it
            fb = p.judge(answer)
            out = self._fb(fb)
            view = p.goal_kind.answer_view(p, answer, fb)   # e.g. the right move, played
            if view is not None:
                out["view"] = view
            return out
        raise SessionError(f"Unknown action {one_line(repr(action))}: use answer, move, "
                           "restart or show.")



# ---------------------------------------------------------------------- progress
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
            rec = clean_record(p.id, self.records.get(p.id) or {}, "records") or {}
            k = rec.get("stars", 0) if rec.get("solved") else 0
            shown = star_text(k) if rec.get("solved") else "not solved"
            title = html.escape(p.title)
            link = self.links.get(p.id)
            cell = f'<a href="{html.escape(link)}">{title}</a>' if link else title
            rows.append(f'<tr data-puzzle="{html.escape(p.id)}"><td>{cell}</td>'
                        f"<td>{html.escape(FAMILIES[p.family])}</td><td>{p.level}</td>"
                        f"<td>{html.escape(p.kind)}</td>"
                        f'<td class="mtl-progress-stars mtl-stars">{shown}</td></tr>')
        style = f"<style>\n{stylesheet('page', ['progress.css'])}\n</style>"
        return (f'<div id="{root}" class="mtl-progress">{style}'
                f'<p class="mtl-progress-summary"></p>'
                f'<table class="mtl-progress-table"><thead><tr><th>Puzzle</th><th>Set</th>'
                f"<th>Level</th><th>Kind</th><th>Your best</th></tr></thead>"
                f'<tbody>{"".join(rows)}</tbody></table>'
                f'<button type="button" class="mtl-progress-reset">Reset all puzzle progress'
                f"</button>"
                f'<script type="module">\n{bundle("progress.js")}\n'
                f'mountProgress(document.getElementById("{root}"));\n</script>'
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


#: Stars a puzzle can give: 1 to 3 when solved (3 within par), 0 when the answer was shown.
MIN_STARS, MAX_STARS = 0, 3


def star_text(k: int) -> str:
    """``k`` stars as the boards draw them (``★★☆``; static/js/stars.js ``starText``),
    for the overview's text before the page's script fills it in."""
    k = max(MIN_STARS, min(MAX_STARS, k))
    return "★" * k + "☆" * (MAX_STARS - k)
#: The largest progress file read (a record is about 150 bytes; there are ~60 puzzles).
MAX_PROGRESS_BYTES = 5_000_000
_COUNTS = ("slips", "hints")
_FLAGS = ("solved", "shown")


class ProgressWarning(UserWarning):
    """A damaged progress file or record: what was repaired or skipped, and where."""


class ProgressError(MtlearnError):
    """A progress record that cannot be saved (not a mapping)."""


def _warn(text: str) -> None:
    warnings.warn(text, ProgressWarning, stacklevel=3)


def _star_count(value: Any, low: int) -> int | None:
    """A star count clamped to ``low``..:data:`MAX_STARS` (None if not a finite number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return max(low, min(MAX_STARS, int(value)))


def clean_record(puzzle_id: str, record: Any, where: str = "progress") -> dict[str, Any] | None:
    """One puzzle's saved record, repaired: None if it is not a mapping at all.

    ``stars`` and ``last_stars`` are clamped to the stars a puzzle can give
    (:data:`MIN_STARS`..:data:`MAX_STARS`, at least 1 once solved); a value of the wrong
    type is replaced (stars) or dropped (other fields). Each repair gives a
    :class:`ProgressWarning` naming ``where``, the puzzle and the field. Keys are only
    kept, never added: a record with no ``stars`` gets none.
    """
    at = f"{where}: puzzle {puzzle_id[:80]!r}"
    if not isinstance(record, dict):
        _warn(f"{at}: the record is {type(record).__name__}, not a mapping; skipped")
        return None
    out: dict[str, Any] = {}
    for key, value in record.items():
        if key in _FLAGS:
            if isinstance(value, bool):
                out[key] = value
            else:
                _warn(f"{at}: {key} is {one_line(repr(value))}, not true or false; read as false")
                out[key] = False
        elif key in ("stars", "last_stars"):
            continue  # below, once 'solved' is known
        elif key in _COUNTS:
            if isinstance(value, int) and not isinstance(value, bool):
                out[key] = max(0, min(10**6, value))
            else:
                _warn(f"{at}: {key} is {one_line(repr(value))}, not a count; dropped")
        elif key == "when":
            if isinstance(value, str) and len(value) <= 64:
                out[key] = value
            else:
                _warn(f"{at}: when is {one_line(repr(value))}, not a date; dropped")
        else:
            _warn(f"{at}: unknown field {one_line(repr(key))}; dropped")
    low = 1 if out.get("solved") else MIN_STARS
    for key in ("stars", "last_stars"):
        if key not in record:
            continue
        value = record[key]
        k = _star_count(value, low)
        if k is None:
            _warn(f"{at}: {key} is {one_line(repr(value))}, not a number of stars; read as {low}")
            k = low
        elif k != value:
            _warn(f"{at}: {key} is {one_line(repr(value))}; a puzzle gives {low} to "
                  f"{MAX_STARS}, so read as {k}")
        out[key] = k
    return out


def _load(p: Path) -> tuple[dict[str, Any], bool]:
    """The records of progress file ``p``, repaired, and whether the file was readable
    as a whole (False: it exists but is damaged, so nothing could be read)."""
    try:
        if p.stat().st_size > MAX_PROGRESS_BYTES:
            _warn(f"{p}: {p.stat().st_size:,} bytes is too large for a progress file "
                  f"(at most {MAX_PROGRESS_BYTES:,}); not read")
            return {}, False
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, True
    except (OSError, UnicodeDecodeError) as e:
        _warn(f"{p}: cannot read the progress file ({one_line(str(e))}); no progress shown")
        return {}, False
    try:
        data = json.loads(text, parse_constant=lambda name: name)  # NaN/Infinity: text
    except RecursionError:
        _warn(f"{p}: the progress file nests too deeply to read; no progress shown")
        return {}, False
    except ValueError as e:
        _warn(f"{p}: the progress file is not valid JSON ({one_line(str(e))}); no progress "
              "shown")
        return {}, False
    recs = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(recs, dict):
        _warn(f"{p}: not a progress file (no \"puzzles\" mapping); no progress shown")
        return {}, False
    out = {}
    for pid, rec in recs.items():
        cleaned = clean_record(pid, rec, str(p))
        if cleaned is not None:
            out[pid] = cleaned
    return out, True


def read_progress(path: Path | None = None) -> dict[str, Any]:
    """Every puzzle's saved record, keyed by puzzle id ({} when there is none).

    Never raises for a damaged file: a file that cannot be read at all gives {}, a
    record that is not a mapping is skipped, and a field of the wrong type or out of
    range is repaired (see :func:`clean_record`); each with a :class:`ProgressWarning`.
    The good records are always kept.
    """
    return _load(path or progress_path())[0]


def write_progress(puzzle_id: str, record: dict[str, Any] | None,
                   path: Path | None = None) -> dict[str, Any] | None:
    """Save (or, with None, forget) one puzzle's record; returns the record as saved.

    The record is repaired as :func:`read_progress` would; the other puzzles' records
    are kept. The file is replaced atomically (a new file, then a rename), so a crash
    never leaves half a file. A damaged file that could not be read is first kept
    beside it as ``progress.json.damaged`` rather than overwritten.
    """
    p = path or progress_path()
    recs, readable = _load(p)
    if not readable and p.exists():
        keep = p.with_name(p.name + ".damaged")
        os.replace(p, keep)
        _warn(f"{p}: the damaged progress file was kept as {keep}; a new one is started")
    saved = None
    if record is None:
        recs.pop(puzzle_id, None)
    else:
        saved = clean_record(puzzle_id, record, "record to save")
        if saved is None:
            raise ProgressError(f"the progress record of {puzzle_id[:80]!r} must be a "
                                f"mapping, not {type(record).__name__}")
        recs[puzzle_id] = saved
    p.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": "mtlearn/progress", "version": 1, "puzzles": recs},
                      indent=1, sort_keys=True, allow_nan=False)
    write_atomic(p, text)
    return saved

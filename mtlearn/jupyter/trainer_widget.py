"""The notebook puzzle trainer: :class:`Trainer`, an anywidget over
:class:`~mtlearn.trainer.trainer_session.TrainerSession`.

In JupyterLab every answer goes to the kernel: the puzzle machinery judges it, the trainer
records it and chooses the next puzzle, and the learner's state is written after every
change to ``trainer.json`` beside the puzzles' ``progress.json`` in the Jupyter data
directory (:func:`trainer_path`). In the static book the same front end opens the same
session in the in-page engine, with the state kept in the browser's localStorage.

Days (the streaks, the replays, the daily puzzle) are the learner's local days in both: the
book counts them in the browser's time zone, the notebook in the time zone of the machine
its kernel runs on (``utc_offset=None``: :func:`~mtlearn.trainer.trainer.local_offset`).
A trainer file that cannot be read is kept aside under a name of its own
(``trainer.json.damaged-<date>-<time>``), never over a copy kept before.
"""

from __future__ import annotations

import json
import os
import time
import warnings
from pathlib import Path
from typing import Any, cast

try:
    import traitlets
except ImportError as e:  # traitlets comes with anywidget, the jupyter extra
    raise ImportError("the notebook boards need anywidget: "
                      'pip install "mexican-train-learn[jupyter]"', name=e.name) from e

from ..content.puzzle_session import ProgressWarning, progress_path
from ..core.errors import SessionError
from ..core.files import write_atomic
from ..core.protocol import TrainerAnswer, refusal
from ..present.htmlout import rules_url as _rules_url
from ..trainer.trainer import Pool
from ..trainer.trainer import Trainer as TrainerModel
from ..trainer.trainer_session import (
    MAX_POOL,
    TrainerSession,
    bundled_pool,
    default_pool,
    with_own,
)
from ..trainer.trainer_state import TrainerStateError, add_own, load_state, new_state
from .widgets import DEFAULT_RULES_URL, _Base, _dict_or_none

__all__ = ["Trainer", "set_aside", "trainer_path"]


def trainer_path() -> Path:
    """The learner's trainer file in JupyterLab: ``MTLEARN_TRAINER``, else ``trainer.json``
    beside the puzzles' progress file (:func:`~mtlearn.content.puzzles.progress_path`)."""
    env = os.environ.get("MTLEARN_TRAINER")
    return Path(env) if env else progress_path().with_name("trainer.json")


def set_aside(path: Path, now: float | None = None) -> Path:
    """Move a damaged file out of the way, keeping it: renamed beside itself as
    ``<name>.damaged-<date>-<time>`` (local time; ``-2``, ``-3``… added while that name is
    taken), so that no copy kept earlier is ever overwritten. Returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    base = f"{path.name}.damaged-{stamp}"
    keep, n = path.with_name(base), 1
    while keep.exists() or keep.is_symlink():
        n += 1
        keep = path.with_name(f"{base}-{n}")
    os.replace(path, keep)
    return keep


def keep_own_puzzle(record: dict[str, Any], path: Path | None = None) -> str:
    """Add the learner's own puzzle ``record`` (a mistake of a reviewed round, checked by
    :func:`mtlearn.trainer.own_puzzles.mistake_puzzle`) to the trainer file (``path``,
    else :func:`trainer_path`), scheduled at once; what the learner reads."""
    where = path or trainer_path()
    state = _read(where) or new_state()
    if not add_own(state, record):
        return "This mistake is already one of your puzzles."
    where.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(where, json.dumps(state, indent=1, sort_keys=True, allow_nan=False))
    return "Saved as a puzzle: the Trainer serves it next, then on its schedule."


def _read(path: Path) -> dict[str, Any] | None:
    """The saved state, or None: none yet, or a file that cannot be read (warned about), or
    a damaged one (warned about and moved aside at once: :func:`set_aside`)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as e:
        warnings.warn(f"{path}: cannot read the trainer file ({e}); starting afresh",
                      ProgressWarning, stacklevel=3)
        return None
    except UnicodeDecodeError as e:       # damaged too: kept, or the first save overwrites it
        problem = f"{path}: not UTF-8 text ({e})"
    else:
        try:
            return load_state(text, str(path))
        except TrainerStateError as e:
            problem = str(e)
    keep = set_aside(path)
    warnings.warn(f"{problem}; starting afresh (the damaged file is kept as {keep.name})",
                  ProgressWarning, stacklevel=3)
    return None


class Trainer(_Base):
    """The puzzle trainer: a puzzle chosen near the learner's rating and weak themes, the
    rating and its change, the dashboard per theme, missed puzzles coming back, the daily
    puzzle and the streaks; Export and Import of the progress.

    Args:
        pool: the puzzles to draw from (:class:`~mtlearn.trainer.trainer.Pool`; default: the
            hand-written puzzles and, when shipped, the mined ones).
        state_file: where to keep the learner's state (default: :func:`trainer_path`).
        seed: a seed for a fresh state (repeatable choices, for tests and classes).
        rules_url: the rules reference page that rule ids link to.
    """

    kind = traitlets.Unicode("trainer").tag(sync=True)
    puzzle = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    feedback = _dict_or_none()
    solution = _dict_or_none()
    progress = _dict_or_none()
    storage = traitlets.Unicode("kernel").tag(sync=True)
    trainer = traitlets.Dict().tag(sync=True)
    trainer_error = _dict_or_none()
    rules_url = traitlets.Unicode(DEFAULT_RULES_URL).tag(sync=True)

    def __init__(self, pool: Pool | None = None, *, state_file: str | Path | None = None,
                 seed: str | None = None, rules_url: str | None = None,
                 **kwargs: Any) -> None:
        self.state_file = Path(state_file) if state_file else trainer_path()
        self.custom_pool = pool is not None
        state = _read(self.state_file) or new_state(seed)
        # the learner's own puzzles (saved from a reviewed round) join the pool
        self.pool = with_own(pool if pool is not None else default_pool(), state)
        # days in this machine's time zone (the book: the browser's)
        self.session = TrainerSession(TrainerModel(state, self.pool, utc_offset=None),
                                      on_change=self._save)
        self._errors = 0
        super().__init__(rules_url=rules_url or _rules_url(), **kwargs)
        self._apply(self.session.state())
        self.on_msg(self._on_msg)

    # -- python API -----------------------------------------------------------------
    @property
    def model(self) -> TrainerModel:
        """The trainer model (``next()``, ``record()``, ``dashboard()``, ``export()``)."""
        return self.session.trainer

    def send_intent(self, intent: Any) -> TrainerAnswer:
        """Act as if the front end sent ``intent`` (see :mod:`mtlearn.trainer.trainer_session`)."""
        result = self.session.handle(intent)
        self._apply(result)
        return result

    def answer(self, value: Any) -> dict[str, Any] | None:
        """Answer the puzzle on the board as the learner would; returns the feedback."""
        action = "move" if self.session.puzzle.goal_kind.move_by_move else "answer"
        self.send_intent({"action": action, "move" if action == "move" else "answer": value})
        return self.feedback

    def next(self) -> str:
        """Show the next puzzle; returns its id."""
        self.send_intent({"action": "next"})
        return self.session.pick.id

    def export(self) -> str:
        """The learner's progress as JSON text (what *Import* reads back)."""
        return self.model.export()

    def import_progress(self, text: str) -> None:
        """Replace the progress with an exported file's (SessionError naming the field if
        the file is bad; nothing is changed then)."""
        self.send_intent({"action": "import", "text": text})

    # -- plumbing -------------------------------------------------------------------
    def _save(self, state: dict[str, Any]) -> None:
        self.state_file.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.state_file, json.dumps(state, indent=1, sort_keys=True,
                                                 allow_nan=False))

    def _apply(self, changes: TrainerAnswer) -> None:
        for key, value in cast(dict[str, Any], changes).items():
            setattr(self, key, value)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.send_intent(content)
        except SessionError as e:
            action = content.get("action") if isinstance(content, dict) else None
            if action in ("next", "daily", "import", "hint"):   # shown by the trainer's view
                self._errors += 1
                self.trainer_error = {"text": str(e), "n": self._errors}
            else:  # the protocol's one refusal, as a custom message (the puzzle shows it)
                self.send(refusal(str(e)))

    def _static_state(self) -> dict[str, Any]:
        """A page without a kernel: the trainer's spec for the in-page engine (the state
        is the browser's own, read there)."""
        hand = self.pool if self.custom_pool else bundled_pool()
        ids = hand.sorted_ids
        if len(ids) > MAX_POOL:
            raise ValueError(f"a page carries at most {MAX_POOL} puzzles as data; this pool "
                             f"has {len(ids)}")
        items = []
        for pid in ids:
            p = hand.puzzle(pid)
            if p.data is None:
                raise ValueError(f"puzzle {pid!r} has no data for the in-page engine")
            items.append({"data": p.data, "source": p.source})
        return {"session": {"pool": items, "mined": not self.custom_pool},
                "rules_url": self.rules_url}

"""The puzzles' class ratings (issue 38): what a class's attempts say of each puzzle.

Each student's trainer keeps its own copy of every puzzle's rating (it moves with that
student's answers only). The class keeps one more per puzzle, shared by the whole class:
every trainer attempt in the class (:mod:`.assignment`) is also one Glicko-2 game
(:mod:`mtlearn.trainer.glicko2`, its own rating period, the deviation kept within the
trainer's bounds) between the puzzle's class rating and the student's class rating as it
was before the attempt: a puzzle solved first time loses rating points, one missed (or
its answer shown) gains them, one solved after a hint counts as a draw. A puzzle's class
rating starts from the rating the trainer's pool gives it (the shipped one, or the one
learned before, :mod:`mtlearn.content.puzzle_rates`) and from the learned deviation, else
the trainer's :data:`~mtlearn.trainer.trainer.PUZZLE_RD`.

The ratings are kept in the class folder as one sealed file, ``trainer/ratings.json``
(written atomically, its previous copy kept, read back on ``--resume``: :mod:`.store`)::

    {"version": 1, "class": "<16 hex digits, made at the first attempt>",
     "puzzles": {"<puzzle id>": {"r": [rating, rd, vol], "start": [rating, rd],
                                 "attempts": 3, "solved": 1}, ...}, "sha256": "..."}

It is written after the student's own file: a crash between the two writes leaves the
attempt out of the class rating, never counts it twice. The class's results CSV ends
with them (:meth:`ClassRatings.csv`, the header
:data:`~mtlearn.content.puzzle_rates.EXPORT_HEADER`), which ``mtlearn puzzles rate``
folds into the shipped ratings. Standard library only.
"""

from __future__ import annotations

import csv
import io
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...content.puzzle_rates import EXPORT_HEADER, overrides
from ...core.words import one_line
from ...trainer.glicko2 import DEFAULT_VOL, Rating, rate
from ...trainer.trainer import PUZZLE_RD
from . import ClassError
from .puzzle_round import _cell, clean
from .store import prev_of, read_kept, write_sealed

__all__ = ["ClassRatings"]

_CLASS_ID = re.compile(r"^[0-9a-f]{16}$")


class ClassRatings:
    """Every puzzle's class rating (see the module), kept in ``folder/ratings.json``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "ratings.json"
        self.id = ""  # the class's random id, made at the first attempt
        self.puzzles: dict[str, dict[str, Any]] = {}

    def rating(self, pid: str) -> Rating | None:
        """The puzzle's class rating now (None if no student of the class tried it)."""
        rec = self.puzzles.get(pid)
        return None if rec is None else Rating(*rec["r"])

    def record(self, pid: str, start: float, learner: Rating, score: float) -> Rating:
        """One attempt at ``pid`` by a student rated ``learner`` (before the attempt),
        their ``score`` (1 solved, 0.5 after a hint, 0 missed); ``start`` is the pool's
        rating of the puzzle (used at its first attempt). Written to the folder; the new
        class rating."""
        rec = self.puzzles.get(pid)
        if rec is None:
            learned = overrides().get(pid)
            rd = PUZZLE_RD if learned is None else learned.rd
            rec = {"r": [round(start, 2), rd, DEFAULT_VOL], "start": [round(start, 2), rd],
                   "attempts": 0, "solved": 0}
        new = rate(Rating(*rec["r"]), [(learner, 1.0 - score)], clamp=True)
        rec = {**rec, "r": new.to_list(), "attempts": rec["attempts"] + 1,
               "solved": rec["solved"] + (score == 1.0)}
        self.puzzles[pid] = rec
        if not self.id:
            self.id = secrets.token_hex(8)
        self.save()
        return new

    def save(self) -> None:
        """Write the ratings to the folder (sealed, atomically, the previous copy kept)."""
        self.path.parent.mkdir(exist_ok=True)
        write_sealed(self.path, {"version": 1, "class": self.id, "puzzles": self.puzzles})

    def load(self, top: Path, notes: list[str]) -> None:
        """Read the ratings back (``--resume``); a damaged file falls back to its previous
        copy, said in ``notes`` (with neither, the class ratings start afresh)."""
        if not self.path.exists() and not prev_of(self.path).exists():
            return
        kept = read_kept(self.path, top, notes, _checked)
        if kept is not None:
            self.id, self.puzzles = kept

    def rows(self, title: Callable[[str], str]) -> list[dict[str, Any]]:
        """One row per puzzle tried in the class, most tried first: ``id``, ``title``,
        ``rating``, ``rd``, ``start``, ``attempts``, ``solved``."""
        rows = []
        for pid, rec in self.puzzles.items():
            rows.append({"id": pid, "title": title(pid), "rating": rec["r"][0],
                         "rd": rec["r"][1], "vol": rec["r"][2], "start": rec["start"][0],
                         "start_rd": rec["start"][1], "attempts": rec["attempts"],
                         "solved": rec["solved"]})
        rows.sort(key=lambda r: (-r["attempts"], r["id"]))
        return rows

    def csv(self, title: Callable[[str], str]) -> str:
        """The ratings as the results CSV's last part: :data:`EXPORT_HEADER`, then a line
        per puzzle tried (ratings to 0.1, the class's id on every line; titles guarded
        against formulas)."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(EXPORT_HEADER)
        for r in self.rows(title):
            w.writerow([r["id"], _cell(str(r["title"])), f"{r['rating']:.1f}",
                        f"{r['rd']:.1f}", f"{r['vol']:.6f}", f"{r['start']:.1f}",
                        f"{r['start_rd']:.1f}", r["attempts"], r["solved"], self.id])
        return clean(out.getvalue())


def _checked(data: Any, where: str) -> tuple[str, dict[str, dict[str, Any]]]:
    """The class id and ratings kept in ``data``, checked (ClassError naming ``where``)."""
    try:
        cid = str(data["class"])
        if cid and not _CLASS_ID.match(cid):
            raise ValueError(f"class id {one_line(repr(cid), 30)}")
        out = {}
        for pid, rec in data["puzzles"].items():
            r = [float(x) for x in rec["r"]]
            start = [float(x) for x in rec["start"]]
            attempts, solved = int(rec["attempts"]), int(rec["solved"])
            if len(r) != 3 or len(start) != 2 or not 0 <= solved <= attempts or r[1] <= 0:
                raise ValueError(f"puzzle {one_line(repr(pid), 40)}")
            out[str(pid)] = {"r": r, "start": start, "attempts": attempts, "solved": solved}
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ClassError(f"{where}: not the class's puzzle ratings "
                         f"({one_line(str(e), 200)})") from None
    return cid, out

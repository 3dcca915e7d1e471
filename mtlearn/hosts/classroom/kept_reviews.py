"""The students' reviews of their rounds, kept in the class folder (issue 41, item 2).

The teacher's figures of each student's last reviewed round (:mod:`.reviews`: the table,
the round, the decisions reviewed, the mistakes, the points lost) are kept in one sealed
file of the class folder, ``reviews.json`` (written atomically, its previous copy kept
beside it as ``reviews.prev.json``: :mod:`.store`)::

    {"format": "mtlearn-class-reviews", "version": 1,
     "reviews": {"<student id>": {"table": "Table 1", "round": 2, "decisions": 9,
                                  "mistakes": 1, "lost": 4.5}, ...},
     "sha256": "..."}

one entry a student, the most recent last, at most :data:`MAX_KEPT`. The file is written
with the review, as every change of the class is (:mod:`.keeping`, off the event loop by
the writer threads: :mod:`.commits`): the review's messages go out once the file holds
it, and a review the folder cannot hold is taken back whole (the file and the figures as
they were). ``--resume`` reads it back (:func:`load`); a damaged or malformed file is put
aside and named, its previous copy read instead (:func:`~.store.read_kept`). The
reviews themselves (each mistake, for the phone) are not kept: a phone that asks again
after a restart gets its review made again. Standard library only.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ...core.words import one_line
from . import ClassError
from .store import prev_of, read_kept

__all__ = ["FILE", "FORMAT", "MAX_KEPT", "file_dict", "load", "record"]

#: The file's name in the class folder.
FILE = "reviews.json"
#: Its ``format`` key.
FORMAT = "mtlearn-class-reviews"
#: Students whose last review is kept: every student a class may hold (200) and as many
#: who were removed (their figures come back with an Undo); past that, the oldest of a
#: student the class no longer knows goes first.
MAX_KEPT = 400
#: The longest table label kept (a table's label is "Table <n>").
MAX_LABEL = 100
_FIELDS = ("table", "round", "decisions", "mistakes", "lost")


def record(counts: dict[str, dict[str, Any]], sid: str, figures: dict[str, Any],
           students: dict[str, Any]) -> None:
    """Keep ``figures`` as student ``sid``'s last review in ``counts`` (the most recent
    last), at most :data:`MAX_KEPT`: past that, the oldest of a student not in
    ``students`` goes first (then the oldest of all)."""
    counts.pop(sid, None)
    counts[sid] = figures
    while len(counts) > MAX_KEPT:
        gone = next((k for k in counts if k not in students), next(iter(counts)))
        del counts[gone]


def file_dict(counts: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """What ``reviews.json`` holds (see the module)."""
    return {"format": FORMAT, "version": 1, "reviews": counts}


def load(folder: Path, notes: list[str]) -> dict[str, dict[str, Any]]:
    """The figures kept in ``folder`` (``--resume``; none if no review was kept). A damaged
    or malformed file is put aside and said in ``notes``, its previous copy read instead;
    with neither good, the reviews start afresh (said too)."""
    path = folder / FILE
    if not path.exists() and not prev_of(path).exists():
        return {}
    kept = read_kept(path, folder, notes, checked)
    if kept is None:
        notes.append(f"{FILE}: the students' reviews start afresh")
        return {}
    return kept


def checked(data: Any, where: str) -> dict[str, dict[str, Any]]:
    """The figures in ``data`` (a ``reviews.json``), checked; :class:`ClassError` naming
    ``where`` if it is not one."""
    try:
        if data.get("format") != FORMAT:
            raise ValueError(f"format {one_line(repr(data.get('format')), 40)}")
        if data["version"] != 1:
            raise ValueError(f"version {one_line(repr(data['version']), 20)}")
        reviews = data["reviews"]
        if not isinstance(reviews, dict):
            raise TypeError("reviews is not an object")
        if len(reviews) > MAX_KEPT:
            raise ValueError(f"{len(reviews)} reviews; at most {MAX_KEPT} are kept")
        out: dict[str, dict[str, Any]] = {}
        for sid, rec in reviews.items():
            if not isinstance(rec, dict) or set(rec) != set(_FIELDS):
                raise ValueError(f"student {one_line(repr(sid), 40)}: not a review's figures")
            table, lost = rec["table"], rec["lost"]
            if not isinstance(table, str) or not 0 < len(table) <= MAX_LABEL:
                raise ValueError(f"student {one_line(repr(sid), 40)}: table "
                                 f"{one_line(repr(table), 40)}")
            whole = [rec[k] for k in ("round", "decisions", "mistakes")]
            if any(not isinstance(n, int) or isinstance(n, bool) or n < 0 for n in whole):
                raise ValueError(f"student {one_line(repr(sid), 40)}: round, decisions and "
                                 "mistakes are whole numbers")
            if not isinstance(lost, (int, float)) or isinstance(lost, bool) \
                    or not math.isfinite(lost):
                raise ValueError(f"student {one_line(repr(sid), 40)}: lost "
                                 f"{one_line(repr(lost), 40)}")
            out[sid] = {k: rec[k] for k in _FIELDS}
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ClassError(f"{where}: not the students' reviews ({type(e).__name__}: "
                         f"{one_line(str(e), 200)})") from None
    return out

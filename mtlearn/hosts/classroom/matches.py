"""Every match played at a class table, kept with its round points (issue 39).

A table plays one match at a time; **New match** (the teacher's) deals the next one. The
match before is never lost: it is archived in the class folder as soon as it is over
(with the change that ended it: the last move, a computer's or a student's), and again
when the teacher deals a new match (a match that was not archived yet, such as one of a
class kept before this was done). Each match has its file,
``archive/match-<table>-<match>-<time>.json`` (sealed, :mod:`.store`), and the same name
``.csv`` (a line per player: the points left in hand at the end of each round, the
match total and the place). A match archived again (the teacher took back its last move,
or renamed a student, and it ended again) rewrites its own files, the previous copy kept
beside them (``….prev.json``).

The files are written with the change (:meth:`~.keeping.Keeper.put`): a change the folder
cannot hold is taken back with its archive files, and :attr:`ClassMatches.kept` as it
was. ``--resume`` reads every ``match-…`` file of ``archive/`` back
(:meth:`ClassMatches.load`), so the results page and the CSV (:mod:`.results`) show every
match of the class, round by round. Standard library only.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import ClassError, store
from .puzzle_round import _cell, clean
from .tables import ClassTable

if TYPE_CHECKING:
    from .keeping import Keeper
    from .room import Classroom

__all__ = ["CSV_HEAD", "PREFIX", "ClassMatches", "csv_rows", "match_record", "seat_students"]

#: The archive files' prefix (``archive/match-…``).
PREFIX = "match"
#: The head of a match's CSV lines (then ``round 1`` … ``round N``).
CSV_HEAD = ["name", "table", "match", "seat", "place", "match total", "rounds played"]


def seat_students(room: Classroom, t: ClassTable) -> list[tuple[str | None, bool]]:
    """Per seat of ``t``: the student who plays it (their id, else None) and whether a
    computer player took it from them for good (found by the seat's name)."""
    by_name: dict[str, list[str]] = {}
    for key, st in room.students.items():
        by_name.setdefault(str(st["name"]).casefold(), []).append(key)
    out: list[tuple[str | None, bool]] = []
    for seat in t.seats:
        sid: str | None = seat["student"]
        taken = False
        if sid is None and seat["kind"] == "computer":  # a student replaced for good?
            found = by_name.get(str(seat["name"]).casefold(), [])
            sid, taken = (found[0], True) if len(found) == 1 else (None, False)
        out.append((sid, taken))
    return out


def match_record(room: Classroom, t: ClassTable) -> dict[str, Any] | None:
    """The match ``t`` plays now, as its archive holds it (None before the deal): per
    seat the name, the student, the points of each round, the total and the place."""
    if t.session is None:
        return None
    info = t.session.match_info()
    whose = seat_students(room, t)
    players = []
    for s in sorted(info["standings"], key=lambda s: s["seat"]):
        sid, taken = whose[s["seat"] - 1]
        players.append({"seat": s["seat"], "name": s["name"], "student": sid,
                        "computer": t.seats[s["seat"] - 1]["kind"] == "computer" and not taken,
                        "taken": taken, "place": s["place"], "total": s["total"],
                        "rounds": list(s["rounds"])})
    return {"format": "mtlearn-class-match", "version": 1, "table": t.id, "label": t.label,
            "match": t.match, "seed": t.seed, "preset": t.preset, "of": info["rounds"],
            "played": len(t.session.game.round_scores), "over": info["match_over"],
            "players": players}


def _checked(data: Any, where: str) -> dict[str, Any]:
    """An archived match, checked (:class:`~.store.Damaged` if it is not one)."""
    try:
        rec = {k: data[k] for k in ("table", "label", "match", "seed", "preset", "of",
                                    "played", "over", "players")}
        rec["table"], rec["label"] = str(rec["table"]), str(rec["label"])
        rec["match"], rec["of"], rec["played"] = (int(rec["match"]), int(rec["of"]),
                                                  int(rec["played"]))
        rec["over"] = bool(rec["over"])
        rec["players"] = [{"seat": int(p["seat"]), "name": str(p["name"]),
                           "student": None if p["student"] is None else str(p["student"]),
                           "computer": bool(p["computer"]), "taken": bool(p["taken"]),
                           "place": int(p["place"]), "total": int(p["total"]),
                           "rounds": [int(x) for x in p["rounds"]]} for p in data["players"]]
        rec["kept"] = float(data.get("kept", 0))
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise store.Damaged(f"{where}: not an archived match ({type(e).__name__})") from None
    return rec


def csv_rows(w: Any, entries: list[tuple[str, dict[str, Any]]]) -> None:
    """Write one CSV line per (name, match entry): :data:`CSV_HEAD`, then the points of
    each round (``w``: a :func:`csv.writer`)."""
    for name, g in entries:
        w.writerow([_cell(name), _cell(g["label"]), g["match"], g["seat"], g["place"],
                    g["total"], len(g["rounds"]), *g["rounds"]])


def match_csv(rec: dict[str, Any]) -> str:
    """An archived match as CSV text: a line per player (computers too), by seat."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([*CSV_HEAD, *(f"round {k}" for k in range(1, rec["played"] + 1))])
    csv_rows(w, [(p["name"], {**p, "label": rec["label"], "match": rec["match"]})
                 for p in rec["players"]])
    return clean(out.getvalue())


#: What makes two records of a match the same (not when they were written).
_SAME = ("label", "match", "seed", "of", "played", "over", "players")


def _key(table: str, match: int) -> str:
    return f"{table}/{match}"


class ClassMatches:
    """The class's archived matches: ``kept`` maps ``"<table>/<match>"`` to the record of
    :func:`match_record` (with ``archive``, its file's stem, and ``kept``, when)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.kept: dict[str, dict[str, Any]] = {}

    def keep(self, room: Classroom, t: ClassTable, keeper: Keeper, *,
             ended: bool = False) -> Callable[[], None] | None:
        """Archive the match ``t`` plays if it is over (or ``ended``: a new match replaces
        it, and a round of it was played) and its archive does not hold it as it is now:
        its files written through ``keeper`` (taken back with the change); what puts
        :attr:`kept` back if the change fails, or None when nothing was archived."""
        if t.session is None or not (ended or t.session.game.is_match_over):
            return None  # the common case, a move in a match going on: nothing to compute
        rec = match_record(room, t)
        if rec is None or not (rec["over"] or (ended and rec["played"])):
            return None
        key = _key(t.id, t.match)
        old = self.kept.get(key)
        if old is not None and all(old.get(k) == rec[k] for k in _SAME):
            return None
        where = self.folder / "archive"
        where.mkdir(exist_ok=True)
        stem = old["archive"] if old is not None else store.archive_name(
            f"{t.id}-{t.match}", time.time(), where, prefix=PREFIX)
        rec["kept"] = time.time()
        keeper.put(where / f"{stem}.json", None, rec)
        keeper.put_text(where / f"{stem}.csv", match_csv(rec))
        self.kept[key] = {**rec, "archive": stem}

        def put_back() -> None:
            if old is None:
                self.kept.pop(key, None)
            else:
                self.kept[key] = old
        return put_back

    def load(self, notes: list[str]) -> None:
        """Every match archived in the folder (``--resume``); a damaged file is put aside
        and said in ``notes``, its previous copy read instead (:func:`~.store.read_kept`)."""
        where = self.folder / "archive"
        for name in store.archives(where):  # newest first: the newest of a match wins
            if not (name.startswith(PREFIX + "-") and name.endswith(".json")):
                continue
            try:
                rec = store.read_kept(where / name, self.folder, notes, _checked)
            except (OSError, ClassError) as e:
                notes.append(f"archive/{name} cannot be read: {e}")
                continue
            if rec is not None:
                self.kept.setdefault(_key(rec["table"], rec["match"]),
                                     {**rec, "archive": name.removesuffix(".json")})

    def records(self) -> list[dict[str, Any]]:
        """The archived matches, by table and match number."""
        def order(rec: dict[str, Any]) -> tuple[int, str, int]:
            tid = str(rec["table"])
            num = tid[1:]
            return (int(num) if num.isdigit() else 0, tid, int(rec["match"]))

        return sorted(self.kept.values(), key=order)

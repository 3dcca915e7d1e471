"""A puzzle round: the teacher picks a set of bundled puzzles, every student works
through it on their own device, the server judges each answer, and the teacher sees who
solved what, with how many tries and hints (exportable as CSV).

What is kept about a student is their first name (in :mod:`.room`) and, here, their
answers and the counts; nothing else, and only in the class folder on the teacher's
machine. Each change of a result is also given as one entry (:attr:`PuzzleRound.change`)
for the class folder's answers log (:mod:`.store`), and :meth:`PuzzleRound.apply` replays
it. Standard library only (the puzzles are read once with mtlearn.content).
"""

from __future__ import annotations

import copy
import csv
import functools
import io
import re
import secrets
import time
from collections.abc import Callable
from typing import Any

from ...content.puzzles import FAMILIES, PuzzleSession, bundled
from ...core.words import one_line
from . import ClassError

__all__ = ["MAX_ANSWERS", "PuzzleRound", "clean", "puzzle_sets"]

#: Answers kept per student and puzzle (the most recent ones).
MAX_ANSWERS = 20


@functools.cache
def puzzle_sets() -> list[dict[str, Any]]:
    """The sets a teacher can choose: one per family of bundled puzzles (read once; the
    teacher's page gets it with every state)."""
    out = []
    for family, title in FAMILIES.items():
        ids = [p.id for p in bundled() if p.family == family]
        if ids:
            out.append({"id": family, "title": title, "count": len(ids)})
    return out


class PuzzleRound:
    """One puzzle set for the whole class, and every student's progress in it."""

    def __init__(self, family: str, round_id: str | None = None,
                 started: float | None = None) -> None:
        if family not in FAMILIES:
            raise ClassError(f"puzzle set: {one_line(repr(family))} is not one of "
                             f"{', '.join(FAMILIES)}")
        self.family = family
        self.puzzles = [p for p in bundled() if p.family == family]
        self.title = str(FAMILIES[family])
        #: Which round this is (the answers log names it on every line).
        self.id = round_id or secrets.token_hex(6)
        #: When the round started (seconds since the epoch).
        self.started = time.time() if started is None else started
        #: The answers-log entry of the last message handled (None: it changed nothing).
        self.change: dict[str, Any] | None = None
        #: The archive file (in the class folder's archive/) once the round was archived.
        self.archive: str | None = None
        self._rows: dict[str, tuple[str, dict[str, Any]]] = {}  # sid -> (name, results row)
        #: student id -> {"index": int, "results": {puzzle id: record}}
        self.students: dict[str, dict[str, Any]] = {}
        self._sessions: dict[tuple[str, int], PuzzleSession] = {}

    def _student(self, sid: str) -> dict[str, Any]:
        return self.students.setdefault(sid, {"index": 0, "results": {}})

    def _record(self, sid: str, pid: str) -> dict[str, Any]:
        record: dict[str, Any] = self._student(sid)["results"].setdefault(
            pid, {"tries": 0, "hints": 0, "solved": False, "shown": False, "answers": []})
        return record

    def _session(self, sid: str) -> PuzzleSession:
        i = self._student(sid)["index"]
        key = (sid, i)
        if key not in self._sessions:
            self._sessions[key] = PuzzleSession(self.puzzles[i])
        return self._sessions[key]

    def state(self, sid: str) -> dict[str, Any]:
        """The model keys of a student's puzzle board (the same keys as a book page's)."""
        st = self.students.get(sid) or {"index": 0, "results": {}}  # kept once they act
        p = self.puzzles[st["index"]]
        kept = {pid: {"solved": r["solved"], "stars": 3 if r["solved"] else 0,
                      "shown": r["shown"]} for pid, r in st["results"].items()}
        return {"type": "puzzle", "set_title": self.title,
                "set": [{"id": q.id, "title": q.title, "level": q.level} for q in self.puzzles],
                "index": st["index"], "puzzle": p.info(), "view": p.view(),
                "feedback": None, "solution": None, "set_progress": kept,
                "progress": kept.get(p.id), "storage": "server"}

    def handle(self, sid: str, msg: Any) -> dict[str, Any]:
        """A student's puzzle message (answer, move, restart, show, goto, progress,
        reset); the model keys to change on their device."""
        if not isinstance(msg, dict):
            raise ClassError("puzzle: expected an object with an \"action\"")
        action = msg.get("action")
        st = self._student(sid)
        self.change = None
        self._rows.pop(sid, None)
        if action == "goto":
            i = msg.get("index")
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.puzzles):
                raise ClassError(f"goto: choose a puzzle from 0 to {len(self.puzzles) - 1}, "
                                 f"not {one_line(repr(i))}")
            if st["index"] != i:
                st["index"] = i
                self.change = {"r": self.id, "s": sid, "i": i}
            return self.state(sid)
        pid = self.puzzles[st["index"]].id
        new = pid not in st["results"]
        rec = self._record(sid, pid)
        before = dict(rec)
        try:
            return self._handle(sid, msg, action, rec)
        finally:
            if new or rec != before:
                self.change = {"r": self.id, "s": sid, "i": st["index"], "p": pid,
                               "rec": dict(rec)}

    def keep(self, sid: str) -> Callable[[], None]:
        """What puts ``sid``'s progress back as it is now (a message whose change could not
        be written to the class folder is taken back with it)."""
        kept = copy.deepcopy(self.students.get(sid))

        def put_back() -> None:
            if kept is None:
                self.students.pop(sid, None)
            else:
                self.students[sid] = kept
            self._rows.pop(sid, None)
            for key in [k for k in self._sessions if k[0] == sid]:
                del self._sessions[key]  # a puzzle opens afresh, as after --resume
        return put_back

    def _handle(self, sid: str, msg: dict[str, Any], action: Any,
                rec: dict[str, Any]) -> dict[str, Any]:
        if action == "progress":  # the front end counts the hints it opened
            hints = (msg.get("record") or {}).get("hints") if isinstance(
                msg.get("record"), dict) else None
            if isinstance(hints, int) and not isinstance(hints, bool) and 0 <= hints <= 20:
                rec["hints"] = max(rec["hints"], hints)
            return {}
        if action == "reset":
            return {}
        out = self._session(sid).handle(msg)
        fb = out.get("feedback") or {}
        if action == "show":
            rec["shown"] = True
        if action in ("answer", "move") and fb.get("status") in ("right", "wrong", "illegal"):
            rec["tries"] += 1
            answer = msg.get("answer", msg.get("move"))
            rec["answers"] = [*rec["answers"], clean(one_line(str(answer), 120))][
                -MAX_ANSWERS:]
            if fb.get("status") == "right":
                rec["solved"] = True
        return {"type": "puzzle_update", **out}

    def results(self, names: dict[str, str]) -> dict[str, Any]:
        """The teacher's table: one row per student, one cell per puzzle."""
        rows = []
        for sid in {**names, **self.students}:  # every student of the class
            name = names.get(sid, "?")
            kept = self._rows.get(sid)
            if kept is None or kept[0] != name:  # rows are made again only when changed
                kept = self._rows[sid] = (name, self._row(sid, name))
            rows.append(kept[1])
        rows.sort(key=lambda r: str(r["name"]).casefold())
        return {"set": self.family, "title": self.title,
                "puzzles": [{"id": p.id, "title": p.title} for p in self.puzzles],
                "rows": rows}

    def _row(self, sid: str, name: str) -> dict[str, Any]:
        st = self.students.get(sid) or {"index": 0, "results": {}}
        cells = []
        for p in self.puzzles:
            r = st["results"].get(p.id)
            cells.append(None if r is None else {k: r[k] for k in
                                                 ("tries", "hints", "solved", "shown")})
        return {"name": name, "solved": sum(1 for c in cells if c and c["solved"]),
                "cells": cells}

    def csv(self, names: dict[str, str]) -> str:
        """The results as CSV: one line per student and puzzle tried."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["name", "puzzle", "title", "solved", "tries", "hints", "answer shown",
                    "answers"])
        for sid, st in sorted(self.students.items(), key=lambda kv: names.get(kv[0], "")):
            for p in self.puzzles:
                r = st["results"].get(p.id)
                if r is None:
                    continue
                w.writerow([_cell(names.get(sid, "?")), p.id, _cell(p.title),
                            "yes" if r["solved"] else "no", r["tries"], r["hints"],
                            "yes" if r["shown"] else "no",
                            _cell(" | ".join(r["answers"]))])
        return out.getvalue()

    def apply(self, entry: dict[str, Any]) -> bool:
        """Replay one answers-log entry (:attr:`change`) of this round; False (nothing
        changed) for another round's entry or one that does not fit this round."""
        if entry.get("r") != self.id or not isinstance(entry.get("s"), str):
            return False
        i = entry.get("i")
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.puzzles):
            return False
        pid, rec = entry.get("p"), entry.get("rec")
        if pid is not None and (pid not in {p.id for p in self.puzzles}
                                or _record_of(rec) is None):
            return False
        st = self._student(entry["s"])
        self._rows.pop(entry["s"], None)
        st["index"] = i
        if pid is not None:
            st["results"][pid] = _record_of(rec)
        return True

    def to_dict(self) -> dict[str, Any]:
        """What the class folder keeps of the round."""
        return {"family": self.family, "id": self.id, "started": self.started,
                "students": self.students}

    @classmethod
    def from_dict(cls, data: Any, where: str) -> PuzzleRound:
        """The round :meth:`to_dict` wrote (ClassError naming ``where`` if damaged)."""
        try:
            r = cls(data["family"], str(data.get("id") or "") or None,
                    float(data.get("started") or 0) or None)
            students = data["students"]
            if not isinstance(students, dict):
                raise TypeError("students is not an object")
            for sid, st in students.items():
                index = int(st["index"])
                if not 0 <= index < len(r.puzzles) or not isinstance(st["results"], dict):
                    raise ValueError(f"student {sid}: bad index or results")
                results = {}
                for pid, rec in st["results"].items():
                    results[str(pid)] = _record_of(rec)
                    if results[str(pid)] is None:
                        raise ValueError(f"student {sid}: puzzle {pid}: not a saved result")
                r.students[str(sid)] = {"index": index, "results": results}
        except (KeyError, TypeError, ValueError) as e:
            raise ClassError(f"{where}: not a saved puzzle round ({one_line(str(e), 200)})") \
                from None
        return r


def clean(text: str) -> str:
    """``text`` with every character UTF-8 cannot hold (a lone surrogate such as
    ``"\\ud800"``, which JSON lets a device send) replaced by ``?``: kept answers are
    always writable, to the CSV export as to the class folder."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _record_of(rec: Any) -> dict[str, Any] | None:
    """A kept result of one puzzle, checked and cleaned (None if it is not one)."""
    if not isinstance(rec, dict) or not isinstance(rec.get("answers"), list):
        return None
    counts = [rec.get("tries"), rec.get("hints")]
    if not all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts):
        return None
    return {"tries": counts[0], "hints": counts[1], "solved": bool(rec.get("solved")),
            "shown": bool(rec.get("shown")),
            "answers": [clean(str(a)) for a in rec["answers"]][-MAX_ANSWERS:]}


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")
#: A formula after a separator a spreadsheet may split a cell on (``x;=1+1``).
_FORMULA_PART = re.compile(r"([;,][ ]*)(?=[=+\-@\t\r\n\0])")


def _cell(text: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula (as OWASP's CSV injection page
    advises): a cell that starts with ``= + - @``, a tab, CR, LF or NUL (also after
    leading spaces) starts with a ``'``, and so does every part after a ``;`` or ``,``
    that would start so (``x;=1+1`` becomes ``x;'=1+1``: a spreadsheet that splits
    cells on ``;`` reads text in both); the CSV writer quotes a cell holding a comma, a
    quote or a line break."""
    text = _FORMULA_PART.sub(r"\1'", text)
    return "'" + text if text.lstrip(" ")[:1] in _FORMULA_START else text

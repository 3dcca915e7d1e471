"""Trainer puzzles in the class (issue 31): the teacher assigns a theme or a rating band and
a count; every student gets their own puzzles, chosen by the trainer near their class
rating; the server judges each answer and rates it with Glicko-2.

* :class:`Assignment` is what the teacher asked for (a theme, or a rating band, and a
  count), checked against the trainer's pool (the hand-written and the mined puzzles):
  an unknown theme, an empty band, a count outside 1 to :data:`MAX_COUNT`, or more
  puzzles than the theme or band holds are refused in words that say what there is.
* :class:`ClassTrainer` keeps every student's trainer state
  (:mod:`mtlearn.trainer.trainer_state`: their class rating, the puzzles' ratings, the
  replays), across assignments, and their progress in the assignment on: the puzzles
  they were given, each attempt's score, the puzzle on their board. A student sees the
  next puzzle only once the one on the board is recorded (answered, or its answer
  shown): they cannot skip to an easier one, nor pick one, nor act for another student.
* How an attempt counts is the trainer's own rule
  (:mod:`mtlearn.trainer.trainer_session`): a right answer first time is a win, after a
  hint half a win, a wrong or illegal answer, or the answer shown, a loss; only the
  first verdict counts.
* Every attempt also rates the puzzle for the whole class (:mod:`.class_ratings`: one
  Glicko-2 rating per puzzle, kept in ``trainer/ratings.json`` and ending the results
  CSV), which ``mtlearn puzzles rate`` folds into the shipped ratings.

Each change is written before its messages are sent (:mod:`.store`): one sealed file per
student (``trainer/<id>.json``) and the assignment's (``trainer/assignment.json``); an
assignment that ends or is replaced is archived with its results
(``archive/trainer-<what>-<time>.json`` and ``.csv``). Standard library only.
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
from pathlib import Path
from typing import Any

from ...content.puzzle_session import PuzzleSession
from ...core.errors import MtlearnError
from ...core.words import one_line
from ...trainer.glicko2 import idle
from ...trainer.trainer import Pool, Trainer, theme_label
from ...trainer.trainer_state import TrainerStateError, load_state, new_state
from . import ClassError
from .class_ratings import ClassRatings
from .puzzle_round import _cell, clean
from .store import Damaged, archive_name, read_kept, write_sealed, write_text

__all__ = ["MAX_COUNT", "Assignment", "ClassTrainer", "class_pool", "pool_themes"]

#: The most puzzles one assignment gives each student.
MAX_COUNT = 50
#: The ratings a band may name.
RATINGS = (0, 3500)
_SID = re.compile(r"^s[0-9a-f]{8}$")


@functools.cache
def class_pool() -> Pool:
    """The trainer's pool the class draws from: the hand-written and the mined puzzles
    (read once)."""
    from ...trainer.trainer_session import default_pool

    return default_pool()


def pool_themes(pool: Pool) -> list[dict[str, Any]]:
    """The themes a teacher may assign: id, words, how many puzzles carry it (most first)."""
    counts: dict[str, int] = {}
    for e in pool.entries.values():
        for t in e.themes:
            counts[t] = counts.get(t, 0) + 1
    return [{"id": t, "label": theme_label(t), "count": n}
            for t, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClassError(f"assign: {what} is a whole number, not {one_line(repr(value), 40)}")
    return value


class Assignment:
    """A theme or a rating band, and how many puzzles each student gets (checked)."""

    def __init__(self, pool: Pool, *, theme: Any = None, band: Any = None, count: Any = None,
                 aid: str | None = None, started: float | None = None) -> None:
        if (theme is None) == (band is None):
            raise ClassError("assign: give a theme or a rating band (one of the two)")
        count = _whole(count, "count")
        if not 1 <= count <= MAX_COUNT:
            raise ClassError(f"assign: count is 1 to {MAX_COUNT} puzzles a student, not {count}")
        self.theme: str | None = None
        self.band: tuple[int, int] | None = None
        if theme is not None:
            known = {t["id"] for t in pool_themes(pool)}
            if not isinstance(theme, str) or theme not in known:
                raise ClassError(f"assign: {one_line(repr(theme), 40)} is not a theme of the "
                                 "trainer's puzzles (choose one from the list: a rule id "
                                 "such as R-MARK-1, or a strategy theme)")
            self.theme = theme
            ids = [i for i in pool.sorted_ids if theme in pool.entries[i].themes]
            where = f"the theme {theme_label(theme)}"
        else:
            if not isinstance(band, (list, tuple)) or len(band) != 2:
                raise ClassError("assign: a rating band is two ratings, lowest and highest "
                                 "(e.g. 800 and 1200)")
            low, high = (_whole(b, "a band's rating") for b in band)
            if not RATINGS[0] <= low <= high <= RATINGS[1]:
                raise ClassError(f"assign: the band {low}–{high} is empty: give the lowest "
                                 f"rating first, both from {RATINGS[0]} to {RATINGS[1]}")
            self.band = (low, high)
            ids = [i for i in pool.sorted_ids if low <= pool.entries[i].rating <= high]
            where = f"the rating band {low}–{high}"
            if not ids:
                rs = [e.rating for e in pool.entries.values()]
                raise ClassError(f"assign: no puzzle is rated in {where} (the puzzles are "
                                 f"rated {min(rs):.0f} to {max(rs):.0f})")
        if len(ids) < count:
            raise ClassError(f"assign: {where} holds {len(ids)} puzzle"
                             f"{'' if len(ids) == 1 else 's'}: ask for {len(ids)} or fewer")
        self.count = count
        self.ids = ids
        self.pool = Pool([pool.entries[i] for i in ids], pool.puzzle)
        self.id = aid or secrets.token_hex(6)
        self.started = time.time() if started is None else started

    @property
    def title(self) -> str:
        """The assignment in words."""
        what = (f"theme {theme_label(self.theme)}" if self.theme is not None else
                f"puzzles rated {self.band[0]}–{self.band[1]}" if self.band else "")
        return f"{self.count} trainer puzzles, {what}"

    @property
    def slug(self) -> str:
        """A short name for the archive's files."""
        if self.theme is not None:
            return re.sub(r"[^a-z0-9-]+", "-", self.theme.lower()).strip("-")[:30] or "theme"
        assert self.band is not None
        return f"band-{self.band[0]}-{self.band[1]}"

    def info(self) -> dict[str, Any]:
        """What the pages show of it."""
        return {"id": self.id, "theme": self.theme,
                "band": None if self.band is None else list(self.band), "count": self.count,
                "title": self.title, "available": len(self.ids)}

    def to_dict(self) -> dict[str, Any]:
        """What the class folder keeps of it."""
        return {"id": self.id, "theme": self.theme,
                "band": None if self.band is None else list(self.band), "count": self.count,
                "started": self.started}

    @classmethod
    def from_dict(cls, pool: Pool, data: Any, where: str) -> Assignment:
        """The assignment :meth:`to_dict` wrote (ClassError naming ``where``)."""
        try:
            return cls(pool, theme=data.get("theme"), band=data.get("band"),
                       count=data.get("count"), aid=str(data["id"]),
                       started=float(data["started"]))
        except (KeyError, TypeError, ValueError, AttributeError, ClassError) as e:
            raise ClassError(f"{where}: not a saved trainer assignment "
                             f"({one_line(str(e), 200)})") from None


def _progress(aid: str) -> dict[str, Any]:
    return {"assignment": aid, "given": [], "attempts": [], "current": None,
            "recorded": False, "hinted": False, "serial": 0, "result": None}


def _check_progress(data: Any, where: str, assignment: Assignment | None) -> dict[str, Any]:
    """A student's kept progress in an assignment, checked (ClassError if damaged)."""
    try:
        out = _progress(str(data["assignment"]))
        ids = set(assignment.ids) if assignment is not None else None
        for pid in data["given"]:
            if ids is not None and pid not in ids:
                raise ValueError(f"puzzle {pid!r} is not in the assignment")
            out["given"].append(str(pid))
        for a in data["attempts"]:
            out["attempts"].append({"p": str(a["p"]), "score": float(a["score"]),
                                    "themes": [str(t) for t in a["themes"]],
                                    "opp": float(a["opp"]), "rating": float(a["rating"])})
        cur = data["current"]
        if cur is not None and cur not in out["given"]:
            raise ValueError("the puzzle on the board was not given")
        out.update(current=cur, recorded=bool(data["recorded"]), hinted=bool(data["hinted"]),
                   serial=int(data["serial"]), result=data.get("result"))
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise ClassError(f"{where}: not a student's trainer progress "
                         f"({one_line(str(e), 200)})") from None
    return out


class ClassTrainer:
    """Every student's trainer in one class, and the assignment on (see the module)."""

    def __init__(self, folder: Path, pool: Pool | None = None) -> None:
        self.folder = folder / "trainer"
        self._pool = pool
        self.assignment: Assignment | None = None
        self.ended: dict[str, Any] | None = None   # the last assignment ended: its archive
        self.states: dict[str, dict[str, Any]] = {}   # student id -> trainer state
        self.progress: dict[str, dict[str, Any]] = {}  # student id -> progress (assignment on)
        self._sessions: dict[str, tuple[int, PuzzleSession]] = {}
        self._themes: list[dict[str, Any]] | None = None
        self._ratings: list[int] = []
        self._rows: dict[str, tuple[Any, dict[str, Any]]] = {}  # sid -> (key, row)
        self.ratings = ClassRatings(self.folder)  # every puzzle's class rating
        self.utc_offset = time.localtime().tm_gmtoff // 60

    @property
    def pool(self) -> Pool:
        """The trainer's pool (read on first use)."""
        if self._pool is None:
            self._pool = class_pool()
        return self._pool

    # ------------------------------------------------------------------ the folder
    def _save_student(self, sid: str) -> None:
        self.folder.mkdir(exist_ok=True)
        write_sealed(self.folder / f"{sid}.json", {"state": self.states[sid],
                                                   "progress": self.progress.get(sid)})

    def _save_assignment(self) -> None:
        self.folder.mkdir(exist_ok=True)
        write_sealed(self.folder / "assignment.json", {
            "on": None if self.assignment is None else self.assignment.to_dict(),
            "ended": self.ended})

    def load(self, notes: list[str]) -> None:
        """Read back what the folder keeps (``--resume``): the assignment, every student's
        state and progress; a damaged file falls back to its previous copy (said in
        ``notes``)."""
        if not self.folder.is_dir():
            return
        top = self.folder.parent
        self.ratings.load(top, notes)
        path = self.folder / "assignment.json"
        if path.exists() or path.with_name("assignment.prev.json").exists():
            def check(data: Any, where: str) -> dict[str, Any]:
                on, ended = data.get("on"), data.get("ended")
                a = None if on is None else Assignment.from_dict(self.pool, on, where)
                res = ended.get("results") if isinstance(ended, dict) else None
                if ended is not None and not (isinstance(res, dict)
                                              and isinstance(res.get("rows"), list)):
                    raise ClassError(f"{where}: the ended assignment has no results")
                return {"on": a, "ended": ended}
            kept = read_kept(path, top, notes, check)
            if kept is not None:
                self.assignment, self.ended = kept["on"], kept["ended"]
        for f in sorted(self.folder.glob("s*.json")):
            sid = f.stem
            if not _SID.match(sid):
                continue

            def student(data: Any, where: str) -> tuple[dict[str, Any], Any]:
                try:
                    state = load_state(data.get("state"), where)
                except TrainerStateError as e:
                    raise Damaged(str(e)) from None
                prog = data.get("progress")
                return state, prog

            got = read_kept(f, top, notes, student)
            if got is None:
                continue
            self.states[sid] = got[0]
            a = self.assignment
            if got[1] is not None and a is not None and got[1].get("assignment") == a.id:
                try:
                    self.progress[sid] = _check_progress(got[1], str(f.relative_to(top)), a)
                except ClassError as e:
                    notes.append(f"{e}: the student starts the assignment again")

    def keep(self, sid: str | None = None) -> Callable[[], None]:
        """What puts the trainer back as it is now (a message whose change could not be
        written to the class folder is taken back with it): ``sid``'s state and progress,
        or (no ``sid``) the assignment, its end and every student's progress."""
        if sid is not None:
            state = copy.deepcopy(self.states.get(sid))
            prog = copy.deepcopy(self.progress.get(sid))

            def put_student() -> None:
                for kept, where in ((state, self.states), (prog, self.progress)):
                    if kept is None:
                        where.pop(sid, None)
                    else:
                        where[sid] = kept
                self._sessions.pop(sid, None)
                self._rows.pop(sid, None)
            return put_student
        was = (self.assignment, self.ended, self.progress, self._sessions)

        def put_assignment() -> None:
            self.assignment, self.ended, self.progress, self._sessions = was
            self._rows.clear()
        return put_assignment

    # ------------------------------------------------------------------ the teacher
    def assign(self, msg: dict[str, Any], names: dict[str, str]) -> str:
        """``assign``: a new assignment (``theme`` or ``band``, and ``count``), or none
        (``count`` null and neither): the one on is archived; the words of the change."""
        theme, band, count = msg.get("theme"), msg.get("band"), msg.get("count")
        new = None
        if not (theme is None and band is None and count is None):
            new = Assignment(self.pool, theme=theme, band=band, count=count)
        if self.assignment is not None:
            self.ended = self.archive(names)
        self.assignment = new
        self.progress = {}
        self._sessions = {}
        self._save_assignment()
        if new is None:
            return "The trainer puzzles are over; their results are kept."
        return (f"Trainer puzzles on: every student gets {new.title} ({len(new.ids)} "
                "puzzles to choose from).")

    def archive(self, names: dict[str, str]) -> dict[str, Any]:
        """Write the assignment on to ``archive/`` (JSON and CSV); what ``ended`` keeps."""
        a = self.assignment
        assert a is not None
        where = self.folder.parent / "archive"
        where.mkdir(exist_ok=True)
        stem = archive_name(a.slug, time.time(), where, prefix="trainer")
        results = self.results(names)
        write_text(where / f"{stem}.csv", self.csv(names))
        write_sealed(where / f"{stem}.json", {"assignment": a.to_dict(), "results": results})
        return {"archive": f"{stem}.json", "results": results}

    # ------------------------------------------------------------------ a student
    def _state(self, sid: str) -> dict[str, Any]:
        if sid not in self.states:
            self.states[sid] = new_state()
        return self.states[sid]

    def _trainer(self, sid: str) -> Trainer:
        assert self.assignment is not None
        return Trainer(self._state(sid), self.assignment.pool, utc_offset=self.utc_offset)

    def _session(self, sid: str, prog: dict[str, Any]) -> PuzzleSession:
        kept = self._sessions.get(sid)
        if kept is None or kept[0] != prog["serial"]:
            kept = (prog["serial"], PuzzleSession(self.pool.puzzle(prog["current"])))
            self._sessions[sid] = kept
        return kept[1]

    def _open_next(self, sid: str, prog: dict[str, Any], now: float) -> None:
        pick = self._trainer(sid).next(now, exclude=prog["given"])
        prog["given"].append(pick.id)
        prog.update(current=pick.id, recorded=False, hinted=False, result=None,
                    serial=prog["serial"] + 1)

    def _prog(self, sid: str, now: float) -> dict[str, Any] | None:
        """The student's progress in the assignment on (their first puzzle opened on first
        use); None when no assignment is on."""
        a = self.assignment
        if a is None:
            return None
        prog = self.progress.get(sid)
        if prog is None:
            prog = self.progress[sid] = _progress(a.id)
            self._open_next(sid, prog, now)
            self._save_student(sid)
        return prog

    def state(self, sid: str, now: float | None = None) -> dict[str, Any]:
        """A student's trainer message: the assignment, their puzzle (no answer), their
        rating, their count, their last result."""
        now = time.time() if now is None else now
        prog = self._prog(sid, now)
        if prog is None or self.assignment is None:
            return {"type": "trainer", "assignment": None}
        out: dict[str, Any] = {"type": "trainer", "trainer": self._info(sid, prog)}
        if not self._finished(prog):
            p = self.pool.puzzle(prog["current"])
            out.update(self._session(sid, prog).state(), puzzle=p.info(), solution=None)
        return out

    def _finished(self, prog: dict[str, Any]) -> bool:
        assert self.assignment is not None
        return bool(len(prog["attempts"]) >= self.assignment.count)

    def _info(self, sid: str, prog: dict[str, Any]) -> dict[str, Any]:
        assert self.assignment is not None
        t = self._trainer(sid)
        me = t.rating
        done = len(prog["attempts"])
        cur = prog["current"]
        return {"assignment": self.assignment.info(), "rating": round(me.rating),
                "provisional": me.rd > 110, "done": done,
                "solved": sum(1 for a in prog["attempts"] if a["score"] == 1.0),
                "finished": self._finished(prog), "recorded": prog["recorded"],
                "current": None if cur is None else {
                    "serial": prog["serial"], "number": len(prog["given"]),
                    "title": self.pool.puzzle(cur).title,
                    "rating": round(t.puzzle_rating(cur).rating)},
                "result": prog["result"], "themes": _theme_rows(prog["attempts"])}

    def handle(self, sid: str, msg: Any, now: float | None = None) -> dict[str, Any]:
        """A student's trainer message (answer, move, restart, show, hint, next;
        ``progress`` and ``reset`` are the page's own and change nothing): the keys to
        change on their phone. Refused (ClassError) with nothing changed otherwise."""
        now = time.time() if now is None else now
        if self.assignment is None:
            raise ClassError("no trainer puzzles are on: your teacher assigns them")
        if not isinstance(msg, dict):
            raise ClassError("trainer: expected an object with an \"action\"")
        action = msg.get("action")
        prog = self._prog(sid, now)
        assert prog is not None
        if action in ("progress", "reset"):
            return {}
        if action == "next":
            if self._finished(prog):
                raise ClassError(f"you have done the {self.assignment.count} puzzles your "
                                 "teacher set: well done")
            if not prog["recorded"]:
                raise ClassError("answer this puzzle first (or ask to see the answer): "
                                 "your teacher counts every puzzle")
            self._open_next(sid, prog, now)
            self._save_student(sid)
            return self.state(sid, now)
        if self._finished(prog):
            raise ClassError("you have done every puzzle of this assignment")
        if action == "hint":
            n = msg.get("n")
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10:
                raise ClassError(f"hint: n is the hint opened (1 to 10), not "
                                 f"{one_line(repr(n), 40)}")
            if not prog["recorded"] and not prog["hinted"]:
                prog["hinted"] = True
                self._save_student(sid)
            return {"type": "trainer_update", "trainer": self._info(sid, prog)}
        if action not in ("answer", "move", "restart", "show"):
            raise ClassError(f"trainer: unknown action {one_line(repr(action), 40)}: use "
                             "answer, move, restart, show, hint or next")
        try:
            out = self._session(sid, prog).handle(msg)
        except MtlearnError as e:
            raise ClassError(str(e)) from None
        fb = out.get("feedback")
        status = fb.get("status") if isinstance(fb, dict) else None
        if action == "show" or status in ("wrong", "illegal"):
            self._record(sid, prog, 0.0, now)
        elif status == "right":
            self._record(sid, prog, 0.5 if prog["hinted"] else 1.0, now)
        return {"type": "trainer_update", **out, "trainer": self._info(sid, prog)}

    def _record(self, sid: str, prog: dict[str, Any], score: float, now: float) -> None:
        if prog["recorded"]:
            return
        t = self._trainer(sid)
        pid = prog["current"]
        opp = t.puzzle_rating(pid).rating
        me, last = t.rating, t.state["last_day"]  # the student as the attempt found them
        if last is not None and t.day(now) > last:
            me = idle(me, t.day(now) - last)
        out = t.record(pid, score, now)
        prog["recorded"] = True
        prog["attempts"].append({"p": pid, "score": score,
                                 "themes": list(self.pool.entries[pid].themes),
                                 "opp": round(opp, 1), "rating": out["rating"]})
        prog["result"] = {"id": pid, "score": score, "rating": out["rating"],
                          "change": out["change"], "replay": out["replay"]}
        self._save_student(sid)
        self.ratings.record(pid, self.pool.entries[pid].rating, me, score)  # after: never twice

    # ------------------------------------------------------------------ results
    def rows(self, names: dict[str, str]) -> list[dict[str, Any]]:
        """One row per student of the class: done, solved, class rating, per theme."""
        rows = []
        for sid, name in names.items():
            prog = self.progress.get(sid) or _progress("")
            state = self.states.get(sid)
            rating = None if state is None else round(state["learner"][0])
            key = (name, prog["assignment"], len(prog["attempts"]), rating)
            kept = self._rows.get(sid)
            if kept is None or kept[0] != key:  # made again only when it changed
                kept = self._rows[sid] = (key, {
                    "name": name, "done": len(prog["attempts"]),
                    "solved": sum(1 for a in prog["attempts"] if a["score"] == 1.0),
                    "rating": rating, "themes": _theme_rows(prog["attempts"])})
            rows.append(kept[1])
        rows.sort(key=lambda r: str(r["name"]).casefold())
        return rows

    def results(self, names: dict[str, str]) -> dict[str, Any] | None:
        """The teacher's results of the assignment on (None if none is)."""
        if self.assignment is None:
            return None
        return {**self.assignment.info(), "rows": self.rows(names)}

    def themes(self) -> list[dict[str, Any]]:
        """The themes a teacher may assign (:func:`pool_themes`, worked out once)."""
        if self._themes is None:
            self._themes = pool_themes(self.pool)
        return self._themes

    def teacher_info(self, names: dict[str, str]) -> dict[str, Any]:
        """The teacher's page: the themes to choose from, the rating range, the most a
        student may get, the results of the assignment on and of the last one ended."""
        if not self._ratings:
            rs = [e.rating for e in self.pool.entries.values()]
            self._ratings = [round(min(rs)), round(max(rs))]
        return {"themes": self.themes(), "ratings": self._ratings,
                "max_count": MAX_COUNT, "on": self.results(names),
                "ended": None if self.ended is None else self.ended.get("results")}

    def csv(self, names: dict[str, str]) -> str:
        """The assignment's results as CSV: one line per student and theme tried."""
        res = self.results(names) if self.assignment is not None else \
            (self.ended or {}).get("results")
        return results_csv(res)


def results_csv(res: dict[str, Any] | None) -> str:
    """Trainer results (:meth:`ClassTrainer.results`) as CSV: ``name, theme, theme in
    words, tries, solved, rating, class rating`` (a student who did none: one line
    saying so), every text guarded against formulas."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["name", "theme", "theme in words", "tries", "solved", "rating",
                "class rating"])
    for row in (res or {}).get("rows", []):
        if not row["themes"]:  # every student has a line, one who did none too
            w.writerow([_cell(str(row["name"])), "", "no puzzle done yet", 0, 0, "",
                        "" if row["rating"] is None else row["rating"]])
        for t in row["themes"]:
            w.writerow([_cell(str(row["name"])), _cell(str(t["theme"])),
                        _cell(str(t["label"])), t["tries"], t["solved"], t["rating"],
                        "" if row["rating"] is None else row["rating"]])
    return clean(out.getvalue())


def _theme_rows(attempts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per theme of the puzzles tried: tries, solved (first try, no hint) and the rating
    these results show (the puzzles' average rating + 400 × (wins − losses) / tries, the
    trainer's dashboard's measure); most tried first."""
    by: dict[str, list[float]] = {}
    for a in attempts:
        for t in a["themes"]:
            rec = by.setdefault(t, [0, 0, 0.0, 0.0])
            rec[0] += 1
            rec[1] += a["score"] == 1.0
            rec[2] += a["opp"]
            rec[3] += a["score"]
    order = sorted(by.items(), key=lambda kv: (-kv[1][0], kv[0]))
    return [{"theme": t, "label": theme_label(t), "tries": int(n), "solved": int(s),
             "rating": round(opp / n + 400.0 * (2.0 * sc - n) / n)}
            for t, (n, s, opp, sc) in order]


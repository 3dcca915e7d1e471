"""The class: its code, the teacher's token, the students, the tables, the puzzle round,
and the folder that keeps them. No network here: :meth:`Classroom.handle` answers one
message of the protocol with the messages to send, and :mod:`.server` carries them.

Messages from a device (JSON objects, ``op`` first):

=================  =============================================================
``join``           ``code``, ``name``: a new student; answered with their token
``hello``          ``code``, ``token``: a device comes back (reload, lost Wi-Fi)
``reclaim``        ``code``, ``seat_code``: a student on a new device (:mod:`.seats`)
``sit``/``leave``  ``token``, ``table``, ``seat``: take or leave a seat
``intent``         ``token``, ``intent``: a board intent for the student's seat
                   (``review``, ``review_try``: their round's review, :mod:`.reviews`)
``puzzle``         ``token``, ``msg``: a puzzle message (answer, move, goto…)
``watch``          ``code``: the projector
``teacher``        ``token``: the teacher's page
teacher actions    ``token`` (the teacher's) and: ``open_table`` (``seats``,
                   ``computers``, ``preset``, ``rounds``, ``options``: rules
                   options the engine checks), ``table`` (``table``,
                   ``action``: deal, undo, next_round, new_match, hint, computer;
                   ``seat``), ``idle`` (``seconds``), ``puzzle_round`` (``set`` or
                   null); and in :mod:`.teacher_ops`: ``student`` (remove, rename,
                   move), ``revert`` (an ``undo`` id), ``lock``, ``pause``,
                   ``new_class``; in :mod:`.seats`: ``seat_code`` (``student``)
=================  =============================================================

Every refusal is the protocol's one refusal, ``{"ok": false, "error": …}``
(:class:`~mtlearn.core.protocol.Refusal`), to the sender alone, and nothing changed. The
messages sent are typed in :mod:`mtlearn.core.protocol` (``ClassMessage``). Every change
is written to the class folder (:mod:`.store`: sealed with a checksum, the previous copy
kept, a puzzle answer appended to a log) before its messages are sent, so ``mtlearn class
--resume`` finds what the devices saw; a change the folder cannot hold is not made
(:mod:`.keeping`: taken back, and said). Standard library only.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...core.errors import MtlearnError
from ...core.protocol import refusal
from ...core.rules import PRESETS
from ...core.words import one_line
from . import ClassError, commits, seats, store, teacher_ops
from .assignment import ClassTrainer
from .keeping import Keeper
from .matches import ClassMatches
from .names import check_name
from .puzzle_round import PuzzleRound, puzzle_sets
from .reviews import ClassReviews, is_review
from .tables import PACE, ClassTable, checked, public_perspective

__all__ = ["MAX_STUDENTS", "MAX_TABLES", "Classroom", "Conn", "Out"]

MAX_STUDENTS, MAX_TABLES = 200, 40
#: The idle limit a teacher may set (seconds; 0 is off).
MAX_IDLE = 3600
#: How often the server calls :meth:`Classroom.tick` (seconds).
TICK = 0.25
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0

#: One message to send: (to whom, JSON text). To whom: "reply" (the sender),
#: "student:<id>", "watchers" (projectors and teachers) or "teachers".
Out = tuple[str, str]


class Conn:
    """What a connection is, once it said so: a student, the teacher or a projector."""

    def __init__(self) -> None:
        self.role: str | None = None
        self.student: str | None = None


def _text(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":"), allow_nan=False)


def refused(text: str) -> str:
    """The JSON text of a refusal (the protocol's one refusal)."""
    return json.dumps(refusal(text), separators=(",", ":"), allow_nan=False)


class Classroom:
    """A class and its folder. Build a new one with :meth:`create`, a saved one with
    :meth:`resume`."""

    def __init__(self, folder: Path, code: str, teacher_token: str) -> None:
        self.folder = folder
        self.code = code
        self.teacher_token = teacher_token
        self.students: dict[str, dict[str, Any]] = {}
        self.tokens: dict[str, str] = {}  # token -> student id
        self.tables: dict[str, ClassTable] = {}
        self.idle = 0
        self.puzzles: PuzzleRound | None = None
        self.address = ""
        self.answers = store.AnswerLog(folder / "answers.jsonl")  # the puzzle answers log
        self.ended: PuzzleRound | None = None  # the last puzzle round ended (archived)
        self.notes: list[str] = []  # what --resume found damaged and how it recovered
        self.locked = False  # new students refused (returning devices welcome)
        self.pace = PACE  # seconds a computer player takes a move (mtlearn class --pace)
        self.undos: dict[str, dict[str, Any]] = {}  # the teacher's undoable actions
        self.conns_of: dict[str, set[Conn]] = {}  # student id -> their open connections
        self.since: dict[str, float] = {}  # student id -> when they (dis)connected
        self.all_conns: set[Conn] = set()  # every connection that said who it is
        self.trainer = ClassTrainer(folder)  # trainer puzzles assigned (.assignment)
        self.keeper = Keeper(folder)  # what the folder holds; a change made or taken back
        self.matches = ClassMatches(folder)  # every match played, archived (.matches)
        self.seats = seats.Seats()  # held tokens and seat codes (.seats)
        self.reviews = ClassReviews()  # the students' reviews of their rounds (.reviews)

    # ------------------------------------------------------------------ the folder
    @classmethod
    def create(cls, folder: Path) -> Classroom:
        """A new class in ``folder`` (ClassError if a class is kept there already)."""
        if (folder / "class.json").exists() or (folder / "class.prev.json").exists():
            raise ClassError(f"{folder} already holds a class: add --resume to carry it on, "
                             "or choose another --folder")
        try:
            (folder / "tables").mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ClassError(f"cannot make the class folder {folder}: {e.strerror}") from None
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(5))
        room = cls(folder, code, secrets.token_urlsafe(12))
        room.save()
        return room

    @classmethod
    def resume(cls, folder: Path) -> Classroom:
        """The class kept in ``folder``, every table as it was after its last move. A damaged
        or missing file falls back to its previous copy; a table with no good copy is left
        out (its file put aside); each is said in :attr:`notes` and on stderr."""
        notes: list[str] = []
        data = store.read_class(folder, notes)
        room = cls(folder, data["code"], data["teacher"])
        room.idle = data["idle"]
        room.locked = data["locked"]
        for sid, st in data["students"].items():
            room.students[sid] = st
            room.tokens[st["token"]] = sid
        sealed = data["version"] >= 2
        for tid in data["tables"]:
            t = store.read_kept(folder / "tables" / f"{tid}.json", folder, notes,
                                ClassTable.from_dict, sealed=sealed)
            if t is None:
                notes.append(f"{tid}: this table was left out; the other tables are back")
            else:
                room.tables[tid] = t
        store.reconcile(room.students, room.tables, notes)  # who sits where, after a fallback
        ref = data["puzzles"]
        if ref is not None and "students" in ref:  # format 1: the round inside class.json
            room.puzzles = PuzzleRound.from_dict(ref, f"{folder / 'class.json'} (puzzles)")
            store.write_round(folder, room.answers, room.puzzles)
        elif ref is not None:
            room.puzzles = store.read_round(folder, ref, room.answers, notes)
        if data["ended"] is not None:
            room.ended = store.read_archive(folder, str(data["ended"]), notes)
        room.trainer.load(notes)
        room.matches.load(notes)
        room.reviews.load(folder, notes)
        room.notes = notes
        for note in notes:
            print(f"mtlearn class: --resume: {note}", file=sys.stderr, flush=True)
        if not sealed:  # format 1: every file sealed from now on
            for t in room.tables.values():
                room.save(t, room=False)
        if notes or not sealed:
            room.save()
        room.keeper.remember(room)
        return room

    def close(self) -> None:
        """On the way out (the server stops): the reviews under way dropped and the
        answers log forced to the disk and closed. Closing it again changes nothing; an
        answer handled after it opens the log again."""
        self.reviews.close()
        try:
            self.answers.close()
        except OSError as e:  # closed all the same; what was written is with the system
            print(f"mtlearn class: cannot force the answers log to the disk: {e.strerror}",
                  file=sys.stderr, flush=True)

    def save(self, table: ClassTable | None = None, *, room: bool = True) -> None:
        """Write the class (unless ``room`` is false: a move changes one table only) and
        ``table``, if given, to the folder, atomically: at the end of the message being
        answered (:mod:`.keeping`), else now (OSError if the folder refuses)."""
        self.keeper.mark(table, room)
        if not self.keeper.depth:
            self.keeper.flush(self)

    def class_dict(self) -> dict[str, Any]:
        """What class.json holds (see :mod:`.store`)."""
        p = self.puzzles
        return {
            "format": "mtlearn-class", "version": store.FORMAT_VERSION, "code": self.code,
            "teacher": self.teacher_token, "idle": self.idle, "students": self.students,
            "tables": list(self.tables),
            "puzzles": None if p is None else {"family": p.family, "id": p.id,
                                               "started": p.started},
            "ended": None if self.ended is None else self.ended.archive,
            "locked": self.locked}

    # ------------------------------------------------------------------ messages
    def handle(self, conn: Conn, msg: Any) -> list[Out]:
        """Answer one message (already parsed JSON) from ``conn``: its change written to
        the folder, or taken back and said when the folder refuses (:mod:`.keeping`; a
        move at a table, and a class-wide change the server writes off its event loop,
        as the server writes them, :mod:`.commits`)."""
        if is_review(msg):  # a student's review of their round (.reviews)
            return self.reviews.now(self, conn, msg)
        tid = commits.table_of(self, msg)
        if tid is not None:
            return commits.now(self, commits.prepare_move(self, conn, msg, tid))
        if commits.deferred(self, msg):
            return commits.now(self, commits.prepare_alone(self, conn, msg))
        keeper = self.keeper  # new_class puts in a new one
        keeper.begin(self)
        try:
            out = self._handle(conn, msg)
            return out + keeper.ok() if keeper.flush(self) else out
        except Exception as e:  # the folder refused (OSError), or a bug: nothing is kept
            return keeper.fail(self, e)
        finally:
            keeper.end()

    def _handle(self, conn: Conn, msg: Any) -> list[Out]:
        if not isinstance(msg, dict):
            return [("reply", refused("a message is a JSON object with an \"op\""))]
        op = msg.get("op")
        try:
            if op == "hello" and (held := self.seats.holds(msg.get("token"))) is not None:
                raise ClassError(held)  # removed, or the class ended: it may be undone
            if op in ("join", "hello", "watch", "reclaim"):
                code = msg.get("code")
                if not isinstance(code, str) or code.strip().upper() != self.code:
                    raise ClassError("wrong class code: type the code your teacher shows")
                if op == "join":
                    return self._join(conn, msg.get("name"))
                if op == "reclaim":
                    return seats.reclaim(self, conn, msg)
                if op == "watch":
                    conn.role = "projector"
                    self.all_conns.add(conn)
                    return [("reply", self._public_all("projector"))]
                return self._hello(conn, self._student(conn, msg))
            if op in ("sit", "leave", "intent", "puzzle", "trainer"):
                handler: Callable[..., list[tuple[str, str]]] = getattr(self, "_" + op)
                return handler(self._student(conn, msg), msg)
            if op in ("teacher", "open_table", "table", "idle", "puzzle_round", "student",
                      "revert", "lock", "pause", "new_class", "assign", "seat_code"):
                token = msg.get("token")
                if not isinstance(token, str) or not hmac.compare_digest(
                        token.encode(), self.teacher_token.encode()):
                    raise ClassError(f"{op}: only the teacher can do that (the teacher's "
                                     "token is missing or wrong)")
                if op == "teacher":
                    conn.role = "teacher"
                    self.all_conns.add(conn)
                    return [("reply", self.teacher_state()), ("reply", self._public_all())]
                if op in ("new_class", "seat_code"):
                    return (teacher_ops.new_class(self, conn) if op == "new_class"
                            else seats.seat_code(self, msg))
                if op in ("student", "revert", "lock", "pause", "assign", "puzzle_round"):
                    return getattr(teacher_ops, op)(self, msg)  # type: ignore[no-any-return]
                out: list[Out] = getattr(self, "_t_" + op)(msg)
                return out
        except MtlearnError as e:  # ClassError, and the engine's own refusals
            return [("reply", refused(one_line(str(e), 300)))]
        return [("reply", refused(f"unknown op {one_line(repr(op), 40)}: use join, hello, "
                                  "sit, leave, intent, puzzle, trainer, watch or teacher"))]

    def _student(self, conn: Conn, msg: dict[str, Any]) -> str:
        token = msg.get("token")
        sid = self.tokens.get(token) if isinstance(token, str) else None
        if sid is None:
            raise ClassError(self.seats.holds(token) or "unknown seat token: join the class "
                             "again with the code and your first name")
        if conn.role == "student" and conn.student != sid:
            mine = self.students[conn.student or ""]["name"]
            raise ClassError(f"this device is {mine}'s: it cannot act with another "
                             "student's token")
        if conn.role in ("teacher", "projector"):
            raise ClassError(f"this connection is the {conn.role}'s: students join from "
                             "their own page")
        return sid

    def _join(self, conn: Conn, name: Any) -> list[Out]:
        if conn.role is not None:
            raise ClassError("this connection has joined already")
        if self.locked:
            raise ClassError("the class is closed to new students: ask your teacher (if you "
                             "joined already, open the page on the same device)")
        name = check_name(name)  # NFC, invisible characters out (.names)
        teacher_ops.name_taken(self, name)
        if len(self.students) >= MAX_STUDENTS:
            raise ClassError(f"the class is full ({MAX_STUDENTS} students)")
        sid = "s" + secrets.token_hex(4)  # never a removed or earlier class's id again
        token = secrets.token_urlsafe(16)
        self.students[sid] = {"name": name, "token": token, "table": None, "seat": None}
        self.tokens[token] = sid
        self.save()
        self._online(conn, sid)
        return [("reply", _text({"type": "joined", "token": token,
                                 "name": self.students[sid]["name"]})),
                *self._student_views(sid), ("teachers", self.teacher_state())]

    def _online(self, conn: Conn, sid: str) -> None:
        conn.role, conn.student = "student", sid
        self.all_conns.add(conn)
        mine = self.conns_of.setdefault(sid, set())
        if not mine:
            self.since[sid] = time.time()
        mine.add(conn)

    def gone(self, conn: Conn) -> list[Out]:
        """A connection closed: a student with no device left shows as gone on the
        teacher's page."""
        self.all_conns.discard(conn)
        sid = conn.student
        mine = self.conns_of.get(sid or "")
        if sid is None or mine is None or conn not in mine:
            return []
        mine.discard(conn)
        if mine:
            return []
        del self.conns_of[sid]
        self.since[sid] = time.time()
        return [("teachers", self.teacher_state())]

    def _hello(self, conn: Conn, sid: str) -> list[Out]:
        self._online(conn, sid)
        st = self.students[sid]
        out: list[Out] = [("reply", _text({"type": "joined", "token": st["token"],
                                           "name": st["name"]}))]
        t = self.tables.get(st["table"] or "")
        if t is not None and st["seat"] is not None and t.back(st["seat"]):
            self.save(t)
            return out + self._table_update(t) + [("teachers", self.teacher_state())]
        return out + self._student_views(sid) + [("teachers", self.teacher_state())]

    def _sit(self, sid: str, msg: dict[str, Any]) -> list[Out]:
        st = self.students[sid]
        if st["table"] is not None:
            raise ClassError(f"you sit at {self.tables[st['table']].label} already")
        t = self._table(msg.get("table"))
        given = msg.get("seat")
        seat = given - 1 if isinstance(given, int) and not isinstance(given, bool) else -1
        t.sit(seat, sid, st["name"])
        st["table"], st["seat"] = t.id, seat
        if not t.free_seats():
            t.deal()
        self.save(t)
        return self._table_update(t) + self._lobbies() + [("teachers", self.teacher_state())]

    def _leave(self, sid: str, msg: dict[str, Any]) -> list[Out]:
        st = self.students[sid]
        t = self.tables.get(st["table"] or "")
        if t is None:
            raise ClassError("you do not sit at a table")
        if t.started:
            raise ClassError(f"{t.label} is playing: stay for the round, or ask the teacher")
        t.leave(sid)
        st["table"] = st["seat"] = None
        self.save(t)
        return (self._table_update(t) + self._lobbies() + self._student_views(sid)
                + [("teachers", self.teacher_state())])

    def _intent(self, sid: str, msg: dict[str, Any]) -> list[Out]:
        st = self.students[sid]
        t = self.tables.get(st["table"] or "")
        if t is None or st["seat"] is None:
            raise ClassError("take a seat at a table first")
        if t.seats[st["seat"]]["student"] != sid:
            raise ClassError(f"a computer player has your seat at {t.label} now (the teacher "
                             "gave it one)")
        if t.paused_by == "teacher":
            raise ClassError(f"{t.label}: your teacher paused the table; wait for them to "
                             "resume it")
        was = t.paused
        took_back = t.back(st["seat"])
        try:
            changed = t.handle(st["seat"], msg.get("intent"))
        except MtlearnError as e:  # refused, but the student is back: say both
            if not took_back and was == t.paused:
                raise
            self.save(t, room=False)
            return [("reply", refused(one_line(str(e), 300))), *self._table_update(t),
                    ("teachers", self.teacher_state())]
        if changed or took_back or was != t.paused:
            self.save(t, room=False)
            return self._table_update(t) + (
                [("teachers", self.teacher_state())] if was != t.paused else [])
        return [("reply", t.seat_state(st["seat"]))]

    def _puzzle(self, sid: str, msg: dict[str, Any]) -> list[Out]:
        if self.puzzles is None:
            raise ClassError("no puzzle round is on: the teacher starts one")
        self.keeper.on_failure(self.puzzles.keep(sid))
        out = self.puzzles.handle(sid, msg.get("msg"))
        if self.puzzles.change is not None:  # one line appended; class.json unchanged
            self.answers.append(self.puzzles.change)
            self.keeper.appended = True
            if self.answers.lines >= store.COMPACT_LINES:
                try:  # the answer is kept in the log: compacting can wait
                    store.write_round(self.folder, self.answers, self.puzzles)
                except OSError as e:
                    print(f"mtlearn class: cannot compact the answers log: {e.strerror}",
                          file=sys.stderr, flush=True)
        replies: list[Out] = [("reply", _text(out))] if out else []
        return [*replies, ("teachers", self.teacher_state())]

    def _trainer(self, sid: str, msg: dict[str, Any]) -> list[Out]:
        self.keeper.on_failure(self.trainer.keep(sid))
        out = self.trainer.handle(sid, msg.get("msg"))  # written to the folder already
        self.keeper.appended = True
        return [*([("reply", _text(out))] if out else []), ("teachers", self.teacher_state())]

    # ------------------------------------------------------------------ the teacher
    def _t_open_table(self, msg: dict[str, Any]) -> list[Out]:
        if len(self.tables) >= MAX_TABLES:
            raise ClassError(f"open_table: {MAX_TABLES} tables is the most a class keeps")
        k = len(self.tables) + 1
        while f"t{k}" in self.tables or any((self.folder / "tables").glob(f"t{k}.*")):
            k += 1  # a table left out on --resume keeps its number and its files
        t = ClassTable(f"t{k}", f"Table {k}", msg.get("seats", 4), bots=msg.get("computers", 0),
                       preset=msg.get("preset", "standard"), rounds=msg.get("rounds"),
                       bot=msg.get("bot", "greedy"), seed=_seed(msg.get("seed")),
                       options=msg.get("options"))
        if not t.free_seats():
            t.deal()
        self.tables[t.id] = t
        self.save(t)
        bots = sum(s["kind"] == "computer" for s in t.seats)
        said = f"{t.label} is open: {t.n} seats" + (f", {bots} for computer players" if bots
                                                     else "") + "."
        if t.started:
            said += f" Every seat is taken: it plays at once, a move about every {self.pace:g} s."
        return [("reply", teacher_ops.done(said)), ("teachers", self.teacher_state()),
                *self._lobbies(), *self._table_update(t)]

    def _t_table(self, msg: dict[str, Any]) -> list[Out]:
        t = self._table(msg.get("table"))
        seat = msg.get("seat")
        action = msg.get("action")
        if action not in ("deal", "undo", "next_round", "new_match", "hint", "computer"):
            raise ClassError(f"table: action {one_line(repr(action), 40)} is not one of deal, "
                             "undo, next_round, new_match, hint, computer")
        student = None
        if isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= t.n:
            student = t.seats[seat - 1]["student"]
            seat -= 1
        else:
            seat = None
        if action == "new_match" and t.session is not None and t.session.game.is_match_over:
            put_back = self.matches.keep(self, t, self.keeper, ended=True)  # kept first
            if put_back is not None:
                self.keeper.on_failure(put_back)
        said = t.teacher(action, seat)
        undo = None
        if action == "computer" and student is not None and seat is not None:
            self.students[student]["table"] = self.students[student]["seat"] = None
            undo = teacher_ops.remember_computer(self, student, (t.id, seat))
            said = said.replace(f"seat {seat + 1}",
                                f"{self.students[student]['name']}'s seat ({seat + 1})")
        if action == "computer" and not t.started and not t.free_seats():
            t.deal()  # the last free seat went to a computer: the table is full
        self.save(t)
        out: list[Out] = [("reply", teacher_ops.done(said, undo))]
        if action == "hint":
            sid = t.seats[seat or 0]["student"]
            return out + ([(f"student:{sid}", t.seat_state(seat or 0))] if sid else [])
        out += [*self._table_update(t), ("teachers", self.teacher_state())]
        if student is not None:
            out += self._student_views(student)
            out.append((f"student:{student}", teacher_ops.notice(
                f"Your teacher gave your seat at {t.label} to a computer player: choose a "
                "free seat, or wait for your teacher.")))
        return out + self._lobbies()

    def _t_idle(self, msg: dict[str, Any]) -> list[Out]:
        s = msg.get("seconds")
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s <= MAX_IDLE:
            raise ClassError(f"idle: choose 0 (off) to {MAX_IDLE} seconds, not "
                             f"{one_line(repr(s), 40)}")
        self.idle = s
        self.save()
        said = (f"Idle seats: a computer steps in after {s} s." if s else
                "Idle seats: no computer steps in (off).")
        return [("reply", teacher_ops.done(said)), ("teachers", self.teacher_state())]

    def tick(self, now: float | None = None) -> list[Out]:
        """Called every :data:`TICK` seconds: a computer player takes every seat idle
        longer than the teacher's limit (for its turns only), and the computer player to
        play at each table makes one move once its pace allows (:meth:`ClassTable.step`)."""
        at = time.monotonic() if now is None else now
        out: list[Out] = []
        for t in list(self.tables.values()):  # the server: commits.Commits.tick
            out += commits.now(self, commits.tick_table(self, t, at))
        return out

    # ------------------------------------------------------------------ what is sent
    def _table(self, table_id: Any) -> ClassTable:
        t = self.tables.get(table_id) if isinstance(table_id, str) else None
        if t is None:
            raise ClassError(f"no table {one_line(repr(table_id), 40)} in this class")
        return t

    def _table_update(self, t: ClassTable) -> list[Out]:
        out: list[Out] = []
        for i, s in enumerate(t.seats):
            if s["student"] is not None:
                out.append((f"student:{s['student']}", t.seat_state(i)))
        g = t.session.game if t.session else None
        seen = public_perspective(g) if g is not None else None
        out.append(("watchers", checked({"type": "public", **t.public_state()}, seen)))
        return out

    def _public_all(self, role: str = "teacher") -> str:
        tables = []
        for t in self.tables.values():
            p = t.public_state()
            if t.session is not None:  # each table checked against its own hands
                p = json.loads(checked(p, public_perspective(t.session.game)))
            tables.append(p)
        return _text({"type": "publics", "role": role, "tables": tables, "code": self.code})

    def _lobbies(self) -> list[Out]:
        return [(f"student:{sid}", self._lobby(sid)) for sid, st in self.students.items()
                if st["table"] is None]

    def _lobby(self, sid: str) -> str:
        return _text({"type": "lobby", "name": self.students[sid]["name"],
                      "tables": [t.info() for t in self.tables.values() if t.free_seats()]})

    def _puzzle_state(self, sid: str) -> str:
        if self.puzzles is None:
            return _text({"type": "puzzle", "set": None})
        return _text(self.puzzles.state(sid))

    def _student_views(self, sid: str) -> list[Out]:
        st = self.students[sid]
        t = self.tables.get(st["table"] or "")
        out: list[Out] = [(f"student:{sid}", t.seat_state(st["seat"]) if t is not None
                           and st["seat"] is not None else self._lobby(sid))]
        if self.puzzles is not None:
            out.append((f"student:{sid}", self._puzzle_state(sid)))
        if self.trainer.assignment is not None:
            out.append((f"student:{sid}", _text(self.trainer.state(sid))))
        return out

    def names(self) -> dict[str, str]:
        """Student id -> first name."""
        return {sid: st["name"] for sid, st in self.students.items()}

    def teacher_state(self) -> str:
        """The teacher's page: the code, tables, students, idle limit, puzzle results."""
        return _text({
            "type": "teacher", "code": self.code, "address": self.address, "idle": self.idle,
            "locked": self.locked, "tables": [t.info() for t in self.tables.values()],
            "students": [{"id": sid, "name": st["name"], "table": st["table"],
                          "table_label": self.tables[st["table"]].label
                          if st["table"] in self.tables else None,
                          "seat": None if st["seat"] is None else st["seat"] + 1,
                          "online": bool(self.conns_of.get(sid)),
                          "since": self.since.get(sid), "review": self.reviews.count(sid)}
                         for sid, st in self.students.items()],
            "puzzle_sets": puzzle_sets(), "presets": list(PRESETS),
            "puzzles": None if self.puzzles is None else self.puzzles.results(self.names()),
            "trainer": self.trainer.teacher_info(self.names())})


def _seed(value: Any) -> int | str | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)
                         and 0 <= value < 2**63):
        return value
    if isinstance(value, str) and 0 < len(value) <= 100:
        return value
    raise ClassError(f"seed: {one_line(repr(value), 40)} is not a whole number or a word")

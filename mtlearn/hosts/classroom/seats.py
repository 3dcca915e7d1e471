"""Every student gets back (issue 39): a removed student's token held while the teacher
may still undo the removal, a seat code that lets a student in on a new device, and an
ended class that can be brought back for a while. No network here: each function answers
one message for a :class:`~.room.Classroom` with the messages to send (see :mod:`.room`).

* **Held tokens.** When the teacher removes a student or ends the class, the student's
  seat token is *held* (:class:`Seats`) for the undo window (:data:`UNDO_SECONDS`, or
  :data:`END_UNDO_SECONDS` for the class): a device that comes back with it meanwhile is
  told so in words that the phone understands as "keep your token" (:data:`HELD_WORDS`
  are their first words). An undo hands the seat back: every device of that student
  still connected is sent its token again (``joined``) and its views; a device that
  reloads in the window gets it with its next ``hello``. Once the window is over the
  token is unknown, and the phone forgets it.
* **Seat codes.** The teacher asks for a student's seat code (``seat_code``): six letters,
  one use, for :data:`SEAT_CODE_SECONDS`, at most one a student (a new one replaces the
  old). A new device sends it with the class code (``reclaim``) and becomes that
  student's device: a new seat token, written to the class folder; the old token stops
  working and the old device is told. A wrong seat code counts as a wrong class code
  against the device and its address (:mod:`.limits`, in :mod:`.server`). Seat codes
  live in memory only: after a restart the teacher makes a new one.
* **An ended class comes back.** Ending the class keeps it in ``archive/class-<time>/``
  (:func:`.teacher_ops.new_class`) and remembers, for :data:`END_UNDO_SECONDS`, the class
  as it was in memory; Undo moves the new class's files aside (into
  ``archive/class-<time>-unused/``, nothing deleted) and the old class's files back, and
  the class, its code, its teacher's token and every student's seat are back. Refused
  once the new class has a student or a table.

Standard library only.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.words import one_line
from . import ClassError

if TYPE_CHECKING:
    from .room import Classroom, Conn, Out

__all__ = [
    "ENDED",
    "END_UNDO_SECONDS",
    "HELD_WORDS",
    "REMOVED",
    "SEAT_CODE_SECONDS",
    "UNDO_SECONDS",
    "Seats",
    "gone_mark",
    "hand_back",
    "reclaim",
    "seat_code",
    "undo_end",
]

#: Seconds a removal, a move or a computer taking a seat can be taken back.
UNDO_SECONDS = 30
#: Seconds the end of a class can be taken back.
END_UNDO_SECONDS = 120
#: Seconds a seat code works.
SEAT_CODE_SECONDS = 600
SEAT_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: they read as 1 and 0
SEAT_CODE_LENGTH = 6
#: The first words of a refusal that tells a phone to keep its token (class-student-state.js).
HELD_WORDS = ("Your teacher removed you", "The class ended")
#: What a removed student's device is told while the removal can be taken back.
REMOVED = ("Your teacher removed you from the class. If that was a mistake, your teacher "
           f"can undo it within {UNDO_SECONDS} seconds: this page then gets your seat back.")
#: What a student's device is told when the class ends, while that can be taken back.
ENDED = ("The class ended: join the new class with the code your teacher shows. If your "
         "teacher brings the class back in the next minutes, this page gets your seat back.")


def gone_mark(sid: str) -> str:
    """What a device let go of ``sid`` is known as: messages addressed to
    ``student:<gone_mark(sid)>`` still reach it, the student's own never do."""
    return "gone:" + sid


def _text(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":"), allow_nan=False)


class Seats:
    """The held tokens and the seat codes of a server (kept across a new class)."""

    def __init__(self) -> None:
        self.held: dict[str, tuple[str, float]] = {}  # token -> (words, until: monotonic)
        self.codes: dict[str, tuple[str, float]] = {}  # seat code -> (student id, until)

    def _prune(self, now: float) -> None:
        for book in (self.held, self.codes):
            for key in [k for k, (_, until) in book.items() if until <= now]:
                del book[key]

    def hold(self, token: str, words: str, seconds: float) -> None:
        """Answer ``token`` with ``words`` for ``seconds``."""
        self.held[token] = (words, time.monotonic() + seconds)

    def release(self, token: str) -> None:
        self.held.pop(token, None)

    def holds(self, token: Any) -> str | None:
        """The words a held ``token`` is answered with (None: not held, or no longer)."""
        self._prune(time.monotonic())
        got = self.held.get(token) if isinstance(token, str) else None
        return None if got is None else got[0]

    def issue(self, sid: str) -> str:
        """A new seat code for ``sid`` (any earlier one of theirs stops working)."""
        now = time.monotonic()
        self._prune(now)
        for key in [k for k, (s, _) in self.codes.items() if s == sid]:
            del self.codes[key]
        while True:
            code = "".join(secrets.choice(SEAT_CODE_LETTERS) for _ in range(SEAT_CODE_LENGTH))
            if code not in self.codes:
                self.codes[code] = (sid, now + SEAT_CODE_SECONDS)
                return code

    def valid(self, code: Any) -> bool:
        """Is ``code`` a seat code that works now?"""
        self._prune(time.monotonic())
        return isinstance(code, str) and _plain(code) in self.codes

    def take(self, code: Any) -> str | None:
        """The student of a working seat code, which is used up; else None."""
        if not self.valid(code):
            return None
        return self.codes.pop(_plain(str(code)))[0]


def _plain(code: str) -> str:
    return code.strip().upper().replace(" ", "").replace("-", "")[:20]


# ---------------------------------------------------------------- seat codes
def seat_code(room: Classroom, msg: dict[str, Any]) -> list[Out]:
    """``seat_code`` (the teacher's): a one-use code that lets ``student`` in on a new
    device."""
    sid = msg.get("student")
    if not isinstance(sid, str) or sid not in room.students:
        raise ClassError(f"seat_code: no student {one_line(repr(sid), 40)} in this class")
    code = room.seats.issue(sid)
    name = room.students[sid]["name"]
    minutes = SEAT_CODE_SECONDS // 60
    return [("reply", _text({"type": "done", "seat_code": code, "student": sid, "text": (
        f"Seat code for {name}: {code}. On the new device, open the class, type the class "
        f"code and, under \"Back on a new device?\", this seat code. It works once, for "
        f"{minutes} minutes; {name}'s other device is then signed out.")}))]


def reclaim(room: Classroom, conn: Conn, msg: dict[str, Any]) -> list[Out]:
    """``reclaim`` (the class code checked already): the device becomes the student's of
    the seat code, with a new token; the old token stops working."""
    if conn.role is not None:
        raise ClassError("this connection has joined already")
    sid = room.seats.take(msg.get("seat_code"))
    if sid is None or sid not in room.students:
        raise ClassError("wrong seat code: ask your teacher for a new one (a seat code works "
                         "once, for a few minutes)")
    st = room.students[sid]
    old = st["token"]
    token = secrets.token_urlsafe(16)
    olds = room.conns_of.pop(sid, set())
    was = room.since.get(sid)

    def put_back() -> None:  # the folder refused: the old device keeps the seat
        st["token"] = old
        room.tokens.pop(token, None)
        room.tokens[old] = sid
        give_devices_back(room, sid, olds, was)
    room.keeper.on_failure(put_back)
    room.tokens.pop(old, None)
    room.tokens[token] = sid
    st["token"] = token
    for c in olds:
        c.role, c.student = None, gone_mark(sid)
    room.save()
    room._online(conn, sid)
    out: list[Out] = []
    if olds:
        out.append((f"student:{gone_mark(sid)}", _refusal(
            "unknown seat token: your seat moved to another device (your teacher gave "
            "you a seat code); this one is signed out")))
    return [*out, ("reply", _text({"type": "joined", "token": token, "name": st["name"]})),
            *room._student_views(sid), ("teachers", room.teacher_state())]


def give_devices_back(room: Classroom, sid: str, conns: Any, since: float | None) -> None:
    """Student ``sid``'s devices (``conns``) and their connected-since time are theirs
    again, as before a change the folder refused (a seat code's new token, a removal)."""
    for c in conns:
        c.role, c.student = "student", sid
    if conns:
        room.conns_of[sid] = conns
    if since is not None:
        room.since[sid] = since


def _refusal(text: str) -> str:
    return _text({"ok": False, "error": text})


# ---------------------------------------------------------------- giving a seat back
def hand_back(room: Classroom, sid: str, conns: Any) -> list[Out]:
    """The devices of ``sid`` let go by a removal or the end of the class, and still
    connected, are ``sid``'s again: each is sent its token (``joined``); their views
    follow with the caller's messages."""
    room.seats.release(room.students[sid]["token"])
    back = [c for c in conns if c in room.all_conns and c.role is None
            and c.student == gone_mark(sid)]
    for c in back:
        room._online(c, sid)
    if not back:
        return []
    st = room.students[sid]
    return [(f"student:{sid}", _text({"type": "joined", "token": st["token"],
                                      "name": st["name"]}))]


def undo_end(room: Classroom, entry: dict[str, Any]) -> list[Out]:
    """Take back the end of the class (``entry``: what :func:`.teacher_ops.new_class`
    remembered): see the module."""
    if room.students or room.tables:
        raise ClassError("undo: the new class has students or tables already; the old class "
                         f"stays in {entry['dest'].name} of the class folder's archive")
    folder: Path = room.folder
    dest: Path = entry["dest"]
    aside = dest.with_name(dest.name + "-unused")
    moved: list[tuple[Path, Path]] = []
    room.answers.close()
    try:  # the new class's files aside (nothing deleted), then the old class's back
        aside.mkdir(parents=True)
        for p in sorted(folder.iterdir()):
            if p.name not in ("archive", "serving.json", "serving.prev.json"):
                p.rename(aside / p.name)
                moved.append((p, aside / p.name))
        for src, dst in entry["moved"]:
            dst.rename(src)
            moved.append((dst, src))
    except OSError as e:
        for src, dst in reversed(moved):
            with contextlib.suppress(OSError):
                dst.rename(src)
        raise ClassError(f"undo: cannot bring the class back from {dest}: {e.strerror}; "
                         "the new class carries on") from None
    for d in (dest / "archive", dest):
        with contextlib.suppress(OSError):
            d.rmdir()  # only when empty
    keep = {k: room.__dict__[k] for k in ("address", "all_conns", "pace", "seats")}
    room.__dict__.update(entry["old"])
    room.__dict__.update(keep)
    room.undos = {}
    print(f"The class is back (the new class is kept in {aside})\nClass code:    {room.code}\n"
          f"Teacher page:  {room.address}teacher#t={room.teacher_token}\n"
          f"Teacher token: {room.teacher_token}", flush=True, file=sys.stdout)
    out: list[Out] = []
    for sid in room.students:
        out += hand_back(room, sid, list(room.all_conns))
        out += room._student_views(sid)
    for c in list(room.all_conns):  # the old class's teacher pages that were let go
        if c.role is None and c.student == gone_mark("teacher"):
            c.role, c.student = "teacher", None
    said = (f"The class is back (code {room.code}), every student in their seat; the new "
            f"class that was started is kept in {aside.relative_to(folder)}.")
    return [*out, ("teachers", _text({"type": "done", "text": said,
                                      "token": room.teacher_token})),
            ("teachers", room.teacher_state()), ("watchers", room._public_all("projector"))]

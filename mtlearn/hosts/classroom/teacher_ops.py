"""What a teacher does to the class itself, beside the tables: who is connected, remove,
rename and move a student (and take that back), lock joins, pause tables, end the class
and start a new one. Each function answers one teacher message for a
:class:`~.room.Classroom` with the messages to send (see :mod:`.room`); no network here.

Every action that takes something away is answered with an ``undo`` id
(:class:`~mtlearn.core.protocol_class.Done`) that ``revert`` takes back while nothing else
changed the seats involved; the room keeps the last :data:`KEEP_UNDOS` of them. Ending
the class deletes nothing: its folder's files move to ``archive/class-<time>/``.
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

from ...core.protocol import refusal
from ...core.words import one_line
from . import ClassError, store
from .names import check_name, clean_name, name_keys
from .puzzle_round import PuzzleRound
from .seats import (
    END_UNDO_SECONDS,
    ENDED,
    REMOVED,
    UNDO_SECONDS,
    give_devices_back,
    gone_mark,
    hand_back,
    undo_end,
)

if TYPE_CHECKING:
    from .room import Classroom, Conn, Out

__all__ = ["KEEP_UNDOS", "assign", "clean_name", "lock", "name_taken", "new_class", "pause",
           "puzzle_round", "revert", "student"]

#: Undoable actions the room remembers.
KEEP_UNDOS = 20


def _text(payload: dict[str, Any]) -> str:
    return json.dumps(payload, separators=(",", ":"), allow_nan=False)


def done(text: str, undo: str | None = None, seconds: int = 0) -> str:
    """The JSON text of a ``done`` report (with the id that takes it back, if any, and
    for how many seconds: :data:`.seats.UNDO_SECONDS` unless ``seconds`` says)."""
    if undo:
        return _text({"type": "done", "text": text, "undo": undo,
                      "seconds": seconds or UNDO_SECONDS})
    return _text({"type": "done", "text": text})


def notice(text: str) -> str:
    """A few words from the teacher for a student's phone (a :class:`Notice`: the phone
    shows it at the top of its page, as a notice rather than an error)."""
    return json.dumps({"type": "notice", "text": text}, separators=(",", ":"))


def _gone(text: str) -> str:
    """The refusal that sends a student's phone back to its join form (its token no
    longer works; the phone knows the words: mtlearn/static/js/class-main.js)."""
    return json.dumps(refusal(text), separators=(",", ":"))


def name_taken(room: Classroom, name: str, but: str | None = None) -> None:
    """Refuse ``name`` if another student of the class has the same name: whatever the
    case, the invisible characters, or letters of another alphabet that look the same
    (:func:`.names.same_name`)."""
    plain, looks = name_keys(name)
    for sid, st in room.students.items():
        if sid == but:
            continue
        theirs = name_keys(str(st["name"]))
        first = st["name"]
        if theirs[0] == plain:
            raise ClassError(f"{first} is taken: add an initial, e.g. {first} B")
        if theirs[1] == looks:
            raise ClassError(f"{clean_name(name)} looks the same as {first}, who is in the "
                             "class already (some of its letters come from another "
                             f"alphabet): add an initial, e.g. {first} B")


def _remember(room: Classroom, entry: dict[str, Any], seconds: float = 0) -> str:
    uid = "u" + secrets.token_hex(4)
    room.undos[uid] = dict(entry, until=time.monotonic() + (seconds or UNDO_SECONDS))
    while len(room.undos) > KEEP_UNDOS:
        del room.undos[next(iter(room.undos))]
    return uid


def unseat(room: Classroom, sid: str) -> tuple[str, int] | None:
    """Take ``sid`` from their seat (a dealt table gives it to a computer for good);
    where they sat."""
    st = room.students[sid]
    t = room.tables.get(st["table"] or "")
    if t is None or st["seat"] is None:
        st["table"] = st["seat"] = None
        return None
    where = (t.id, int(st["seat"]))
    if t.started:
        t.to_computer(where[1], away=False)
    else:
        t.leave(sid)
    st["table"] = st["seat"] = None
    room.save(t)
    return where


def reseat(room: Classroom, sid: str, where: tuple[str, int] | None) -> None:
    """Seat ``sid`` at ``where`` again (the seat must be as unseat() left it)."""
    if where is None:
        return
    t = room.tables.get(where[0])
    seat = where[1]
    if t is None or not 0 <= seat < t.n:
        raise ClassError("undo: that table is gone")
    s = t.seats[seat]
    name = room.students[sid]["name"]
    if t.started:
        if s["kind"] != "computer" or s["student"] is not None or s["name"] != name:
            raise ClassError(f"undo: seat {seat + 1} of {t.label} changed since")
        t.give_back(seat, sid, name)
    else:
        if s["student"] is not None:
            raise ClassError(f"undo: seat {seat + 1} of {t.label} is taken now")
        t.give_back(seat, sid, name)
    room.students[sid].update(table=t.id, seat=seat)
    room.save(t)


def _where_words(room: Classroom, where: tuple[str, int] | None) -> str:
    if where is None:
        return "the lobby"
    return f"{room.tables[where[0]].label}, seat {where[1] + 1}"


def student(room: Classroom, msg: dict[str, Any]) -> list[Out]:
    """``student``: remove, rename or move one student."""
    sid = msg.get("student")
    if not isinstance(sid, str) or sid not in room.students:
        raise ClassError(f"student: no student {one_line(repr(sid), 40)} in this class")
    action = msg.get("action")
    st = room.students[sid]
    name = st["name"]
    if action == "rename":  # shown at once: the lobby, the table (dealt too), the teacher
        new = check_name(msg.get("name"))
        name_taken(room, new, but=sid)
        t = room.tables.get(st["table"] or "")
        if t is not None and t.rename(sid, new):  # first: it may refuse (nothing changed)
            room.save(t)
        st["name"] = new
        room.save()
        told = [("reply", done(f"{name} is now {new}.")), *room._student_views(sid)]
        if t is not None:  # the others at the table and the projector; the lobby lists
            others = room._table_update(t) + ([] if t.started else room._lobbies())
            told += [o for o in others if o[0] != f"student:{sid}"]  # its free seats
        return [*told, ("teachers", room.teacher_state())]
    if action == "remove":
        where = unseat(room, sid)
        record = room.students.pop(sid)
        room.tokens.pop(record["token"], None)
        conns, since = room.conns_of.pop(sid, set()), room.since.pop(sid, None)
        for conn in conns:  # the device may join again, as a new student; until the
            conn.role, conn.student = None, gone_mark(sid)  # removal is final, its token
        room.seats.hold(record["token"], REMOVED, UNDO_SECONDS)  # is held (.seats)

        def put_back() -> None:  # the removal was not made: the devices stay the student's
            room.seats.release(record["token"])
            give_devices_back(room, sid, conns, since)
        room.keeper.on_failure(put_back)
        room.save()
        uid = _remember(room, {"kind": "remove", "sid": sid, "record": dict(record),
                               "where": where, "conns": conns})
        out: list[Out] = [("reply", done(f"{name} was removed from the class.", uid)),
                          (f"student:{gone_mark(sid)}", _gone(REMOVED))]
        if where is not None:
            out += room._table_update(room.tables[where[0]])
        return out + room._lobbies() + [("teachers", room.teacher_state())]
    if action == "move":
        to_id = msg.get("table")
        dest = None if to_id is None else room._table(to_id)
        seat = msg.get("seat")
        if dest is not None:
            if dest.started:
                raise ClassError(f"move: {dest.label} is playing; move a student to a table "
                                 "not dealt yet")
            if not isinstance(seat, int) or isinstance(seat, bool) or \
                    seat - 1 not in dest.free_seats():
                raise ClassError(f"move: choose a free seat of {dest.label} (free: "
                                 f"{', '.join(str(i + 1) for i in dest.free_seats()) or 'none'})")
        before = unseat(room, sid)
        if dest is not None:
            assert isinstance(seat, int)
            dest.sit(seat - 1, sid, name)
            st["table"], st["seat"] = dest.id, seat - 1
            room.save(dest)
        room.save()
        after = None if dest is None else (dest.id, int(st["seat"]))
        uid = _remember(room, {"kind": "move", "sid": sid, "from": before, "to": after})
        said = f"Your teacher moved you to {_where_words(room, after)}."
        out = [("reply", done(f"{name} moved to {_where_words(room, after)}.", uid))]
        out += room._student_views(sid)
        out.append((f"student:{sid}", notice(said)))
        for where in (before, after):
            if where is not None:
                out += room._table_update(room.tables[where[0]])
        return out + room._lobbies() + [("teachers", room.teacher_state())]
    raise ClassError(f"student: action {one_line(repr(action), 40)} is not one of remove, "
                     "rename, move")


def assign(room: Classroom, msg: dict[str, Any]) -> list[Out]:
    """``assign``: trainer puzzles for every student (``theme`` or ``band``, and
    ``count``), or none: each phone gets its own puzzles (:mod:`.assignment`)."""
    room.keeper.on_failure(room.trainer.keep())
    said = room.trainer.assign(msg, room.names())
    out: list[Out] = [("reply", done(said))]
    out += [(f"student:{sid}", _text(room.trainer.state(sid))) for sid in room.students]
    return [*out, ("teachers", room.teacher_state())]


def puzzle_round(room: Classroom, msg: dict[str, Any]) -> list[Out]:
    """``puzzle_round``: start a round of the puzzle set ``set`` for every student, or end
    the round on (``set`` null); the round before is archived, never deleted."""
    family = msg.get("set")
    new = None if family is None else PuzzleRound(str(family))
    old, ended = room.puzzles, room.ended

    def put_back() -> None:
        room.puzzles, room.ended = old, ended
    room.keeper.on_failure(put_back)
    if old is not None and old.students:
        store.archive_round(room.folder, old, room.names())
        room.ended = old
    room.puzzles = new
    if new is not None:  # its snapshot first: taken back if class.json cannot name it
        room.keeper.put(room.folder / "puzzles.json", None, new.to_dict())
    room.save()  # class.json names the new round: the old round's log lines no longer fit
    room.keeper.flush(room)
    try:
        room.answers.clear()
    except OSError as e:  # its lines name the old round: --resume leaves them out
        print(f"mtlearn class: cannot start a new answers log: {e.strerror}",
              file=sys.stderr, flush=True)
    said = ("The puzzle round is over." if family is None else
            f"Puzzle round on: every student gets the set {family}.")
    out: list[Out] = [("reply", done(said))]
    out += [(f"student:{sid}", room._puzzle_state(sid)) for sid in room.students]
    return [*out, ("teachers", room.teacher_state())]  # with a row for every student


def remember_computer(room: Classroom, sid: str, where: tuple[str, int]) -> str:
    """Keep the undo of a computer taking ``sid``'s seat for good."""
    return _remember(room, {"kind": "move", "sid": sid, "from": where, "to": None})


def revert(room: Classroom, msg: dict[str, Any]) -> list[Out]:
    """``revert``: take back a removal, a move or a computer replacing a student."""
    uid = msg.get("undo")
    entry = room.undos.get(uid) if isinstance(uid, str) else None
    if entry is None or entry["until"] < time.monotonic():
        raise ClassError("undo: that action is too old to take back (or was taken back)")
    if entry["kind"] == "new_class":
        return undo_end(room, entry)
    sid = entry["sid"]
    touched: list[str] = []
    if entry["kind"] == "remove":
        record = entry["record"]
        name_taken(room, record["name"])
        if entry["where"] is not None:
            _check_free(room, entry["where"], record["name"])
        room.students[sid] = dict(record, table=None, seat=None)
        room.tokens[record["token"]] = sid
        reseat(room, sid, entry["where"])
        handed = hand_back(room, sid, entry["conns"])  # their phones get their seat back
        text = f"{record['name']} is back in the class"
        where = entry["where"]
    else:
        handed = []
        st = room.students.get(sid)
        here = None if st is None or st["table"] is None else (st["table"], st["seat"])
        if st is None or here != entry["to"]:
            raise ClassError("undo: that student moved since")
        if entry["from"] is not None:
            _check_free(room, entry["from"], st["name"])
        unseat(room, sid)
        reseat(room, sid, entry["from"])
        text = f"{st['name']} is back at {_where_words(room, entry['from'])}"
        where = entry["from"]
        if entry["to"] is not None:
            touched.append(entry["to"][0])
    if where is not None:
        touched.append(where[0])
    del room.undos[str(uid)]
    room.save()
    out: list[Out] = [("reply", done(text + ".")), *handed]
    out += room._student_views(sid)
    for tid in dict.fromkeys(touched):
        out += room._table_update(room.tables[tid])
    return out + room._lobbies() + [("teachers", room.teacher_state())]


def _check_free(room: Classroom, where: tuple[str, int], name: str) -> None:
    t = room.tables.get(where[0])
    if t is None:
        raise ClassError("undo: that table is gone")
    s = t.seats[where[1]]
    ok = (s["kind"] == "computer" and s["student"] is None and s["name"] == name) \
        if t.started else s["student"] is None
    if not ok:
        raise ClassError(f"undo: seat {where[1] + 1} of {t.label} changed since")


def lock(room: Classroom, msg: dict[str, Any]) -> list[Out]:
    """``lock``: refuse new students (or welcome them again)."""
    locked = msg.get("locked")
    if not isinstance(locked, bool):
        raise ClassError("lock: locked is true or false")
    room.locked = locked
    room.save()
    text = ("Joins are locked: new students are refused; students who joined can come "
            "back.") if locked else "Joins are open: new students can join."
    return [("reply", done(text)), ("teachers", room.teacher_state())]


def pause(room: Classroom, msg: dict[str, Any]) -> list[Out]:
    """``pause``: pause or resume one table, or every table (``table`` null)."""
    on = msg.get("paused")
    if not isinstance(on, bool):
        raise ClassError("pause: paused is true or false")
    tid = msg.get("table")
    tables = list(room.tables.values()) if tid is None else [room._table(tid)]
    if not tables:
        raise ClassError("pause: no table is open yet")
    out: list[Out] = []
    for t in tables:
        t.pause("Your teacher paused the table." if on else None)
        room.save(t)
        out += room._table_update(t)
    which = "Every table" if tid is None else tables[0].label
    text = f"{which} is {'paused' if on else 'playing again'}."
    return [("reply", done(text)), *out, ("teachers", room.teacher_state())]


def _move_back(moved: list[tuple[Path, Path]], dest: Path) -> str:
    """Put the files a failed archive moved back where they were (a rename needs no free
    space); the words that say how the folder was left."""
    stuck = []
    for src, dst in reversed(moved):
        try:
            dst.rename(src)
        except OSError:
            stuck.append(dst.name)
    for d in (dest / "archive", dest):
        with contextlib.suppress(OSError):
            d.rmdir()  # only when empty
    if not stuck:
        return "the class carries on as it was"
    return (f"{len(stuck)} of its files are still in {dest} ({', '.join(stuck[:5])}): move "
            "them back into the class folder before --resume")


def new_class(room: Classroom, conn: Conn) -> list[Out]:
    """``new_class``: keep this class in ``archive/class-<time>/`` of its folder (nothing
    is deleted), and start a new one there with a new code and teacher's token, printed
    to the server's terminal and sent to the teacher's page (``done`` with ``token``)."""
    folder = room.folder
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = folder / "archive" / f"class-{stamp}"
    k = 1
    while dest.exists():
        k += 1
        dest = folder / "archive" / f"class-{stamp}-{k}"
    room.answers.close()  # the answers log moves with the class
    moved: list[tuple[Path, Path]] = []
    try:
        dest.mkdir(parents=True)
        for p in sorted(folder.iterdir()):
            if p.name not in ("archive", "serving.json", "serving.prev.json"):  # served on
                p.rename(dest / p.name)
                moved.append((p, dest / p.name))
        # the class's earlier puzzle rounds (archive/puzzles-…) go with it too
        for p in sorted((folder / "archive").iterdir()):
            if not p.name.startswith("class-"):
                (dest / "archive").mkdir(exist_ok=True)
                p.rename(dest / "archive" / p.name)
                moved.append((p, dest / "archive" / p.name))
    except OSError as e:
        raise ClassError(f"new class: cannot keep the class in {dest}: {e.strerror}; "
                         + _move_back(moved, dest)) from None
    olds = [(c, c.student, c.role) for c in room.all_conns]
    fresh = type(room).create(folder)
    before = dict(room.__dict__)  # the class as it was: Undo brings it back (.seats)
    keep = {"address": room.address, "idle": room.idle, "all_conns": room.all_conns,
            "pace": room.pace, "seats": room.seats}
    room.__dict__.update(fresh.__dict__)
    room.__dict__.update(keep)
    room.save()
    uid = _remember(room, {"kind": "new_class", "old": before, "moved": moved, "dest": dest},
                    END_UNDO_SECONDS)
    print(f"New class: the old one is kept in {dest}\nClass code:    {room.code}\n"
          f"Teacher page:  {room.address}teacher#t={room.teacher_token}\n"
          f"Teacher token: {room.teacher_token}", flush=True, file=sys.stdout)
    out: list[Out] = []
    for st in before["students"].values():  # held while the end can be taken back
        room.seats.hold(st["token"], ENDED, END_UNDO_SECONDS)
    for c, sid, role in olds:
        if c is conn:
            continue
        if role == "student" and sid is not None:
            # a refusal: the phone shows the join form, and keeps its token a while
            c.role, c.student = None, gone_mark(sid)
            out.append((f"student:{gone_mark(sid)}", _gone(ENDED)))
        elif role == "teacher":
            c.role, c.student = None, gone_mark("teacher")
    conn.role = "teacher"
    archived = str(dest.relative_to(folder))
    out += [("reply", _text({"type": "done", "token": room.teacher_token, "undo": uid,
                             "seconds": END_UNDO_SECONDS,
                             "text": f"A new class started (code {room.code}); the old one "
                             f"is kept in {archived} of the class folder."})),
            ("reply", room.teacher_state()), ("watchers", room._public_all("projector"))]
    return out

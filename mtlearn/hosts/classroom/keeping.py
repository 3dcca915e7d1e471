"""The class keeps its word: a change is made only once the class folder holds it.

Each message the room answers is one change (:meth:`~.room.Classroom.handle`, and each
table's move in :meth:`~.room.Classroom.tick`). The tables and the class it touches are
marked (:meth:`Keeper.mark`) and written together at its end (:meth:`Keeper.flush`: the
tables, then ``class.json``). When the folder cannot be written (an ``OSError``: a full
disk, a read-only folder, a memory stick pulled out), :meth:`Keeper.fail` takes the
change back:

* the files written for it are taken back (each one's previous copy renamed back over
  it: a rename needs no room on the disk), so the folder is as before the change;
* the class in memory is put back as the folder holds it: ``class.json`` and each table
  as they were last written (their texts are remembered, so no file is read), the puzzle
  round and the trainer by what the handler registered (:meth:`Keeper.on_failure`), the
  teacher's undo list as it was, and devices of a student the class no longer knows let go;
* the sender is told, in words, that the class folder could not be written (the
  operating system's reason) and that the change was not made; the teacher's page gets
  a notice (once, and again when the reason changes) and another once a change is
  written again.

A table whose match is over has its match archived with it (:mod:`.matches`), and
taken back with it.

Any other error while a message is handled is taken back the same way (a bug never
leaves half a change). The cost of a move is unchanged: the text written is the one
remembered.

A move at a table, and a class-wide message whose files all go through the keeper (a
join, a seat taken, most of the teacher's actions: :data:`.commits.DEFERRED`), is written
later, off the server's event loop (:mod:`.commits`): the keeper *defers* its files
(:meth:`Keeper.begin`), hands them over as a :class:`Change` (:meth:`Keeper.change`),
:func:`write_change` writes them in the writer thread (or takes back those it wrote, when
one fails), and :meth:`Keeper.on_disk` or :meth:`Keeper.refused` settle it; its messages
go out only then. A refused move is taken back at its table alone (other tables' moves
may be under way); a refused class-wide change is taken back whole, the teacher's undo
list too (nothing else changes the class while it is written). Standard library only.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.protocol import refusal
from ...core.words import one_line
from . import store
from .tables import ClassTable
from .teacher_ops import notice

if TYPE_CHECKING:
    from .room import Classroom, Out

__all__ = ["Change", "Keeper", "why", "write_change"]

#: The key of class.json among the remembered texts (a table's key is its id).
CLASS = ""

#: A file to write: its key among the remembered texts (None: not remembered), its path
#: and its text.
Write = tuple[str | None, Path, str]


@dataclass
class Change:
    """A change made in memory whose files are not written yet (a move: :mod:`.commits`)."""

    writes: list[Write]  # in order
    undo: list[Callable[[], None]]  # what puts memory back if the folder refuses
    #: The tables it changed (taken back alone on failure); None: the whole class.
    tables: frozenset[str] | None
    #: A class-wide change: the teacher's undo list before it (put back on failure).
    undos: dict[str, dict[str, Any]] | None = None


def write_change(writes: list[Write]) -> tuple[BaseException | None, list[tuple[str, str]]]:
    """Write the files of a :class:`Change` in order (:func:`.store.put_sealed`; in the
    writer thread: nothing in memory is touched); if one fails, take back those written,
    newest first. The error (None if all were written) and the files the disk refused to
    take back (key and text: they keep the change, and are remembered so)."""
    done: list[tuple[str | None, Path, bool, str]] = []
    try:
        for key, path, text in writes:
            existed = path.exists()
            store.put_sealed(path, text)
            done.append((key, path, existed, text))
    except Exception as e:
        stuck: list[tuple[str, str]] = []
        for key, path, existed, text in reversed(done):
            try:
                store.take_back(path, existed)
            except OSError as e2:
                print(f"mtlearn class: cannot take back {path.name}: {why(e2)}; it keeps the "
                      "change", file=sys.stderr, flush=True)
                if key is not None:
                    stuck.append((key, text))
        return e, stuck
    return None, []


def refused(text: str) -> str:
    """The JSON text of a refusal (the protocol's one refusal)."""
    return json.dumps(refusal(text), separators=(",", ":"), allow_nan=False)


def why(e: BaseException) -> str:
    """The operating system's reason for ``e`` in its own words ("No space left on
    device"), else the error's name."""
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return one_line(str(e), 120) or type(e).__name__


class Keeper:
    """What the class folder holds for sure, and the change under way (see the module)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        #: The text last written of class.json (key ``""``) and of each table (its id).
        self.texts: dict[str, str] = {}
        self.tables: dict[str, ClassTable] = {}  # marked: written at the next flush
        self.room = False  # class.json marked
        self.depth = 0  # inside a change (handle) when more than 0
        #: Files written for the change under way: (text key or None, path, whether the
        #: file was there before, its text before).
        self.written: list[tuple[str | None, Path, bool, str | None]] = []
        self.undo: list[Callable[[], None]] = []  # what puts memory back (on failure)
        self.undos: dict[str, dict[str, Any]] | None = None  # the teacher's, at the start
        #: Why the folder cannot be written, while a change failed and none was written since.
        self.fault: str | None = None
        self.appended = False  # the change wrote outside this keeper (the answers log)
        self.defer = False  # files queued (a move, written later), not written now
        self.queued: list[Write] = []

    # ------------------------------------------------------------------ a change
    def begin(self, room: Classroom, *, defer: bool = False) -> None:
        """A message starts: nothing is marked, the teacher's undo list remembered;
        ``defer``: its files are queued, for :meth:`change` (a move, :mod:`.commits`)."""
        self.depth += 1
        self.undo = []
        self.appended = False
        self.undos = dict(room.undos)
        self.defer = defer
        self.queued = []

    def end(self) -> None:
        """The message is answered."""
        self.depth -= 1
        self.undo = []
        self.undos = None
        self.defer = False
        self.queued = []

    def change(self, whole: bool = False) -> Change | None:
        """The files queued since :meth:`begin` (deferred), handed over with what puts
        memory back; None if there are none. ``whole``: a class-wide message's, taken
        back whole on failure (the teacher's undo list too)."""
        writes, self.queued = self.queued, []
        if not writes:
            return None
        keys = {key for key, _, _ in writes if key is not None}
        undos = dict(self.undos) if whole and self.undos is not None else None
        return Change(writes, list(self.undo),
                      None if whole or CLASS in keys else frozenset(keys), undos)

    def on_disk(self, change: Change) -> list[Out]:
        """A deferred change is on the disk: its texts are what the folder holds."""
        for key, _, text in change.writes:
            if key is not None:
                self.texts[key] = text
        return self.ok()

    def refused(self, room: Classroom, change: Change, e: BaseException,
                stuck: list[tuple[str, str]], *, reply: bool = True) -> list[Out]:
        """A deferred change the folder refused (its files taken back already,
        :func:`write_change`): memory put back, its tables alone, and said (:meth:`fail`)."""
        for key, text in stuck:
            self.texts[key] = text
        self.undo = list(change.undo)
        self.undos = change.undos  # (no message is under way: settled on the loop)
        try:
            return self.fail(room, e, reply=reply, only=change.tables)
        finally:
            self.undos = None

    def on_failure(self, put_back: Callable[[], None]) -> None:
        """Call ``put_back`` if the change under way is taken back."""
        self.undo.append(put_back)

    def mark(self, table: ClassTable | None, room: bool) -> None:
        """Write ``table`` and (``room``) class.json at the end of the change."""
        if table is not None:
            self.tables[table.id] = table
        self.room = self.room or room

    def put(self, path: Path, key: str | None, obj: dict[str, Any]) -> None:
        """Write ``obj`` sealed to ``path`` now, to be taken back if the change fails;
        ``key``: its text is remembered under it (None: not remembered)."""
        text = store.seal(obj)
        if self.defer:
            self.queued.append((key, path, text))
            return
        existed = path.exists()
        store.put_sealed(path, text)
        self.written.append((key, path, existed, None if key is None else self.texts.get(key)))
        if key is not None:
            self.texts[key] = text

    def put_text(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` as :meth:`put` does (atomically, the previous copy
        kept), to be taken back if the change fails; nothing remembered."""
        text = text.encode("utf-8", "replace").decode("utf-8")
        if self.defer:
            self.queued.append((None, path, text))
            return
        existed = path.exists()
        store.put_sealed(path, text)
        self.written.append((None, path, existed, None))

    def flush(self, room: Classroom) -> bool:
        """Write what is marked (the tables, then class.json); True if anything was.
        OSError (the files of the change taken back) if the folder refuses."""
        wrote = bool(self.tables or self.room or self.written or self.appended)
        self.appended = False
        put_backs: list[Callable[[], None]] = []
        try:
            for t in self.tables.values():  # a match just over is archived with its table
                put_back = room.matches.keep(room, t, self)
                if put_back is not None:
                    put_backs.append(put_back)
                self.put(self.folder / "tables" / f"{t.id}.json", t.id, t.to_dict())
            self.tables.clear()
            if self.room:
                self.put(self.folder / "class.json", CLASS, room.class_dict())
                self.room = False
        except BaseException:
            self.take_back()
            for put_back in reversed(put_backs):
                put_back()
            raise
        self.written.clear()
        return wrote

    def take_back(self) -> None:
        """Put back every file written for the change, newest first (what the disk
        refuses even then is remembered as it is on the disk, and said on stderr)."""
        for key, path, existed, old in reversed(self.written):
            try:
                store.take_back(path, existed)
            except OSError as e:
                print(f"mtlearn class: cannot take back {path.name}: {why(e)}; it keeps the "
                      "change", file=sys.stderr, flush=True)
                continue
            if key is not None:
                if old is None:
                    self.texts.pop(key, None)
                else:
                    self.texts[key] = old
        self.written.clear()
        self.tables.clear()
        self.room = False
        self.queued = []

    def remember(self, room: Classroom) -> None:
        """After ``--resume``: the texts of the class and its tables as read."""
        for tid, t in room.tables.items():
            self.texts.setdefault(tid, store.seal(t.to_dict()))
        self.texts.setdefault(CLASS, store.seal(room.class_dict()))

    # ------------------------------------------------------------------ failure
    def fail(self, room: Classroom, e: BaseException, *, reply: bool = True,
             only: frozenset[str] | None = None) -> list[Out]:
        """Take the change back (files and memory, see the module) and say so: to the
        sender (``reply``) and, for a folder that cannot be written, to the teacher.
        ``only``: the change was a move at these tables; the rest is left as it is."""
        self.take_back()
        for put_back in reversed(self.undo):
            put_back()
        self.undo = []
        self.restore(room, only)
        out: list[Out] = []
        if not isinstance(e, OSError):
            print(f"mtlearn class: internal error: {e!r}; the change was taken back",
                  file=sys.stderr, flush=True)
            if reply:
                out.append(("reply", refused(f"internal error: {type(e).__name__}; the "
                                             "change was not made")))
            return out
        reason = why(e)
        if self.fault != reason:
            self.fault = reason
            print(f"mtlearn class: the class folder {self.folder} cannot be written: "
                  f"{reason}; changes are refused until it can", file=sys.stderr, flush=True)
            out.append(("teachers", notice(
                f"The class folder cannot be written ({reason}): {self.folder}. Every "
                "change is refused until it can (moves, answers, your actions); the class "
                "goes on as it was at the last change written, and nothing written before "
                "is lost. Free some space on the disk, or make the folder writable again.")))
        if reply:
            out.append(("reply", refused(
                f"the class folder could not be written ({reason}): the change was not "
                "made. Try again in a moment; tell your teacher if it goes on.")))
        return out

    def ok(self) -> list[Out]:
        """A change was written: the teacher hears that the folder works again."""
        if self.fault is None:
            return []
        self.fault = None
        print("mtlearn class: the class folder can be written again", file=sys.stderr,
              flush=True)
        return [("teachers", notice("The class folder can be written again: every change "
                                    "is kept from now on."))]

    def restore(self, room: Classroom, only: frozenset[str] | None = None) -> None:
        """The class in memory as the folder holds it (the remembered texts); ``only``:
        these tables alone (a move's: other tables may have moves under way)."""
        if only is not None:
            for tid in only:
                t, kept = room.tables.get(tid), self.texts.get(tid)
                if t is not None and kept is not None and store.seal(t.to_dict()) != kept:
                    room.tables[tid] = ClassTable.from_dict(json.loads(kept),
                                                            f"tables/{tid}.json")
            store.reconcile(room.students, room.tables, [])
            return
        if self.undos is not None:
            room.undos = dict(self.undos)
        text = self.texts.get(CLASS)
        if text is None:
            return
        data = store.class_data(store.unseal(text.encode("ascii"), "class.json"),
                                "class.json")
        room.students = data["students"]
        room.tokens = {st["token"]: sid for sid, st in data["students"].items()}
        room.idle, room.locked = data["idle"], data["locked"]
        tables: dict[str, ClassTable] = {}
        for tid in data["tables"]:
            t = room.tables.get(tid)
            kept = self.texts.get(tid)
            if t is None or kept is None:
                continue
            if store.seal(t.to_dict()) != kept:
                t = ClassTable.from_dict(json.loads(kept), f"tables/{tid}.json")
            tables[tid] = t
        room.tables = tables
        store.reconcile(room.students, room.tables, [])
        for sid in [s for s in room.conns_of if s not in room.students]:
            for conn in room.conns_of.pop(sid):
                conn.role = conn.student = None
            room.since.pop(sid, None)

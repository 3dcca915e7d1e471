"""A change's files written off the server's event loop (issue 39, item 8).

A move at a table (a student's ``intent``; a computer's move, or a computer taking an
idle seat, at the ticker) changes that table alone. The change is made in memory and its
messages are made at once (:func:`prepare_move`, :func:`tick_table`), its files queued
(:mod:`.keeping`: the table's file, and a match's archive when the move ends it). The
class folder's writer threads write them, flushed to the disk, while the event loop goes
on serving every other table: a table's changes one after the other, in order, those of
different tables at once (:data:`WRITERS` threads: a table whose file is slow to write
keeps no other table waiting behind it). The messages of the move go out only once its
files are on the disk (:func:`settle`), the mover's reply too. A move the folder refuses
is taken back at its table alone, and said (:mod:`.keeping`): no device saw it.

:class:`Commits` keeps the order the server needs: one change at a time at a table (the
next move there waits for the files of the one before), moves at different tables at
once, and every other message (a join, a seat taken, a teacher's action, a puzzle
answer…) alone: it waits for the moves under way to be on the disk, and no move starts
until it is answered and its files are on the disk, so it finds and changes the class as
the folder holds it. Those whose files all go through the keeper (:data:`DEFERRED`: a
join, a seat taken, most of the teacher's actions) are made in memory and written the
same way, off the loop (:func:`prepare_alone`); their messages, the sender's reply too,
go out once the files are on the disk, and a change the folder refuses is taken back
whole. The others write files of their own as they go (a puzzle answer's line in the
answers log, the trainer's files, a new puzzle round, whose class.json must be on the
disk before the answers log is emptied, the end of the class and its undo, which move
the folder's files): they are written on the loop, by :meth:`~.room.Classroom.handle`.
What the server reads of the class besides (the teacher's page told that a device left,
the results) waits for the files under way too (:meth:`Commits.alone`), so no screen
shows a change the folder does not hold.

Without an event loop (:meth:`~.room.Classroom.handle` and :meth:`~.room.Classroom.tick`,
as the tests drive the room), :func:`now` writes a change's files at once, through the
same functions. Standard library only.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, NamedTuple

from .keeping import Change, write_change
from .tables import ClassTable

if TYPE_CHECKING:
    from .room import Classroom, Conn, Out

__all__ = ["DEFERRED", "WRITERS", "Commits", "Pending", "deferred", "now", "prepare_alone",
           "prepare_move", "settle", "table_of", "tick_table"]

#: Threads that write the class folder's files (changes of different tables at once).
WRITERS = 4
#: Messages answered alone whose files all go through the keeper, at the end of the
#: change: written off the loop (:func:`prepare_alone`). Not ``revert`` of the end of the
#: class (it moves the folder's files back: :func:`deferred`).
DEFERRED = frozenset({"join", "hello", "watch", "reclaim", "sit", "leave", "teacher",
                      "open_table", "table", "idle", "student", "lock", "pause",
                      "seat_code", "revert"})


class Pending(NamedTuple):
    """A change made in memory: the messages it sends once its files are on the disk, and
    those files (None: nothing to write, the messages go at once)."""

    outs: list[Out]
    change: Change | None
    reply: bool = True  # the sender is told if the folder refuses (not at the ticker)


def table_of(room: Classroom, msg: Any) -> str | None:
    """The table a message moves at (a student's ``intent``: their table), else None."""
    if not isinstance(msg, dict) or msg.get("op") != "intent":
        return None
    token = msg.get("token")
    sid = room.tokens.get(token) if isinstance(token, str) else None
    tid = room.students[sid]["table"] if sid in room.students else None
    return tid if isinstance(tid, str) and tid in room.tables else None


def deferred(room: Classroom, msg: Any) -> bool:
    """Whether ``msg`` (not a move) is answered in memory and its files written after
    (:data:`DEFERRED`), rather than as it goes."""
    if not isinstance(msg, dict) or msg.get("op") not in DEFERRED:
        return False
    uid = msg.get("undo")
    entry = room.undos.get(uid) if msg["op"] == "revert" and isinstance(uid, str) else None
    return entry is None or entry["kind"] != "new_class"


def prepare_alone(room: Classroom, conn: Conn, msg: dict[str, Any]) -> Pending:
    """Answer a class-wide message (:func:`deferred`) in memory; its files queued, to be
    taken back whole if the folder refuses them."""
    keeper = room.keeper
    keeper.begin(room, defer=True)
    try:
        out = room._handle(conn, msg)
        wrote = keeper.flush(room)
        change = keeper.change(whole=True)
        return Pending(out + (keeper.ok() if wrote and change is None else []), change)
    except Exception as e:  # a bug: the class as the folder holds it
        return Pending(keeper.fail(room, e), None)
    finally:
        keeper.end()


def prepare_move(room: Classroom, conn: Conn, msg: dict[str, Any], tid: str) -> Pending:
    """Answer a student's ``intent`` at table ``tid`` in memory; its files queued."""
    keeper = room.keeper
    keeper.begin(room, defer=True)
    try:
        out = room._handle(conn, msg)
        wrote = keeper.flush(room)
        change = keeper.change()
        return Pending(out + (keeper.ok() if wrote and change is None else []), change)
    except Exception as e:  # a bug: the table as the folder holds it
        return Pending(keeper.fail(room, e, only=frozenset((tid,))), None)
    finally:
        keeper.end()


def tick_table(room: Classroom, t: ClassTable, at: float) -> Pending:
    """The ticker at table ``t`` (:meth:`~.room.Classroom.tick`): a computer takes a seat
    idle past the teacher's limit, the computer to play moves once its pace allows; in
    memory, its files queued. A refusal is said to the teacher only (no sender)."""
    keeper = room.keeper
    keeper.begin(room, defer=True)
    try:
        seat = t.idle_seat(room.idle, at)
        was = t.paused
        taken = seat is not None
        if seat is not None:
            t.to_computer(seat, away=True)
        moved = t.step(at, room.pace)
        out: list[Out] = []
        if taken or moved:
            try:
                room.save(t, room=False)
                keeper.flush(room)
            except Exception as e:  # the table as the folder holds it
                return Pending(keeper.fail(room, e, reply=False, only=frozenset((t.id,))),
                               None, False)
            out += room._table_update(t)
        if taken or was != t.paused or (moved and t.session is not None
                                        and t.session.game.is_round_over):
            out.append(("teachers", room.teacher_state()))
        return Pending(out, keeper.change(), False)
    finally:
        keeper.end()


def settle(room: Classroom, pending: Pending, error: BaseException | None,
           stuck: list[tuple[str, str]]) -> list[Out]:
    """The messages to send once a change's files were written (``error`` None), or,
    when the folder refused them, the change taken back and said (:mod:`.keeping`)."""
    if pending.change is None:
        return pending.outs
    if error is None:
        return pending.outs + room.keeper.on_disk(pending.change)
    return room.keeper.refused(room, pending.change, error, stuck, reply=pending.reply)


def now(room: Classroom, pending: Pending) -> list[Out]:
    """:func:`settle` after writing the files here and now (no event loop)."""
    if pending.change is None:
        return pending.outs
    return settle(room, pending, *write_change(pending.change.writes))


Send = Callable[[list[Any]], Awaitable[None]]


class Commits:
    """The order of changes in the server (see the module): a lock per table for moves,
    every other message alone, and the class folder's writer threads."""

    def __init__(self, room: Classroom) -> None:
        self.room = room
        self._writer = ThreadPoolExecutor(WRITERS, thread_name_prefix="mtlearn-class-writer")
        self._tables: dict[str, asyncio.Lock] = {}
        self._cond: asyncio.Condition | None = None
        self._moving = 0  # moves under way (their files not yet written)
        self._alone = False  # a message is answered alone
        self._waiting = 0  # messages waiting to be answered alone (they go first)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._ticking: set[str] = set()  # tables whose tick is under way

    def _condition(self) -> asyncio.Condition:
        if self._cond is None:
            self._cond = asyncio.Condition()
        return self._cond

    async def handle(self, conn: Conn, msg: Any) -> list[Out]:
        """Answer one message (parsed JSON): a move at its table, written off the loop;
        any other message alone, written off the loop too if it may be
        (:func:`deferred`), else by :meth:`~.room.Classroom.handle`. The messages to
        send, once the change is on the disk."""
        tid = table_of(self.room, msg)
        if tid is not None:  # a task of its own: the move is settled even if we are not
            task = self._spawn(self._move(conn, msg, tid))
            outs: list[Out] | None = await asyncio.shield(task)
            if outs is not None:
                return outs
        task = self._spawn(self._answer_alone(conn, msg))  # settled even if we are not
        done: list[Out] = await asyncio.shield(task)
        return done

    async def _answer_alone(self, conn: Conn, msg: Any) -> list[Out]:
        async with self.alone():
            if deferred(self.room, msg):
                return await self.commit(prepare_alone(self.room, conn, msg))
            return self.room.handle(conn, msg)

    async def _move(self, conn: Conn, msg: dict[str, Any], tid: str) -> list[Out] | None:
        async with self._at(tid):
            if table_of(self.room, msg) != tid:  # moved meanwhile: answered alone
                return None
            return await self.commit(prepare_move(self.room, conn, msg, tid))

    async def commit(self, pending: Pending) -> list[Out]:
        """Write ``pending``'s files on a writer thread (the loop serves meanwhile); the
        messages to send once they are on the disk, or the change taken back
        (:func:`settle`)."""
        if pending.change is None:
            return pending.outs
        loop = asyncio.get_running_loop()
        error, stuck = await loop.run_in_executor(self._writer, write_change,
                                                  pending.change.writes)
        return settle(self.room, pending, error, stuck)

    @contextlib.asynccontextmanager
    async def _at(self, tid: str) -> AsyncIterator[None]:
        """A move at table ``tid``: after any message waiting to go alone, and after the
        move before at the same table."""
        cond = self._condition()
        async with cond:
            await cond.wait_for(lambda: not self._alone and not self._waiting)
            self._moving += 1
        try:
            async with self._tables.setdefault(tid, asyncio.Lock()):
                yield
        finally:
            async with cond:
                self._moving -= 1
                cond.notify_all()

    @contextlib.asynccontextmanager
    async def alone(self) -> AsyncIterator[None]:
        """No move under way (every move's files on the disk) and none starting."""
        cond = self._condition()
        async with cond:
            self._waiting += 1
            try:
                await cond.wait_for(lambda: not self._alone and not self._moving)
            finally:
                self._waiting -= 1
            self._alone = True
        try:
            yield
        finally:
            async with cond:
                self._alone = False
                cond.notify_all()

    def tick(self, send: Send) -> None:
        """The ticker's round (:meth:`~.room.Classroom.tick`): each table whose last tick
        is over, a task of its own (its files written off the loop, then ``send``)."""
        at = time.monotonic()
        for tid in list(self.room.tables):
            if tid not in self._ticking:
                self._ticking.add(tid)
                self._spawn(self._tick(tid, at, send))

    async def _tick(self, tid: str, at: float, send: Send) -> None:
        try:
            async with self._at(tid):
                t = self.room.tables.get(tid)
                outs = [] if t is None else await self.commit(tick_table(self.room, t, at))
            if outs:
                await send(outs)
        finally:
            self._ticking.discard(tid)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        """On the way out: the changes under way settled, every file queued written."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        self._writer.shutdown(wait=True)

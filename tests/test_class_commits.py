"""Issue 39, item 8: a change's files are written off the class server's event loop.

A move at a table is made in memory, its files written by the class folder's writer
threads while the server serves the other tables, and its messages sent only once the
files are on the disk (:mod:`mtlearn.hosts.classroom.commits`). Here the server runs in
this process (aiohttp's test server) and one table's file is held back while it is
written: the other table's move is answered meanwhile, the held table's mover hears
nothing until its file holds the move, and a move the folder refuses is taken back at
its table alone.

A class-wide change (a join, a teacher's action) is written the same way: while
class.json is held, the server still answers a page, the sender hears nothing until the
folder holds the change, and a change the folder refuses is taken back whole (the
teacher's undo list too). On a server that writes them on its event loop, the loop
itself waits for the held file (until the test gives up on it, 10 s): the page is not
served meanwhile and the sender is told of an internal error. Nothing is timed."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse
from aiohttp.test_utils import TestClient, TestServer
from test_class_store import Class, sid

from mtlearn.hosts.classroom import server as srv
from mtlearn.hosts.classroom import store
from mtlearn.hosts.classroom.tables import ClassTable


class Held:
    """``tables/<name>`` is held while it is written (the writer thread waits for
    :meth:`release`), then written, or refused with ``error``."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, name: str, wait: float = 60) -> None:
        self.writing, self.go = threading.Event(), threading.Event()
        self.error: OSError | None = None
        real = store.write_atomic

        def write_atomic(path: Path, text: str) -> None:
            if path.name == name:
                self.writing.set()
                assert self.go.wait(wait), "never released"
                if self.error is not None:
                    raise self.error
            real(path, text)

        monkeypatch.setattr(store, "write_atomic", write_atomic)

    def release(self, error: OSError | None = None) -> None:
        self.error = error
        self.go.set()


def intent_of(view: dict[str, Any]) -> dict[str, Any]:
    move = view["legal"][0]["move"]
    return {"action": move} if move in ("draw", "pass") else {"action": "move", "move": move}


async def until(ws: ClientWebSocketResponse, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (a refusal counts as ``"refusal"``)."""
    while True:
        m: dict[str, Any] = await ws.receive_json()
        if m.get("type") == kind or (kind == "refusal" and m.get("ok") is False):
            return m


def on_disk(c: Class, tid: str) -> dict[str, Any]:
    """The view the student in seat 1 of ``tid`` gets from the table the folder holds."""
    path = c.folder / "tables" / f"{tid}.json"
    t = ClassTable.from_dict(store.unseal(path.read_bytes(), path.name), path.name)
    view: dict[str, Any] = json.loads(t.seat_state(0))["view"]
    return view


def play(c: Class, check: Any) -> None:
    """Ana (t1) and Ben (t2), both to play, each on a WebSocket of the server; ``check``
    drives them (``await check(ana, ben, views)``)."""
    views = {"Ana": c.wait("t1"), "Ben": c.wait("t2")}
    c.room.pace = 3600.0  # no computer moves while the test runs

    async def go() -> None:
        app = srv.ClassServer(c.room, per_address=50).app
        async with TestClient(TestServer(app)) as client:
            sockets = []
            for name in ("Ana", "Ben"):
                ws = await client.ws_connect("/ws")
                await ws.send_json({"op": "hello", "code": c.room.code,
                                    "token": c.tokens[name]})
                await until(ws, "table")
                sockets.append(ws)
            # one limit for it all: the server's ping starts a receive's own timeout afresh
            await asyncio.wait_for(check(*sockets, views), 120)
            for ws in sockets:
                await ws.close()

    # on a thread of its own: in a whole test run, Playwright's sync API has left an event
    # loop running on this one, and asyncio.run() refuses to start a second loop there
    from test_class_server import run
    run(go(), timeout=150)


def test_a_move_is_answered_once_its_file_is_written_and_other_tables_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = Class(tmp_path / "c")
    held = Held(monkeypatch, "t1.json")
    kept = (c.folder / "tables" / "t1.json").read_bytes()

    async def check(ana: ClientWebSocketResponse, ben: ClientWebSocketResponse,
                    views: dict[str, Any]) -> None:
        await ana.send_json({"op": "intent", "token": c.tokens["Ana"],
                             "intent": intent_of(views["Ana"])})
        assert await asyncio.to_thread(held.writing.wait, 30)  # Ana's file is being written
        await ben.send_json({"op": "intent", "token": c.tokens["Ben"],
                             "intent": intent_of(views["Ben"])})
        got = await until(ben, "table")  # Ben's table does not wait for Ana's file
        assert got["view"] != views["Ben"] and got["view"] == on_disk(c, "t2")
        with pytest.raises(asyncio.TimeoutError):  # Ana hears nothing yet
            await ana.receive(timeout=0.3)
        assert (c.folder / "tables" / "t1.json").read_bytes() == kept
        held.release()
        got = await until(ana, "table")  # once her file holds the move
        assert got["view"] != views["Ana"] and got["view"] == on_disk(c, "t1")

    play(c, check)


def test_a_move_the_folder_refuses_is_taken_back_at_its_table_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = Class(tmp_path / "c")
    held = Held(monkeypatch, "t1.json")
    before = c.room.tables["t1"].to_dict()

    async def check(ana: ClientWebSocketResponse, ben: ClientWebSocketResponse,
                    views: dict[str, Any]) -> None:
        await ana.send_json({"op": "intent", "token": c.tokens["Ana"],
                             "intent": intent_of(views["Ana"])})
        assert await asyncio.to_thread(held.writing.wait, 30)
        await ben.send_json({"op": "intent", "token": c.tokens["Ben"],
                             "intent": intent_of(views["Ben"])})
        moved = (await until(ben, "table"))["view"]
        held.release(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
        refused = await until(ana, "refusal")
        assert "class folder could not be written" in refused["error"]
        assert "the change was not made" in refused["error"]
        # Ana's table is as the folder holds it, and as she last saw it; Ben keeps his move
        assert c.room.tables["t1"].to_dict() == before
        assert json.loads(c.room.tables["t1"].seat_state(0))["view"] == views["Ana"]
        assert on_disk(c, "t1") == views["Ana"]
        assert on_disk(c, "t2") == moved == json.loads(
            c.room.tables["t2"].seat_state(0))["view"]
        # the folder can be written again: the same move goes through
        held.error = None
        await ana.send_json({"op": "intent", "token": c.tokens["Ana"],
                             "intent": intent_of(views["Ana"])})
        assert (await until(ana, "table"))["view"] == on_disk(c, "t1") != views["Ana"]

    play(c, check)


def served(c: Class, check: Any) -> None:
    """The class's server in this process (no computer moves), and ``check`` driving it
    (``await check(client)``)."""
    c.room.pace = 3600.0

    async def go() -> None:
        app = srv.ClassServer(c.room, per_address=50).app
        async with TestClient(TestServer(app)) as client:
            await asyncio.wait_for(check(client), 120)

    from test_class_server import run
    run(go(), timeout=150)


def kept_students(c: Class) -> dict[str, Any]:
    data: dict[str, Any] = store.unseal((c.folder / "class.json").read_bytes(), "class.json")
    return {k: v["name"] for k, v in data["students"].items()}


def test_a_join_is_answered_once_class_json_is_written_and_pages_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = Class(tmp_path / "c")
    held = Held(monkeypatch, "class.json", wait=10)
    kept = (c.folder / "class.json").read_bytes()

    async def check(client: Any) -> None:
        phone = await client.ws_connect("/ws")
        await phone.send_json({"op": "join", "code": c.room.code, "name": "Zed"})
        assert await asyncio.to_thread(held.writing.wait, 30)  # class.json is being written
        page = await client.get("/")  # the server serves meanwhile
        assert page.status == 200 and "bootStudent" in await page.text()
        with pytest.raises(asyncio.TimeoutError):  # Zed hears nothing yet
            await phone.receive(timeout=0.3)
        assert (c.folder / "class.json").read_bytes() == kept
        held.release()
        joined = await until(phone, "joined")  # once the folder holds Zed
        assert joined["name"] == "Zed" and "Zed" in kept_students(c).values()
        await phone.close()

    served(c, check)


def test_a_teachers_action_the_folder_refuses_is_taken_back_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = Class(tmp_path / "c")
    held = Held(monkeypatch, "class.json", wait=10)
    ben = sid(c.room, "Ben")
    students, tokens = json.loads(json.dumps(c.room.students)), dict(c.room.tokens)
    tables = {tid: t.to_dict() for tid, t in c.room.tables.items()}
    remove = {"op": "student", "token": c.room.teacher_token, "student": ben,
              "action": "remove"}

    async def check(client: Any) -> None:
        teacher = await client.ws_connect("/ws")
        await teacher.send_json({"op": "teacher", "token": c.room.teacher_token})
        await until(teacher, "teacher")
        await teacher.send_json(remove)
        assert await asyncio.to_thread(held.writing.wait, 30)
        held.release(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
        refused = await until(teacher, "refusal")
        assert "class folder could not be written (No space left on device)" in \
            refused["error"] and "the change was not made" in refused["error"]
        # the class as the folder holds it: Ben in his seat with his token, nothing to undo
        assert c.room.students == students and c.room.tokens == tokens
        assert {tid: t.to_dict() for tid, t in c.room.tables.items()} == tables
        assert c.room.undos == {} and c.room.seats.holds(students[ben]["token"]) is None
        assert ben in kept_students(c)
        # the folder can be written again: the same removal goes through, with its Undo
        held.error = None
        await teacher.send_json(remove)
        done = await until(teacher, "done")
        assert done["text"] == "Ben was removed from the class." and done["undo"] in c.room.undos
        assert ben not in c.room.students and ben not in kept_students(c)
        await teacher.close()

    served(c, check)

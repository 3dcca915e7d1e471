"""Issue 39, item 1: the class keeps its word when its folder cannot be written.

A read-only folder, a full disk, a memory stick pulled out: every change (a move at a
table, a puzzle answer, lock, rename, pause, a new table, a computer's move) is made only
once the folder holds it, else taken back: the sender is told in words that the class
folder could not be written and that the change was not made, the teacher's page gets a
notice, and the class in memory is what ``--resume`` would find in the folder. Once the
fault clears, the same action goes through.

Tests run as root in CI, where chmod stops nothing: the fault is the writing functions of
:mod:`mtlearn.hosts.classroom.store` raising the operating system's error, on every file
or on one file only (after the others of the same change were written). No network: the
room is driven through :meth:`Classroom.handle`, as the server does."""

from __future__ import annotations

import errno
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_class_store import Class, first_puzzle, sid

from mtlearn.hosts.classroom import store
from mtlearn.hosts.classroom.room import Classroom, Conn

ERRORS = {"read-only": OSError(errno.EROFS, os.strerror(errno.EROFS)),
          "no permission": OSError(errno.EACCES, "Permission denied"),
          "disk full": OSError(errno.ENOSPC, "No space left on device")}


class Fault:
    """The class folder's writes fail with ``error`` while it is set (``only``: on the
    files whose name it accepts; the answers log is ``answers.jsonl``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.error: OSError | None = None
        self.only: Callable[[str], bool] = lambda name: True
        real_atomic, real_all = store.write_atomic, getattr(store, "write_all", None)

        def write_atomic(path: Path, text: str) -> None:
            if self.error is not None and self.only(path.name):
                raise self.error
            real_atomic(path, text)

        def write_all(f: Any, data: bytes) -> None:
            if self.error is not None and self.only("answers.jsonl"):
                f.write(data[:len(data) // 2])  # half a line reached the disk
                raise self.error
            assert real_all is not None
            real_all(f, data)

        monkeypatch.setattr(store, "write_atomic", write_atomic)
        monkeypatch.setattr(store, "write_all", write_all, raising=False)

    def on(self, error: OSError, only: Callable[[str], bool] | None = None) -> None:
        self.error, self.only = error, only or (lambda name: True)

    def off(self) -> None:
        self.error = None


@pytest.fixture
def fault(monkeypatch: pytest.MonkeyPatch) -> Fault:
    return Fault(monkeypatch)


def said(c: Class, conn: Conn, msg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every message the room sends for ``msg``, with whom it goes to."""
    return [(to, json.loads(text)) for to, text in c.room.handle(conn, msg)]


def state(room: Classroom) -> dict[str, Any]:
    """What the folder keeps of a class, as plain data."""
    p = room.puzzles
    return {"students": room.students, "locked": room.locked, "idle": room.idle,
            "tables": {tid: {k: v for k, v in t.to_dict().items()}
                       for tid, t in room.tables.items()},
            "puzzles": None if p is None else {"id": p.id, "students": p.students},
            "trainer": {"on": None if room.trainer.assignment is None
                        else room.trainer.assignment.to_dict(),
                        "progress": room.trainer.progress}}


def as_resumed(c: Class, tmp_path: Path) -> dict[str, Any]:
    """The class ``--resume`` finds in (a copy of) the folder."""
    copy = tmp_path / f"copy{len(list(tmp_path.glob('copy*')))}"
    shutil.copytree(c.folder, copy)
    return state(Classroom.resume(copy))


def refused_in_words(out: list[tuple[str, dict[str, Any]]], reason: str) -> None:
    """The sender hears the folder could not be written, why, and that nothing was made;
    the teacher's page gets a notice; nothing says "nothing was changed"."""
    replies = [m for to, m in out if to == "reply"]
    assert len(replies) == 1 and replies[0].get("ok") is False, out
    error = replies[0]["error"]
    assert "class folder could not be written" in error and reason in error, error
    assert "the change was not made" in error, error
    notices = [m for to, m in out if to == "teachers" and m.get("type") == "notice"]
    assert notices and "cannot be written" in notices[0]["text"], out
    assert reason in notices[0]["text"]
    assert not [m for to, m in out if to != "reply" and m.get("type") != "notice"], out
    assert all("nothing was changed" not in json.dumps(m) for _, m in out)


def check_refused(c: Class, tmp_path: Path, fault: Fault, conn: Conn, msg: dict[str, Any],
                  error: OSError, only: Callable[[str], bool] | None = None) -> None:
    """``msg`` is refused while the folder fails, the class stays as the folder holds it,
    and goes through once the fault clears (the teacher hears that too)."""
    before, undos = json.loads(json.dumps(state(c.room))), dict(c.room.undos)
    fault.on(error, only)
    refused_in_words(said(c, conn, msg), str(error.strerror))
    fault.off()
    assert json.loads(json.dumps(state(c.room))) == before  # taken back in memory
    assert c.room.undos == undos
    assert as_resumed(c, tmp_path) == before  # and the folder holds the same class
    again = said(c, conn, msg)
    assert not [m for _, m in again if m.get("ok") is False], again
    assert any(to == "teachers" and m.get("type") == "notice" and "can be written again"
               in m["text"] for to, m in again), again
    assert as_resumed(c, tmp_path) == json.loads(json.dumps(state(c.room)))


@pytest.mark.parametrize("error", ERRORS.values(), ids=ERRORS.keys())
def test_a_move_at_a_table_is_not_made_when_the_folder_cannot_be_written(
        tmp_path: Path, fault: Fault, error: OSError) -> None:
    c = Class(tmp_path / "c")
    view = c.wait("t1")
    move = view["legal"][0]["move"]
    intent = {"action": move} if move in ("draw", "pass") else {"action": "move", "move": move}
    history = list(c.room.tables["t1"].session.game.history)  # type: ignore[union-attr]
    check_refused(c, tmp_path, fault, c.ana, {"op": "intent", "token": c.tokens["Ana"],
                                              "intent": intent}, error)
    assert len(c.room.tables["t1"].session.game.history) > len(history)  # type: ignore[union-attr]


@pytest.mark.parametrize("error", ERRORS.values(), ids=ERRORS.keys())
def test_a_puzzle_answer_is_not_kept_when_the_answers_log_cannot_be_written(
        tmp_path: Path, fault: Fault, error: OSError) -> None:
    c = Class(tmp_path / "c")
    c.t({"op": "puzzle_round", "set": "doubles"})
    c.answer(c.ana, "Ana", "draw")  # one answer kept before the fault
    p = first_puzzle(c)
    check_refused(c, tmp_path, fault, c.ana, {"op": "puzzle", "token": c.tokens["Ana"],
                  "msg": {"action": "answer", "answer": str(p.answer)}}, error)
    assert c.room.puzzles is not None
    rec = c.room.puzzles.students[sid(c.room, "Ana")]["results"][p.id]
    assert rec["solved"] and rec["tries"] == 2  # the refused try is not counted
    lines = (c.folder / "answers.jsonl").read_text().splitlines()
    assert all(json.loads(line) for line in lines)  # no half line was left in the log


@pytest.mark.parametrize("error", ERRORS.values(), ids=ERRORS.keys())
def test_lock_is_not_made_when_the_folder_cannot_be_written(
        tmp_path: Path, fault: Fault, error: OSError) -> None:
    c = Class(tmp_path / "c")
    check_refused(c, tmp_path, fault, c.teacher, {"op": "lock", "locked": True,
                                                  "token": c.room.teacher_token}, error)
    assert c.room.locked


@pytest.mark.parametrize("error", ERRORS.values(), ids=ERRORS.keys())
def test_a_rename_is_not_made_when_the_folder_cannot_be_written(
        tmp_path: Path, fault: Fault, error: OSError) -> None:
    c = Class(tmp_path / "c")
    check_refused(c, tmp_path, fault, c.teacher, {
        "op": "student", "action": "rename", "student": sid(c.room, "Ben"), "name": "Bea",
        "token": c.room.teacher_token}, error)
    assert [st["name"] for st in c.room.students.values()] == ["Ana", "Bea"]


def test_a_rename_at_a_table_not_dealt_is_taken_back_when_class_json_fails(
        tmp_path: Path, fault: Fault) -> None:
    """The table's file was written, class.json was not: the table is taken back too."""
    c = Class(tmp_path / "c")
    c.t({"op": "open_table", "seats": 3})
    carl = Conn()
    token = said(c, carl, {"op": "join", "code": c.room.code, "name": "Carl"})[0][1]["token"]
    said(c, carl, {"op": "sit", "token": token, "table": "t3", "seat": 2})
    check_refused(c, tmp_path, fault, c.teacher, {
        "op": "student", "action": "rename", "student": sid(c.room, "Carl"), "name": "Cleo",
        "token": c.room.teacher_token}, ERRORS["disk full"], lambda name: name == "class.json")
    assert c.room.tables["t3"].seats[1]["name"] == "Cleo"


@pytest.mark.parametrize("error", ERRORS.values(), ids=ERRORS.keys())
def test_pausing_every_table_is_taken_back_when_the_second_table_cannot_be_written(
        tmp_path: Path, fault: Fault, error: OSError) -> None:
    c = Class(tmp_path / "c")
    check_refused(c, tmp_path, fault, c.teacher, {"op": "pause", "paused": True, "table": None,
                                                  "token": c.room.teacher_token},
                  error, lambda name: name == "t2.json")  # t1.json is written first
    assert all(t.paused for t in c.room.tables.values())


def test_a_new_table_is_taken_back_when_class_json_cannot_be_written(
        tmp_path: Path, fault: Fault) -> None:
    c = Class(tmp_path / "c")
    check_refused(c, tmp_path, fault, c.teacher, {"op": "open_table", "seats": 2,
                                                  "token": c.room.teacher_token},
                  ERRORS["disk full"], lambda name: name == "class.json")
    assert list(c.room.tables) == ["t1", "t2", "t3"]


def test_a_computer_move_waits_while_the_folder_cannot_be_written(
        tmp_path: Path, fault: Fault) -> None:
    c = Class(tmp_path / "c")
    c.move(c.ana, "Ana", "t1")  # the computer player is to play at t1
    before = json.loads(json.dumps(state(c.room)))
    fault.on(ERRORS["disk full"])
    c.clock += 2.0
    out = [(to, json.loads(text)) for to, text in c.room.tick(c.clock)]
    assert [m["type"] for _, m in out] == ["notice"] and "No space left" in out[0][1]["text"]
    c.clock += 2.0
    assert c.room.tick(c.clock) == []  # said once, not at every tick
    fault.off()
    assert json.loads(json.dumps(state(c.room))) == before == as_resumed(c, tmp_path)
    c.clock += 2.0
    out = [(to, json.loads(text)) for to, text in c.room.tick(c.clock)]
    assert any(m.get("type") == "notice" and "can be written again" in m["text"]
               for _, m in out)
    assert as_resumed(c, tmp_path) == json.loads(json.dumps(state(c.room))) != before

"""Every student can get back (issue 39, item 2), at the protocol level: a real `mtlearn
class` on 127.0.0.1 and WebSocket clients (tests/classkit.py).

* Undo of Remove gives the phone its seat: its token is held while the removal can be
  taken back, and the server hands it back to a phone still connected;
* a seat code from the teacher lets a student in on a new device, once; the old device's
  token stops working; a wrong seat code counts as a wrong class code;
* ending the class can be undone: the old class, its code, token and seats come back."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from classkit import Client, join, start_class, teacher_of
from test_class_limits import device_cookie, wrong_code
from test_class_server import intent_for, run

from mtlearn.hosts.classroom.seats import Seats

pytestmark = pytest.mark.slow


def test_held_tokens_and_seat_codes_expire() -> None:
    seats = Seats()
    seats.hold("tok", "The class ended: …", 0.05)
    assert seats.holds("tok") == "The class ended: …"
    code = seats.issue("s1")
    assert len(code) == 6 and seats.valid(code.lower()) and seats.valid(f" {code[:3]}-{code[3:]}")
    again = seats.issue("s1")  # a new code replaces the student's old one
    assert not seats.valid(code) and seats.valid(again)
    assert seats.take(again) == "s1" and seats.take(again) is None  # one use
    deadline = time.monotonic() + 5
    while seats.holds("tok") is not None:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert not seats.valid(123) and seats.take(None) is None


async def seated(cp: Any, name: str) -> tuple[Client, Client, str]:
    """The teacher's socket, then student ``name`` joined and seated at seat 1 of a new
    two-seat table with a computer, and their student id (once the teacher sees them sat)."""
    teacher = await teacher_of(cp)
    await teacher.ask({"op": "open_table", "token": cp.token, "seats": 2, "computers": 1},
                      "done")
    phone = await join(cp.ws_url, cp.code, name)
    await phone.ask({"op": "sit", "token": phone.token, "table": "t1", "seat": 1}, "table")
    state = await teacher.expect(
        "teacher", where=lambda m: m["students"] and m["students"][0]["seat"])
    return teacher, phone, state["students"][0]["id"]


def test_undo_of_remove_gives_the_phone_its_seat(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher, ben, sid = await seated(cp, "Ben")
        n = len(ben.got)
        gone = await teacher.ask({"op": "student", "token": cp.token, "student": sid,
                                  "action": "remove"}, "done")
        assert gone["undo"] and gone["seconds"] == 30
        told = await ben.expect("refused", n)
        assert told["error"].startswith("Your teacher removed you from the class. If that "
                                        "was a mistake, your teacher can undo it")
        # a reload meanwhile: the token is held, not unknown (the phone keeps it)
        other = await Client.open(cp.ws_url)
        held = await other.ask({"op": "hello", "code": cp.code, "token": ben.token}, "refused")
        assert held["error"] == told["error"]
        refused = await ben.ask({"op": "intent", "token": ben.token,
                                 "intent": {"action": "draw"}}, "refused")
        assert refused["error"] == told["error"]
        # Undo: the phone still connected gets its token and its seat back, by itself
        n = len(ben.got)
        await teacher.ask({"op": "revert", "token": cp.token, "undo": gone["undo"]}, "done")
        back = await ben.expect("joined", n)
        assert back["token"] == ben.token and back["name"] == "Ben"
        seat = await ben.expect("table", n)
        assert seat["seat"] == 1 and seat["table"]["seats"][0]["name"] == "Ben"
        # and it plays on that socket, as Ben
        no = await ben.ask({"op": "leave", "token": ben.token}, "refused")
        assert no["error"] == "Table 1 is playing: stay for the round, or ask the teacher"
        await other.ask({"op": "hello", "code": cp.code, "token": ben.token}, "joined")
        for c in (teacher, ben, other):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_a_seat_code_lets_a_student_in_on_a_new_device(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher, ana, sid = await seated(cp, "Ana")
        await teacher.ask({"op": "lock", "token": cp.token, "locked": True}, "done")
        # only the teacher asks for a seat code
        no = await ana.ask({"op": "seat_code", "token": ana.token, "student": sid}, "refused")
        assert "only the teacher" in no["error"]
        no = await teacher.ask({"op": "seat_code", "token": cp.token, "student": "s0"},
                               "refused")
        assert "no student" in no["error"]
        done = await teacher.ask({"op": "seat_code", "token": cp.token, "student": sid}, "done")
        code = done["seat_code"]
        assert done["student"] == sid and f"Seat code for Ana: {code}." in done["text"]
        # a new phone (joins are locked: a returning student is welcome all the same)
        phone = await Client.open(cp.ws_url)
        wrong = await phone.ask({"op": "reclaim", "code": cp.code, "seat_code": "ZZZZZZ"},
                                "refused")
        assert wrong["error"].startswith("wrong seat code")
        n = len(ana.got)
        joined = await phone.ask({"op": "reclaim", "code": cp.code, "seat_code": code.lower()},
                                 "joined")
        assert joined["name"] == "Ana" and joined["token"] != ana.token
        seat = await phone.expect("table")
        assert seat["seat"] == 1 and seat["view"] is not None
        # the old device is signed out and hears no more of Ana's table
        out = await ana.expect("refused", n)
        assert out["error"].startswith("unknown seat token: your seat moved to another device")
        heard = len(ana.got)
        no = await phone.ask({"op": "leave", "token": joined["token"]}, "refused")
        assert no["error"].startswith("Table 1 is playing")  # the new token is Ana's
        view = seat["view"]  # a move at the table: Ana's, or the computer's
        k = len(phone.got)
        if view["to_play"] == view["perspective"]:
            await phone.send({"op": "intent", "token": joined["token"],
                              "intent": intent_for(view)})
        await phone.expect("table", k)
        refused = await ana.ask({"op": "hello", "code": cp.code, "token": ana.token}, "refused")
        assert refused["error"].startswith("unknown seat token")
        assert all(m.get("type") != "table" for m in ana.got[heard:])
        # one use
        third = await Client.open(cp.ws_url)
        again = await third.ask({"op": "reclaim", "code": cp.code, "seat_code": code},
                                "refused")
        assert again["error"].startswith("wrong seat code")
        for c in (teacher, ana, phone, third):
            await c.close()
        return joined["token"]

    try:
        token = run(go())
    finally:
        cp.stop()
    kept = json.loads((tmp_path / "cls" / "class.json").read_text())
    assert [s["token"] for s in kept["students"].values()] == [token]  # written to the folder


def test_wrong_seat_codes_lock_the_device_out(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls")

    async def go() -> None:
        cookie = device_cookie(cp.address)
        session = aiohttp.ClientSession(headers={"Cookie": cookie})
        ws = await session.ws_connect(cp.ws_url)
        c = Client(ws, session)
        for _ in range(10):
            await c.ask({"op": "reclaim", "code": cp.code, "seat_code": "ABCDEF"}, "refused")
            await asyncio.sleep(0.11)  # within the socket's own message rate
        locked = await c.ask({"op": "reclaim", "code": cp.code, "seat_code": "ABCDEF"},
                             "refused")
        assert "too many wrong class codes from this device" in locked["error"]
        # the wrong class code is counted the same, and the class code is checked first
        other = await Client.open(cp.ws_url)
        no = await other.ask({"op": "reclaim", "code": wrong_code(cp.code),
                              "seat_code": "ABCDEF"}, "refused")
        assert no["error"].startswith("wrong class code")
        for each in (c, other):
            await each.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_ending_the_class_can_be_undone(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")
    folder = tmp_path / "cls"

    async def go() -> dict[str, Any]:
        teacher = await teacher_of(cp)
        projector = await Client.open(cp.ws_url)
        first = await projector.ask({"op": "watch", "code": cp.code}, "publics")
        assert first["code"] == cp.code
        await teacher.ask({"op": "open_table", "token": cp.token, "seats": 2, "computers": 1},
                          "done")
        ana = await join(cp.ws_url, cp.code, "Ana")
        await ana.ask({"op": "sit", "token": ana.token, "table": "t1", "seat": 1}, "table")
        n, p = len(ana.got), len(projector.got)
        done = await teacher.ask({"op": "new_class", "token": cp.token}, "done",
                                 where=lambda m: "token" in m)
        assert done["undo"] and done["seconds"] == 120
        told = await ana.expect("refused", n)
        assert told["error"].startswith("The class ended")
        # the projector follows the new class's code by itself
        new_code = json.loads((folder / "class.json").read_text())["code"]
        moved = await projector.expect("publics", p, where=lambda m: m["code"] == new_code)
        assert moved["tables"] == []
        # a phone that reloads meanwhile keeps its token (held), whatever the code
        other = await Client.open(cp.ws_url)
        held = await other.ask({"op": "hello", "code": cp.code, "token": ana.token}, "refused")
        assert held["error"] == told["error"]
        # Undo: the old class, its code, its teacher's token and Ana's seat come back
        n, p, k = len(ana.got), len(projector.got), len(teacher.got)
        back = await teacher.ask({"op": "revert", "token": done["token"], "undo": done["undo"]},
                                 "done", where=lambda m: "token" in m)
        assert back["token"] == cp.token and "The class is back" in back["text"]
        state = await teacher.expect("teacher", k, where=lambda m: m["code"] == cp.code)
        assert [s["name"] for s in state["students"]] == ["Ana"]
        assert (await ana.expect("joined", n))["token"] == ana.token
        seat = await ana.expect("table", n)
        assert seat["seat"] == 1
        await projector.expect("publics", p, where=lambda m: m["code"] == cp.code
                               and len(m["tables"]) == 1)
        no = await ana.ask({"op": "leave", "token": ana.token}, "refused")
        assert no["error"].startswith("Table 1 is playing")
        await other.ask({"op": "hello", "code": cp.code, "token": ana.token}, "joined")
        # the old token works again, the new class's no longer
        no = await teacher.ask({"op": "lock", "token": done["token"], "locked": True},
                               "refused")
        assert "only the teacher" in no["error"]
        # a second end, then a student joins the new class: Undo is refused, nothing lost
        done = await teacher.ask({"op": "new_class", "token": cp.token}, "done",
                                 where=lambda m: "token" in m)
        new_code = json.loads((folder / "class.json").read_text())["code"]
        cleo = await join(cp.ws_url, new_code, "Cleo")
        no = await teacher.ask({"op": "revert", "token": done["token"], "undo": done["undo"]},
                               "refused")
        assert "the new class has students" in no["error"]
        for c in (teacher, ana, other, projector, cleo):
            await c.close()
        return {"code": new_code}

    try:
        got = run(go())
    finally:
        cp.stop()
    now = json.loads((folder / "class.json").read_text())
    assert now["code"] == got["code"]
    archive = sorted(p.name for p in (folder / "archive").iterdir())
    unused = [a for a in archive if a.endswith("-unused")]
    kept = [a for a in archive if not a.endswith("-unused")]
    assert len(unused) == 1 and len(kept) == 1, archive
    assert (folder / "archive" / unused[0] / "class.json").is_file()  # nothing deleted
    old = json.loads((folder / "archive" / kept[0] / "class.json").read_text())
    assert [s["name"] for s in old["students"].values()] == ["Ana"]

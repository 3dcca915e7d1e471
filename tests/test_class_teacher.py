"""What a teacher needs to run a lesson (issue 28), at the protocol level: a real
`mtlearn class` on 127.0.0.1 and WebSocket clients (tests/classkit.py).

Who is connected, live; remove, rename and move a student, and undo; duplicate names;
lock joins; pause and resume tables; idle seats played at a person's pace that never play
a match out alone; a computer replacing a student, said to the phone and undone; the end
of a match (no Next round, a New match); an all-computer table as a paced demo; ending
the class and starting a new one, the old one archived."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from classkit import Client, join, start_class, teacher_of
from test_class_server import intent_for, latest, play_until, run, saved_game, table_of

pytestmark = pytest.mark.slow


def student_row(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next((s for s in state["students"] if s["name"] == name), {})


async def teacher_says(teacher: Client, msg: dict[str, Any]) -> dict[str, Any]:
    """Send a teacher's action; its ``done`` report."""
    return await teacher.ask(msg, "done")


def test_the_teacher_sees_who_is_connected_live(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher = await teacher_of(cp)
        ana = await join(cp.ws_url, cp.code, "Ana")
        on = await teacher.expect("teacher", where=lambda m: m["students"])
        row = student_row(on, "Ana")
        assert row["online"] is True and row["since"] and row["id"]
        assert row["table"] is None and row["seat"] is None
        n = len(teacher.got)
        await ana.close()
        off = await teacher.expect("teacher", n, where=lambda m: not m["students"][0]["online"])
        assert student_row(off, "Ana")["since"] >= row["since"]
        back = await Client.open(cp.ws_url)
        n = len(teacher.got)
        await back.ask({"op": "hello", "code": cp.code, "token": ana.token}, "joined")
        await teacher.expect("teacher", n, where=lambda m: m["students"][0]["online"])
        for c in (teacher, back):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_two_students_may_not_both_be_ana(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        ana = await join(cp.ws_url, cp.code, "Ana")
        other = await Client.open(cp.ws_url)
        refusal = await other.ask({"op": "join", "code": cp.code, "name": "  aNA "}, "refused")
        assert refusal["error"] == "Ana is taken: add an initial, e.g. Ana B"
        await other.ask({"op": "join", "code": cp.code, "name": "Ana B"}, "joined")
        for c in (ana, other):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_remove_rename_and_move_a_student_and_undo(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher = await teacher_of(cp)
        for seats in (3, 2):
            await teacher.ask({"op": "open_table", "token": cp.token, "seats": seats}, "done")
        ana, ben = [await join(cp.ws_url, cp.code, n) for n in ("Ana", "Ben")]
        for i, s in enumerate((ana, ben)):
            await s.ask({"op": "sit", "token": s.token, "table": "t1", "seat": i + 1}, "table")
        state = await teacher.expect("teacher", where=lambda m: student_row(m, "Ben").get("seat"))
        ids = {s["name"]: s["id"] for s in state["students"]}
        tok = cp.token
        # rename: a taken name is refused, a free one shown everywhere
        refusal = await teacher.ask({"op": "student", "token": tok, "student": ids["Ben"],
                                     "action": "rename", "name": "ana"}, "refused")
        assert "Ana is taken" in refusal["error"]
        done = await teacher_says(teacher, {"op": "student", "token": tok, "student": ids["Ben"],
                                            "action": "rename", "name": "Benji"})
        assert done["text"] == "Ben is now Benji."
        await ben.expect("table", where=lambda m: m["table"]["seats"][1]["name"] == "Benji")
        # move Ana to table 2, seat 2: her phone says so, in words
        n = len(ana.got)
        done = await teacher_says(teacher, {"op": "student", "token": tok, "student": ids["Ana"],
                                            "action": "move", "table": "t2", "seat": 2})
        assert done["text"] == "Ana moved to Table 2, seat 2." and done["undo"]
        moved = await ana.expect("table", n, where=lambda m: m["table"]["id"] == "t2")
        assert moved["seat"] == 2
        told = await ana.expect("notice", n)  # a notice at the top of the phone, not an error
        assert told["text"] == "Your teacher moved you to Table 2, seat 2."
        # undo puts her back where she sat
        n = len(ana.got)
        back = await teacher_says(teacher, {"op": "revert", "token": tok, "undo": done["undo"]})
        assert back["text"] == "Ana is back at Table 1, seat 1."
        await ana.expect("table", n, where=lambda m: m["table"]["id"] == "t1" and m["seat"] == 1)
        again = await teacher.ask({"op": "revert", "token": tok, "undo": done["undo"]},
                                  "refused")
        assert "too old" in again["error"]
        # remove Ben(ji): his phone is told, his token stops working; undo brings him back
        n = len(ben.got)
        gone = await teacher_says(teacher, {"op": "student", "token": tok,
                                            "student": ids["Ben"], "action": "remove"})
        assert gone["text"] == "Benji was removed from the class."
        assert (await ben.expect("refused", n))["error"].startswith(
            "Your teacher removed you from the class.")
        state = await teacher.expect("teacher", where=lambda m: len(m["students"]) == 1)
        assert state["tables"][0]["seats"][1]["taken"] is False
        refusal = await ben.ask({"op": "leave", "token": ben.token}, "refused")
        assert refusal["error"].startswith("Your teacher removed you")  # held, for Undo
        await teacher_says(teacher, {"op": "revert", "token": tok, "undo": gone["undo"]})
        returning = await Client.open(cp.ws_url)
        await returning.ask({"op": "hello", "code": cp.code, "token": ben.token}, "joined")
        seat = await returning.expect("table")
        assert seat["seat"] == 2 and seat["table"]["seats"][1]["name"] == "Benji"
        # move to the lobby, then a seat that is not free is refused
        await teacher_says(teacher, {"op": "student", "token": tok, "student": ids["Ben"],
                                     "action": "move", "table": None})
        refusal = await teacher.ask({"op": "student", "token": tok, "student": ids["Ben"],
                                     "action": "move", "table": "t1", "seat": 1}, "refused")
        assert refusal["error"] == "move: choose a free seat of Table 1 (free: 2, 3)"
        for c in (teacher, ana, ben, returning):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_locked_joins_refuse_newcomers_and_welcome_returning_devices(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher = await teacher_of(cp)
        ana = await join(cp.ws_url, cp.code, "Ana")
        done = await teacher_says(teacher, {"op": "lock", "token": cp.token, "locked": True})
        assert done["text"].startswith("Joins are locked")
        newcomer = await Client.open(cp.ws_url)
        refusal = await newcomer.ask({"op": "join", "code": cp.code, "name": "Cy"}, "refused")
        assert refusal["error"].startswith("the class is closed to new students")
        again = await Client.open(cp.ws_url)
        await again.ask({"op": "hello", "code": cp.code, "token": ana.token}, "joined")
        await teacher_says(teacher, {"op": "lock", "token": cp.token, "locked": False})
        await newcomer.ask({"op": "join", "code": cp.code, "name": "Cy"}, "joined")
        for c in (teacher, ana, newcomer, again):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_a_paused_table_refuses_moves_until_resumed(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher, students = await table_of(cp, ["Ana", "Ben"], seed=3)
        done = await teacher_says(teacher, {"op": "pause", "token": cp.token, "table": "t1",
                                            "paused": True})
        assert done["text"] == "Table 1 is paused."
        state = await teacher.expect("teacher", where=lambda m: m["tables"] and m["tables"][0]["paused"])
        assert state["tables"][0]["paused"] == "Your teacher paused the table."
        mover = students[latest(students[0])["view"]["to_play"] - 1]
        view = (await mover.expect("table", where=lambda m: (m["view"] or {}).get("legal")))[
            "view"]
        intent = intent_for(view)
        refusal = await mover.ask({"op": "intent", "token": mover.token, "intent": intent},
                                  "refused")
        assert "your teacher paused the table" in refusal["error"]
        assert not saved_game(cp.folder).history
        done = await teacher_says(teacher, {"op": "pause", "token": cp.token, "table": None,
                                            "paused": False})
        assert done["text"] == "Every table is playing again."
        await mover.ask({"op": "intent", "token": mover.token, "intent": intent}, "table",
                        where=lambda m: m.get("log"))  # the move, told in words
        assert len(saved_game(cp.folder).history) == 1
        for c in (teacher, *students):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_idle_phones_the_computer_plays_at_a_persons_pace_and_pauses(tmp_path: Path) -> None:
    """The old bug: idle 5 s, two phones idle, the computer played the whole match out in
    seconds. Now each computer move is its own update (one at a time), and the table
    pauses, telling the teacher why, long before the match is over."""
    # the quickest pace a class may choose (0.2 s a move): still one update a move
    cp = start_class(tmp_path / "cls", "--per-address", "50", "--idle", "1", "--pace", "0.2")

    async def go() -> None:
        teacher, (ana, ben) = await table_of(cp, ["Ana", "Ben"], seed=8, rounds=2)
        n = len(teacher.got)
        paused = await teacher.expect("teacher", n, timeout=60,
                                      where=lambda m: m["tables"] and m["tables"][0]["paused"])
        reason = paused["tables"][0]["paused"]
        assert re.search(r"Table 1 paused itself: .* only computers playing", reason), reason
        g = saved_game(cp.folder)
        assert not g.is_match_over and g.round_no == 1 and g.history
        # each computer move reached the screens on its own: one update a move
        publics = [m for m in teacher.got[n:] if m.get("type") == "public"]
        assert len(publics) >= len(g.history)
        state = latest(ana)
        assert state["message"]["text"].startswith("A computer is playing for you")
        # Ana is back: her seat is hers again and the table goes on
        n = len(teacher.got)
        back = await Client.open(cp.ws_url)
        await back.ask({"op": "hello", "code": cp.code, "token": ana.token}, "joined")
        state = await teacher.expect("teacher", n, where=lambda m: not m["tables"][0]["paused"])
        seats = state["tables"][0]["seats"]
        assert seats[0]["away"] is False and seats[1]["away"] is True, (reason, seats)
        for c in (teacher, ana, ben, back):
            await c.close()

    try:
        run(go(), timeout=120)
    finally:
        cp.stop()


def test_a_computer_replacing_a_student_is_told_and_undone(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher, (ana, ben) = await table_of(cp, ["Ana", "Ben"], seed=4)
        n = len(ben.got)
        done = await teacher_says(teacher, {"op": "table", "token": cp.token, "table": "t1",
                                            "action": "computer", "seat": 2})
        assert done["text"] == "Table 1: a computer player now plays Ben's seat (2)."
        assert done["undo"]
        await ben.expect("lobby", n)
        told = await ben.expect("notice", n)
        assert told["text"].startswith("Your teacher gave your seat at Table 1 to a computer")
        n = len(ben.got)
        await teacher_says(teacher, {"op": "revert", "token": cp.token, "undo": done["undo"]})
        mine = await ben.expect("table", n)
        assert mine["seat"] == 2 and mine["table"]["seats"][1]["kind"] == "student"
        for c in (teacher, ana, ben):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_at_match_end_only_the_teacher_deals_a_new_match(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        # hands of 4: the one round is soon over (what is checked is what comes after it)
        teacher, students = await table_of(cp, ["Ana", "Ben"], seed=3, rounds=1,
                                           options={"hand_size": 4})
        match = latest(students[0])["view"]["match"]
        assert match["next_round"] is False and match["new_match"] is False
        await play_until(students, lambda: latest(students[0])["view"]["over"])
        over = await students[0].expect("table", where=lambda m: (m["view"] or {}).get(
            "match", {}).get("match_over"))
        assert over["view"]["match"]["new_match"] is False
        assert over["view"]["match"]["next_round"] is False
        public = await teacher.expect("public", where=lambda m: m["table"]["match_over"])
        assert public["table"]["round_over"]
        refusal = await teacher.ask({"op": "table", "token": cp.token, "table": "t1",
                                     "action": "next_round"}, "refused")
        assert refusal["error"] == ("Table 1: the match is over (that was the last round): "
                                    "start a new match")
        refusal = await students[0].ask({"op": "intent", "token": students[0].token,
                                         "intent": {"action": "new_match"}}, "refused")
        assert "only the teacher" in refusal["error"]
        n = len(students[0].got)
        done = await teacher_says(teacher, {"op": "table", "token": cp.token, "table": "t1",
                                            "action": "new_match"})
        assert done["text"] == ("Table 1: a new match is dealt (match 2); the match before "
                                "is kept in the results.")
        fresh = await students[0].expect("table", n)
        assert fresh["view"]["round"] == 1 and not saved_game(cp.folder).history
        for c in (teacher, *students):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_a_table_of_four_computers_plays_a_demo_at_a_persons_pace(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")  # the quickest pace, 0.2 s

    async def go() -> None:
        teacher = await teacher_of(cp)
        refusal = await teacher.ask({"op": "open_table", "token": cp.token, "seats": 4,
                                     "computers": 5}, "refused")
        assert "computers: choose 0 to 4" in refusal["error"]
        n = len(teacher.got)
        done = await teacher_says(teacher, {"op": "open_table", "token": cp.token, "seats": 4,
                                            "computers": 4, "seed": 2})
        assert done["text"].startswith("Table 1 is open: 4 seats, 4 for computer players.")
        await teacher.expect("public", n, where=lambda m: len(m["log"]) >= 3)
        publics = [m for m in teacher.got[n:] if m.get("type") == "public"]
        moves = len(saved_game(cp.folder).history)
        assert moves >= 3 and len(publics) >= moves  # one update a move, not all at once
        assert not saved_game(cp.folder).is_round_over
        await teacher.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_the_teacher_hears_back_in_words(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher = await teacher_of(cp)
        done = await teacher_says(teacher, {"op": "idle", "token": cp.token, "seconds": 60})
        assert done["text"] == "Idle seats: a computer steps in after 60 s."
        done = await teacher_says(teacher, {"op": "open_table", "token": cp.token, "seats": 2})
        assert done["text"] == "Table 1 is open: 2 seats."
        done = await teacher_says(teacher, {"op": "puzzle_round", "token": cp.token,
                                            "set": "doubles"})
        assert done["text"] == "Puzzle round on: every student gets the set doubles."
        await teacher.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_ending_the_class_archives_it_and_starts_a_new_one(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")
    got: dict[str, Any] = {}

    async def go() -> None:
        teacher = await teacher_of(cp)
        await teacher.ask({"op": "open_table", "token": cp.token, "seats": 2}, "done")
        ana = await join(cp.ws_url, cp.code, "Ana")
        n = len(ana.got)
        k = len(teacher.got)
        done = await teacher.ask({"op": "new_class", "token": cp.token}, "done",
                                 where=lambda m: "token" in m)
        m = re.fullmatch(r"A new class started \(code ([A-Z]{5})\); the old one is kept in "
                         r"(archive/class-[0-9-]+) of the class folder\.", done["text"])
        assert m, done["text"]
        fresh = {"code": m[1], "archived": m[2], "token": done["token"]}
        got.update(fresh)
        assert fresh["code"] != cp.code and fresh["token"] != cp.token
        state = await teacher.expect("teacher", k, where=lambda m: m["code"] == fresh["code"])
        assert state["students"] == [] and state["tables"] == []
        told = await ana.expect("refused", n)
        assert told["error"].startswith("The class ended")
        refusal = await teacher.ask({"op": "lock", "token": cp.token, "locked": True},
                                    "refused")
        assert "only the teacher" in refusal["error"]
        await teacher_says(teacher, {"op": "lock", "token": fresh["token"], "locked": False})
        refusal = await ana.ask({"op": "hello", "code": fresh["code"], "token": ana.token},
                                "refused")
        assert refusal["error"].startswith("The class ended")  # held while it can be undone
        await ana.ask({"op": "join", "code": fresh["code"], "name": "Ana"}, "joined")
        for c in (teacher, ana):
            await c.close()

    try:
        run(go())
        assert cp.proc.stdout is not None
        printed = ""
        while "Teacher token:" not in printed.rpartition("New class:")[2]:
            printed += cp.proc.stdout.readline()
        assert f"Class code:    {got['code']}\n" in printed
        assert f"Teacher token: {got['token']}\n" in printed
    finally:
        cp.stop()
    folder = tmp_path / "cls"
    old = folder / got["archived"]
    kept = json.loads((old / "class.json").read_text())
    assert [s["name"] for s in kept["students"].values()] == ["Ana"]
    assert (old / "tables" / "t1.json").is_file()
    now = json.loads((folder / "class.json").read_text())
    assert now["code"] == got["code"]


def test_an_away_students_next_message_takes_the_seat_back(tmp_path: Path) -> None:
    """In-process (no server): the computer keeps an idle seat for its turns only; the
    student's next message, even one refused, gives the seat back, and says both."""
    from mtlearn.hosts.classroom.room import Classroom, Conn

    room = Classroom.create(tmp_path / "cls")
    room.idle = 5
    teacher = Conn()
    room.handle(teacher, {"op": "teacher", "token": room.teacher_token})
    room.handle(teacher, {"op": "open_table", "token": room.teacher_token, "seats": 2,
                          "seed": 8})
    conns, tokens = [], []
    for i, name in enumerate(("Ana", "Ben")):
        c = Conn()
        out = room.handle(c, {"op": "join", "code": room.code, "name": name})
        tokens.append(json.loads(out[0][1])["token"])
        room.handle(c, {"op": "sit", "token": tokens[-1], "table": "t1", "seat": i + 1})
        conns.append(c)
    t = room.tables["t1"]
    assert t.session is not None
    idle = t.session.game.current
    out = room.tick(t.turn_since + 6)  # past the limit: taken over, one move, no more
    assert t.seats[idle]["away"] and len(t.session.game.history) == 1
    assert [o for o in out if o[0] == "teachers"]
    assert room.tick(t.turn_since + 0.5) == []  # the other student's turn: nobody moves
    out = room.handle(conns[idle], {"op": "intent", "token": tokens[idle],
                                    "intent": {"action": "draw"}})
    assert not t.seats[idle]["away"]
    said = json.loads(out[0][1])
    assert said["ok"] is False and "turn, not yours" in said["error"]
    assert any(target == "teachers" for target, _ in out)


def test_a_paused_tables_idle_clock_stands_still(tmp_path: Path) -> None:
    """In-process: no computer steps in at a paused table, however long it waits; after
    Resume the idle limit counts afresh."""
    from mtlearn.hosts.classroom.room import Classroom, Conn

    room = Classroom.create(tmp_path / "cls")
    room.idle = 5
    teacher = Conn()
    tok = room.teacher_token
    room.handle(teacher, {"op": "teacher", "token": tok})
    room.handle(teacher, {"op": "open_table", "token": tok, "seats": 2, "seed": 8})
    for i, name in enumerate(("Ana", "Ben")):
        c = Conn()
        out = room.handle(c, {"op": "join", "code": room.code, "name": name})
        room.handle(c, {"op": "sit", "token": json.loads(out[0][1])["token"], "table": "t1",
                        "seat": i + 1})
    t = room.tables["t1"]
    room.handle(teacher, {"op": "pause", "token": tok, "table": "t1", "paused": True})
    assert room.tick(t.turn_since + 3600) == [] and not any(s["away"] for s in t.seats)
    room.handle(teacher, {"op": "pause", "token": tok, "table": None, "paused": False})
    assert room.tick(t.turn_since + 4) == []  # a fresh wait of 5 s
    assert room.tick(t.turn_since + 6) and any(s["away"] for s in t.seats)

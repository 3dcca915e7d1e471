"""The class server (`mtlearn class`, issue 21) at the protocol level: a real server on
127.0.0.1, WebSocket clients, every test bounded in time and stopping its server.

A whole round with a scan of everything each socket received for hidden tiles; abuse
(wrong code, forged and borrowed tokens, teacher actions without the teacher's token,
oversized, malformed and flooding messages) refused with a clear message and nothing
changed; a server killed mid-round and resumed; an idle seat taken over; a puzzle round
with its CSV; the per-address connection limit."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import warm_cli
from classkit import Client, closing_clients, join, start_class, teacher_of

from mtlearn.engine.game import Game

pytestmark = pytest.mark.slow
TILE = re.compile(r"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w-])")


def run(coro: Any, timeout: float = 90) -> Any:
    """Run a client coroutine to its end, bounded in time, on a thread of its own: in a
    whole test run, Playwright's sync API has left an event loop running on this one, and
    asyncio.run() refuses to start a second loop there. The clients it opened are closed
    on its loop (:func:`classkit.closing_clients`: one left open fails the test)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, closing_clients(asyncio.wait_for(coro, timeout))
                           ).result()


def saved_game(folder: Path, table: str = "t1") -> Game:
    data = json.loads((folder / "tables" / f"{table}.json").read_text())
    return Game.from_json(json.dumps(data["session"]["game"]))


def intent_for(view: dict[str, Any]) -> dict[str, Any]:
    """A legal intent for the seat to play (its first legal move)."""
    move = view["legal"][0]["move"]
    return {"action": move} if move in ("draw", "pass") else {"action": "move", "move": move}


async def table_of(cp: Any, names: list[str], computers: int = 0, **opts: Any
                   ) -> tuple[Client, list[Client]]:
    """A teacher, a table and its students seated (the table deals when it is full)."""
    teacher = await teacher_of(cp)
    await teacher.ask({"op": "open_table", "token": cp.token, "seats": len(names) + computers,
                       "computers": computers, **opts}, "teacher")
    students = [await join(cp.ws_url, cp.code, n) for n in names]
    for i, s in enumerate(students):
        await s.ask({"op": "sit", "token": s.token, "table": "t1", "seat": i + 1}, "table")
    for s in students:
        await s.expect("table", where=lambda m: m["view"] is not None)
    return teacher, students


def latest(c: Client) -> dict[str, Any]:
    return [m for m in c.got if m.get("type") == "table" and m.get("view")][-1]


async def play_until(students: list[Client], stop: Any, limit: int = 400) -> int:
    """The students play their first legal move whenever it is their turn, each at most 10
    messages a second (the server's limit a device): a student waits only for the rest of
    the tenth of a second since their own last message, not after every move."""
    moves = 0
    sent: dict[int, float] = {}
    loop = asyncio.get_running_loop()
    while not stop() and moves < limit:
        for i, s in enumerate(students):
            m = latest(s)
            v = m["view"]
            if v["over"] or v["to_play"] != i + 1:
                continue
            wait = sent.get(i, -1.0) + 0.11 - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            n = len(s.got)
            sent[i] = loop.time()
            await s.send({"op": "intent", "token": s.token, "intent": intent_for(v)})
            await s.expect("table", n, where=lambda x: x.get("view") is not None)
            moves += 1
            break
        else:  # a computer's turn: its move comes at the table's pace
            await asyncio.sleep(0.02)
    return moves


def hidden_named(texts: list[str], hidden: set[frozenset[int]]) -> list[str]:
    return [m[0] for t in texts for m in TILE.finditer(t)
            if frozenset((int(m[1]), int(m[2]))) in hidden]


def test_a_round_every_socket_sees_only_its_own_hand(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        # a whole round on short hands (seven tiles each): every kind of message is sent,
        # the round ends and is scored, in a third of a full deal's moves
        teacher, students = await table_of(cp, ["Ana", "Ben", "Cy"], computers=1, rounds=1,
                                           seed=11, options={"hand_size": 7})
        projector = await Client.open(cp.ws_url)
        await projector.ask({"op": "watch", "code": cp.code.lower()}, "publics")
        moves = await play_until(students, lambda: latest(students[0])["view"]["over"])
        assert moves > 5
        await asyncio.sleep(0.3)
        g = saved_game(cp.folder)
        assert g.is_round_over
        final = latest(students[0])["view"]
        assert final["result"]["scores"] == list(g.scores[-1])  # the engine's scores
        for s in [*students[1:], projector]:
            last = [m for m in s.got if m.get("type") in ("table", "public") and m.get("view")]
            assert last[-1]["view"]["result"]["scores"] == list(g.scores[-1])
        # hidden: what is still in another hand or the boneyard at the end was hidden all round
        for reader, seat in [*((s, i) for i, s in enumerate(students)), (projector, None),
                             (teacher, None)]:
            hidden = {frozenset((t.high, t.low)) for i in range(g.n) if i != seat
                      for t in g.hand(i)} | {frozenset((t.high, t.low)) for t in g.boneyard}
            texts = []
            for text, m in zip(reader.texts, reader.got, strict=True):
                if (m.get("view") or {}).get("over"):
                    break
                texts.append(text)
            assert len(texts) > 3
            assert hidden_named(texts, hidden) == [], f"seat {seat} was sent hidden tiles"
            if seat is not None:  # and each seat did see its own hand
                own = latest(reader)["view"]["players"][seat]["hand"]
                assert own is not None
        for c in (teacher, projector, *students):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_abuse_is_refused_with_a_clear_message_and_changes_nothing(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher, (ana, ben) = await table_of(cp, ["Ana", "Ben"], seed=3)
        state = (cp.folder / "tables" / "t1.json").read_bytes()
        to_play = latest(ana)["view"]["to_play"]
        mover, waiter = (ana, ben) if to_play == 1 else (ben, ana)
        stranger = await Client.open(cp.ws_url)
        cases = [
            (stranger, {"op": "join", "code": "ZZZZZ", "name": "Eve"}, "wrong class code"),
            (stranger, {"op": "watch", "code": "nope"}, "wrong class code"),
            (stranger, {"op": "intent", "token": "forged-token", "intent": {"action": "draw"}},
             "unknown seat token"),
            (waiter, {"op": "intent", "token": mover.token, "intent": {"action": "draw"}},
             "cannot act with another student's token"),
            (waiter, {"op": "intent", "token": waiter.token, "intent": {"action": "draw"}},
             "not yours"),
            (mover, {"op": "intent", "token": mover.token, "intent": {"action": "undo"}},
             "only the teacher can take a move back"),
            (mover, {"op": "table", "table": "t1", "action": "undo"}, "only the teacher"),
            (mover, {"op": "table", "token": mover.token, "table": "t1", "action": "undo"},
             "only the teacher"),
            (stranger, {"op": "open_table", "token": "x" * 16, "seats": 4}, "only the teacher"),
            (mover, "x" * 9000, "the limit is 8,000"),
            (mover, json.dumps({"op": "intent", "pad": "y" * 200_000}), "the limit is 8,000"),
            (mover, "{not json", "not valid JSON"),
            (mover, '{"op": "intent", "n": NaN}', "not a JSON number"),
            (mover, "[" * 100 + "]" * 100, "nests more than"),
            (mover, "[1, 2]", "must be a JSON object"),
            (mover, {"op": "launch"}, "unknown op"),
            (mover, {"op": "join", "code": cp.code, "name": "R2-D2"}, "joined already"),
            (stranger, {"op": "join", "code": cp.code, "name": "12-5"}, "your first name"),
        ]
        for client, msg, words in cases:
            refusal = await client.ask(msg, "refused")
            assert words in refusal["error"], (msg if isinstance(msg, dict) else msg[:40], refusal)
        # a flood from one socket: refused past the limit, the others unaffected
        n = len(waiter.got)
        for _ in range(60):
            await waiter.send({"op": "hello", "code": cp.code, "token": waiter.token})
        await waiter.expect("refused", n, where=lambda m: "too many messages" in m["error"])
        await asyncio.sleep(0.2)
        assert (cp.folder / "tables" / "t1.json").read_bytes() == state  # nothing changed
        n_mover = len(mover.got)
        await mover.send({"op": "intent", "token": mover.token,
                          "intent": intent_for(latest(mover)["view"])})
        after = await mover.expect("table", n_mover)
        assert after["view"]["players"] and not [m for m in mover.got[n_mover:]
                                                 if m.get("ok") is False]
        assert (cp.folder / "tables" / "t1.json").read_bytes() != state  # the move counted
        for c in (teacher, ana, ben, stranger):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_connections_per_address_are_limited(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "2")

    async def go() -> None:
        a, b = await Client.open(cp.ws_url), await Client.open(cp.ws_url)
        c = await Client.open(cp.ws_url)
        refusal = await c.expect("refused")
        assert "too many connections from 127.0.0.1: at most 2" in refusal["error"]
        await b.close()
        await asyncio.sleep(0.3)
        d = await Client.open(cp.ws_url)  # a place freed is a place again
        assert (await d.ask({"op": "watch", "code": cp.code}, "publics"))["tables"] == []
        for x in (a, c, d):
            await x.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_a_killed_server_resumes_every_table_move_for_move(tmp_path: Path) -> None:
    folder = tmp_path / "cls"
    cp = start_class(folder, "--per-address", "50")

    async def first() -> tuple[str, str, list[dict[str, Any]]]:
        teacher, students = await table_of(cp, ["Ana", "Ben"], computers=1, seed=21)
        await play_until(students, lambda: False, limit=6)
        # the position to compare is one where a student is to play (the computer, at its
        # pace, could otherwise move between these views and the kill)
        for _ in range(200):
            if all(latest(s)["view"]["to_play"] in (1, 2) for s in students) and \
                    len({latest(s)["view"]["to_play"] for s in students}) == 1:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)  # the store writes the last move
        views = [latest(s)["view"] for s in students]
        tokens = [s.token for s in students]
        for c in (teacher, *students):
            await c.close()
        return tokens[0], tokens[1], views

    try:
        ta, tb, before = run(first())
    finally:
        cp.stop(kill=True)  # SIGKILL: no clean shutdown
    history = saved_game(folder).history
    cp2 = start_class(folder, "--resume", "--per-address", "50")

    async def second() -> None:
        assert cp2.code == cp.code and cp2.token == cp.token
        ana, ben = await Client.open(cp2.ws_url), await Client.open(cp2.ws_url)
        for c, t in ((ana, ta), (ben, tb)):
            c.token = t
            await c.ask({"op": "hello", "code": cp.code, "token": t}, "table")
        for c, v in zip((ana, ben), before, strict=True):
            now = latest(c)["view"]
            assert now["players"] == v["players"] and now["trains"] == v["trains"]
            assert now["to_play"] == v["to_play"]
        moves = await play_until([ana, ben], lambda: False, limit=2)
        assert moves == 2
        await asyncio.sleep(0.3)
        g = saved_game(folder)
        assert [str(m) for m in g.history[: len(history)]] == [str(m) for m in history]
        assert len(g.history) > len(history)
        for c in (ana, ben):
            await c.close()

    try:
        run(second())
    finally:
        cp2.stop()


def test_an_idle_seat_is_played_by_a_computer_until_its_student_is_back(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50", "--idle", "1")

    async def go() -> None:
        teacher, students = await table_of(cp, ["Ana", "Ben"], seed=8)
        to_play = latest(students[0])["view"]["to_play"]
        idle = students[to_play - 1]
        idle_name = ["Ana", "Ben"][to_play - 1]
        n = len(teacher.got)
        public = await teacher.expect("public", n, timeout=8,
                                      where=lambda m: m["table"]["seats"][to_play - 1]["away"])
        assert public["log"], "the computer's move is told in words"
        assert saved_game(cp.folder).history  # it played
        kept = public["table"]["seats"][to_play - 1]
        assert kept["kind"] == "student" and kept["name"] == idle_name  # for its turns only
        assert public["table"]["paused"] is None  # one takeover does not pause the table
        n = len(teacher.got)
        await idle.send({"op": "hello", "code": cp.code, "token": idle.token})
        back = await teacher.expect("public", n, where=lambda m: not any(
            s["away"] for s in m["table"]["seats"]))
        assert back["table"]["seats"][to_play - 1]["kind"] == "student"
        for c in (teacher, *students):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_a_puzzle_round_is_judged_on_the_server_and_exported(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher = await teacher_of(cp)
        ana = await join(cp.ws_url, cp.code, "Ana")
        state = await ana.ask({"op": "noop"}, "refused")
        assert "unknown op" in state["error"]
        n = len(ana.got)
        await teacher.send({"op": "puzzle_round", "token": cp.token, "set": "doubles"})
        first = await ana.expect("puzzle", n)
        assert first["puzzle"]["kind"] and "answer" not in first["puzzle"]
        from mtlearn.content.puzzles import get

        p = get(first["set"][0]["id"])
        wrong = {"action": "answer", "answer": "draw"}
        fb = await ana.ask({"op": "puzzle", "token": ana.token, "msg": wrong}, "puzzle_update")
        assert fb["feedback"]["status"] != "right"
        right = {"action": "answer", "answer": str(p.answer)}
        fb = await ana.ask({"op": "puzzle", "token": ana.token, "msg": right}, "puzzle_update")
        assert fb["feedback"]["status"] == "right", fb
        await ana.send({"op": "puzzle", "token": ana.token,
                        "msg": {"action": "progress", "record": {"hints": 1}}})
        rows = await teacher.expect("teacher", where=lambda m: m["puzzles"] and m["puzzles"][
            "rows"] and m["puzzles"]["rows"][0]["cells"][0] and m["puzzles"]["rows"][0][
            "cells"][0]["hints"] == 1)
        cell = rows["puzzles"]["rows"][0]["cells"][0]
        assert cell == {"tries": 2, "hints": 1, "solved": True, "shown": False}
        req = urllib.request.Request(cp.address + "results.csv",
                                     headers={"X-Teacher-Token": cp.token})
        with urllib.request.urlopen(req, timeout=5) as r:
            text = r.read().decode()
        assert text.splitlines()[1].startswith(f"Ana,{p.id},") and ",yes,2,1,no," in text
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(cp.address + "results.csv", timeout=5).close()
        e.value.close()  # its response and socket (its code is kept)
        assert e.value.code == 403
        for c in (teacher, ana):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()
    kept = (tmp_path / "cls" / "class.json").read_text()
    answers = (tmp_path / "cls" / "answers.jsonl").read_text()  # appended, one line each
    assert '"name":"Ana"' in kept and "draw" in answers  # first names and answers, no more


def test_the_teacher_steps_in_undo_hint_computer_next_round(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        # hands of 5: Ana soon finishes the round against the computer
        teacher, (ana, ben) = await table_of(cp, ["Ana", "Ben"], rounds=2, seed=5,
                                              options={"hand_size": 5})
        await play_until([ana, ben], lambda: False, limit=3)
        await asyncio.sleep(0.2)
        g = saved_game(cp.folder)
        n_hist, seat = len(g.history), g.current
        mover, other = (ana, ben) if seat == 0 else (ben, ana)
        # each screen says what was played last, in words
        said = (latest(mover)["message"] or {}).get("text", "")
        assert said and said == (latest(other)["message"] or {}).get("text")
        assert re.search(r"(Ana|Ben) (played|drew|passed)", said), said
        # a hint goes to the seat to play only, and names no tile of the other hand
        n_other = len(other.got)
        done = await teacher.ask({"op": "table", "token": cp.token, "table": "t1",
                                  "action": "hint", "seat": seat + 1}, "done")
        assert "hint was sent to seat" in done["text"]
        hint = await mover.expect("table", where=lambda m: (m.get("message") or {}).get(
            "text", "").startswith("Hint from your teacher"))
        other_hand = {frozenset((t.high, t.low)) for t in g.hand(1 - seat)}
        assert hidden_named([json.dumps(hint)], other_hand) == []
        await asyncio.sleep(0.2)
        assert not [m for m in other.got[n_other:] if "Hint" in json.dumps(m)]
        refusal = await teacher.ask({"op": "table", "token": cp.token, "table": "t1",
                                     "action": "hint", "seat": 2 - seat}, "refused")
        assert "not seat" in refusal["error"] and "turn" in refusal["error"]
        # undo: the last student move comes off, on every screen
        await teacher.ask({"op": "table", "token": cp.token, "table": "t1", "action": "undo"},
                          "done")
        assert len(saved_game(cp.folder).history) < n_hist
        await teacher.ask({"op": "table", "token": cp.token, "table": "t1",
                           "action": "next_round"}, "refused")  # the round is not over
        # a computer player takes Ben's seat for good: Ben's token no longer plays there
        n_ben = len(ben.got)
        await teacher.ask({"op": "table", "token": cp.token, "table": "t1",
                           "action": "computer", "seat": 2}, "done")
        await ben.expect("lobby", n_ben)
        refusal = await ben.ask({"op": "intent", "token": ben.token,
                                 "intent": {"action": "draw"}}, "refused")
        assert "take a seat" in refusal["error"]
        await play_until([ana], lambda: latest(ana)["view"]["over"])
        assert saved_game(cp.folder).is_round_over
        await teacher.ask({"op": "table", "token": cp.token, "table": "t1",
                           "action": "next_round"}, "done")
        fresh = await ana.expect("table", where=lambda m: (m["view"] or {}).get("round") == 2)
        assert not fresh["view"]["over"] and saved_game(cp.folder).round_no == 2
        for c in (teacher, ana, ben):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_a_free_seat_given_to_a_computer_before_the_deal(tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "50")

    async def go() -> None:
        teacher = await teacher_of(cp)
        for bad, words in ((dict(preset="family"), "preset: 'family' is not one of standard"),
                           (dict(options={"bogus": 1}), "options: "),
                           (dict(options={"teams": True}), "R-VAR-TEAMS"),
                           # refused when the table opens, not when its last seat is taken
                           (dict(options={"hand_size": 40}), "needs 120 tiles"),
                           (dict(seats=9), "seats: choose 2 to 8"),
                           (dict(computers=4), "computers: choose 0 to 3")):
            msg = {"op": "open_table", "token": cp.token, "seats": 3, **bad}
            assert words in (await teacher.ask(msg, "refused"))["error"], bad
        await teacher.ask({"op": "open_table", "token": cp.token, "seats": 3, "preset": "standard",
                           "options": {"scoring": "blanks-25"}}, "teacher")
        ana = await join(cp.ws_url, cp.code, "Ana")
        await ana.ask({"op": "sit", "token": ana.token, "table": "t1", "seat": 1}, "table")
        await teacher.ask({"op": "table", "token": cp.token, "table": "t1",
                           "action": "computer", "seat": 3}, "done")
        state = await teacher.expect("teacher", where=lambda m: m["tables"] and m["tables"][0][
            "seats"][2]["kind"] == "computer")
        assert not state["tables"][0]["started"]  # seat 2 is still free
        ben = await join(cp.ws_url, cp.code, "Ben")
        lobby = ben.got[-1] if ben.got[-1]["type"] == "lobby" else await ben.expect("lobby")
        assert [s["seat"] for s in lobby["tables"][0]["seats"]
                if s["kind"] == "student" and not s["taken"]] == [2]
        await ben.ask({"op": "sit", "token": ben.token, "table": "t1", "seat": 2}, "table")
        dealt = await ana.expect("table", where=lambda m: m["view"] is not None)
        assert [p["name"] for p in dealt["view"]["players"]] == ["Ana", "Ben", "Computer 3"]
        assert "scoring=blanks-25" in dealt["view"]["rules"]  # the options reached the engine
        for c in (teacher, ana, ben):
            await c.close()

    try:
        run(go())
    finally:
        cp.stop()


def test_the_start_banner_qr_code_pages_and_book(tmp_path: Path) -> None:
    book = tmp_path / "book"
    book.mkdir()
    (book / "index.html").write_text("<h1>The mtlearn book</h1>")
    cp = start_class(tmp_path / "cls", "--book", str(book), "--qr")
    try:
        banner = "".join(cp.lines)
        assert cp.address.startswith("http://127.0.0.1:") and re.fullmatch("[A-Z]{5}", cp.code)
        assert "add --lan to serve the room's network" in banner
        assert "▀" in banner or "█" in banner  # the QR code, drawn in the terminal
        def get(path: str) -> str:
            with urllib.request.urlopen(cp.address + path, timeout=5) as r:
                return r.read().decode()

        assert "bootStudent" in get("") and "bootTeacher" in get("teacher")
        assert "bootProjector" in get("projector")
        assert get("qr.svg").lstrip().startswith("<svg")
        assert "export { bootProjector, bootStudent, bootTeacher }" in get("class/app.js") \
            or "export function bootStudent" in get("class/app.js")
        assert "The mtlearn book" in get("book/index.html")
        assert cp.token not in get("teacher")  # the token is never in a page
    finally:
        cp.stop()


def test_the_command_says_what_is_missing_and_keeps_a_kept_class(tmp_path: Path) -> None:
    import subprocess
    import sys

    from classkit import REPO

    # without the class extra (no site-packages at all): which extra to install
    r = subprocess.run([sys.executable, "-S", "-c", "import sys; sys.path.insert(0, "
                        f"{str(REPO)!r}); from mtlearn.cli import main; "
                        "sys.exit(main(['class', '--folder', " + repr(str(tmp_path / "x")) +
                        "]))"], capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 1
    assert 'needs the class extra' in r.stderr and 'pip install "mexican-train-learn[class]"' in r.stderr
    assert not (tmp_path / "x").exists()  # nothing made
    # a folder that keeps a class is not started afresh over it
    cp = start_class(tmp_path / "cls")
    cp.stop()
    kept = (tmp_path / "cls" / "class.json").read_text()
    r = warm_cli.run(["class", "--folder", str(tmp_path / "cls"), "--port", "0"], timeout=60)
    assert r.returncode == 1 and "already holds a class: add --resume" in r.stderr
    assert (tmp_path / "cls" / "class.json").read_text() == kept

"""Issue 41, item 2, in the class: after a round, a student's phone reviews their own
round (:mod:`mtlearn.hosts.classroom.reviews`), the teacher sees each student's count of
mistakes, and the review is computed off the server's event loop.

The room answers a review here and now (no event loop), so most of this drives the room
as the server would; the last test runs the server in this process and holds the review
on its thread until another table's move has been answered. Nothing is timed."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from test_class_commits import intent_of, until

from mtlearn.hosts.classroom import ClassError, reviews
from mtlearn.hosts.classroom import server as srv
from mtlearn.hosts.classroom.results import results_csv, results_html
from mtlearn.hosts.classroom.room import Classroom, Conn

pytestmark = pytest.mark.slow

#: The seed of the tables: Ana, playing her first legal move, makes mistakes there.
SEED = 10


class Room:
    """Ana at t1 and Ben at t2, each with a computer player, short hands (seven tiles)."""

    def __init__(self, folder: Path) -> None:
        self.room = Classroom.create(folder)
        self.teacher, self.ana, self.ben = Conn(), Conn(), Conn()
        self.clock = time.monotonic()
        self.say(self.teacher, {"op": "teacher", "token": self.room.teacher_token})
        self.tokens: dict[str, str] = {}
        for conn, name in ((self.ana, "Ana"), (self.ben, "Ben")):
            self.tokens[name] = self.say(conn, {"op": "join", "code": self.room.code,
                                                "name": name})[0]["token"]
        for k, (conn, name) in enumerate(((self.ana, "Ana"), (self.ben, "Ben")), 1):
            self.say(self.teacher, {"op": "open_table", "token": self.room.teacher_token,
                                    "seats": 2, "computers": 1, "seed": SEED, "rounds": 1,
                                    "options": {"hand_size": 7}})
            self.say(conn, {"op": "sit", "token": self.tokens[name], "table": f"t{k}",
                            "seat": 1})

    def say(self, conn: Conn, msg: dict[str, Any], ok: bool = True) -> list[dict[str, Any]]:
        out = [json.loads(text) for _, text in self.room.handle(conn, msg)]
        if ok:
            assert not [m for m in out if m.get("ok") is False], out
        return out

    def review(self, conn: Conn, name: str, **intent: Any) -> list[dict[str, Any]]:
        return self.say(conn, {"op": "intent", "token": self.tokens[name],
                               "intent": {"action": "review", **intent}}, ok=False)

    def view(self, table: str) -> dict[str, Any]:
        """The view of the student at ``table`` once they may play (or the round is over):
        the server's clock moved on for the computer player."""
        t = self.room.tables[table]
        for _ in range(50):
            view: dict[str, Any] = json.loads(t.seat_state(0))["view"]
            if view["legal"] or t.session is None or t.session.game.is_round_over:
                return view
            self.clock += 2.0
            self.room.tick(self.clock)
        raise AssertionError(f"{table}: the computer player did not answer")

    def play_round(self, conn: Conn, name: str, table: str) -> None:
        """The student plays their first legal move until the round is over."""
        t = self.room.tables[table]
        assert t.session is not None
        while not t.session.game.is_round_over:
            view = self.view(table)
            if view["legal"]:
                self.say(conn, {"op": "intent", "token": self.tokens[name],
                                "intent": intent_of(view)})


def refusal(out: list[dict[str, Any]]) -> str:
    errors = [m["error"] for m in out if m.get("ok") is False]
    assert errors, out
    return str(errors[0])


def teacher_row(r: Room, name: str) -> dict[str, Any]:
    state = json.loads(r.room.teacher_state())
    row: dict[str, Any] = next(s for s in state["students"] if s["name"] == name)
    return row


def test_a_student_reviews_their_own_round_after_it_and_finds_a_better_move(
        tmp_path: Path) -> None:
    r = Room(tmp_path / "c")
    # before the round ends: refused, with the reason; nothing computed
    assert "once the round is over" in refusal(r.review(r.ana, "Ana"))
    assert teacher_row(r, "Ana")["review"] is None
    r.play_round(r.ana, "Ana", "t1")
    # another seat's review: refused (their hand is theirs alone)
    assert "only your own seat (1)" in refusal(r.review(r.ana, "Ana", seat=2))
    # another student's token from Ana's phone, the teacher's connection: refused
    assert "Ana's" in refusal(r.review(r.ana, "Ben"))
    teacher = r.say(r.teacher, {"op": "intent", "token": r.tokens["Ana"],
                                "intent": {"action": "review"}}, ok=False)
    assert "the teacher's" in refusal(teacher)
    # the review: her seat's, on her table message, every mistake with its words
    out = r.review(r.ana, "Ana")
    got = next(m for m in out if m.get("type") == "table")
    review = got["review"]
    assert review["seat"] == 1 and review["player"] == "Ana" and review["decisions"] > 0
    assert review["mistakes"], "the seed no longer gives Ana a mistake: choose another"
    for m in review["mistakes"]:
        assert m["what"] and m["better_text"] and m["why"]
        assert m["view"]["perspective"] == 1 and m["tried"] is None
    # the teacher sees her count of mistakes
    assert teacher_row(r, "Ana")["review"]["mistakes"] == len(review["mistakes"])
    assert teacher_row(r, "Ben")["review"] is None
    # and the results: the CSV's last section, the page's
    text = results_csv(r.room)
    assert text.rstrip().splitlines()[-2:] == [
        "name,table,round,decisions reviewed,mistakes,points lost",
        f"Ana,Table 1,1,{review['decisions']},{len(review['mistakes'])},{review['lost']}"]
    assert "<h2>Reviews of rounds</h2>" in results_html(r.room)
    # the table's session never reviews (it would on the event loop, for any seat)
    with pytest.raises(ClassError):
        r.room.tables["t1"].handle(0, {"action": "review"})
    # find a better move: the better move is judged the best; a move not legal there is not
    first = review["mistakes"][0]
    out = r.say(r.ana, {"op": "intent", "token": r.tokens["Ana"], "intent": {
        "action": "review_try", "mistake": 0, "move": first["better"]}})
    tried = out[0]["review"]["mistakes"][0]["tried"]
    assert tried["verdict"] == "best" and tried["move"] == first["better"]
    out = r.say(r.ana, {"op": "intent", "token": r.tokens["Ana"], "intent": {
        "action": "review_try", "mistake": 0, "move": "pass"}})
    assert out[0]["review"]["mistakes"][0]["tried"]["verdict"] in ("illegal", "worse")
    out = r.say(r.ana, {"op": "intent", "token": r.tokens["Ana"], "intent": {
        "action": "review_try", "mistake": 99, "move": "pass"}}, ok=False)
    assert "no mistake 99" in refusal(out)
    kept = next(m for m in out if m.get("type") == "table")["review"]  # the panel stays
    assert kept["summary"] == review["summary"] and kept["mistakes"][0]["tried"]
    # asked again: the same review, not computed again
    again = next(m for m in r.review(r.ana, "Ana") if m.get("type") == "table")
    assert again["review"]["summary"] == review["summary"]
    # Ben's round is not over: his review is refused, Ana's count stays
    assert "once the round is over" in refusal(r.review(r.ben, "Ben"))


def _held(monkeypatch: pytest.MonkeyPatch, name: str) -> tuple[threading.Event,
                                                                 threading.Event]:
    """``reviews.<name>`` (run on the reviewer thread) held until released: the event it
    sets when it starts, and the one that releases it."""
    started, release = threading.Event(), threading.Event()
    real = getattr(reviews, name)

    def held(job: Any) -> Any:
        started.set()
        assert release.wait(60), "never released"
        return real(job)

    monkeypatch.setattr(reviews, name, held)
    return started, release


def test_another_tables_move_is_answered_while_a_review_or_a_try_is_computed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    r = Room(tmp_path / "c")
    r.play_round(r.ana, "Ana", "t1")
    ben_view = r.view("t2")
    r.room.pace = 3600.0  # no computer moves while the test runs
    computing, go = _held(monkeypatch, "compute")  # a review, held until go
    weighing, weigh = _held(monkeypatch, "compute_retry")  # a try, held until weigh

    async def check() -> None:
        app = srv.ClassServer(r.room, per_address=50).app
        async with TestClient(TestServer(app, host="127.0.0.1")) as client:
            sockets = {}
            for name in ("Ana", "Ben"):
                ws = await client.ws_connect("/ws")
                await ws.send_json({"op": "hello", "code": r.room.code,
                                    "token": r.tokens[name]})
                await until(ws, "table")
                sockets[name] = ws
            teacher = await client.ws_connect("/ws")
            await teacher.send_json({"op": "teacher", "token": r.room.teacher_token})
            await until(teacher, "teacher")
            ana, ben = sockets["Ana"], sockets["Ben"]
            await ana.send_json({"op": "intent", "token": r.tokens["Ana"],
                                 "intent": {"action": "review"}})
            assert await asyncio.to_thread(computing.wait, 30)  # her review is under way
            # asked again meanwhile: refused, it is on its way
            await ana.send_json({"op": "intent", "token": r.tokens["Ana"],
                                 "intent": {"action": "review"}})
            assert "being made" in (await until(ana, "refusal"))["error"]
            await ben.send_json({"op": "intent", "token": r.tokens["Ben"],
                                 "intent": intent_of(ben_view)})
            got = await until(ben, "table")  # Ben's table does not wait for Ana's review
            assert got["view"] != ben_view
            go.set()
            got = await until(ana, "table")
            while got.get("review") is None:
                got = await until(ana, "table")
            n = len(got["review"]["mistakes"])
            state = await until(teacher, "teacher")
            while not any(s["review"] for s in state["students"]):
                state = await until(teacher, "teacher")
            row = next(s for s in state["students"] if s["name"] == "Ana")
            assert row["review"]["mistakes"] == n and row["review"]["round"] == 1
            # Find a better move: weighed on the reviewer thread too; the loop answers
            # meanwhile (a second try is refused: the first is being weighed)
            better = got["review"]["mistakes"][0]["better"]
            await ana.send_json({"op": "intent", "token": r.tokens["Ana"], "intent": {
                "action": "review_try", "mistake": 0, "move": better}})
            assert await asyncio.to_thread(weighing.wait, 30)
            await ana.send_json({"op": "intent", "token": r.tokens["Ana"], "intent": {
                "action": "review_try", "mistake": 0, "move": better}})
            assert "being weighed" in (await until(ana, "refusal"))["error"]
            weigh.set()
            got = await until(ana, "table")
            while not (got.get("review") or {}).get("mistakes", [{}])[0].get("tried"):
                got = await until(ana, "table")
            assert got["review"]["mistakes"][0]["tried"]["verdict"] == "best"
            for ws in (ana, ben, teacher):
                await ws.close()

    from test_class_server import run
    try:
        run(asyncio.wait_for(check(), 120), timeout=150)
    finally:
        go.set()
        weigh.set()


async def play_round(cp: Any, name: str) -> dict[str, Any]:
    """The tables' set-up above on a real server: a student plays their first legal move
    until the round is over; their token and teacher socket's figures."""
    from classkit import join, teacher_of

    teacher = await teacher_of(cp)
    await teacher.ask({"op": "open_table", "token": cp.token, "seats": 2, "computers": 1,
                       "rounds": 1, "options": {"hand_size": 7}, "seed": SEED}, "teacher")
    s = await join(cp.ws_url, cp.code, name)
    state = await s.ask({"op": "sit", "token": s.token, "table": "t1", "seat": 1}, "table")
    for _ in range(400):
        view = state["view"]
        if view["match"]["round_over"]:
            break
        await asyncio.sleep(0.12)  # at most 10 messages a second from a device
        n = len(s.got)
        await s.send({"op": "intent", "token": s.token, "intent": intent_of(view)})
        state = await s.expect("table", n, timeout=60, where=lambda m: (
            m["view"]["match"]["round_over"] or m["view"]["to_play"] == m["view"]["perspective"]))
    await s.close()
    await teacher.close()
    return {"token": s.token}


async def teacher_review(cp: Any, name: str) -> Any:
    from classkit import teacher_of

    teacher = await teacher_of(cp)
    state = await teacher.ask({"op": "teacher", "token": cp.token}, "teacher")
    await teacher.close()
    return next(s for s in state["students"] if s["name"] == name)["review"]


def test_a_phone_reviews_its_round_with_the_boards_own_panel(chromium: Any,
                                                             tmp_path: Path) -> None:
    from classkit import start_class
    from conftest import REPO_ROOT
    from test_class_screens import PHONE, run_async

    cp = start_class(tmp_path / "cls", "--per-address", "60", "--pace", "0.2")
    ctx = None
    try:
        got = run_async(play_round(cp, "Ana"))
        ctx = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        stored = {"code": cp.code, "token": got["token"], "name": "Ana"}
        ctx.add_init_script("localStorage.setItem('mtlearn-class', "
                            f"{json.dumps(json.dumps(stored))})")
        page = ctx.new_page()
        page.goto(cp.address)
        page.click("[data-key='review']", timeout=30_000)
        page.wait_for_selector(".mtl-review-summary", timeout=120_000)
        summary = page.inner_text(".mtl-review-summary")
        # the same deal, moves and name as the tests above: Ana makes mistakes there
        assert "decisions reviewed" in summary and "mistake" in summary, summary
        count = page.inner_text(".mtl-review-count")
        assert count.startswith("Mistake 1 of ")
        n = int(count.rsplit(" ", 1)[1])
        # find a better move: a move tried is judged by the server's engine
        page.locator(".mtl-review-retry .mtl-legal-move").first.click()
        page.wait_for_selector(".mtl-review-tried[data-verdict]", timeout=30_000)
        page.click("[data-key='review-show']")
        page.wait_for_selector(".mtl-review-answer")
        assert run_async(teacher_review(cp, "Ana"))["mistakes"] == n
        page.locator(".mtl-review").scroll_into_view_if_needed()
        shots = REPO_ROOT / "test-artifacts"
        shots.mkdir(exist_ok=True)
        page.screenshot(path=str(shots / "class-phone-review.png"))
        # the docs' picture: the panel alone (the phone's sticky heading and controls, which
        # stay at the top of the window, let go of for it)
        page.evaluate("() => { for (const e of document.querySelectorAll('*')) {"
                      " const p = getComputedStyle(e).position;"
                      " if (p === 'sticky' || p === 'fixed') e.style.position = 'static'; } }")
        page.locator(".mtl-review").screenshot(
            path=str(REPO_ROOT / "docs" / "_static" / "class" / "phone-review.png"))
    finally:
        if ctx is not None:
            ctx.close()
        cp.stop(kill=True)

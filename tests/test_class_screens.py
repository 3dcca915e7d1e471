"""The class pages on the screens of a lesson (issue 28): a projector at 1600×900 and phones
at 390×844, in real headless Chromium against `mtlearn class` on 127.0.0.1.

* The projector address printed in the terminal opens a working projector; without the
  code (or with a wrong one) the page asks for it. It shows how to join (the class code
  and the QR code, never the teacher's token) and six tables on one screen, scaled to
  fit, with nothing to click.
* A phone keeps the student's hand in view, is told at the top when a puzzle round
  starts, hides "Skip to your hand" until it is focused, and shows a teacher's notice.
("Connection lost" going once the page is connected again, and an old refusal going with
a later success, are checked in the lesson, tests/test_class_lesson.py.)

The screenshots go to ``test-artifacts/`` (looked at by hand, not compared)."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
from classkit import ClassProcess, closing_clients, join, start_class, teacher_of, wait_js
from conftest import REPO_ROOT

SHOTS = REPO_ROOT / "test-artifacts"
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eve", "Finn"]
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1600, "height": 900}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_async(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run ``coro`` on its own event loop in a thread (Playwright's sync API holds this one);
    the clients it opened closed on that loop (:func:`classkit.closing_clients`)."""
    out: dict[str, Any] = {}

    def go() -> None:
        try:
            out["value"] = asyncio.run(closing_clients(coro))
        except BaseException as e:  # handed to the test's thread
            out["error"] = e

    t = threading.Thread(target=go)
    t.start()
    t.join(60)
    if "error" in out:
        raise out["error"]
    return out.get("value")


async def open_tables(cp: ClassProcess, n: int, seated: int, moves: int = 0) -> None:
    """``n`` tables of 4 seats (3 computer players); a student (over a WebSocket) sits at
    seat 1 of the first ``seated``, so those are dealt, and plays the first legal move of
    up to ``moves`` turns (table ``i`` fewer by ``i``: the tables differ)."""
    teacher = await teacher_of(cp)
    for _ in range(n):
        await teacher.ask({"op": "open_table", "token": cp.token, "seats": 4, "computers": 3,
                           "rounds": 2}, "teacher")
    for i in range(seated):
        s = await join(cp.ws_url, cp.code, NAMES[i])
        state = await s.ask({"op": "sit", "token": s.token, "table": f"t{i + 1}", "seat": 1},
                            "table")
        for _ in range(max(0, moves - i)):
            view = state["view"]
            if view["to_play"] != view["perspective"] or not view["legal"]:
                break
            move = view["legal"][0]["move"]
            intent = {"action": "move", "move": move} if "@" in move else {"action": move}
            state = await s.ask({"op": "intent", "token": s.token, "intent": intent}, "table")
        await s.close()
    await teacher.close()


async def start_puzzles(cp: ClassProcess) -> str:
    teacher = await teacher_of(cp)
    state = await teacher.ask({"op": "teacher", "token": cp.token}, "teacher")
    family = state["puzzle_sets"][0]["id"]
    await teacher.ask({"op": "puzzle_round", "token": cp.token, "set": family}, "teacher")
    await teacher.close()
    return str(family)


@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[list[ClassProcess]]:
    """A class server on a fixed port (a list: a test may start it again with --resume)."""
    port = free_port()
    # computer players at a quick pace (the class default is a person's, 1 s a move)
    procs = [start_class(tmp_path / "cls", "--port", str(port), "--per-address", "60",
                         "--pace", "0.2")]
    try:
        yield procs
    finally:
        for p in procs:
            p.stop(kill=True)


def box(page: Any, selector: str) -> dict[str, float]:
    got = page.evaluate("s => { const r = document.querySelector(s).getBoundingClientRect();"
                        " return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width,"
                        " h: r.height}; }", selector)
    assert isinstance(got, dict)
    return got


#: Every control a person could click or type in, that is drawn.
CONTROLS = ("() => [...document.querySelectorAll('button, a[href], input, select, textarea,"
            " summary, [tabindex]:not([tabindex=\"-1\"])')].filter(e => e.getClientRects().length"
            " && getComputedStyle(e).visibility !== 'hidden').map(e => e.outerHTML.slice(0, 80))")


#: The effective size (px, as drawn) of every name and train text of the tables in view.
LEGIBLE_SIZES = ("() => [...document.querySelectorAll('.mtc-card:not([hidden])')].flatMap(c => {"
                 " const s = parseFloat(c.dataset.scale); return [...c.querySelectorAll("
                 "'.mtc-cardhead h2, .mtc-turn, .mtl-train-name, .mtl-hand-name, .mtl-train .mtl-num')]"
                 ".filter(e => e.getClientRects().length)"
                 ".map(e => [e.textContent.trim().slice(0, 20),"
                 " parseFloat(getComputedStyle(e).fontSize) * s]); })")


def test_the_printed_projector_address_shows_six_tables_legibly_in_turn(
        chromium: Any, classroom: list[ClassProcess]) -> None:
    cp = classroom[0]
    assert cp.projector == f"{cp.address}projector?code={cp.code}"
    run_async(open_tables(cp, 5, 5, moves=8))
    run_async(play_a_match(cp, NAMES[5], "t6"))  # and one table at the end of its match
    ctx = chromium.new_context(viewport=PROJECTOR)
    try:
        page = ctx.new_page()
        page.goto(cp.projector)
        wait_js(page, "document.querySelectorAll('.mtc-card .mtl-root').length === 6")
        wait_js(page, "[...document.querySelectorAll('.mtc-card:not([hidden])')]"
                      ".every(c => c.hasAttribute('data-scale'))")
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "class-projector-6-tables.png"))
        # the teacher's guide shows it (docs/class.md, Step 3)
        page.screenshot(path=str(SHOTS.parent / "docs" / "_static" / "class" / "projector.png"))
        # legible from the back: every name and train of the tables shown is 24 px or more;
        # six tables do not fit so, so fewer are shown a screen, in turn, and it says so
        sizes = page.evaluate(LEGIBLE_SIZES)
        assert len(sizes) >= 8 and min(px for _, px in sizes) >= 24, sorted(sizes, key=lambda x: x[1])[:5]
        shown = page.locator(".mtc-card:not([hidden])").count()
        assert 1 <= shown < 6
        first_ones = "Table 1" if shown == 1 else f"Tables 1–{shown}"
        assert page.locator(".mtc-pages").inner_text() == (
            f"{first_ones} of 6; the others follow in turn")
        first = page.locator(".mtc-card:not([hidden])").first.get_attribute("data-table")
        wait_js(page, "t => document.querySelector('.mtc-card:not([hidden])').dataset.table !== t",
                arg=first, timeout=15_000)  # the next tables in turn
        assert min(px for _, px in page.evaluate(LEGIBLE_SIZES)) >= 24
        # one screen: nothing to scroll; the table shown is whole inside its cell
        size = page.evaluate("[document.documentElement.scrollWidth,"
                             " document.documentElement.scrollHeight]")
        assert size[0] <= 1600 and size[1] <= 900, size
        card = box(page, ".mtc-card:not([hidden])")
        fit = box(page, ".mtc-card:not([hidden]) .mtc-fit")
        assert fit["x"] >= card["x"] - 1 and fit["r"] <= card["r"] + 1, (card, fit)
        assert fit["y"] >= card["y"] - 1 and fit["b"] <= card["b"] + 1, (card, fit)
        # how to join: the code and the QR code; never the teacher's token
        assert page.locator(".mtc-code strong").inner_text() == cp.code
        assert page.evaluate("() => { const q = document.querySelector('img.mtc-qr');"
                             " return q.complete && q.naturalWidth > 0"
                             " && new URL(q.src).pathname; }") == "/qr.svg"
        assert cp.token not in page.content()
        assert cp.token not in page.url
        # read-only: no Play here, New match, skip link, book link or any other control
        assert page.evaluate(CONTROLS) == []
        # a paused table says so in words, on its card
        run_async(teacher_does(cp, {"op": "pause", "table": None, "paused": True}))
        wait_js(page, "() => { const p = document.querySelector('.mtc-card:not([hidden]) .mtc-paused');"
                      " return p && p.textContent.includes('Paused'); }")
        # End class: the projector follows the new class's code by itself
        run_async(teacher_does(cp, {"op": "new_class"}))
        new_code = json.loads((cp.folder / "class.json").read_text())["code"]
        wait_js(page, "c => document.querySelector('.mtc-code strong').textContent === c",
                arg=new_code)
        assert page.locator(".mtc-card").count() == 0
        assert f"code={new_code}" in page.url
    finally:
        ctx.close()


async def teacher_does(cp: ClassProcess, msg: dict[str, Any]) -> None:
    teacher = await teacher_of(cp)
    await teacher.ask({**msg, "token": cp.token}, "done")
    await teacher.close()


def test_a_projector_without_the_code_asks_for_it_and_shows_new_tables(chromium: Any,
                                                  classroom: list[ClassProcess]) -> None:
    cp = classroom[0]
    ctx = chromium.new_context(viewport=PROJECTOR)
    try:
        page = ctx.new_page()
        page.goto(cp.projector)  # no table yet: it says so; tables opened appear
        page.wait_for_selector(".mtc-none:visible")
        assert page.locator(".mtc-none").inner_text().startswith("No table yet")
        run_async(open_tables(cp, 2, 0))
        wait_js(page, "document.querySelectorAll('.mtc-card[data-scale]').length === 2")
        assert page.locator(".mtc-none").is_hidden()
        assert page.evaluate("document.documentElement.scrollHeight") <= 900
        page.goto(f"{cp.address}projector?code=ZZZZZ")
        page.wait_for_selector(".mtc-askcode input:visible")
        assert "not this class's code" in page.locator(".mtc-status").inner_text()
        page.goto(f"{cp.address}projector")
        field = page.locator(".mtc-askcode input")
        field.wait_for(state="visible")
        assert page.locator('label[for="mtc-code"]').inner_text().startswith("Type the class code")
        field.fill(cp.code.lower())
        field.press("Enter")
        wait_js(page, "document.querySelectorAll('.mtc-card').length === 2")
        assert page.locator(".mtc-askcode").is_hidden()
        assert page.locator(".mtc-code strong").inner_text() == cp.code
        assert f"code={cp.code}" in page.url  # a reload keeps the projector working
        assert page.locator(".mtc-status").inner_text() == ""
        # a new class on the same address: the projector asks for its code, shows none of
        # the old class's tables
        port = re.search(r":(\d+)/", cp.address)[1]  # type: ignore[index]
        cp.stop(kill=True)
        new = start_class(cp.folder.parent / "cls2", "--port", port)
        classroom.append(new)
        page.wait_for_selector(".mtc-askcode input:visible", timeout=20_000)
        assert page.locator(".mtc-card").count() == 0
        page.locator(".mtc-askcode input").fill(new.code)
        page.locator(".mtc-askcode input").press("Enter")
        page.wait_for_selector(".mtc-none:visible")
        assert page.locator(".mtc-code strong").inner_text() == new.code
    finally:
        ctx.close()


def sit_phone(chromium: Any, cp: ClassProcess, name: str, table: str) -> Any:
    ctx = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{cp.address}?code={cp.code}")
    page.fill("#mtc-name", name)
    page.click("button.mtc-big")
    page.click(f'.mtc-seat[data-table="{table}"][data-seat="1"]')
    page.wait_for_selector(".mtc-board .mtl-tilebtn", timeout=15_000)
    return page


IN_VIEW = ("() => [...document.querySelectorAll('.mtc-board .mtl-tilebtn')].filter(b => {"
           " const r = b.getBoundingClientRect(); const at = document.elementFromPoint("
           "(r.left + r.right) / 2, (r.top + r.bottom) / 2);"
           " return r.top >= 0 && r.bottom <= innerHeight && at && b.contains(at); })"
           ".map(b => b.getAttribute('aria-label'))")


def hand_in_view(page: Any) -> list[str]:
    """The student's own tiles drawn wholly inside the window (none: the hand is out of view)."""
    return list(page.evaluate(IN_VIEW))


def assert_whole_hand_in_view(page: Any, tiles: int) -> None:
    """All ``tiles`` of the hand in view once the page has settled after a scroll (a busy
    machine may take a moment to lay the sticky hand out again)."""
    # polled from Python: the page's CSP forbids the eval a polled wait_for_function uses
    for _ in range(50):
        if len(hand_in_view(page)) == tiles:
            break
        page.wait_for_timeout(100)
    assert len(hand_in_view(page)) == tiles, hand_in_view(page)


def test_a_phone_keeps_its_hand_in_view_and_hears_of_the_puzzle_round(
        chromium: Any, classroom: list[ClassProcess]) -> None:
    cp = classroom[0]
    run_async(open_tables(cp, 1, 0))
    page = sit_phone(chromium, cp, "Gus", "t1")
    try:
        tiles = page.locator(".mtc-board .mtl-tilebtn").count()
        assert tiles >= 10
        # the hand is in view at the top of the page and while the trains are looked at
        page.evaluate("window.scrollTo(0, 0)")
        assert_whole_hand_in_view(page, tiles)
        page.evaluate("document.querySelector('.mtl-trains').scrollIntoView()")
        assert_whole_hand_in_view(page, tiles)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "class-phone-mid-round.png"))
        # "Skip to your hand": out of sight, over no title, until it has the focus
        skip = page.locator(".mtl-skip")
        assert skip.evaluate("a => a.getBoundingClientRect().width") <= 1
        title = page.locator(".mtc-tablehead h2")
        page.evaluate("window.scrollTo(0, 0)")
        assert title.evaluate("t => { const r = t.getBoundingClientRect();"
                              " return t.contains(document.elementFromPoint(r.left + 8,"
                              " (r.top + r.bottom) / 2)); }")
        skip.focus()
        assert skip.evaluate("a => a.getBoundingClientRect().width") > 40
        skip.evaluate("a => a.blur()")

        # a puzzle round: told at the top of the window, wherever the student is
        page.evaluate("document.querySelector('.mtl-trains').scrollIntoView()")
        run_async(start_puzzles(cp))
        page.wait_for_selector(".mtc-notice[data-notice='puzzles']")
        notice = page.locator(".mtc-notice[data-notice='puzzles']")
        assert "Your teacher started a puzzle round" in notice.inner_text()
        where = notice.bounding_box()
        assert where is not None and 0 <= where["y"] and where["y"] + where["height"] <= 250
        page.screenshot(path=str(SHOTS / "class-phone-puzzle-round.png"))
        page.locator(".mtc-notice-link").click()
        wait_js(page, "() => { const r = document.querySelector('#mtc-puzzles')"
                               ".getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; }")
        assert page.locator(".mtc-notice").count() == 0
        page.screenshot(path=str(SHOTS / "class-phone-puzzles.png"))
        # the puzzle's own board keeps its hands in place (only the table's hand sticks)
        assert page.evaluate("[...document.querySelectorAll('.mtc-puzzles .mtl-hand')]"
                             ".every(n => getComputedStyle(n).position === 'static')")
    finally:
        page.context.close()


def test_a_teachers_notice_shows_at_the_top_as_text(chromium: Any,
                                                    classroom: list[ClassProcess]) -> None:
    cp = classroom[0]
    ctx = chromium.new_context(viewport=PHONE)
    # the page's sockets, kept where the test can hand them a message from the server
    ctx.add_init_script("(() => { const W = window.WebSocket; window.__sockets = [];"
                        " window.WebSocket = function (u, p) { const s = new W(u, p);"
                        " window.__sockets.push(s); return s; };"
                        " window.WebSocket.prototype = W.prototype; })()")
    try:
        page = ctx.new_page()
        page.goto(f"{cp.address}?code={cp.code}")
        page.fill("#mtc-name", "Gus")
        page.click("button.mtc-big")
        page.wait_for_selector(".mtc-lobby h2")
        text = "Your teacher moved you to <b>Table 2</b>."
        for msg in ({"type": "notice", "text": text}, {"kind": "notice", "text": text + " Again."}):
            page.evaluate("m => { const s = window.__sockets[window.__sockets.length - 1];"
                          " s.dispatchEvent(new MessageEvent('message', {data: JSON.stringify(m)})); }",
                          msg)
        shown = page.locator(".mtc-notice[data-notice='teacher']")
        assert shown.count() == 1  # the later notice replaced the earlier
        assert shown.locator("span").inner_text() == text + " Again."
        assert shown.locator("b").count() == 0  # text, never markup
        assert shown.bounding_box()["y"] < 200  # type: ignore[index]
        shown.locator("button").click()
        assert page.locator(".mtc-notice").count() == 0
    finally:
        ctx.close()


async def play_a_match(cp: ClassProcess, name: str, table: str = "t1") -> dict[str, Any]:
    """A one-round match of small hands at a table of 2 (a computer player), played to its
    end by a student over a WebSocket; the student's token and last view."""
    teacher = await teacher_of(cp)
    # hands of 4 tiles and a deal (seed 1) whose round is over in a few turns: what is
    # checked is the match's end, not the play
    await teacher.ask({"op": "open_table", "token": cp.token, "seats": 2, "computers": 1,
                       "rounds": 1, "options": {"hand_size": 4}, "seed": 1}, "teacher")
    s = await join(cp.ws_url, cp.code, name)
    state = await s.ask({"op": "sit", "token": s.token, "table": table, "seat": 1}, "table")
    for _ in range(400):
        view = state["view"]
        if view["match"]["round_over"]:
            break
        assert view["to_play"] == view["perspective"] and view["legal"], view["status"]
        move = view["legal"][0]["move"]
        intent = {"action": "move", "move": move} if "@" in move else {"action": move}
        await asyncio.sleep(0.12)  # the server takes at most 10 messages a second from a device
        n = len(s.got)
        await s.send({"op": "intent", "token": s.token, "intent": intent})
        # the computer answers at its pace: wait for the student's turn, or the round's end
        state = await s.expect("table", n, timeout=60, where=lambda m: (
            m["view"]["match"]["round_over"] or m["view"]["to_play"] == m["view"]["perspective"]))
    await s.close()
    await teacher.close()
    assert state["view"]["match"]["match_over"]
    return {"token": s.token, "view": state["view"]}


def test_a_phone_at_the_end_of_the_match(chromium: Any, classroom: list[ClassProcess]) -> None:
    cp = classroom[0]
    got = run_async(play_a_match(cp, "Gus"))
    ctx = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    stored = {"code": cp.code, "token": got["token"], "name": "Gus"}
    ctx.add_init_script(f"localStorage.setItem('mtlearn-class', {json.dumps(json.dumps(stored))})")
    try:
        page = ctx.new_page()
        page.goto(cp.address)
        page.wait_for_selector(".mtl-match")
        panel = page.locator(".mtl-match")
        # no Next round ▶ / New match the server would refuse; who carries on, in words
        assert panel.locator("button").count() == 0
        assert page.locator("[data-key='new_match'], [data-key='next_round']").count() == 0
        assert panel.locator(".mtc-next").inner_text() == \
            "The match is over: your teacher starts the next one."
        page.click("[data-key='legal']")  # the board drawn again: still said
        page.wait_for_selector(".mtl-match .mtc-next")
        assert page.locator(".mtl-match .mtc-next").count() == 1
        # the standings are whole: nothing wider than the phone, unless it scrolls in its box
        panel.scroll_into_view_if_needed()
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "class-phone-match-over.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        cut = page.evaluate(
            "() => [...document.querySelectorAll('table')].filter(t => {"
            " const r = t.getBoundingClientRect(); if (r.right <= innerWidth + 1) return false;"
            " for (let p = t.parentElement; p; p = p.parentElement) {"
            " const o = getComputedStyle(p).overflowX;"
            " if ((o === 'auto' || o === 'scroll') && p.getBoundingClientRect().right <= innerWidth + 1)"
            " return false; } return true; }).map(t => t.className)")
        assert cut == []
        # a one-round match's standings fit a phone without scrolling sideways
        fits = page.evaluate("() => { const w = document.querySelector('.mtl-match .mtl-table-wrap');"
                             " return [w.scrollWidth, w.clientWidth]; }")
        assert fits[0] <= fits[1], f"the standings are cut off: {fits}"
    finally:
        ctx.close()

"""The teacher's lesson in real browsers (issues 21 and 39): `mtlearn class` on 127.0.0.1,
the teacher's page, a projector and five phones (Chromium pages, each its own browser
profile), every step checked by what the teacher and the phones see.

1. The teacher opens two tables: four students at Table 1, a student and a computer at
   Table 2 (a short match). Five phones join; a join refused, then accepted, leaves no
   stale words.
2. Remove, then Undo: the phone says it was removed, then has its seat back by itself.
3. A rename of a dealt seat shows at once on the phone, the projector and the teacher's
   page.
4. Table 2's match is played to its end: the phone says the teacher starts the next one.
5. A puzzle round: every phone is told; an answer is judged; the teacher's results fill
   in; Export CSV saves them.
6. Table 1's round is played through the pages: every screen shows only its own hand
   and every move; a phone closed mid-turn and opened again has its seat back; a student
   moves to a new device with the teacher's seat code (the old one is signed out); Ctrl-C
   (SIGINT) mid-round: every page (a phone still on the join form too) says the connection
   is lost, the terminal prints the whole command to carry on, and that line, run as
   printed, serves the class as before (on the same network address and port, with the
   book, the limits and the computers' pace); every page is back by itself and the round
   carries on; the projector shows the engine's scores.
7. New match at Table 2 asks first, then deals; the results page (printable) and its CSV
   show each match a student played, round by round, and the puzzle results; a table of
   computers plays at the pace the class was served with.

The screenshots of the teacher's guide (docs/class.md) of the teacher's page (its Seat
code answer in a student's row) and of phones (mid-round, and the seat code typed on a
new device) are taken here too."""

from __future__ import annotations

import json
import re
import shlex
import signal
import socket
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

from classkit import carry_on_line, start_class, start_line, wait_js
from conftest import REPO_ROOT

from mtlearn.engine.game import Game

TILE = re.compile(r"(?<![\w.-])(\d{1,2})-(\d{1,2})(?![\w-])")
SHOTS = REPO_ROOT / "docs" / "_static" / "class"
NAMES = ["Ana", "Ben", "Cleo", "Dev"]
#: seconds a computer player takes a move: a person's pace (not the server's default, 1 s,
#: so that the command printed at Ctrl-C must carry it)
PACE = "0.8"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def saved(folder: Path, table: str = "t1") -> tuple[Game, dict[str, Any]]:
    data = json.loads((folder / "tables" / f"{table}.json").read_text())
    return Game.from_json(json.dumps(data["session"]["game"])), data


def wait_for(what: Any, timeout: float = 15.0, why: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = what()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"timed out: {why}")


def play_one(page: Any) -> None:
    """The student on ``page`` plays their first legal move by clicking the board."""
    page.wait_for_selector(".mtc-board .mtl-legal-list .mtl-legal-move", timeout=10_000)
    move = str(page.locator(".mtc-board .mtl-legal-list .mtl-legal-move").first
               .get_attribute("data-key"))[6:]
    m = re.match(r"^(\d+)-(\d+)@(.+)$", move)
    if m is None:
        page.locator(f'.mtc-board [data-key="{move}"]').first.click()
        return
    a, b, train = m[1], m[2], m[3]
    tile = page.locator(f'.mtc-board [data-key="tile:{a}-{b}"], .mtc-board [data-key="tile:{b}-{a}"]')
    tile.first.click()
    page.locator(f'.mtc-board [data-key="train:{train}"]').first.click()


#: the page's HTML, less the legend (its example domino is a drawing, not a tile of the game)
#: and the puzzle round's section and Table 2's card (positions of their own)
SHOWN = ("() => { const c = document.body.cloneNode(true); c.querySelectorAll("
         "'.mtl-legend, .mtc-puzzles, .mtc-card[data-table=\"t2\"]').forEach(n => n.remove());"
         " return c.outerHTML; }")


def hidden_on(html: str, g: Game, seat: int | None) -> list[str]:
    secret = {frozenset((t.high, t.low)) for i in range(g.n) if i != seat for t in g.hand(i)}
    secret |= {frozenset((t.high, t.low)) for t in g.boneyard}
    return [m[0] for m in TILE.finditer(html) if frozenset((int(m[1]), int(m[2]))) in secret]


def status(page: Any, starts: str) -> str:
    """The teacher's status line once it starts with ``starts``."""
    wait_js(page, "s => (document.querySelector('.mtc-status') || {}).textContent"
                  "?.startsWith(s)", arg=starts, timeout=10_000)
    return str(page.locator(".mtc-status span").first.inner_text())


def said(page: Any, where: str, text: str) -> Any:
    """The teacher's answer shown where they acted (``where``: its section)."""
    note = page.locator(f"{where} p.mtc-said", has_text=text)
    note.wait_for(timeout=10_000)
    return note


def phone_status(page: Any, has: str) -> None:
    wait_js(page, "s => document.querySelector('.mtc-status').textContent.includes(s)",
            arg=has, timeout=20_000)


def same_log(folder: Path, table: str, screens: list[Any]) -> None:
    """Every screen shows the table's last move (as saved) last in its log."""
    _, data = saved(folder, table)
    last = data["log"][-1] if data["log"] else None
    if last is None:
        return
    sel = f'.mtc-card[data-table="{table}"] .mtc-log li'
    for s in screens:
        pick = sel if re.search(r"/(projector|teacher)", s.url) else ".mtc-log li"  # a phone: its own
        wait_for(lambda s=s, pick=pick: s.locator(pick).count() and
                 s.locator(pick).last.inner_text() == last, 10,
                 f"the last move of {table} ({last!r}) on every screen")


def a_book(path: Path) -> Path:
    """A built book's archive (its first page alone), for ``--book``."""
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("index.html", "<h1>The lesson's book</h1>")
    return path


def test_a_teachers_lesson(chromium: Any, tmp_path: Path) -> None:
    folder = tmp_path / "cls"
    port = free_port()
    book = a_book(tmp_path / "book.zip")
    # as the guide says (--lan, here with this machine's own address), a port, the book,
    # room for the phones of one address, computers at a person's pace
    cp = start_class(folder, "--lan", "127.0.0.1", "--port", str(port), "--book", str(book),
                     "--per-address", "40", "--pace", PACE)
    procs = [cp]
    contexts = []
    try:
        def context(w: int, h: int) -> Any:
            c = chromium.new_context(viewport={"width": w, "height": h})
            contexts.append(c)
            return c

        # ---- 1. two tables, five phones
        teacher = context(1280, 900).new_page()
        teacher.goto(f"{cp.address}teacher#t={cp.token}")
        teacher.wait_for_selector(".mtc-code strong")
        assert teacher.locator(".mtc-code strong").inner_text() == cp.code
        teacher.fill('input[name="seats"]', "4")
        teacher.fill('input[name="computers"]', "0")
        teacher.fill('input[name="rounds"]', "1")
        # a short demo round on a deal that can be played again: the form's optional fields
        teacher.fill('input[name="hand_size"]', "5")
        teacher.fill('input[name="seed"]', "8")
        teacher.click("text=Open the table")
        assert status(teacher, "✓ Table 1") == "✓ Table 1 is open: 4 seats."
        # Table 2: a student and a computer, a match of one round over in a few turns
        teacher.fill('input[name="seats"]', "2")
        teacher.fill('input[name="computers"]', "1")
        teacher.fill('input[name="hand_size"]', "4")
        teacher.fill('input[name="seed"]', "1")
        teacher.click("text=Open the table")
        status(teacher, "✓ Table 2")
        teacher.wait_for_selector('article[data-table="t2"]')
        projector = context(1600, 900).new_page()
        projector.goto(cp.projector)  # the address printed in the terminal
        projector.wait_for_selector(".mtc-card[data-table='t2']")
        assert projector.locator(".mtc-code strong").inner_text() == cp.code
        newcomer = context(390, 844).new_page()  # a phone still on the join form (no seat yet)
        newcomer.goto(f"{cp.address}?code={cp.code}")
        newcomer.wait_for_selector("#mtc-name")

        def phone(name: str, table: str, seat: int) -> Any:
            p = context(390, 844).new_page()
            p.goto(f"{cp.address}?code={cp.code}")
            p.fill("#mtc-name", name)
            p.click("button.mtc-big")
            p.click(f'.mtc-seat[data-table="{table}"][data-seat="{seat}"]')
            return p

        ana, ben = phone("Ana", "t1", 1), phone("Ben", "t1", 2)
        # a name refused, then one accepted: the refusal goes
        cleo = context(390, 844).new_page()
        cleo.goto(f"{cp.address}?code={cp.code}")
        cleo.fill("#mtc-name", "R2D2")
        cleo.click("button.mtc-big")
        wait_js(cleo, "document.querySelector('.mtc-status').textContent.startsWith('✗')")
        cleo.fill("#mtc-name", "Cleo")
        cleo.click("button.mtc-big")
        cleo.wait_for_selector(".mtc-lobby h2")
        assert cleo.locator(".mtc-status").inner_text() == ""
        cleo.click('.mtc-seat[data-table="t1"][data-seat="3"]')
        eve = phone("Evee", "t2", 1)  # a typo, renamed below; Table 2 is dealt
        eve.wait_for_selector(".mtc-board .mtl-root", timeout=10_000)
        row = teacher.locator("tr[data-student]", has_text="Cleo")
        wait_js(teacher, "() => document.querySelectorAll('tr[data-student][data-online=yes]')"
                         ".length === 4")
        assert "Table 1, seat 3" in row.inner_text() and "connected since" in row.inner_text()

        # ---- 2. Remove, then Undo: the phone has its seat back by itself
        row.locator('[data-act="remove"]').click()
        teacher.locator('dialog.mtc-confirm [data-confirm="yes"]').click()
        assert status(teacher, "✓ Cleo was") == "✓ Cleo was removed from the class."
        phone_status(cleo, "Your teacher removed you from the class")
        note = said(teacher, ".mtc-students", "Cleo was removed")
        note.locator('[data-act="revert"]').click()
        assert status(teacher, "✓ Cleo is") == "✓ Cleo is back in the class."
        teacher.locator("tr[data-student]", has_text="Cleo").wait_for()
        wait_js(cleo, "() => document.querySelector('.mtc-status').textContent === ''"
                      " && !!document.querySelector('.mtc-seat[data-table=\"t1\"]')")
        assert "Table 1, seat 3" in teacher.locator("tr[data-student]", has_text="Cleo").inner_text()
        dev = phone("Dev", "t1", 4)  # the last seat: Table 1 is dealt
        phones = [ana, ben, cleo, dev]
        for p in phones:
            p.wait_for_selector(".mtc-board .mtl-root", timeout=10_000)
        projector.wait_for_selector(".mtc-card[data-table='t1'] .mtl-root")
        dealt, _ = saved(folder)
        assert dealt.seed == 8 and [len(dealt.hand(i)) for i in range(4)] == [5, 5, 5, 5]

        # ---- 3. a rename shows at once on every screen, a dealt table's too
        erow = teacher.locator("tr[data-student]", has_text="Evee")
        erow.locator('[data-act="rename"]').click()
        teacher.fill('dialog.mtc-confirm input[name="name"]', "Eve")
        teacher.locator('dialog.mtc-confirm [data-confirm="yes"]').click()
        assert said(teacher, ".mtc-students", "is now Eve").inner_text() == "✓ Evee is now Eve."
        # (the teacher's own answer names the old name: the roster and the card do not)
        gone = ("s => ![...document.querySelectorAll(s)].some(n => n.innerText.includes('Evee'))")
        for p, where in ((eve, "body"), (projector, "body"),
                         (teacher, "tr[data-student], article[data-table]")):
            wait_js(p, gone, arg=where, timeout=10_000)
        assert eve.locator(".mtc-me strong").inner_text() == "Eve"
        assert "Eve" in projector.locator(".mtc-card[data-table='t2']").inner_text()
        assert "Eve" in teacher.locator('article[data-table="t2"]').inner_text()

        # ---- 4. Table 2's match played to its end (the computer answers at its pace)
        watchers = [projector, teacher]
        for _ in range(60):
            g2, _ = saved(folder, "t2")
            if g2.is_match_over:
                break
            if g2.current == 0:
                before = len(g2.history)
                play_one(eve)
                wait_for(lambda before=before: len(saved(folder, "t2")[0].history) > before
                         or saved(folder, "t2")[0].is_round_over, 20, "Eve's move saved")
            else:
                wait_for(lambda: saved(folder, "t2")[0].current == 0
                         or saved(folder, "t2")[0].is_round_over, 20, "the computer's move")
            same_log(folder, "t2", [eve, *watchers])
            g2, _ = saved(folder, "t2")
            if not g2.is_round_over:
                assert hidden_on(eve.evaluate(SHOWN), g2, 0) == [], "Eve sees hidden tiles"
        assert saved(folder, "t2")[0].is_match_over
        eve.wait_for_selector(".mtl-match .mtc-next")
        assert eve.locator(".mtl-match .mtc-next").inner_text() == \
            "The match is over: your teacher starts the next one."
        assert eve.locator("[data-key='new_match'], [data-key='next_round']").count() == 0
        card2 = teacher.locator('article[data-table="t2"]')
        card2.locator('[data-act="new_match"]').wait_for()

        # ---- 5. a puzzle round: every phone is told; an answer judged; results; CSV
        teacher.select_option('select[name="set"]', "turns")
        teacher.click("text=Start a puzzle round")
        for p in (*phones, eve):
            p.wait_for_selector(".mtc-notice[data-notice='puzzles']", timeout=10_000)
            assert "Your teacher started a puzzle round" in \
                p.locator(".mtc-notice[data-notice='puzzles']").inner_text()
        eve.locator(".mtc-notice-link").click()
        eve.locator(".mtc-puzzles [data-key='draw']").first.click()  # "Nothing fits": draw
        wait_js(eve, "() => /Right/.test(document.querySelector('.mtc-puzzles').textContent)",
                timeout=10_000)
        wait_js(teacher, "() => [...document.querySelectorAll('.mtc-results tbody tr')]"
                         ".some(r => r.cells[0].textContent === 'Eve'"
                         " && r.cells[1].textContent === '1')", timeout=10_000)
        with teacher.expect_download() as got:
            teacher.click("text=Export CSV")
        csv = Path(got.value.path()).read_text(encoding="utf-8")
        assert re.search(r"^Eve,.*must-draw", csv, re.M), csv[:400]

        # ---- 6. Table 1's round, through the pages
        screens = [*phones, projector, teacher]

        def check_hands() -> None:
            # the screens read between two reads of the saved game that agree: a computer
            # standing in for a reconnecting phone may move meanwhile (then read again)
            for _ in range(20):
                g, _ = saved(folder)
                if g.is_round_over:  # every hand is shown for the scoring (R-SCORE-1, Perspective)
                    return
                shown = [p.evaluate(SHOWN) for p in (*phones, projector, teacher)]
                if len(saved(folder)[0].history) == len(g.history):
                    break
            else:
                raise AssertionError("the game never stood still long enough to compare")
            for seat, _p in enumerate(phones):
                assert hidden_on(shown[seat], g, seat) == [], f"{NAMES[seat]} sees hidden tiles"
            for seen in shown[len(phones):]:
                assert hidden_on(seen, g, None) == []

        moves, reopened, resumed = 0, False, False
        while True:
            g, _ = saved(folder)
            if g.is_round_over:
                break
            seat = g.current
            if moves == 6 and not reopened:  # a phone closed mid-turn, opened again
                hand = sorted(str(t) for t in g.hand(seat))
                ctx = phones[seat].context
                phones[seat].close()
                p = ctx.new_page()
                p.goto(cp.address)
                p.wait_for_selector(".mtc-board .mtl-tilebtn", timeout=10_000)
                assert p.get_attribute("#mtc-root", "data-seat") == str(seat + 1)
                shown = sorted(p.locator(".mtc-board .mtl-tilebtn").evaluate_all(
                    "ns => ns.map(n => n.getAttribute('aria-label'))"))
                assert shown == hand
                phones[seat] = p
                screens[seat] = p
                reopened = True
            if moves == 14 and not resumed:  # a new device; then Ctrl-C, and the class carried on
                SHOTS.mkdir(parents=True, exist_ok=True)
                # the student to play goes on to a new device: the teacher's seat code
                k = seat
                krow = teacher.locator("tr[data-student]", has_text=NAMES[k])
                krow.locator('[data-act="seat-code"]').click()
                note = said(teacher, ".mtc-students", f"Seat code for {NAMES[k]}")
                found = re.search(rf"Seat code for {NAMES[k]}: ([A-Z]{{6}})\.", note.inner_text())
                assert found, note.inner_text()
                assert note.locator('[data-act="revert"]').count() == 0  # nothing to undo
                teacher.evaluate("window.scrollTo(0, 0)")
                box = teacher.locator(".mtc-students").bounding_box()
                assert box is not None
                teacher.screenshot(path=str(SHOTS / "teacher.png"), full_page=True, clip={
                    "x": 0, "y": 0, "width": 1280, "height": box["y"] + box["height"] + 16})
                fresh = context(390, 844).new_page()
                fresh.goto(f"{cp.address}?code={cp.code}")
                fresh.click(".mtc-reclaim summary")
                fresh.fill("#mtc-seatcode", found[1])
                fresh.screenshot(path=str(SHOTS / "phone-seat-code.png"))
                fresh.click('[data-act="reclaim"]')
                fresh.wait_for_selector(".mtc-board .mtl-tilebtn", timeout=10_000)
                assert fresh.get_attribute("#mtc-root", "data-seat") == str(k + 1)
                assert fresh.locator(".mtc-me strong").inner_text() == NAMES[k]
                assert sorted(fresh.locator(".mtc-board .mtl-tilebtn").evaluate_all(
                    "ns => ns.map(n => n.getAttribute('aria-label'))")) == \
                    sorted(str(t) for t in g.hand(k))
                phone_status(phones[k], "your seat moved to another device")
                phones[k].close()
                phones[k] = screens[k] = fresh
                phones[seat].locator(".mtc-board .mtl-tilebtn").first.scroll_into_view_if_needed()
                phones[seat].screenshot(path=str(SHOTS / "phone.png"))
                # the guide's projector (six tables) is taken by tests/test_class_screens.py
                (REPO_ROOT / "test-artifacts").mkdir(exist_ok=True)
                projector.screenshot(path=str(REPO_ROOT / "test-artifacts" / "class-projector-one-table.png"))
                history = [str(m) for m in g.history]
                cp.proc.send_signal(signal.SIGINT)
                assert cp.proc.wait(timeout=20) == 0
                line = carry_on_line(cp)  # the terminal's last line: the whole command
                assert line == (
                    f"mtlearn class --resume --folder {shlex.quote(str(folder))} "
                    f"--lan 127.0.0.1 --port {port} --book {shlex.quote(str(book))} "
                    f"--per-address 40 --pace {PACE} --no-qr")
                for s in (*screens, eve, newcomer):
                    wait_js(s, "document.querySelector('.mtc-status').textContent"
                               ".startsWith('Connection lost')")
                cp = start_line(line, tmp_path)  # run as printed, nothing added
                procs.append(cp)
                # served as before: the same address and port, the book, the limits, the pace
                banner = "".join(cp.lines)
                assert cp.address == f"http://127.0.0.1:{port}/"
                assert f"Served as before (kept in the class folder): {line}\n" in banner
                assert f"The book:      {cp.address}book/" in banner
                with urllib.request.urlopen(f"{cp.address}book/", timeout=10) as r:
                    assert r.read() == b"<h1>The lesson's book</h1>"
                # every page finds the server again by itself: no reload, no stale words
                for s in (*screens, eve, newcomer):
                    wait_js(s, "document.querySelector('.mtc-status').textContent === ''",
                            timeout=20_000)
                assert projector.locator(".mtc-card").count() == 2
                assert newcomer.locator("#mtc-name").is_visible()
                wait_js(teacher, "() => document.querySelectorAll("
                                 "'tr[data-student][data-online=yes]').length === 5",
                        timeout=20_000)
                g2, _ = saved(folder)
                assert [str(m) for m in g2.history] == history
                resumed = True
            before = len(g.history)
            play_one(phones[seat])
            wait_for(lambda before=before, rnd=g.round_no: len(saved(folder)[0].history) > before
                     or saved(folder)[0].round_no != rnd, 20, "the move saved")
            moves += 1
            same_log(folder, "t1", screens)
            if moves % 10 == 1:
                check_hands()
        assert reopened and resumed and moves > 14
        g, _ = saved(folder)
        want = {g.players[s]: total for _, s, total in g.standings()}
        scores = ".mtc-card[data-table='t1'] .mtc-scores tbody tr"
        wait_js(projector, "s => document.querySelectorAll(s).length === 4", arg=scores)
        rows = projector.locator(scores).evaluate_all(
            "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
        got_scores = {re.sub(r"^\d+\. ", "", a): int(b) for a, b in rows}
        assert got_scores == want  # the engine's scores, on the projector
        for p in phones:
            p.wait_for_selector(".mtl-root :text('Round over'), .mtl-root :text('over')",
                                timeout=10_000)

        # ---- 7. New match asks first; the results page and its CSV keep every match
        card2.locator('[data-act="new_match"]').click()
        ask = teacher.locator("dialog.mtc-confirm p").first.inner_text()
        assert ask.startswith("Start a new match at Table 2? The match that ended is over")
        teacher.locator('dialog.mtc-confirm [data-confirm="yes"]').click()
        wait_js(eve, "() => !document.querySelector('.mtl-match .mtc-next')"
                     " && document.querySelectorAll('.mtc-board .mtl-tilebtn').length === 4",
                timeout=10_000)
        with teacher.expect_popup() as opened:
            teacher.get_by_role("button", name="Results page (printable)").click()
        results = opened.value
        results.wait_for_selector("h1:has-text('Class results')")
        assert cp.token not in results.url  # the # part is taken off the address
        text = results.locator("body").inner_text()
        for name in (*NAMES, "Eve"):
            assert name in text
        assert "Table 2, match 1, seat 1" in text and "Table 1, match 1, seat 3" in text
        assert results.get_by_role("button", name="Print").is_visible()
        results.emulate_media(media="print")
        assert not results.get_by_role("button", name="Print").is_visible()
        req = urllib.request.Request(f"{cp.address}results.csv",
                                     headers={"X-Teacher-Token": cp.token})
        with urllib.request.urlopen(req, timeout=10) as r:
            csv = r.read().decode("utf-8")
        games = csv.split("name,table,match,seat", 1)[1]
        eve_rows = [r.split(",") for r in games.splitlines() if r.startswith("Eve,")]
        # every match Eve played: the one that ended (a round, its points) and the new one
        assert [r[1:4] + r[6:] for r in eve_rows] == [["Table 2", "1", "1", "1", r[5]]
                                                      for r in eve_rows[:1]] + [
            ["Table 2", "2", "1", "0"]], games[:400]
        cleo_rows = [r.split(",") for r in games.splitlines() if r.startswith("Cleo,")]
        assert [r[1:4] for r in cleo_rows] == [["Table 1", "1", "3"]], games[:400]
        assert cleo_rows[0][6:] == ["1", cleo_rows[0][5]]  # one round: its points, the total
        assert int(cleo_rows[0][5]) == want["Cleo"]  # the engine's

        # ---- 8. the resumed class's computers play at the pace it was served with
        teacher.fill('input[name="seats"]', "2")
        teacher.fill('input[name="computers"]', "2")
        teacher.click("text=Open the table")
        assert status(teacher, "✓ Table 3") == (
            "✓ Table 3 is open: 2 seats, 2 for computer players. Every seat is taken: it "
            f"plays at once, a move about every {PACE} s.")
    finally:
        for c in contexts:
            c.close()
        for p in procs:
            p.stop()

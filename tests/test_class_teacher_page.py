"""The teacher's page in a real browser (issue 28): what the teacher does answers in
words (a success replaces an earlier error), who is connected shows live, removing a
student asks first (a dialog Escape cancels) and offers Undo, joins lock, and ending the
class asks first and carries on with the new class's code and token."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from classkit import start_class, wait_js


def status(page: Any, starts: str) -> str:
    wait_js(page, "s => (document.querySelector('.mtc-status') || {}).textContent"
                           "?.startsWith(s)", arg=starts, timeout=10_000)
    return str(page.locator(".mtc-status span").first.inner_text())


def test_the_teacher_page_runs_a_lesson(chromium: Any, tmp_path: Path) -> None:
    cp = start_class(tmp_path / "cls", "--per-address", "40")
    contexts = []
    try:
        ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        teacher = ctx.new_page()
        teacher.goto(f"{cp.address}teacher#t={cp.token}")
        teacher.wait_for_selector(".mtc-code strong")
        # words for every action; a success clears an earlier error
        teacher.fill('input[name="idle"]', "60")
        teacher.click('[data-act="idle"]')
        assert status(teacher, "✓") == "✓ Idle seats: a computer steps in after 60 s."
        teacher.fill('input[name="seats"]', "2")
        teacher.fill('input[name="computers"]', "5")
        teacher.click("text=Open the table")
        assert "computers: choose 0 to 2" in status(teacher, "✗")
        teacher.fill('input[name="computers"]', "0")
        teacher.click("text=Open the table")
        assert status(teacher, "✓ Table") == "✓ Table 1 is open: 2 seats."
        # a student joins: the roster shows her, connected
        phone_ctx = chromium.new_context(viewport={"width": 390, "height": 800})
        contexts.append(phone_ctx)
        phone = phone_ctx.new_page()
        phone.goto(f"{cp.address}?code={cp.code}")
        phone.fill("#mtc-name", "Ana")
        phone.click("button.mtc-big")
        row = teacher.locator("tr[data-student]", has_text="Ana")
        row.wait_for()
        assert "connected since" in row.inner_text()
        # Remove asks first; Escape cancels and changes nothing
        row.locator('[data-act="remove"]').click()
        dialog = teacher.locator("dialog.mtc-confirm")
        assert dialog.locator("p").first.inner_text() == "Really remove Ana?"
        teacher.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        assert teacher.locator("tr[data-student]").count() == 1
        row.locator('[data-act="remove"]').click()
        dialog.locator('[data-confirm="yes"]').click()
        assert status(teacher, "✓ Ana was") == "✓ Ana was removed from the class."
        teacher.wait_for_selector("text=No student yet.")
        wait_js(phone, "() => document.querySelector('.mtc-status').textContent"
                                ".includes('Your teacher removed you from the class')")
        assert phone.evaluate("JSON.parse(localStorage.getItem('mtlearn-class')).token")  # kept
        # the answer and its Undo show where the teacher acted (the roster), and stay there
        # through another action for the whole undo window
        note = teacher.locator(".mtc-students .mtc-said", has_text="Ana was removed")
        note.wait_for()
        teacher.fill('input[name="idle"]', "30")
        teacher.click('[data-act="idle"]')
        assert status(teacher, "✓ Idle") == "✓ Idle seats: a computer steps in after 30 s."
        assert note.locator('[data-act="revert"]').is_visible()
        assert teacher.locator('.mtc-status [data-act="revert"]').count() == 0
        note.locator('[data-act="revert"]').click()
        assert status(teacher, "✓ Ana is") == "✓ Ana is back in the class."
        row = teacher.locator("tr[data-student]", has_text="Ana")
        row.wait_for()
        # Undo gave the phone its seat back, by itself: no join form, no stale words
        wait_js(phone, "() => document.getElementById('mtc-root').dataset.phase === 'lobby'"
                       " && document.querySelector('.mtc-status').textContent === ''")
        # a seat code lets Ana in on a new phone; the old one is signed out
        row.locator('[data-act="seat-code"]').click()
        said = teacher.locator("tr.mtc-said", has_text="Seat code for Ana")
        said.wait_for()
        code = re.search(r"Seat code for Ana: ([A-Z]{6})\.", said.inner_text())[1]  # type: ignore[index]
        new_ctx = chromium.new_context(viewport={"width": 390, "height": 800})
        contexts.append(new_ctx)
        new_phone = new_ctx.new_page()
        new_phone.goto(f"{cp.address}?code={cp.code}")
        new_phone.click(".mtc-reclaim summary")
        new_phone.fill("#mtc-seatcode", code)
        new_phone.click('[data-act="reclaim"]')
        wait_js(new_phone, "() => document.getElementById('mtc-root').dataset.phase === 'lobby'")
        assert new_phone.locator(".mtc-me strong").inner_text() == "Ana"
        wait_js(phone, "() => document.querySelector('.mtc-status').textContent"
                       ".includes('your seat moved to another device')")
        assert phone.evaluate("localStorage.getItem('mtlearn-class')") is None
        phone = new_phone
        # lock joins
        teacher.click('[data-act="lock"]')
        assert status(teacher, "✓ Joins").startswith("✓ Joins are locked")
        # end the class: asked first, then the page goes on with the new class
        teacher.click('[data-act="new-class"]')
        teacher.locator('dialog.mtc-confirm [data-confirm="yes"]').click()
        assert status(teacher, "✓ A new class").startswith("✓ A new class started (code ")
        wait_js(teacher, "c => document.querySelector('.mtc-code strong').textContent"
                                  " !== c", arg=cp.code)
        assert (tmp_path / "cls" / "archive").is_dir()
        teacher.click('[data-act="lock"]')  # the page acts with the new token
        assert status(teacher, "✓ Joins").startswith("✓ Joins are locked")
        wait_js(phone, "() => document.getElementById('mtc-root').dataset.phase === 'join'")
        # ending the class can be undone (in the class box, where the teacher acted)
        end = teacher.locator(".mtc-classbox .mtc-said", has_text="A new class started")
        end.locator('[data-act="revert"]').click()
        assert status(teacher, "✓ The class is back").startswith("✓ The class is back (code ")
        wait_js(teacher, "c => document.querySelector('.mtc-code strong').textContent === c",
                arg=cp.code)
        wait_js(phone, "() => document.getElementById('mtc-root').dataset.phase === 'lobby'")
        teacher.click('[data-act="lock"]')  # the old token again
        assert status(teacher, "✓ Joins").startswith("✓ Joins are open")
    finally:
        for c in contexts:
            c.close()
        cp.stop()

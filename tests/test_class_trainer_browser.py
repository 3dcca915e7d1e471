"""Trainer puzzles in a class in real browsers (issue 31): the teacher's page assigns a
theme with its form, three phones (Chromium pages, each its own browser profile) each get
their own puzzle, one solves it, one misses it, one opens both hints and shows the answer;
each phone says how it counted and offers the next puzzle; the teacher's table fills in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from classkit import start_class, wait_js

from mtlearn.trainer.trainer_session import default_pool

NAMES = ["Ana", "Ben", "Cy"]


def choose_theme() -> str:
    """A theme whose puzzles are all answered by choosing options (clicked below)."""
    pool = default_pool()
    by: dict[str, list[str]] = {}
    for pid, e in pool.entries.items():
        for t in e.themes:
            by.setdefault(t, []).append(pid)
    return next(t for t, ids in sorted(by.items(), key=lambda kv: -len(kv[1]))
                if len(ids) >= 3 and all(pool.puzzle(i).kind == "choose" and pool.puzzle(i).wrong
                                         for i in ids))


def click_answer(page: Any, answer: Any) -> None:
    box = page.locator(".mtc-trainer")
    for v in answer if isinstance(answer, list) else [answer]:
        box.locator(f"[data-key='opt:{v}']").first.click()
    if isinstance(answer, list):
        box.locator("[data-key='check']").first.click()


def test_three_phones_train_on_a_theme_the_teacher_assigned(chromium: Any,
                                                            tmp_path: Path) -> None:
    theme = choose_theme()
    pool = default_pool()
    cp = start_class(tmp_path / "cls", "--per-address", "40")
    contexts = []
    try:
        def context(w: int, h: int) -> Any:
            c = chromium.new_context(viewport={"width": w, "height": h})
            contexts.append(c)
            return c

        teacher = context(1280, 900).new_page()
        teacher.goto(f"{cp.address}teacher#t={cp.token}")
        teacher.wait_for_selector(f"select[name='trainer-theme'] option[value='{theme}']",
                                  state="attached")
        phones = []
        for name in NAMES:
            p = context(390, 844).new_page()
            p.goto(f"{cp.address}?code={cp.code}")
            p.fill("#mtc-name", name)
            p.click("button.mtc-big")
            p.wait_for_selector(".mtc-lobby:not([hidden])")
            phones.append(p)
        teacher.select_option("select[name='trainer-theme']", theme)
        teacher.fill("input[name='trainer-count']", "2")
        teacher.click("[data-act='assign']")
        teacher.wait_for_selector(".mtc-trainer-results tbody tr >> nth=2")
        ids = []
        for p in phones:
            p.wait_for_selector(".mtc-trainer .mtl-puzzle[data-puzzle]", timeout=15_000)
            assert "Your teacher set trainer puzzles" in p.locator(".mtc-notices").inner_text()
            assert "Puzzle 1 of 2" in p.locator(".mtc-trainer-where").inner_text()
            pid = str(p.get_attribute(".mtc-trainer .mtl-puzzle", "data-puzzle"))
            assert theme in pool.entries[pid].themes
            ids.append(pid)
        ana, ben, cy = phones
        click_answer(ana, pool.puzzle(ids[0]).answer)
        click_answer(ben, pool.puzzle(ids[1]).wrong[0].answer)
        for key in ("hint1", "hint2", "show"):
            cy.locator(f".mtc-trainer [data-key='{key}']").first.click()
        for p, words in zip(phones, ("Solved first try: a win.", "Missed: it counts as a loss.",
                                     "Missed: it counts as a loss."), strict=True):
            wait_js(p, "(w) => (document.querySelector('.mtc-trainer-result') || {}).textContent"
                       "?.startsWith(w)", words, 10_000)
        # Next puzzle: a new one, the second of two
        ana.click("[data-key='trainer-next']")
        wait_js(ana, "() => document.querySelector('.mtc-trainer-where')?.textContent"
                     ".startsWith('Puzzle 2 of 2')", None, 10_000)
        second = str(ana.get_attribute(".mtc-trainer .mtl-puzzle", "data-puzzle"))
        assert second != ids[0] and theme in pool.entries[second].themes
        # the teacher's table: one done each, Ana's solved, Ana's rating above Ben's
        wait_js(teacher, "() => [...document.querySelectorAll('.mtc-trainer-results tbody tr')]"
                         ".every(r => r.cells[1].textContent === '1 of 2')", None, 10_000)
        rows = teacher.locator(".mtc-trainer-results tbody tr").evaluate_all(
            "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
        by = {r[0]: r for r in rows}
        assert [by[n][2] for n in NAMES] == ["1", "0", "0"]
        assert int(by["Ana"][3]) > 1200 > int(by["Ben"][3])
        # a phone shows nothing of the others' puzzles
        for p, pid in zip(phones[1:], ids[1:], strict=True):
            assert p.locator(".mtl-puzzle[data-puzzle]").count() == 1
            assert p.get_attribute(".mtc-trainer .mtl-puzzle", "data-puzzle") == pid
    finally:
        for c in contexts:
            c.close()
        cp.stop()

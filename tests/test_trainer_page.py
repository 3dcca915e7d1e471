"""The puzzle trainer in the built book (issue 31), in Chromium, offline: the in-page engine
serves the trainer session. A learner misses a puzzle and solves one, sees the rating and
the dashboard move, and gets the missed puzzle back after three others; the progress is
still there after a reload (localStorage)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from mtlearn.trainer.trainer_session import default_pool

ENGINE_TIMEOUT = 180_000
TIMEOUT = 30_000
POOL = default_pool()


def trainer(page: Any) -> Any:
    return page.locator('.mtl-standalone[data-kind="trainer"]')


def current(box: Any) -> tuple[str, str]:
    """The puzzle on the board and why it was chosen."""
    pid = box.locator(".mtl-puzzle").get_attribute("data-puzzle") or ""
    why = box.locator(".mtl-tr-why").get_attribute("data-reason") or ""
    return pid, why


def rating(box: Any) -> int:
    text = box.locator(".mtl-tr-rating strong").inner_text()
    m = re.search(r"Your rating: (\d+)", text)
    assert m, text
    return int(m.group(1))


def click(box: Any, key: str) -> None:
    box.locator(f"[data-key='{key}']").first.click(timeout=TIMEOUT)


def miss(box: Any) -> None:
    """Both hints, then "show the answer": recorded as a loss."""
    click(box, "hint1")
    click(box, "hint2")
    click(box, "show")
    expect(box.locator(".mtl-tr-result")).to_contain_text("Missed: it counts as a loss",
                                                          timeout=TIMEOUT)


def can_solve(pid: str) -> bool:
    p = POOL.puzzle(pid)
    return p.kind in ("number", "choose") or (p.kind == "move" and isinstance(p.answer, str)
                                              and "@" in p.answer)


def solve(box: Any, pid: str) -> None:
    """The engine's answer, entered as a learner does (a number typed, the choices ticked,
    a tile then a train)."""
    p = POOL.puzzle(pid)
    if p.kind == "number":
        box.locator("[data-key='number']").fill(str(p.answer))
        click(box, "check")
    elif p.kind == "choose":
        values = p.answer if isinstance(p.answer, list) else [p.answer]
        for v in values:
            click(box, f"opt:{v}")
        if p.info().get("multi"):
            click(box, "check")
    else:
        tile, train = p.answer.split("@", 1)
        a, b = tile.split("-")
        key = f"tile:{tile}" if box.locator(f"[data-key='tile:{tile}']").count() else f"tile:{b}-{a}"
        click(box, key)
        click(box, f"train:{train}")
    expect(box.locator(".mtl-pz-feedback")).to_have_attribute("data-status", "right",
                                                              timeout=TIMEOUT)
    expect(box.locator(".mtl-tr-result")).to_contain_text("Solved first try: a win",
                                                          timeout=TIMEOUT)


def next_puzzle(box: Any) -> None:
    click(box, "tr-next")
    expect(box.locator(".mtl-tr-result")).to_have_count(0, timeout=TIMEOUT)
    expect(box.locator(".mtl-puzzle")).to_have_count(1, timeout=TIMEOUT)


def test_a_learner_misses_solves_and_gets_the_missed_puzzle_back(
        page: Any, book_url: str, page_guard: Any, artifacts_dir: Path) -> None:
    page.goto(book_url + "tutorials/trainer.html", wait_until="load")
    box = trainer(page)
    expect(box).to_have_attribute("data-engine-state", "ready", timeout=ENGINE_TIMEOUT)
    expect(box.locator(".mtl-tr-empty")).to_contain_text("No puzzle tried yet")
    start = rating(box)
    assert start == 1200
    missed, why = current(box)
    assert why == "new" and missed in POOL

    miss(box)
    expect(box.locator(".mtl-tr-result")).to_contain_text("again after 3 other puzzles")
    after_miss = rating(box)
    assert after_miss < start
    expect(box.locator(".mtl-tr-rating")).to_contain_text(f"(\u2212{start - after_miss} after")
    theme = POOL.entries[missed].themes[0]
    row = box.locator(f"tr[data-theme='{theme}']")
    expect(row.locator("td")).to_have_text(
        [re.compile(r"^1$"), re.compile(r"^0$"), re.compile(r"^\d+$"), "needs practice"])
    page.screenshot(path=str(artifacts_dir / "trainer-missed.png"), full_page=True)
    # the keyboard: the focus waits on "Next puzzle"; Enter brings the next puzzle, and the
    # focus goes on to its question
    page.wait_for_timeout(2000)   # the shown answer plays out on the board meanwhile
    assert page.evaluate("document.activeElement.getAttribute('data-key')") == "tr-next"
    page.keyboard.press("Enter")
    expect(box.locator(".mtl-tr-result")).to_have_count(0, timeout=TIMEOUT)
    expect(box.locator(".mtl-pz-question")).to_be_focused(timeout=TIMEOUT)
    others_first, _ = current(box)
    assert others_first != missed
    miss(box)

    solved, back, others = None, False, 1
    for _ in range(30):
        next_puzzle(box)
        pid, why = current(box)
        if why == "replay" and pid == missed:
            assert others >= 3, f"the missed puzzle came back after {others} others"
            expect(box.locator(".mtl-tr-notice")).to_contain_text(
                "A puzzle you missed comes back")
            back = True
            page.screenshot(path=str(artifacts_dir / "trainer-replay.png"), full_page=True)
        elif why != "replay":
            others += 1
        before = rating(box)
        if (solved is None and can_solve(pid)) or (back and pid == missed and can_solve(pid)):
            solve(box, pid)
            assert rating(box) > before
            solved = solved or pid
            if back and pid == missed:
                expect(box.locator(".mtl-tr-result")).to_contain_text("again tomorrow")
        else:
            miss(box)
        if solved and back:
            break
    assert back, "the missed puzzle never came back"
    assert solved, "no puzzle the test can answer came up"
    solved_rows = box.locator("tbody tr td:nth-child(3)").all_inner_texts()
    assert any(int(n) >= 1 for n in solved_rows), solved_rows
    kept = rating(box)

    page.reload(wait_until="load")
    box = trainer(page)
    expect(box).to_have_attribute("data-engine-state", "ready", timeout=ENGINE_TIMEOUT)
    assert rating(box) == kept
    expect(box.locator(".mtl-tr-dashboard tbody tr")).not_to_have_count(0)
    page_guard.assert_clean()

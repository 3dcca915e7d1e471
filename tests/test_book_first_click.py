"""The book's boards answer the first click at once (issue 30, item 7).

On *Play a game* the board is painted from its stored view at once while the in-page engine
(Pyodide) loads for seconds. Here the engine's Pyodide files are held back for a few
seconds: the learner's first move (a tile, then a train), made right after the paint, is
answered from the answers stored in the page; the next one, which the page does not store,
is told "One moment" (in the message line, a live region) and is played when the engine is
ready, never lost. The time from the click to the answer is printed (the browser benchmark,
benchmarks/browser.py, reports it too); it is not asserted.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

pytestmark = pytest.mark.book

ENGINE_TIMEOUT = 180_000
HOLD_SECONDS = 4.0
PYODIDE_FILES = re.compile(r".*/_static/mtlearn-engine/pyodide/.*")


def answers(box: Any) -> int:
    return int(box.get_attribute("data-answers") or 0)


def click_move(box: Any, move: str) -> None:
    """Click the tile of ``move`` ("12-5@1") in the hand, then Play here on its train."""
    tile, train = move.split("@")
    a, b = tile.split("-")
    box.locator(f'.mtl-tilebtn[aria-label="{a}-{b}"], .mtl-tilebtn[aria-label="{b}-{a}"]'
                ).first.click()
    box.locator(f'.mtl-train[data-train="{train}"] .mtl-target').click()


def wait_answers(page: Any, box: Any, more_than: int, timeout: float = 30_000) -> None:
    page.wait_for_function("([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
                           arg=[box.element_handle(), more_than], timeout=timeout)


def test_first_click_answered_at_once_then_one_moment_then_played(page, page_guard, book_url,
                                                                   artifacts_dir):
    held: list[Any] = []
    released: list[bool] = []

    def hold(route: Any) -> None:  # Pyodide's files wait until the test lets them through
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route(PYODIDE_FILES, hold)
    start = time.monotonic()
    page.goto(book_url + "tutorials/play.html", wait_until="commit")
    box = page.locator('.mtl-standalone[data-kind="board"]').first
    box.locator(".mtl-root").wait_for(timeout=20_000)
    painted = time.monotonic()
    assert box.locator(".mtl-host").get_attribute("data-host") == "loading"
    state = json.loads(page.evaluate(
        "el => document.getElementById(el.id + '-state').textContent", box.element_handle()))
    first = next(m for m in state["successors"] if "@" in m)  # a move the page stores
    tiles = box.locator(".mtl-hand").first.locator(".mtl-tilebtn")
    hand = [t.get_attribute("aria-label") for t in tiles.all()]

    click_move(box, first)
    wait_answers(page, box, 0)
    answered = time.monotonic()
    message = box.locator(".mtl-message")
    tile = first.split("@")[0]
    a, b = tile.split("-")
    assert re.match(rf"✓ Ana played ({a}-{b}|{b}-{a}) on ", message.inner_text())
    assert "The computer's moves (3)" in message.inner_text()
    assert box.locator(".mtl-host").get_attribute("data-host") == "loading"
    print(f"\n[book] Play a game: painted {1000 * (painted - start):.0f} ms after navigation; "
          f"first click answered {1000 * (answered - painted):.0f} ms after the paint "
          "(from stored answers; target <= 1 s), the engine still loading")

    # The next move is not stored in the page: it waits, and the learner is told so.
    box.locator('button[data-key="legal"]').click()
    legal = [str(c.get_attribute("data-key"))[6:]
             for c in box.locator(".mtl-legal-list .mtl-legal-move").all()]
    plays = [m for m in legal if "@" in m]
    second = plays[0] if plays else legal[0]
    if "@" in second:
        click_move(box, second)
    else:
        box.locator(f'button[data-key="{second}"]').click()
    assert message.get_attribute("aria-live") == "polite"
    assert message.inner_text().startswith("ℹ One moment: the board is getting ready.")
    assert "One moment" in box.locator(".mtl-host").inner_text()
    page.wait_for_timeout(300)
    assert answers(box) == 1, "the move was played before the engine was ready"
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "book-first-click-one-moment.png"))

    deadline = time.monotonic() + 60
    while not held and time.monotonic() < deadline:  # the worker asks for Pyodide's files
        page.wait_for_timeout(100)
    assert held, "the engine did not start loading with the page"
    page.wait_for_timeout(max(0.0, HOLD_SECONDS - (time.monotonic() - painted)) * 1000)
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_function("el => el.getAttribute('data-host') === 'engine'",
                           arg=box.element_handle(), timeout=ENGINE_TIMEOUT)
    wait_answers(page, box, 1)
    said = message.inner_text()
    if "@" in second:
        c, d = second.split("@")[0].split("-")
        assert re.match(rf"✓ Ana played ({c}-{d}|{d}-{c}) on ", said), said
    else:
        assert said.startswith("✓ Ana "), said
    assert "one move ahead only" not in said
    # the engine caught up with the stored first move: Undo takes back the second, then the first
    box.locator('button[data-key="undo"]').click()
    wait_answers(page, box, 2)
    box.locator('button[data-key="undo"]').click()
    wait_answers(page, box, 3)
    assert message.inner_text().endswith("Move taken back.")
    assert [t.get_attribute("aria-label") for t in tiles.all()] == hand
    page.screenshot(path=str(artifacts_dir / "book-first-click-played.png"))
    page_guard.assert_clean()

"""A board on a phone (320 to 390 px wide), in real headless Chromium: the hand docked at the
bottom of the screen covers nothing that cannot be brought above it, and the actions' row
fits the screen.

* Every button of the actions (Draw, Pass, Undo, Show legal moves, Hint, Present (P)) lies
  wholly inside the window and is what a tap at its centre reaches (the row wraps; it was
  one line that scrolled sideways, "Present (P)" cut off at the screen's edge).
* The last train, brought into view by the browser (scrollIntoView, as a link or a search
  does) or reached with the keyboard (a tile picked with Enter, then the trains' tab stop and End), is
  above the docked hand, not under it, and a tap at its centre reaches it: what lies above
  the dock keeps the dock's height under itself (--mtl-dock-h, which follows the hand's
  rows of tiles).
* A tile picked with Enter puts the focus on the first train it can be played on, as on a
  desktop; Shift+Tab and Tab go between the tile and that train (the trains are one tab
  stop after the hand, the position in words after them).
* Scrolled to the bottom, nothing of the board is under the docked hand.

On a standalone board (``mtlearn html``, the book's, a notebook's) and on a class phone
(``mtlearn class``, whose own style sheet docks the hand). The screenshots go to
``test-artifacts/`` (looked at by hand, not compared)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from classkit import ClassProcess, start_class
from test_class_screens import free_port, open_tables, run_async, sit_phone
from test_readable import four_player_board, open_html, page_with

#: Phone windows: the narrowest the board is made for, and a common one.
PHONES = [{"width": 320, "height": 640}, {"width": 360, "height": 740}]

#: A box as [left, top, right, bottom] (window px).
BOX = "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"

#: The hand docked at the bottom of the window (position: sticky), or null.
DOCK = ("[...document.querySelectorAll('.mtl-hand')]"
        ".find(h => getComputedStyle(h).position === 'sticky') || null")

#: Each action's label, its box, and whether a tap at its centre reaches it.
ACTIONS = ("() => [...document.querySelectorAll('.mtl-bar .mtl-controls .mtl-btn')]"
           ".filter(b => b.getClientRects().length).map(b => { const r = b.getBoundingClientRect();"
           " const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
           " return {label: b.textContent, box: [r.left, r.top, r.right, r.bottom],"
           " tapped: !!at && b.contains(at)}; })")

#: Where `e` is and the dock, whether they overlap, and whether a tap at e's centre reaches e.
SEEN = ("e => { const dock = " + DOCK + "; const r = e.getBoundingClientRect();"
        " const d = dock && dock.getBoundingClientRect();"
        " const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
        " return {box: [r.top, r.bottom], dock: d && [d.top, d.bottom], height: innerHeight,"
        " under: !!d && r.bottom > d.top + 0.5 && r.top < d.bottom - 0.5,"
        " tapped: !!at && e.contains(at)}; }")

#: What of the board lies under the docked hand, in view (its parts' names and first words).
UNDER_DOCK = ("() => { const dock = " + DOCK + "; if (!dock) return ['no docked hand'];"
              " const d = dock.getBoundingClientRect();"
              " return [...document.querySelectorAll('.mtl-train, .mtl-hand, .mtl-words,"
              " .mtl-legend, .mtl-keys')].filter(e => e !== dock && e.getClientRects().length)"
              ".filter(e => { const r = e.getBoundingClientRect();"
              " return r.bottom > d.top + 0.5 && r.top < d.bottom - 0.5; })"
              ".map(e => e.className + ': ' + e.textContent.trim().slice(0, 30)); }")


def settle(page: Any) -> None:
    """Two frames: the layout after a scroll or a key (the dock's height is measured by a
    ResizeObserver)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def check_actions(page: Any) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)
    width = page.evaluate("innerWidth")
    actions = page.evaluate(ACTIONS)
    assert any(a["label"] == "Present (P)" for a in actions), actions
    for a in actions:
        left, _, right, _ = a["box"]
        assert left >= 0 and right <= width, f"{a['label']!r} runs past the {width} px screen: {a}"
        assert a["tapped"], f"a tap on {a['label']!r} does not reach it: {a}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def check_last_train(page: Any, shot: Path) -> None:
    last = page.locator(".mtl-board .mtl-train").last
    # brought into view by the browser, from the top of the page
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)
    assert page.evaluate(DOCK + " !== null"), "no hand is docked at this width"
    last.evaluate("t => t.scrollIntoView({block: 'nearest'})")
    settle(page)
    seen = last.evaluate(SEEN)
    assert not seen["under"] and seen["tapped"], f"the last train under the docked hand: {seen}"
    assert seen["box"][1] <= seen["height"]
    # reached with the keyboard: a tile picked, then the trains' last "Play here"
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)
    page.locator(".mtl-board [data-roving='hand'] [tabindex='0']").focus()
    page.keyboard.press("Enter")
    # the trains' one tab stop (keys.js), as Tab reaches it
    page.locator(".mtl-board [data-roving='trains'] [tabindex='0']").focus()
    page.keyboard.press("End")
    settle(page)
    target = last.locator(".mtl-target")
    assert target.evaluate("b => b === document.activeElement")
    seen = target.evaluate(SEEN)
    assert not seen["under"] and seen["tapped"], f"the focused Play here under the dock: {seen}"
    seen = last.evaluate(SEEN)
    assert not seen["under"], f"the train of the focused Play here under the dock: {seen}"
    page.screenshot(path=str(shot))
    page.keyboard.press("Escape")


#: Each tile of the hand to play that can be played: its data-key and where it may go.
PLAYABLE = ("() => [...document.querySelectorAll(\".mtl-board [data-roving='hand'] [data-playable]\")]"
            ".map(b => [b.getAttribute('data-key'), (b.getAttribute('data-targets') || '').split(' ')])")
#: The trains' "Play here" buttons, in the order drawn (each train, then its branches).
TRAIN_KEYS = ("() => [...document.querySelectorAll(\".mtl-board [data-roving='trains'] [data-rove]\")]"
              ".map(b => b.getAttribute('data-key'))")
#: The data-key of the focused control (its tag when it has none).
FOCUSED = ("() => { const a = document.activeElement;"
           " return a ? a.getAttribute('data-key') || a.tagName : null; }")


def check_tab_after_pick(page: Any) -> None:
    """As on a desktop: a tile picked with Enter puts the focus on a train it can be played
    on (keys.js trainStop: the train the focus was on last if the tile may go there, else
    the first), the trains' one tab stop; Shift+Tab goes back to the tile and Tab comes to
    that train again, not past the trains to the position in words; the next Tab leaves
    the trains."""
    page.evaluate("window.scrollTo(0, 0)")
    trains = page.evaluate(TRAIN_KEYS)
    playable = page.evaluate(PLAYABLE)
    assert playable, "no tile to play"
    for tile, places in playable:
        page.locator(f".mtl-board [data-key='{tile}']").focus()
        page.keyboard.press("Enter")
        landed = page.evaluate(FOCUSED)
        assert landed in trains and landed.removeprefix("train:") in places, (tile, landed)
        assert page.locator(".mtl-board [data-roving='trains'] [tabindex='0']").count() == 1
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUSED) == tile
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED) == landed, (tile, "Tab from the picked tile")
        page.keyboard.press("Tab")
        assert not page.evaluate(FOCUSED).startswith(("train:", "tile:"))
        page.keyboard.press("Escape")  # the selection cleared
        assert page.locator('.mtl-board .mtl-tilebtn[aria-pressed="true"]').count() == 0


def check_bottom(page: Any) -> None:
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    settle(page)
    assert page.evaluate(UNDER_DOCK) == []


def check_phone(page: Any, size: dict[str, int], shots: Path, name: str, *,
                tab: bool = True) -> None:
    """The dock at ``size``; with ``tab``, Tab after a tile picked (the player to play's
    board: a class phone's seat need not be first to play in its deal)."""
    page.set_viewport_size(size)
    settle(page)
    check_actions(page)
    page.screenshot(path=str(shots / f"phone-dock-{name}-{size['width']}-top.png"))
    check_last_train(page, shots / f"phone-dock-{name}-{size['width']}-last-train.png")
    if tab:
        check_tab_after_pick(page)
    check_bottom(page)
    page.screenshot(path=str(shots / f"phone-dock-{name}-{size['width']}-bottom.png"))


def test_a_standalone_board_on_a_phone(chromium: Any, tmp_path: Path, artifacts_dir: Path) -> None:
    ctx = chromium.new_context(viewport=PHONES[0], has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        open_html(page, tmp_path, page_with(four_player_board().to_html()))
        for size in PHONES:
            check_phone(page, size, artifacts_dir, "board")
        page.set_viewport_size({"width": 1280, "height": 900})  # the desktop: the same keys
        check_tab_after_pick(page)
    finally:
        ctx.close()


@pytest.fixture
def classroom(tmp_path: Path) -> Any:
    cp: ClassProcess = start_class(tmp_path / "cls", "--port", str(free_port()))
    try:
        yield cp
    finally:
        cp.stop(kill=True)


def test_a_class_phone(chromium: Any, classroom: ClassProcess, artifacts_dir: Path) -> None:
    run_async(open_tables(classroom, 1, 0))
    page = sit_phone(chromium, classroom, "Gus", "t1")
    try:
        page.set_default_timeout(15_000)
        for size in PHONES:
            # the keys are board.js's, checked on the standalone board above: whether Gus
            # plays first depends on the class's deal
            check_phone(page, size, artifacts_dir, "class", tab=False)
    finally:
        page.context.close()

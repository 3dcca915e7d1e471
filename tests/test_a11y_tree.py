"""What a screen reader gets from a board (issue 19, item 7), read from Chromium's
accessibility tree (Playwright's aria snapshot) and the board's live region.

* the live region announces the status line: the tile the learner drew (and no tile of a
  hidden hand), "plays again" after a double, an open double at the start of the
  learner's turn, the round's scores at its end;
* reading order: one's own hand before the trains; in a train, its name, badges, tiles
  and open end before its Play button; each train a group named by its heading;
* every train tile is named as its visible label (inward number first).

The boards are static pages (``Board.to_html``: the answers one move deep are stored).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from test_frontend import page_html

from mtlearn import Game
from mtlearn.jupyter.widgets import Board

BASE = {"set": 12, "players": ["Ana", "Ben"], "to_play": 1,
        "trains": {"1": ["12-5"], "2": ["12-6"], "M": ["12-9", "9-2"]}}


def open_board(page: Any, tmp_path: Path, position: dict[str, Any], **kw: Any) -> Any:
    board = Board(Game.from_position(position), **kw)
    html = tmp_path / "board.html"
    html.write_text(page_html(board.to_html()), encoding="utf-8")
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(html.as_uri())
    root = page.locator(".mtl-root.mtl-board")
    root.wait_for()
    return root


def play(page: Any, root: Any, tile: str, train: str) -> str:
    a, b = tile.split("-")
    root.locator(f'.mtl-tilebtn[aria-label="{a}-{b}"], .mtl-tilebtn[aria-label="{b}-{a}"]').first.focus()
    page.keyboard.press("Enter")
    root.locator(f'[data-key="train:{train}"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(200)
    return root.locator(".mtl-announce").inner_text()


def test_the_live_region_tells_the_draw_the_double_and_the_round_end(page, page_guard, tmp_path):
    # a draw: the tile drawn is named to its owner, and no tile of Ben's hidden hand is
    ben = ["6-3", "3-4", "10-10"]
    root = open_board(page, tmp_path, dict(BASE, hands=[["1-3", "1-4"], ben],
                                           boneyard={"top": ["8-7", "0-0"], "rest": "sorted"}), perspective=0)
    live = root.locator(".mtl-announce")
    assert live.get_attribute("aria-live") == "polite"
    root.locator('[data-key="draw"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(200)
    said = live.inner_text()
    drawn = re.search(r"Ana drew (\d+-\d+)", said)
    assert drawn, said
    assert root.locator(f'.mtl-tilebtn[aria-label="{drawn.group(1)}"]').count() == 1
    assert not any(t in said for t in ben), said

    # a double: Ana plays again
    root = open_board(page, tmp_path, dict(BASE, hands=[["5-5", "1-2"], ben]), perspective=0)
    assert "plays again" in play(page, root, "5-5", "1")

    # the round's end: the scores
    root = open_board(page, tmp_path, dict(BASE, hands=[["5-9"], ben]), perspective=0)
    said = play(page, root, "5-9", "1")
    assert "Round scores: Ana 0, Ben 36." in said, said
    page_guard.assert_clean()


def test_an_open_double_is_told_at_the_start_of_the_turn(page, page_guard, tmp_path):
    # Ben (the computer) lays 6-6 and cannot cover it: Ana's turn starts with it open.
    pos = dict(BASE, hands=[["5-9", "1-2"], ["6-6", "3-4"]], boneyard={"top": ["0-1"], "rest": "sorted"})
    root = open_board(page, tmp_path, pos, perspective=0, bots={1: "greedy"})
    said = play(page, root, "5-9", "1")
    assert re.search(r"Ana to play\. The double 6-6 on Ben's train is open and must be covered",
                     said), said
    page_guard.assert_clean()


def test_reading_order_groups_and_tile_names(page, page_guard, tmp_path):
    pos = dict(BASE, hands=[["5-9", "1-2"], ["6-3", "3-4"]],
               trains={"1": ["12-5", "5-9", "9-2"], "2": ["12-6"], "M": ["12-9"]},
               open_doubles=[], markers=[2])
    root = open_board(page, tmp_path, dict(pos, hands=[["2-7", "1-2"], ["6-3", "3-4"]]))
    tree = root.aria_snapshot()
    # one's own hand before the trains
    assert tree.index("Ana's hand") < tree.index('heading "Trains"'), tree
    # each train a group named by its heading; name, badges, tiles, open end, then Play
    for train, name in (("1", "Ana's train"), ("2", "Ben's train"), ("M", "Mexican train")):
        group = root.locator(f'.mtl-train[data-train="{train}"]')
        assert group.get_attribute("role") == "group"
        label = root.locator(f'#{group.get_attribute("aria-labelledby")}')
        assert label.inner_text().strip().endswith(name) and label.get_attribute("role") == "heading"
        part = group.aria_snapshot()
        assert part.index("open end:") < part.index("button"), part
    ben = root.locator('.mtl-train[data-train="2"]').aria_snapshot()
    assert ben.index("marker") < ben.index("button"), ben
    # train tiles: the accessible name is the visible label, inward number first
    names = root.locator(".mtl-train .mtl-tile").evaluate_all(
        "ns => ns.map(n => [n.getAttribute('aria-label'), n.querySelector('.mtl-num').textContent])")
    assert names and all(a == b for a, b in names), names
    chain = [a for a, _ in root.locator('.mtl-train[data-train="1"] .mtl-tile').evaluate_all(
        "ns => ns.map(n => [n.getAttribute('aria-label'), 0])")]
    assert chain == ["12-5", "5-9", "9-2"], chain
    page_guard.assert_clean()

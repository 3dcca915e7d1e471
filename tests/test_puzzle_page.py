"""The standalone puzzle page (``mtlearn html PUZZLE.yaml``), as a learner sees it.

A right move is played on the board (from the engine's stored positions, in the page and
in a session); the title and the question are each shown once; the plan picker's tiles
carry their numbers; a planned train is drawn as tiles that wrap between tiles, never
inside one. Browser checks run at desktop (1366x768) and phone (390x844) sizes and leave
screenshots in test-artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtlearn.content import puzzles
from mtlearn.content.puzzles import PuzzleSession
from mtlearn.hosts.pages import puzzle_page

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}


def _train_tiles(view: dict, train: str) -> list[str]:
    for t in view["trains"]:
        if str(t["id"]) == train:
            return [f"{x['inward']}-{x['outward']}" for x in t["tiles"]]
    raise AssertionError(f"no train {train}")


def _open_double_trains(view: dict) -> list[str]:
    return [str(t["id"]) for t in view["trains"] if t.get("open_double")]


# ----------------------------------------------------------------------------- the engine
@pytest.mark.parametrize("puzzle", [p for p in puzzles.bundled() if p.kind == "move"],
                         ids=lambda p: p.id)
def test_a_right_move_is_stored_with_the_board_after_it(puzzle):
    """Every right move of every bundled move puzzle carries the position after it (what
    the page shows once solved); wrong and refused moves leave the board alone."""
    table = puzzle.precomputed()["moves"]
    for move, entry in table.items():
        if entry["fb"]["status"] == "right":
            g = puzzle.start()
            g.push(move)
            assert entry["view"] == puzzle.view(g, highlights=entry["view"]["highlights"])
            assert entry["view"] == puzzle.after_view([move])
        else:
            assert "view" not in entry, move


def test_a_session_plays_a_right_move_on_the_board():
    s = PuzzleSession(puzzles.get("cover-the-double"))
    assert _open_double_trains(s.state()["view"]) == ["1"]
    out = s.handle({"action": "answer", "answer": "9-4@M"})
    assert out["feedback"]["status"] == "illegal" and "view" not in out
    out = s.handle({"action": "answer", "answer": "2-6@1"})   # either order of the tile
    assert out["feedback"]["status"] == "right"
    view = out["view"]
    assert _train_tiles(view, "1") == ["12-6", "6-6", "6-2"]
    assert _open_double_trains(view) == []
    assert "cover" not in view["description"]
    assert s.handle({"action": "restart"})["view"] == s.state()["view"]


def test_the_page_writes_the_title_and_the_question_once():
    """The page's heading is the title; the question is the puzzle's own (no summary
    paragraph repeating it), and the widget is told not to write the title again."""
    p = puzzles.get("cover-the-double")
    html = puzzle_page(p)
    assert html.count(f"<h1>{p.title}</h1>") == 1
    assert "<p class=\"mtl-page-summary\">" not in html
    assert re.search(r'"page_title":\s*true', html)
    # a puzzle has no presenter mode: the page does not promise one
    assert "P switches presenter mode" not in html


# ----------------------------------------------------------------------------- the browser
def _axe(page) -> list:
    """axe-core's violations on the page (label-in-name included)."""
    from npm_vendor import AXE_RUN, axe_source

    page.add_script_tag(content=axe_source())
    return page.evaluate(AXE_RUN, None)


def _open(page, tmp_path: Path, pid: str, size: str):
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    out = tmp_path / f"{pid}.html"
    out.write_text(puzzle_page(puzzles.get(pid)), encoding="utf-8")
    page.goto(out.as_uri())
    root = page.locator(".mtl-puzzle").first
    root.wait_for()
    return root


@pytest.mark.parametrize("size", SIZES)
def test_page_plays_the_right_move_and_shows_title_and_question_once(
        page, page_guard, tmp_path, artifacts_dir: Path, size):
    from playwright.sync_api import expect

    p = puzzles.get("cover-the-double")
    root = _open(page, tmp_path, p.id, size)
    body = page.locator("body")
    assert body.inner_text().count(p.title) == 1
    assert body.inner_text().count(p.question) == 1
    ana = root.locator(".mtl-train[data-train='1']")
    expect(ana.locator(".mtl-badge-double")).to_have_count(1)
    root.locator("[data-key='tile:9-4']").click()
    root.locator("[data-key='train:M']").click()
    expect(root.locator(".mtl-pz-feedback")).to_have_attribute("data-status", "illegal")
    expect(ana.locator(".mtl-tile")).to_have_count(2)   # a refused move changes nothing
    root.locator("[data-key='tile:6-2']").click()
    root.locator("[data-key='train:1']").click()
    expect(root.locator(".mtl-pz-feedback")).to_have_attribute("data-status", "right")
    # the right answer is on the board, the double covered, the turn passed on
    expect(ana.locator(".mtl-tile")).to_have_count(3)
    expect(ana.locator(".mtl-tile").last.locator(".mtl-num")).to_have_text("6-2")
    expect(root.locator(".mtl-badge-double")).to_have_count(0)
    expect(root.locator(".mtl-hand-tiles [aria-label='6-2']")).to_have_count(0)
    assert "cover it first" not in root.inner_text()
    page.screenshot(path=str(artifacts_dir / f"puzzle-page-right-move-{size}.png"),
                    full_page=True)
    assert _axe(page) == []
    # Start again puts the puzzle's own position back
    root.locator("[data-key='again']").click()
    expect(ana.locator(".mtl-tile")).to_have_count(2)
    expect(ana.locator(".mtl-badge-double")).to_have_count(1)
    page_guard.assert_clean()


@pytest.mark.parametrize("size", SIZES)
def test_plan_tiles_are_labelled_and_a_chosen_train_is_drawn_as_tiles(
        page, page_guard, tmp_path, artifacts_dir: Path, size):
    from playwright.sync_api import expect

    root = _open(page, tmp_path, "plan-your-hand", size)
    buttons = root.locator(".mtl-pz-plan-hand button")
    hand = [str(t) for t in puzzles.get("plan-your-hand").game.hand(0)]
    expect(buttons).to_have_count(len(hand))
    for i, t in enumerate(hand):
        b = buttons.nth(i)
        expect(b.locator(".mtl-num")).to_have_text(t)   # visible numbers
        expect(b).to_have_accessible_name(re.compile("^" + re.escape(t)))
    for t in ("12-5", "9-5", "9-3", "3-3", "8-1"):
        root.locator(f"[data-key='plan:{t}']").click()
    expect(root.locator("[data-key='plan:9-5']")).to_have_accessible_name("9-5, in your train")
    chain = root.locator(".mtl-pz-chain")
    tiles = chain.locator(".mtl-tile")
    # drawn as the board draws a train: inward number first; the misfit named and marked
    expect(tiles).to_have_count(5)
    names = [tiles.nth(i).get_attribute("aria-label") for i in range(5)]
    assert names == ["12-5", "5-9", "9-3", "3-3", "8-1, does not fit 3"]
    nums = [tiles.nth(i).locator(".mtl-num").inner_text() for i in range(5)]
    assert nums == ["12-5", "5-9", "9-3", "3-3", "8-1"]
    expect(chain.locator(".mtl-pz-misfit")).to_have_count(1)
    # no line break inside a tile: each tile's numbers sit on one line, under its pips
    for i in range(5):
        num = tiles.nth(i).locator(".mtl-num")
        rects = num.evaluate("n => n.getClientRects().length")
        box, tile_box = num.bounding_box(), tiles.nth(i).bounding_box()
        assert rects == 1 and box["height"] < 24, (i, rects, box)
        assert tile_box["x"] <= box["x"] + 1 and box["x"] + box["width"] <= (
            tile_box["x"] + tile_box["width"] + 1)
    root.screenshot(path=str(artifacts_dir / f"puzzle-page-plan-{size}.png"))
    assert _axe(page) == []
    root.locator("[data-key='undo']").click()
    root.locator("[data-key='check']").click()
    expect(root.locator(".mtl-pz-feedback")).to_have_attribute("data-status", "right")
    page_guard.assert_clean()

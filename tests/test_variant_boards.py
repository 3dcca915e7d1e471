"""Boards for the variants that reshape the table (headless Chromium, static HTML):
branches of a double drawn as lines of their own, each labelled and playable by click
(R-VAR-BRANCH), and partnerships visible on the board (R-VAR-TEAMS)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mtlearn import Game
from mtlearn.core.rule_words import rule_words
from mtlearn.jupyter.widgets import Board
from mtlearn.present.htmlout import standalone_html
from mtlearn.present.view import view

NOTEBOOK_WIDTH = 800
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def open_html(page: Any, tmp_path: Path, fragment: str) -> None:
    html = tmp_path / "board.html"
    html.write_text('<!doctype html><html lang="en"><head><meta charset="utf-8">'
                    '<title>variant board</title></head><body style="margin: 8px">'
                    f"<section>{fragment}</section></body></html>", encoding="utf-8")
    page.set_viewport_size({"width": NOTEBOOK_WIDTH, "height": 900})
    page.goto(html.as_uri())
    page.locator(".mtl-root").first.wait_for()


def eight_players_two_branched_doubles() -> Game:
    """Ana's train has two covered doubles (7-7 and 2-2), so four branches."""
    return Game.from_position({
        "set": 12, "players": PLAYERS,
        "rules": {"preset": "standard", "branching": True, "teams": True},
        "trains": {"1": ["12-7", "7-7", "7-2", "2-2", "2-9", "9-4"],
                   "1.2a": ["7-10", "10-3"], "1.4b": ["2-5"],
                   "2": ["12-11", "11-1"], "5": ["12-6"], "M": ["12-0", "0-0", "0-8"]},
        "markers": [2],
        "hands": [["7-11", "2-6", "3-8", "5-5", "9-9"], ["1-4", "8-8"], ["6-3", "0-4"],
                  ["10-10", "4-4"], ["6-6", "3-3"], ["1-1", "5-6"], ["3-4", "8-9"],
                  ["6-9", "11-11"]],
    })


def test_board_draws_two_branched_doubles_with_8_players(page, page_guard, tmp_path,
                                                          artifacts_dir):
    game = eight_players_two_branched_doubles()
    assert [b.code for b in game.branches(0)] == ["1.2a", "1.2b", "1.4a", "1.4b"]
    assert [b.code for b in game.branches("M")] == ["M.2a", "M.2b"]
    board = Board(game)
    open_html(page, tmp_path, board.to_html())
    sizes = page.evaluate(
        """() => {
            const r = document.querySelector('.mtl-root');
            const box = r.getBoundingClientRect();
            const outside = [...r.querySelectorAll('svg, button, .mtl-badge, .mtl-open-end')]
                .filter(n => {
                    const b = n.getBoundingClientRect();
                    return b.right > box.right + 0.5 || b.left < box.left - 0.5;
                }).length;
            return {scroll: r.scrollWidth, client: r.clientWidth, outside,
                    doc: document.documentElement.scrollWidth,
                    view: document.documentElement.clientWidth};
        }""")
    assert sizes["scroll"] <= sizes["client"] and sizes["doc"] <= sizes["view"], sizes
    assert sizes["outside"] == 0, sizes
    assert page.locator(".mtl-root > * .mtl-trains > .mtl-train").count() == 9
    ana = page.locator('.mtl-train[data-train="1"]')
    branches = ana.locator(".mtl-branch")
    assert branches.count() == 4
    ends = {"1.2a": 3, "1.2b": 7, "1.4a": 2, "1.4b": 5}
    for code, end in ends.items():
        row = page.locator(f'.mtl-branch[data-train="{code}"]')
        text = row.inner_text()
        assert f"Branch {code[2:]}" in text and f"open end: {end}" in text, text
        assert row.locator(".mtl-target").count() == 1
        # each branch starts with its double drawn crosswise
        knot = row.locator(".mtl-branch-root svg").bounding_box()
        assert knot["height"] > 1.5 * knot["width"]
    assert "from 7-7 (tile 2" in page.locator('.mtl-branch[data-train="1.2b"]').inner_text()
    assert "from 2-2 (tile 4" in page.locator('.mtl-branch[data-train="1.4a"]').inner_text()
    # the two branched doubles are tagged in the main line; the branches sit below it
    tags = ana.locator(":scope > .mtl-train-tiles .mtl-branch-tag")
    assert tags.all_inner_texts() == ["branches 2a, 2b", "branches 4a, 4b"]
    line = ana.locator(":scope > .mtl-train-tiles").bounding_box()
    first = page.locator('.mtl-branch[data-train="1.2a"]').bounding_box()
    assert first["y"] >= line["y"] + line["height"] - 1
    assert page.locator('.mtl-branch[data-train="M.2a"]').count() == 1
    page.screenshot(path=str(artifacts_dir / "variant-board-branches-8p.png"), full_page=True)
    ana.screenshot(path=str(artifacts_dir / "variant-board-branches-train.png"))
    # play by click on a branch: 11-7 (7 inward) on branch 2b
    before = page.locator('.mtl-branch[data-train="1.2b"] .mtl-tile[role="img"]').count()
    page.locator('.mtl-tilebtn[aria-label="11-7"]').click()
    page.locator('.mtl-branch[data-train="1.2b"] .mtl-target').click()
    msg = page.locator(".mtl-message").first.inner_text()
    assert "branch 2b of Ana's train" in msg, msg
    after = page.locator('.mtl-branch[data-train="1.2b"] .mtl-tile[role="img"]').count()
    assert after == before + 1
    assert "open end: 11" in page.locator('.mtl-branch[data-train="1.2b"]').inner_text()
    # a refused click on a branch names the rule
    page.locator(".mtl-btn[data-key='undo']").click()
    page.locator('.mtl-tilebtn[aria-label="8-3"]').click()
    page.locator('.mtl-branch[data-train="1.4a"] .mtl-target').click()
    msg = page.locator(".mtl-message").first.inner_text()
    assert "Not allowed" in msg and rule_words("R-VAR-BRANCH") in msg and "2-2" in msg, msg
    page_guard.assert_clean()


def test_board_shows_partners_and_team_scores(page, page_guard, tmp_path, artifacts_dir):
    game = Game.from_position({
        "set": 12, "players": PLAYERS[:4], "rules": {"preset": "standard", "teams": True},
        "trains": {"1": ["12-5"], "2": ["12-3"], "3": ["12-4"], "4": ["12-2"]},
        "markers": [4],
        "hands": [["5-9", "4-1"], ["3-10", "11-11"], ["1-6", "9-8"], ["2-0", "7-7"]]})
    open_html(page, tmp_path, standalone_html("board", {"view": view(game, verdicts=True)}))
    cy = page.locator('.mtl-train[data-train="3"]')
    assert "open to partner Ana" in cy.inner_text()
    assert "Team 1: Ana and Cy" in cy.inner_text()
    dee = page.locator('.mtl-train[data-train="4"]')
    assert "Team 2: Ben and Dee" in dee.inner_text()
    assert "open to partner" not in dee.inner_text()      # public anyway: marker
    hands = page.locator(".mtl-hand")
    assert "team 1, partner of Cy" in hands.nth(0).inner_text()
    assert "team 2, partner of Dee" in hands.nth(1).inner_text()
    # Ana may play on Cy's train: the static verdict says why
    page.locator('.mtl-tilebtn[aria-label="4-1"]').click()
    page.locator('.mtl-train[data-train="3"] > .mtl-target').click()  # the row's own, not a branch's
    msg = page.locator(".mtl-message").first.inner_text()
    assert "Legal" in msg and "Cy's train" in msg and rule_words("R-VAR-TEAMS") in msg, msg
    page.screenshot(path=str(artifacts_dir / "variant-board-teams.png"), full_page=True)
    # at the end of the round: team scores
    for move in ("4-1@3", "3-10@2", "1-6@3", "2-0@4", "5-9@1"):
        game.push(move)
    open_html(page, tmp_path, standalone_html("board", {"view": view(game)}))
    table = page.locator(".mtl-team-scores")
    assert table.count() == 1
    text = table.inner_text()
    assert "Ana and Cy" in text and "Ben and Dee" in text, text
    assert game.round_scores == [[0, 22, 0, 14]] and game.team_totals == [0, 36]
    assert "36" in text
    page_guard.assert_clean()

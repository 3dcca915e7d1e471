"""Drive puzzles in a browser page the way a learner does (used for the book and JupyterLab).

``solve_one_of_each_kind(page)`` answers one puzzle of every kind wrong, then right, on a
page that shows them (the book's puzzles page, or a notebook in JupyterLab), and checks
the feedback text, both hint levels, the answer shown on the board and the stars.
``check_progress_kept(page)`` checks, after a reload, that the results were kept.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

#: One puzzle of each kind, as used below.
KIND_PUZZLES = {
    "move": "heaviest-tile-first",
    "sequence": "double-then-cover",
    "all-moves": "where-can-you-start",
    "choose": "open-to-cy",
    "number": "count-the-hand",
    "plan": "plan-your-hand",
    "shown": "who-plays-next",
}

TIMEOUT = 20_000


def puzzle(page: Any, pid: str) -> Any:
    """The root element of puzzle ``pid`` on the page (chosen from its set if need be)."""
    loc = page.locator(f".mtl-puzzle[data-puzzle='{pid}']").first
    if page.locator(f".mtl-puzzle[data-puzzle='{pid}']").count() == 0:
        select = page.locator(f"select.mtl-pz-select:has(option[data-puzzle='{pid}'])").first
        value = select.locator(f"option[data-puzzle='{pid}']").get_attribute("value")
        select.select_option(value)
    loc.scroll_into_view_if_needed(timeout=TIMEOUT)
    return loc


def feedback(root: Any) -> Any:
    return root.locator(".mtl-pz-feedback")


def click(root: Any, key: str) -> None:
    root.locator(f"[data-key='{key}']").first.click(timeout=TIMEOUT)


def play(root: Any, tile: str, train: str) -> None:
    click(root, f"tile:{tile}")
    click(root, f"train:{train}")


def expect_feedback(root: Any, status: str, *words: str) -> None:
    fb = feedback(root)
    expect(fb).to_have_attribute("data-status", status, timeout=TIMEOUT)
    for w in words:  # a rule's words start a sentence capitalised
        expect(fb).to_contain_text(w, timeout=TIMEOUT, ignore_case=True)


def expect_stars(root: Any, n: int) -> None:
    expect(root.locator(".mtl-pz-feedback .mtl-stars")).to_have_attribute(
        "aria-label", f"{n} of 3 stars", timeout=TIMEOUT)
    expect(root.locator(".mtl-pz-best")).to_contain_text(f"{n} of 3 stars", timeout=TIMEOUT)


def solve_one_of_each_kind(page: Any) -> None:
    # move: refused (engine's rule), legal but wrong (words from the goal), then right
    r = puzzle(page, KIND_PUZZLES["move"])
    play(r, "6-6", "1")
    expect_feedback(r, "illegal", "Not allowed", "a tile must match the open end")
    # a link where there is a rules page to open (the book), the id as text where there is
    # none (a notebook outside a checkout, with no published book): never a dead link
    expect(feedback(r).locator(".mtl-rule")).to_have_text("a tile must match the open end")
    play(r, "9-1", "1")
    expect_feedback(r, "wrong", "legal, but 11-4 sheds 15 points")
    play(r, "11-4", "M")
    expect_feedback(r, "right", "Right!")
    expect_stars(r, 1)  # two slips, par 0

    # sequence: a whole turn, wrong then right
    r = puzzle(page, KIND_PUZZLES["sequence"])
    play(r, "5-5", "1")
    expect_feedback(r, "continue", "Ana plays again")
    play(r, "9-1", "M")
    expect_feedback(r, "wrong", "leaves the 5-5 on Ana's train uncovered")
    click(r, "retry")
    play(r, "5-5", "1")
    expect_feedback(r, "continue")
    play(r, "8-5", "1")
    expect_feedback(r, "right", "Right!")
    expect_stars(r, 2)

    # all-moves: a list, one short, then complete
    r = puzzle(page, KIND_PUZZLES["all-moves"])
    play(r, "12-5", "1")
    click(r, "check")
    expect_feedback(r, "wrong", "3 more legal moves are missing")
    play(r, "12-9", "1")
    play(r, "12-5", "M")
    play(r, "12-9", "M")
    click(r, "check")
    expect_feedback(r, "right", "all 4 legal moves")
    expect_stars(r, 2)

    # choose (several trains): one left out, then right
    r = puzzle(page, KIND_PUZZLES["choose"])
    click(r, "opt:3")
    click(r, "opt:M")
    click(r, "check")
    expect_feedback(r, "wrong", "carries a marker", "only you play on your train until your marker is on it")
    click(r, "opt:1")
    click(r, "check")
    expect_feedback(r, "right")
    expect_stars(r, 2)

    # number, with both hint levels first
    r = puzzle(page, KIND_PUZZLES["number"])
    expect(r.locator("[data-key='hint2']")).to_be_disabled()
    expect(r.locator("[data-key='show']")).to_be_disabled()
    click(r, "hint1")
    expect(r.locator("[data-hint='1']")).to_contain_text("The rule: The pips left in your hand count against you")
    expect(r.locator("[data-hint='2']")).to_have_count(0)
    click(r, "hint2")
    expect(r.locator("[data-hint='2']")).to_contain_text("Where to look: Add both halves")
    r.locator("[data-key='number']").fill("30")
    click(r, "check")
    expect_feedback(r, "wrong", "Not 30", "add up the pips of every tile left in Ana's hand")
    r.locator("[data-key='number']").fill("36")
    r.locator("[data-key='number']").press("Enter")
    expect_feedback(r, "right", "36")
    expect_stars(r, 1)  # one slip and two hints

    # plan: a misfit (refused), a short train (wrong), then the longest
    r = puzzle(page, KIND_PUZZLES["plan"])
    click(r, "plan:12-5")
    click(r, "plan:9-3")
    click(r, "check")
    # the engine's sentence says the rule already: its citation is not read twice
    expect_feedback(r, "illegal", "does not match the open end 5",
                    "each tile must match the one before it.")
    expect(feedback(r)).not_to_contain_text("a tile must match the open end")
    click(r, "undo")
    click(r, "plan:5-2")
    click(r, "check")
    expect_feedback(r, "wrong", "can make a train of 4")
    click(r, "clear")
    for t in ("12-5", "9-5", "9-3", "3-3"):
        click(r, f"plan:{t}")
    click(r, "check")
    expect_feedback(r, "right", "4 tiles")
    expect_stars(r, 1)

    # the answer shown, after both hints: no stars
    r = puzzle(page, KIND_PUZZLES["shown"])
    click(r, "hint1")
    click(r, "hint2")
    click(r, "show")
    expect(feedback(r)).to_contain_text("The answer: Ben.", timeout=TIMEOUT)
    expect(r.locator(".mtl-pz-best")).to_contain_text("Answer seen", timeout=TIMEOUT)


def check_progress_kept(page: Any) -> None:
    """After a reload: the best results of solve_one_of_each_kind are still there."""
    want = {"move": 1, "sequence": 2, "all-moves": 2, "choose": 2, "number": 1, "plan": 1}
    for kind, stars in want.items():
        r = puzzle(page, KIND_PUZZLES[kind])
        expect(r.locator(".mtl-pz-best")).to_contain_text(f"Best: {'★' * stars}",
                                                          timeout=TIMEOUT)
    r = puzzle(page, KIND_PUZZLES["shown"])
    expect(r.locator(".mtl-pz-best")).to_contain_text("Answer seen", timeout=TIMEOUT)
    # reset forgets one puzzle, and only that one
    r = puzzle(page, KIND_PUZZLES["number"])
    click(r, "reset")
    expect(r.locator(".mtl-pz-best")).to_have_text("Not solved yet", timeout=TIMEOUT)

"""A newcomer's first whole round, in the built book, with no kernel (the in-page engine).

The script reads the book as a newcomer would: the index, then "How to play in five
minutes" (page 1), then the next page, "Your first round" (page 2), where it plays the
guided round against one computer player to its end with clicks, following the checked
steps: every step is ticked, the stars are given, the round's scores are shown. It counts
the words read before that board and saves screenshots at desktop (1366x768) and phone
(390x844) sizes to test-artifacts/first-round-*.png.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_book_play import Learner

from mtlearn.content.steps import STEPS_DIR

SIZES = {"desktop": ((1366, 768), 1), "phone": ((390, 844), 2)}
# Words of a page's text, leaving out the boards (their own words are not prose), the
# index's lists of pages (a table of contents, looked at rather than read) and, on the page
# with the round, everything from its board on.
WORDS = """(stopAt) => {
  const main = document.querySelector('article') || document.querySelector('main');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const board = stopAt ? main.querySelector(stopAt) : null;
  let words = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('.mtl-standalone, script, style, .headerlink, .cell_input, details, .toctree-wrapper')) continue;
    if (el.offsetParent === null) continue;  // hidden (folded code and the like)
    if (board && (board.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    words += n.textContent.split(/\\s+/).filter((w) => /\\w/.test(w)).length;
  }
  return words;
}"""


def _solution() -> list[str]:
    doc = json.loads((STEPS_DIR / "first-round.json").read_text(encoding="utf-8"))
    return doc["solution"]


def _ticks(me: Learner) -> int:
    return me.box.locator(".mtl-steps-done").count()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_newcomer_plays_a_whole_round_by_page_two(size: str, chromium: Any, book_url: str,
                                                    artifacts_dir: Path) -> None:
    (w, h), scale = SIZES[size]
    ctx = chromium.new_context(viewport={"width": w, "height": h}, device_scale_factor=scale)
    page = ctx.new_page()
    try:
        page.goto(book_url + "index.html", wait_until="load")
        words = [page.evaluate(WORDS, None)]
        to_link = page.evaluate(WORDS, 'a[href$="tutorials/how-to-play.html"]')
        # Page 1: the index's "How to play in five minutes".
        page.get_by_role("link", name="How to play in five minutes").first.click()
        page.wait_for_url("**/tutorials/how-to-play.html")
        words.append(page.evaluate(WORDS, None))
        # Page 2: the book's next page.
        page.locator("a.right-next").first.click()
        page.wait_for_url("**/tutorials/first-round.html")
        page.locator(".mtl-standalone .mtl-root").first.wait_for(timeout=20_000)
        words.append(page.evaluate(WORDS, '.mtl-standalone[data-kind="board"]'))
        body = page.locator("article").inner_text()
        assert "plays the round to its end" in body and "shows the scores" in body
        print(f"\n[first-round] words read before the round's board: index {words[0]} "
              f"({to_link} of them before its first link to how-to-play), how-to-play "
              f"{words[1]}, first-round {words[2]}: {sum(words)} in all, "
              f"{to_link + words[1] + words[2]} reading straight to the link")
        assert words[2] < 300
        # The bar: a whole round within about a thousand words, even for a newcomer
        # who reads every word of the index and of how-to-play first.
        assert sum(words) <= 1000, words

        me = Learner(page, 0)
        me.wait_engine()
        steps = me.box.locator(".mtl-steps-item")
        assert steps.count() == 6 and _ticks(me) == 0
        assert me.box.locator(".mtl-steps-summary").inner_text() == "0 of 6 steps done."
        ticks = 0
        for k, action in enumerate(_solution()):
            if k == 2:  # mid-round: the checklist with two ticks
                me.box.locator(".mtl-steps").scroll_into_view_if_needed()
                page.screenshot(path=str(artifacts_dir / f"first-round-{size}-playing.png"))
            said = me.move(action)
            assert "Not allowed" not in said, (action, said)
            now = _ticks(me)
            assert now >= ticks, "a tick went away"
            if now > ticks:  # the live region says which step was done
                assert f"Step {now} of 6 done" in me.box.locator(".mtl-steps-news").inner_text()
            ticks = now
        assert ticks == 6
        summary = me.box.locator(".mtl-steps-summary").inner_text()
        assert "All 6 steps done: 3 stars." in summary
        panel = me.box.locator(".mtl-match")
        panel.locator("h4").wait_for()
        assert panel.locator("h4").text_content() == "Round 1 of 7 is over"
        assert me.box.locator(".mtl-scores caption", has_text="Round scores").count() == 1
        scores = me.box.locator(".mtl-scores").first.inner_text()
        assert "Ana" in scores and "Ben" in scores
        page.screenshot(path=str(artifacts_dir / f"first-round-{size}-end.png"))
        me.box.locator(".mtl-steps").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"first-round-{size}-steps.png"))
    finally:
        ctx.close()


def test_the_guided_round_starts_again(page: Any, page_guard: Any, book_url: str) -> None:
    """"Start the guided round again" (beside New match, and beside Next round at the
    round's end) deals the guided round's own deal again, with its steps to do again;
    "New match, same table" would deal a random one and leave the steps behind."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(book_url + "tutorials/first-round.html", wait_until="load")
    me = Learner(page, 0)
    me.wait_engine()
    hand = me.box.locator('[data-roving="hand"] .mtl-tilebtn')
    dealt = sorted(str(k) for k in hand.evaluate_all("ns => ns.map(n => n.getAttribute('data-key'))"))
    solution = _solution()
    for action in solution[:2]:
        me.move(action)
    assert _ticks(me) >= 1

    def again(where: Any) -> None:
        before = me.answers()
        where.get_by_role("button", name="Start the guided round again").click()
        me._answered(before)
        assert "starts again from the deal" in me.message()
        assert _ticks(me) == 0
        assert me.box.locator(".mtl-steps-summary").inner_text() == "0 of 6 steps done."
        now = sorted(str(k) for k in hand.evaluate_all(
            "ns => ns.map(n => n.getAttribute('data-key'))"))
        assert now == dealt

    me.box.locator('summary[data-key="newgame"]').click()
    form = me.box.locator(".mtl-newgame-form")
    assert form.get_by_role("button", name="New match, same table").is_visible()
    again(form)
    # the steps tick again as the round is played to its end
    for action in solution:
        assert "Not allowed" not in me.move(action), action
    assert _ticks(me) == 6
    panel = me.box.locator(".mtl-match")
    assert panel.get_by_role("button", name="Next round ▶").is_visible()
    again(panel)
    page_guard.assert_clean()

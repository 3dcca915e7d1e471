"""Your own puzzles in the built book (issue 41), in Chromium, offline, as a learner does it:
a round of "Play a game" played to its end (always the lightest tile: the deal is seeded, so
the review finds a mistake the trainer can check), Review my round, the better move found
with "Find a better move", Save as a puzzle; then the trainer's page, in the same browser
profile, serves that puzzle first (the position of the round, the question), judges the
better move right and schedules it on its spaced schedule: it is not served again at once.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from test_book_play import Learner, open_chapter
from test_trainer_page import ENGINE_TIMEOUT, TIMEOUT, click, current, trainer

#: where the play page keeps the saved puzzles for the trainer (own-puzzles.js OWN_STORE)
#: and where the trainer keeps the learner's state (trainer.js TRAINER_STORE)
OWN_STORE = "mtlearn.trainer.own"
TRAINER_STORE = "mtlearn.trainer"
REVIEW_TIMEOUT = 180_000


def pips(move: str) -> int:
    """The pips of a play's tile ("12-0@1": 12)."""
    return sum(int(x) for x in move.split("@")[0].split("-"))


def play_lightest_to_round_end(me: Learner, limit: int = 80) -> None:
    """Each turn the lightest tile the rules allow (the first of equals), else draw or pass:
    shedding light tiles first is the mistake the review then finds."""
    for _ in range(limit):
        if me.box.locator(".mtl-match").count():
            return
        legal = me.legal()
        plays = [m for m in legal if "@" in m]
        me.move(min(plays, key=pips) if plays else legal[0])
    raise AssertionError("the round did not end")


def stored(page: Any, key: str) -> Any:
    """A localStorage entry of the page's origin, read as JSON (None: none)."""
    return page.evaluate("k => JSON.parse(localStorage.getItem(k) || 'null')", key)


def better_move(me: Learner, review: Any) -> tuple[str, str]:
    """Find a better move: each legal move of the mistake's position tried until the engine
    judges one the best; that move and the move played (the one judged worse whose words
    are the mistake's)."""
    what = review.locator(".mtl-review-what").inner_text()
    buttons = review.locator(".mtl-review-retry button")
    keys = buttons.evaluate_all("els => els.map(el => el.getAttribute('data-key'))")
    best, played = "", ""
    for key in keys:
        label = review.locator(f'button[data-key="{key}"]').inner_text()
        before = me.answers()
        review.locator(f'button[data-key="{key}"]').click()
        me._answered(before)
        verdict = review.locator(".mtl-review-tried").get_attribute("data-verdict")
        if verdict == "best" and not best:
            best = key.removeprefix("review-try:")
        if verdict == "worse" and f"You chose to {label.lower()}." in what:
            played = key.removeprefix("review-try:")
    assert best and played, (keys, what)
    return best, played


def test_a_reviewed_mistake_saved_as_a_puzzle_is_served_first_by_the_trainer(
        page: Any, page_guard: Any, book_url: str, artifacts_dir: Path) -> None:
    """Play a game to Save as a puzzle, then the trainer's page: served first, its question
    and position shown, the better move judged right, then on its schedule (about 20 s)."""
    started = time.monotonic()
    open_chapter(page, book_url, "tutorials/play")
    me = Learner(page)
    me.wait_engine()
    play_lightest_to_round_end(me)

    review = me.box.locator(".mtl-review")
    before = me.answers()
    me.box.locator('button[data-key="review"]').click()
    page.wait_for_function("([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
                           arg=[me.box.element_handle(), before], timeout=REVIEW_TIMEOUT)
    expect(review.locator(".mtl-review-count")).to_contain_text("Mistake 1 of ")
    better, played = better_move(me, review)
    assert better != played

    before = me.answers()
    review.locator('button[data-key="review-save"]').click()
    me._answered(before)
    saved = review.locator(".mtl-review-saved")
    assert saved.get_attribute("data-saved") == "yes", saved.inner_text()
    assert saved.inner_text().startswith("Saved as a puzzle"), saved.inner_text()
    kept = stored(page, OWN_STORE)
    assert isinstance(kept, list) and len(kept) == 1, kept
    own = kept[0]
    assert own["id"].startswith("own-") and own["perspective"] == 1, own["id"]
    assert stored(page, TRAINER_STORE) is None, "the trainer's page was never opened"

    # the trainer's page, in the same browser profile: the own puzzle comes first
    page.goto(book_url + "tutorials/trainer.html", wait_until="load")
    box = trainer(page)
    expect(box).to_have_attribute("data-engine-state", "ready", timeout=ENGINE_TIMEOUT)
    expect(box.locator(".mtl-puzzle")).to_have_count(1, timeout=TIMEOUT)
    assert current(box) == (own["id"], "replay")
    puzzle = box.locator(".mtl-puzzle")
    expect(puzzle.locator(".mtl-pz-question")).to_have_text(own["question"])
    assert own["question"].startswith("A position from your own round, where you play Ana")
    assert "Your own mistake" in puzzle.inner_text()
    # called the learner's own, not a puzzle met before and missed
    expect(box.locator(".mtl-tr-why")).to_have_text("One of your own puzzles, on its schedule.")
    notice = box.locator(".mtl-tr-notice").inner_text()
    assert notice.startswith("Your own puzzle, saved from a mistake in a round you reviewed.")
    assert "missed" not in notice and "comes back tomorrow" in notice, notice
    # the round's position from the learner's seat: the hand held then, every train
    hand = own["position"]["hands"][0]
    for tile in hand:
        a, b = tile.split("-")
        assert box.locator(f"[data-key='tile:{a}-{b}'], [data-key='tile:{b}-{a}']").count(), tile
    assert box.locator(".mtl-view .mtl-train").count() >= 5
    # the trainer keeps its state in this browser, the own puzzle in it (scheduled at once)
    state = stored(page, TRAINER_STORE)
    assert own["id"] in state["own"] and state["replay"][own["id"]]["due_n"] == 0, state
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "trainer-own-puzzle.png"), full_page=False)

    # the better move found in the review, played as a learner does: a tile, then a train
    tile, train = better.split("@")
    a, b = tile.split("-")
    click(box, f"tile:{tile}" if box.locator(f"[data-key='tile:{tile}']").count()
          else f"tile:{b}-{a}")
    click(box, f"train:{train}")
    expect(box.locator(".mtl-pz-feedback")).to_have_attribute("data-status", "right",
                                                              timeout=TIMEOUT)
    expect(box.locator(".mtl-tr-result")).to_contain_text("Solved first try: a win",
                                                          timeout=TIMEOUT)
    expect(box.locator(".mtl-tr-result")).to_contain_text("again tomorrow")
    page.screenshot(path=str(artifacts_dir / "trainer-own-puzzle-solved.png"), full_page=False)
    state = stored(page, TRAINER_STORE)
    assert state["replay"][own["id"]]["due_day"] is not None, state["replay"]
    assert state["puzzles"][own["id"]]["solved"] == 1

    # on its schedule: back tomorrow, not the next time the page opens (the kept copy does
    # not schedule it again)
    page.reload(wait_until="load")
    box = trainer(page)
    expect(box).to_have_attribute("data-engine-state", "ready", timeout=ENGINE_TIMEOUT)
    expect(box.locator(".mtl-puzzle")).to_have_count(1, timeout=TIMEOUT)
    assert current(box)[0] != own["id"]
    assert json.dumps(stored(page, TRAINER_STORE)["own"][own["id"]], sort_keys=True) == \
        json.dumps(own, sort_keys=True)
    page_guard.assert_clean()
    print(f"\n[book] own puzzle, play to trainer: {time.monotonic() - started:.1f} s")

"""Rules in words (issue 40): no learner page of the built book shows a rule id
(``R-DBL-3``), move notation (``12-5@M``, ``6-4@2.3a``) or an API name (``Rules(…)``,
``mtlearn.usual_set``, ``NotSupportedError``, an option such as ``hand_size``), in its
visible text or in an accessible name (``aria-label``, ``title``), on a desktop or a phone
(390×844).

Every learner page is read in a load another test makes of it already, with its boards as
first drawn and every scenario player stepped to its last frame
(test_learner_pages.COLLECT): at the desktop size by test_book.py's load of each page
(``learner_scan``, beside axe), at the phone size by test_first_screen.py's. This file
checks the detectors, and the one thing those loads do not show: a board's message after a
refused move, on chapter 4, at both sizes. The learner pages are test_learner_pages's:
every page of the book but the teacher's and the Python pages, which keep the ids.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_book import FIND_REFUSAL, open_page
from test_first_screen import SIZES, words_checked
from test_learner_pages import LEARNER_PAGES, words_found

from mtlearn.core.rule_words import rule_words

#: chapter 4 plays one refused move (its board's message is read)
PLAYED = "tutorials/04-turns-drawing-markers"


def play_a_refused_move(page: Any) -> str:
    """On the page's first board with a stored refusal, play it; the message's text."""
    cases = page.evaluate(FIND_REFUSAL)
    assert cases, "a board with a refused move to try"
    case = cases[0]
    board = page.locator(".mtl-standalone[data-kind='board']").nth(case["index"])
    board.scroll_into_view_if_needed()
    board.locator(f'.mtl-tilebtn[aria-label="{case["tile"]}"]').first.click()
    board.locator(f'.mtl-target[data-key="train:{case["train"]}"]').first.click()
    message = board.locator(".mtl-message")
    message.locator(".mtl-rule").wait_for(timeout=180_000)
    text = message.inner_text()
    assert "Not allowed" in text and rule_words(case["rule"]) in text, text
    return text


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_refused_move_is_told_in_words(chromium, book_url: str, artifacts_dir: Path,
                                          size: str):
    (width, height), scale = SIZES[size]
    context = chromium.new_context(viewport={"width": width, "height": height},
                                   device_scale_factor=scale, is_mobile=size == "phone",
                                   has_touch=size == "phone")
    try:
        page = context.new_page()
        open_page(page, book_url + PLAYED + ".html")
        said = play_a_refused_move(page)
        page.screenshot(path=str(artifacts_dir / f"words-{PLAYED.split('/')[-1]}-{size}.png"))
        seen = words_found([said])
        assert not any(seen.values()), seen
    finally:
        context.close()


def test_every_learner_page_is_read_at_both_sizes():
    """The desktop read is test_book.py's (every learner page is one of its pages); the
    phone read is test_first_screen.py's, over every learner page."""
    from test_book import PAGES

    assert set(LEARNER_PAGES) <= set(PAGES)
    assert set(words_checked()) == set(LEARNER_PAGES)


def test_the_detectors() -> None:
    bad = ["Ben's train is private (R-MARK-1).", "Play 12-5@M now", "branch 6-4@2.3a",
           "call Rules(deal=\"standard\")", "mtlearn.usual_set(4)", "raises NotSupportedError",
           "the option hand_size"]
    hits = words_found(bad)
    assert [len(v) for v in hits.values()] == [1, 2, 4], hits
    assert words_found(["6-4@2.3a"])["move notation"]
    assert not words_found(["Branch 2a.2b"])["move notation"]
    good = ["Ben's train is private (rule: only you play on your train until your marker "
            "is on it).", "Play 12-5 on the Mexican train.", "A double-12 set has 91 tiles; "
            "R is a letter; 10-8 and 5-5."]
    assert not any(words_found(good).values()), words_found(good)

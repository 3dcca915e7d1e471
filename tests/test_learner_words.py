"""Rules in words (issue 40): no learner page of the built book shows a rule id
(``R-DBL-3``), move notation (``12-5@M``, ``6-4@2.3a``) or an API name (``Rules(…)``,
``mtlearn.usual_set``, ``NotSupportedError``, an option such as ``hand_size``), in its
visible text or in an accessible name (``aria-label``, ``title``), on a desktop (1280×800) or
a phone (390×844). Each page is read with its boards as first drawn, every scenario player
stepped to its last frame (test_learner_pages.COLLECT), and on chapter 4 after a refused
move, so the board's message is read too. The learner pages are test_learner_pages's:
every page of the book but the teacher's and the Python pages, which keep the ids.

The table of what each page showed is printed (``pytest -s``); run it on another build with
``MTLEARN_BOOK_DIR``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_book import FIND_REFUSAL, hold_engine, open_page
from test_learner_pages import COLLECT, LEARNER_PAGES

from mtlearn.core.rule_words import rule_words
from mtlearn.core.ruleids import PATTERN

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
KINDS = {
    "id": re.compile(rf"\b{PATTERN}"),
    # a move written as the engine reads it (12-5@M, 6-4@2.3a); the boards' own names of
    # branches ("Branch 2a.2b") are labels of the picture, not notation (issue 40, item 2)
    "notation": re.compile(r"\b\d{1,2}-\d{1,2}@(?:M|\d+)\b|@M\b|@\d+\.\d+[ab]\b"),
    "API": re.compile(r"\bRules(?:\.preset)?\(|\bmtlearn\.\w|\b[A-Z]\w*Error\b"
                      r"|\b(?:usual_set|hand_size|longest_train|last_tile|first_turn|"
                      r"mexican_start|double_bonus|double_order|drawn_tile|may_decline|"
                      r"wild_blanks|swan_drive|tie_break|penalty_tiles)\b"),
}
#: chapter 4 plays one refused move (its board's message is read)
PLAYED = "tutorials/04-turns-drawing-markers"


def found(texts: list[str]) -> dict[str, list[str]]:
    """Each kind of KINDS -> what the texts show of it (each once)."""
    out: dict[str, list[str]] = {}
    for kind, pattern in KINDS.items():
        hits: dict[str, None] = {}
        for text in texts:
            for m in pattern.finditer(text or ""):
                hits[text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")] = None
        out[kind] = list(hits)
    return out


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


def scan_page(chromium: Any, book_url: str, name: str, viewport: str,
              shots: Path | None = None) -> dict[str, list[str]]:
    context = chromium.new_context(viewport=VIEWPORTS[viewport],
                                   is_mobile=viewport == "phone",
                                   has_touch=viewport == "phone")
    try:
        page = context.new_page()
        played = ""
        if name == PLAYED:
            open_page(page, book_url + name + ".html")
            played = play_a_refused_move(page)
        else:
            hold_engine(page)
            open_page(page, book_url + name + ".html", engine=False)
        if shots is not None:
            page.screenshot(path=str(shots / f"words-{name.replace('/', '-')}-{viewport}.png"))
        seen = page.evaluate(COLLECT)
        texts = [*seen["texts"], *seen["outputs"], played]
        return found([*texts, *seen["names"]])
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("name", LEARNER_PAGES)
def test_a_learner_page_names_rules_in_words(chromium, book_url: str, artifacts_dir: Path,
                                             name: str, viewport: str):
    shots = artifacts_dir if name in {PLAYED, "tutorials/puzzles"} else None
    seen = scan_page(chromium, book_url, name, viewport, shots)
    counts = " ".join(f"{k}={len(v)}" for k, v in seen.items())
    print(f"\nWORDS-SCAN {viewport:7} {name:40} {counts}")
    assert not any(seen.values()), {k: v[:5] for k, v in seen.items() if v}


def test_the_detectors() -> None:
    bad = ["Ben's train is private (R-MARK-1).", "Play 12-5@M now", "branch 6-4@2.3a",
           "call Rules(deal=\"standard\")", "mtlearn.usual_set(4)", "raises NotSupportedError",
           "the option hand_size"]
    hits = found(bad)
    assert [len(v) for v in hits.values()] == [1, 2, 4], hits
    assert found(["6-4@2.3a"])["notation"] and not found(["Branch 2a.2b"])["notation"]
    good = ["Ben's train is private (rule: only you play on your train until your marker "
            "is on it).", "Play 12-5 on the Mexican train.", "A double-12 set has 91 tiles; "
            "R is a letter; 10-8 and 5-5."]
    assert not any(found(good).values()), found(good)

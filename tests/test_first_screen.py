"""Every chapter page as a reader first sees it, at a desktop, a phone and a 720p screen at
150 %: nothing wider than the window, a screenshot of its first board in view, and on the
course pages the first board within the first screen (issue 29, "one idea, then its board").

For the course pages (tutorials 01-10, how-to-play, first-round, play, puzzles) at the desktop
size (1280 x 800) and the phone size (390 x 844), the top of the page's first board (a board,
a scenario player or a puzzle: the first ``.mtl-standalone``) is within the first viewport
height of the page, so a newcomer sees a board without scrolling past a screen of prose. The
positions measured are written to ``test-artifacts/first-screen.json``; the screenshots to
``test-artifacts/pages/<chapter>-<size>.png`` for people to look at.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_book import hold_engine, open_page, scroll_to
from test_learner_pages import COLLECT, words_problems

REPO = Path(__file__).resolve().parent.parent
#: every page under tutorials/ (the variants too), screenshot at every size
PAGES = sorted(f"tutorials/{p.stem}" for p in (REPO / "tutorials").glob("*.md"))
#: the course pages, whose first board must be within the first screen
CHAPTERS = [*sorted(f"tutorials/{p.stem}" for p in (REPO / "tutorials").glob("[01][0-9]-*.md")),
            "tutorials/how-to-play", "tutorials/first-round", "tutorials/play", "tutorials/puzzles"]
#: (viewport, device scale); the first screen is checked at "desktop" and "phone"
SIZES = {"desktop": ((1280, 800), 1), "phone": ((390, 844), 2), "720p-150": ((853, 480), 1.5)}
FIRST_SCREEN_SIZES = ("desktop", "phone")

#: the size at which every learner page is also read for rule ids, notation and API names
#: (test_learner_words.py; the desktop read is test_book.py's)
WORDS_SIZE = "phone"


def words_checked() -> list[str]:
    """The pages the phone pass reads for rule ids, notation and API names: every learner
    page (test_learner_pages.LEARNER_PAGES), the tutorials first."""
    from test_learner_pages import LEARNER_PAGES

    return [p for p in PAGES if p in LEARNER_PAGES] + [p for p in LEARNER_PAGES
                                                        if p not in PAGES]


FIRST_BOARD = """() => { const b = document.querySelector('.mtl-standalone');
  if (!b) return null;
  return { top: b.getBoundingClientRect().top + window.scrollY, height: window.innerHeight }; }"""


def test_the_chapter_list_is_whole():
    assert len([c for c in CHAPTERS if c[10:12].isdigit()]) == 10, CHAPTERS


@pytest.mark.parametrize("size", list(SIZES))
def test_each_page_opens_with_its_board_in_view(chromium, book_url: str, size: str,
                                                artifacts_dir: Path):
    (width, height), scale = SIZES[size]
    ctx = chromium.new_context(viewport={"width": width, "height": height},
                               device_scale_factor=scale)
    hold_engine(ctx)  # the boards as first drawn, whatever the machine's speed
    shots = artifacts_dir / "pages"
    shots.mkdir(exist_ok=True)
    found: dict[str, float] = {}
    late: list[str] = []
    words: list[str] = []
    read = words_checked() if size == WORDS_SIZE else []
    try:
        pg = ctx.new_page()
        for name in [*PAGES, *(p for p in read if p not in PAGES)]:
            open_page(pg, book_url + name + ".html", engine=False)
            if name not in PAGES:  # a learner page outside tutorials/: read only
                words += [f"{name}: {w}" for w in words_problems(pg.evaluate(COLLECT))]
                continue
            if size in FIRST_SCREEN_SIZES and name in CHAPTERS:
                pg.wait_for_timeout(300)  # the theme's layout settles
                at = pg.evaluate(FIRST_BOARD)
                assert at is not None, f"{name}: no board"
                found[name] = round(at["top"])
                if at["top"] >= at["height"]:
                    late.append(f"{name}: first board at {at['top']:.0f} px, "
                                f"screen {at['height']} px")
            scroll_to(pg, pg.locator(".mtl-root").first)
            pg.screenshot(path=str(shots / f"{name.split('/')[-1]}-{size}.png"))
            wide = pg.evaluate("document.documentElement.scrollWidth - innerWidth")
            assert wide <= 1, (name, size, wide)
            if name in read:  # after the screenshot: COLLECT steps the scenario players
                words += [f"{name}: {w}" for w in words_problems(pg.evaluate(COLLECT))]
    finally:
        ctx.close()
    if size in FIRST_SCREEN_SIZES:
        assert set(found) == set(CHAPTERS)
        out = artifacts_dir / "first-screen.json"
        data = json.loads(out.read_text()) if out.exists() else {}
        data[size] = found
        out.write_text(json.dumps(data, indent=1))
    assert not late, "\n".join(late)
    assert not words, f"rule ids, notation or API names at the {size} size:\n" + "\n".join(
        words)


def test_what_you_will_learn_folds_into_a_closed_disclosure():
    """The list stays whole inside a closed ``<details>`` of the same name; a page without
    the section is left alone."""
    import sys

    sys.path.insert(0, str(REPO / "docs" / "_ext"))
    from mtlearn_learner import fold_learning_goals

    body = ('<section id="what-you-will-learn">\n<h2>What you will learn<a class="headerlink" '
            'href="#what-you-will-learn" title="Link">#</a></h2>\n<ul class="simple">\n'
            "<li><p>one idea;</p></li>\n<li><p>another.</p></li>\n</ul>\n<p>After.</p>\n</section>")
    folded = fold_learning_goals(body)
    assert '<details class="mtl-learn"><summary>What you will learn</summary>' in folded
    assert "<li><p>one idea;</p></li>\n<li><p>another.</p></li>\n</ul></details>" in folded
    assert "<h2>" not in folded and " open" not in folded and "<p>After.</p>" in folded
    assert fold_learning_goals("<p>No goals here.</p>") == "<p>No goals here.</p>"

"""Each chapter opens with its board within its first screen (issue 29, "one idea, then
its board").

For every chapter page of the built book (tutorials 01-10, how-to-play, first-round, play,
puzzles), opened at a desktop size (1280 x 800) and a phone size (390 x 844) in Chromium,
the top of the page's first board (a board, a scenario player or a puzzle: the first
``.mtl-standalone``) is within the first viewport height of the page, so a newcomer sees a
board without scrolling past a screen of prose. The positions measured are written to
``test-artifacts/first-screen.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CHAPTERS = [*sorted(f"tutorials/{p.stem}" for p in (REPO / "tutorials").glob("[01][0-9]-*.md")),
            "tutorials/how-to-play", "tutorials/first-round", "tutorials/play", "tutorials/puzzles"]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

FIRST_BOARD = """() => { const b = document.querySelector('.mtl-standalone');
  if (!b) return null;
  return { top: b.getBoundingClientRect().top + window.scrollY, height: window.innerHeight }; }"""


def test_the_chapter_list_is_whole():
    assert len([c for c in CHAPTERS if c[10:12].isdigit()]) == 10, CHAPTERS


@pytest.mark.parametrize("size", sorted(SIZES))
def test_first_board_is_within_the_first_screen(page, page_guard, book_url: str, size: str,
                                                artifacts_dir: Path):
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    found: dict[str, float] = {}
    late: list[str] = []
    for name in CHAPTERS:
        page.goto(book_url + name + ".html", wait_until="load")
        page.locator(".mtl-standalone .mtl-root").first.wait_for()
        page.wait_for_timeout(300)  # fonts and the theme's layout settle
        at = page.evaluate(FIRST_BOARD)
        assert at is not None, f"{name}: no board"
        found[name] = round(at["top"])
        if at["top"] >= at["height"]:
            late.append(f"{name}: first board at {at['top']:.0f} px, screen {at['height']} px")
    out = artifacts_dir / "first-screen.json"
    data = json.loads(out.read_text()) if out.exists() else {}
    data[size] = found
    out.write_text(json.dumps(data, indent=1))
    assert not late, "\n".join(late)
    page_guard.assert_clean()


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

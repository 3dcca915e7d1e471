"""The Sphinx book (docs/): a clean ``-W`` build, then every page in headless Chromium.

The session fixture ``book`` builds the book from scratch into a temporary directory
(warnings are errors, notebooks executed with an empty cache) and prints how long the
clean build took. The browser tests serve the result from a local ``http.server`` on
127.0.0.1 and check that every page loads with no console error and no request leaving
the machine, that every scenario player steps to its last frame, and that a refusal link
on a board lands on the right anchor of the rules page.
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from mtlearn.ruleids import RULES, anchor
from mtlearn.rules import PRESETS, Rules
from mtlearn.scenario import ScenarioError, load_text

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
TOP_PAGES = sorted(p.stem for p in DOCS.glob("*.md"))
CHAPTERS = sorted(f"tutorials/{p.stem}" for p in (REPO / "tutorials").glob("*.md"))
GENERATED = ["genindex", "py-modindex", "search"]
PAGES = TOP_PAGES + CHAPTERS + GENERATED
# Chapters whose first scenario player is saved as test-artifacts/book-<name>.png.
SCREENSHOT_CHAPTERS = {"tutorials/04-turns-drawing-markers", "tutorials/05-doubles"}


# ---------------------------------------------------------------- build and serve
# The fixtures `book` (a clean -W build) and `book_url` (served on 127.0.0.1) live in
# conftest.py: tests/test_book_play.py uses the same build.


def open_page(page: Any, url: str) -> None:
    """Go to ``url`` and wait until every board on it has been drawn."""
    page.goto(url, wait_until="load")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.mtl-standalone')]
                 .every(s => s.querySelector('.mtl-root') && !s.querySelector('.mtl-noscript'))""",
        timeout=20_000,
    )
    page.wait_for_load_state("networkidle")


def scroll_to(page: Any, locator: Any) -> None:
    """Scroll so that ``locator`` starts just below the theme's sticky header."""
    page.evaluate(
        "el => { el.scrollIntoView({block: 'start'}); window.scrollBy(0, -70); }",
        locator.element_handle(),
    )


# ---------------------------------------------------------------- the build itself


def test_book_builds_every_page(book: Path):
    built = {str(p.relative_to(book).with_suffix("")) for p in book.rglob("*.html")
             if not p.relative_to(book).parts[0].startswith("_")}
    assert set(PAGES) <= built, f"missing pages: {sorted(set(PAGES) - built)}"
    assert built <= set(PAGES), f"unexpected pages: {sorted(built - set(PAGES))}"
    assert len([c for c in CHAPTERS if c.split("/")[1][:2].isdigit()]) == 10, CHAPTERS

def test_numbers_chapter_has_its_plots_and_sentences(book: Path):
    page = book / "tutorials" / "10-what-the-numbers-say.html"
    text = page.read_text(encoding="utf-8")
    images = re.findall(r'<img[^>]+src="([^"]+\.png)"', text)
    assert len(images) == 4, images  # one per experiment, drawn at build time
    for src in images:
        assert (page.parent / src).resolve().is_file(), src
    assert text.count("<strong>Say to the class:</strong>") == 4


def test_rules_page_has_one_anchor_per_rule_id(book: Path):
    text = (book / "rules.html").read_text(encoding="utf-8")
    ids = re.findall(r'\bid="([^"]+)"', text)
    missing = [rid for rid in RULES if anchor(rid) not in ids]
    assert missing == []
    doubled = [rid for rid in RULES if ids.count(anchor(rid)) != 1]
    assert doubled == []
    # every engine option and preset is named on the page
    for name in [f.name for f in fields(Rules)] + list(PRESETS):
        assert re.search(rf"\b{re.escape(name)}\b", text), name


def test_chapter_boards_link_to_the_books_rules_page(book: Path):
    for chapter in CHAPTERS:
        text = (book / f"{chapter}.html").read_text(encoding="utf-8")
        urls = set(re.findall(r'"rules_url":\s*"([^"]*)"', text))
        assert urls <= {"../rules.html"}, (chapter, urls)


def test_chapters_have_binder_launch_links(book: Path):
    assert (DOCS / "tutorials").is_symlink()
    assert (DOCS / "tutorials").resolve() == (REPO / "tutorials").resolve()
    for chapter in CHAPTERS:
        text = (book / f"{chapter}.html").read_text(encoding="utf-8")
        link = ("https://mybinder.org/v2/gh/mtlearn/mtlearn/main"
                f"?urlpath=lab/tree/docs/{chapter}.md")
        assert link in text, chapter
        assert (DOCS / f"{chapter}.md").is_file()


def test_teachers_guide_example_scenario_replays():
    text = (DOCS / "teacher.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert example, "the teacher's guide has no YAML example"
    scenario = load_text(example.group(1), "my-first-marker.yaml")
    assert scenario.id == "my-first-marker" and len(scenario.steps) == 3
    # the error shown for a broken third step is the one mtlearn gives
    shown = re.search(r"FAIL my-first-marker\.yaml, (line \d+: steps\[2\]\.move: .*)", text)
    assert shown, "the teacher's guide shows no failing check"
    broken = example.group(1).replace("move: 7-3@2", "move: 4-9@2")
    with pytest.raises(ScenarioError) as err:
        load_text(broken, "my-first-marker.yaml")
    assert str(err.value) == f"my-first-marker.yaml, {shown.group(1)}"


@pytest.mark.parametrize("name", PAGES)
def test_page_assets_are_local(book: Path, name: str):
    """No script, style sheet, font or image is fetched from another host (static check)."""
    text = (book / f"{name}.html").read_text(encoding="utf-8")
    for tag in re.findall(r"<(?:script|link|img|iframe|source)\b[^>]*>", text):
        if re.search(r'\brel="(?:canonical|alternate)"', tag):
            continue
        url = re.search(r'\b(?:src|href)="([^"]*)"', tag)
        if url:
            assert not re.match(r"^(?:[a-z]+:)?//", url.group(1), re.I), tag
    for css in (book / "_static").rglob("*.css"):
        assert "fonts.googleapis" not in css.read_text(encoding="utf-8", errors="replace"), css


# ---------------------------------------------------------------- in the browser


@pytest.mark.parametrize("name", PAGES)
def test_page_loads_offline_without_errors(page, page_guard, book_url: str, name: str):
    open_page(page, book_url + name + ".html")
    assert page.locator("h1").count() >= 1
    page_guard.assert_clean()


@pytest.mark.parametrize("name", CHAPTERS)
def test_scenario_players_step_to_their_last_frame(
    page, page_guard, book_url: str, artifacts_dir: Path, name: str
):
    open_page(page, book_url + name + ".html")
    players = page.locator(".mtl-root.mtl-scenario")
    for i in range(players.count()):
        player = players.nth(i)
        counter = player.locator(".mtl-counter")
        narration = player.locator(".mtl-narration-text")
        first, n = map(int, counter.inner_text().split(" / "))
        assert first == 1 and n >= 1, counter.inner_text()
        said = [narration.inner_text()]
        if n > 1:
            player.focus()
            page.keyboard.press("ArrowRight")
            assert counter.inner_text() == f"2 / {n}"
            said.append(narration.inner_text())
        player.get_by_role("button", name="Last step").click()
        assert counter.inner_text() == f"{n} / {n}", f"player {i + 1} on {name}"
        said.append(narration.inner_text())
        if n > 1:
            assert said[-1] != said[0], f"the narration does not change: {said}"
        if i == 0 and name in SCREENSHOT_CHAPTERS:
            scroll_to(page, player)
            shot = artifacts_dir / f"book-{name.split('/')[-1]}.png"
            page.screenshot(path=str(shot))
    page_guard.assert_clean()


FIND_REFUSAL = """() => {
  const out = [];
  const boards = [...document.querySelectorAll('.mtl-standalone[data-kind="board"]')];
  boards.forEach((box, index) => {
    const state = JSON.parse(document.getElementById(box.id + '-state').textContent);
    const view = state.view || {};
    if (view.over || !view.to_play) return;
    const hand = (view.players[view.to_play - 1] || {}).hand || [];
    const same = (a, b) => a.split('-').sort().join() === b.split('-').sort().join();
    for (const [move, verdict] of Object.entries(view.verdicts || {})) {
      const m = /^(\\d+-\\d+)@(.+)$/.exec(move);
      if (!m || verdict.legal) continue;
      const tile = hand.find(t => same(t, m[1]));
      if (tile) { out.push({index, tile, train: m[2], rule: verdict.rule}); return; }
    }
  });
  return out;
}"""


def test_refusal_links_land_on_their_rule(page, page_guard, book_url: str, artifacts_dir: Path):
    tried = []
    for name in CHAPTERS:
        open_page(page, book_url + name + ".html")
        found = page.evaluate(FIND_REFUSAL)
        if not found:
            continue
        case = found[0]
        board = page.locator(".mtl-standalone[data-kind='board']").nth(case["index"])
        board.locator(f'.mtl-tilebtn[aria-label="{case["tile"]}"]').click()
        board.locator(f'.mtl-train[data-train="{case["train"]}"] .mtl-target').click()
        message = board.locator(".mtl-message")
        assert "Not allowed" in message.inner_text(), (name, case, message.inner_text())
        link = message.locator("a.mtl-rule")
        assert link.inner_text() == case["rule"]
        want = anchor(case["rule"])
        assert link.get_attribute("href") == f"../rules.html#{want}"
        if not tried:
            scroll_to(page, board)
            page.screenshot(path=str(artifacts_dir / "book-refusal.png"))
        link.click()
        page.wait_for_url(re.compile(r"/rules\.html#"))
        page.wait_for_load_state("load")
        assert page.evaluate("location.pathname").endswith("/rules.html")
        assert page.evaluate("location.hash") == f"#{want}"
        assert page.evaluate(f"!!document.getElementById('{want}')")
        heading = page.locator(f"#{want} h3").first.inner_text()
        assert heading.startswith(case["rule"]), heading
        tried.append((name, case["rule"]))
    assert tried, "no chapter has a board with a refused move to try"
    page_guard.assert_clean()


# ---------------------------------------------------------------- puzzles


def _open_drawn(page: Any, url: str) -> None:
    """Go to ``url`` and wait until its boards are drawn (not for the engine: on a busy
    machine Pyodide's WebAssembly can take most of a minute to compile)."""
    page.goto(url, wait_until="load")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.mtl-standalone')]
                 .every(s => s.querySelector('.mtl-root') && !s.querySelector('.mtl-noscript'))""",
        timeout=20_000,
    )


def test_puzzles_in_the_book_right_wrong_hints_stars_and_progress(
        page, page_guard, book_url: str, artifacts_dir: Path):
    """One puzzle of each kind on the book's puzzles page, answered by the in-page engine
    (tests/test_puzzles_browser.py covers the precomputed answers of a page without it);
    progress survives a reload and shows on the progress page (tests/puzzlekit.py)."""
    from puzzlekit import check_progress_kept, puzzle, solve_one_of_each_kind

    _open_drawn(page, book_url + "tutorials/puzzles.html")
    # the in-page engine starts when the learner reaches for a puzzle, then opens a
    # session for it; answers then come from it
    sets = page.locator('.mtl-standalone[data-kind="puzzle"]')
    assert sets.count() == 5
    assert sets.first.get_attribute("data-engine-state") is None, "no engine before use"
    for k in range(sets.count()):
        sets.nth(k).locator(".mtl-pz-select").focus()
    page.wait_for_function(
        """() => { const all = document.querySelectorAll('.mtl-standalone[data-kind="puzzle"]');
                   return all.length === 5 && [...all].every(
                     r => r.getAttribute('data-engine-state') === 'ready'); }""",
        timeout=180_000)
    solve_one_of_each_kind(page)
    hosts = page.eval_on_selector_all(
        '.mtl-standalone[data-kind="puzzle"][data-host]', "els => els.map(e => e.dataset.host)")
    assert len(hosts) == 5 and set(hosts) == {"engine"}, hosts
    puzzle(page, "plan-your-hand").screenshot(
        path=str(artifacts_dir / "book-puzzle-plan.png"))
    _open_drawn(page, book_url + "progress.html")
    row = page.locator("tr[data-puzzle='where-can-you-start'] .mtl-progress-stars")
    assert row.get_attribute("data-stars") == "2"
    assert "of 42 puzzles solved" in page.locator(".mtl-progress-summary").inner_text()
    page.screenshot(path=str(artifacts_dir / "book-progress.png"))
    _open_drawn(page, book_url + "tutorials/puzzles.html")
    check_progress_kept(page)
    page_guard.assert_clean()

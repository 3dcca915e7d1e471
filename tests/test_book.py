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
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from npm_vendor import AXE_RUN, axe_source
from playwright.sync_api import expect

from mtlearn.content.scenario import ScenarioError, load_text
from mtlearn.core.rule_words import rule_words
from mtlearn.core.ruleids import RULES, anchor
from mtlearn.core.rules import PRESETS, Rules

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


def open_page(page: Any, url: str, *, engine: bool = True) -> None:
    """Go to ``url`` and wait until every board on it has been drawn (and, with ``engine``,
    until the in-page engine's files have loaded)."""
    page.goto(url, wait_until="load")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.mtl-standalone')]
                 .every(s => s.querySelector('.mtl-root') && !s.querySelector('.mtl-noscript'))""",
        timeout=20_000,
    )
    # The in-page engine (12 MB) loads in the background: on a busy machine that takes
    # more than Playwright's default 30 s, so wait longer (not a timing assertion).
    if engine:
        page.wait_for_load_state("networkidle", timeout=120_000)
    else:
        page.evaluate("document.fonts.ready.then(() => true)")


def hold_engine(target: Any) -> None:
    """Hold the in-page engine back on ``target`` (a page or a browser context): its
    manifest is never answered, so the boards stay as first drawn, from what the page
    stores, and no Python starts in the background (for tests of what a page shows
    before a learner plays: it is the same on a fast machine and a slow one)."""
    target.route(re.compile(r".*/mtlearn-engine/engine\.json$"), lambda route: None)


def scroll_to(page: Any, locator: Any) -> None:
    """Scroll so that ``locator`` starts just below the theme's sticky header."""
    page.evaluate(
        "el => { el.scrollIntoView({block: 'start'}); window.scrollBy(0, -70); }",
        locator.element_handle(),
    )


# ---------------------------------------------------------------- the build itself


def test_book_builds_every_page(book: Path):
    built = {str(p.relative_to(book).with_suffix("")) for p in book.rglob("*.html")
             if not p.relative_to(book).parts[0].startswith("_")
             and p.relative_to(book).parts[0] != "lite"}  # the live notebooks: test_lite.py
    assert set(PAGES) <= built, f"missing pages: {sorted(set(PAGES) - built)}"
    assert built <= set(PAGES), f"unexpected pages: {sorted(built - set(PAGES))}"
    numbered = [c for c in CHAPTERS if re.match(r"tutorials/\d\d-", c)]
    assert len(numbered) == 10, CHAPTERS
    assert {"tutorials/how-to-play", "tutorials/using-python"} <= set(CHAPTERS)


def test_numbers_chapter_has_its_plots_and_sentences(book: Path):
    page = book / "tutorials" / "10-what-the-numbers-say.html"
    text = page.read_text(encoding="utf-8")
    # one chart per experiment, drawn as SVG at build time (tests/test_book_charts.py
    # checks each chart's words and numbers); no picture of code that drew nothing
    assert len(re.findall(r'<svg[^>]+role="img"', text)) >= 4
    assert not re.findall(r'<img[^>]+src="[^"]+\.png"', text)
    assert text.count("<strong>Say to the class:</strong>") == 5


def test_rules_page_has_one_anchor_per_rule_id(book: Path):
    text = (book / "rules.html").read_text(encoding="utf-8")
    ids = re.findall(r'\bid="([^"]+)"', text)
    missing = [rid for rid in RULES if anchor(rid) not in ids]
    assert missing == []
    doubled = [rid for rid in RULES if ids.count(anchor(rid)) != 1]
    assert doubled == []
    # every engine option and preset is named on the Python pages' rules (not the learners')
    python = (book / "python-rules.html").read_text(encoding="utf-8")
    for name in [f.name for f in fields(Rules)] + list(PRESETS):
        assert re.search(rf"\b{re.escape(name)}\b", python), name


def test_chapter_boards_link_to_the_books_rules_page(book: Path):
    for chapter in CHAPTERS:
        text = (book / f"{chapter}.html").read_text(encoding="utf-8")
        urls = set(re.findall(r'"rules_url":\s*"([^"]*)"', text))
        assert urls <= {"../rules.html"}, (chapter, urls)


def test_chapters_launch_their_live_notebook_and_no_unowned_address(book: Path):
    """[project.urls] names no repository and no published book yet (mtlearn.core.links):
    the chapters' launch button is the live notebook, and no page links to a Binder, a
    repository or a published book (they would be someone else's)."""
    assert (DOCS / "tutorials").is_symlink()
    assert (DOCS / "tutorials").resolve() == (REPO / "tutorials").resolve()
    sys.path.insert(0, str(DOCS / "_ext"))
    import mtlearn_lite

    for chapter in CHAPTERS:
        text = (book / f"{chapter}.html").read_text(encoding="utf-8")
        first = chapter.split("/")[-1] in mtlearn_lite.FIRST_PAGES
        assert ("Open as live notebook" in text) != first, chapter
        assert (DOCS / f"{chapter}.md").is_file()
    for page in book.rglob("*.html"):
        if "/lite/" in page.as_posix():
            continue
        text = page.read_text(encoding="utf-8")
        for address in ("mybinder.org", "github.com/mtlearn", "mtlearn.github.io"):
            assert address not in text, (page.relative_to(book), address)


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


@pytest.mark.parametrize("name", PAGES)
def test_boards_of_a_page_share_one_front_end(book: Path, name: str):
    """A page carries the front-end module once, however many boards it has, and no
    widget state (mtlearn.present.htmlout.share_front_end, run by docs/conf.py)."""
    text = (book / f"{name}.html").read_text(encoding="utf-8")
    boards = text.count('class="mtl-standalone"')
    assert text.count("// ---- static/js/dom.js") == min(boards, 1)
    assert "application/vnd.jupyter.widget-state+json" not in text
    if boards:
        assert len(text) < 1_000_000 + 20_000 * boards, f"{name}: {len(text):,} bytes"


# ---------------------------------------------------------------- in the browser


#: Each scenario player's step counter, read as the page is first drawn.
COUNTERS_JS = """() => [...document.querySelectorAll('.mtl-root.mtl-scenario .mtl-counter')]
    .map(c => c.innerText)"""


def step_scenario_players(page: Any, name: str, artifacts_dir: Path,
                          counters: list[str]) -> None:
    """Every scenario player of the page shown: at step 1 as first drawn (``counters``,
    read then), "First step" back to it, the arrow key to step 2, "Last step" to the last,
    the narration changing (a player replays the frames stored in the page: no in-page
    engine)."""
    players = page.locator(".mtl-root.mtl-scenario")
    assert players.count() == len(counters), (players.count(), counters)
    for i in range(players.count()):
        player = players.nth(i)
        counter = player.locator(".mtl-counter")
        narration = player.locator(".mtl-narration-text")
        first, n = map(int, re.fullmatch(r"Step (\d+) of (\d+)", counters[i]).groups())
        assert first == 1 and n >= 1, counters[i]
        first_step = player.get_by_role("button", name="First step")
        if first_step.is_enabled():
            first_step.click()
        assert counter.inner_text() == f"Step 1 of {n}", f"player {i + 1} on {name}"
        said = [narration.inner_text()]
        if n > 1:
            player.focus()
            page.keyboard.press("ArrowRight")
            assert counter.inner_text() == f"Step 2 of {n}"
            said.append(narration.inner_text())
        player.get_by_role("button", name="Last step").click()
        assert counter.inner_text() == f"Step {n} of {n}", f"player {i + 1} on {name}"
        said.append(narration.inner_text())
        if n > 1:
            assert said[-1] != said[0], f"the narration does not change: {said}"
        if i == 0 and name in SCREENSHOT_CHAPTERS:
            scroll_to(page, player)
            shot = artifacts_dir / f"book-{name.split('/')[-1]}.png"
            page.screenshot(path=str(shot))


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
    # Three chapters whose first refusal cites different rules: the link is made the same
    # way on every board (test_rules_page checks every rule id has its anchor), and each
    # chapter here waits for its own in-page engine.
    tried: list[tuple[str, str]] = []
    for name in CHAPTERS:
        if len(tried) == 3:
            break
        open_page(page, book_url + name + ".html")
        found = [c for c in page.evaluate(FIND_REFUSAL)
                 if c["rule"] not in {rule for _, rule in tried}]
        if not found:
            continue
        case = found[0]
        board = page.locator(".mtl-standalone[data-kind='board']").nth(case["index"])
        board.locator(f'.mtl-tilebtn[aria-label="{case["tile"]}"]').click()
        board.locator(f'.mtl-target[data-key="train:{case["train"]}"]').click()
        message = board.locator(".mtl-message")
        # The in-page engine answers (a click made while it loads is played once it is ready).
        message.locator("a.mtl-rule").wait_for(timeout=180_000)
        assert "Not allowed" in message.inner_text(), (name, case, message.inner_text())
        link = message.locator("a.mtl-rule")
        assert link.inner_text() == rule_words(case["rule"])  # the rule in words
        want = anchor(case["rule"])
        assert link.get_attribute("href") == f"../rules.html#{want}"
        if not tried:
            scroll_to(page, board)
            page.screenshot(path=str(artifacts_dir / "book-refusal.png"))
        # the rule opens beside the board (a new tab): the board and its position stay
        assert link.get_attribute("target") == "_blank"
        before = page.url
        with page.context.expect_page() as opened:
            link.click()
        rules = opened.value
        rules.wait_for_load_state("load")
        assert page.url == before and board.locator(".mtl-message a.mtl-rule").count() == 1
        assert rules.evaluate("location.pathname").endswith("/rules.html")
        assert rules.evaluate("location.hash") == f"#{want}"
        assert rules.evaluate(f"!!document.getElementById('{want}')")
        heading = rules.locator(f"#{want} h3").first.inner_text()
        assert heading.startswith(RULES[case["rule"]][1]), heading
        rules.close()
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
    from mtlearn.content.puzzles import bundled

    total = len(bundled())
    assert f"of {total} puzzles solved" in page.locator(".mtl-progress-summary").inner_text()
    page.screenshot(path=str(artifacts_dir / "book-progress.png"))
    _open_drawn(page, book_url + "tutorials/puzzles.html")
    check_progress_kept(page)
    page_guard.assert_clean()


#: The page whose axe scan waits for its in-page engine to be ready (the boards as a learner
#: plays them); every other page is scanned with its boards as first drawn, the engine held
#: back (starting Python costs some 4 s of CPU a page, and the boards are the same front end
#: on every page). The chapter with the most boards.
AXE_ENGINE_READY = "tutorials/05-doubles"
#: The boards of a page whose colour contrast axe checks (see below).
CONTRAST_BOARDS = 2
assert AXE_ENGINE_READY in CHAPTERS

ENGINE_READY_JS = """() => Object.values(window.__mtlearnEngines || {}).length > 0
    && Object.values(window.__mtlearnEngines).every(e => e.readyMs !== null)"""


@pytest.mark.parametrize("name", PAGES)
def test_each_page_as_first_drawn(page, page_guard, book: Path, book_url: str,
                                  artifacts_dir: Path, name: str):
    """Every page, loaded once, its boards as first drawn (on AXE_ENGINE_READY its in-page
    engine ready too), checked for what a reader meets before playing (one load a page for
    all three: loading a page is most of the cost of each):

    * it has a title, nothing leaves the machine, no console or page error; and axe-core
      (npm, pinned; every rule, label-in-name included) finds nothing, in mtlearn's boards
      or in the theme (docs/conf.py and docs/_templates/ configure it: a labelled landmark
      for the title, a search button named by its text);
    * on a learner page, the learner scan (tests/test_learner_pages.py: no code, no Python
      literal, no notation in an accessible name, no internal id);
    * on a chapter, every scenario player starts at its first frame and steps to its last
      (after the scan, which steps through every frame to read it)."""
    from test_learner_pages import LEARNER_PAGES, learner_scan

    if name == AXE_ENGINE_READY:
        open_page(page, book_url + name + ".html")
        page.wait_for_function(ENGINE_READY_JS, timeout=180_000)
    else:
        hold_engine(page)
        open_page(page, book_url + name + ".html", engine=False)
    assert page.locator("h1").count() >= 1
    counters = page.evaluate(COUNTERS_JS)
    page.add_script_tag(content=axe_source())
    if name == "api":
        # The API reference is one long page of autodoc entries (some 21,000 elements), the
        # same few kinds of markup over and over: every rule is checked on the page's frame
        # (header, navigation, title, footer) and its first three sections, which hold
        # each kind (a module, its classes, functions, attributes and tables).
        sections = "section:has(> h1) > section"
        assert page.locator(sections).count() > 3
        violations = page.evaluate(AXE_RUN, {"keep": [sections, 3]})
    elif page.locator(".mtl-standalone").count() > CONTRAST_BOARDS:
        # Colour contrast (about 1 ms an element, and nine in ten elements of a chapter
        # are its boards' tiles) on the page and its first CONTRAST_BOARDS boards: the
        # boards share one style sheet, and the first boards of the 23 chapters show them
        # in every state the course reaches; every other rule on the whole page.
        violations = page.evaluate(AXE_RUN, {"off": ["color-contrast"]})
        violations += page.evaluate(AXE_RUN, {"only": ["color-contrast"],
                                              "keep": [".mtl-standalone", CONTRAST_BOARDS]})
    else:
        violations = page.evaluate(AXE_RUN, None)
    ours = [v for v in violations if any(v["inMtlearn"])]
    assert ours == [], ours
    assert violations == [], violations
    if name in LEARNER_PAGES:
        problems = learner_scan(page, book, name)
        if problems:
            pytest.fail(f"{name}: {len(problems)} things a learner should not see:\n  "
                        + "\n  ".join(problems), pytrace=False)
    if name in CHAPTERS:
        step_scenario_players(page, name, artifacts_dir, counters)
    page_guard.assert_clean()


FEEDBACK_CHAPTER = "tutorials/03-opening-trains"


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_board_verdict_is_in_view_after_a_click_on_a_low_train(
    chromium, book_url: str, artifacts_dir: Path, size: tuple[int, int]
):
    """The learner sees the verdict where they acted: after a click on the lowest train of
    a board, the message lies inside the viewport, below the book's sticky header."""
    ctx = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        pg = ctx.new_page()
        open_page(pg, book_url + FEEDBACK_CHAPTER + ".html")
        board = pg.locator(".mtl-standalone[data-kind='board']").last
        board.locator(".mtl-tilebtn[aria-label='9-5']").click()
        low = board.locator(".mtl-train").last.locator(".mtl-target")  # the Mexican train
        low.evaluate("el => el.scrollIntoView({block: 'end'})")
        low.click()
        message = board.locator(".mtl-message")
        # the in-page engine answers (a click made while it loads is queued, then answered)
        expect(message).to_contain_text("Not allowed", timeout=120_000)
        box = message.evaluate("el => el.getBoundingClientRect().toJSON()")
        header = pg.evaluate("document.querySelector('.bd-header').getBoundingClientRect().bottom")
        assert header - 1 <= box["top"] and box["bottom"] <= size[1], (box, header)
        pg.screenshot(path=str(artifacts_dir / f"book-feedback-{size[0]}.png"))
        # a legal move: the message says what happened
        board.locator(".mtl-tilebtn[aria-label='12-5']").click()
        board.locator(".mtl-target[data-key='train:1']").click()
        expect(message).to_contain_text("Ana played 12-5 on Ana's train", timeout=60_000)
    finally:
        ctx.close()


def test_no_light_frame_around_boards_in_dark_mode(chromium, book_url: str):
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    try:
        pg = ctx.new_page()
        pg.add_init_script("localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark')")
        hold_engine(pg)  # the frames as drawn: no Python needed
        open_page(pg, book_url + FEEDBACK_CHAPTER + ".html", engine=False)
        assert pg.evaluate("document.documentElement.dataset.theme") == "dark"
        frames = pg.evaluate("""() => [...document.querySelectorAll('.mtl-standalone')].map(
            s => { const o = getComputedStyle(s.parentElement);
                   return [o.backgroundColor, o.paddingTop]; })""")
        assert frames and all(f == ["rgba(0, 0, 0, 0)", "0px"] for f in frames), frames
    finally:
        ctx.close()

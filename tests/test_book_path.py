"""The learner's path in the built book: the next thing to do is always in view.

Checked in Chromium at desktop (1366x768), phone (390x844) and, where it matters, a 720p
screen at 150 % (853x480 CSS pixels):

* after the round-ending move, "Round N of M is over", the standings and Next round (New
  match at the end of the match) come into view below the sticky bar, with the focus on
  the button;
* a puzzle's verdict after a wrong move comes into view, in the book and on an
  ``mtlearn html`` page (where nothing is sticky);
* on a phone the sticky bar stays within a quarter of the window, its message folds to a
  "More" button, and a control focused under it is brought out;
* position boards of chapters 1-6 play on with the in-page engine (no "run the notebook");
* the "Play a game" page, linked from the first pages, starts a match against three
  computer players, marks the tiles they just laid and shows the running match totals;
* a scenario player shows its scenario id.

Screenshots go to test-artifacts/path-*.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from npm_vendor import AXE_RUN, axe_source
from playwright.sync_api import expect
from servekit import serve_folder
from test_book_play import Learner, played

from mtlearn.content.puzzle_files import get as get_puzzle
from mtlearn.content.scenario import get as get_scenario
from mtlearn.hosts.pages import puzzle_page, scenario_page

SIZES = {"desktop": ((1366, 768), 1), "phone": ((390, 844), 2), "720p-150": ((853, 480), 1.5)}


@pytest.fixture
def sized(chromium: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page of the size named by the test's ``size`` parameter."""
    (w, h), scale = SIZES[request.node.callspec.params["size"]]
    ctx = chromium.new_context(viewport={"width": w, "height": h}, device_scale_factor=scale)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def open_drawn(page: Any, url: str) -> None:
    page.goto(url, wait_until="load")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.mtl-standalone')]
                 .every(s => s.querySelector('.mtl-root') && !s.querySelector('.mtl-noscript'))""",
        timeout=20_000)


# What covers the top of the window for a board's contents: the book's header and the
# board's sticky bar (when it sticks).
GEOMETRY = """([box, sel]) => {
  const header = document.querySelector('.bd-header');
  const hb = header && getComputedStyle(header).position === 'sticky'
    ? header.getBoundingClientRect().bottom : 0;
  const bar = box.querySelector('.mtl-bar');
  const b = bar ? bar.getBoundingClientRect() : {top: 0, bottom: 0, height: 0};
  const node = box.querySelector(sel);
  const r = node ? node.getBoundingClientRect() : null;
  return {header: hb, barTop: b.top, barBottom: b.bottom, barHeight: b.height,
          top: r && r.top, bottom: r && r.bottom, height: innerHeight,
          focused: document.activeElement && document.activeElement.getAttribute('data-key')};
}"""

IN_VIEW = """([box, sel]) => {
  const node = box.querySelector(sel);
  if (!node) return false;
  const r = node.getBoundingClientRect();
  const header = document.querySelector('.bd-header');
  const hb = header && getComputedStyle(header).position === 'sticky'
    ? header.getBoundingClientRect().bottom : 0;
  const bar = box.querySelector('.mtl-bar');
  const covered = bar && !bar.contains(node) ? Math.max(hb, bar.getBoundingClientRect().bottom) : hb;
  return r.top >= covered - 1 && r.bottom <= innerHeight + 1;
}"""


def wait_in_view(page: Any, box: Any, sel: str) -> dict[str, Any]:
    """Wait (through any smooth scrolling) until ``sel`` in ``box`` is wholly visible below
    what covers the window's top; fail with the geometry if it never is."""
    handle = box.element_handle()
    try:
        page.wait_for_function(IN_VIEW, arg=[handle, sel], timeout=5_000)
    except Exception:  # report where it was instead, below
        pass
    geo = page.evaluate(GEOMETRY, [handle, sel])
    assert geo["top"] is not None, f"{sel} is not drawn"
    assert geo["top"] >= max(geo["header"], geo["barBottom"]) - 1, geo
    assert geo["bottom"] <= geo["height"] + 1, geo
    return geo


# ---------------------------------------------------------------- the round's end


@pytest.mark.parametrize("size", ["desktop", "phone", "720p-150"])
def test_round_end_and_next_round_come_into_view_with_the_focus(size, sized, book_url,
                                                                artifacts_dir):
    """On the first round's page (a double-6 deal of five tiles each: a short round, the one
    a newcomer plays first), the round's end, then round 2 dealt from the keyboard."""
    page = sized
    open_drawn(page, book_url + "tutorials/first-round.html")
    me = Learner(page)
    me.wait_engine()
    me.play_to_round_end()
    panel = me.box.locator(".mtl-match")
    expect(panel.locator("h4")).to_have_text("Round 1 of 7 is over")
    # The last click was low on the board (a train or Draw): the panel is at the board's top.
    geo = wait_in_view(page, me.box, ".mtl-match h4")
    wait_in_view(page, me.box, '.mtl-match [data-key="next_round"]')
    assert geo["focused"] == "next_round", geo
    page.screenshot(path=str(artifacts_dir / f"path-round-over-{size}.png"))
    # Enter on the focused button deals round 2; the running totals show round 1's scores.
    standings = {r.locator("th").inner_text(): r.locator("td").nth(-2).inner_text()
                 for r in panel.locator("tbody tr").all()}
    before = me.answers()
    page.keyboard.press("Enter")
    me._answered(before)
    assert "Round 2 of 7 is dealt" in me.message()
    running = me.box.locator(".mtl-running")
    expect(running).to_contain_text("Match totals after 1 of 7 rounds")
    shown = {li.locator(".mtl-running-name").inner_text(): li.locator("strong").inner_text()
             for li in running.locator("li").all()}
    assert shown == standings, (shown, standings)


@pytest.mark.parametrize("size", ["desktop", "phone", "720p-150"])
def test_match_end_and_new_match_come_into_view_with_the_focus(size, sized, book_url,
                                                               artifacts_dir):
    page = sized
    open_drawn(page, book_url + "tutorials/07-match.html")
    me = Learner(page)
    me.wait_engine()
    assert played(me.play("3-0", "1"), "Ana", "3-0")
    me.play_to_round_end()
    expect(me.box.locator(".mtl-match h4")).to_have_text("The match is over")
    geo = wait_in_view(page, me.box, ".mtl-match h4")
    wait_in_view(page, me.box, '.mtl-match [data-key="new_match"]')
    assert geo["focused"] == "new_match", geo
    page.screenshot(path=str(artifacts_dir / f"path-match-over-{size}.png"))
    # Seven rounds are wider than a phone: the table scrolls sideways, inside the panel, so
    # the Total column stays reachable.
    panel = me.box.locator(".mtl-match")
    assert panel.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    wrap = panel.locator(".mtl-table-wrap")
    total = wrap.locator("thead th", has_text="Total")
    total.scroll_into_view_if_needed()
    assert wrap.evaluate("""el => { const r = el.getBoundingClientRect();
        const t = [...el.querySelectorAll('thead th')].find(th => th.textContent === 'Total')
          .getBoundingClientRect();
        return t.left >= r.left - 1 && t.right <= r.right + 1; }""")


# ---------------------------------------------------------------- a puzzle's verdict


@pytest.fixture(scope="module")
def puzzle_html_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("puzzle-page")
    (folder / "index.html").write_text(puzzle_page(get_puzzle("heaviest-tile-first")),
                                       encoding="utf-8")
    with serve_folder(folder) as url:
        yield url + "index.html"


@pytest.mark.parametrize("where", ["book", "mtlearn-html"])
@pytest.mark.parametrize("size", ["desktop", "phone", "720p-150"])
def test_puzzle_verdict_after_a_wrong_move_comes_into_view(size, where, sized, book_url,
                                                           puzzle_html_page, artifacts_dir):
    page = sized
    open_drawn(page, book_url + "tutorials/10-what-the-numbers-say.html" if where == "book"
               else puzzle_html_page)
    root = page.locator(".mtl-puzzle[data-puzzle='heaviest-tile-first']").first
    root.locator("[data-key='tile:9-1']").first.click()
    target = root.locator("[data-key='train:1']").first
    # The learner reached the train at the bottom of the window, as when reading down.
    target.evaluate("el => el.scrollIntoView({block: 'end'})")
    target.click()
    fb = root.locator(".mtl-pz-feedback")
    expect(fb).to_have_attribute("data-status", "wrong", timeout=20_000)
    wait_in_view(page, root, ".mtl-pz-feedback")
    page.screenshot(path=str(artifacts_dir / f"path-puzzle-wrong-{where}-{size}.png"))


# ---------------------------------------------------------------- the phone's bar


@pytest.mark.parametrize("size", ["phone", "720p-150"])
def test_sticky_bar_stays_compact_and_never_covers_the_control(size, sized, book_url,
                                                               artifacts_dir):
    page = sized
    open_drawn(page, book_url + "tutorials/play.html")
    me = Learner(page)
    me.wait_engine()
    said = me.play_simply()  # the bots answer: a long message with their moves
    assert "The computer's moves (3)" in said, said
    me.box.locator('button[data-key="hint"]').click()
    assert me.box.locator(".mtl-note").inner_text().startswith("Hint:")
    quarter = SIZES[size][0][1] / 4
    bar = me.box.locator(".mtl-bar")
    height = bar.evaluate("el => el.getBoundingClientRect().height")
    assert height <= quarter, (height, quarter)
    more = me.box.locator('button[data-key="msg-more"]')
    expect(more).to_have_attribute("aria-expanded", "false")
    # screen readers get the whole message, folded or not
    assert "Dee" in me.box.locator(".mtl-message").text_content()
    page.screenshot(path=str(artifacts_dir / f"path-bar-{size}.png"))
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    expect(more).to_have_text("Less ▴")
    assert bar.evaluate("el => el.getBoundingClientRect().height") <= quarter + 1
    page.screenshot(path=str(artifacts_dir / f"path-bar-open-{size}.png"))
    more.click()
    # The learner picks a tile and tabs to a train's "Play here": never under the bar.
    me.box.locator(".mtl-tilebtn").first.click()
    page.wait_for_timeout(1100)  # keyboard focus from here on, not a click's
    targets = me.box.locator(".mtl-target")
    for i in range(targets.count()):
        t = targets.nth(i)
        page.evaluate("window.scrollBy(0, 10000)")  # the end of the page, then back up
        t.evaluate("el => el.closest('.mtl-root').querySelector('.mtl-bar').scrollIntoView()")
        t.evaluate("el => el.blur()")  # picking put the focus on a train: focus it anew
        t.focus()
        geo = page.evaluate("""([box, el]) => ({top: el.getBoundingClientRect().top,
            bottom: el.getBoundingClientRect().bottom,
            bar: box.querySelector('.mtl-bar').getBoundingClientRect().bottom,
            height: innerHeight})""", [me.box.element_handle(), t.element_handle()])
        assert geo["top"] >= geo["bar"] - 1 and geo["bottom"] <= geo["height"] + 1, (i, geo)


# ---------------------------------------------------------------- boards that play on


def board_states(html: str) -> list[dict[str, Any]]:
    ids = re.findall(r'<div id="(mtl-[0-9a-f]{16})" class="mtl-standalone" data-kind="board"',
                     html)
    states = []
    for rid in ids:
        m = re.search(rf'<script type="application/json" id="{rid}-state">(.*?)</script>',
                      html, re.S)
        assert m, rid
        states.append(json.loads(m.group(1)))
    return states


def test_every_board_of_the_book_can_play_on(book: Path):
    """No board offers Draw / Pass / Play here that cannot answer: each carries its session
    for the in-page engine (a Game shown as a cell's output included)."""
    checked = 0
    for page in sorted(book.rglob("*.html")):
        for state in board_states(page.read_text(encoding="utf-8")):
            assert "session" in state, page.name
            assert state["session"]["kind"] == "board"
            checked += 1
    assert checked >= 12, checked


@pytest.mark.parametrize("size", ["desktop"])
def test_a_position_board_plays_on_in_the_book(size, sized, book_url, artifacts_dir):
    """Chapter 3's first board is a position (a Game shown as output): it plays on."""
    page = sized
    open_drawn(page, book_url + "tutorials/03-opening-trains.html")
    me = Learner(page, 0)
    me.wait_engine()
    said = me.play("12-5", "1")
    assert played(said, "Ana", "12-5") and "run the notebook" not in said, said
    assert me.to_play() == "Ben"
    said = me.play("12-8", "2")
    assert played(said, "Ben", "12-8"), said
    assert me.press("undo").endswith("Move taken back.")
    page.screenshot(path=str(artifacts_dir / "path-position-board.png"))


# ---------------------------------------------------------------- Play a game


def test_first_pages_link_to_play_a_game(book: Path):
    index = (book / "index.html").read_text(encoding="utf-8")
    main = index[index.index('<article'):]
    first_h2 = main.find("<h2")
    assert 'href="tutorials/play.html"' in main[:first_h2], "Play a game is above the fold"
    for name in ("how-to-play", "01-tiles-and-set"):
        text = (book / "tutorials" / f"{name}.html").read_text(encoding="utf-8")
        assert 'href="play.html"' in text, name
    play = (book / "tutorials" / "play.html").read_text(encoding="utf-8")
    assert "highlight-ipython3" not in play and "from mtlearn" not in play, "no Python shown"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_play_a_game_against_the_computer(size, sized, book_url, artifacts_dir):
    page = sized
    open_drawn(page, book_url + "tutorials/play.html")
    boards = page.locator('.mtl-standalone[data-kind="board"]')
    assert boards.count() == 1
    me = Learner(page)
    running = me.box.locator(".mtl-running li")
    expect(running).to_have_count(4)
    assert me.to_play() == "Ana" and me.box.locator(".mtl-backs").count() == 3
    me.wait_engine()
    legal = [m for m in me.legal() if "@" in m]
    mine = legal[0]
    said = me.move(mine)
    assert "The computer's moves (3)" in said
    laid = len(re.findall(r"(Ben|Cy|Dee) played ", said))
    fresh = me.box.locator(".mtl-fresh")
    expect(fresh).to_have_count(laid)
    for cue in fresh.locator(".mtl-cue").all():
        assert cue.inner_text() == "▶ new"
    # the learner's own tile is not marked as new
    tile, train = mine.split("@")
    own = me.box.locator(f'.mtl-train[data-train="{train}"] .mtl-train-tiles > .mtl-fresh')
    a, b = tile.split("-")
    for node in own.all():
        assert node.locator(f'[aria-label^="{a}-{b}"], [aria-label^="{b}-{a}"]').count() == 0
    page.screenshot(path=str(artifacts_dir / f"path-play-{size}.png"))
    # Undo: nothing is new any more
    me.press("undo")
    expect(fresh).to_have_count(0)
    # New game: fewer players
    me.box.locator('summary[data-key="newgame"]').click()
    me.box.locator('select[data-key="ng-players"]').select_option("2")
    said = me.press("ng-start")
    assert "A new game: 2 players, you against the computer" in said
    expect(running).to_have_count(2)
    page.add_script_tag(content=axe_source())
    violations = page.evaluate(AXE_RUN, None)
    # (the theme's "back to top" button, shown after scrolling up, is not mtlearn's)
    ours = [v for v in violations if any(v["inMtlearn"])]
    assert ours == [], ours


# ---------------------------------------------------------------- scenario ids


def test_scenario_players_show_their_id_in_presenter_mode_only(page, book_url):
    """A learner's page shows no internal id; the teacher's presenter view does."""
    open_drawn(page, book_url + "tutorials/03-opening-trains.html")
    assert page.locator(".mtl-scenario .mtl-scenario-id").count() == 0
    player = page.locator(".mtl-scenario").first
    player.focus()
    page.keyboard.press("p")
    ids = page.locator(".mtl-presenting .mtl-scenario-id code").all_inner_texts()
    assert "starting-your-train" in ids, ids


def test_scenario_page_shows_its_id():
    html = scenario_page(get_scenario("starting-your-train"))
    assert '"scenario_id":"starting-your-train"' in html

"""Playing on in the built book: the in-page engine (Pyodide + mtlearn.hosts.session in a Web Worker).

The book is built once (conftest.py: ``book``) and served from 127.0.0.1; every test fails
if the page asks anything of another host. A learner uses only the board's controls:

* a full 4-player round against three bots to the score table, round 2, Undo, New match;
* each chapter's "Try it" instructions, to their end;
* clicks made before the engine is ready are answered from stored answers, or queued and
  played once it is;
* where Pyodide cannot load (blocked, or the page opened from disk) the board falls back to
  its stored answers and says why it stops and how to play on;
* the engine in the page answers the same intents with the same JSON as the kernel Board.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mtlearn import Game
from mtlearn.core.ruleids import PATTERN
from mtlearn.hosts.session import BoardSession, SessionError
from mtlearn.jupyter.widgets import Board

ENGINE_TIMEOUT = 180_000  # ms: Pyodide boots in seconds, but CI machines can be busy
ANSWER_TIMEOUT = 30_000
ENGINE = "_static/mtlearn-engine"


# ---------------------------------------------------------------- driving a board


class Learner:
    """Clicks on one board of the page, as a learner would, and waits for each answer."""

    def __init__(self, page: Any, index: int = -1) -> None:
        self.page = page
        boards = page.locator('.mtl-standalone[data-kind="board"]')
        self.box = boards.nth(index) if index >= 0 else boards.last

    # -- reading
    def host(self) -> str:
        return self.box.get_attribute("data-host") or ""

    def answers(self) -> int:
        return int(self.box.get_attribute("data-answers") or 0)

    def message(self) -> str:
        return self.box.locator(".mtl-message").inner_text()

    def text(self) -> str:
        return self.box.locator(".mtl-root").inner_text()

    def to_play(self) -> str:
        return self.box.locator(".mtl-turn strong").inner_text()

    def legal(self) -> list[str]:
        self.show_legal()
        # the moves in the engine's notation, from each button's data-key ("legal:9-3@1");
        # the buttons name them in words
        # (read in one call: a round of play reads this list some forty times)
        keys = self.box.locator(".mtl-legal-list .mtl-legal-move").evaluate_all(
            "els => els.map(el => el.getAttribute('data-key'))")
        return [str(k)[6:] for k in keys]

    # -- acting
    def wait_engine(self) -> None:
        # the page's element says who answers (the engine's line stands only on a board
        # where the computer plays a seat)
        self.page.wait_for_function("el => el.getAttribute('data-host') === 'engine'",
                                    arg=self.box.element_handle(), timeout=ENGINE_TIMEOUT)

    def show_legal(self) -> None:
        button = self.box.locator('button[data-key="legal"]')
        if button.get_attribute("aria-pressed") != "true":
            button.click()

    def _answered(self, before: int) -> None:
        self.page.wait_for_function(
            "([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
            arg=[self.box.element_handle(), before], timeout=ANSWER_TIMEOUT)

    def play(self, tile: str, train: str) -> str:
        """Click ``tile`` in the hand of the player to play, then Play here on ``train``."""
        a, b = tile.split("-")
        before = self.answers()
        button = self.box.locator(f'.mtl-tilebtn[aria-label="{a}-{b}"], '
                                  f'.mtl-tilebtn[aria-label="{b}-{a}"]').first
        if button.get_attribute("aria-pressed") != "true":  # still selected after a refusal
            button.click()
        self.box.locator(f'.mtl-train[data-train="{train}"] .mtl-target').click()
        self._answered(before)
        return self.message()

    def press(self, key: str) -> str:
        """Click a control by its data-key (draw, pass, undo, next_round, new_match…)."""
        before = self.answers()
        self.box.locator(f'button[data-key="{key}"]').click()
        self._answered(before)
        return self.message()

    def move(self, move: str) -> str:
        """Make a move from the legal list with the board's controls."""
        if "@" in move:
            tile, train = move.split("@")
            return self.play(tile, train)
        return self.press(move)

    def play_simply(self) -> str:
        """The first legal play, else announce / end the turn / draw / pass."""
        legal = self.legal()
        plays = [m for m in legal if "@" in m]
        return self.move(plays[0] if plays else legal[0])

    def play_to_round_end(self, limit: int = 300) -> int:
        for k in range(limit):
            if self.box.locator(".mtl-match").count():
                return k
            self.play_simply()
        raise AssertionError("the round did not end")


def played(said: str, who: str, tile: str) -> bool:
    """True if the message says ``who`` played ``tile`` (told inward number first)."""
    a, b = tile.split("-")
    return bool(re.match(rf"✓ {who} played ({a}-{b}|{b}-{a}) on ", said))


def open_chapter(page: Any, book_url: str, name: str) -> None:
    page.goto(book_url + name + ".html", wait_until="load")
    page.locator(".mtl-standalone .mtl-root").first.wait_for(timeout=20_000)


# ---------------------------------------------------------------- the engine files


def test_engine_is_vendored_once_in_static(book: Path):
    engine = book / ENGINE
    manifest = json.loads((engine / "engine.json").read_text())
    assert (engine / manifest["wheel"]).is_file() and (engine / "worker.mjs").is_file()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (engine / "pyodide" / name).is_file(), name
    copies = [p for p in book.rglob("pyodide.asm.wasm")]
    assert copies == [engine / "pyodide" / "pyodide.asm.wasm"]
    size = sum(p.stat().st_size for p in engine.rglob("*") if p.is_file())
    print(f"\n[book] in-page engine: {size / 1e6:.1f} MB in {ENGINE}, once for the book")
    for page in ["index.html", "tutorials/09-strategy.html"]:
        text = (book / page).read_text(encoding="utf-8")
        want = ("" if page == "index.html" else "../") + ENGINE + "/"
        assert f'<meta name="mtlearn-engine" content="{want}">' in text
        assert "cdn.jsdelivr" not in text and "pyodide.org" not in text


# ---------------------------------------------------------------- a match in the page


def test_round_against_three_bots_then_round_two_undo_and_new_match(
        page, page_guard, book_url, artifacts_dir):
    open_chapter(page, book_url, "tutorials/09-strategy")
    me = Learner(page)
    # the board says it is getting ready until the engine answers (on a busy machine the
    # engine can be ready before this line reads it; test_book_first_click waits on it)
    first = me.box.locator(".mtl-host").inner_text()
    assert "Getting the board ready" in first or me.host() == "engine", first
    me.wait_engine()
    said = me.play("12-5", "1")  # chapter 9's "Try it": open your train with 12-5…
    assert played(said, "Ana", "12-5") and "The computer's moves (" in said
    assert re.search(r"Ben (played|drew|passed).*\n.*Cy (played|drew|passed).*\n.*Dee (played|drew|passed)", said), said
    moves = me.play_to_round_end()
    assert moves > 3
    panel = me.box.locator(".mtl-match")
    assert panel.locator("h4").text_content() == "Round 1 of 13 is over"
    assert me.box.locator(".mtl-scores caption", has_text="Round scores").count() == 1
    assert me.box.locator(".mtl-backs").count() == 0, "every hand is revealed at the end"
    assert me.box.locator(".mtl-standings tbody tr").count() == 4
    me.box.scroll_into_view_if_needed()
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "book-play-round-over.png"))

    said = me.press("next_round")
    assert "Round 2 of 13 is dealt" in said
    assert "Round 2 of 13" in me.text() and me.box.locator(".mtl-match").count() == 0
    assert me.to_play() == "Ana"
    before = me.box.locator(".mtl-hand").first.inner_text()
    me.play_simply()
    assert me.press("undo").endswith("Move taken back.")
    assert me.box.locator(".mtl-hand").first.inner_text() == before
    assert "Round 2 of 13" in me.text()

    me.box.locator('summary[data-key="newgame"]').click()
    said = me.press("ng-again")
    assert "A new match: round 1 of 13" in said
    assert "Round 1 of 13" in me.text() and me.to_play() == "Ana"

    # New game: three players, one of them the computer; two people share the screen.
    me.box.locator('summary[data-key="newgame"]').click()
    me.box.locator('select[data-key="ng-players"]').select_option("3")
    me.box.locator('select[data-key="ng-bots"]').select_option("1")
    assert "2 people take turns" in me.box.locator(".mtl-newgame-note").inner_text()
    said = me.press("ng-start")
    assert "A new game: 3 players, 2 players taking turns and 1 computer players" in said
    assert me.box.locator(".mtl-hand").count() == 3
    assert me.box.locator(".mtl-backs").count() == 0
    page_guard.assert_clean()


def test_last_round_of_a_match_to_the_standings(page, page_guard, book_url, artifacts_dir):
    """Chapter 7: Ana plays the last round against two bots; the match ends with standings."""
    open_chapter(page, book_url, "tutorials/07-match")
    me = Learner(page)
    me.wait_engine()
    assert played(me.play("3-0", "1"), "Ana", "3-0")
    me.play_to_round_end()
    panel = me.box.locator(".mtl-match")
    text = panel.inner_text()
    assert panel.locator("h4").text_content() == "The match is over" and "Final standings" in text
    assert re.search(r"(wins the match|Shared first place)", text)
    assert "Ties:" in text and "breaking ties" in text and "R-SCORE-4" not in text
    assert me.box.locator(".mtl-standings tbody tr").count() == 3
    assert me.box.locator('button[data-key="next_round"]').count() == 0
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "book-play-match-over.png"))
    said = me.press("new_match")
    assert "A new match: round 1 of 7" in said
    page_guard.assert_clean()


# ---------------------------------------------------------------- the chapters' "Try it"


def try_chapter_2(me: Learner) -> None:
    assert "Not allowed" in me.play("7-3", "1")
    twelve = next(m for m in me.legal() if m.startswith("12-") and m.endswith("@1"))
    said = me.move(twelve)
    assert said.startswith("✓ Ana played 12-") and "The computer's moves (" in said
    me.play_to_round_end()


def try_chapter_3(me: Learner) -> None:
    assert "Not allowed" in me.play("9-5", "1")
    assert me.play("12-5", "1").startswith("✓ Ana played 12-5")
    assert me.to_play() == "Ben"
    assert "Not allowed" in me.play("4-4", "M")
    opening = [m for m in me.legal() if "@" in m]
    assert opening and all(m.startswith("12-") for m in opening)
    assert me.move(opening[0]).startswith("✓ Ben played 12-")
    assert me.to_play() == "Cy"
    # a board with steps asks the engine for the hint, so that it counts for the stars
    assert "Hint: Try 12-1" in me.press("hint")
    said = me.press("undo")  # and Ben's opening step is no longer ticked
    assert said.startswith("ℹ Move taken back.") and me.to_play() == "Ben"
    assert "Step 4 is no longer done" in said


def try_chapter_4(me: Learner) -> None:
    said = me.play("9-5", "2")
    assert "Not allowed" in said and "only you play on your train until your marker is on it" in said
    assert played(me.play("9-5", "3"), "Ana", "9-5")
    assert "Not allowed" in me.press("pass")
    assert me.press("draw").startswith("✓ Ben drew a tile")
    assert me.press("pass").startswith("✓ Ben passed")
    assert "marker" in me.box.locator('.mtl-train[data-train="2"]').inner_text()
    assert "marker" in me.box.locator('.mtl-train[data-train="3"]').inner_text()
    assert played(me.play("5-1", "3"), "Cy", "5-1")
    assert "marker" not in me.box.locator('.mtl-train[data-train="3"]').inner_text()


def try_chapter_5(me: Learner) -> None:
    assert played(me.play("6-6", "1"), "Ana", "6-6")
    assert played(me.play("9-4", "M"), "Ana", "9-4")
    assert "open double" in me.box.locator('.mtl-train[data-train="1"]').inner_text()
    assert "Not allowed" in me.play("10-7", "2")
    assert played(me.play("6-0", "1"), "Ben", "6-0")
    assert "open double" not in me.box.locator('.mtl-train[data-train="1"]').inner_text()
    me.press("undo")
    me.press("undo")
    assert me.to_play() == "Ana"
    assert played(me.play("6-1", "1"), "Ana", "6-1")
    assert "open double" not in me.box.locator('.mtl-train[data-train="1"]').inner_text()


def round_scores(me: Learner) -> list[str]:
    return [c.inner_text() for c in me.box.locator(".mtl-scores:not(.mtl-standings) td").all()]


def try_chapter_6(me: Learner) -> None:
    assert me.to_play() == "Ben"
    assert played(me.play("11-10", "2"), "Ben", "11-10")
    me.play_to_round_end()
    first = round_scores(me)
    assert len(first) == 3
    for _ in range(10):
        if me.box.locator(".mtl-match").count() == 0 and me.to_play() == "Ben":
            break
        me.press("undo")
    assert me.to_play() == "Ben"
    assert played(me.play("11-1", "2"), "Ben", "11-1")
    me.play_to_round_end()
    second = round_scores(me)
    assert int(second[1]) > int(first[1]), (first, second)
    assert "0-0" in me.box.locator(".mtl-hand").nth(1).inner_text() or True


def try_chapter_7(me: Learner) -> None:
    assert played(me.play("3-0", "1"), "Ana", "3-0")
    me.play_to_round_end()
    assert me.box.locator(".mtl-match h4").text_content() == "The match is over"


def try_chapter_8(page: Any) -> None:
    # the chapter's last two boards are its Try it (a branching board comes earlier)
    n = page.locator('.mtl-standalone[data-kind="board"]').count()
    standard, answer = Learner(page, n - 2), Learner(page, n - 1)
    for me in (standard, answer):
        me.wait_engine()
        assert played(me.play("5-5", "1"), "Ana", "5-5")
    assert played(standard.play("12-9", "M"), "Ana", "12-9")
    said = answer.play("12-9", "M")
    assert "Not allowed" in said and "the play after your double must cover it" in said


TRY_IT = {
    "tutorials/02-setting-up": try_chapter_2,
    "tutorials/03-opening-trains": try_chapter_3,
    "tutorials/04-turns-drawing-markers": try_chapter_4,
    "tutorials/05-doubles": try_chapter_5,
    "tutorials/06-scoring": try_chapter_6,
    "tutorials/07-match": try_chapter_7,
}
# Chapter 9's "Try it" (12-5, then a round against three bots) is the first half of
# test_round_against_three_bots_then_round_two_undo_and_new_match.


@pytest.mark.parametrize("chapter", [*TRY_IT, "tutorials/08-variants"])
def test_try_it_instructions_work_to_the_end(chapter, page, page_guard, book_url,
                                             artifacts_dir):
    open_chapter(page, book_url, chapter)
    if chapter == "tutorials/08-variants":
        try_chapter_8(page)
    else:
        me = Learner(page)
        me.wait_engine()
        TRY_IT[chapter](me)
        me.box.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / f"book-try-{chapter.split('/')[-1]}.png"))
    page_guard.assert_clean()


# ---------------------------------------------------------------- loading, queueing, fallback


def test_first_frame_at_once_and_clicks_queued_until_ready(page, page_guard, book_url):
    """A click made while the engine loads is answered from the stored answers at once;
    one the page does not store waits with "One moment" (tests/test_book_first_click.py
    does the same on Play a game with Pyodide held back)."""
    held = []
    page.route(re.compile(r".*/engine\.json$"), lambda route: held.append(route))
    open_chapter(page, book_url, "tutorials/09-strategy")
    me = Learner(page)
    assert me.box.locator(".mtl-train").count() == 5  # drawn from the stored frame
    assert me.host() == "loading"
    me.box.locator('.mtl-tilebtn[aria-label="12-5"]').click()
    me.box.locator('.mtl-train[data-train="1"] .mtl-target').click()
    me._answered(0)  # from the answers stored in the page, the engine still loading
    assert me.message().startswith("✓ Ana played 12-5 on Ana's train.")
    assert me.host() == "loading"
    assert me.box.locator('.mtl-train[data-train="1"] .mtl-tile[role="img"]').count() >= 1
    me.box.locator('button[data-key="hint"]').click()  # only the engine answers a hint
    assert "One moment" in me.box.locator(".mtl-host").inner_text()
    assert me.message().startswith("ℹ One moment")
    page.wait_for_timeout(300)
    assert me.answers() == 1
    for _ in range(300):  # the worker asks for engine.json once it has started
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the engine did not start loading with the page"
    for route in held:
        route.continue_()
    page.unroute(re.compile(r".*/engine\.json$"))
    me.wait_engine()
    me._answered(1)
    assert me.message().startswith("ℹ Hint:"), me.message()
    page_guard.assert_clean()


def test_fallback_explains_itself_when_pyodide_cannot_load(page, page_guard, book_url,
                                                           artifacts_dir):
    page.route(re.compile(r".*/pyodide\.asm\.wasm$"), lambda route: route.abort())
    open_chapter(page, book_url, "tutorials/09-strategy")
    me = Learner(page)
    me.box.locator('.mtl-host[data-host="fallback"]').wait_for(timeout=ENGINE_TIMEOUT)
    note = me.box.locator(".mtl-host").inner_text()
    assert "could not start" in note and "Reload the page" in note
    said = me.play("12-5", "1")
    assert said.startswith("✓ Ana played 12-5") and "The computer's moves (" in said
    legal = [m for m in me.legal() if "@" in m]
    said = me.move(legal[0])
    assert "one move ahead only" in said
    me.box.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "book-play-fallback.png"))
    # the aborted wasm request is the only failure expected in the console
    page_guard.console_errors[:] = [e for e in page_guard.console_errors
                                    if "pyodide" not in e.lower() and "wasm" not in e.lower()
                                    and "ERR_FAILED" not in e]
    page_guard.assert_clean()


def test_fallback_when_the_page_is_opened_from_disk(page, book: Path):
    page.goto((book / "tutorials" / "09-strategy.html").as_uri(), wait_until="load")
    me = Learner(page)
    note = me.box.locator('.mtl-host[data-host="fallback"]')
    note.wait_for(timeout=20_000)
    said = note.inner_text()
    # learner words: what to do, no web-server command line (issue 29)
    assert "opened from a file" in said and "ask your teacher" in said, said
    assert '"mtlearn book"' in said and "http.server" not in said, said
    assert me.play("12-5", "1").startswith("✓ Ana played 12-5")


# ---------------------------------------------------------------- one truth, two hosts


def test_page_engine_answers_like_the_kernel_board(page, page_guard, book_url):
    open_chapter(page, book_url, "tutorials/09-strategy")
    me = Learner(page)
    me.wait_engine()
    spec = json.loads(page.evaluate(
        "el => document.getElementById(el.id + '-state').textContent",
        me.box.element_handle()))["session"]
    session = BoardSession.from_spec(spec)
    board = Board(Game.from_json(json.dumps(spec["game"])),
                  bots={int(k): v for k, v in spec["bots"].items()},
                  perspective=spec["perspective"], steps=(spec.get("steps") or {}).get("name"))
    assert board.view == session.view()
    opened = page.evaluate(
        """async (spec) => {
             const e = Object.values(window.__mtlearnEngines)[0];
             return await e.request({op: 'open', kind: 'board', spec});
           }""", spec)

    def both(intent: dict) -> dict:
        in_page = page.evaluate(
            """async ([sid, intent]) => {
                 const e = Object.values(window.__mtlearnEngines)[0];
                 return (await e.request({op: 'intent', session: sid, intent})).result;
               }""", [opened["session"], intent])
        board.send_intent(intent)
        kernel = {"view": board.view, "message": board.message, "review": board.review}
        assert json.dumps(in_page, sort_keys=True) == json.dumps(kernel, sort_keys=True), intent
        return in_page

    result = opened["result"]
    assert result["view"] == board.view
    sent = 0
    while not result["view"]["over"] and sent < 200:
        legal = [m["move"] for m in result["view"]["legal"]]
        plays = [m for m in legal if "@" in m]
        move = (plays or legal)[-1]
        result = both({"action": move} if move in ("draw", "pass")
                      else {"action": "move", "move": move})
        sent += 1
    assert result["view"]["over"]
    for intent in [{"action": "undo"}, {"action": "hint"}, {"action": "next_round"},
                   {"action": "new_game", "players": 5, "bots": 2, "seed": 3},
                   {"action": "new_match", "seed": 4}]:
        both(intent)
    # a malformed intent: the protocol's one refusal from both hosts, the same words
    refused = page.evaluate(
        """async ([sid, intent]) => {
             const e = Object.values(window.__mtlearnEngines)[0];
             try { await e.request({op: 'intent', session: sid, intent}); return null; }
             catch (err) { return err.refusal || String(err); }
           }""", [opened["session"], {"action": "fly"}])
    with pytest.raises(SessionError) as kernel:
        board.send_intent({"action": "fly"})
    assert refused == {"ok": False, "error": str(kernel.value)}
    page_guard.assert_clean()


# ---------------------------------------------------------------- the review of a round


def test_review_of_a_round_shows_a_mistake_and_the_retry(page, page_guard, book_url,
                                                         artifacts_dir):
    """Play a game: a round played with the last legal play each time, then Review my
    round (the engine in the page scores every decision; it leaves a choice unsettled in
    this deal), Look further (more work: it finds the mistake), the mistake shown with its
    words and its position, and Find a better move judged by the engine."""
    open_chapter(page, book_url, "tutorials/play")
    me = Learner(page)
    me.wait_engine()
    for _ in range(300):
        if me.box.locator(".mtl-match").count():
            break
        legal = me.legal()
        plays = [m for m in legal if "@" in m]
        me.move(plays[-1] if plays else legal[0])
    review = me.box.locator(".mtl-review")
    assert review.locator("h4").text_content() == "Review your round"
    before = me.answers()
    me.box.locator('button[data-key="review"]').click()
    assert "Reviewing your round" in review.inner_text() or me.answers() > before
    page.wait_for_function("([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
                           arg=[me.box.element_handle(), before], timeout=180_000)
    ms = float(me.box.get_attribute("data-answer-ms") or 0)
    print(f"\n[book] a round's review in the page: {ms / 1000:.1f} s")
    summary = review.locator(".mtl-review-summary").inner_text()
    assert "decisions reviewed" in summary, summary
    # this round's review leaves a choice unsettled: Look further weighs it with more work
    # and finds the mistake
    assert "could not settle" in summary, summary
    further = review.locator('button[data-key="review-further"]')
    further.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "book-play-review-further.png"), full_page=False)
    before = me.answers()
    further.click()
    assert "Looking further" in review.locator(".mtl-review-wait").inner_text()
    page.wait_for_function("([el, n]) => Number(el.getAttribute('data-answers') || 0) > n",
                           arg=[me.box.element_handle(), before], timeout=180_000)
    print(f"[book] Look further in the page: "
          f"{float(me.box.get_attribute('data-answer-ms') or 0) / 1000:.1f} s")
    again = review.locator(".mtl-review-summary").inner_text()
    assert "decisions reviewed" in again and again != summary, again
    assert review.locator('button[data-key="review-further"]').count() == 0
    assert review.locator(".mtl-review-wait").count() == 0
    assert review.locator(".mtl-review-mistake").count() == 1, again
    what = review.locator(".mtl-review-what").inner_text()
    assert what.startswith("You chose to ") and "points lost" in what
    assert not re.search(PATTERN, review.inner_text()), "no rule id on a learner's page"
    assert review.locator(".mtl-view .mtl-train").count() >= 5, "the position is drawn"
    review.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "book-play-review.png"), full_page=False)
    # the move played: still a mistake
    played_move = what  # the words name it; the buttons carry the notation
    buttons = review.locator(".mtl-review-retry button")
    assert buttons.count() >= 2
    keys = buttons.evaluate_all("els => els.map(el => el.getAttribute('data-key'))")
    before = me.answers()
    review.locator('button[data-key="review-show"]').click()
    better = review.locator(".mtl-review-better").inner_text()
    assert better.startswith("Better: ") and review.locator(".mtl-review-why").inner_text()
    for key in keys:
        label = review.locator(f'button[data-key="{key}"]').inner_text()
        before = me.answers()
        review.locator(f'button[data-key="{key}"]').click()
        me._answered(before)
        tried = review.locator(".mtl-review-tried")
        verdict = tried.get_attribute("data-verdict")
        assert verdict in ("best", "better", "close", "worse"), tried.inner_text()
        if label.lower() in better.lower():
            assert verdict == "best", (label, tried.inner_text())
        if label.lower() in played_move.lower():
            assert verdict == "worse", (label, tried.inner_text())
    page.screenshot(path=str(artifacts_dir / "book-play-review-retry.png"), full_page=False)
    # Save as a puzzle: the engine makes it and checks it, or says why not in plain words;
    # a saved one is kept in this browser for the trainer
    before = me.answers()
    review.locator('button[data-key="review-save"]').click()
    me._answered(before)
    saved = review.locator(".mtl-review-saved")
    said = saved.inner_text()
    assert not re.search(PATTERN, said), said
    if saved.get_attribute("data-saved") == "yes":
        kept = page.evaluate("() => JSON.parse(localStorage.getItem('mtlearn.trainer.own'))")
        assert len(kept) == 1 and kept[0]["id"].startswith("own-"), kept
    else:
        assert "cannot be saved" in said, said
    print(f"[book] save as a puzzle: {said}")
    page.screenshot(path=str(artifacts_dir / "book-play-review-save.png"), full_page=False)
    assert "Round 2 of 13 is dealt" in me.press("next_round")
    assert me.box.locator(".mtl-review").count() == 0
    page_guard.assert_clean()

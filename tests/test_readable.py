"""What a newcomer and a teacher meet on a board (issue 10), in headless Chromium.

Feedback in view after a click on a low train (desktop and phone sizes), readable tiles
(numbers, names, the pips-only setting), one step counter, "new" only on the tile just
laid, presenter mode (button, P, Esc, fits 1280x720 at 150 %), no key hint on touch
screens, axe-core on a standalone board and a standalone scenario page, and the
``mtlearn html`` / ``mtlearn list`` commands.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from npm_vendor import AXE_RUN, axe_source

import mtlearn
from mtlearn import Game
from mtlearn.cli import main
from mtlearn.content.scenario import get, load_text
from mtlearn.core.rule_words import rule_words
from mtlearn.hosts.pages import scenario_page
from mtlearn.jupyter.widgets import Board, ScenarioPlayer

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def page_with(*fragments: str) -> str:
    body = "\n".join(fragments)
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>mtlearn board</title></head><body><main>{body}</main></body></html>")


def open_html(page: Any, tmp_path: Path, html: str, name: str = "page.html") -> None:
    path = tmp_path / name
    path.write_text(html, encoding="utf-8")
    page.goto(path.as_uri())
    page.locator(".mtl-root").first.wait_for()


def four_player_board() -> Board:
    return Board(Game.new(["Ana", "Ben", "Cy", "Dee"], seed=3), show_legal=True)


def in_viewport(page: Any, locator: Any) -> dict[str, float]:
    return locator.evaluate("""el => { const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: innerHeight, width: innerWidth,
                left: r.left, right: r.right}; }""")


# ---------------------------------------------------------------- feedback in view


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_verdict_is_in_view_after_a_click_on_a_low_train(
    page, page_guard, tmp_path, artifacts_dir, size
):
    page.set_viewport_size(size)
    intro = "<h1>A board far down a page</h1>" + "<p>Text above the board.</p>" * 30
    open_html(page, tmp_path, page_with(intro, four_player_board().to_html()))
    board = page.locator(".mtl-board")
    # a tile whose only legal place is the Mexican train, tried on Dee's train (refused)
    board.locator(".mtl-tilebtn").first.click()
    low = board.locator('.mtl-train[data-train="4"] .mtl-target')
    low.scroll_into_view_if_needed()
    low.click()
    message = board.locator(".mtl-message")
    assert "Not allowed" in message.inner_text()
    box = in_viewport(page, message)
    assert 0 <= box["top"] and box["bottom"] <= box["height"], box
    assert message.get_attribute("aria-live") == "polite"
    # a legal move (the tile stays selected): the verdict says what happened, still in view
    board.locator('.mtl-train[data-train="M"] .mtl-target').click()
    assert "Ana played" in message.inner_text(), message.inner_text()
    box = in_viewport(page, message)
    assert 0 <= box["top"] and box["bottom"] <= box["height"], box
    page.screenshot(path=str(artifacts_dir / f"feedback-in-view-{size['width']}.png"))
    page_guard.assert_clean()


# ---------------------------------------------------------------- readable tiles


def test_tiles_show_their_numbers_and_names(page, page_guard, tmp_path):
    open_html(page, tmp_path, page_with(four_player_board().to_html()))
    board = page.locator(".mtl-board")
    button = board.locator(".mtl-tilebtn").first
    name = button.get_attribute("aria-label")
    assert button.locator(".mtl-num").inner_text() == name
    assert page.get_by_role("button", name=name, exact=True).count() == 1
    engine = board.locator('.mtl-engine [role="img"]')
    assert engine.get_attribute("aria-label") == "12-12"
    assert engine.locator(".mtl-num").is_visible()
    # "playable" is read by screen readers (it describes the tile button)
    tag = board.locator(".mtl-tag-legal").first
    assert tag.get_attribute("aria-hidden") is None
    tag_id = tag.get_attribute("id")
    described = board.locator(f'.mtl-tilebtn[aria-describedby="{tag_id}"]')
    assert described.count() == 1
    # the setting: pips only, remembered for every board of the page
    board.locator("summary", has_text="Legend and settings").click()
    board.locator(".mtl-numbers-toggle").uncheck()
    assert not engine.locator(".mtl-num").is_visible()
    assert button.get_attribute("aria-label") == name  # the name stays
    board.locator(".mtl-numbers-toggle").check()
    assert engine.locator(".mtl-num").is_visible()
    page_guard.assert_clean()


def test_one_counter_and_new_only_on_the_tile_just_laid(page, page_guard, tmp_path):
    open_html(page, tmp_path, page_with(ScenarioPlayer("going-out").to_html()))
    player = page.locator(".mtl-scenario")
    assert player.locator(".mtl-counter").inner_text() == "Step 1 of 4"
    assert player.locator(".mtl-step").count() == 0
    assert player.locator(".mtl-cue", has_text="new").count() == 0
    player.get_by_role("button", name="Last step").click()
    assert player.locator(".mtl-counter").inner_text() == "Step 4 of 4"
    news = player.locator(".mtl-hl", has=page.locator(".mtl-cue", has_text="▶ new"))
    assert news.count() == 1
    assert news.locator('[role="img"]').get_attribute("aria-label") == "7-3"
    assert news.evaluate("el => !!el.closest('.mtl-train[data-train=\"1\"]')")
    # the other highlighted tiles (left in hands) are marked, but not as new
    assert player.locator(".mtl-cue", has_text="▶ look").count() >= 4
    page_guard.assert_clean()


def test_key_hint_hidden_on_touch_screens(chromium, tmp_path):
    html = tmp_path / "p.html"
    html.write_text(page_with(ScenarioPlayer("going-out").to_html()), encoding="utf-8")
    for touch, visible in ((False, True), (True, False)):
        ctx = chromium.new_context(viewport=PHONE, has_touch=touch, is_mobile=touch)
        try:
            pg = ctx.new_page()
            pg.goto(html.as_uri())
            pg.locator(".mtl-root").wait_for()
            assert pg.locator(".mtl-keyhint").is_visible() is visible
        finally:
            ctx.close()


# ---------------------------------------------------------------- presenter mode


def test_presenter_mode_fits_720p_at_150_percent(chromium, tmp_path, artifacts_dir):
    html = tmp_path / "p.html"
    board = Board(Game.new(["Ana", "Ben", "Cy", "Dee"], seed=3))
    html.write_text(page_with("<p>before</p>", ScenarioPlayer("open-double-blocks-everyone").to_html(),
                              board.to_html()), encoding="utf-8")
    # 1280x720 at 150 % zoom: 853x480 CSS pixels, 1.5 device pixels each
    ctx = chromium.new_context(viewport={"width": 853, "height": 480}, device_scale_factor=1.5)
    try:
        pg = ctx.new_page()
        pg.goto(html.as_uri())
        player = pg.locator(".mtl-scenario")
        player.wait_for()
        player.get_by_role("button", name="Present (P)").click()
        assert pg.evaluate("document.querySelector('.mtl-presenting') !== null")
        root = pg.locator(".mtl-presenting")
        for step in range(3):
            size = root.evaluate("el => ({sh: el.scrollHeight, ch: el.clientHeight, "
                                 "sw: el.scrollWidth, cw: el.clientWidth, "
                                 "r: el.getBoundingClientRect().toJSON()})")
            assert size["sh"] <= size["ch"] + 1 and size["sw"] <= size["cw"] + 1, (step, size)
            assert size["r"]["width"] >= 850 and size["r"]["height"] >= 478, size
            if step == 0:
                pg.screenshot(path=str(artifacts_dir / "presenter-720p-150.png"))
            before = root.locator(".mtl-counter").inner_text()
            pg.keyboard.press("ArrowRight")
            assert root.locator(".mtl-counter").inner_text() != before
        pg.keyboard.press("ArrowLeft")
        assert root.locator(".mtl-counter").inner_text() == "Step 3 of 5"
        pg.keyboard.press("Escape")
        assert pg.locator(".mtl-presenting").count() == 0
        assert player.locator(".mtl-counter").inner_text() == "Step 3 of 5"
        # back in its place on the page, focus on the button that opened it
        assert player.evaluate("el => el.parentElement.classList.contains('mtl-mount')")
        assert pg.evaluate("document.activeElement.dataset.key") == "present"
        # P toggles it on the board too
        b = pg.locator(".mtl-board")
        b.locator(".mtl-tilebtn").first.focus()
        pg.keyboard.press("p")
        assert pg.locator(".mtl-board.mtl-presenting").count() == 1
        pg.screenshot(path=str(artifacts_dir / "presenter-board-720p-150.png"))
        pg.keyboard.press("Escape")
        assert pg.locator(".mtl-presenting").count() == 0
    finally:
        ctx.close()


# ---------------------------------------------------------------- accessibility


def run_axe(page: Any) -> list[dict[str, Any]]:
    page.add_script_tag(content=axe_source())
    return page.evaluate(AXE_RUN, None)


def test_axe_standalone_board_and_player(page, page_guard, tmp_path):
    game = Game.new(["Ana", "Ben", "Cy"], seed=2)
    open_html(page, tmp_path, page_with("<h1>Boards</h1>", Board(game, show_legal=True).to_html(),
                                        ScenarioPlayer("answer-the-double").to_html()))
    board = page.locator(".mtl-board")
    board.locator(".mtl-tilebtn").first.click()  # a selection, "Play … here" buttons
    board.locator("summary", has_text="Legend").click()
    violations = run_axe(page)
    assert violations == [], violations
    page_guard.assert_clean()


def test_axe_scenario_page_from_mtlearn_html(page, page_guard, tmp_path):
    open_html(page, tmp_path, scenario_page(get("marking-your-train")))
    violations = run_axe(page)
    assert violations == [], violations
    page.keyboard.press("Tab")
    page_guard.assert_clean()


# ---------------------------------------------------------------- the command line


def test_mtlearn_html_writes_a_standalone_page(page, page_guard, tmp_path):
    source = tmp_path / "mine.yaml"
    text = ((Path(mtlearn.__file__).parent / get("going-out").source).read_text(encoding="utf-8")
            .replace("id: going-out", "id: mine")
            .replace("title: Going out ends the round", "title: <b>Our</b> round"))
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "demo.html"
    assert main(["html", str(source), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "<b>Our</b>" not in html and "&lt;b&gt;Our&lt;/b&gt;" in html
    page.goto(out.as_uri())
    player = page.locator(".mtl-scenario")
    player.wait_for()
    assert page.locator("h1").inner_text() == "<b>Our</b> round"
    player.get_by_role("button", name="Last step").click()
    assert "round ends" in player.locator(".mtl-narration").inner_text()
    assert page.locator("#r-end-1").count() == 1
    page_guard.assert_clean()


def test_mtlearn_html_writes_a_puzzle_page_that_answers_offline(page, page_guard, tmp_path):
    """A teacher's own puzzle file becomes one page answered from the file (no engine, no
    server): the engine's refusal, the goal's words for a legal wrong answer, then right."""
    from puzzlekit import expect_feedback, play

    source = tmp_path / "mine.yaml"
    text = ((Path(mtlearn.__file__).parent / "puzzles" / "strategy" / "01-heaviest-tile.yaml")
            .read_text(encoding="utf-8")
            .replace("id: heaviest-tile-first", "id: mine")
            .replace("title: Shed the heavy tile", "title: <i>Our</i> puzzle"))
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "puzzle.html"
    assert main(["html", str(source), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "<i>Our</i>" not in html and "&lt;i&gt;Our&lt;/i&gt;" in html
    page.goto(out.as_uri())
    root = page.locator(".mtl-puzzle").first
    root.wait_for()
    assert page.locator("h1").inner_text() == "<i>Our</i> puzzle"
    play(root, "6-6", "1")
    expect_feedback(root, "illegal", "Not allowed", rule_words("R-TRAIN-2"))
    play(root, "9-1", "1")
    expect_feedback(root, "wrong", "legal, but 11-4 sheds 15 points")
    play(root, "11-4", "M")
    expect_feedback(root, "right", "Right!")
    page_guard.assert_clean()


def test_mtlearn_html_names_a_broken_file(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ntitle: x\n", encoding="utf-8")
    assert main(["html", str(bad), "-o", str(tmp_path / "x.html")]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml" in err
    assert not (tmp_path / "x.html").exists()
    assert load_text  # the loader that names line and field is the scenario module's


def test_mtlearn_list_into_a_closed_pipe_is_quiet():
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written, like `| head -0`
    try:
        proc = subprocess.run([sys.executable, "-m", "mtlearn.cli", "list"], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write)
    assert proc.returncode == 0
    assert proc.stderr == "", proc.stderr


# ---------------------------------------------------------------- addresses in one place


def test_addresses_come_from_one_place(monkeypatch, tmp_path):
    from mtlearn.core import links

    repo = Path(mtlearn.__file__).resolve().parent.parent
    for name in ("MTLEARN_RULES_URL", "MTLEARN_REPOSITORY", "MTLEARN_BOOK_URL"):
        monkeypatch.delenv(name, raising=False)
    # in a checkout, a notebook in tutorials/ links to the rules file JupyterLab can open
    assert links.rules_url(repo / "tutorials") == "../docs/rules.md"
    assert (repo / "tutorials" / links.rules_url(repo / "tutorials")).is_file()
    # [project.urls] names no repository and no book yet: no Binder link, no book link,
    # and elsewhere no rules page (a board shows the rule id without a link)
    assert links.project_urls() == {}
    assert links.repository() is None and links.binder_url() is None
    assert links.book_url() is None and links.rules_url(tmp_path) == ""
    # once named (here by the environment, as a fork would), each is used
    monkeypatch.setenv("MTLEARN_BOOK_URL", "https://school.example/book")
    assert links.rules_url(tmp_path) == "https://school.example/book/rules.html"
    monkeypatch.setenv("MTLEARN_RULES_URL", "../rules.html")
    assert links.rules_url(tmp_path) == "../rules.html"
    monkeypatch.setenv("MTLEARN_REPOSITORY", "https://github.com/school/fork/")
    monkeypatch.setenv("MTLEARN_BRANCH", "class")
    assert links.binder_url("tutorials/00-how-to-play.md") == (
        "https://mybinder.org/v2/gh/school/fork/class?urlpath=lab/tree/tutorials/00-how-to-play.md")
    monkeypatch.setenv("MTLEARN_REPOSITORY", "https://gitlab.com/x/y")
    with pytest.raises(ValueError, match="GitHub"):
        links.binder_url()
    # nothing else in the package or the book names the addresses
    for path in [*repo.joinpath("mtlearn").rglob("*.py"), repo / "docs" / "conf.py"]:
        if path.name == "links.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "github.com/mtlearn" not in text and "mybinder.org" not in text, path
